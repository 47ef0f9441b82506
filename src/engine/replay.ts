import { apply } from "./apply";
import type { Command } from "./commands";
import type { DicePort } from "./dice";
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
