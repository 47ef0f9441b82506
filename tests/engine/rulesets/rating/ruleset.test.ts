import { describe, expect, it } from "vitest";
import { playerChoiceRefusal } from "../../../../src/engine/choices";
import { availableActions } from "../../../../src/engine/queries";
import { rating } from "../../../../src/engine/rulesets/rating";
import { bandit, hero, Table } from "./helpers";

describe('rating\'s action types (rating.txt "Action Types")', () => {
  it("declares primary, secondary and special actions at a cost the actor states, aimed at anyone, and free actions at no cost, aimed at no one", () => {
    // "All non-free actions cost at least 1 AP unless otherwise stated": the actor states it (cost: null,
    // chosen: cost). "Free Actions ... cost no Action Points".
    expect(rating.actions).toEqual({
      primary: { id: "primary", cost: null, kind: "primary", target: "any", chosen: ["cost"] },
      secondary: { id: "secondary", cost: null, kind: "secondary", target: "any", chosen: ["cost"] },
      special: { id: "special", cost: null, kind: "special", target: "any", chosen: ["cost"] },
      free: { id: "free", cost: {}, kind: "free", target: "none" },
    });
  });

  it("lets a player state the AP cost of a primary, secondary or special action, but not of a free action", () => {
    for (const action of ["primary", "secondary", "special"])
      expect(playerChoiceRefusal({ type: "act", who: "hero", action, cost: 2 }, rating)).toBeNull();
    expect(playerChoiceRefusal({ type: "act", who: "hero", action: "free", cost: 1 }, rating)).toEqual({
      key: "TEMPO.Refusal.CostNotYours",
      data: { action: "free" },
    });
  });

  it("offers the actor its four action types, the three AP-costing ones aimed at the first other combatant of any side", () => {
    // The ally comes first in the roster: "any" takes an ally as readily as a foe.
    const t = new Table(
      [{ id: "ally", side: "party", pc: true, stats: { initiativeRating: 0 } }, hero(), bandit()],
      [1, 4, 1],
    ).do({ type: "start" });
    expect(availableActions(t.state, "hero").map((a) => [a.action.id, a.target, a.refusal])).toEqual([
      ["primary", "ally", null],
      ["secondary", "ally", null],
      ["special", "ally", null],
      ["free", null, null],
    ]);
  });
});

describe("rating's options and what it declares for the host", () => {
  it('defaults to AP each round, contested Luck rolls for ties, PCs first then the higher Luck between PCs at the Luck step ("Luck bonus (meaning PCs beat NPCs)"), no free actions by the surprised and one reaction attempt per character', () => {
    expect(new Table([hero()]).state.options).toEqual({
      apRefresh: "round",
      ties: "luck",
      luckBonus: "pcThenLuck",
      surprisedFree: "forbidden",
      reactionAttempts: "perReactor",
    });
  });

  it("accepts each option's choices when set up explicitly", () => {
    const other = {
      apRefresh: "turn",
      ties: "gm",
      luckBonus: "luckStat",
      surprisedFree: "allowed",
      reactionAttempts: "perThreat",
    };
    expect(new Table([hero()], [], other).state.options).toEqual(other);
    const usual = {
      apRefresh: "round",
      ties: "luck",
      luckBonus: "pcFirst",
      surprisedFree: "forbidden",
      reactionAttempts: "perReactor",
    };
    expect(new Table([hero()], [], usual).state.options).toEqual(usual);
  });

  it("reads the Initiative Rating, Luck and max AP, no skills, the one condition the text names (surprised), and no movement modes", () => {
    expect(rating.stats).toEqual(["initiativeRating", "luck", "maxAp"]);
    expect(rating.skills).toEqual([]);
    expect(rating.conditions).toEqual(["surprised"]);
    expect(rating.moveModes).toEqual([]);
  });
});
