import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table, duel } from "./helpers";

/**
 * flow attacks at their edges (src/engine/rulesets/flow/attacks.ts): the outcome a rolled hit
 * carries, the full content of the attack's events, the 3x of a botched Parry or Riposte, who pays
 * for Block and Intercept, who may Intercept at all, and the Riposte's counterattack. Rolled levels
 * are worked out by hand from docs/rulesets/flow.md "Dice": under skill S, critical at most S/10,
 * major at most S/5, hard at most S/2, normal at most S, fail above.
 */

/** The attack's open trigger as stored in the encounter state. */
function attackPending(level: string, outcome: string) {
  // p1: the attack's trigger is the first id the encounter gives out.
  return [
    {
      id: "p1",
      kind: "attack",
      actor: "ana",
      data: {
        attacker: "ana",
        target: "orc",
        level,
        outcome,
        melee: true,
        spell: false,
        reactionAttack: false,
      },
    },
  ];
}

describe('flow rolled hits carry their outcome ("Gain 2 FP from attacks that hit, 3 FP from crits")', () => {
  it("records a Normal rolled hit as a hit and pays 2 FP", () => {
    // 40 under Melee 50: above 25 (half), at most 50: Normal.
    const t = duel({ ana: { skills: { melee: 50 } } }, [40]);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.state.pending).toEqual(attackPending("normal", "hit"));
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.event("attackResolved")).toStrictEqual({
      type: "attackResolved",
      attacker: "ana",
      target: "orc",
      level: "normal",
      reactionAttack: false,
      melee: true,
      spell: false,
      hit: true,
      victim: "orc",
      multiplier: 1,
      killed: false,
    });
    // 2 FP at the start of combat, +2 for the hit.
    expect(t.pools("ana").fp).toBe(4);
  });

  it("records a Critical rolled hit as a crit and pays 3 FP", () => {
    // 3 under Melee 50: at most 5 (a tenth): Critical.
    const t = duel({ ana: { skills: { melee: 50 } } }, [3]);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.state.pending).toEqual(attackPending("critical", "crit"));
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.event("attackResolved")).toStrictEqual({
      type: "attackResolved",
      attacker: "ana",
      target: "orc",
      level: "critical",
      reactionAttack: false,
      melee: true,
      spell: false,
      hit: true,
      victim: "orc",
      multiplier: 2,
      killed: false,
    });
    // 2 FP at the start of combat, +3 for the crit.
    expect(t.pools("ana").fp).toBe(5);
  });
});

describe("flow attackResolved in full", () => {
  it('reports an attack avoided by a Dodge as no hit and no kill ("If you win the Opposed Check, then the attack does no damage to you")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "kill" });
    t.do({ type: "react", who: "orc", with: "dodge", outcome: "success" });
    expect(t.event("attackResolved")).toStrictEqual({
      type: "attackResolved",
      attacker: "ana",
      target: "orc",
      level: "normal",
      reactionAttack: false,
      melee: true,
      spell: false,
      hit: false,
      avoidedBy: "dodge",
      reactor: "orc",
      multiplier: 0,
      killed: false,
    });
    expect(t.c("orc").defeated).toBe(false);
  });

  it('reports a missed Reaction Attack as a melee, non-spell miss that killed no one ("Reaction Attack: 1 RP to roll a single unmodified attack")', () => {
    const t = duel();
    // ana leaves orc's threat range: orc may answer with a Reaction Attack.
    t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "fail" });
    expect(t.event("attackResolved")).toStrictEqual({
      type: "attackResolved",
      attacker: "orc",
      target: "ana",
      hit: false,
      level: "fail",
      reactionAttack: true,
      melee: true,
      spell: false,
      multiplier: 0,
      killed: false,
    });
  });
});

describe('flow botched defences ("a critical hit happens and a Dodge/Parry then critically fails ... 3x damage")', () => {
  for (const reaction of ["parry", "riposte"]) {
    it(`triples a critical hit against a critically failed ${reaction}`, () => {
      const t = duel();
      t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "crit" });
      t.do({ type: "react", who: "orc", with: reaction, outcome: "critFail" });
      expect(t.event("attackResolved")).toStrictEqual({
        type: "attackResolved",
        attacker: "ana",
        target: "orc",
        level: "critical",
        reactionAttack: false,
        melee: true,
        spell: false,
        hit: true,
        victim: "orc",
        multiplier: 3,
        killed: false,
        reactor: "orc",
        reaction,
      });
    });
  }
});

describe('flow reactions need their points ("Dodge/Parry/Block/Reaction Attack for 1 RP each", "Riposte/Intercept for 2 RP each")', () => {
  it("offers nothing, Block included, to a shield bearer with no RP left", () => {
    const t = duel({ orc: { tags: ["shield"] } });
    t.do({ type: "adjustPool", who: "orc", pool: "rp", delta: -2 });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.offers()).toEqual([]);
    expect(t.event("attackResolved")).toMatchObject({ hit: true, victim: "orc", multiplier: 1 });
  });

  it("offers Intercept only to an ally with 2 RP", () => {
    const t = guarded();
    t.do({ type: "adjustPool", who: "bob", pool: "rp", delta: -1 });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc"]);
  });
});

/** orc (first, on 9) at [1, 0], ana at [0, 0], her ally bob at [-2, 0]: bob could intercept. */
function guarded(bob: Partial<CombatantSetup> = {}): Table {
  const t = new Table(
    [
      { id: "ana", side: "party", at: [0, 0] },
      { id: "bob", side: "party", at: [-2, 0], ...bob },
      { id: "orc", side: "foes", at: [1, 0] },
    ],
    [2, 3, 9],
  );
  t.do({ type: "start" });
  return t;
}

describe('flow Intercept and grapples ("Movement: Neither can move independently")', () => {
  it("offers no Intercept to a grappled ally", () => {
    const t = guarded();
    t.do({ type: "apply", who: "bob", condition: "grappled", rounds: null });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc"]);
  });

  it("still offers Intercept to an ally under another condition (prone)", () => {
    const t = guarded();
    t.do({ type: "apply", who: "bob", condition: "prone", rounds: null });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc", "bob/intercept/orc"]);
  });

  it("refuses the Intercept of an ally grappled after it was offered", () => {
    const t = guarded();
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toContain("bob/intercept/orc");
    t.do({ type: "apply", who: "bob", condition: "grappled", rounds: null });
    expect(t.refusedWhole({ type: "react", who: "bob", with: "intercept", outcome: "success" })).toEqual({
      key: "TEMPO.Refusal.FlowInterceptOutOfReach",
      data: { who: "bob" },
    });
  });
});

describe('flow Riposte ("a Parry (Riposte) followed by a Reaction Attack with your melee weapon")', () => {
  it("opens the counterattack as a riposte trigger naming the riposter and the attacker", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "react", who: "orc", with: "riposte", outcome: "success" });
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
    // Ids count pendings and offers alike: p1 the attack, p2 to p4 orc's three offers, p5 the counter.
    expect(t.state.pending).toEqual([
      { id: "p5", kind: "riposte", actor: "orc", data: { riposter: "orc", attacker: "ana" } },
    ]);
  });
});

describe('flow Riposte\'s counterattack ("the Reaction Attack being possible only if the Parry succeeds first")', () => {
  it("offers no counterattack against an attacker that fell before the Riposte was answered", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "setDefeated", who: "ana", defeated: true });
    const events = t.do({ type: "react", who: "orc", with: "riposte", outcome: "success" });
    expect(events.at(-1)).toEqual({ type: "riposteCounterUnavailable", who: "orc", against: "ana" });
    expect(t.offers()).toEqual([]);
    expect(t.state.pending).toEqual([]);
  });
});
