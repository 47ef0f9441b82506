import { apply } from "./apply";
import type { Command } from "./commands";
import { ScriptedDice, type DicePort } from "./dice";
import type { EngineEvent } from "./events";
import type { Refusal } from "./refusal";
import { getRuleset } from "./registry";
import { combatantList, combatantsById } from "./record";
import type { CombatantState, EncounterState } from "./state";

export interface LogEntry {
  command: Command;
  refusal: Refusal | null;
  events: EngineEvent[];
}

/** Run a list of commands from a state: the same commands and dice give the same state. */
export function replay(
  initial: EncounterState,
  commands: readonly Command[],
  dice: DicePort,
): { state: EncounterState; log: LogEntry[] } {
  const ruleset = getRuleset(initial.ruleset);
  let state = initial;
  const log: LogEntry[] = [];
  for (const command of commands) {
    const result = apply(state, command, dice, ruleset);
    if (result.ok) {
      state = result.state;
      log.push({ command, refusal: null, events: result.events });
    } else {
      log.push({ command, refusal: result.refusal, events: [] });
    }
  }
  return { state, log };
}

/** One accepted command of a log with the dice it used, as a host records it. */
export interface Step {
  command: Command;
  dice: readonly number[];
}

/** How many steps lie between two checkpoints: a state is replayed from at most this many back. */
export const CHECKPOINT_EVERY = 8;

/** Where the turn stands: two states with different marks lie on either side of a turn's start. */
export function turnMark(state: EncounterState): string {
  return JSON.stringify([state.round, state.phase, state.segment, state.stage, state.current]);
}

/**
 * A log's states, kept so that going back replays from the nearest checkpoint rather than from the
 * start: the state after every `every`-th step (the initial state is the first), and where the
 * turn and the round stood after each step. Apply shares every part a command leaves alone with
 * the state before it, so a checkpoint costs only what changed since the one before. States kept
 * here are never changed (apply never writes to the state it is given).
 */
export class Checkpoints {
  /** states[j]: the state after j * every steps. */
  private readonly states: EncounterState[];
  /** marks[i] and rounds[i]: the turn mark and the round after i steps. */
  private readonly marks: string[];
  private readonly rounds: number[];

  constructor(
    initial: EncounterState,
    readonly every: number = CHECKPOINT_EVERY,
  ) {
    if (!Number.isInteger(every) || every < 1) throw new RangeError(`checkpoint interval ${every}`);
    this.states = [initial];
    this.marks = [turnMark(initial)];
    this.rounds = [initial.round];
  }

  /** How many steps are recorded. */
  get length(): number {
    return this.marks.length - 1;
  }

  /** Record the state after one more step. */
  push(state: EncounterState): void {
    this.marks.push(turnMark(state));
    this.rounds.push(state.round);
    if (this.length % this.every === 0) this.states.push(state);
  }

  /** Forget every step after the first `steps` (a rewind kept only those). */
  truncate(steps: number): void {
    if (steps >= this.length) return;
    const keep = Math.max(0, steps);
    this.marks.length = keep + 1;
    this.rounds.length = keep + 1;
    this.states.length = Math.floor(keep / this.every) + 1;
  }

  /**
   * The state after the first `n` steps of `steps` (the log these checkpoints were recorded
   * from): the nearest checkpoint at or before n, then the steps after it replayed with their
   * dice. Throws if a step is refused: the log is not the one recorded.
   */
  stateAt(steps: readonly Step[], n: number): EncounterState {
    if (!Number.isInteger(n) || n < 0 || n > this.length || n > steps.length)
      throw new RangeError(`no state after ${n} of ${this.length} steps`);
    const j = Math.floor(n / this.every);
    let state = this.states[j] as EncounterState;
    const ruleset = getRuleset(state.ruleset);
    for (let i = j * this.every; i < n; i += 1) {
      const step = steps[i] as Step;
      const result = apply(state, step.command, new ScriptedDice(step.dice), ruleset);
      if (!result.ok)
        throw new Error(
          `Tempo: the log does not replay (${result.refusal.key} at step ${i}, "${step.command.type}")`,
        );
      state = result.state;
    }
    return state;
  }

  /**
   * The last step, not the first, that started a new turn (or round): the largest i >= 1 whose
   * state before (after i steps) and after (after i + 1) differ in turn mark (or round); null if
   * none. The first step (`start`) is never one; where the steps begin after the start (a log
   * kept from a checkpoint), `first` is 0.
   */
  lastChange(to: "turn" | "round", first = 1): number | null {
    const marks = to === "round" ? this.rounds : this.marks;
    for (let i = this.length - 1; i >= first; i -= 1) if (marks[i] !== marks[i + 1]) return i;
    return null;
  }
}

/** Checkpoints for a whole log, by replaying it from the initial state (throws if a step is refused). */
export function checkpointLog(
  initial: EncounterState,
  steps: readonly Step[],
  every: number = CHECKPOINT_EVERY,
): { checkpoints: Checkpoints; state: EncounterState } {
  const checkpoints = new Checkpoints(initial, every);
  const ruleset = getRuleset(initial.ruleset);
  let state = initial;
  steps.forEach((step, i) => {
    const result = apply(state, step.command, new ScriptedDice(step.dice), ruleset);
    if (!result.ok)
      throw new Error(
        `Tempo: the log does not replay (${result.refusal.key} at step ${i}, "${step.command.type}")`,
      );
    state = result.state;
    checkpoints.push(state);
  });
  return { checkpoints, state };
}

/**
 * The reverse of one step, kept with the step so that going back needs no replay: the JSON text
 * each changed piece of the state had before the step, null for a piece the step created (to be
 * deleted). A state's pieces are its top-level fields but `combatants` (`state`) and its
 * combatants by id (`combatants`), the pieces a host stores apart. Apply shares every piece a
 * command leaves alone with the state before it, so a piece is compared by identity and the
 * patch holds what the step changed, no more.
 */
export interface ReversePatch {
  state: Record<string, string | null>;
  combatants: Record<string, string | null>;
}

function piecesBack(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
  skip: string | null,
): Record<string, string | null> {
  const back: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(after)) {
    if (key === skip || value === undefined) continue;
    const was = Object.hasOwn(before, key) ? before[key] : undefined;
    if (was === value) continue;
    back[key] = was === undefined ? null : JSON.stringify(was);
  }
  for (const [key, was] of Object.entries(before)) {
    if (key === skip || was === undefined) continue;
    if (!Object.hasOwn(after, key) || after[key] === undefined) back[key] = JSON.stringify(was);
  }
  return back;
}

/**
 * The combatants' pieces of the reverse patch, by id. Where the roster is the same (nobody joined
 * or left) the lists hold the same ids at the same places and are compared place by place; else
 * by id.
 */
function combatantsBack(before: EncounterState, after: EncounterState): Record<string, string | null> {
  const was = before.combatants;
  const now = after.combatants;
  if (was === now) return {};
  if (before.roster !== after.roster || was.length !== now.length)
    return piecesBack(combatantsById(before), combatantsById(after), null);
  const back: Record<string, string | null> = {};
  for (let i = 0; i < now.length; i += 1) {
    const c = now[i] as CombatantState;
    const old = was[i] as CombatantState;
    if (old === c) continue;
    if (old.id !== c.id) return piecesBack(combatantsById(before), combatantsById(after), null);
    back[c.id] = JSON.stringify(old);
  }
  return back;
}

/** The reverse patch of the step that took `before` to `after`. */
export function reversePatch(before: EncounterState, after: EncounterState): ReversePatch {
  return {
    state: piecesBack(
      before as unknown as Record<string, unknown>,
      after as unknown as Record<string, unknown>,
      "combatants",
    ),
    combatants: combatantsBack(before, after),
  };
}

/**
 * The state `patches.length - keep` steps back from `state`, the state after the last of
 * `patches` (patches[i]: the reverse of step i): the reverse patches of steps keep … last applied
 * in turn, each piece parsed once (from the earliest of those steps that changed it). Pieces no
 * step changed stay the very objects of `state`. Undefined if one of those steps has no patch.
 */
export function stateBack(
  state: EncounterState,
  patches: readonly (ReversePatch | undefined)[],
  keep: number,
): EncounterState | undefined {
  if (!Number.isInteger(keep) || keep < 0 || keep > patches.length)
    throw new RangeError(`no state after ${keep} of ${patches.length} steps`);
  const top = new Map<string, string | null>();
  const combatants = new Map<string, string | null>();
  for (let i = patches.length - 1; i >= keep; i -= 1) {
    const patch = patches[i];
    if (!patch) return undefined;
    for (const [key, text] of Object.entries(patch.state)) top.set(key, text);
    for (const [key, text] of Object.entries(patch.combatants)) combatants.set(key, text);
  }
  if (top.size === 0 && combatants.size === 0) return state;
  const back: Record<string, unknown> = { ...state };
  for (const [key, text] of top) {
    if (text === null) delete back[key];
    else back[key] = JSON.parse(text) as unknown;
  }
  // The combatants in the roster of the state gone back to, each the very object of `state`
  // unless a patch changed it.
  const roster = back["roster"] as string[];
  if (combatants.size > 0 || roster !== state.roster) {
    const pieces: Record<string, CombatantState | undefined> = combatantsById(state);
    for (const [key, text] of combatants) {
      if (text === null) delete pieces[key];
      else pieces[key] = JSON.parse(text) as CombatantState;
    }
    back["combatants"] = combatantList(roster, pieces);
  }
  return back as unknown as EncounterState;
}

/** The state fields turnMark reads, in its order. */
const TURN_FIELDS = ["round", "phase", "segment", "stage", "current"] as const;

/**
 * lastChange (Checkpoints) read from the reverse patches instead of recorded marks: walking back
 * from `state` (the state after the last step), the largest i >= 1 whose state before and after
 * step i differ in turn mark (or round); null if none. Undefined if a step it has to look past
 * has no patch. `first` as in Checkpoints#lastChange (0 for steps kept from a checkpoint).
 */
export function lastChangeBack(
  state: EncounterState,
  patches: readonly (ReversePatch | undefined)[],
  to: "turn" | "round",
  first = 1,
): number | null | undefined {
  const fields = to === "round" ? (["round"] as const) : TURN_FIELDS;
  // A field's text as turnMark sees it: a missing field reads as null.
  const mark = new Map<string, string>();
  for (const field of fields) mark.set(field, JSON.stringify(state[field] ?? null));
  for (let i = patches.length - 1; i >= first; i -= 1) {
    const patch = patches[i];
    if (!patch) return undefined;
    let changed = false;
    for (const field of fields) {
      if (!Object.hasOwn(patch.state, field)) continue;
      const text = patch.state[field] ?? "null";
      if (text !== mark.get(field)) changed = true;
      mark.set(field, text);
    }
    if (changed) return i;
  }
  return null;
}
