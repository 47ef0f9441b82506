import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * segments' round (src/engine/rulesets/segments/round.ts) against rules/segments.txt: group
 * initiative, the stages of steps 3 to 7 and who acts in each, in what order, on which segment;
 * the End the Round sequence; combatants joining or changing sides. The first side in roster order
 * rolls the first d6 of group initiative.
 */

const started = (combatants: CombatantSetup[], dice: number[], declare: [string, string, number?][] = []) => {
  const t = new Table(combatants, dice).do({ type: "start" });
  for (const [who, action, time] of declare)
    t.do(time === undefined ? { type: "declare", who, action } : { type: "declare", who, action, time });
  return t.next();
};

describe("segments: group initiative", () => {
  it('a side whose first member cannot act is rolled for by the next one ("Each group will roll a d6")', () => {
    const t = new Table(
      [
        { id: "scout", side: "party", surprised: true },
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [3, 4],
    )
      .do({ type: "start" })
      .next();
    expect(t.eventsOf("initiativeRolled")).toEqual([
      { type: "initiativeRolled", side: "party", roll: 3, who: "fighter" },
      { type: "initiativeRolled", side: "foes", roll: 4, who: "orc" },
    ]);
    expect(t.eventsOf("groupInitiativeSet")).toEqual([
      {
        type: "groupInitiativeSet",
        round: 1,
        rolls: { party: 3, foes: 4 },
        groups: { party: "low", foes: "high" },
        individual: { scout: "low", fighter: "low", orc: "high" },
      },
    ]);
    expect(combatantIn(t.state, "fighter")?.initiative).toBe(3);
    expect(combatantIn(t.state, "orc")?.initiative).toBe(4);
  });

  it("a side with nobody able to act does not roll and is LOW", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes", surprised: true },
      ],
      [1],
    )
      .do({ type: "start" })
      .next();
    expect(t.dice.used).toBe(1);
    expect(t.state.groups).toEqual({ party: "high", foes: "low" });
    expect(combatantIn(t.state, "orc")?.initiative).toBeNull();
  });

  it('the Dexterity Reaction Adjustment can lift an individual over the other side\'s roll ("Adjustments may be made for individuals")', () => {
    // party rolls 3, foes 5: the fighter's DEX 18 gives +3, 6 against 5: HIGH; DEX 17 gives +2, 5 ties 5: HIGH;
    // DEX 16 gives +1, 4 against 5: LOW.
    const t = started(
      [
        { id: "fighter", side: "party", stats: { dexterity: 18 } },
        { id: "ranger", side: "party", stats: { dexterity: 17 } },
        { id: "cleric", side: "party", stats: { dexterity: 16 } },
        { id: "orc", side: "foes" },
      ],
      [3, 5],
    );
    expect(t.eventsOf("groupInitiativeSet")[0]).toMatchObject({
      groups: { party: "low", foes: "high" },
      individual: { fighter: "high", ranger: "high", cleric: "low", orc: "high" },
    });
    expect(combatantIn(t.state, "fighter")?.initiative).toBe(6);
    expect(combatantIn(t.state, "cleric")?.initiative).toBe(4);
    // Dexterity 10 is no adjustment: the orc's initiative is its side's roll.
    expect(combatantIn(t.state, "orc")?.initiative).toBe(5);
    expect(t.state.order).toEqual(["fighter", "ranger", "orc"]);
  });

  it('with one side alone, it is HIGH ("The group with the highest roll acts first")', () => {
    const t = started([{ id: "fighter", side: "party" }], [1]);
    expect(t.state.groups).toEqual({ party: "high" });
    expect(t.state).toMatchObject({ stage: "high", current: "fighter" });
  });

  it('a declared delaying activity or the delayed condition puts an individual in LOW ("always has LOW initiative")', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "thief", side: "party" },
        { id: "scout", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    ).do({ type: "start" });
    t.do({ type: "declare", who: "thief", action: "delaying" });
    t.do({ type: "apply", who: "scout", condition: "delayed", rounds: 1 });
    t.next();
    expect(t.eventsOf("groupInitiativeSet")[0]).toMatchObject({
      individual: { fighter: "high", thief: "low", scout: "low", orc: "low" },
    });
  });
});

describe("segments: order within a group", () => {
  it('orders by action type: spells, missile, melee, other, delaying, then complex ("Go Last"), whatever the weapon speed', () => {
    const t = started(
      [
        { id: "builder", side: "party" },
        { id: "tinker", side: "party" },
        { id: "idle", side: "party", stats: { weaponSpeed: 5 } },
        { id: "fighter", side: "party", stats: { weaponSpeed: 5 } },
        { id: "archer", side: "party" },
        { id: "mage", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [
        ["builder", "complex"],
        ["tinker", "simple"],
        ["fighter", "attack"],
        ["archer", "missile"],
        ["mage", "cast", 3],
      ],
    );
    expect(t.state).toMatchObject({
      stage: "high",
      order: ["mage", "archer", "idle", "fighter", "tinker", "builder"],
    });
  });

  it("a 1-segment invocation announces in the innate abilities place, before missiles", () => {
    const t = started(
      [
        { id: "archer", side: "party" },
        { id: "priest", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [
        ["archer", "missile"],
        ["priest", "invoke", 1],
      ],
    );
    expect(t.state.order).toEqual(["priest", "archer"]);
  });

  it('delaying activities come after other activities in LOW, before complex ones ("can only do so during LOW initiative")', () => {
    const t = started(
      [
        { id: "builder", side: "foes" },
        { id: "thief", side: "foes" },
        { id: "tinker", side: "foes" },
        { id: "fighter", side: "party" },
      ],
      [2, 5],
      [
        ["builder", "complex"],
        ["thief", "delaying"],
        ["tinker", "simple"],
      ],
    );
    t.next();
    expect(t.state).toMatchObject({ stage: "low", order: ["tinker", "thief", "builder"] });
  });

  it('breaks a tie of action type by weapon speed, a declared minor action adding its segments ("your weapon speed will be 8 instead of 7")', () => {
    // fighter: speed 7 + a 2-segment simple activity = 9; orc: speed 8; goblin: speed 8 + a
    // no-time simple activity = 8, after the orc by roster order.
    const t = started(
      [
        { id: "fighter", side: "party", stats: { weaponSpeed: 7 } },
        { id: "orc", side: "foes", stats: { weaponSpeed: 8 } },
        { id: "goblin", side: "foes", stats: { weaponSpeed: 8 } },
      ],
      [4, 4],
      [
        ["fighter", "attack"],
        ["fighter", "simple", 2],
        ["orc", "attack"],
        ["goblin", "attack"],
        ["goblin", "simple", 0],
      ],
    );
    expect(t.state.order).toEqual(["orc", "goblin", "fighter"]);
  });

  it("a delaying activity declared by one without the delayed condition adds its time to weapon speed too", () => {
    const t = started(
      [
        { id: "fighter", side: "party", stats: { weaponSpeed: 3 } },
        { id: "orc", side: "foes", stats: { weaponSpeed: 5 } },
      ],
      [2, 5],
      [
        ["fighter", "attack"],
        ["fighter", "delaying", 3],
        ["orc", "attack"],
        ["orc", "delay"],
      ],
    );
    // Both in LOW (the fighter rolled low, the orc declared a delay), both melee, no delayed
    // condition: weapon speed 3 + 3 = 6 against 5.
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "fighter"] });
  });

  it('"All group initiative action ties are lost unless the opponent has the delayed condition"', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", stats: { weaponSpeed: 1 } },
        { id: "orc", side: "foes", stats: { weaponSpeed: 9 } },
      ],
      [5, 2],
    ).do({ type: "start" });
    t.do({ type: "apply", who: "fighter", condition: "delayed", rounds: 1 }).next();
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "fighter"] });
  });
});

describe("segments: fast actions and Go First", () => {
  it('go in the flowchart\'s order "Parley, Flee, Charge", then "Go First"', () => {
    const t = started(
      [
        { id: "scout", side: "party", tags: ["goFirst"] },
        { id: "knight", side: "party" },
        { id: "thief", side: "party" },
        { id: "envoy", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [
        ["knight", "charge"],
        ["thief", "flee"],
        ["envoy", "parley"],
      ],
    );
    expect(t.state).toMatchObject({ stage: "fast", order: ["envoy", "thief", "knight", "scout"] });
  });

  it("a fast action declared by one who could go first keeps the fast action's place", () => {
    const t = started(
      [
        { id: "scout", side: "party", tags: ["goFirst"] },
        { id: "thief", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [
        ["scout", "charge"],
        ["thief", "flee"],
      ],
    );
    expect(t.state.order).toEqual(["thief", "scout"]);
  });

  it("a fast actor has no turn again in its group's turn", () => {
    const t = started(
      [
        { id: "thief", side: "party" },
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [["thief", "flee"]],
    );
    t.next();
    expect(t.state).toMatchObject({ stage: "high", order: ["fighter"] });
  });
});

describe("segments: multi-attackers", () => {
  it('in melee on a grid when an enemy threatens it or it threatens an enemy ("and is in melee")', () => {
    // The bear's reach 2 threatens the fighter two squares off, the fighter does not threaten the bear.
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "bear", side: "foes", at: [2, 0], reach: 2, tags: ["multiAttack"] },
        { id: "wolf", side: "foes", at: [0, 1], tags: ["multiAttack"] },
        { id: "owlbear", side: "foes", at: [9, 9], tags: ["multiAttack"] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    )
      .do({ type: "start" })
      .next();
    expect(t.state).toMatchObject({ stage: "multi", order: ["bear", "wolf"] });
  });

  it("an ally's or a defeated enemy's reach does not put it in melee", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "cleric", side: "foes", at: [5, 5] },
        { id: "bear", side: "foes", at: [1, 0], tags: ["multiAttack"] },
        { id: "giant", side: "party", at: [3, 0], reach: 2 },
      ],
      [5, 2],
      { grid: { type: "square" } },
    ).do({ type: "start" });
    t.do({ type: "setDefeated", who: "fighter", defeated: true }).next();
    // Only the giant is left on the party's side: two squares off, its reach 2 threatens the bear.
    expect(t.state).toMatchObject({ stage: "multi", order: ["bear"] });
    const alone = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0], reach: 2 },
        { id: "bear", side: "foes", at: [2, 0], tags: ["multiAttack"] },
        { id: "cub", side: "foes", at: [3, 0], reach: 3 },
      ],
      [5, 2],
      { grid: { type: "square" } },
    ).do({ type: "start" });
    alone.do({ type: "setDefeated", who: "fighter", defeated: true }).next();
    // No multi-attack stage: the foes, alone to roll, go straight to HIGH.
    expect(alone.state).toMatchObject({ stage: "high", order: ["bear", "cub"] });
  });

  it("gridless, a multi-attacker is in melee unless it declared a major action other than a melee attack", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "bear", side: "foes", tags: ["multiAttack"] },
        { id: "wolf", side: "foes", tags: ["multiAttack"] },
        { id: "harpy", side: "foes", tags: ["multiAttack"] },
      ],
      [5, 2],
      [
        ["wolf", "attack"],
        ["harpy", "missile"],
      ],
    );
    expect(t.state).toMatchObject({ stage: "multi", order: ["bear", "wolf"] });
    t.next(3);
    expect(t.state).toMatchObject({ stage: "low", order: ["harpy"] });
  });

  it("go HIGH before LOW in the multi-attack stage, then by weapon speed", () => {
    const t = started(
      [
        { id: "wolf", side: "foes", tags: ["multiAttack"], stats: { weaponSpeed: 1 } },
        { id: "lion", side: "party", tags: ["multiAttack"], stats: { weaponSpeed: 6 } },
        { id: "bear", side: "party", tags: ["multiAttack"], stats: { weaponSpeed: 4 } },
      ],
      [2, 5],
    );
    expect(t.state).toMatchObject({ stage: "multi", order: ["bear", "lion", "wolf"] });
  });

  it('one of one routine ("attacks" 1) has no remaining attacks: no multiRest turn', () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "bear", side: "foes", tags: ["multiAttack"], stats: { attacks: 1 } },
      ],
      [5, 2],
    );
    expect(t.state.current).toBe("bear");
    t.do({ type: "act", who: "bear", action: "attack", target: "fighter", outcome: "miss" });
    t.next(2);
    expect(t.state.stage).toBe("end");
  });

  it("by default a multi-attacker has two routines: one in multiRest", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "bear", side: "foes", tags: ["multiAttack"] },
      ],
      [5, 2],
    );
    t.do({ type: "act", who: "bear", action: "attack", target: "fighter", outcome: "miss" });
    t.next(2);
    expect(t.state).toMatchObject({ stage: "multiRest", order: ["bear"], current: "bear" });
    t.do({ type: "act", who: "bear", action: "attack", target: "fighter", outcome: "miss" });
    expect(t.refused({ type: "act", who: "bear", action: "attack", target: "fighter" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
  });

  it("one defeated after its primary routine has no remaining routine", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "bear", side: "foes", tags: ["multiAttack"] },
        { id: "wolf", side: "foes", tags: ["multiAttack"] },
      ],
      [5, 2],
    );
    t.next(2);
    t.do({ type: "setDefeated", who: "bear", defeated: true });
    t.next();
    expect(t.state).toMatchObject({ stage: "multiRest", order: ["wolf"], current: "wolf" });
  });
});

describe("segments: spells", () => {
  it("a casting completes on its casting time counted from segment 1: 10 ends this round, 11 and 20 the next, 21 the one after", () => {
    const t = started(
      [
        { id: "a", side: "party" },
        { id: "b", side: "party" },
        { id: "c", side: "party" },
        { id: "d", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [
        ["a", "cast", 10],
        ["b", "cast", 11],
        ["c", "invoke", 20],
        ["d", "cast", 21],
      ],
    );
    expect(t.eventsOf("castingStarted").map((e) => [e.who, e.spell, e.completes])).toEqual([
      ["a", "cast", { round: 1, segment: 10 }],
      ["b", "cast", { round: 2, segment: 1 }],
      ["c", "invoke", { round: 2, segment: 10 }],
      ["d", "cast", { round: 3, segment: 1 }],
    ]);
  });

  it("a 2-segment invocation is cast over the round and goes off in the spells stage", () => {
    const t = started(
      [
        { id: "priest", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [["priest", "invoke", 2]],
    );
    expect(t.eventsOf("castingStarted")).toMatchObject([{ who: "priest", spell: "invoke", time: 2 }]);
    t.next(2);
    expect(t.state).toMatchObject({ stage: "spells", current: "priest", segment: 2 });
    expect(t.eventsOf("spellCompleted")).toEqual([
      { type: "spellCompleted", who: "priest", spell: "invoke", segment: 2, target: null },
    ]);
    expect(combatantIn(t.state, "priest")?.usage).toEqual({ "round:spell": 1, "round:major": 1 });
  });

  it('spells go off by segment, the earlier first ("resolve all spells ... based on the Spell Initiative Chart")', () => {
    const t = started(
      [
        { id: "slow", side: "party" },
        { id: "quick", side: "foes" },
      ],
      [5, 2],
      [
        ["slow", "cast", 6],
        ["quick", "cast", 3],
      ],
    );
    t.next(2);
    expect(t.state).toMatchObject({
      stage: "spells",
      order: ["quick", "slow"],
      current: "quick",
      segment: 3,
    });
    t.next();
    expect(t.state).toMatchObject({ current: "slow", segment: 6 });
  });

  it("one whose spell was lost before its spells turn is passed over", () => {
    const t = started(
      [
        { id: "mage", side: "party" },
        { id: "shaman", side: "foes" },
        { id: "witch", side: "foes" },
      ],
      [5, 2],
      [
        ["mage", "cast", 2],
        ["shaman", "cast", 3],
        ["witch", "cast", 4],
      ],
    );
    t.next(3);
    expect(t.state).toMatchObject({ stage: "spells", order: ["mage", "shaman", "witch"], current: "mage" });
    t.do({ type: "apply", who: "shaman", condition: "stunned", rounds: 1 });
    t.next();
    expect(t.state).toMatchObject({ current: "witch", segment: 4 });
  });

  it("a caster carrying a spell into the next round acts in no stage there but the spells stage", () => {
    const t = started(
      [
        { id: "mage", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5, 2],
      [["mage", "cast", 12]],
    );
    t.next(3);
    expect(t.state).toMatchObject({ round: 2, stage: "declare" });
    t.next();
    expect(t.state).toMatchObject({ stage: "low", order: ["orc"] });
    t.next();
    expect(t.state).toMatchObject({ stage: "spells", current: "mage", segment: 2 });
  });
});

describe("segments: the End the Round sequence and the next round", () => {
  it("ends on segment 10 with nobody current; surprise lasts round 1 only", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes", surprised: true },
      ],
      [5],
    );
    t.next();
    expect(t.state).toMatchObject({ stage: "end", segment: 10, current: null, order: [] });
    expect(t.eventsOf("roundEnded")).toEqual([{ type: "roundEnded", round: 1 }]);
    expect(combatantIn(t.state, "orc")?.conditions).toEqual([]);
    t.next();
    expect(t.state).toMatchObject({ round: 2, stage: "declare", order: ["fighter", "orc"] });
  });

  it("a GM's surprise in a later round is not lifted at its end", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5],
    );
    t.next(3);
    expect(t.state).toMatchObject({ round: 2, stage: "declare" });
    t.do({ type: "apply", who: "orc", condition: "surprised", rounds: 5 });
    t.next(2);
    expect(t.state).toMatchObject({ round: 2, stage: "end" });
    expect(combatantIn(t.state, "orc")?.conditions.map((k) => k.id)).toEqual(["surprised"]);
  });

  it("a new round clears declarations, groups, initiatives and the round's usage", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [["fighter", "attack"]],
    );
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "miss" });
    t.next(3);
    expect(t.state).toMatchObject({ round: 2, stage: "declare", segment: 1, current: null, groups: null });
    expect(t.eventsOf("roundStarted").at(-1)).toEqual({ type: "roundStarted", round: 2, stage: "declare" });
    expect(combatantIn(t.state, "fighter")).toMatchObject({ initiative: null, usage: {} });
    expect(combatantIn(t.state, "fighter")?.ext).toMatchObject({ declared: [], group: null, extra: 0 });
    expect(t.state.ext).toMatchObject({ rolls: {} });
  });

  it("minor actions past segment 10 open the actor's next round, up to that round's segment 10", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5, 2],
    );
    // 1 + 25 = segment 26: 16 segments into round 2, which caps at segment 10.
    t.do({ type: "act", who: "fighter", action: "simple", time: 25 });
    expect(t.state.segment).toBe(10);
    t.next(4);
    expect(t.state).toMatchObject({ round: 2, stage: "high", current: "fighter", segment: 10 });
    expect(combatantIn(t.state, "fighter")?.ext).toMatchObject({ extra: 15 });
  });

  it("a complex activity of 20 segments takes two full rounds and completes on segment 10 of the second", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5, 2, 5, 2],
      [["fighter", "complex", 20]],
    );
    expect(t.eventsOf("activityStarted")).toEqual([
      {
        type: "activityStarted",
        who: "fighter",
        action: "complex",
        time: 20,
        completes: { round: 2, segment: 10 },
      },
    ]);
    expect(t.state).toMatchObject({ current: "fighter", segment: 10 });
    t.next(3);
    expect(combatantIn(t.state, "fighter")?.ext).toMatchObject({
      declared: [{ action: "complex", time: 10 }],
    });
    t.next();
    expect(t.state).toMatchObject({ round: 2, current: "fighter", segment: 10 });
    t.next(3);
    // Round 3: the activity is done; the fighter declares anew.
    expect(t.state).toMatchObject({ round: 3, stage: "declare" });
    expect(combatantIn(t.state, "fighter")?.ext).toMatchObject({ declared: [], activity: null });
    t.do({ type: "declare", who: "fighter", action: "attack" });
  });

  it("a complex activity of 11 segments completes on segment 1 of the next round", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5, 2],
      [["fighter", "complex", 11]],
    );
    expect(t.eventsOf("activityStarted")).toMatchObject([{ completes: { round: 2, segment: 1 } }]);
    t.next(4);
    expect(t.state).toMatchObject({ round: 2, stage: "high", current: "fighter", segment: 1 });
    expect(t.eventsOf("activityStarted")).toHaveLength(1);
  });

  it("a complex activity of 10 segments is one round: nothing carries", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [["fighter", "complex", 10]],
    );
    expect(t.eventsOf("activityStarted")).toEqual([]);
    t.next(3);
    expect(combatantIn(t.state, "fighter")?.ext).toMatchObject({ declared: [], activity: null });
  });
});

describe("segments: a delayed individual's delaying activity goes last", () => {
  it("when it is already last, the order stays and its turn goes on", () => {
    const t = started(
      [
        { id: "orc", side: "foes" },
        { id: "thief", side: "party" },
      ],
      [2, 5],
    );
    // The thief (HIGH) delays: it is alone in LOW after the orc.
    t.do({ type: "delay", who: "thief" });
    t.next();
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "thief"], current: "thief" });
    t.do({ type: "act", who: "thief", action: "delaying" });
    expect(t.eventsOf("orderChanged")).toEqual([]);
    expect(t.state).toMatchObject({ current: "thief", segment: 10 });
  });

  it("with others after it, it moves to the end and the next actor's turn begins", () => {
    const t = started(
      [
        { id: "thief", side: "party" },
        { id: "orc", side: "foes" },
        { id: "goblin", side: "foes" },
      ],
      [5, 2],
      [["orc", "delay"]],
    );
    // thief (HIGH) delays: LOW then holds orc, goblin (no condition) and the delayed thief... but the
    // orc declared its delay, it has no condition: roster order orc, goblin, then the thief.
    t.do({ type: "delay", who: "thief" });
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "goblin", "thief"], current: "orc" });
    t.next();
    expect(t.state.current).toBe("goblin");
    t.next();
    expect(t.state.current).toBe("thief");
    expect(t.eventsOf("orderChanged")).toEqual([]);
  });
});

describe("segments: joining and changing sides mid-round", () => {
  const duel = (dice: number[]) =>
    new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      dice,
    );

  it("a newcomer who cannot act does not join the declarations' order", () => {
    const t = duel([]).do({ type: "start" });
    t.do({ type: "addCombatant", combatant: { id: "ghost", side: "foes", surprised: true } });
    expect(t.state.order).toEqual(["fighter", "orc"]);
  });

  it("a newcomer joins the stage under way before those of its place still to act", () => {
    // HIGH: the archer (missile) then the fighter (a simple activity, "D4. Other"). A newcomer,
    // who declared nothing, is melee: after the archer, ahead of the fighter.
    const t = new Table(
      [
        { id: "archer", side: "party" },
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    ).do({ type: "start" });
    t.do({ type: "declare", who: "archer", action: "missile" });
    t.do({ type: "declare", who: "fighter", action: "simple" }).next();
    expect(t.state).toMatchObject({ stage: "high", order: ["archer", "fighter"], current: "archer" });
    t.do({ type: "addCombatant", combatant: { id: "squire", side: "party" } });
    expect(t.state.order).toEqual(["archer", "squire", "fighter"]);
    expect(t.eventsOf("orderChanged")).toEqual([
      { type: "orderChanged", order: ["archer", "squire", "fighter"], reason: "newcomer", who: "squire" },
    ]);
    expect(combatantIn(t.state, "squire")?.ext).toMatchObject({ group: "high" });
  });

  it("a newcomer whose place is before the current actor goes at the end", () => {
    const t = new Table(
      [
        { id: "archer", side: "party" },
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    ).do({ type: "start" });
    t.do({ type: "declare", who: "archer", action: "missile" });
    t.do({ type: "declare", who: "fighter", action: "simple" }).next();
    t.next();
    expect(t.state).toMatchObject({ order: ["archer", "fighter"], current: "fighter" });
    // The squire's place (melee) is before the fighter's (other), whose turn is under way.
    t.do({ type: "addCombatant", combatant: { id: "squire", side: "party" } });
    expect(t.state.order).toEqual(["archer", "fighter", "squire"]);
    t.next();
    expect(t.state.current).toBe("squire");
  });

  it("a newcomer of the other group waits for its stage; none joins at the end of the round", () => {
    const t = duel([5, 2]).do({ type: "start" }).next();
    t.do({ type: "addCombatant", combatant: { id: "goblin", side: "foes", stats: { dexterity: 3 } } });
    expect(t.state.order).toEqual(["fighter"]);
    // The goblin's DEX 3 gives -3: 2 - 3 = -1.
    expect(combatantIn(t.state, "goblin")?.initiative).toBe(-1);
    t.next();
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "goblin"] });
    t.next(2);
    expect(t.state.stage).toBe("end");
    t.do({ type: "addCombatant", combatant: { id: "ogre", side: "foes" } });
    expect(t.state.order).toEqual([]);
    expect(combatantIn(t.state, "ogre")?.initiative).toBeNull();
  });

  it("a newcomer before the fight starts changes no order", () => {
    const t = duel([]);
    t.do({ type: "addCombatant", combatant: { id: "squire", side: "party" } });
    expect(t.state.order).toEqual([]);
  });

  it("a combatant moved to the other side takes that side's group for the stages to come", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "traitor", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    )
      .do({ type: "start" })
      .next();
    t.do({ type: "setCombatant", who: "traitor", side: "foes" });
    expect(t.eventsOf("groupChanged")).toEqual([
      { type: "groupChanged", who: "traitor", group: "low", round: 1 },
    ]);
    expect(combatantIn(t.state, "traitor")?.initiative).toBe(2);
    t.next(2);
    expect(t.state).toMatchObject({ stage: "low", order: ["traitor", "orc"] });
  });

  it("a side change within the same group, or during declarations, changes no group", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
        { id: "ogre", side: "giants" },
      ],
      [5, 2, 5],
    ).do({ type: "start" });
    t.do({ type: "setCombatant", who: "orc", side: "party" });
    t.do({ type: "setCombatant", who: "orc", side: "foes" });
    t.next();
    // party 5, foes 2, giants 5: party and giants tie for HIGH.
    expect(t.state.groups).toEqual({ party: "high", foes: "low", giants: "high" });
    t.do({ type: "setCombatant", who: "ogre", side: "party" });
    expect(t.eventsOf("groupChanged")).toEqual([]);
    t.do({ type: "setCombatant", who: "ogre", side: "nobody" });
    expect(t.eventsOf("groupChanged")).toEqual([
      { type: "groupChanged", who: "ogre", group: "low", round: 1 },
    ]);
    expect(combatantIn(t.state, "ogre")?.initiative).toBeNull();
  });
});

describe("segments: turns", () => {
  it("a turn starts with its stage and the segment the actor's action completes in", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    );
    expect(t.eventsOf("stageStarted")).toEqual([
      { type: "stageStarted", round: 1, stage: "high", order: ["fighter"] },
    ]);
    expect(t.eventsOf("turnStarted")).toEqual([
      { type: "turnStarted", who: "fighter", round: 1, stage: "high", segment: 1 },
    ]);
  });

  it("one defeated before its turn in the stage is passed over", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "thief", side: "party" },
        { id: "cleric", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    );
    expect(t.state.order).toEqual(["fighter", "thief", "cleric"]);
    t.do({ type: "setDefeated", who: "thief", defeated: true });
    t.next();
    expect(t.state.current).toBe("cleric");
  });

  it("a new round's declarations leave out the defeated", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
        { id: "goblin", side: "foes" },
      ],
      [5, 2],
    );
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "kill" });
    t.next(3);
    expect(t.state).toMatchObject({ round: 2, stage: "declare", order: ["fighter", "goblin"] });
  });

  it("a complex activity of 25 segments starts once and runs to segment 5 of round 3", () => {
    const t = started(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5, 2, 5, 2],
      [["fighter", "complex", 25]],
    );
    expect(t.eventsOf("activityStarted")).toMatchObject([{ time: 25, completes: { round: 3, segment: 5 } }]);
    t.next(3);
    // Round 2 holds 15 segments still to run: the full round.
    expect(combatantIn(t.state, "fighter")?.ext).toMatchObject({
      declared: [{ action: "complex", time: 15 }],
    });
    t.next();
    expect(t.state).toMatchObject({ round: 2, current: "fighter", segment: 10 });
    t.next(3);
    t.next();
    expect(t.state).toMatchObject({ round: 3, current: "fighter", segment: 5 });
    expect(t.eventsOf("activityStarted")).toHaveLength(1);
  });
});

describe("segments: more of the round", () => {
  it("a 1-segment invocation declared with a simple activity still goes off in the group turn", () => {
    const t = started(
      [
        { id: "priest", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [
        ["priest", "simple"],
        ["priest", "invoke", 1],
      ],
    );
    expect(t.eventsOf("castingStarted")).toEqual([]);
    t.do({ type: "act", who: "priest", action: "invoke" });
    expect(t.eventsOf("spellCompleted")).toMatchObject([{ who: "priest", spell: "invoke" }]);
  });

  it("a spell declared with a 1-segment simple activity is cast over its time", () => {
    const t = started(
      [
        { id: "mage", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
      [
        ["mage", "simple"],
        ["mage", "cast", 3],
      ],
    );
    expect(t.eventsOf("castingStarted")).toMatchObject([{ who: "mage", time: 3 }]);
  });

  it("on a grid, an unplaced multi-attacker counts as in melee unless it declared otherwise", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "bear", side: "foes", tags: ["multiAttack"] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    )
      .do({ type: "start" })
      .next();
    expect(t.state).toMatchObject({ stage: "multi", order: ["bear"] });
  });

  it("on a gridless scene a placed multi-attacker is measured by nothing: in melee", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "bear", side: "foes", at: [9, 9], tags: ["multiAttack"] },
      ],
      [5, 2],
    )
      .do({ type: "start" })
      .next();
    expect(t.state).toMatchObject({ stage: "multi", order: ["bear"] });
  });

  it("a multi-attacker that goes first, or declared a missile, takes no multi-attack turn", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "bear", side: "foes", at: [1, 0], tags: ["multiAttack", "goFirst"] },
        { id: "harpy", side: "foes", at: [0, 1], tags: ["multiAttack"] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    ).do({ type: "start" });
    t.do({ type: "declare", who: "harpy", action: "missile" }).next();
    expect(t.state).toMatchObject({ stage: "fast", order: ["bear"] });
    t.next();
    expect(t.state).toMatchObject({ stage: "high", order: ["fighter"] });
  });

  it("a multi-attacker that comes into melee after step 4 keeps its LOW turn and has no remaining routines", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "bear", side: "foes", at: [3, 0], tags: ["multiAttack"] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    )
      .do({ type: "start" })
      .next();
    expect(t.state).toMatchObject({ stage: "high", current: "fighter" });
    t.do({ type: "move", who: "fighter", path: [[2, 0]] });
    t.next();
    expect(t.state).toMatchObject({ stage: "low", order: ["bear"] });
    t.next();
    expect(t.state.stage).toBe("end");
  });

  it("a delayed individual's delaying activity goes after a delayed one's melee and with the complex ones (\"Go Last\")", () => {
    // LOW: orc (melee), fighter (melee, delayed), builder (complex), thief (delaying, delayed: as
    // complex, and the delayed loses the tie with the builder).
    const t = new Table(
      [
        { id: "thief", side: "party" },
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
        { id: "builder", side: "foes" },
      ],
      [5, 2],
    ).do({ type: "start" });
    t.do({ type: "apply", who: "thief", condition: "delayed", rounds: 1 });
    t.do({ type: "apply", who: "fighter", condition: "delayed", rounds: 1 });
    t.do({ type: "declare", who: "builder", action: "complex" });
    t.do({ type: "declare", who: "thief", action: "delaying" }).next();
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "fighter", "builder", "thief"] });
  });

  it("the Dexterity Reaction Adjustment can drop the higher side's individual to a tie, still HIGH", () => {
    // party 5 with DEX 3 (-3) = 2 against foes 2: tied, HIGH.
    const t = started(
      [
        { id: "fighter", side: "party", stats: { dexterity: 3 } },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    );
    expect(t.eventsOf("groupInitiativeSet")[0]).toMatchObject({
      individual: { fighter: "high", orc: "low" },
    });
    expect(t.state).toMatchObject({ stage: "high", order: ["fighter"] });
  });

  it('ties are lost by the delayed whatever the roster order and weapon speed ("ties are lost unless the opponent has the delayed condition")', () => {
    const t = new Table(
      [
        { id: "orc", side: "foes", stats: { weaponSpeed: 9 } },
        { id: "fighter", side: "party", stats: { weaponSpeed: 1 } },
      ],
      [2, 5],
    ).do({ type: "start" });
    t.do({ type: "apply", who: "fighter", condition: "delayed", rounds: 1 }).next();
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "fighter"] });
  });

  it("the end of round 1 lifts the setup's surprise only, not a surprise the GM set for longer", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes", surprised: true },
      ],
      [5, 5, 2],
    ).do({ type: "start" });
    t.do({ type: "apply", who: "fighter", condition: "surprised", rounds: 5 });
    t.next();
    expect(t.state.stage).toBe("end");
    expect(t.eventsOf("stageStarted").at(-1)).toEqual({
      type: "stageStarted",
      round: 1,
      stage: "end",
      order: [],
    });
    expect(combatantIn(t.state, "fighter")?.conditions.map((k) => k.id)).toEqual(["surprised"]);
    expect(combatantIn(t.state, "orc")?.conditions).toEqual([]);
    t.do({ type: "removeCondition", who: "fighter", condition: "surprised" });
    t.next(2);
    // Round 2: both sides roll 5, HIGH: the fighter, then the orc, whom the GM surprises again for
    // 5 rounds: its turn is passed over, and the end of round 2 keeps the condition.
    expect(t.state).toMatchObject({ round: 2, stage: "high", order: ["fighter", "orc"], current: "fighter" });
    t.do({ type: "apply", who: "orc", condition: "surprised", rounds: 5 });
    t.next();
    expect(t.state).toMatchObject({ round: 2, stage: "end" });
    expect(combatantIn(t.state, "orc")?.conditions.map((k) => k.id)).toEqual(["surprised"]);
  });

  it("a delayed delaying activity sent last is announced as a change of order", () => {
    const t = started(
      [
        { id: "thief", side: "party" },
        { id: "orc", side: "foes" },
        { id: "goblin", side: "foes" },
      ],
      [5, 2],
    );
    t.do({ type: "delay", who: "thief" });
    t.next();
    expect(t.state).toMatchObject({ order: ["orc", "goblin", "thief"], current: "goblin" });
    t.do({ type: "endTurn", who: "goblin" });
    expect(t.state.current).toBe("thief");
    expect(t.eventsOf("orderChanged")).toEqual([]);
  });

  it("a newcomer goes before the first still to act whose place is after its own", () => {
    const t = new Table(
      [
        { id: "mage", side: "party" },
        { id: "archer", side: "party" },
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    ).do({ type: "start" });
    t.do({ type: "declare", who: "mage", action: "cast", time: 3 });
    t.do({ type: "declare", who: "archer", action: "missile" });
    t.do({ type: "declare", who: "fighter", action: "simple" }).next();
    expect(t.state).toMatchObject({ order: ["mage", "archer", "fighter"], current: "mage" });
    t.do({ type: "addCombatant", combatant: { id: "squire", side: "party" } });
    expect(t.state.order).toEqual(["mage", "archer", "squire", "fighter"]);
  });
});
