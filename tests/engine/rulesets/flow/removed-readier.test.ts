import { describe, expect, it } from "vitest";
import { duel } from "./helpers";

/**
 * A combatant the GM removes takes its readied action with it ("cancel the Readied Action at no
 * cost"): nobody is left waiting on the list of readiers (core/marks.ts) under an id that has no
 * combatant, and a newcomer given the same id later does not inherit the wait.
 */
describe("flow: removing a combatant with a readied action", () => {
  it("cancels the readied action, with the reason removed, and takes the readier off the list", () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    expect(t.state.ext.readiers).toEqual(["ana"]);
    const events = t.do({ type: "removeCombatant", who: "ana" });
    expect(events.filter((e) => e.type === "readyCancelled")).toEqual([
      { type: "readyCancelled", who: "ana", action: "attack", reason: "removed" },
    ]);
    expect(t.state.ext.readiers).toEqual([]);
  });

  it("a newcomer with the removed readier's id waits for nothing, and the trigger's action goes on unheld", () => {
    // The newcomer rolls its initiative on a 3.
    const t = duel({}, [3]);
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    t.do({ type: "removeCombatant", who: "ana" });
    t.do({ type: "addCombatant", combatant: { id: "ana", side: "party", at: [0, 0] } });
    expect(t.state.ext.readiers).toEqual([]);
    const events = t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(events.some((e) => e.type === "readyTriggered")).toBe(false);
    expect(events.filter((e) => e.type === "actionTaken").map((e) => e.who)).toEqual(["orc"]);
  });

  it("removing a combatant with nothing readied cancels nothing", () => {
    const t = duel();
    const events = t.do({ type: "removeCombatant", who: "orc" });
    expect(events.some((e) => e.type === "readyCancelled")).toBe(false);
    expect(t.state.ext.readiers).toEqual([]);
  });
});
