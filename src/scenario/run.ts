import { apply } from "../engine/apply";
import { createEncounter, SetupError } from "../engine/encounter";
import { DiceExhausted, DieOutOfRange, ScriptedDice } from "../engine/dice";
import { checkExpectations } from "./expect";
import { loadScenario, ScenarioError } from "./load";

export interface ScenarioResult {
  name: string;
  passed: boolean;
  /** What went wrong, each naming the step, the expectation and the actual value. */
  failures: string[];
}

/** The last part of a refusal's localisation key. */
function refusalName(key: string): string {
  return key.slice(key.lastIndexOf(".") + 1);
}

/** Run one scenario's text from start to end; never throws for a scenario's own faults. */
export function runScenario(text: string): ScenarioResult {
  let name = "(unnamed)";
  try {
    const scenario = loadScenario(text);
    name = scenario.name;
    const dice = new ScriptedDice(scenario.dice);
    let state = createEncounter(scenario.setup, scenario.ruleset);
    for (const step of scenario.steps) {
      const label = `step ${step.index + 1} (${step.verb})`;
      let result;
      try {
        result = apply(state, step.command, dice, scenario.ruleset);
      } catch (error) {
        if (error instanceof DiceExhausted)
          return {
            name,
            passed: false,
            failures: [`${label}: the engine wanted a d${error.faces} but the scenario's dice are used up`],
          };
        if (error instanceof DieOutOfRange)
          return {
            name,
            passed: false,
            failures: [
              `${label}: dice value ${error.value} cannot come from the d${error.faces} the engine rolled`,
            ],
          };
        throw error;
      }
      if (step.rejects !== false && result.ok)
        return {
          name,
          passed: false,
          failures: [`${label}: expected the rules to refuse it, but it was accepted`],
        };
      // A named refusal is the last part of its localisation key (NotYourTurn for TEMPO.Refusal.NotYourTurn).
      if (typeof step.rejects === "string" && !result.ok && refusalName(result.refusal.key) !== step.rejects)
        return {
          name,
          passed: false,
          failures: [
            `${label}: expected the refusal ${step.rejects}, got ${result.refusal.key} ${JSON.stringify(result.refusal.data)}`,
          ],
        };
      if (step.rejects === false && !result.ok)
        return {
          name,
          passed: false,
          failures: [`${label}: refused (${result.refusal.key} ${JSON.stringify(result.refusal.data)})`],
        };
      state = result.state;
      if (step.expect) {
        const problems = checkExpectations(state, step.expect);
        if (problems.length > 0)
          return { name, passed: false, failures: problems.map((p) => `${label}: ${p}`) };
      }
    }
    if (dice.remaining > 0)
      return {
        name,
        passed: false,
        failures: [
          `${dice.remaining} dice value(s) left over: the engine rolled fewer dice than the scenario gives`,
        ],
      };
    return { name, passed: true, failures: [] };
  } catch (error) {
    if (error instanceof ScenarioError || error instanceof SetupError)
      return { name, passed: false, failures: [error.message] };
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { name, passed: false, failures: [`engine error: ${message}`] };
  }
}
