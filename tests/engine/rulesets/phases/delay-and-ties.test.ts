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

describe('phases ties at any time ("If two or more characters have the same Initiative score, the characters who are tied randomly determine which one of them goes before the other")', () => {
  /** hero 8 and thug 6, started: nobody tied, no dice. */
  const pair = (dice: number[]) =>
    new Table(
      [
        { id: "hero", side: "party", stats: { combatValue: 8 } },
        { id: "thug", side: "foes", stats: { combatValue: 6 } },
      ],
      dice,
    ).do({ type: "start" });

  it("a newcomer tied with a character rolls off with it: the higher d6 goes first", () => {
    const t = pair([2, 5]);
    t.do({ type: "addCombatant", combatant: { id: "goon", side: "foes", stats: { combatValue: 6 } } });
    expect(t.state.order).toEqual(["hero", "goon", "thug"]);
    expect(t.eventsOf("initiativeTieRolled")).toEqual([
      { type: "initiativeTieRolled", who: "thug", roll: 2 },
      { type: "initiativeTieRolled", who: "goon", roll: 5 },
    ]);
    expect(t.dice.used).toBe(2);
  });

  it("a newcomer that loses the roll-off goes after the one it tied with; an equal roll is rolled again", () => {
    const t = pair([4, 4, 6, 1]);
    t.do({ type: "addCombatant", combatant: { id: "goon", side: "foes", stats: { combatValue: 6 } } });
    expect(t.state.order).toEqual(["hero", "thug", "goon"]);
    expect(t.eventsOf("initiativeTieRolled").map((e) => [e.who, e.roll])).toEqual([
      ["thug", 4],
      ["goon", 4],
      ["thug", 6],
      ["goon", 1],
    ]);
  });

  it("a newcomer tied with several rolls off with each in turn, and goes before the first it beats", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", stats: { combatValue: 8 } },
        { id: "thug", side: "foes", stats: { combatValue: 8 } },
        { id: "goon", side: "foes", stats: { combatValue: 3 } },
      ],
      [6, 1, 5, 3, 2, 4],
    ).do({ type: "start" });
    expect(t.state.order).toEqual(["hero", "thug", "goon"]);
    t.do({ type: "addCombatant", combatant: { id: "imp", side: "foes", stats: { combatValue: 8 } } });
    // Loses to hero (5 against 3), beats thug (4 against 2): between them, for every Phase after.
    expect(t.state.order).toEqual(["hero", "imp", "thug", "goon"]);
    expect(t.state.ext.sequence).toEqual(["hero", "imp", "thug", "goon"]);
    expect(t.dice.used).toBe(6);
  });
});
