import { describe, expect, it } from "vitest";
import { type Table, readierAndDelayer } from "./helpers";

/**
 * A character the GM removes no longer waits: neither with a readied action nor with a delay. The
 * encounter's lists of readiers and delayers (core/marks.ts) lose its id, so a newcomer given the
 * same id later starts with neither.
 */
function waiting(): Table {
  const t = readierAndDelayer();
  expect(t.state.ext.readiers).toEqual(["hero"]);
  expect(t.state.ext.delayers).toEqual(["ally"]);
  expect(t.state.current).toBe("goon");
  return t;
}

describe("phases: removing a character who waits", () => {
  it("a removed readier leaves the list of readiers, and the trigger's action is not interrupted", () => {
    const t = waiting().do({ type: "removeCombatant", who: "hero" });
    expect(t.state.ext.readiers).toEqual([]);
    expect(t.state.ext.delayers).toEqual(["ally"]);
    t.do({ type: "act", who: "goon", action: "drawFocus" });
    expect(t.eventsOf("readyTriggered")).toEqual([]);
  });

  it("a removed delayer leaves the list of delayers", () => {
    const t = waiting().do({ type: "removeCombatant", who: "ally" });
    expect(t.state.ext.delayers).toEqual([]);
    expect(t.state.ext.readiers).toEqual(["hero"]);
  });

  it("a newcomer given a removed waiter's id neither readies nor delays", () => {
    const t = waiting()
      .do({ type: "removeCombatant", who: "hero" })
      .do({ type: "removeCombatant", who: "ally" });
    t.do({
      type: "addCombatant",
      combatant: { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
    });
    t.do({
      type: "addCombatant",
      combatant: { id: "ally", side: "party", at: [0, 3], stats: { combatValue: 8 } },
    });
    expect(t.state.ext.readiers).toEqual([]);
    expect(t.state.ext.delayers).toEqual([]);
    // The goon's action now runs with nobody cutting in (a stale entry made the read check throw).
    t.do({ type: "act", who: "goon", action: "drawFocus" });
    expect(t.eventsOf("readyTriggered")).toEqual([]);
  });
});
