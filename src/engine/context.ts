import { DicePortError, DieOutOfRange, type DicePort } from "./dice";
import type { EngineEvent } from "./events";
import type { Ruleset } from "./ruleset";
import type { EncounterState } from "./state";

/**
 * What a command handler works with: a draft of the state it may change freely (apply makes it
 * with structural sharing and throws it away on a refusal), the dice port, and the event list.
 */
export interface Context {
  readonly state: EncounterState;
  readonly ruleset: Ruleset;
  readonly events: EngineEvent[];
  emit(event: EngineEvent): void;
  /** Roll one die through the port and report it as a diceRolled event. */
  roll(faces: number, purpose: string, who?: string): number;
  /** A new id for an offer or a pending trigger; counted in state so replays match. */
  nextId(prefix: string): string;
}

export function createContext(state: EncounterState, ruleset: Ruleset, dice: DicePort): Context {
  const events: EngineEvent[] = [];
  return {
    state,
    ruleset,
    events,
    emit(event) {
      events.push(event);
    },
    roll(faces, purpose, who) {
      let result: number;
      try {
        result = dice.roll(faces);
      } catch (error) {
        throw new DicePortError(error);
      }
      // A port that answers what no die shows would put NaN or 0 into the state: the host's fault.
      if (!Number.isInteger(result) || result < 1 || result > faces)
        throw new DicePortError(new DieOutOfRange(faces, result));
      events.push({ type: "diceRolled", faces, result, purpose, ...(who === undefined ? {} : { who }) });
      return result;
    },
    nextId(prefix) {
      state.seq += 1;
      return `${prefix}${state.seq}`;
    },
  };
}

/**
 * A context for checks that change nothing: a ruler preview runs a handler's checks with it.
 * Emitting, rolling or taking an id would mean the check changes something, which is a bug.
 */
export function readOnlyContext(state: EncounterState, ruleset: Ruleset): Context {
  const changes = (what: string) => (): never => {
    throw new Error(`Tempo: a read-only check tried to ${what}`);
  };
  return {
    state,
    ruleset,
    events: [],
    emit: changes("emit an event"),
    roll: changes("roll a die"),
    nextId: changes("take an id"),
  };
}
