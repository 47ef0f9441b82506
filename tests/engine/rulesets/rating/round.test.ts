import { describe, expect, it } from "vitest";
import { bandit, hero, Table } from "./helpers";

const three = () => [
  hero(),
  bandit(),
  { id: "scout", side: "foes", stats: { initiativeRating: 0, luck: 0, maxAp: 2 } },
];

describe("rating rounds (rating.txt Step 4 to Step 6)", () => {
  it('gives each character one Turn, highest initiative first, then starts the next round ("Starting with the character with the highest initiative, each character takes one Turn")', () => {
    const t = new Table(three(), [6, 3, 1]).do({ type: "start" });
    expect(t.state.order).toEqual(["hero", "bandit", "scout"]);
    expect(t.state.round).toBe(1);
    expect(t.state.current).toBe("hero");
    t.do({ type: "next" });
    expect(t.state.current).toBe("bandit");
    t.do({ type: "endTurn", who: "bandit" });
    expect(t.state.current).toBe("scout");
    t.do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("hero");
    expect(t.events.map((e) => e.type)).toEqual(["turnEnded", "roundEnded", "roundStarted", "turnStarted"]);
  });

  it("refuses endTurn from anyone but the combatant whose turn it is", () => {
    const t = new Table(three(), [6, 3, 1]).do({ type: "start" });
    expect(t.refused({ type: "endTurn", who: "bandit" }).key).toBe("TEMPO.Refusal.NotYourTurn");
  });

  it("skips defeated combatants", () => {
    const t = new Table(three(), [6, 3, 1]).do({ type: "start" });
    t.do({ type: "setDefeated", who: "bandit", defeated: true }).do({ type: "next" });
    expect(t.state.current).toBe("scout");
  });

  it('replenishes AP at the start of every round ("At the start of the round, all characters replenish their AP")', () => {
    const t = new Table(three(), [6, 3, 1]).do({ type: "start" });
    expect(t.ap("hero")).toBe(3);
    expect(t.ap("scout")).toBe(2);
    t.do({ type: "act", who: "hero", action: "primary", cost: 2 }).do({ type: "next" });
    t.do({ type: "act", who: "bandit", action: "primary", cost: 3 });
    expect(t.ap("hero")).toBe(1);
    expect(t.ap("bandit")).toBe(0);
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.ap("hero")).toBe(3);
    expect(t.ap("bandit")).toBe(3);
  });

  it('ends the round once all have had a Turn, regardless of AP left ("the round is over, regardless of the amount of AP any characters have remaining")', () => {
    const t = new Table(three(), [6, 3, 1]).do({ type: "start" });
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.ap("hero")).toBe(3);
  });

  it('with turn-based refreshing starts everyone at maximum AP in round 1 ("all characters start the first Rounds with their Maximum AP")', () => {
    const t = new Table(three(), [6, 3, 1], { apRefresh: "turn" }).do({ type: "start" });
    expect([t.ap("hero"), t.ap("bandit"), t.ap("scout")]).toEqual([3, 3, 2]);
  });

  it('with turn-based refreshing refills at the start of each own Turn from round 2 ("characters replenish their AP at the start of their Turn rather than at the start of the round")', () => {
    const t = new Table(three(), [6, 3, 1], { apRefresh: "turn" }).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "primary", cost: 3 }).do({ type: "next" });
    t.do({ type: "act", who: "bandit", action: "primary", cost: 2 })
      .do({ type: "next" })
      .do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("hero");
    expect(t.ap("hero")).toBe(3);
    // bandit's turn has not come yet: no refill at the start of the round.
    expect(t.ap("bandit")).toBe(1);
    t.do({ type: "next" });
    expect(t.ap("bandit")).toBe(3);
  });

  it("reports the refill time of AP per the option, for sheets", async () => {
    const { rating } = await import("../../../../src/engine/rulesets/rating");
    expect(rating.pools[0]?.refillsAt({ apRefresh: "round" })).toBe("roundStart");
    expect(rating.pools[0]?.refillsAt({ apRefresh: "turn" })).toBe("turnStart");
  });

  it('uses maxAp as the AP allotment, 3 when the stat is missing ("The maximum number of times that a character can act during a round is determined by their max AP")', () => {
    const t = new Table(
      [
        { id: "x", side: "a", stats: { initiativeRating: 0 } },
        { id: "y", side: "b", stats: { maxAp: 5 } },
      ],
      [1, 1, 3, 4],
    );
    expect(t.c("x").maxPools.ap).toBe(3);
    expect(t.c("y").maxPools.ap).toBe(5);
  });

  it('ends conditions lasting "until the end of the round" when the round ends ("Any effects or Conditions that specify a duration of \'until the end of the round\' end now")', () => {
    const t = new Table(three(), [6, 3, 1]).do({ type: "start" });
    t.do({ type: "apply", who: "bandit", condition: "prone", rounds: 1 });
    t.do({ type: "apply", who: "scout", condition: "dazed", rounds: 2 });
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.c("bandit").conditions.map((k) => k.id)).toEqual(["prone"]);
    t.do({ type: "next" });
    expect(t.c("bandit").conditions).toEqual([]);
    expect(t.c("scout").conditions).toEqual([{ id: "dazed", rounds: 1 }]);
  });

  it('lets the GM end the encounter, after which nothing more is accepted ("Repeat steps 4 and 5 until the combat is finished")', () => {
    const t = new Table(three(), [6, 3, 1]).do({ type: "start" }).do({ type: "end" });
    expect(t.state.status).toBe("ended");
    expect(t.state.current).toBeNull();
    expect(t.refused({ type: "next" }).key).toBe("TEMPO.Refusal.CombatEnded");
  });

  it('records the grid scale and the round\'s length for the host ("each grid square ... should represent a square meter", "six seconds")', () => {
    const t = new Table(three(), [6, 3, 1]).do({ type: "start" });
    expect(t.state.ext.metresPerCell).toBe(1);
    expect(t.state.ext.roundSeconds).toBe(6);
  });
});

describe("rating surprise (rating.txt Step 1)", () => {
  it('lets the surprised take only Reactions until after their first Turn has passed ("They also may only take Reactions until after their first Turn has passed")', () => {
    const t = new Table([hero(), bandit({ surprised: true })], [6]).do({ type: "start" });
    expect(t.state.order).toEqual(["hero", "bandit"]);
    // On the hero's turn the surprised bandit may still react to a threat.
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    expect(t.state.offers.map((o) => o.who)).toEqual(["bandit"]);
    t.do({ type: "react", who: "bandit", with: "reaction" });
    t.do({ type: "next" });
    expect(t.state.current).toBe("bandit");
    for (const action of ["primary", "secondary", "special", "free"]) {
      const cost = action === "free" ? 0 : 1;
      expect(t.refused({ type: "act", who: "bandit", action, cost }).key).toBe(
        "TEMPO.Refusal.SurprisedOnlyReactions",
      );
    }
    t.do({ type: "next" });
    expect(t.c("bandit").conditions).toEqual([]);
    expect(t.c("bandit").surprised).toBe(false);
    t.do({ type: "next" });
    t.do({ type: "act", who: "bandit", action: "primary", cost: 1 });
    expect(t.ap("bandit")).toBe(2);
  });
});
