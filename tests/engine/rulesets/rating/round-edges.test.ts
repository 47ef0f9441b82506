import { describe, expect, it } from "vitest";
import { bandit, hero, Table } from "./helpers";

/**
 * rating.txt Steps 3 to 6 at their edges: who rolls at the start, which refill each pool change
 * is, how surprise ends, and a round in which nobody can take a Turn.
 */
describe("rating rounds at their edges (rating.txt Steps 3 to 6)", () => {
  it("rolls no initiative for a combatant already defeated when combat starts, who stays last in the order and is passed over (Step 3: each character rolls to act)", () => {
    // One die each for the hero and the scout: a roll for the defeated bandit would take the 2.
    const t = new Table(
      [hero(), bandit(), { id: "scout", side: "foes", stats: { initiativeRating: 0 } }],
      [1, 2],
    );
    t.do({ type: "setDefeated", who: "bandit", defeated: true }).do({ type: "start" });
    const rolled = t.events.filter((e) => e.type === "initiativeRolled");
    expect(rolled.map((e) => [e.who, e.die])).toEqual([
      ["hero", 1],
      ["scout", 2],
    ]);
    expect(t.state.order).toEqual(["hero", "scout", "bandit"]);
    expect(t.c("bandit").initiative).toBeNull();
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("hero");
  });

  it("announces the start with the order just fixed, before the first round starts (Step 3, then Step 4)", () => {
    const t = new Table([hero(), bandit()], [1, 6]).do({ type: "start" });
    expect(t.events.find((e) => e.type === "combatStarted")).toEqual({
      type: "combatStarted",
      order: ["bandit", "hero"],
    });
    const types = t.events.map((e) => e.type);
    expect(types.indexOf("combatStarted")).toBeLessThan(types.indexOf("roundStarted"));
  });

  it('names the refill of each round\'s start "roundStart" ("At the start of the round, all characters replenish their AP")', () => {
    const t = new Table([hero(), bandit()], [6, 1]).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "primary", cost: 2 }).do({ type: "next" });
    t.do({ type: "act", who: "bandit", action: "primary", cost: 1 }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.events.filter((e) => e.type === "poolSet")).toEqual([
      { type: "poolSet", who: "hero", pool: "ap", value: 3, reason: "roundStart" },
      { type: "poolSet", who: "bandit", pool: "ap", value: 3, reason: "roundStart" },
    ]);
  });

  it('with turn-based refreshing fills AP the GM lowered before the fight at the start of round 1 ("all characters start the first Rounds with their Maximum AP")', () => {
    const t = new Table([hero(), bandit()], [6, 1], { apRefresh: "turn" });
    t.do({ type: "adjustPool", who: "bandit", pool: "ap", delta: -2 });
    expect(t.ap("bandit")).toBe(1);
    t.do({ type: "start" });
    expect(t.ap("bandit")).toBe(3);
  });

  it('with turn-based refreshing names the refill at a Turn\'s start "turnStart" ("replenish their AP at the start of their Turn")', () => {
    const t = new Table([hero(), bandit()], [6, 1], { apRefresh: "turn" }).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "primary", cost: 2 }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.events.filter((e) => e.type === "poolSet")).toEqual([
      { type: "poolSet", who: "hero", pool: "ap", value: 3, reason: "turnStart" },
    ]);
  });

  it('ends surprise after the first Turn even when the GM took the condition off during it ("They also may only take Reactions until after their first Turn has passed")', () => {
    const t = new Table([hero({ surprised: true }), bandit()], [6]).do({ type: "start" });
    expect(t.state.current).toBe("bandit");
    t.do({ type: "next" });
    expect(t.state.current).toBe("hero");
    t.do({ type: "removeCondition", who: "hero", condition: "surprised" });
    expect(t.refused({ type: "act", who: "hero", action: "primary", cost: 1 }).key).toBe(
      "TEMPO.Refusal.SurprisedOnlyReactions",
    );
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("hero");
    t.do({ type: "act", who: "hero", action: "primary", cost: 1 });
    expect(t.ap("hero")).toBe(2);
  });

  it("ends surprise the GM marks during the fight at the end of that combatant's Turn, as the first Turn's end does", () => {
    const t = new Table([hero(), bandit()], [6, 1]).do({ type: "start" });
    t.do({ type: "apply", who: "bandit", condition: "surprised", rounds: null }).do({ type: "next" });
    expect(t.state.current).toBe("bandit");
    expect(t.refused({ type: "act", who: "bandit", action: "primary", cost: 1 }).key).toBe(
      "TEMPO.Refusal.SurprisedOnlyReactions",
    );
    t.do({ type: "next" });
    expect(t.events).toContainEqual({ type: "conditionRemoved", who: "bandit", condition: "surprised" });
    expect(t.c("bandit").conditions).toEqual([]);
  });

  it("starts a fight in which every combatant is already defeated, with nobody current, and moves it on round by round (Step 6)", () => {
    const t = new Table([hero(), bandit()]);
    t.do({ type: "setDefeated", who: "hero", defeated: true });
    t.do({ type: "setDefeated", who: "bandit", defeated: true }).do({ type: "start" });
    expect(t.state.status).toBe("active");
    expect(t.state.current).toBeNull();
    t.do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBeNull();
    expect(t.events.map((e) => e.type)).toEqual(["roundEnded", "roundStarted"]);
  });

  it("gives a newcomer who joins a round nobody could act in its Turn from the next round on (Step 4: the round starts with the highest initiative)", () => {
    // The defeated hero rolls nothing; the 4 is the newcomer's initiative die.
    const t = new Table([hero()], [4]);
    t.do({ type: "setDefeated", who: "hero", defeated: true }).do({ type: "start" });
    expect(t.state.current).toBeNull();
    t.do({ type: "addCombatant", combatant: bandit() });
    expect(t.state.order).toEqual(["bandit", "hero"]);
    expect(t.state.current).toBeNull();
    t.do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("bandit");
  });
});
