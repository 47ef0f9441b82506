import { describe, expect, it } from "vitest";
import { Table, duel } from "./helpers";

describe("flow initiative", () => {
  it('rolls 1d10 + Agility for everyone, highest first (flow: "Everyone rolls 1d10 + Agility Modifier", "Initiative proceeds from highest to lowest roll")', () => {
    const t = new Table(
      [
        { id: "a", side: "x", stats: { agility: 3 } },
        { id: "b", side: "y", stats: { agility: -1 } },
        { id: "c", side: "y" },
      ],
      [2, 10, 7],
    );
    t.do({ type: "start" });
    expect([t.c("a").initiative, t.c("b").initiative, t.c("c").initiative]).toEqual([5, 9, 7]);
    expect(t.state.order).toEqual(["b", "c", "a"]);
    expect(t.state.current).toBe("b");
  });

  it('breaks a tie by the higher Agility without rolling (flow: "Ties are resolved as normal")', () => {
    const t = new Table(
      [
        { id: "low", side: "x", stats: { agility: 1 } },
        { id: "high", side: "y", stats: { agility: 2 } },
      ],
      [5, 4],
    );
    t.do({ type: "start" });
    expect(t.state.order).toEqual(["high", "low"]);
    expect(t.diceLeft).toBe(0);
  });

  it("breaks a tie of initiative and Agility with a d10 roll-off, rolled again while still tied", () => {
    const t = new Table(
      [
        { id: "a", side: "x" },
        { id: "b", side: "y" },
        { id: "c", side: "y" },
      ],
      // initiative 6, 6, 6; roll-off 4, 4, 9 (c first, a and b tie again); second roll-off 2, 3.
      [6, 6, 6, 4, 4, 9, 2, 3],
    );
    t.do({ type: "start" });
    expect(t.state.order).toEqual(["c", "b", "a"]);
    expect(t.diceLeft).toBe(0);
    expect(t.events.filter((e) => e.type === "initiativeTieRolled")).toHaveLength(2);
  });

  it('keeps the same order round after round (flow: "new round begins; same initiative order")', () => {
    const t = duel();
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.state.round).toBe(2);
    expect(t.state.order).toEqual(["ana", "orc"]);
    expect(t.state.current).toBe("ana");
  });

  it("rolls initiative for a combatant joining a running fight and places it by its roll", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
      [9, 3, 5],
    );
    t.do({ type: "start" });
    t.do({ type: "addCombatant", combatant: { id: "gob", side: "foes", at: [6, 0] } });
    expect(t.c("gob").initiative).toBe(5);
    expect(t.state.order).toEqual(["ana", "gob", "orc"]);
    expect(t.c("gob").pools).toEqual({ ap: 5, rp: 2, fp: 2 });
    t.do({ type: "endTurn", who: "ana" });
    expect(t.state.current).toBe("gob");
  });
});

describe("flow turn sequence", () => {
  it('forfeits unused AP at the end of the turn (flow: "Any unused AP at the end of your turn is forfeited")', () => {
    const t = duel();
    t.do({ type: "endTurn", who: "ana" });
    expect(t.pools("ana").ap).toBe(0);
    expect(t.state.current).toBe("orc");
  });

  it('decays 1 FP at the end of each turn but never below zero (flow: "Lose 1 FP per round at end of turn")', () => {
    const t = duel();
    for (let i = 0; i < 3; i += 1) {
      t.do({ type: "endTurn", who: "ana" });
      t.do({ type: "endTurn", who: "orc" });
    }
    expect(t.pools("ana").fp).toBe(0);
    expect(t.pools("orc").fp).toBe(0);
  });

  it('keeps FP when Flow State was used that turn (flow: "Retain all FP at the end of your turn; no FP decay")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "flowState" });
    expect(t.pools("ana").ap).toBe(4);
    t.do({ type: "endTurn", who: "ana" });
    expect(t.pools("ana").fp).toBe(2);
    t.do({ type: "endTurn", who: "orc" });
    // Flow State lasts for the turn it was used in only.
    t.do({ type: "endTurn", who: "ana" });
    expect(t.pools("ana").fp).toBe(1);
  });

  it('reports ongoing effects to resolve at the end of a turn (flow: "Ongoing effects resolve (bleeding, poison, etc.)")', () => {
    const t = duel();
    t.do({ type: "apply", who: "ana", condition: "bleeding", rounds: 2 });
    const events = t.do({ type: "endTurn", who: "ana" });
    expect(events).toContainEqual({ type: "ongoingEffectsResolved", who: "ana", conditions: ["bleeding"] });
  });

  it("ticks timed conditions at the end of the round (flow: \"Round End: 'End of round' effects resolve\")", () => {
    const t = duel();
    t.do({ type: "apply", who: "orc", condition: "bleeding", rounds: 1 });
    t.do({ type: "endTurn", who: "ana" });
    expect(t.conditions("orc")).toEqual(["bleeding"]);
    t.do({ type: "endTurn", who: "orc" });
    expect(t.conditions("orc")).toEqual([]);
  });

  it('says when the AP are exhausted (flow: "Repeat until AP exhausted or player chooses to end turn")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    const events = t.do({ type: "act", who: "ana", action: "flowState" });
    expect(events).toContainEqual({ type: "apExhausted", who: "ana" });
    expect(t.state.current).toBe("ana");
  });

  it("refuses to end someone else's turn, and any turn while reactions are open", () => {
    const t = duel();
    expect(t.refused({ type: "endTurn", who: "orc" })).toBe("TEMPO.Refusal.NotYourTurn");
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.refused({ type: "endTurn", who: "ana" })).toBe("TEMPO.Refusal.ReactionsPending");
    expect(t.refused({ type: "next" })).toBe("TEMPO.Refusal.ReactionsPending");
  });

  it("skips a defeated combatant's turn", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [3, 0] },
      ],
      [9, 5, 2],
    );
    t.do({ type: "start" });
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    t.do({ type: "next" });
    expect(t.state.current).toBe("gob");
  });
});

describe("flow pools", () => {
  it('starts combat with 5 AP, full RP and 2 FP (flow: "5 AP per round", "2 RP per round", "2 FP at start of combat")', () => {
    const t = duel();
    expect(t.pools("ana")).toEqual({ ap: 5, rp: 2, fp: 2 });
    expect(t.pools("orc")).toEqual({ ap: 5, rp: 2, fp: 2 });
  });

  it('takes more AP and RP from the maxAp and maxRp stats (flow: "It is possible to start a round with more than 5", "usually 2, unless abilities grant more")', () => {
    const t = duel({ ana: { stats: { agility: 1, maxAp: 6, maxRp: 3 } } });
    expect(t.pools("ana")).toEqual({ ap: 6, rp: 3, fp: 2 });
  });

  it("refreshes AP for everyone when a round begins", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "flowState" });
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "act", who: "orc", action: "draw" });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.pools("ana").ap).toBe(5);
    expect(t.pools("orc").ap).toBe(5);
  });
});

describe("flow surprise", () => {
  it('leaves the surprised out of the Surprise Round with 0 AP, 0 RP and 0 FP (flow: "only the surprising party may act in that round")', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0], surprised: true },
      ],
      [3, 9],
    );
    t.do({ type: "start" });
    expect(t.state.order).toEqual(["ana"]);
    expect(t.pools("orc")).toEqual({ ap: 0, rp: 0, fp: 0 });
    expect(t.refused({ type: "act", who: "orc", action: "flowState" })).toBe("TEMPO.Refusal.FlowSurprised");
    t.do({ type: "endTurn", who: "ana" });
    expect(t.state.round).toBe(2);
    expect(t.state.order).toEqual(["orc", "ana"]);
    expect(t.pools("orc")).toEqual({ ap: 5, rp: 2, fp: 2 });
    expect(t.conditions("orc")).toEqual([]);
  });

  it('gives the surprised their RP at the start of their own turn, not as the first normal round begins (flow: "Players regain their RP at the start of their turn after combat is underway.")', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0], surprised: true },
      ],
      [9, 3],
    );
    t.do({ type: "start" });
    t.do({ type: "endTurn", who: "ana" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("ana");
    // The free 2 FP come "at the start of the first normal round"; the RP wait for the orc's turn.
    expect(t.pools("orc")).toEqual({ ap: 5, rp: 0, fp: 2 });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.offers()).toEqual([]);
    expect(t.event("attackResolved")).toMatchObject({ target: "orc", hit: true, victim: "orc" });
    t.do({ type: "endTurn", who: "ana" });
    expect(t.state.current).toBe("orc");
    expect(t.pools("orc")).toEqual({ ap: 5, rp: 2, fp: 2 });
    expect(t.events).toContainEqual({
      type: "poolSet",
      who: "orc",
      pool: "rp",
      value: 2,
      reason: "turnStart",
    });
  });

  it("plays a normal first round when everyone is surprised (nobody got the drop)", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], surprised: true },
        { id: "orc", side: "foes", at: [1, 0], surprised: true },
      ],
      [3, 9],
    );
    t.do({ type: "start" });
    expect(t.state.order).toEqual(["orc", "ana"]);
    expect(t.pools("ana")).toEqual({ ap: 5, rp: 2, fp: 2 });
    expect(t.conditions("ana")).toEqual([]);
  });
});
