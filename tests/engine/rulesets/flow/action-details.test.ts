import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import { Table, duel } from "./helpers";

/**
 * The details of flow's actions a player reads: which skill each contest rolls and for what, what a
 * failed Disarm or a Shove reports, what a stated cost may be, and which refusals name whom. Rolls
 * are d100 under the skill (flow: "Critical: 1/10 of skill", "Hard: 1/2", "Major: 1/5").
 */

const rolled = (events: EngineEvent[]) =>
  events.filter((e) => e.type === "checkRolled").map((e) => [e.who, e.purpose, e.skill]);

describe("flow contests roll the skill the text names", () => {
  it('Grapple: "Opposed Athletics roll vs target"', () => {
    const t = duel({ ana: { skills: { athletics: 60 } }, orc: { skills: { athletics: 30 } } }, [20, 90]);
    const events = t.do({ type: "act", who: "ana", action: "grapple", target: "orc" });
    expect(rolled(events)).toEqual([
      ["ana", "grapple", 60],
      ["orc", "grapple", 30],
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "contestResolved",
        who: "ana",
        against: "orc",
        purpose: "grapple",
        won: true,
      }),
    );
  });

  it("Breaking free: an opposed Athletics check once per round, which ends the grapple on a win", () => {
    const t = duel({ ana: { skills: { athletics: 40 } }, orc: { skills: { athletics: 50 } } }, [10, 95]);
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "act", who: "orc", action: "grapple", target: "ana", outcome: "success" });
    t.do({ type: "endTurn", who: "orc" });
    const events = t.do({ type: "act", who: "ana", action: "grapple", target: "orc" });
    expect(rolled(events)).toEqual([
      ["ana", "breakFree", 40],
      ["orc", "breakFree", 50],
    ]);
    expect(events).toContainEqual({ type: "grappleEnded", who: "orc", target: "ana", reason: "brokeFree" });
    expect(t.conditions("ana")).toEqual([]);
  });

  it("a grappled defender tries to break free once per round, and only against its grappler", () => {
    const t = new Table(
      [
        { id: "ana", name: "Ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [0, 1] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "act", who: "orc", action: "grapple", target: "ana", outcome: "success" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "endTurn", who: "gob" });
    expect(t.refused({ type: "act", who: "ana", action: "grapple", target: "gob", outcome: "success" })).toBe(
      "TEMPO.Refusal.FlowGrappledCannotAct",
    );
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "fail" });
    expect(
      t.refusedWhole({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" }),
    ).toEqual({
      key: "TEMPO.Refusal.FlowOncePerRound",
      data: { who: "Ana", action: "breakFree" },
    });
  });

  it('Shove: "Opposed Athletics"', () => {
    const t = duel({ ana: { skills: { athletics: 70 } }, orc: { skills: { athletics: 20 } } }, [50, 90]);
    const events = t.do({ type: "act", who: "ana", action: "shove", target: "orc" });
    expect(rolled(events)).toEqual([
      ["ana", "shove", 70],
      ["orc", "shove", 20],
    ]);
  });

  it('Feint: "opposed Melee or Deception roll vs target\'s Melee or Agility", each side its better', () => {
    const t = duel(
      { ana: { skills: { melee: 30, deception: 65 } }, orc: { skills: { melee: 25, agility: 45 } } },
      [90, 90],
    );
    const events = t.do({ type: "act", who: "ana", action: "feint", target: "orc" });
    expect(rolled(events)).toEqual([
      ["ana", "feint", 65],
      ["orc", "feint", 45],
    ]);
  });

  it('Disarm and attack roll Melee for their purpose ("Make a normal attack roll")', () => {
    const t = duel({ ana: { skills: { melee: 55 } } }, [90, 90, 90]);
    const disarm = t.do({ type: "act", who: "ana", action: "disarm", target: "orc" });
    expect(rolled(disarm)).toEqual([["ana", "disarm", 55]]);
    const attack = t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(rolled(attack)).toEqual([["ana", "attack", 55]]);
  });
});

describe("flow action results", () => {
  it("a failed Disarm reports no item moved and nothing to take", () => {
    const t = duel();
    const events = t.do({ type: "act", who: "ana", action: "disarm", target: "orc", outcome: "fail" });
    expect(events).toContainEqual({
      type: "disarmed",
      who: "ana",
      target: "orc",
      success: false,
      level: "fail",
      hexes: 0,
      mayTake: false,
    });
  });

  it("a missed attack is reported as a missed melee attack, not a spell", () => {
    const t = duel();
    const events = t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    expect(events).toContainEqual({
      type: "attackResolved",
      attacker: "ana",
      target: "orc",
      hit: false,
      level: "fail",
      reactionAttack: false,
      melee: true,
      spell: false,
      multiplier: 0,
      killed: false,
    });
  });

  it("a Shove that pushes back moves the target one hex straight back, as a move of mode shove", () => {
    const t = duel();
    const events = t.do({
      type: "act",
      who: "ana",
      action: "shove",
      target: "orc",
      outcome: "success",
      effect: "push",
    });
    expect(events).toContainEqual({
      type: "moved",
      who: "orc",
      from: [1, 0],
      to: [2, 0],
      path: [
        [1, 0],
        [2, 0],
      ],
      mode: "shove",
    });
    expect(events).toContainEqual(
      expect.objectContaining({ type: "shoved", pushedTo: [2, 0], prone: false, pushBlocked: false }),
    );
  });

  it("a Shove with no choice given knocks prone when the hex behind is taken, and no push is blocked", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "rat", side: "foes", at: [2, 0] },
      ],
      [9, 4, 3],
    );
    t.do({ type: "start" });
    const events = t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success" });
    expect(events).toContainEqual(
      expect.objectContaining({ type: "shoved", pushedTo: null, prone: true, pushBlocked: false }),
    );
    expect(t.conditions("orc")).toEqual(["prone"]);
  });

  it('Total Defense credits its +1 RP to Total Defense ("Gain +1 RP")', () => {
    const t = duel();
    const events = t.do({ type: "act", who: "ana", action: "totalDefense" });
    expect(events).toContainEqual({
      type: "poolGained",
      who: "ana",
      pool: "rp",
      amount: 1,
      reason: "totalDefense",
      value: 3,
    });
  });

  it("says AP are exhausted only when they are", () => {
    const t = duel();
    const some = t.do({ type: "act", who: "ana", action: "draw" });
    expect(some.map((e) => e.type)).not.toContain("apExhausted");
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    const last = t
      .do({ type: "act", who: "ana", action: "feint", target: "orc", outcome: "fail" })
      .filter((e) => e.type === "apExhausted");
    // 5 AP: draw 1, attack 2, feint 1 leaves 1.
    expect(last).toEqual([]);
    const done = t.do({ type: "act", who: "ana", action: "sheathe" });
    expect(done).toContainEqual({ type: "apExhausted", who: "ana" });
  });

  it("a won Feint is used up by the attack on its target and kept for another", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 }, skills: { melee: 50 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [0, 1] },
      ],
      [9, 4, 1, 80, 90],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "feint", target: "orc", outcome: "success" });
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "endTurn", who: "gob" });
    t.do({ type: "act", who: "ana", action: "feint", target: "gob", outcome: "success" });
    expect(t.c("ana").ext.feints).toEqual(["orc", "gob"]);
    // "your next physical attack against that target gains Advantage": two dice, the better counts.
    const events = t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(events).toContainEqual(expect.objectContaining({ type: "checkRolled", edge: "advantage" }));
    expect(t.c("ana").ext.feints).toEqual(["gob"]);
  });
});

describe("flow costs and moves a GM may state", () => {
  it('takes a magic item\'s stated 1 AP ("Using a Magic Item: 1-2 AP")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "useItem", cost: 1 });
    expect(t.pools("ana").ap).toBe(4);
  });

  it('keeps a fixed cost whatever cost is stated ("Attacking ... 2 AP")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss", cost: 5 });
    expect(t.pools("ana").ap).toBe(3);
  });

  it("lets a spell be cast on oneself, though an attack on oneself is refused", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "cast", target: "ana" });
    expect(t.event("actionTaken")).toMatchObject({ action: "cast", target: "ana" });
  });

  it("lets an unplaced combatant on a grid move by the action, and refuses a grappler by name", () => {
    const t = new Table(
      [
        { id: "ana", name: "Ana", side: "party", pc: true, at: null, stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [9, 4],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "move" });
    expect(t.pools("ana").ap).toBe(4);
    // "Movement: Neither can move independently": the grappler is grappled too.
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "move" })).toEqual({
      key: "TEMPO.Refusal.FlowGrappledCannotMove",
      data: { who: "Ana" },
    });
  });

  it('refuses a third move in a turn, naming the mover and its Move Speed ("maximum 2 AP/turn")', () => {
    const t = new Table(
      [
        { id: "ana", name: "Ana", side: "party", pc: true, stats: { agility: 1 } },
        { id: "orc", side: "foes" },
      ],
      [9, 4],
      { type: "none" },
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "move" });
    t.do({ type: "act", who: "ana", action: "move" });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "move" })).toEqual({
      key: "TEMPO.Refusal.FlowMoveTooFar",
      data: { who: "Ana", max: 0, need: 6 },
    });
  });
});

describe("flow ranged attacks: the range penalty needs a range and two places", () => {
  const skillAt = (ana: object, orcAt: [number, number] | null, grid: "hex" | "none" = "hex") => {
    const t = new Table(
      [
        {
          id: "ana",
          side: "party",
          pc: true,
          at: grid === "none" ? null : [0, 0],
          stats: { agility: 1 },
          skills: { ranged: 60 },
          ...ana,
        },
        { id: "orc", side: "foes", at: grid === "none" ? null : orcAt },
      ],
      [9, 4, 99],
      { type: grid },
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    return t.event("checkRolled")?.skill;
  };

  it("takes no penalty without a weapon range, or with a range of 0", () => {
    expect(skillAt({ stats: { agility: 1, weaponRange: 0 } }, [9, 0])).toBe(60);
    expect(skillAt({ stats: { agility: 1 } }, [9, 0])).toBe(60);
  });

  it("takes an attack on an unplaced target, or on a gridless scene, as melee (nothing to measure)", () => {
    expect(skillAt({ stats: { agility: 1, weaponRange: 2 }, skills: { ranged: 60, melee: 40 } }, null)).toBe(
      40,
    );
    expect(
      skillAt({ stats: { agility: 1, weaponRange: 2 }, skills: { ranged: 60, melee: 40 } }, null, "none"),
    ).toBe(40);
  });
});
