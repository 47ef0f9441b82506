import { apply } from "./apply";
import type { Command } from "./commands";
import { ScriptedDice, type DicePort } from "./dice";
import type { EngineEvent } from "./events";
import type { Refusal } from "./refusal";
import { getRuleset } from "./registry";
import type { EncounterState } from "./state";

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
   * none. The first step (`start`) is never one.
   */
  lastChange(to: "turn" | "round"): number | null {
    const marks = to === "round" ? this.rounds : this.marks;
    for (let i = this.length - 1; i >= 1; i -= 1) if (marks[i] !== marks[i + 1]) return i;
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
