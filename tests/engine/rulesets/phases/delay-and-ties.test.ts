import { describe, expect, it } from "vitest";
import { combatantIn } from "../../../../src/engine/record";
import { Table } from "./helpers";

/**
 * phases: two sentences the engine once read wrong. A delayer who names its place just before a
 * character who has already acted this Phase acts there in the next Phase; a newcomer tied with
 * someone rolls off as the characters tied at the start did.
 */

/** hero 10, thug 7, goon 5: hero acts first. */
const trio = () =>
  new Table([
    { id: "hero", side: "party", stats: { combatValue: 10 } },
    { id: "thug", side: "foes", stats: { combatValue: 7 } },
    { id: "goon", side: "foes", stats: { combatValue: 5 } },
  ]).do({ type: "start" });

describe("phases delay with a named place (\"You can specify your new place in the sequence (for example, 'immediately before Captain Comet's action')\")", () => {
  it('acts just before a character who has already acted this Phase in the next Phase ("If you take a delayed action in the next Phase, before your regular action comes up, your initiative score rises to that new point")', () => {
    const t = trio().next();
    expect(t.state.current).toBe("thug");
    t.do({ type: "delay", who: "thug", until: "hero" }).next();
    // The Phase does not stop at its end for a delayer who named its place: that stop is for one
    // who will "just wait until some time later".
    expect(t.eventsOf("phaseEndWaits")).toEqual([]);
    expect(t.state).toMatchObject({ phase: 2, current: "thug", order: ["thug", "hero", "goon"] });
    expect(t.eventsOf("delayedActionTaken")).toEqual([
      { type: "delayedActionTaken", who: "thug", before: "hero", initiative: 10 },
    ]);
    expect(combatantIn(t.state, "thug")?.initiative).toBe(10);
    expect(t.state.ext.delayers).toEqual([]);
    // "and you do not get your regular action that Phase": hero, then goon, then Phase 3.
    t.next();
    expect(t.state.current).toBe("hero");
    t.next();
    expect(t.state.current).toBe("goon");
    t.next();
    expect(t.state).toMatchObject({ phase: 3, current: "thug", order: ["thug", "hero", "goon"] });
  });

  it("stops at the Phase's end only for the delayer who named no place; the named one still waits for its character", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
      { id: "goon", side: "foes", stats: { combatValue: 5 } },
      { id: "imp", side: "foes", stats: { combatValue: 3 } },
    ]).do({ type: "start" });
    t.next();
    t.do({ type: "delay", who: "thug" });
    t.do({ type: "delay", who: "goon", until: "hero" }).next();
    expect(t.state).toMatchObject({ phase: 1, current: null });
    expect(t.eventsOf("phaseEndWaits")).toEqual([
      { type: "phaseEndWaits", round: 1, phase: 1, who: ["thug"] },
    ]);
    // thug acts last; goon's named place (just before hero) comes in the next Phase.
    t.do({ type: "act", who: "thug", action: "strike", target: "hero", outcome: "miss" }).next();
    expect(t.state).toMatchObject({ phase: 2, current: "goon", order: ["goon", "hero", "imp", "thug"] });
    expect(combatantIn(t.state, "goon")?.initiative).toBe(10);
  });
});
