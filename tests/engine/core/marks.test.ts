import { afterEach, describe, expect, it, vi } from "vitest";
import { engineChecks } from "../../../src/engine/context";
import { marked, type Mark } from "../../../src/engine/core/marks";
import { createEncounter } from "../../../src/engine/encounter";
import type { CombatantState, EncounterState } from "../../../src/engine/state";
import { coreTestRuleset } from "./fixture";

/**
 * Lists of marked combatants (core/marks.ts): a command asking "is anybody waiting for this?" reads
 * the ids kept under the mark's key instead of every combatant; a state saved before its ruleset
 * kept the list is answered by reading every combatant.
 */

/** A mark read from the combatant's tags: "ready" carries it. */
const READY: Mark = { key: "ready", has: (c: CombatantState) => c.tags.includes("ready") };

/** Ana and the orc are tagged ready, Bo is not; `kept` is the list under `ext.ready`, if any. */
function scene(kept?: string[]): EncounterState {
  const state = createEncounter(
    {
      ruleset: "flow",
      combatants: [
        { id: "ana", side: "party", tags: ["ready"] },
        { id: "bo", side: "party" },
        { id: "orc", side: "foes", tags: ["ready"] },
      ],
    },
    coreTestRuleset,
  );
  if (kept !== undefined) state.ext.ready = kept;
  return state;
}

describe("marked: the combatants that carry a mark", () => {
  afterEach(() => {
    engineChecks.reads = true;
    vi.restoreAllMocks();
  });

  it.each([true, false])(
    "without a kept list (a state saved before the ruleset kept it), lists those carrying the mark, in roster order (read check %s)",
    (reads) => {
      engineChecks.reads = reads;
      expect(marked(scene(), READY)).toEqual(["ana", "orc"]);
    },
  );

  it("with the read check off, answers the kept list as it is, reading no combatant", () => {
    engineChecks.reads = false;
    const has = vi.fn(READY.has);
    expect(marked(scene(["orc", "ana"]), { key: "ready", has })).toEqual(["orc", "ana"]);
    expect(has).not.toHaveBeenCalled();
  });

  it("with the read check on, takes a kept list in any order when it names exactly those carrying the mark", () => {
    expect(engineChecks.reads).toBe(true);
    expect(marked(scene(["orc", "ana"]), READY)).toEqual(["orc", "ana"]);
  });

  it.each([
    [["bo"], "bo"],
    [["ana"], "ana"],
    [[], ""],
  ])(
    "with the read check on, a kept list %j that disagrees with the combatants throws, naming both",
    (kept, listed) => {
      expect(engineChecks.reads).toBe(true);
      expect(() => marked(scene(kept), READY)).toThrow(
        new Error(`Tempo: ready lists ${listed} but ana,orc carry the mark`),
      );
    },
  );
});
