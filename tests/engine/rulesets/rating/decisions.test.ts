import { describe, expect, it } from "vitest";
import { bandit, hero, Table } from "./helpers";

/** docs/rulesets/rating.md, "Decisions": each question the text leaves open, as the engine reads it. */

const ally = (extra = {}) =>
  hero({ id: "ally", stats: { initiativeRating: 2, luck: 0, maxAp: 3 }, ...extra });

describe('rating decisions: free actions by the surprised ("They also may only take Reactions until after their first Turn has passed" vs "Free Actions can be taken at any time during the combat round")', () => {
  it("by default refuses a surprised character's free action until its first turn has passed (surprisedFree: forbidden)", () => {
    // hero rolls 6 (9); the surprised bandit rolls nothing (1).
    const t = new Table([hero(), bandit({ surprised: true })], [6]).do({ type: "start" });
    expect(t.refused({ type: "act", who: "bandit", action: "free" }).key).toBe(
      "TEMPO.Refusal.SurprisedOnlyReactions",
    );
    t.do({ type: "next" });
    expect(t.state.current).toBe("bandit");
    expect(t.refused({ type: "act", who: "bandit", action: "free" }).key).toBe(
      "TEMPO.Refusal.SurprisedOnlyReactions",
    );
    t.do({ type: "next" }).do({ type: "act", who: "bandit", action: "free" });
  });

  it("with surprisedFree: allowed lets a surprised character take free actions, and still no other action", () => {
    const t = new Table([hero(), bandit({ surprised: true })], [6], { surprisedFree: "allowed" }).do({
      type: "start",
    });
    t.do({ type: "act", who: "bandit", action: "free" });
    expect(t.ofType("actionTaken")).toMatchObject([{ who: "bandit", action: "free", cost: 0 }]);
    t.do({ type: "next" });
    expect(t.refused({ type: "act", who: "bandit", action: "primary", cost: 1 }).key).toBe(
      "TEMPO.Refusal.SurprisedOnlyReactions",
    );
  });
});

describe('rating decisions: one reaction attempt ("Only one reaction attempt is permitted for each threat or event")', () => {
  // hero 6+3 = 9, ally 4+2 = 6, bandit 1+1 = 2: the hero acts first.
  function eventTable(options: Record<string, string> = {}) {
    return new Table([hero(), ally(), bandit()], [6, 4, 1], options).do({ type: "start" });
  }

  it("by default counts it per reactor: two characters may each react once to the same event (reactionAttempts: perReactor)", () => {
    const t = eventTable().do({ type: "act", who: "hero", action: "secondary", cost: 1 });
    t.do({ type: "react", who: "bandit", with: "reaction" });
    t.do({ type: "react", who: "ally", with: "reaction" });
    expect(t.ofType("reactionResolved").map((e) => e.who)).toEqual(["ally"]);
    expect(t.refused({ type: "react", who: "bandit", with: "reaction" }).key).toBe(
      "TEMPO.Refusal.OneReactionPerThreat",
    );
  });

  it("with reactionAttempts: perThreat allows one attempt at an event, whoever makes it", () => {
    const t = eventTable({ reactionAttempts: "perThreat" }).do({
      type: "act",
      who: "hero",
      action: "secondary",
      cost: 1,
    });
    t.do({ type: "react", who: "bandit", with: "reaction" });
    expect(t.refused({ type: "react", who: "ally", with: "reaction" }).key).toBe(
      "TEMPO.Refusal.OneReactionPerThreat",
    );
  });

  it("with reactionAttempts: perThreat, an ally reacting to a threat takes its one attempt: the target's offer goes and the threat resolves", () => {
    const t = eventTable({ reactionAttempts: "perThreat" });
    t.do({ type: "next" });
    expect(t.state.current).toBe("ally");
    t.do({ type: "next" }).do({ type: "act", who: "bandit", action: "primary", cost: 1, target: "hero" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["hero", "bandit"]]);
    t.do({ type: "react", who: "ally", with: "reaction", against: "bandit" });
    expect(t.state.offers).toEqual([]);
    expect(t.ofType("actionResolved")).toMatchObject([
      { who: "bandit", target: "hero", reactions: [{ who: "ally", as: "reaction", cost: 1 }] },
    ]);
    expect(t.refused({ type: "react", who: "hero", with: "reaction" }).key).toBe(
      "TEMPO.Refusal.OneReactionPerThreat",
    );
  });

  it("by default lets an ally and the target each make their attempt at one threat, both reported with it", () => {
    const t = eventTable();
    t.do({ type: "next" }).do({ type: "next" });
    t.do({ type: "act", who: "bandit", action: "primary", cost: 1, target: "hero" });
    t.do({ type: "react", who: "ally", with: "reaction", against: "bandit" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["hero", "bandit"]]);
    t.do({ type: "react", who: "hero", with: "reaction", outcome: "success" });
    expect(t.ofType("actionResolved")).toMatchObject([
      { who: "bandit", reactions: [{ who: "ally" }, { who: "hero", outcome: "success" }] },
    ]);
  });

  it("counts declining an offer as that threat's one attempt", () => {
    const t = eventTable();
    t.do({ type: "next" }).do({ type: "next" });
    t.do({ type: "act", who: "bandit", action: "primary", cost: 1, target: "hero" });
    t.do({ type: "react", who: "hero", with: "decline" });
    expect(t.refused({ type: "react", who: "hero", with: "reaction", against: "bandit" }).key).toBe(
      "TEMPO.Refusal.OneReactionPerThreat",
    );
    expect(t.ap("hero")).toBe(3);
  });

  it("gives the attempts back when the round ends", () => {
    const t = eventTable({ reactionAttempts: "perThreat" }).do({
      type: "act",
      who: "hero",
      action: "secondary",
      cost: 1,
    });
    t.do({ type: "react", who: "bandit", with: "reaction" });
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.ext.reactedEvents).toBeUndefined();
  });
});

describe('rating decisions: contested Luck rolls ("Further ties can be resolved by contested Luck Rolls or at the GM\'s discretion")', () => {
  it("rolls a d6 plus the Luck bonus for each contestant, higher first", () => {
    // Same roll and rating, both NPCs: d6 4 and 4 for initiative; Luck contest 2+3 = 5 against 4+0 = 4.
    const t = new Table(
      [
        bandit({ id: "a", stats: { initiativeRating: 1, luck: 0, maxAp: 3 } }),
        bandit({ id: "b", stats: { initiativeRating: 1, luck: 3, maxAp: 3 } }),
      ],
      [4, 4, 4, 2],
    ).do({ type: "start" });
    expect(t.ofType("luckContested")).toMatchObject([{ who: ["a", "b"], totals: [4, 5] }]);
    expect(t.state.order).toEqual(["b", "a"]);
  });
});
