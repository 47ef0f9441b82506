import { describe, expect, it } from "vitest";
import { bandit, hero, Table } from "./helpers";

/**
 * What rating's initiative and reactions report, event by event: the table and the chat read these,
 * so each field is checked whole. Expected values are worked out by hand from the scripted dice.
 */

const npc = (id: string, ir: number, luck: number, extra: object = {}) => ({
  id,
  side: "foes",
  stats: { initiativeRating: ir, luck },
  ...extra,
});

describe("rating initiative events (rating.txt Step 3)", () => {
  it('reports each roll: the die and the rating, and no die for the surprised ("they simply use their Initiative Rating")', () => {
    // hero: IR 3 + d6 4 = 7; bandit surprised: IR 1, no die.
    const t = new Table([hero(), bandit({ surprised: true })], [4]).do({ type: "start" });
    expect(t.ofType("initiativeRolled")).toEqual([
      { type: "initiativeRolled", who: "hero", initiative: 7, die: 4, rating: 3, surprised: false },
      { type: "initiativeRolled", who: "bandit", initiative: 1, die: null, rating: 1, surprised: true },
    ]);
    expect(t.ofType("diceRolled")).toEqual([
      { type: "diceRolled", faces: 6, result: 4, purpose: "initiative", who: "hero" },
    ]);
  });

  it('marks the die a GM group shares ("should roll once for larger groups of similar NPCs")', () => {
    // wolves roll one d6 (5) when wolf1 is reached: wolf1 1+5 = 6, wolf2 2+5 = 7; a lone NPC rolls its own.
    const t = new Table(
      [
        npc("wolf1", 1, 0, { tags: ["group:wolves"] }),
        npc("wolf2", 2, 0, { tags: ["group:wolves"] }),
        npc("lone", 0, 0),
      ],
      [5, 2],
    ).do({ type: "start" });
    expect(t.ofType("initiativeRolled")).toEqual([
      {
        type: "initiativeRolled",
        who: "wolf1",
        initiative: 6,
        die: 5,
        rating: 1,
        surprised: false,
        group: "wolves",
        sharedDie: false,
      },
      {
        type: "initiativeRolled",
        who: "wolf2",
        initiative: 7,
        die: 5,
        rating: 2,
        surprised: false,
        group: "wolves",
        sharedDie: true,
      },
      { type: "initiativeRolled", who: "lone", initiative: 2, die: 2, rating: 0, surprised: false },
    ]);
    expect(t.dice.used).toBe(2);
  });

  it('rolls a contested Luck roll as a d6 plus Luck, named as such ("Further ties can be resolved by contested Luck Rolls")', () => {
    // a and b: IR 2, Luck 1, both roll 3 -> 5, tied on every key; contest: a 1+1 = 2, b 4+1 = 5.
    const t = new Table([npc("a", 2, 1), npc("b", 2, 1)], [3, 3, 1, 4]).do({ type: "start" });
    expect(t.ofType("diceRolled").slice(2)).toEqual([
      { type: "diceRolled", faces: 6, result: 1, purpose: "luckContest", who: "a" },
      { type: "diceRolled", faces: 6, result: 4, purpose: "luckContest", who: "b" },
    ]);
    expect(t.state.order).toEqual(["b", "a"]);
  });

  it('leaves a full tie to the GM and says who is tied (option ties: gm, "or at the GM\'s discretion")', () => {
    // a, b: IR 2 + 3 = 5, Luck 1, both NPCs: tied; c: 0 + 1 = 1.
    const t = new Table([npc("a", 2, 1), npc("b", 2, 1), npc("c", 0, 0)], [3, 3, 1], { ties: "gm" }).do({
      type: "start",
    });
    expect(t.ofType("tieLeftToGm")).toEqual([{ type: "tieLeftToGm", who: ["a", "b"] }]);
  });

  it("says nothing is left to the GM when no one is tied", () => {
    const t = new Table([npc("a", 2, 1), npc("b", 1, 1)], [3, 3], { ties: "gm" }).do({ type: "start" });
    expect(t.ofType("tieLeftToGm")).toEqual([]);
    expect(t.state.order).toEqual(["a", "b"]);
  });
});

describe('rating newcomers ("simply have them roll and take their place in the order")', () => {
  it("announces the new order with the newcomer's place", () => {
    // hero 3+6 = 9, bandit 1+1 = 2; thug 2+3 = 5 goes between them.
    const t = new Table([hero(), bandit()], [6, 1, 3]).do({ type: "start" });
    t.do({ type: "addCombatant", combatant: npc("thug", 2, 0) });
    expect(t.ofType("orderChanged")).toEqual([
      { type: "orderChanged", order: ["hero", "thug", "bandit"], reason: "newcomer", who: "thug" },
    ]);
  });

  it("slots a newcomer tied with a GM group after the whole group, contesting Luck once with its first member", () => {
    // wolves (group die 2): w1 1+2 = 3, w2 1+2 = 3; hero 3+6 = 9. Newcomer "stray" IR 1 rolls 2 = 3:
    // tied with both wolves on every key (NPCs, Luck 0). It contests w1 (w1 rolls 5, stray 1), loses,
    // and goes after the run of tied wolves, not between them.
    const t = new Table(
      [hero(), npc("w1", 1, 0, { tags: ["group:wolves"] }), npc("w2", 1, 0, { tags: ["group:wolves"] })],
      [6, 2, 2, 5, 1],
    ).do({ type: "start" });
    expect(t.state.order).toEqual(["hero", "w1", "w2"]);
    t.do({ type: "addCombatant", combatant: npc("stray", 1, 0) });
    expect(t.ofType("luckContested")).toEqual([
      { type: "luckContested", who: ["w1", "stray"], totals: [5, 1] },
    ]);
    expect(t.state.order).toEqual(["hero", "w1", "w2", "stray"]);
  });

  it("slots a newcomer of a group tied with its own group after them, without a Luck contest", () => {
    // wolves share the die 2: w1 1+2 = 3, w2 1+2 = 3; w3 joins the pack and shares the die: 1+2 = 3.
    const t = new Table(
      [hero(), npc("w1", 1, 0, { tags: ["group:wolves"] }), npc("w2", 1, 0, { tags: ["group:wolves"] })],
      [6, 2],
    ).do({ type: "start" });
    t.do({ type: "addCombatant", combatant: npc("w3", 1, 0, { tags: ["group:wolves"] }) });
    expect(t.ofType("luckContested")).toEqual([]);
    expect(t.c("w3").initiative).toBe(3);
    expect(t.state.order).toEqual(["hero", "w1", "w2", "w3"]);
  });
});

describe('rating reaction events ("Only one reaction attempt is permitted for each threat or event")', () => {
  const fight = () =>
    new Table(
      [
        hero(),
        bandit({ name: "Black Bart" }),
        { id: "ally", side: "party", pc: true, stats: { initiativeRating: 0, luck: 0, maxAp: 3 } },
      ],
      [4, 1, 1],
    ).do({ type: "start" });

  it("reports the answer to an offer with its cost, the stipulated outcome and the threat", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit", outcome: "hit" });
    const threat = t.state.pending[0]?.id;
    t.do({ type: "react", who: "bandit", with: "reaction", outcome: "success" });
    expect(t.ofType("reactionResolved")).toEqual([
      {
        type: "reactionResolved",
        who: "bandit",
        with: "reaction",
        against: "hero",
        cost: 1,
        outcome: "success",
        trigger: threat,
        target: null,
      },
    ]);
  });

  it("lets a bystander react to the last action while the target's offer stays open for the target", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    const threat = t.state.pending[0]?.id;
    // The hero's ally has no offer: it reacts to the event, the hero's action.
    t.do({ type: "react", who: "ally", with: "reaction", outcome: "fail" });
    expect(t.ofType("reactionResolved")).toEqual([
      {
        type: "reactionResolved",
        who: "ally",
        with: "reaction",
        against: "hero",
        cost: 1,
        outcome: "fail",
        trigger: threat,
        target: null,
      },
    ]);
    expect(t.state.offers.map((o) => [o.who, o.with, o.against])).toEqual([["bandit", "reaction", "hero"]]);
    expect(t.ap("ally")).toBe(2);
    expect(t.ap("bandit")).toBe(3);
  });

  it("refuses a reaction against someone who did nothing to react to, naming the reactor, and keeps the offer", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    expect(t.refused({ type: "react", who: "bandit", with: "reaction", against: "ally" })).toEqual({
      key: "TEMPO.Refusal.NothingToReactTo",
      data: { who: "Black Bart" },
    });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["bandit", "hero"]]);
  });

  it("names the reactor refused a second attempt at one threat", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    t.do({ type: "react", who: "bandit", with: "reaction" });
    expect(t.refused({ type: "react", who: "bandit", with: "reaction" })).toEqual({
      key: "TEMPO.Refusal.OneReactionPerThreat",
      data: { who: "Black Bart" },
    });
  });
});
