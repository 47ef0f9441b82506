import { describe, expect, it } from "vitest";
import { Table, duel } from "./helpers";

describe("flow action costs", () => {
  it.each([
    ["attack", 2],
    ["cast", 2],
    ["classAbility", 2],
    ["draw", 1],
    ["sheathe", 1],
    ["drinkPotion", 2],
    ["useItem", 2],
    ["disarm", 2],
    ["feint", 1],
    ["flowState", 1],
    ["grapple", 2],
    ["shove", 1],
  ])(
    'charges %s its AP (flow: "Attacking/Casting a Spell: 2 AP", "Drawing/Sheathing an item: 1 AP each", Special Actions table)',
    (action, cost) => {
      const t = duel({ orc: { at: [1, 0] } });
      t.do({ type: "act", who: "ana", action, target: "orc", outcome: "fail" });
      expect(t.pools("ana").ap).toBe(5 - cost);
    },
  );

  it('lets a class ability say its own cost (flow: "Using Class Abilities 2 AP (unless the class ability specifies otherwise)")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "classAbility", cost: 3 });
    expect(t.pools("ana").ap).toBe(2);
    t.do({ type: "act", who: "ana", action: "classAbility", cost: 0 });
    expect(t.pools("ana").ap).toBe(2);
    expect(t.refused({ type: "act", who: "ana", action: "classAbility", cost: -1 })).toBe(
      "TEMPO.Refusal.FlowBadCost",
    );
  });

  it('takes 1 or 2 AP for a magic item (flow: "Using a Magic Item: 1-2 AP (specific to each item)")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "useItem", cost: 1 });
    expect(t.pools("ana").ap).toBe(4);
    expect(t.refused({ type: "act", who: "ana", action: "useItem", cost: 3 })).toBe(
      "TEMPO.Refusal.FlowBadCost",
    );
  });

  it("refuses an action without the AP, out of turn, without a needed target, or at an ally or the defeated", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "bob", side: "party", at: [0, 1] },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [1, -1] },
      ],
      [9, 1, 4, 2],
    );
    t.do({ type: "start" });
    expect(t.refused({ type: "act", who: "orc", action: "attack", target: "ana" })).toBe(
      "TEMPO.Refusal.NotYourTurn",
    );
    expect(t.refused({ type: "act", who: "ana", action: "attack" })).toBe("TEMPO.Refusal.FlowNeedsTarget");
    expect(t.refused({ type: "act", who: "ana", action: "attack", target: "bob" })).toBe(
      "TEMPO.Refusal.FlowBadTarget",
    );
    t.do({ type: "setDefeated", who: "gob", defeated: true });
    expect(t.refused({ type: "act", who: "ana", action: "attack", target: "gob" })).toBe(
      "TEMPO.Refusal.FlowTargetDefeated",
    );
    t.do({ type: "act", who: "ana", action: "totalDefense" });
    expect(t.state.current).toBe("orc");
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "miss" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "miss" });
    expect(t.refused({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "miss" })).toBe(
      "TEMPO.Refusal.NotEnoughAP",
    );
  });
});

describe("flow attack rolls", () => {
  it("rolls Melee against a target in reach and Ranged against one beyond it", () => {
    const t = duel(
      { ana: { stats: { agility: 1 }, skills: { melee: 30, ranged: 70 } }, orc: { at: [4, 0] } },
      [50],
    );
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ skill: 70, roll: 50, level: "normal" });
    expect(t.offers()).toEqual(["orc/dodge/ana"]);
  });

  it('adds +10 when an ally also threatens the target (flow: "When 2 or more allies are threatening the same enemy, they are ganging up and gain a +10 Melee bonus")', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 }, skills: { melee: 50 } },
        { id: "bob", side: "party", at: [2, -1] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [9, 1, 4, 55],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ skill: 60, roll: 55, level: "normal" });
  });

  it('takes -10 per range increment beyond weapon range (flow: "a Shortbow (Range 6) gets a -10 for 7-12 hexes, -20 for 13-18 hexes")', () => {
    const shot = (distance: number) => {
      const t = duel(
        {
          ana: { stats: { agility: 1, weaponRange: 6 }, skills: { ranged: 60 } },
          orc: { at: [distance, 0] },
        },
        [99],
      );
      t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
      return t.event("checkRolled")?.skill;
    };
    expect(shot(6)).toBe(60);
    expect(shot(7)).toBe(50);
    expect(shot(12)).toBe(50);
    expect(shot(13)).toBe(40);
  });

  it("rolls nothing when the outcome is stipulated", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.events.some((e) => e.type === "diceRolled")).toBe(false);
  });
});

describe("flow Disarm", () => {
  it('rolls the attack at Disadvantage and grades where the item lands (flow: "Make a normal attack roll at Disadvantage. No damage is dealt on success.")', () => {
    const t = duel({ ana: { stats: { agility: 1 }, skills: { melee: 60 } } }, [5, 20]);
    t.do({ type: "act", who: "ana", action: "disarm", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({
      rolls: [5, 20],
      roll: 20,
      level: "hard",
      edge: "disadvantage",
    });
    expect(t.event("disarmed")).toMatchObject({ success: true, hexes: 2, mayTake: true });
    expect(t.offers()).toEqual([]);
    expect(t.pools("ana").fp).toBe(2);
  });

  it("lands the item in an adjacent hex on a Normal Success and 4 hexes away on a Critical", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "disarm", target: "orc", outcome: "success" });
    expect(t.event("disarmed")).toMatchObject({ hexes: 1, mayTake: false });
    t.do({ type: "act", who: "ana", action: "disarm", target: "orc", outcome: "crit" });
    expect(t.event("disarmed")).toMatchObject({ hexes: 4, mayTake: true });
  });

  it('refuses a target larger than the disarmer (flow: "You can only Disarm targets that are your size category or smaller")', () => {
    const t = duel({ orc: { size: "large", at: [1, 0] } });
    expect(t.refused({ type: "act", who: "ana", action: "disarm", target: "orc", outcome: "success" })).toBe(
      "TEMPO.Refusal.FlowTargetTooLarge",
    );
  });
});

describe("flow Feint", () => {
  it('is usable once per round and gives Advantage on the next attack against that target (flow: "your next physical attack against that target gains Advantage")', () => {
    const t = duel({}, [70, 20]);
    t.do({ type: "act", who: "ana", action: "feint", target: "orc", outcome: "success" });
    expect(t.refused({ type: "act", who: "ana", action: "feint", target: "orc", outcome: "success" })).toBe(
      "TEMPO.Refusal.FlowOncePerRound",
    );
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ rolls: [70, 20], roll: 20, edge: "advantage" });
    expect(t.c("ana").ext.feints).toBeUndefined();
  });

  it("rolls Melee or Deception against the target's Melee or Agility, the better of each", () => {
    const t = duel(
      {
        ana: { stats: { agility: 1 }, skills: { melee: 20, deception: 80 } },
        orc: { skills: { melee: 30, agility: 10 } },
      },
      [40, 25],
    );
    t.do({ type: "act", who: "ana", action: "feint", target: "orc" });
    const checks = t.events.filter((e) => e.type === "checkRolled");
    expect(checks.map((e) => [e.who, e.skill, e.level])).toEqual([
      ["ana", 80, "hard"],
      ["orc", 30, "normal"],
    ]);
    expect(t.event("contestResolved")).toMatchObject({ won: true });
    expect(t.c("ana").ext.feints).toEqual(["orc"]);
  });
});

describe("flow Grapple", () => {
  it('grapples both on success; the defender can only try to break free, once a round (flow: "Defender: Cannot take actions except one Opposed Athletics check per round to break free")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(t.conditions("ana")).toEqual(["grappled"]);
    expect(t.conditions("orc")).toEqual(["grappled"]);
    t.do({ type: "endTurn", who: "ana" });
    expect(t.refused({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" })).toBe(
      "TEMPO.Refusal.FlowGrappledCannotAct",
    );
    expect(t.refused({ type: "move", who: "orc", path: [[2, 0]] })).toBe(
      "TEMPO.Refusal.FlowGrappledCannotMove",
    );
    t.do({ type: "act", who: "orc", action: "grapple", target: "ana", outcome: "fail" });
    expect(t.refused({ type: "act", who: "orc", action: "grapple", target: "ana", outcome: "success" })).toBe(
      "TEMPO.Refusal.FlowOncePerRound",
    );
    expect(t.conditions("orc")).toEqual(["grappled"]);
  });

  it('makes the grappler pay 2 AP each later round to hold on (flow: "Must spend 2 AP per round to maintain the Grapple")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.events).toContainEqual(
      expect.objectContaining({
        type: "poolSpent",
        who: "ana",
        pool: "ap",
        amount: 2,
        reason: "maintainGrapple",
      }),
    );
    expect(t.pools("ana").ap).toBe(3);
    expect(t.conditions("orc")).toEqual(["grappled"]);
    // "Movement: Neither can move independently"
    expect(t.refused({ type: "move", who: "ana", path: [[-1, 0]] })).toBe(
      "TEMPO.Refusal.FlowGrappledCannotMove",
    );
  });

  it("frees both when the grappler cannot pay the 2 AP upkeep at the start of its turn", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [2, 9],
    );
    t.do({ type: "start" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "adjustPool", who: "ana", pool: "ap", delta: -4 });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.conditions("ana")).toEqual([]);
    expect(t.conditions("orc")).toEqual([]);
    expect(t.events).toContainEqual(
      expect.objectContaining({ type: "grappleEnded", who: "ana", target: "orc", reason: "notMaintained" }),
    );
  });

  it("ends the grapple for both when the defender breaks free or the GM removes it", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "act", who: "orc", action: "grapple", target: "ana", outcome: "success" });
    expect(t.conditions("ana")).toEqual([]);
    expect(t.conditions("orc")).toEqual([]);
    const u = duel();
    u.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    u.do({ type: "removeCondition", who: "orc", condition: "grappled" });
    expect(u.conditions("ana")).toEqual([]);
    expect(u.c("ana").ext.grappling).toBeUndefined();
  });

  it('rolls opposed Athletics, the grappler first (flow: "Mechanic: Opposed Athletics roll vs target.")', () => {
    const t = duel(
      { ana: { stats: { agility: 1 }, skills: { athletics: 60 } }, orc: { skills: { athletics: 60 } } },
      [40, 40],
    );
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc" });
    expect(t.events.filter((e) => e.type === "checkRolled").map((e) => e.who)).toEqual(["ana", "orc"]);
    // Equal levels go to the resisting side.
    expect(t.conditions("orc")).toEqual([]);
  });

  it("refuses a larger target, a second hold, and an already grappled target", () => {
    expect(
      duel({ orc: { size: "large", at: [1, 0] } }).refused({
        type: "act",
        who: "ana",
        action: "grapple",
        target: "orc",
        outcome: "success",
      }),
    ).toBe("TEMPO.Refusal.FlowTargetTooLarge");
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [-1, 0] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(t.refused({ type: "act", who: "ana", action: "grapple", target: "gob", outcome: "success" })).toBe(
      "TEMPO.Refusal.FlowAlreadyGrappling",
    );
  });

  it("makes the grappler's rolled actions Disadvantaged", () => {
    const t = duel({}, [10, 80]);
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ edge: "disadvantage", roll: 80 });
  });
});

describe("flow Shove and Stand Up", () => {
  it('pushes back 1 hex on a Normal Success, once per round (flow: "Shove ... Usable once per round")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success" });
    expect(t.c("orc").at).toEqual([2, 0]);
    expect(t.conditions("orc")).toEqual([]);
    expect(t.refused({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success" })).toBe(
      "TEMPO.Refusal.FlowOncePerRound",
    );
  });

  it('pushes back and knocks prone on a Hard Success or better (flow: "Hard Success+: Can choose to do both effects")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "crit" });
    expect(t.c("orc").at).toEqual([2, 0]);
    expect(t.conditions("orc")).toEqual(["prone"]);
  });

  it("knocks prone when there is no room to push back", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [2, 0] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success" });
    expect(t.c("orc").at).toEqual([1, 0]);
    expect(t.conditions("orc")).toEqual(["prone"]);
  });

  it('provokes a Reaction Attack when standing up in threat range, then stands (flow: "standing up from prone")', () => {
    const t = duel();
    expect(t.refused({ type: "act", who: "ana", action: "standUp" })).toBe("TEMPO.Refusal.FlowNotProne");
    t.do({ type: "apply", who: "ana", condition: "prone", rounds: null });
    t.do({ type: "act", who: "ana", action: "standUp" });
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
    expect(t.conditions("ana")).toEqual(["prone"]);
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "miss" });
    expect(t.conditions("ana")).toEqual([]);
    expect(t.pools("ana").ap).toBe(4);
  });
});

describe("flow casting", () => {
  it('provokes Reaction Attacks in threat range, which do not stop the spell (flow: "Reaction Attacks taken against a spellcaster do not disrupt the spell being cast")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "cast" });
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "hit" });
    const events = t.do({ type: "react", who: "ana", with: "decline" });
    expect(events.map((e) => e.type)).toContain("spellCast");
    expect(t.pools("ana").ap).toBe(3);
  });

  it("provokes nothing out of threat range", () => {
    const t = duel({ orc: { at: [3, 0] } });
    const events = t.do({ type: "act", who: "ana", action: "cast" });
    expect(t.offers()).toEqual([]);
    expect(events.map((e) => e.type)).toContain("spellCast");
  });
});

describe("flow Total Defense", () => {
  it('ends the turn at once and lasts until the start of the next one (flow: "until the beginning of your next turn")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "totalDefense" });
    expect(t.state.current).toBe("orc");
    expect(t.pools("ana").rp).toBe(3);
    expect(t.conditions("ana")).toEqual(["totalDefense"]);
    t.do({ type: "endTurn", who: "orc" });
    expect(t.conditions("ana")).toEqual([]);
    expect(t.pools("ana").rp).toBe(2);
  });
});

describe("flow grapples the GM applies", () => {
  it("holds a combatant the GM marks grappled, and lets it break free against anyone holding it", () => {
    const t = duel();
    t.do({ type: "apply", who: "ana", condition: "grappled", rounds: null });
    expect(t.refused({ type: "act", who: "ana", action: "draw" })).toBe(
      "TEMPO.Refusal.FlowGrappledCannotAct",
    );
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(t.conditions("ana")).toEqual([]);
  });
});

describe("flow legality by dry run", () => {
  it("answers which actions are open now without rolling a die", async () => {
    const { availableActions, openReactions } = await import("../../../../src/engine/queries");
    const t = duel();
    const open = Object.fromEntries(
      availableActions(t.state, "ana").map((a) => [a.action.id, a.refusal?.key ?? null]),
    );
    expect(open.attack).toBeNull();
    expect(open.totalDefense).toBeNull();
    expect(open.standUp).toBe("TEMPO.Refusal.FlowNotProne");
    expect(availableActions(t.state, "orc").every((a) => a.refusal !== null)).toBe(true);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(openReactions(t.state, "orc").map((r) => [r.reaction.id, r.refusal])).toEqual([
      ["dodge", null],
      ["parry", null],
      ["riposte", null],
    ]);
  });
});
