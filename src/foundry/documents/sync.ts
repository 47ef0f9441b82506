/**
 * From engine state to Foundry documents, and back through the command log: plain functions, so
 * the rules about what a command writes are tested without Foundry.
 *
 * What a Combat holds (CombatModel): `state` (the engine's EncounterState), `initial` (the state
 * before `start`), `log` (every accepted command with the dice it used), `last` (the commands of
 * the latest write and their events, announced by every client), and `seq` (accepted commands).
 * Foundry's own `round`, `turn` and each combatant's `initiative` mirror the state so Foundry's
 * tracker, turn markers and other modules keep working.
 */
import {
  RULESET_IDS,
  ScriptedDice,
  apply,
  getRuleset,
  type Command,
  type EncounterState,
  type EngineEvent,
  type Refusal,
} from "../../engine";

/** One accepted command: what was asked, the dice it used, who asked, and the request it answered. */
export interface LogEntry {
  command: Command;
  dice: number[];
  userId: string | null;
  /** The id of the player's request that carried it, so a retried request is not applied twice. */
  requestId?: string;
}

/** The latest write's commands with their events, for every client to announce. */
export interface LastWrite {
  seq: number;
  entries: { command: Command; events: EngineEvent[]; userId: string | null }[];
  /** Set when the write went back in time (previousTurn/previousRound) instead of applying. */
  rewound: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A stored state is one the engine can read: the shape's keys are there with their types. */
export function isEncounterState(value: unknown): value is EncounterState {
  if (!isRecord(value)) return false;
  return (
    value["version"] === 1 &&
    typeof value["ruleset"] === "string" &&
    (RULESET_IDS as readonly string[]).includes(value["ruleset"]) &&
    typeof value["round"] === "number" &&
    Array.isArray(value["order"]) &&
    Array.isArray(value["roster"]) &&
    Array.isArray(value["offers"]) &&
    Array.isArray(value["pending"]) &&
    isRecord(value["combatants"]) &&
    (value["status"] === "setup" || value["status"] === "active" || value["status"] === "ended")
  );
}

export function isLogEntry(value: unknown): value is LogEntry {
  return (
    isRecord(value) &&
    isRecord(value["command"]) &&
    typeof value["command"]["type"] === "string" &&
    Array.isArray(value["dice"]) &&
    value["dice"].every((d) => typeof d === "number")
  );
}

/** The stored log, or [] where it is missing; a malformed entry makes the whole log unusable (null). */
export function readLog(stored: unknown): LogEntry[] | null {
  if (stored === null || stored === undefined) return [];
  const value = parsedJson(stored);
  if (!Array.isArray(value)) return null;
  return value.every(isLogEntry) ? value : null;
}

/**
 * Foundry's turn order for a combat: the engine's `order` first, then the rest of its roster
 * (defeated, or not acting in this phase or stage), then ids the engine does not know, each group
 * in the order given.
 */
export function turnOrder(state: EncounterState | null, ids: readonly string[]): string[] {
  if (!state) return [...ids];
  const known = new Set(ids);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const id of [...state.order, ...state.roster, ...ids]) {
    if (!known.has(id) || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** Sort key for `_sortCombatants`: lower acts earlier. */
export function turnRank(state: EncounterState | null, id: string): number {
  if (!state) return Number.MAX_SAFE_INTEGER;
  const inOrder = state.order.indexOf(id);
  if (inOrder >= 0) return inOrder;
  const inRoster = state.roster.indexOf(id);
  return inRoster >= 0 ? state.order.length + inRoster : Number.MAX_SAFE_INTEGER;
}

/** Foundry's `turn`: the index of the engine's current combatant in the turn order, or null between turns. */
export function turnIndex(state: EncounterState, ids: readonly string[]): number | null {
  if (state.current === null) return null;
  const index = turnOrder(state, ids).indexOf(state.current);
  return index >= 0 ? index : null;
}

/** Combatant initiative updates that bring Foundry's values in step with the engine's. */
export function initiativeUpdates(
  state: EncounterState,
  combatants: readonly { id: string; initiative: number | null }[],
): { _id: string; initiative: number | null }[] {
  const updates: { _id: string; initiative: number | null }[] = [];
  for (const c of combatants) {
    const engine = state.combatants[c.id];
    if (!engine) continue;
    if (engine.initiative !== c.initiative) updates.push({ _id: c.id, initiative: engine.initiative });
  }
  return updates;
}

/** The update a Combat gets after commands were accepted: state, log, announcement, round and turn. */
export interface CombatWrite {
  round: number;
  turn: number | null;
  system: {
    ruleset: EncounterState["ruleset"];
    state: EncounterState;
    initial: EncounterState;
    log: LogEntry[];
    last: LastWrite;
    seq: number;
  };
}

export function combatWrite(
  state: EncounterState,
  initial: EncounterState,
  log: readonly LogEntry[],
  last: Omit<LastWrite, "seq">,
  seq: number,
  ids: readonly string[],
): CombatWrite {
  return {
    round: state.round,
    turn: turnIndex(state, ids),
    system: { ruleset: state.ruleset, state, initial, log: [...log], last: { ...last, seq }, seq },
  };
}

/** A stored JSON value: Foundry's JSONField gives it parsed, but a raw string is read as well. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The document update for a write: JSONField values as JSON text, so the stored copy is replaced
 * whole (see CombatModel).
 */
export function combatUpdateData(write: CombatWrite) {
  const { system } = write;
  return {
    round: write.round,
    turn: write.turn,
    system: {
      ruleset: system.ruleset,
      state: JSON.stringify(system.state),
      initial: JSON.stringify(system.initial),
      log: JSON.stringify(system.log),
      last: JSON.stringify(system.last),
      seq: system.seq,
    },
  };
}

/** What changes at a turn or a round boundary; comparing these tells where a turn began. */
function turnMark(state: EncounterState): string {
  return JSON.stringify([state.round, state.phase, state.segment, state.stage, state.current]);
}

export interface Rewind {
  /** How many log entries to keep. */
  keep: number;
  state: EncounterState;
}

/**
 * Going back a turn or a round: replay the log from the initial state without the last command
 * that changed the turn (or the round) and without anything after it. The engine is
 * deterministic and each entry keeps its dice, so the replay gives exactly the state the table
 * had before that command. The first command (`start`) is never undone: null when there is
 * nothing to go back to.
 */
export function rewind(
  initial: EncounterState,
  log: readonly LogEntry[],
  to: "turn" | "round",
): Rewind | null {
  const ruleset = getRuleset(initial.ruleset);
  const states: EncounterState[] = [initial];
  let state = initial;
  for (const entry of log) {
    const result = apply(state, entry.command, new ScriptedDice(entry.dice), ruleset);
    if (!result.ok)
      throw new Error(
        `Tempo: the combat log does not replay (${result.refusal.key} at "${entry.command.type}")`,
      );
    state = result.state;
    states.push(state);
  }
  for (let i = log.length - 1; i >= 1; i -= 1) {
    const before = states[i];
    const after = states[i + 1];
    if (!before || !after) continue;
    const changed = to === "round" ? before.round !== after.round : turnMark(before) !== turnMark(after);
    if (changed) return { keep: i, state: before };
  }
  return null;
}

/**
 * The commands that take a combatant deleted in Foundry out of the encounter: its removal, with
 * its turn ended first if it is the current combatant (the engine refuses to remove the current
 * combatant, which would leave its turn open).
 */
export function removalCommands(state: EncounterState, who: string): Command[] {
  const remove: Command = { type: "removeCombatant", who };
  return state.status === "active" && state.current === who ? [{ type: "endTurn", who }, remove] : [remove];
}

/** A user as the permission check needs it. */
export interface Asker {
  isGM: boolean;
}

/** Commands only a GM gives: the table's structure and the GM's adjustments. */
export const GM_COMMANDS: readonly Command["type"][] = [
  "start",
  "next",
  "apply",
  "removeCondition",
  "adjustPool",
  "setOption",
  "setDefeated",
  "addCombatant",
  "removeCombatant",
  "place",
  "setCombatant",
  "end",
];

/**
 * May this user give this command? A GM may give any; a player only commands combatants whose
 * actor they own, and never the GM's commands. `owns(id)` answers for a combatant id; `name(id)`
 * names it in the refusal.
 */
export function permission(
  command: Command,
  user: Asker,
  owns: (combatantId: string) => boolean,
  name: (combatantId: string) => string,
): Refusal | null {
  if (user.isGM) return null;
  if (GM_COMMANDS.includes(command.type))
    return { key: "TEMPO.Refusal.GMOnly", data: { command: command.type } };
  if ("who" in command && !owns(command.who)) {
    return { key: "TEMPO.Refusal.NotYourCombatant", data: { who: name(command.who) } };
  }
  return null;
}
