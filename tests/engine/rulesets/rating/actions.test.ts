import { describe, expect, it } from "vitest";
import { bandit, hero, Table } from "./helpers";

/** hero (7) acts before bandit (2); an ally of the hero acts last. */
function fight(options: Record<string, string> = {}) {
  return new Table(
    [
      hero(),
      bandit(),
      { id: "ally", side: "party", pc: true, stats: { initiativeRating: 0, luck: 0, maxAp: 3 } },
    ],
    [4, 1, 1],
    options,
  ).do({
    type: "start",
  });
}

describe('rating action types (rating.txt "Action Types")', () => {
  it('spends the AP an action costs, any number of primary actions while AP lasts ("a character may take any number")', () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1 }).do({
      type: "act",
      who: "hero",
      action: "primary",
      cost: 1,
    });
    expect(t.ap("hero")).toBe(1);
    t.do({ type: "act", who: "hero", action: "secondary", cost: 1 });
    expect(t.ap("hero")).toBe(0);
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 1 }).key).toBe(
      "TEMPO.Refusal.NotEnoughAP",
    );
  });

  it('charges 1 AP when no cost is given and refuses a cost below 1 ("All non-free actions cost at least 1 AP unless otherwise stated")', () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary" });
    expect(t.ap("hero")).toBe(2);
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 0 }).key).toBe(
      "TEMPO.Refusal.BadCost",
    );
    expect(t.refused({ type: "act", who: "hero", action: "special", cost: -1 }).key).toBe(
      "TEMPO.Refusal.BadCost",
    );
    expect(t.refused({ type: "act", who: "hero", action: "dance" }).key).toBe("TEMPO.Refusal.UnknownAction");
  });

  it("refuses 99999 and 2.5 AP with the same rule as -3: a whole number of AP from 1 up (issue 45)", () => {
    const t = fight();
    for (const cost of [-3, 2.5, 99999, 21, 1e30])
      expect(t.refused({ type: "act", who: "hero", action: "primary", cost })).toEqual({
        key: "TEMPO.Refusal.BadCost",
        data: { action: "primary", cost, max: 20 },
      });
    expect(t.ap("hero")).toBe(3);
  });

  it('refuses a primary action outside the own Turn ("Primary Actions can only be taken during the character\'s own Turn")', () => {
    const t = fight();
    expect(t.refused({ type: "act", who: "bandit", action: "primary", cost: 1 }).key).toBe(
      "TEMPO.Refusal.PrimaryOnOwnTurn",
    );
  });

  it('lets a secondary action be taken as a reaction, paying its own cost ("Secondary Actions can only be taken during the character\'s own Turn or as reactions")', () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    t.do({ type: "act", who: "bandit", action: "secondary", cost: 2, target: "hero" });
    expect(t.ap("bandit")).toBe(1);
    expect(t.state.offers).toEqual([]);
    expect(t.ofType("actionResolved")[0]).toMatchObject({
      who: "hero",
      target: "bandit",
      reactions: [{ who: "bandit", as: "secondary", cost: 2 }],
    });
  });

  it('aims a secondary or special action taken as a reaction at anyone the action allows, an ally it protects included ("Special Actions can be either primary/secondary actions or reactions, and they follow all the normal rules for an Action of their type")', () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    // The bandit answers the hero's threat with a special action aimed at... the hero's ally.
    t.do({ type: "act", who: "bandit", action: "special", cost: 1, target: "ally" });
    expect(t.ap("bandit")).toBe(2);
    expect(t.ofType("actionResolved")[0]).toMatchObject({
      who: "hero",
      reactions: [{ who: "bandit", as: "special", cost: 1, target: "ally" }],
    });
    // With no offer open, the ally reacts to the hero's last action with a secondary aimed at the hero.
    t.do({ type: "act", who: "hero", action: "primary", cost: 1 });
    t.do({ type: "act", who: "ally", action: "secondary", cost: 1, target: "hero" });
    expect(t.ofType("reactionResolved")).toMatchObject([
      { who: "ally", with: "secondary", against: "hero", target: "hero" },
    ]);
    expect(t.refused({ type: "act", who: "ally", action: "secondary", cost: 1, target: "hero" }).key).toBe(
      "TEMPO.Refusal.OneReactionPerThreat",
    );
  });

  it("refuses a secondary action off turn with nothing to react to", () => {
    const t = fight();
    expect(t.refused({ type: "act", who: "bandit", action: "secondary", cost: 1 }).key).toBe(
      "TEMPO.Refusal.NothingToReactTo",
    );
  });

  it('treats a special action like a primary on the own turn and as a reaction off it ("they follow all the normal rules for an Action of their type")', () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "special", cost: 2, target: "bandit" });
    expect(t.ap("hero")).toBe(1);
    t.do({ type: "act", who: "bandit", action: "special", cost: 1, target: "hero" });
    expect(t.ap("bandit")).toBe(2);
  });

  it('takes free actions at no AP at any time, even off turn and while a reaction is pending ("Free Actions can be taken at any time during the combat round and cost no Action Points")', () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    t.do({ type: "act", who: "ally", action: "free" });
    t.do({ type: "act", who: "bandit", action: "free" });
    expect([t.ap("ally"), t.ap("bandit")]).toEqual([3, 3]);
    expect(t.refused({ type: "act", who: "ally", action: "free", cost: 1 }).key).toBe(
      "TEMPO.Refusal.BadCost",
    );
  });

  it("refuses actions by a defeated combatant", () => {
    const t = fight().do({ type: "setDefeated", who: "hero", defeated: true });
    expect(t.refused({ type: "act", who: "hero", action: "free" }).key).toBe("TEMPO.Refusal.Defeated");
  });
});

describe('rating extended actions ("An Extended Action is an Action that requires the use of more than one AP, which can cause it to require more than one Turn")', () => {
  it("pays what AP is left now and the rest at the start of the next turn, and only then takes effect", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 5, target: "bandit" });
    expect(t.ap("hero")).toBe(0);
    expect(t.c("hero").ext.extended).toMatchObject({ action: "primary", remaining: 2 });
    expect(t.state.offers).toEqual([]);
    expect(t.ofType("extendedActionBegun")).toHaveLength(1);
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("hero");
    expect(t.ap("hero")).toBe(1);
    expect(t.c("hero").ext.extended).toBeUndefined();
    expect(t.ofType("extendedActionCompleted")).toHaveLength(1);
    // Now it takes effect: the target is offered its reaction.
    expect(t.state.offers.map((o) => [o.who, o.with, o.against])).toEqual([["bandit", "reaction", "hero"]]);
  });

  it("carries over several turns when one turn's AP is not enough", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 8 });
    for (let i = 0; i < 3; i += 1) t.do({ type: "next" });
    expect(t.c("hero").ext.extended).toMatchObject({ remaining: 2 });
    expect(t.ofType("extendedActionContinued")[0]).toMatchObject({ paid: 3, remaining: 2 });
    expect(t.ap("hero")).toBe(0);
    // Even with AP from the GM, nothing else is started while it is being paid.
    t.do({ type: "adjustPool", who: "hero", pool: "ap", delta: 1 });
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 1 }).key).toBe(
      "TEMPO.Refusal.ExtendedActionUnderway",
    );
  });

  it("refuses to spread a secondary action over turns", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 2 });
    expect(t.refused({ type: "act", who: "hero", action: "secondary", cost: 2 }).key).toBe(
      "TEMPO.Refusal.NotEnoughAP",
    );
  });

  it("refuses any AP-costing action with no AP at all", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 3 });
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 4 }).key).toBe(
      "TEMPO.Refusal.NotEnoughAP",
    );
  });
});

describe('rating reactions ("Only one reaction attempt is permitted for each threat or event, but any number of reactions may be made per round")', () => {
  it("offers the target of an action aimed at it a reaction, and resolves the action once answered", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit", outcome: "hit" });
    expect(t.state.offers.map((o) => [o.who, o.with, o.against])).toEqual([["bandit", "reaction", "hero"]]);
    expect(t.state.pending).toHaveLength(1);
    t.do({ type: "react", who: "bandit", with: "reaction", outcome: "success" });
    expect(t.ap("bandit")).toBe(2);
    expect(t.state.pending).toEqual([]);
    expect(t.ofType("actionResolved")).toEqual([
      {
        type: "actionResolved",
        who: "hero",
        action: "primary",
        target: "bandit",
        outcome: "hit",
        reactions: [{ who: "bandit", as: "reaction", cost: 1, outcome: "success", target: null }],
      },
    ]);
  });

  it("makes no offer for an action aimed at an ally, nor to a target with no AP left", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "ally" });
    expect(t.state.offers).toEqual([]);
    t.do({ type: "adjustPool", who: "bandit", pool: "ap", delta: -3 });
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    expect(t.state.offers).toEqual([]);
    expect(t.ofType("actionResolved")).toHaveLength(1);
  });

  it("allows one attempt per threat: after answering, a second reaction to it is refused", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    t.do({ type: "react", who: "bandit", with: "reaction" });
    expect(t.refused({ type: "react", who: "bandit", with: "reaction", against: "hero" }).key).toBe(
      "TEMPO.Refusal.OneReactionPerThreat",
    );
  });

  it("counts declining as the threat's one attempt", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    t.do({ type: "react", who: "bandit", with: "decline" });
    expect(t.ap("bandit")).toBe(3);
    expect(t.ofType("actionResolved")).toHaveLength(1);
    expect(t.refused({ type: "react", who: "bandit", with: "reaction" }).key).toBe(
      "TEMPO.Refusal.OneReactionPerThreat",
    );
  });

  it('allows any number of reactions in a round while AP lasts ("provided that the character has Action Points left for that round to spend")', () => {
    const t = fight();
    for (let i = 0; i < 3; i += 1) {
      t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
      t.do({ type: "react", who: "bandit", with: "reaction" });
    }
    expect(t.ap("bandit")).toBe(0);
    t.do({ type: "adjustPool", who: "hero", pool: "ap", delta: 1 });
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    expect(t.state.offers).toEqual([]);
  });

  it("refuses a reaction without AP to pay for it", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    t.do({ type: "adjustPool", who: "bandit", pool: "ap", delta: -3 });
    expect(t.refused({ type: "react", who: "bandit", with: "reaction" }).key).toBe(
      "TEMPO.Refusal.NotEnoughAP",
    );
    expect(t.refused({ type: "react", who: "bandit", with: "parry" }).key).toBe(
      "TEMPO.Refusal.UnknownReaction",
    );
  });

  it('lets others react once to an action that threatens no one ("other events that the character is aware of")', () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "secondary", cost: 1 });
    t.do({ type: "react", who: "bandit", with: "reaction", against: "hero" });
    expect(t.ap("bandit")).toBe(2);
    expect(t.refused({ type: "react", who: "bandit", with: "reaction" }).key).toBe(
      "TEMPO.Refusal.OneReactionPerThreat",
    );
    expect(t.refused({ type: "react", who: "hero", with: "reaction" }).key).toBe(
      "TEMPO.Refusal.NothingToReactTo",
    );
    expect(t.refused({ type: "react", who: "ally", with: "reaction", against: "bandit" }).key).toBe(
      "TEMPO.Refusal.NothingToReactTo",
    );
    t.do({ type: "react", who: "ally", with: "reaction" });
  });
});

describe('rating multiple action turns ("the character must declare them individually, resolving other character\'s reactions first")', () => {
  it("refuses the next action, the end of the turn and the GM's next while a reaction is open", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 1 }).key).toBe(
      "TEMPO.Refusal.ReactionsPending",
    );
    expect(t.refused({ type: "endTurn", who: "hero" }).key).toBe("TEMPO.Refusal.ReactionsPending");
    expect(t.refused({ type: "next" }).key).toBe("TEMPO.Refusal.ReactionsPending");
    t.do({ type: "react", who: "bandit", with: "decline" });
    t.do({ type: "act", who: "hero", action: "primary", cost: 1 });
  });
});

describe("rating actions: what each refusal names and each event reports", () => {
  it('names the action and the cost refused ("All non-free actions cost at least 1 AP unless otherwise stated")', () => {
    const t = fight();
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 0 })).toEqual({
      key: "TEMPO.Refusal.BadCost",
      data: { action: "primary", cost: 0, max: 20 },
    });
    expect(t.refused({ type: "act", who: "hero", action: "free", cost: 2 })).toEqual({
      key: "TEMPO.Refusal.BadCost",
      data: { action: "free", cost: 2, max: 20 },
    });
    expect(t.refused({ type: "act", who: "hero", action: "dance" })).toEqual({
      key: "TEMPO.Refusal.UnknownAction",
      data: { action: "dance" },
    });
  });

  it("names who tried a primary action off turn", () => {
    const t = fight();
    expect(t.refused({ type: "act", who: "bandit", action: "primary", cost: 1 })).toEqual({
      key: "TEMPO.Refusal.PrimaryOnOwnTurn",
      data: { who: "bandit" },
    });
  });

  it("refuses an action aimed at a defeated or unknown combatant", () => {
    const t = fight().do({ type: "setDefeated", who: "bandit", defeated: true });
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" }).key).toBe(
      "TEMPO.Refusal.Defeated",
    );
    expect(t.refused({ type: "act", who: "hero", action: "free", target: "bandit" }).key).toBe(
      "TEMPO.Refusal.Defeated",
    );
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 1, target: "ghost" }).key).toBe(
      "TEMPO.Refusal.UnknownCombatant",
    );
  });

  it("reports an action taken with its cost and target, and a free one at cost 0", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "secondary", cost: 2, target: "ally" });
    expect(t.ofType("actionTaken")).toEqual([
      { type: "actionTaken", who: "hero", action: "secondary", cost: 2, target: "ally" },
    ]);
    t.do({ type: "act", who: "bandit", action: "free", cost: 0, target: "hero" });
    expect(t.events).toEqual([
      { type: "actionTaken", who: "bandit", action: "free", cost: 0, target: "hero" },
    ]);
    t.do({ type: "act", who: "ally", action: "free" });
    expect(t.events).toEqual([{ type: "actionTaken", who: "ally", action: "free", cost: 0, target: null }]);
  });

  it('lets others react once to a free action, as to any event ("other events that the character is aware of")', () => {
    const t = fight();
    t.do({ type: "act", who: "ally", action: "free" });
    // The free action is now the last action: the bandit may react to it, against the ally.
    t.do({ type: "react", who: "bandit", with: "reaction", against: "ally" });
    expect(t.ofType("reactionResolved")).toMatchObject([{ who: "bandit", against: "ally", cost: 1 }]);
    expect(t.ap("bandit")).toBe(2);
  });

  it('refuses a surprised combatant\'s free action as well ("They also may only take Reactions until after their first Turn has passed")', () => {
    const t = new Table([hero(), bandit({ surprised: true })], [6]).do({ type: "start" });
    expect(t.refused({ type: "act", who: "bandit", action: "free" })).toEqual({
      key: "TEMPO.Refusal.SurprisedOnlyReactions",
      data: { who: "bandit" },
    });
  });

  it("offers a reaction to a target with exactly 1 AP left (enough to pay for one)", () => {
    const t = fight();
    t.do({ type: "adjustPool", who: "bandit", pool: "ap", delta: -2 });
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["bandit", "hero"]]);
    expect(t.ofType("actionResolved")).toEqual([]);
  });
});

describe('rating extended actions: the events ("An Extended Action ... can cause it to require more than one Turn")', () => {
  it("reports the AP paid at once, the AP still owed each turn, and the completion with the whole cost", () => {
    // hero has 3 AP: a cost of 8 pays 3 now (5 owed), 3 in round 2 (2 owed), 2 in round 3.
    const t = fight();
    t.do({ type: "act", who: "hero", action: "special", cost: 8, target: "bandit", outcome: "hit" });
    expect(t.ofType("extendedActionBegun")).toEqual([
      { type: "extendedActionBegun", who: "hero", action: "special", cost: 8, paid: 3, remaining: 5 },
    ]);
    expect(t.ofType("actionTaken")).toEqual([]);
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.ofType("extendedActionContinued")).toEqual([
      { type: "extendedActionContinued", who: "hero", action: "special", paid: 3, remaining: 2 },
    ]);
    expect(t.c("hero").ext.extended).toEqual({
      action: "special",
      cost: 8,
      remaining: 2,
      target: "bandit",
      outcome: "hit",
    });
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.ofType("extendedActionCompleted")).toEqual([
      { type: "extendedActionCompleted", who: "hero", action: "special", cost: 8 },
    ]);
    expect(t.ofType("actionTaken")).toEqual([
      { type: "actionTaken", who: "hero", action: "special", cost: 8, target: "bandit" },
    ]);
    expect(t.ap("hero")).toBe(1);
    // It takes effect with its target and stipulated outcome once the bandit has answered.
    t.do({ type: "react", who: "bandit", with: "decline" });
    expect(t.ofType("actionResolved")).toEqual([
      {
        type: "actionResolved",
        who: "hero",
        action: "special",
        target: "bandit",
        outcome: "hit",
        reactions: [],
      },
    ]);
  });

  it("names the action underway and the AP it still needs when another is refused", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 9 });
    for (let i = 0; i < 3; i += 1) t.do({ type: "next" });
    // 9 - 3 paid in round 1 - 3 in round 2 = 3 still needed.
    t.do({ type: "adjustPool", who: "hero", pool: "ap", delta: 1 });
    expect(t.refused({ type: "act", who: "hero", action: "secondary", cost: 1 })).toEqual({
      key: "TEMPO.Refusal.ExtendedActionUnderway",
      data: { who: "hero", action: "primary", need: 3 },
    });
  });

  it("takes effect without an offer when its target was defeated while it was being paid", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 5, target: "bandit" });
    t.do({ type: "setDefeated", who: "bandit", defeated: true });
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.offers).toEqual([]);
    expect(t.ofType("actionResolved")).toEqual([
      {
        type: "actionResolved",
        who: "hero",
        action: "primary",
        target: "bandit",
        outcome: null,
        reactions: [],
      },
    ]);
  });

  it("completes an action costing exactly the AP left at once, with nothing carried over", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 3, target: "ally" });
    expect(t.c("hero").ext.extended).toBeUndefined();
    expect(t.ofType("extendedActionBegun")).toEqual([]);
    expect(t.ofType("actionTaken")).toEqual([
      { type: "actionTaken", who: "hero", action: "primary", cost: 3, target: "ally" },
    ]);
  });
});

describe("rating actions: what others can react to", () => {
  it('records a free action as the last action, an event others may react to ("other events that the character is aware of")', () => {
    const t = fight();
    t.do({ type: "act", who: "ally", action: "free" });
    expect(t.state.ext.lastAction).toEqual({
      id: expect.stringMatching(/^e\d+$/),
      who: "ally",
      action: "free",
    });
    t.do({ type: "act", who: "hero", action: "secondary", cost: 1, target: "ally" });
    expect(t.state.ext.lastAction).toEqual({
      id: expect.stringMatching(/^e\d+$/),
      who: "hero",
      action: "secondary",
    });
  });

  it("opens a threat for an action aimed at a foe, recorded as the last action under the threat's id", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit", outcome: "hit" });
    expect(t.state.pending).toEqual([
      {
        id: expect.stringMatching(/^p\d+$/),
        kind: "threat",
        actor: "hero",
        data: { action: "primary", target: "bandit", outcome: "hit", reactions: [] },
      },
    ]);
    expect(t.state.ext.lastAction).toEqual({ id: t.state.pending[0]?.id, who: "hero", action: "primary" });
  });

  it("takes a secondary action off turn with no offer open as a reaction to the last action, whoever it is aimed at", () => {
    const t = fight();
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "ally" });
    // The bandit reacts to the hero's action with a secondary aimed at the hero's ally.
    t.do({ type: "act", who: "bandit", action: "secondary", cost: 1, target: "ally" });
    expect(t.ofType("reactionResolved")).toMatchObject([
      { who: "bandit", with: "secondary", against: "hero", cost: 1, target: "ally" },
    ]);
  });

  it("takes a bystander's secondary action as a reaction to the last action, even while another's offer is open against its target", () => {
    const t = new Table(
      [
        hero(),
        bandit(),
        { id: "ally", side: "party", pc: true, stats: { initiativeRating: 0, luck: 0, maxAp: 3 } },
        { id: "scout", side: "foes", stats: { initiativeRating: 0, luck: 0, maxAp: 3 } },
      ],
      [4, 1, 1, 1],
    ).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "primary", cost: 1, target: "bandit" });
    // While the bandit's offer against the hero is open, the ally's free action is the last action.
    t.do({ type: "act", who: "ally", action: "free" });
    t.do({ type: "act", who: "scout", action: "secondary", cost: 1, target: "hero" });
    expect(t.ofType("reactionResolved")).toMatchObject([
      { who: "scout", with: "secondary", against: "ally", cost: 1, target: "hero" },
    ]);
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["bandit", "hero"]]);
  });

  it('names the surprised combatant refused an action on its own turn ("They also may only take Reactions until after their first Turn has passed")', () => {
    const t = new Table([hero({ surprised: true }), bandit()], [1]).do({ type: "start" });
    expect(t.state.current).toBe("hero");
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 1 })).toEqual({
      key: "TEMPO.Refusal.SurprisedOnlyReactions",
      data: { who: "hero" },
    });
  });
});

describe("rating extended actions and the GM's tie order", () => {
  const npc = (id: string) => ({ id, side: "foes", stats: { initiativeRating: 2, luck: 1 } });
  /** a, b and x all at initiative 5, tied on every key, in that order; b begins a 5-AP action in round 1 (3 paid, 2 owed). */
  function owing(): Table {
    const t = new Table([npc("a"), npc("b"), npc("x")], [3, 3, 3], { ties: "gm" }).do({ type: "start" });
    t.do({ type: "next" }).do({ type: "act", who: "b", action: "primary", cost: 5 });
    return t.do({ type: "next" }).do({ type: "next" });
  }

  it("counts paying an Extended Action at the start of the turn as acting: no tied combatant can then be moved before it", () => {
    const t = owing().do({ type: "next" });
    expect(t.state.current).toBe("b");
    expect(t.ofType("extendedActionCompleted")).toEqual([
      { type: "extendedActionCompleted", who: "b", action: "primary", cost: 5 },
    ]);
    expect(t.refused({ type: "delay", who: "x", until: "b" }).key).toBe("TEMPO.Refusal.TurnAlreadyTaken");
  });

  it("does not count a turn that could pay nothing towards it as acting", () => {
    const t = owing();
    t.do({ type: "adjustPool", who: "b", pool: "ap", delta: -3 }).do({ type: "next" });
    expect(t.state.current).toBe("b");
    expect(t.ofType("extendedActionContinued")).toEqual([
      { type: "extendedActionContinued", who: "b", action: "primary", paid: 0, remaining: 2 },
    ]);
    t.do({ type: "delay", who: "x", until: "b" });
    expect(t.state.current).toBe("x");
  });
});
