import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { flow } from "../../../../src/engine/rulesets/flow";
import { Table } from "./helpers";

/**
 * flow's open questions, decided in docs/rulesets/flow.md ("Decisions"): each default reading and
 * the option that gives the other one.
 */

/** ana (party) and orc (foes), side by side; ana first on 9 + 1 against 4. */
function duelWith(options: Record<string, string>, dice: number[] = []): Table {
  const t = new Table(
    [
      { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
      { id: "orc", side: "foes", at: [1, 0] },
    ],
    [9, 4, ...dice],
    { type: "hex" },
    options,
  );
  t.do({ type: "start" });
  return t;
}

describe("flow options", () => {
  it("declares each decision's two readings, the default first", () => {
    expect(flow.options).toEqual({
      reactionAttackEdges: { choices: ["unmodified", "included"], default: "unmodified" },
      totalDefenseReactionAttack: { choices: ["included", "unmodified"], default: "included" },
      reactionAttackFp: { choices: ["both", "hitOnly"], default: "both" },
      interceptLost: { choices: ["closes", "allyReacts"], default: "allyReacts" },
      readyAp: { choices: ["keep", "forfeit"], default: "forfeit" },
      initiativeTies: { choices: ["agility", "rollOff"], default: "agility" },
    });
  });
});

describe('flow Reaction Attacks and modifiers ("a single unmodified attack" vs "If not overtly excluded, you may assume that Reaction Attacks are included")', () => {
  /**
   * The orc (9) takes Total Defense; gob (5, no RP) stands by ana too, so the orc's side gangs up on
   * her; ana (2) then steps out of the orc's reach and draws its Reaction Attack, which it rolls.
   */
  function provoked(options: Record<string, string>, attackDice: number[]): Table {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [0, 1], stats: { maxRp: 0 } },
      ],
      [2, 9, 5, ...attackDice],
      { type: "hex" },
      options,
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "totalDefense" });
    t.do({ type: "endTurn", who: "gob" });
    t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
    t.do({ type: "react", who: "orc", with: "reactionAttack", against: "ana" });
    return t;
  }

  it("rolls the Reaction Attack without gang-up's +10 by default, with Total Defense's \"Advantage on all Reactions\"", () => {
    const t = provoked({}, [70, 55]);
    expect(t.event("checkRolled")).toMatchObject({
      who: "orc",
      purpose: "reactionAttack",
      skill: 50,
      rolls: [70, 55],
      roll: 55,
      edge: "advantage",
    });
    expect(t.event("attackResolved")).toMatchObject({ attacker: "orc", hit: false, reactionAttack: true });
  });

  it("with totalDefenseReactionAttack: unmodified as well, rolls it wholly unmodified: one d100 against Melee", () => {
    const t = provoked({ totalDefenseReactionAttack: "unmodified" }, [55]);
    expect(t.event("checkRolled")).toMatchObject({
      who: "orc",
      purpose: "reactionAttack",
      skill: 50,
      rolls: [55],
      edge: null,
    });
    expect(t.event("attackResolved")).toMatchObject({ attacker: "orc", hit: false, reactionAttack: true });
  });

  it("with reactionAttackEdges: included, adds gang-up's +10 (Total Defense's Advantage too, by default)", () => {
    const t = provoked({ reactionAttackEdges: "included" }, [70, 55]);
    expect(t.event("checkRolled")).toMatchObject({
      who: "orc",
      purpose: "reactionAttack",
      skill: 60,
      rolls: [70, 55],
      roll: 55,
      edge: "advantage",
    });
    expect(t.event("attackResolved")).toBeUndefined();
    // 55 under 60 hits: ana may still Dodge or Parry (no Riposte against a Reaction Attack).
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc"]);
  });

  it("with reactionAttackEdges: included and totalDefenseReactionAttack: unmodified, adds gang-up's +10 and no Advantage", () => {
    const t = provoked({ reactionAttackEdges: "included", totalDefenseReactionAttack: "unmodified" }, [55]);
    expect(t.event("checkRolled")).toMatchObject({ skill: 60, rolls: [55], edge: null });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc"]);
  });

  it("keeps a combat started before the split playing as it started: with no totalDefenseReactionAttack stored, Total Defense follows reactionAttackEdges", () => {
    const older = (edges: string) => {
      const t = new Table(
        [
          { id: "ana", side: "party", at: [0, 0] },
          { id: "orc", side: "foes", at: [1, 0] },
          { id: "gob", side: "foes", at: [0, 1], stats: { maxRp: 0 } },
        ],
        [2, 9, 5, 70, 55],
        { type: "hex" },
        { reactionAttackEdges: edges },
      );
      const { totalDefenseReactionAttack: _split, ...options } = t.state.options;
      t.state = { ...t.state, options };
      t.do({ type: "start" });
      t.do({ type: "act", who: "orc", action: "totalDefense" });
      t.do({ type: "endTurn", who: "gob" });
      t.do({ type: "move", who: "ana", path: [[-1, 0]] });
      t.do({ type: "react", who: "orc", with: "reactionAttack", against: "ana" });
      return t.event("checkRolled");
    };
    expect(older("unmodified")).toMatchObject({ skill: 50, rolls: [70], edge: null });
    expect(older("included")).toMatchObject({ skill: 60, rolls: [70, 55], edge: "advantage" });
  });

  it("with reactionAttackEdges: included, uses up a Feint against the target", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [2, 9, 70, 55],
      { type: "hex" },
      { reactionAttackEdges: "included" },
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "feint", target: "ana", outcome: "success" });
    expect(t.c("orc").ext.feints).toEqual(["ana"]);
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    t.do({ type: "react", who: "orc", with: "reactionAttack", against: "ana" });
    expect(t.event("checkRolled")).toMatchObject({ skill: 50, rolls: [70, 55], edge: "advantage" });
    expect(t.c("orc").ext.feints).toBeUndefined();
  });
});

describe('flow FP for a Reaction Attack that hits ("Gain 2 FP from attacks that hit" / "Gain 1 FP from a successful reaction (once per round)")', () => {
  function landed(options: Record<string, string>): Table {
    const t = duelWith(options);
    t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    t.do({ type: "react", who: "orc", with: "reactionAttack", against: "ana", outcome: "hit" });
    t.do({ type: "react", who: "ana", with: "decline", against: "orc" });
    return t;
  }

  it("counts it as both an attack that hit and a successful reaction by default (2 + 1 FP)", () => {
    expect(landed({}).pools("orc").fp).toBe(2 + 2 + 1);
  });

  it("with reactionAttackFp: hitOnly, gives only the hit's 2 FP", () => {
    const t = landed({ reactionAttackFp: "hitOnly" });
    expect(t.pools("orc").fp).toBe(2 + 2);
    expect(t.events.filter((e) => e.type === "poolGained" && e.who === "orc")).toEqual([
      { type: "poolGained", who: "orc", pool: "fp", amount: 2, value: 4, reason: "hit" },
    ]);
  });
});

describe('flow a lost Intercept ("If you win the Opposed Check, you take the full damage ... No other reactions may be used as a result of this")', () => {
  /** The orc (9) hits ana; bob may intercept. */
  function hit(options: Record<string, string>): Table {
    const setup: CombatantSetup[] = [
      { id: "ana", side: "party", at: [0, 0] },
      { id: "bob", side: "party", at: [-2, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
    ];
    const t = new Table(setup, [2, 3, 9], { type: "hex" }, options);
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc", "bob/intercept/orc"]);
    return t;
  }

  it("with interceptLost: closes, closes the ally's own reactions whether the Intercept wins or loses", () => {
    const t = hit({ interceptLost: "closes" });
    t.do({ type: "react", who: "bob", with: "intercept", against: "orc", outcome: "fail" });
    expect(t.offers()).toEqual([]);
    expect(t.event("attackResolved")).toMatchObject({ hit: true, victim: "ana", reactor: "bob" });
  });

  it("by default (interceptLost: allyReacts), a lost Intercept leaves the ally its own Dodge, Parry or Riposte", () => {
    const t = hit({});
    t.do({ type: "react", who: "bob", with: "intercept", against: "orc", outcome: "fail" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc"]);
    expect(t.event("attackResolved")).toBeUndefined();
    t.do({ type: "react", who: "ana", with: "dodge", against: "orc", outcome: "success" });
    expect(t.offers()).toEqual([]);
    expect(t.event("attackResolved")).toMatchObject({ hit: false, avoidedBy: "dodge", reactor: "ana" });
  });

  it("with interceptLost: allyReacts, a won Intercept still closes every other reaction", () => {
    const t = hit({ interceptLost: "allyReacts" });
    t.do({ type: "react", who: "bob", with: "intercept", against: "orc", outcome: "success" });
    expect(t.offers()).toEqual([]);
    expect(t.event("attackResolved")).toMatchObject({ hit: true, victim: "bob", interceptedBy: "bob" });
  });
});

describe('flow AP kept by a readied action ("Any unused AP at the end of your turn is forfeited")', () => {
  it("with readyAp: keep, keeps all the AP while the readied action waits", () => {
    const t = duelWith({ readyAp: "keep" });
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "act" } });
    expect(t.pools("ana").ap).toBe(5);
  });

  it("by default (readyAp: forfeit), keeps only what the readied action costs; the attack is still paid when it fires", () => {
    // The readied attack rolls its d100 when it fires: 90 misses.
    const t = duelWith({}, [90]);
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "act" } });
    expect(t.pools("ana").ap).toBe(2);
    expect(t.events).toContainEqual({
      type: "poolSet",
      who: "ana",
      pool: "ap",
      value: 2,
      reason: "forfeited",
    });
    t.do({ type: "act", who: "orc", action: "draw" });
    expect(t.event("readyTriggered")).toMatchObject({ who: "ana", action: "attack" });
    expect(t.pools("ana").ap).toBe(0);
  });
});

describe('flow initiative ties ("Ties are resolved as normal")', () => {
  it("goes to the higher Agility without a roll by default", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [3, 4],
    );
    t.do({ type: "start" });
    expect(t.state.order).toEqual(["ana", "orc"]);
    expect(t.diceLeft).toBe(0);
  });

  it("with initiativeTies: rollOff, the tied roll a d10 each at once, Agility aside", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [3, 4, 2, 8],
      { type: "hex" },
      { initiativeTies: "rollOff" },
    );
    t.do({ type: "start" });
    expect(t.state.order).toEqual(["orc", "ana"]);
    expect(t.events).toContainEqual({ type: "initiativeTieRolled", who: ["ana", "orc"], rolls: [2, 8] });
  });

  it("with initiativeTies: rollOff, a newcomer tied with a combatant of lower Agility rolls off with it", () => {
    const t = duelWith({ initiativeTies: "rollOff" }, [3, 1, 9]);
    t.do({ type: "addCombatant", combatant: { id: "gob", side: "foes", at: [6, 0], stats: { agility: 1 } } });
    expect(t.c("gob").initiative).toBe(4);
    expect(t.event("initiativeTieRolled")).toEqual({
      type: "initiativeTieRolled",
      who: ["orc", "gob"],
      rolls: [1, 9],
    });
    expect(t.state.order).toEqual(["ana", "gob", "orc"]);
  });
});

describe('flow Advantage and Disadvantage ("your next physical attack against that target gains Advantage"; "can make reasonable actions (GM discretion) at Disadvantage")', () => {
  it("cancel each other: a grappler's attack after a Feint rolls one d100", () => {
    const t = duelWith({}, [30]);
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    t.do({ type: "act", who: "ana", action: "feint", target: "orc", outcome: "success" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({
      who: "ana",
      purpose: "attack",
      rolls: [30],
      roll: 30,
      edge: null,
    });
  });
});
