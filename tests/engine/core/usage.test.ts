import { create } from "mutative";
import { describe, expect, it } from "vitest";
import { createContext } from "../../../src/engine/context";
import { draftOf } from "../../../src/engine/core/combatants";
import { clearAllUsage, clearUsage, markUsed, usedCount } from "../../../src/engine/core/usage";
import { ScriptedDice } from "../../../src/engine/dice";
import { flow } from "../../../src/engine/rulesets/flow";
import type { EncounterState } from "../../../src/engine/state";
import { coreEncounter } from "./context";
import { combatantIn } from "../../../src/engine/record";

/**
 * Limited things ("once per round", "maximum 2 AP of movement per turn" in flow, a seize per turn
 * in marching) are counters keyed "<scope>:<thing>", forgotten when their scope ends.
 */

/** `change` run inside a command's draft, as apply runs a handler (structural sharing). */
function inCommand(base: EncounterState, change: (draft: EncounterState) => void): EncounterState {
  const produce = create as unknown as (b: EncounterState, r: (d: EncounterState) => void) => EncounterState;
  return produce(base, (draft) => {
    createContext(draft, flow, new ScriptedDice([]), base);
    change(draft);
  });
}

describe("usage counters", () => {
  it("count per scope and thing, from zero", () => {
    const ana = combatantIn(coreEncounter(), "ana")!;
    expect(usedCount(ana, "round", "takeStep")).toBe(0);
    markUsed(ana, "round", "takeStep");
    markUsed(ana, "turn", "moveHexes", 4);
    markUsed(ana, "turn", "moveHexes", 2);
    expect(usedCount(ana, "round", "takeStep")).toBe(1);
    expect(usedCount(ana, "turn", "moveHexes")).toBe(6);
    expect(usedCount(ana, "turn", "takeStep")).toBe(0);
    expect(ana.usage).toEqual({ "round:takeStep": 1, "turn:moveHexes": 6 });
  });

  it("clearUsage forgets the counters of its scope and keeps the others", () => {
    const ana = combatantIn(coreEncounter(), "ana")!;
    ana.usage = { "turn:moveAp": 1, "turn:moveHexes": 6, "round:takeStep": 1, "phase:turnover": 2 };
    clearUsage(ana, "turn");
    expect(ana.usage).toEqual({ "round:takeStep": 1, "phase:turnover": 2 });
    clearUsage(ana, "round");
    expect(ana.usage).toEqual({ "phase:turnover": 2 });
  });

  it("a scope is matched by its whole prefix: a thing that merely starts with the scope's name stays", () => {
    const ana = combatantIn(coreEncounter(), "ana")!;
    ana.usage = { "turnover:x": 1, "turn:x": 1 };
    clearUsage(ana, "turn");
    expect(ana.usage).toEqual({ "turnover:x": 1 });
  });

  it("inside a command, clearing a scope with no counter writes nothing: the state comes back as it was", () => {
    const base = coreEncounter();
    combatantIn(base, "ana")!.usage = { "round:takeStep": 1 };
    const next = inCommand(base, (draft) => clearUsage(draftOf(draft, "ana")!, "turn"));
    expect(next).toBe(base);
  });

  it("inside a command, clearing changes the one combatant and shares every other part of the state", () => {
    const base = coreEncounter();
    combatantIn(base, "ana")!.usage = { "turn:moveAp": 1, "round:takeStep": 1 };
    // Counters the command itself added before clearing are cleared as well.
    const next = inCommand(base, (draft) => {
      const ana = draftOf(draft, "ana")!;
      markUsed(ana, "turn", "moveHexes", 3);
      clearUsage(ana, "turn");
    });
    expect(combatantIn(next, "ana")!.usage).toEqual({ "round:takeStep": 1 });
    expect(combatantIn(base, "ana")!.usage).toEqual({ "turn:moveAp": 1, "round:takeStep": 1 });
    expect(combatantIn(next, "bo")).toBe(combatantIn(base, "bo"));
    expect(combatantIn(next, "ana")!.pools).toBe(combatantIn(base, "ana")!.pools);
  });

  it("clearAllUsage clears the scope for everyone and copies only the combatants that had such a counter", () => {
    const base = coreEncounter();
    combatantIn(base, "ana")!.usage = { "round:takeStep": 1, "turn:moveAp": 1 };
    combatantIn(base, "orc")!.usage = { "turn:moveAp": 2 };
    const next = inCommand(base, (draft) => clearAllUsage(draft, "round"));
    expect(combatantIn(next, "ana")!.usage).toEqual({ "turn:moveAp": 1 });
    expect(combatantIn(next, "orc")).toBe(combatantIn(base, "orc"));
    expect(combatantIn(next, "bo")).toBe(combatantIn(base, "bo"));
    expect(inCommand(next, (draft) => clearAllUsage(draft, "round"))).toBe(next);
  });
});
