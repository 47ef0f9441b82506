/**
 * Undo of a move (Foundry's movement history, method "undo"): whether the engine may take the
 * move back, and the state the log is rewound to. The query is table/movement/undo.ts.
 */
import {
  ScriptedDice,
  apply,
  getRuleset,
  stateBack,
  type Checkpoints,
  type EncounterState,
  type Refusal,
} from "../../engine";
import type { LogEntry } from "../store/log";

// ---------------------------------------------------------------------------------------------
// Undo
// ---------------------------------------------------------------------------------------------

export type UndoResult = { ok: true; keep: number; state: EncounterState } | { ok: false; refusal: Refusal };

/**
 * Whether a token's last move may be undone (Foundry's movement history): refused while any
 * reaction offer is open (its prompts are out); otherwise allowed when the log ends with that
 * combatant's `move`, followed by nothing but declines, and no die was rolled for it (a Tumble's
 * check). `keep`: the log entries before the move. Once a reaction was taken against the move (or
 * anything else happened), the move stands, so a reaction is never undone and taken twice. No
 * replay: a client checks this before asking the GM. `by`: the player asking, who undoes only a
 * move logged under its own user id (not one the GM made for its character); null for a GM, who
 * undoes anything.
 */
export function undoCheck(
  log: readonly LogEntry[],
  who: string,
  current: EncounterState | null,
  by: string | null = null,
): { ok: true; keep: number } | { ok: false; refusal: Refusal } {
  // Issue 12: a held move's prompts are out; taking the move back under them would leave a
  // reactor answering something that is gone. Undo waits until every offer is answered.
  if (current && current.offers.length > 0) return { ok: false, refusal: undoRefusal("OffersOpen") };
  let at = log.length - 1;
  while (at >= 0) {
    const entry = log[at];
    if (!entry || entry.command.type !== "react") break;
    if (entry.command.with !== "decline") return { ok: false, refusal: undoRefusal("ReactionTaken") };
    at -= 1;
  }
  const move = log[at];
  if (!move || move.command.type !== "move" || move.command.who !== who)
    return { ok: false, refusal: undoRefusal("NotLastMove") };
  if (by !== null && move.userId !== by) return { ok: false, refusal: undoRefusal("NotYours") };
  if (move.dice.length > 0) return { ok: false, refusal: undoRefusal("Rolled") };
  return { ok: true, keep: at };
}

/**
 * Undoing a token's last move, where undoCheck allows it: the log without the move and what
 * followed it (the AP come back and the offers it drew are gone). The state is found from the
 * current one and the entries' reverse patches when `current` is the stored state and they have
 * them (no replay); else replayed from the nearest of the writer's checkpoints when given (asked
 * for only then), else from the initial state.
 */
export function undoMove(
  initial: EncounterState,
  log: readonly LogEntry[],
  who: string,
  current: EncounterState | null,
  checkpoints?: () => Checkpoints,
  by: string | null = null,
): UndoResult {
  const allowed = undoCheck(log, who, current, by);
  if (!allowed.ok) return allowed;
  const at = allowed.keep;
  const patched = current
    ? stateBack(
        current,
        log.map((e) => e.undo),
        at,
      )
    : undefined;
  if (patched) return { ok: true, keep: at, state: patched };
  if (checkpoints) return { ok: true, keep: at, state: checkpoints().stateAt(log, at) };
  const ruleset = getRuleset(initial.ruleset);
  let state = initial;
  for (const entry of log.slice(0, at)) {
    const result = apply(state, entry.command, new ScriptedDice(entry.dice), ruleset);
    if (!result.ok) return { ok: false, refusal: result.refusal };
    state = result.state;
  }
  return { ok: true, keep: at, state };
}

const UNDO_REFUSED = {
  OffersOpen: "TEMPO.Movement.Undo.OffersOpen",
  ReactionTaken: "TEMPO.Movement.Undo.ReactionTaken",
  NotLastMove: "TEMPO.Movement.Undo.NotLastMove",
  Rolled: "TEMPO.Movement.Undo.Rolled",
  NotYours: "TEMPO.Movement.Undo.NotYours",
} as const;

function undoRefusal(key: keyof typeof UNDO_REFUSED): Refusal {
  return { key: UNDO_REFUSED[key], data: {} };
}
