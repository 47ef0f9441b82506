/**
 * A scenario of tests/scenarios played through the engine, keeping every accepted command with its
 * events and the states before and after it: the fights the table's view models (issue 44) are
 * tested on are the rule texts' own.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import {
  apply,
  createEncounter,
  ScriptedDice,
  type Command,
  type EncounterState,
  type EngineEvent,
} from "../../src/engine";
import { loadScenario } from "../../src/scenario/load";

export interface PlayedStep {
  command: Command;
  events: EngineEvent[];
  before: EncounterState;
  after: EncounterState;
  /** The dice this command rolled, in order. */
  dice: number[];
}

export interface Played {
  initial: EncounterState;
  steps: PlayedStep[];
}

export function play(scenario: string): Played {
  const loaded = loadScenario(readFileSync(resolve(__dirname, "../scenarios", scenario), "utf8"));
  const values = [...loaded.dice];
  let used = 0;
  const dice = new ScriptedDice(values);
  const initial = createEncounter(loaded.setup, loaded.ruleset);
  let state = initial;
  const steps: PlayedStep[] = [];
  for (const step of loaded.steps) {
    const result = apply(state, step.command, dice, loaded.ruleset);
    const rolled = values.slice(used, dice.used);
    used = dice.used;
    if (!result.ok) continue;
    steps.push({
      command: step.command,
      events: [...result.events],
      before: state,
      after: result.state,
      dice: rolled,
    });
    state = result.state;
  }
  return { initial, steps };
}

/** The first accepted step matching `test`, and its place. */
export function stepWhere(played: Played, test: (s: PlayedStep) => boolean, from = 0): [PlayedStep, number] {
  const at = played.steps.findIndex((s, i) => i >= from && test(s));
  const found = played.steps[at];
  if (!found) throw new Error("no such step in the scenario");
  return [found, at];
}
