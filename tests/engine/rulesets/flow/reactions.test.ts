import { describe, expect, it } from "vitest";
import { Table, duel } from "./helpers";

describe("flow reactions against an attack", () => {
  it('offers nothing against a miss (flow: "When an attack of the right type would succeed against you")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    expect(t.offers()).toEqual([]);
    expect(t.pools("ana").fp).toBe(2);
  });

  it('offers Block only to a defender with a shield (flow: "Block ... requires a shield")', () => {
    const t = duel({ orc: { tags: ["shield"] } });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.offers()).toEqual(["orc/block/ana", "orc/dodge/ana", "orc/parry/ana", "orc/riposte/ana"]);
  });

  it('offers Parry and Riposte only against melee attacks (flow: "Parry: 1 RP to roll Melee to deflect another melee attack")', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [5, 0] },
      ],
      [9, 4],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.offers()).toEqual(["orc/dodge/ana"]);
    expect(t.state.pending[0]?.data.melee).toBe(false);
  });

  it('offers Riposte only to a defender with 2 RP (flow: "Riposte/Intercept for 2 RP each")', () => {
    const t = duel();
    t.do({ type: "adjustPool", who: "orc", pool: "rp", delta: -1 });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.offers()).toEqual(["orc/dodge/ana", "orc/parry/ana"]);
  });

  it("refuses a reaction that was not offered, and a second reaction against the same attack", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.refused({ type: "react", who: "orc", with: "block", outcome: "success" })).toBe(
      "TEMPO.Refusal.NoSuchOffer",
    );
    expect(t.refused({ type: "react", who: "ana", with: "dodge", outcome: "success" })).toBe(
      "TEMPO.Refusal.NoSuchOffer",
    );
    t.do({ type: "react", who: "orc", with: "dodge", outcome: "fail" });
    // "You may not perform multiple Reactions against a single attack"
    expect(t.offers()).toEqual([]);
    expect(t.refused({ type: "react", who: "orc", with: "parry", outcome: "success" })).toBe(
      "TEMPO.Refusal.NoSuchOffer",
    );
    expect(t.pools("orc").rp).toBe(1);
    expect(t.pools("ana").fp).toBe(4);
  });

  it("refuses a defence stipulated to kill", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.refused({ type: "react", who: "orc", with: "dodge", outcome: "kill" })).toBe(
      "TEMPO.Refusal.FlowBadOutcome",
    );
  });

  it('rolls a dodge on the higher of Agility and Athletics against the attack (flow: "Dodge: 1 RP to roll higher of Agility/Athletics")', () => {
    // The orc's athletics 70 counts: 65 is a Normal success against a Normal attack, and wins.
    const t = duel({ orc: { skills: { agility: 20, athletics: 70 } } }, [65]);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "react", who: "orc", with: "dodge" });
    expect(t.event("reactionResolved")).toMatchObject({
      who: "orc",
      with: "dodge",
      won: true,
      level: "normal",
    });
    expect(t.pools("ana").fp).toBe(2);
  });

  it('parries on Melee and blocks on Endurance (flow: "Parry: 1 RP to roll Melee", "Block: 1 RP to roll Endurance")', () => {
    const t = duel({ orc: { skills: { melee: 10, endurance: 90 }, tags: ["shield"] } }, [50, 50]);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "react", who: "orc", with: "parry" });
    expect(t.event("reactionResolved")).toMatchObject({ with: "parry", won: false, level: "fail" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "react", who: "orc", with: "block" });
    expect(t.event("reactionResolved")).toMatchObject({ with: "block", won: true, level: "normal" });
  });

  it('deals 3x when a critical hit meets a critically failed Dodge (flow: "The critical hit will instead deal 3x damage")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "crit" });
    const events = t.do({ type: "react", who: "orc", with: "dodge", outcome: "critFail" });
    expect(events.find((e) => e.type === "attackResolved")).toMatchObject({
      hit: true,
      multiplier: 3,
      victim: "orc",
    });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "crit" });
    const plain = t.do({ type: "react", who: "orc", with: "dodge", outcome: "fail" });
    expect(plain.find((e) => e.type === "attackResolved")).toMatchObject({ hit: true, multiplier: 2 });
  });

  it("deals 1x on a hit and does not triple a critical hit against a critically failed Block", () => {
    const t = duel({ orc: { tags: ["shield"] } });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(
      t.do({ type: "react", who: "orc", with: "decline" }).find((e) => e.type === "attackResolved"),
    ).toMatchObject({ multiplier: 1 });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "crit" });
    expect(
      t
        .do({ type: "react", who: "orc", with: "block", outcome: "critFail" })
        .find((e) => e.type === "attackResolved"),
    ).toMatchObject({ multiplier: 2 });
  });

  it('gives 1 FP for a successful reaction only once per round (flow: "Gain 1 FP from a successful reaction (once per round)")', () => {
    const t = duel({ orc: { stats: { maxRp: 3 } } });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "react", who: "orc", with: "dodge", outcome: "success" });
    expect(t.pools("orc").fp).toBe(3);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "react", who: "orc", with: "dodge", outcome: "success" });
    expect(t.pools("orc").fp).toBe(3);
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "react", who: "orc", with: "dodge", outcome: "success" });
    expect(t.pools("orc").fp).toBe(3);
    expect(t.event("poolGained")).toMatchObject({ who: "orc", pool: "fp", reason: "successfulReaction" });
  });

  it('gives 3 FP for a killing hit: 2 for the hit, 1 for the killing blow (flow: "Gain 1 FP from a killing blow on an enemy combatant")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "kill" });
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.pools("ana").fp).toBe(5);
    expect(t.c("orc").defeated).toBe(true);
    expect(t.event("attackResolved")).toMatchObject({ killed: true, victim: "orc" });
  });

  it("lets a reaction avoid a killing blow", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "kill" });
    t.do({ type: "react", who: "orc", with: "parry", outcome: "success" });
    expect(t.c("orc").defeated).toBe(false);
    expect(t.pools("ana").fp).toBe(2);
  });

  it("offers no Riposte counterattack when the attacker stands beyond the riposter's reach", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [2, 0], reach: 2 },
      ],
      [4, 9],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toContain("ana/riposte/orc");
    const events = t.do({ type: "react", who: "ana", with: "riposte", outcome: "success" });
    expect(t.offers()).toEqual([]);
    expect(events.map((e) => e.type)).toContain("riposteCounterUnavailable");
  });
});

describe("flow Intercept", () => {
  function line3(bob: [number, number], ranged = false): Table {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bob", side: "party", at: bob },
        { id: "orc", side: "foes", at: ranged ? [4, 0] : [1, 0] },
      ],
      [2, 3, 9],
    );
    t.do({ type: "start" });
    return t;
  }

  it("is offered to an ally who can get next to both within 3 hexes, and not to one who cannot", () => {
    expect(
      (() => {
        const t = line3([-2, 0]);
        t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
        return t.offers();
      })(),
    ).toContain("bob/intercept/orc");
    const far = line3([-4, 0]);
    far.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(far.offers()).not.toContain("bob/intercept/orc");
  });

  it('against a ranged attack needs a hex directly between ally and attacker (flow: "you must be able to stand directly between your ally and the attacking enemy within 3 hexes")', () => {
    const t = line3([0, 3], true);
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toContain("bob/intercept/orc");
    t.do({ type: "react", who: "bob", with: "intercept", outcome: "success" });
    const at = t.c("bob").at;
    expect(at && at[1] === 0 && at[0] > 0 && at[0] < 4).toBe(true);
    expect(t.event("attackResolved")).toMatchObject({ victim: "bob", interceptedBy: "bob", hit: true });
  });

  it("lets the original target take the hit when the interceptor loses its Agility check", () => {
    const t = line3([-2, 0]);
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    t.do({ type: "react", who: "bob", with: "intercept", outcome: "fail" });
    expect(t.pools("bob").rp).toBe(0);
    // Ana keeps her own defences (interceptLost: allyReacts); she takes no other and is hit.
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc"]);
    t.do({ type: "react", who: "ana", with: "decline", against: "orc" });
    expect(t.event("attackResolved")).toMatchObject({ victim: "ana", hit: true });
    expect(t.offers()).toEqual([]);
  });

  it("offers the defender of a Reaction Attack Dodge and Parry but no Riposte (reaction chains); Grosh has no ally to intercept", () => {
    const t = line3([-2, 0]);
    t.do({ type: "move", who: "orc", path: [[2, 0]] });
    expect(t.offers()).toEqual(["ana/reactionAttack/orc"]);
    t.do({ type: "react", who: "ana", with: "reactionAttack", outcome: "hit" });
    expect(t.offers()).toEqual(["orc/dodge/ana", "orc/parry/ana"]);
  });

  it("lets an ally intercept a single-target spell", () => {
    const t = line3([-2, 0]);
    t.do({ type: "act", who: "orc", action: "cast", target: "ana", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/reactionAttack/orc"]);
    t.do({ type: "react", who: "ana", with: "decline" });
    expect(t.offers()).toEqual(["bob/intercept/orc"]);
    t.do({ type: "react", who: "bob", with: "decline" });
    expect(t.event("attackResolved")).toMatchObject({ spell: true, hit: true, victim: "ana" });
  });
});
