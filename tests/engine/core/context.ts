import { expect } from "vitest";
import { createContext, type Context } from "../../../src/engine/context";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { RefusalError, type Refusal } from "../../../src/engine/refusal";
import { flow } from "../../../src/engine/rulesets/flow";
import type { EncounterState } from "../../../src/engine/state";

/**
 * A handler's context over a small flow encounter, for testing core helpers directly: ana and bo
 * (party), orc (foes), each with flow's starting pools (5 AP, 2 RP, 2 FP).
 */
export function coreContext(): Context {
  return createContext(coreEncounter(), flow, new ScriptedDice([]));
}

/** The encounter coreContext works on: ana and bo (party), orc (foes), with flow's starting pools. */
export function coreEncounter(): EncounterState {
  return createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bo", side: "party", at: [0, 1] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
    },
    flow,
  );
}

/** The refusal `fn` throws (failing the test when it throws none or something else). */
export function refusalOf(fn: () => unknown): Refusal {
  try {
    fn();
  } catch (error) {
    if (error instanceof RefusalError) return error.refusal;
    throw error;
  }
  expect.fail("expected a refusal, but nothing was refused");
}
