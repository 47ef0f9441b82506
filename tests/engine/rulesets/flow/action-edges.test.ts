import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import { Table, duel } from "./helpers";

/**
 * flow actions at their edges (src/engine/rulesets/flow/actions.ts): costs, targets, the once-per-
 * round and grapple limits of the special actions, the skills their contests roll (levels worked
 * out by hand: under skill S, critical at most S/10, major S/5, hard S/2, normal S), and the
 * triggering actions "casting a spell, standing up from prone".
 */

const ofType = (events: EngineEvent[], type: string) => events.filter((e) => e.type === type);

describe("flow action costs and targets", () => {
  it('takes 2 AP for a magic item used at 2 ("Using a Magic Item: 1-2 AP (specific to each item)")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "useItem", cost: 2 });
    expect(t.event("actionTaken")).toEqual({
      type: "actionTaken",
      who: "ana",
      action: "useItem",
      target: null,
      cost: 2,
      readied: false,
    });
    expect(t.pools("ana").ap).toBe(3);
  });

  it('names no target for an action that takes none ("Draw/Sheathe: 1 AP"), whatever the command says', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "draw", target: "orc" });
    expect(t.event("actionTaken")).toEqual({
      type: "actionTaken",
      who: "ana",
      action: "draw",
      target: null,
      cost: 1,
      readied: false,
    });
  });

  it("opens an attack with no readier waiting as the first trigger, its offers next (nothing held)", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.state.pending.map((p) => p.id)).toEqual(["p1"]);
    expect(t.state.offers.map((o) => [o.id, o.with])).toEqual([
      ["o2", "dodge"],
      ["o3", "parry"],
      ["o4", "riposte"],
    ]);
  });
});

describe("flow special actions' limits", () => {
  it('lets a Disarm follow a Shove in the same round (Shove: "Usable once per round" limits Shove only)', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "shove", target: "orc", effect: "prone", outcome: "fail" });
    t.do({ type: "act", who: "ana", action: "disarm", target: "orc", outcome: "fail" });
    expect(t.pools("ana").ap).toBe(2);
  });

  it("lets a grappler Shove the one it holds (only a second Grapple is refused)", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(t.conditions("orc")).toEqual(["grappled"]);
    t.do({ type: "act", who: "ana", action: "shove", target: "orc", effect: "prone", outcome: "fail" });
    expect(t.pools("ana").ap).toBe(2);
  });
});

describe("flow contests roll the right skills", () => {
  it('rolls the grappler\'s Athletics against a defender breaking free ("one Opposed Athletics check per round to break free")', () => {
    // orc (first, 9) grapples ana; ana then tries to break free: ana rolls 30 under Athletics 70
    // (Hard: at most 35), orc 25 under Athletics 40 (Normal: above 20): ana wins.
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], skills: { athletics: 70 } },
        { id: "orc", side: "foes", at: [1, 0], skills: { athletics: 40 } },
      ],
      [3, 9, 30, 25],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "grapple", target: "ana", outcome: "success" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc" });
    expect(ofType(t.events, "checkRolled").map((e) => [e.who, e.purpose, e.skill, e.roll, e.level])).toEqual([
      ["ana", "breakFree", 70, 30, "hard"],
      ["orc", "breakFree", 40, 25, "normal"],
    ]);
    expect(t.conditions("ana")).toEqual([]);
  });

  for (const [melee, deception] of [
    [20, 60],
    [60, 20],
  ] as const) {
    it(`rolls a Feint on the better of Melee ${melee} and Deception ${deception} ("Make an opposed Melee or Deception roll")`, () => {
      // ana rolls 25 under 60 (Hard: at most 30); orc 50 over its Melee/Agility 30: a fail.
      const t = duel(
        { ana: { skills: { melee, deception } }, orc: { skills: { melee: 30, agility: 10 } } },
        [25, 50],
      );
      t.do({ type: "act", who: "ana", action: "feint", target: "orc" });
      expect(ofType(t.events, "checkRolled").map((e) => [e.who, e.purpose, e.skill, e.level])).toEqual([
        ["ana", "feint", 60, "hard"],
        ["orc", "feint", 30, "fail"],
      ]);
    });
  }
});

describe('flow triggering actions ("casting a spell, standing up from prone")', () => {
  /** ana (first) casts at orc, 4 hexes off: nobody threatens her. */
  function farCast(): Table {
    const t = duel({ orc: { at: [4, 0] } });
    return t;
  }

  it("reports a failed single-target spell as a missed spell attack", () => {
    const t = farCast();
    const events = t.do({ type: "act", who: "ana", action: "cast", target: "orc", outcome: "fail" });
    expect(ofType(events, "attackResolved")).toEqual([
      {
        type: "attackResolved",
        attacker: "ana",
        target: "orc",
        hit: false,
        level: "fail",
        reactionAttack: false,
        melee: false,
        spell: true,
        multiplier: 0,
        killed: false,
      },
    ]);
  });

  it("makes no spell attack of a spell cast at an ally", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "bob", side: "party", at: [-2, 0] },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
      [9, 1, 4],
    );
    t.do({ type: "start" });
    const events = t.do({ type: "act", who: "ana", action: "cast", target: "bob", outcome: "hit" });
    expect(events.map((e) => e.type)).toEqual(["poolSpent", "actionTaken", "spellCast"]);
    expect(t.offers()).toEqual([]);
  });

  it("casts a spell with no stipulated result as a spell only, no attack", () => {
    const t = farCast();
    const events = t.do({ type: "act", who: "ana", action: "cast", target: "orc" });
    expect(events.map((e) => e.type)).toEqual(["poolSpent", "actionTaken", "spellCast"]);
  });

  it("stands up and casts nothing once the Reaction Attacks are answered", () => {
    const t = duel();
    t.do({ type: "apply", who: "ana", condition: "prone", rounds: null });
    t.do({ type: "act", who: "ana", action: "standUp" });
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
    const events = t.do({ type: "react", who: "orc", with: "decline" });
    expect(events.map((e) => e.type)).toEqual(["reactionDeclined", "conditionRemoved"]);
    expect(t.conditions("ana")).toEqual([]);
  });

  it("leaves a combatant killed while standing up lying prone", () => {
    const t = duel();
    t.do({ type: "apply", who: "ana", condition: "prone", rounds: null });
    t.do({ type: "act", who: "ana", action: "standUp" });
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "kill" });
    t.do({ type: "react", who: "ana", with: "decline" });
    expect(t.c("ana").defeated).toBe(true);
    expect(t.conditions("ana")).toContain("prone");
  });

  it('offers a Reaction Attack to a threatener with 1 RP left, none to one with 0 ("Reaction Attack: 1 RP")', () => {
    const one = duel();
    one.do({ type: "adjustPool", who: "orc", pool: "rp", delta: -1 });
    one.do({ type: "act", who: "ana", action: "cast", target: "orc", outcome: "hit" });
    expect(one.offers()).toEqual(["orc/reactionAttack/ana"]);
    const none = duel();
    none.do({ type: "adjustPool", who: "orc", pool: "rp", delta: -2 });
    none.do({ type: "act", who: "ana", action: "cast", target: "orc", outcome: "hit" });
    expect(none.offers()).toEqual([]);
  });
});
