import { describe, expect, it } from "vitest";
import { segments } from "../../../../src/engine/rulesets/segments";
import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import type { Cell, CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * segments' combat handlers (src/engine/rulesets/segments/combat.ts) against the rule text
 * (rules/segments.txt): declarations, the one major action, attacks, delay, movement with its free
 * and immediate attacks, concentration. Dice: the first side in roster order rolls the first d6 of
 * group initiative, so [5, 2] puts the first side in HIGH and the second in LOW.
 */

const duel = (
  dice: number[] = [5, 2],
  fighter: Partial<CombatantSetup> = {},
  orc: Partial<CombatantSetup> = {},
) =>
  new Table(
    [
      { id: "fighter", side: "party", pc: true, ...fighter },
      { id: "orc", side: "foes", ...orc },
    ],
    dice,
  );

/** fighter at (0, 0) beside orc at (1, 0) on a square grid; fighter's side HIGH. */
const melee = (extra: CombatantSetup[] = [], dice: number[] = [5, 2]) =>
  new Table(
    [
      { id: "fighter", side: "party", pc: true, at: [0, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
      ...extra,
    ],
    dice,
    { grid: { type: "square" } },
  );

describe("segments: declaring actions", () => {
  it('an action declared without a time "takes 1 segment to complete"; a complex activity a full round ("Complex activities require a full round")', () => {
    const t = duel([]).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "simple" });
    t.do({ type: "declare", who: "orc", action: "complex" });
    expect(t.eventsOf("actionDeclared")).toEqual([
      { type: "actionDeclared", who: "fighter", action: "simple", time: 1 },
      { type: "actionDeclared", who: "orc", action: "complex", time: 10 },
    ]);
  });

  it('keeps a stated time, and a simple activity may take no time ("[simple*] ... takes no time")', () => {
    const t = duel([]).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "simple", time: 0 });
    t.do({ type: "declare", who: "orc", action: "cast", time: 4 });
    expect(t.eventsOf("actionDeclared").map((e) => e.time)).toEqual([0, 4]);
  });

  it("refuses a negative time and a spell of no time (a time that is not a whole number is refused by the command schema)", () => {
    const t = duel([]).do({ type: "start" });
    expect(t.refused({ type: "declare", who: "fighter", action: "simple", time: -1 })).toBe(
      "TEMPO.Refusal.BadTime",
    );
    expect(t.refused({ type: "declare", who: "fighter", action: "cast", time: 0 })).toBe(
      "TEMPO.Refusal.BadTime",
    );
    expect(t.refused({ type: "declare", who: "fighter", action: "invoke", time: 0 })).toBe(
      "TEMPO.Refusal.BadTime",
    );
  });

  it('refuses anything beside a complex activity, before or after it ("No other action or activity can be performed that round")', () => {
    const t = duel([]).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "complex" });
    expect(t.refused({ type: "declare", who: "fighter", action: "simple" })).toBe(
      "TEMPO.Refusal.ComplexTakesRound",
    );
    t.do({ type: "declare", who: "orc", action: "simple" });
    expect(t.refused({ type: "declare", who: "orc", action: "complex" })).toBe(
      "TEMPO.Refusal.ComplexTakesRound",
    );
  });

  it('refuses a second spell declared in a round ("Only one spell can be cast per round")', () => {
    const t = duel([]).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "cast", time: 3 });
    expect(t.refused({ type: "declare", who: "fighter", action: "invoke", time: 3 })).toBe(
      "TEMPO.Refusal.OneSpellPerRound",
    );
  });

  it('refuses a second major action declared ("a creature has an opportunity to accomplish 1 major task"), not a second minor one', () => {
    const t = duel([]).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "attack" });
    expect(t.refused({ type: "declare", who: "fighter", action: "missile" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
    t.do({ type: "declare", who: "fighter", action: "simple" });
    t.do({ type: "declare", who: "fighter", action: "simple" });
    expect(t.eventsOf("actionDeclared")).toHaveLength(3);
  });

  it("refuses a delay declared twice", () => {
    const t = duel([]).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "delay" });
    expect(t.refused({ type: "declare", who: "fighter", action: "delay" })).toBe(
      "TEMPO.Refusal.AlreadyDeclared",
    );
  });

  it('refuses a declaration from a surprised creature ("The GM will check for Surprise") and from a defeated one', () => {
    const t = duel([], { surprised: true }).do({ type: "start" });
    expect(t.refused({ type: "declare", who: "fighter", action: "attack" })).toBe("TEMPO.Refusal.Surprised");
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    expect(t.refused({ type: "declare", who: "orc", action: "attack" })).toBe("TEMPO.Refusal.Defeated");
  });

  it('a delay sent during declarations is declared ("Declaring a Delay ... you act on LOW initiative")', () => {
    const t = duel([5, 2]).do({ type: "start" });
    t.do({ type: "delay", who: "fighter" });
    expect(t.eventsOf("actionDeclared")).toEqual([
      { type: "actionDeclared", who: "fighter", action: "delay", time: 1 },
    ]);
    t.next();
    // The party rolled 5 against 2, HIGH, but the declared delay puts the fighter in LOW with the
    // orc; without the delayed condition ("do not have the delayed condition as a result of
    // declaring the delay") it keeps its roster place there, ahead of the orc.
    expect(t.state).toMatchObject({ stage: "low", order: ["fighter", "orc"] });
    expect(combatantIn(t.state, "fighter")?.conditions).toEqual([]);
  });

  it('refuses a delay "until" someone: the text has no such delay', () => {
    const t = duel([]).do({ type: "start" });
    expect(t.refused({ type: "delay", who: "fighter", until: "orc" })).toBe(
      "TEMPO.Refusal.DelayUntilNotInRules",
    );
  });
});

describe("segments: a spell carried into the next round", () => {
  /** wizard casts a 15-segment spell in round 1: it completes in round 2, segment 5. */
  const carried = () => {
    const t = duel([5, 2, 5, 2], {}, {}).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "cast", time: 15 }).next();
    expect(t.eventsOf("castingStarted")).toEqual([
      {
        type: "castingStarted",
        who: "fighter",
        spell: "cast",
        time: 15,
        completes: { round: 2, segment: 5 },
      },
    ]);
    return t;
  };

  it('refuses another spell or major action declared while it is cast ("Only one spell can be cast per round")', () => {
    const t = carried();
    t.next(3);
    expect(t.state).toMatchObject({ round: 2, stage: "declare" });
    expect(t.refused({ type: "declare", who: "fighter", action: "cast", time: 2 })).toBe(
      "TEMPO.Refusal.OneSpellPerRound",
    );
    expect(refusal(t, { type: "declare", who: "fighter", action: "attack" })).toEqual({
      key: "TEMPO.Refusal.StillCasting",
      data: { who: "fighter" },
    });
    t.do({ type: "declare", who: "fighter", action: "simple" });
  });

  it('refuses a new spell declared in a round whose spell was lost ("fails and is lost as if cast")', () => {
    const t = carried();
    t.next(3);
    t.do({ type: "apply", who: "fighter", condition: "stunned", rounds: 1 });
    expect(t.eventsOf("spellLost")).toEqual([
      { type: "spellLost", who: "fighter", spell: "cast", reason: "stunned" },
    ]);
    expect(t.refused({ type: "declare", who: "fighter", action: "invoke", time: 2 })).toBe(
      "TEMPO.Refusal.OneSpellPerRound",
    );
  });

  it('a hit in the first round of a two-round casting breaks it ("during the time period of concentration")', () => {
    const t = carried();
    t.next();
    t.do({ type: "act", who: "orc", action: "attack", target: "fighter", outcome: "hit" });
    expect(t.eventsOf("spellLost")).toEqual([
      { type: "spellLost", who: "fighter", spell: "cast", reason: "damage" },
    ]);
  });

  it("in its last round, a hit up to its completion segment breaks it, one after does not", () => {
    // Round 2: the fighter's side rolls 5 again, the orc's 2: the orc acts in LOW.
    const early = carried();
    early.next(4);
    expect(early.state).toMatchObject({ round: 2, stage: "low", current: "orc", segment: 1 });
    early.do({ type: "act", who: "orc", action: "simple", time: 4 });
    expect(early.state.segment).toBe(5);
    early.do({ type: "act", who: "orc", action: "attack", target: "fighter", outcome: "hit" });
    expect(early.eventsOf("spellLost")).toMatchObject([{ who: "fighter", reason: "damage" }]);

    const late = carried();
    late.next(4);
    late.do({ type: "act", who: "orc", action: "simple", time: 5 });
    expect(late.state.segment).toBe(6);
    late.do({ type: "act", who: "orc", action: "attack", target: "fighter", outcome: "hit" });
    expect(late.eventsOf("spellLost")).toEqual([]);
    late.next();
    expect(late.eventsOf("spellCompleted")).toEqual([
      { type: "spellCompleted", who: "fighter", spell: "cast", segment: 5, target: null },
    ]);
  });
});

describe("segments: losing a spell", () => {
  const casting = (time = 2) =>
    duel([2, 5]).do({ type: "start" }).do({ type: "declare", who: "fighter", action: "cast", time }).next();

  it.each(["failedSave", "impeded", "grappled", "held", "paralyzed", "stunned", "unconscious", "prone"])(
    'the condition %s breaks a casting ("caster fails a save; caster\'s movement or ability to act is impeded")',
    (condition) => {
      const t = casting();
      t.do({ type: "apply", who: "fighter", condition, rounds: 1 });
      expect(t.eventsOf("spellLost")).toEqual([
        { type: "spellLost", who: "fighter", spell: "cast", reason: condition },
      ]);
      // The spell is lost "as if cast": it is the round's spell and major action.
      expect(combatantIn(t.state, "fighter")?.usage).toEqual({ "round:spell": 1, "round:major": 1 });
      t.next(2);
      expect(t.eventsOf("spellCompleted")).toEqual([]);
    },
  );

  it("other conditions leave the casting alone, and a condition on someone not casting changes nothing", () => {
    const t = casting();
    t.do({ type: "apply", who: "fighter", condition: "blessed", rounds: 1 });
    t.do({ type: "apply", who: "orc", condition: "stunned", rounds: 1 });
    expect(t.eventsOf("spellLost")).toEqual([]);
    expect(combatantIn(t.state, "orc")?.usage).toEqual({});
  });

  it('a condition applied once the casting time has run out does not break it ("during the time period of concentration")', () => {
    const t = casting(1);
    // The orc (HIGH) spends 2 segments: its attack lands on segment 3, after the 1-segment casting.
    t.do({ type: "act", who: "orc", action: "simple", time: 2 });
    t.do({ type: "apply", who: "fighter", condition: "stunned", rounds: 1 });
    expect(t.eventsOf("spellLost")).toEqual([]);
  });

  it("a crit or a kill is a hit and breaks the casting; a miss does not", () => {
    const miss = casting();
    miss.do({ type: "act", who: "orc", action: "attack", target: "fighter", outcome: "miss" });
    expect(miss.eventsOf("attackResolved")).toMatchObject([
      { outcome: "miss", hit: false, roll: null, needed: null },
    ]);
    expect(miss.eventsOf("spellLost")).toEqual([]);

    const crit = casting();
    crit.do({ type: "act", who: "orc", action: "attack", target: "fighter", outcome: "crit" });
    expect(crit.eventsOf("attackResolved")).toMatchObject([{ outcome: "crit", hit: true }]);
    expect(crit.eventsOf("spellLost")).toMatchObject([{ who: "fighter", reason: "damage" }]);

    const kill = casting();
    kill.do({ type: "act", who: "orc", action: "attack", target: "fighter", outcome: "kill" });
    expect(kill.eventsOf("spellLost")).toMatchObject([{ who: "fighter", reason: "damage" }]);
  });

  it("the GM setting the caster defeated loses the spell; setting it back does not", () => {
    const t = casting();
    t.do({ type: "setDefeated", who: "fighter", defeated: false });
    expect(t.eventsOf("spellLost")).toEqual([]);
    t.do({ type: "setDefeated", who: "fighter", defeated: true });
    expect(t.eventsOf("spellLost")).toEqual([
      { type: "spellLost", who: "fighter", spell: "cast", reason: "defeated" },
    ]);
  });

  it('a caster who announces a delay in LOW loses the spell ("you lose your major action that round")', () => {
    const t = casting();
    t.next();
    expect(t.state).toMatchObject({ stage: "low", current: "fighter" });
    t.do({ type: "delay", who: "fighter" });
    expect(t.eventsOf("spellLost")).toEqual([
      { type: "spellLost", who: "fighter", spell: "cast", reason: "delay" },
    ]);
    expect(t.eventsOf("majorActionLost")).toEqual([
      { type: "majorActionLost", who: "fighter", reason: "delay" },
    ]);
    expect(combatantIn(t.state, "fighter")?.usage).toEqual({ "round:spell": 1, "round:major": 1 });
  });
});

describe("segments: attacks", () => {
  it("the attack's event names attacker, target and action, with no roll when the outcome is stipulated", () => {
    const t = duel().do({ type: "start" }).next();
    t.do({ type: "act", who: "fighter", action: "missile", target: "orc", outcome: "miss" });
    expect(t.eventsOf("actionTaken")).toEqual([
      {
        type: "actionTaken",
        who: "fighter",
        action: "missile",
        round: 1,
        stage: "high",
        major: true,
        target: "orc",
        segment: 1,
      },
    ]);
    expect(t.eventsOf("attackResolved")).toEqual([
      {
        type: "attackResolved",
        who: "fighter",
        target: "orc",
        with: "missile",
        outcome: "miss",
        hit: false,
        roll: null,
        needed: null,
      },
    ]);
    expect(t.dice.used).toBe(2);
  });

  it("a kill defeats the target once", () => {
    const t = duel().do({ type: "start" }).next();
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "kill" });
    expect(combatantIn(t.state, "orc")?.defeated).toBe(true);
    expect(t.eventsOf("defeatedChanged")).toEqual([{ type: "defeatedChanged", who: "orc", defeated: true }]);
    t.next();
    // The defeated orc has no LOW turn: the round ends.
    expect(t.state.stage).toBe("end");
  });

  it("refuses an attack without a target, on an ally, or on the defeated", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "cleric", side: "party" },
        { id: "orc", side: "foes" },
        { id: "goblin", side: "foes" },
      ],
      [5, 2],
    )
      .do({ type: "start" })
      .do({ type: "setDefeated", who: "goblin", defeated: true })
      .next();
    expect(t.state.current).toBe("fighter");
    expect(t.refused({ type: "act", who: "fighter", action: "attack" })).toBe("TEMPO.Refusal.NeedsTarget");
    expect(t.refused({ type: "act", who: "fighter", action: "missile" })).toBe("TEMPO.Refusal.NeedsTarget");
    expect(t.refused({ type: "act", who: "fighter", action: "attack", target: "cleric" })).toBe(
      "TEMPO.Refusal.NotAnEnemy",
    );
    expect(t.refused({ type: "act", who: "fighter", action: "missile", target: "goblin" })).toBe(
      "TEMPO.Refusal.Defeated",
    );
    expect(t.refused({ type: "act", who: "fighter", action: "charge", target: "cleric" })).toBe(
      "TEMPO.Refusal.NotAnEnemy",
    );
  });

  it("refuses an act out of turn, and any act while a reaction is open", () => {
    const t = duel().do({ type: "start" }).next();
    expect(t.refused({ type: "act", who: "orc", action: "attack", target: "fighter" })).toBe(
      "TEMPO.Refusal.NotYourTurn",
    );
    const f = duel().do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    f.do({ type: "act", who: "fighter", action: "flee" });
    expect(f.refused({ type: "act", who: "fighter", action: "simple" })).toBe(
      "TEMPO.Refusal.ReactionsPending",
    );
    expect(f.refused({ type: "endTurn", who: "fighter" })).toBe("TEMPO.Refusal.ReactionsPending");
  });

  it('a major action after minor actions that end on segment 10 still completes this round ("1 round (one minute) = 10 segments")', () => {
    const t = duel().do({ type: "start" }).next();
    t.do({ type: "act", who: "fighter", action: "simple", time: 9 });
    expect(t.state.segment).toBe(10);
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "miss" });
    expect(t.eventsOf("actionTaken").at(-1)).toMatchObject({ action: "attack", segment: 10 });
  });

  it("a simple activity reports its time and the segment it ends on, and refuses a bad time", () => {
    const t = duel().do({ type: "start" }).next();
    t.do({ type: "act", who: "fighter", action: "simple" });
    t.do({ type: "act", who: "fighter", action: "simple", time: 3 });
    expect(t.eventsOf("actionTaken")).toEqual([
      {
        type: "actionTaken",
        who: "fighter",
        action: "simple",
        round: 1,
        stage: "high",
        major: false,
        time: 1,
        segment: 2,
      },
      {
        type: "actionTaken",
        who: "fighter",
        action: "simple",
        round: 1,
        stage: "high",
        major: false,
        time: 3,
        segment: 5,
      },
    ]);
    expect(t.refused({ type: "act", who: "fighter", action: "simple", time: -2 })).toBe(
      "TEMPO.Refusal.BadTime",
    );
  });

  it("endTurn by the current actor passes the turn", () => {
    const t = duel().do({ type: "start" }).next();
    t.do({ type: "endTurn", who: "fighter" });
    expect(t.state).toMatchObject({ stage: "low", current: "orc" });
    expect(t.eventsOf("turnEnded")).toEqual([{ type: "turnEnded", who: "fighter", round: 1, stage: "high" }]);
  });

  it("start opens the fight for segments", () => {
    const t = duel([]).do({ type: "start" });
    expect(t.state.status).toBe("active");
    expect(t.eventsOf("combatStarted")).toEqual([{ type: "combatStarted", ruleset: "segments" }]);
  });
});

describe("segments: complex activities", () => {
  it("a declared complex activity is taken as the major action and ends on segment 10", () => {
    const t = duel().do({ type: "start" }).do({ type: "declare", who: "fighter", action: "complex" }).next();
    expect(t.state).toMatchObject({ current: "fighter", segment: 10 });
    t.do({ type: "act", who: "fighter", action: "complex" });
    expect(t.eventsOf("actionTaken")).toEqual([
      {
        type: "actionTaken",
        who: "fighter",
        action: "complex",
        round: 1,
        stage: "high",
        major: true,
        segment: 10,
      },
    ]);
    expect(t.refused({ type: "act", who: "fighter", action: "complex" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
  });

  it("a delayed individual's delaying activity taken as complex is not stopped by its minor actions past segment 10", () => {
    // The thief delays out of HIGH into LOW (the delayed condition), spends 10 segments on a
    // simple activity, then its delaying activity is complex: it takes the full round anyway.
    const t = new Table(
      [
        { id: "thief", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    )
      .do({ type: "start" })
      .next();
    t.do({ type: "delay", who: "thief" });
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "thief"], current: "orc" });
    t.next();
    t.do({ type: "act", who: "thief", action: "simple", time: 10 });
    t.do({ type: "act", who: "thief", action: "delaying" });
    expect(t.eventsOf("actionTaken").at(-1)).toEqual({
      type: "actionTaken",
      who: "thief",
      action: "delaying",
      round: 1,
      stage: "low",
      major: true,
      asComplex: true,
      time: 10,
      segment: 10,
    });
  });
});

describe("segments: fast actions", () => {
  it('parley takes the major action but no movement: a move after it is positioning ("10-ft. or less")', () => {
    const t = melee([], [5, 2]);
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "parley" }).next();
    t.do({ type: "act", who: "fighter", action: "parley" });
    expect(t.eventsOf("actionTaken")).toMatchObject([{ action: "parley", major: true, target: null }]);
    // Beside the orc the fighter is in melee, where positioning "cannot be done".
    expect(t.refused({ type: "move", who: "fighter", path: [[-1, 0]] })).toBe(
      "TEMPO.Refusal.PositioningInMelee",
    );
  });

  it("a charge taken without a target moves, then its attack is the same action", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "charge" }).next();
    t.do({ type: "act", who: "fighter", action: "charge" });
    expect(t.eventsOf("attackResolved")).toEqual([]);
    t.do({
      type: "move",
      who: "fighter",
      path: [
        [1, 0],
        [2, 0],
        [3, 0],
      ],
    });
    // The move is the charge's own: no second actionTaken.
    expect(t.eventsOf("actionTaken")).toHaveLength(1);
    t.do({ type: "act", who: "fighter", action: "charge", target: "orc", outcome: "hit" });
    expect(t.eventsOf("attackResolved")).toMatchObject([
      { who: "fighter", target: "orc", with: "charge", hit: true },
    ]);
    expect(t.refused({ type: "act", who: "fighter", action: "charge", target: "orc" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
  });

  it("a charge with its target at once takes the major action and attacks once", () => {
    const t = melee();
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "charge" }).next();
    t.do({ type: "act", who: "fighter", action: "charge", target: "orc", outcome: "miss" });
    expect(combatantIn(t.state, "fighter")?.usage).toEqual({ "round:major": 1, "round:chargeAttack": 1 });
    expect(t.refused({ type: "act", who: "fighter", action: "charge", target: "orc" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
  });

  it("a flight with nobody adjacent offers nothing and holds nothing", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [5, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "act", who: "fighter", action: "flee" });
    expect(t.state.offers).toEqual([]);
    expect(t.state.pending).toEqual([]);
    expect(t.eventsOf("fleeResolved")).toEqual([]);
    // The flight's movement is paid for: moving on is no second major action.
    t.do({
      type: "move",
      who: "fighter",
      path: [
        [-1, 0],
        [-2, 0],
        [-3, 0],
      ],
    });
    expect(t.eventsOf("actionTaken")).toHaveLength(1);
  });

  it('fleeing offers a free and an immediate attack to each adjacent enemy only ("a free attack will be granted ... (ex. Flee Melee)")', () => {
    const t = melee([{ id: "goblin", side: "foes", at: [6, 6] }]);
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "act", who: "fighter", action: "flee" });
    expect(t.state.offers.map((o) => `${o.who}/${o.with}/${o.against}`)).toEqual([
      "orc/freeAttack/fighter",
      "orc/immediateAttack/fighter",
    ]);
    expect(t.eventsOf("reactionOffered")[0]).toMatchObject({ kind: "flee", cell: [0, 0] });
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.eventsOf("fleeResolved")).toEqual([{ type: "fleeResolved", who: "fighter" }]);
    expect(t.state.pending).toEqual([]);
  });

  it("on a gridless scene, or from no cell, every able enemy is adjacent to a fleer", () => {
    const gridless = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
        { id: "goblin", side: "foes" },
        { id: "cleric", side: "party" },
      ],
      [5, 2],
    );
    gridless
      .do({ type: "start" })
      .do({ type: "setDefeated", who: "goblin", defeated: true })
      .do({ type: "declare", who: "fighter", action: "flee" })
      .next();
    gridless.do({ type: "act", who: "fighter", action: "flee" });
    expect(gridless.state.offers.map((o) => `${o.who}/${o.with}`)).toEqual([
      "orc/freeAttack",
      "orc/immediateAttack",
    ]);

    const unplaced = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes", at: [9, 9] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    );
    unplaced.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    unplaced.do({ type: "act", who: "fighter", action: "flee" });
    expect(unplaced.state.offers.map((o) => o.who)).toEqual(["orc", "orc"]);
    expect(unplaced.eventsOf("reactionOffered")[0]).toMatchObject({ cell: null });
  });
});

describe("segments: delay during group initiative", () => {
  const three = () =>
    new Table(
      [
        { id: "fighter", side: "party" },
        { id: "thief", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    );

  it('a delay in HIGH moves the delayer to LOW with the delayed condition ("you lose all actions until LOW initiative")', () => {
    const t = three().do({ type: "start" }).next();
    expect(t.state).toMatchObject({ stage: "high", order: ["fighter", "thief"], current: "fighter" });
    t.do({ type: "delay", who: "fighter" });
    expect(t.eventsOf("delayAnnounced")).toEqual([
      { type: "delayAnnounced", who: "fighter", from: "high", to: "low", round: 1 },
    ]);
    expect(combatantIn(t.state, "fighter")?.conditions.map((k) => k.id)).toEqual(["delayed"]);
    expect(t.state).toMatchObject({ stage: "high", order: ["thief"], current: "thief" });
    t.next();
    // "All group initiative action ties are lost unless the opponent has the delayed condition": last in LOW.
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "fighter"], current: "orc" });
  });

  it("one still to act in HIGH may delay before its turn: it leaves HIGH's order, the current actor goes on", () => {
    const t = three().do({ type: "start" }).next();
    t.do({ type: "delay", who: "thief" });
    expect(t.state).toMatchObject({ stage: "high", order: ["fighter"], current: "fighter" });
    t.next();
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "thief"] });
  });

  it("the last of HIGH who delays acts in LOW", () => {
    const t = duel().do({ type: "start" }).next();
    t.do({ type: "delay", who: "fighter" });
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "fighter"], current: "orc" });
    t.next();
    expect(t.state.current).toBe("fighter");
  });

  it("refuses a delay from one whose turn has passed, from one not in the stage's group, and after acting in HIGH", () => {
    const t = three().do({ type: "start" }).next();
    expect(t.refused({ type: "delay", who: "orc" })).toBe("TEMPO.Refusal.NotInGroupTurn");
    t.do({ type: "act", who: "fighter", action: "simple" });
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "miss" });
    expect(t.refused({ type: "delay", who: "fighter" })).toBe("TEMPO.Refusal.AlreadyActed");
    t.next();
    expect(t.refused({ type: "delay", who: "fighter" })).toBe("TEMPO.Refusal.NotInGroupTurn");
  });

  it("refuses a delay outside group initiative, and a second delay", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    )
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "parley" })
      .next();
    expect(t.state.stage).toBe("fast");
    expect(t.refused({ type: "delay", who: "fighter" })).toBe("TEMPO.Refusal.DelayInGroupInitiative");
    t.next();
    expect(t.state).toMatchObject({ stage: "low", current: "orc" });
    t.do({ type: "apply", who: "orc", condition: "delayed", rounds: 1 });
    expect(t.refused({ type: "delay", who: "orc" })).toBe("TEMPO.Refusal.AlreadyDelayed");
  });

  it("refuses a delay by the surprised and while a reaction is open", () => {
    const t = duel([4], {}, { surprised: true }).do({ type: "start" }).next();
    expect(t.refused({ type: "delay", who: "orc" })).toBe("TEMPO.Refusal.Surprised");
    const f = duel().do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    f.do({ type: "act", who: "fighter", action: "flee" });
    expect(f.refused({ type: "delay", who: "orc" })).toBe("TEMPO.Refusal.ReactionsPending");
  });

  it('a delay in LOW after the major action keeps one major action used ("you lose your major action that round")', () => {
    const t = duel([2, 5]).do({ type: "start" }).next(2);
    expect(t.state).toMatchObject({ stage: "low", current: "fighter" });
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "miss" });
    t.do({ type: "act", who: "fighter", action: "delay" });
    expect(combatantIn(t.state, "fighter")?.usage).toEqual({ "round:major": 1 });
    expect(t.eventsOf("delayAnnounced")).toEqual([
      { type: "delayAnnounced", who: "fighter", from: "low", to: "low", round: 1 },
    ]);
  });
});

describe("segments: multi-attack routines", () => {
  it('"those with any remaining attacks due to the multi-attack ability complete their action": one act per routine left', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "bear", side: "foes", tags: ["multiAttack"], stats: { attacks: 3 } },
      ],
      [5, 2],
    )
      .do({ type: "start" })
      .next();
    expect(t.state).toMatchObject({ stage: "multi", current: "bear" });
    t.do({ type: "act", who: "bear", action: "attack", target: "fighter", outcome: "miss" });
    t.next(2);
    expect(t.state).toMatchObject({ stage: "multiRest", current: "bear" });
    expect(t.refused({ type: "act", who: "bear", action: "missile", target: "fighter" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
    t.do({ type: "act", who: "bear", action: "attack", target: "fighter", outcome: "miss" });
    t.do({ type: "act", who: "bear", action: "attack", target: "fighter", outcome: "miss" });
    expect(t.refused({ type: "act", who: "bear", action: "attack", target: "fighter" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
    expect(t.eventsOf("attackResolved")).toHaveLength(3);
  });
});

describe("segments: spells in the group turn", () => {
  it('a caster announces its target in its group turn ("the caster must announce the target"), and the spell goes off at its segment', () => {
    const t = duel()
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "cast", time: 3 })
      .next();
    expect(t.state.current).toBe("fighter");
    t.do({ type: "act", who: "fighter", action: "cast", target: "orc" });
    expect(t.eventsOf("spellTargeted")).toEqual([
      { type: "spellTargeted", who: "fighter", spell: "cast", target: "orc" },
    ]);
    t.next(2);
    expect(t.eventsOf("spellCompleted")).toEqual([
      { type: "spellCompleted", who: "fighter", spell: "cast", segment: 3, target: "orc" },
    ]);
  });

  it("a caster may announce no target; one whose spell was lost is refused", () => {
    const t = duel()
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "cast", time: 3 })
      .next();
    t.do({ type: "act", who: "fighter", action: "cast" });
    expect(t.eventsOf("spellTargeted")).toEqual([
      { type: "spellTargeted", who: "fighter", spell: "cast", target: null },
    ]);
    t.do({ type: "apply", who: "fighter", condition: "stunned", rounds: 1 });
    expect(t.refused({ type: "act", who: "fighter", action: "cast", target: "orc" })).toBe(
      "TEMPO.Refusal.NotCasting",
    );
  });

  it("refuses a major action or a move by one still casting", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [5, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "cast", time: 3 }).next();
    expect(t.refused({ type: "act", who: "fighter", action: "missile", target: "orc" })).toBe(
      "TEMPO.Refusal.StillCasting",
    );
    expect(t.refused({ type: "move", who: "fighter", path: [[1, 0]] })).toBe("TEMPO.Refusal.StillCasting");
  });

  it('one who goes first cannot announce a spell before its group turn ("during the caster\'s Group initiative turn")', () => {
    const t = duel([5, 2], { tags: ["goFirst"] })
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "cast", time: 3 })
      .next();
    expect(t.state).toMatchObject({ stage: "fast", current: "fighter" });
    expect(refusal(t, { type: "act", who: "fighter", action: "cast", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.TargetInGroupTurn",
      data: { who: "fighter" },
    });
    const i = duel([5, 2], { tags: ["goFirst"] })
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "invoke", time: 1 })
      .next();
    expect(i.refused({ type: "act", who: "fighter", action: "invoke", target: "orc" })).toBe(
      "TEMPO.Refusal.TargetInGroupTurn",
    );
  });

  it("a 1-segment invocation is the round's one spell and major action: a second is refused", () => {
    const t = duel()
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "invoke", time: 1 })
      .next();
    t.do({ type: "act", who: "fighter", action: "invoke" });
    expect(t.eventsOf("actionTaken")).toEqual([
      {
        type: "actionTaken",
        who: "fighter",
        action: "invoke",
        round: 1,
        stage: "high",
        major: true,
        target: null,
        segment: 1,
      },
    ]);
    expect(combatantIn(t.state, "fighter")?.usage).toEqual({ "round:major": 1, "round:spell": 1 });
    expect(t.refused({ type: "act", who: "fighter", action: "invoke" })).toBe(
      "TEMPO.Refusal.OneSpellPerRound",
    );
  });
});

describe("segments: movement", () => {
  it("a move without a fast action is the major action", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [5, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    )
      .do({ type: "start" })
      .next();
    t.do({
      type: "move",
      who: "fighter",
      path: [
        [1, 0],
        [2, 0],
      ],
    });
    expect(t.eventsOf("actionTaken")).toEqual([
      {
        type: "actionTaken",
        who: "fighter",
        action: "move",
        round: 1,
        stage: "high",
        major: true,
        segment: 1,
      },
    ]);
    expect(t.eventsOf("moved")).toEqual([
      {
        type: "moved",
        who: "fighter",
        from: [0, 0],
        to: [2, 0],
        path: [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
      },
    ]);
    expect(t.refused({ type: "act", who: "fighter", action: "attack", target: "orc" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
    // The move is paid for: going on is the same action.
    t.do({ type: "move", who: "fighter", path: [[3, 0]] });
    expect(t.eventsOf("actionTaken")).toHaveLength(1);
  });

  it('a declared flee\'s movement is the flight ("The movement of a declared flee or charge is part of that fast action")', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [5, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    expect(t.eventsOf("actionTaken")).toMatchObject([{ action: "flee", major: true }]);
    expect(t.refused({ type: "act", who: "fighter", action: "flee" })).toBe("TEMPO.Refusal.OneMajorAction");
  });

  it("refuses an empty move, another move mode, and any move beside a complex activity", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [5, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "complex" }).next();
    expect(t.refused({ type: "move", who: "fighter", path: [[0, 0]] })).toBe("TEMPO.Refusal.EmptyMove");
    expect(t.refused({ type: "move", who: "fighter", path: [[1, 0]], mode: "step" })).toBe(
      "TEMPO.Refusal.NoSuchMoveMode",
    );
    expect(t.refused({ type: "move", who: "fighter", path: [[1, 0]] })).toBe(
      "TEMPO.Refusal.ComplexTakesRound",
    );
    expect(t.refused({ type: "move", who: "orc", path: [[4, 0]] })).toBe("TEMPO.Refusal.NotYourTurn");
  });

  it('positioning after the major action is 10 ft. at most: two squares ("Positioning movement of 10-ft. or less")', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [6, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    )
      .do({ type: "start" })
      .next();
    t.do({ type: "act", who: "fighter", action: "missile", target: "orc", outcome: "miss" });
    const need = (path: Cell[]) => {
      const result = apply(t.state, { type: "move", who: "fighter", path }, t.dice, segments);
      return result.ok ? null : result.refusal;
    };
    expect(
      need([
        [1, 0],
        [2, 0],
        [3, 0],
      ]),
    ).toEqual({
      key: "TEMPO.Refusal.PositioningTooFar",
      data: { who: "fighter", need: 2 },
    });
    t.do({ type: "move", who: "fighter", path: [[1, 0]] });
    expect(
      need([
        [2, 0],
        [3, 0],
      ]),
    ).toEqual({
      key: "TEMPO.Refusal.PositioningTooFar",
      data: { who: "fighter", need: 1 },
    });
    t.do({ type: "move", who: "fighter", path: [[2, 0]] });
    expect(t.refused({ type: "move", who: "fighter", path: [[3, 0]] })).toBe(
      "TEMPO.Refusal.PositioningTooFar",
    );
    expect(combatantIn(t.state, "fighter")?.at).toEqual([2, 0]);
  });
});

describe("segments: a fast action is not an attack", () => {
  it("a parley or a flight named at a foe rolls no attack", () => {
    const t = duel().do({ type: "start" }).do({ type: "declare", who: "fighter", action: "parley" }).next();
    t.do({ type: "act", who: "fighter", action: "parley", target: "orc" });
    expect(t.eventsOf("attackResolved")).toEqual([]);
    expect(t.eventsOf("actionTaken")).toMatchObject([{ action: "parley", target: null }]);
  });

  it("after a charge's movement, only the charge's own attack is free of a second major action (\"1 major task\")", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [3, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "charge" }).next();
    t.do({
      type: "move",
      who: "fighter",
      path: [
        [1, 0],
        [2, 0],
      ],
    });
    expect(t.eventsOf("actionTaken")).toMatchObject([{ action: "charge", major: true }]);
    expect(t.refused({ type: "act", who: "fighter", action: "attack", target: "orc" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
  });
});

describe("segments: the d20 and the d6 are rolled for what they are", () => {
  it("group initiative rolls a d6 per side, then the attack a d20 for the attacker", () => {
    const t = duel([5, 2, 12]).do({ type: "start" }).next();
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc" });
    expect(t.eventsOf("diceRolled")).toEqual([
      { type: "diceRolled", faces: 6, result: 5, purpose: "groupInitiative", who: "fighter" },
      { type: "diceRolled", faces: 6, result: 2, purpose: "groupInitiative", who: "orc" },
      { type: "diceRolled", faces: 20, result: 12, purpose: "attack", who: "fighter" },
    ]);
  });
});

describe("segments: a threatener already offered opens no new trigger", () => {
  it("moving on past a threatener who declined opens no trigger and holds nothing", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "move", who: "fighter", path: [[0, 1]] });
    t.do({ type: "react", who: "orc", with: "decline" });
    const seq = t.state.seq;
    // (0, 1) is beside the orc at (1, 0); leaving it for (-1, 2) leaves the orc's reach again.
    t.do({ type: "move", who: "fighter", path: [[-1, 2]] });
    expect(t.state.seq).toBe(seq);
    expect(combatantIn(t.state, "fighter")?.at).toEqual([-1, 2]);
  });
});

/** The whole refusal (key and data) of a command that must be refused. */
function refusal(t: Table, command: Command) {
  const result = apply(t.state, command, t.dice, segments);
  if (result.ok) throw new Error(`accepted ${JSON.stringify(command)}`);
  return result.refusal;
}

describe("segments: refusals name who and what", () => {
  const named = (dice: number[] = [5, 2]) =>
    new Table(
      [
        { id: "fighter", name: "Fighter", side: "party", at: [0, 0] },
        { id: "cleric", name: "Cleric", side: "party", at: [0, 5] },
        { id: "orc", name: "Orc", side: "foes", at: [1, 0] },
        { id: "goblin", name: "Goblin", side: "foes", at: [9, 9] },
      ],
      dice,
      { grid: { type: "square" } },
    );

  it("during declarations", () => {
    const t = named().do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "complex" });
    expect(refusal(t, { type: "declare", who: "fighter", action: "simple" })).toEqual({
      key: "TEMPO.Refusal.ComplexTakesRound",
      data: { who: "Fighter" },
    });
    expect(refusal(t, { type: "declare", who: "orc", action: "simple", time: -3 })).toEqual({
      key: "TEMPO.Refusal.BadTime",
      data: { time: -3 },
    });
    t.do({ type: "declare", who: "orc", action: "cast", time: 2 });
    expect(refusal(t, { type: "declare", who: "orc", action: "invoke", time: 2 })).toEqual({
      key: "TEMPO.Refusal.OneSpellPerRound",
      data: { who: "Orc" },
    });
    t.do({ type: "declare", who: "cleric", action: "attack" });
    expect(refusal(t, { type: "declare", who: "cleric", action: "missile" })).toEqual({
      key: "TEMPO.Refusal.OneMajorAction",
      data: { who: "Cleric" },
    });
    t.do({ type: "declare", who: "goblin", action: "delay" });
    expect(refusal(t, { type: "declare", who: "goblin", action: "delay" })).toEqual({
      key: "TEMPO.Refusal.AlreadyDeclared",
      data: { who: "Goblin", action: "delay" },
    });
    expect(refusal(t, { type: "delay", who: "goblin", until: "orc" })).toEqual({
      key: "TEMPO.Refusal.DelayUntilNotInRules",
      data: { who: "Goblin" },
    });
    t.next();
    expect(refusal(t, { type: "declare", who: "cleric", action: "simple" })).toEqual({
      key: "TEMPO.Refusal.NotDeclaring",
      data: { who: "Cleric" },
    });
  });

  it("for a surprised actor, and a caster still casting", () => {
    const t = new Table(
      [
        { id: "fighter", name: "Fighter", side: "party" },
        { id: "orc", name: "Orc", side: "foes", surprised: true },
      ],
      [5],
    ).do({ type: "start" });
    expect(refusal(t, { type: "declare", who: "orc", action: "attack" })).toEqual({
      key: "TEMPO.Refusal.Surprised",
      data: { who: "Orc" },
    });
    t.do({ type: "declare", who: "fighter", action: "cast", time: 3 }).next();
    expect(refusal(t, { type: "act", who: "fighter", action: "attack", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.StillCasting",
      data: { who: "Fighter" },
    });
    expect(refusal(t, { type: "delay", who: "orc" })).toEqual({
      key: "TEMPO.Refusal.Surprised",
      data: { who: "Orc" },
    });
  });

  it("for attacks", () => {
    const t = named().do({ type: "start" }).do({ type: "setDefeated", who: "goblin", defeated: true }).next();
    expect(t.state.current).toBe("fighter");
    expect(refusal(t, { type: "act", who: "fighter", action: "attack" })).toEqual({
      key: "TEMPO.Refusal.NeedsTarget",
      data: { who: "Fighter" },
    });
    expect(refusal(t, { type: "act", who: "fighter", action: "attack", target: "cleric" })).toEqual({
      key: "TEMPO.Refusal.NotAnEnemy",
      data: { who: "Fighter", target: "Cleric" },
    });
    expect(refusal(t, { type: "act", who: "fighter", action: "attack", target: "goblin" })).toEqual({
      key: "TEMPO.Refusal.Defeated",
      data: { who: "Goblin" },
    });
    expect(refusal(t, { type: "act", who: "fighter", action: "complex" })).toEqual({
      key: "TEMPO.Refusal.MustBeDeclared",
      data: { who: "Fighter", action: "complex" },
    });
    expect(refusal(t, { type: "act", who: "fighter", action: "delaying" })).toEqual({
      key: "TEMPO.Refusal.DelayingOnlyInLow",
      data: { who: "Fighter" },
    });
    expect(refusal(t, { type: "act", who: "fighter", action: "simple", time: -1 })).toEqual({
      key: "TEMPO.Refusal.BadTime",
      data: { time: -1 },
    });
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "miss" });
    expect(refusal(t, { type: "act", who: "fighter", action: "attack", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.OneMajorAction",
      data: { who: "Fighter" },
    });
    expect(refusal(t, { type: "move", who: "fighter", path: [[-1, 0]] })).toEqual({
      key: "TEMPO.Refusal.PositioningInMelee",
      data: { who: "Fighter" },
    });
    expect(refusal(t, { type: "delay", who: "fighter" })).toEqual({
      key: "TEMPO.Refusal.AlreadyActed",
      data: { who: "Fighter" },
    });
    t.next();
    expect(refusal(t, { type: "delay", who: "fighter" })).toEqual({
      key: "TEMPO.Refusal.NotInGroupTurn",
      data: { who: "Fighter" },
    });
  });

  it("for minor actions past segment 10 and a complex activity", () => {
    const t = named().do({ type: "start" }).do({ type: "declare", who: "cleric", action: "complex" }).next();
    t.do({ type: "act", who: "fighter", action: "simple", time: 10 });
    expect(refusal(t, { type: "act", who: "fighter", action: "attack", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.ActionsPastRound",
      data: { who: "Fighter" },
    });
    t.next();
    expect(t.state.current).toBe("cleric");
    expect(refusal(t, { type: "act", who: "cleric", action: "simple" })).toEqual({
      key: "TEMPO.Refusal.ComplexTakesRound",
      data: { who: "Cleric" },
    });
    expect(refusal(t, { type: "move", who: "cleric", path: [[0, 6]] })).toEqual({
      key: "TEMPO.Refusal.ComplexTakesRound",
      data: { who: "Cleric" },
    });
    expect(refusal(t, { type: "move", who: "cleric", path: [[0, 5]] })).toEqual({
      key: "TEMPO.Refusal.EmptyMove",
      data: { who: "Cleric" },
    });
    expect(refusal(t, { type: "move", who: "cleric", path: [[0, 6]], mode: "withdraw" })).toEqual({
      key: "TEMPO.Refusal.NoSuchMoveMode",
      data: { mode: "withdraw" },
    });
  });

  it("for spells and delays", () => {
    const t = named()
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "cast", time: 3 })
      .do({ type: "declare", who: "cleric", action: "invoke", time: 1 })
      .do({ type: "declare", who: "orc", action: "parley" })
      .next();
    expect(t.state).toMatchObject({ stage: "fast", current: "orc" });
    expect(refusal(t, { type: "delay", who: "orc" })).toEqual({
      key: "TEMPO.Refusal.DelayInGroupInitiative",
      data: { who: "Orc" },
    });
    t.next();
    expect(t.state).toMatchObject({ stage: "high", order: ["fighter", "cleric"] });
    expect(refusal(t, { type: "move", who: "fighter", path: [[-1, 0]] })).toEqual({
      key: "TEMPO.Refusal.StillCasting",
      data: { who: "Fighter" },
    });
    t.do({ type: "apply", who: "fighter", condition: "stunned", rounds: 1 });
    expect(refusal(t, { type: "act", who: "fighter", action: "cast" })).toEqual({
      key: "TEMPO.Refusal.NotCasting",
      data: { who: "Fighter" },
    });
    t.next();
    t.do({ type: "act", who: "cleric", action: "invoke" });
    expect(refusal(t, { type: "act", who: "cleric", action: "invoke" })).toEqual({
      key: "TEMPO.Refusal.OneSpellPerRound",
      data: { who: "Cleric" },
    });
    t.next();
    // The orc took its fast action: the goblin is LOW's one actor.
    expect(t.state).toMatchObject({ stage: "low", current: "goblin" });
    t.do({ type: "apply", who: "goblin", condition: "delayed", rounds: 1 });
    expect(refusal(t, { type: "delay", who: "goblin" })).toEqual({
      key: "TEMPO.Refusal.AlreadyDelayed",
      data: { who: "Goblin" },
    });
  });

  it("for one going first who announces a spell before its group turn", () => {
    const t = new Table(
      [
        { id: "fighter", name: "Fighter", side: "party", tags: ["goFirst"] },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    )
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "invoke", time: 1 })
      .next();
    expect(refusal(t, { type: "act", who: "fighter", action: "invoke" })).toEqual({
      key: "TEMPO.Refusal.TargetInGroupTurn",
      data: { who: "Fighter" },
    });
  });

  it("for positioning and reactions", () => {
    const t = named()
      .do({ type: "start" })
      .do({ type: "declare", who: "orc", action: "cast", time: 4 })
      .next();
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    t.do({ type: "apply", who: "orc", condition: "stunned", rounds: 1 });
    expect(refusal(t, { type: "react", who: "orc", with: "immediateAttack" })).toEqual({
      key: "TEMPO.Refusal.NoMajorForImmediate",
      data: { who: "Orc" },
    });
    t.do({ type: "apply", who: "orc", condition: "surprised", rounds: 1 });
    expect(refusal(t, { type: "react", who: "orc", with: "freeAttack" })).toEqual({
      key: "TEMPO.Refusal.Surprised",
      data: { who: "Orc" },
    });
    t.do({ type: "react", who: "orc", with: "decline" });
    t.next();
    expect(t.state.current).toBe("cleric");
    t.do({ type: "act", who: "cleric", action: "missile", target: "goblin", outcome: "miss" });
    expect(refusal(t, { type: "move", who: "cleric", path: [[0, 8]] })).toEqual({
      key: "TEMPO.Refusal.PositioningTooFar",
      data: { who: "Cleric", need: 2 },
    });
  });
});

describe("segments: more declarations and invocations", () => {
  it("a declared delay does not stop another declaration (a delay is a minor action)", () => {
    const t = duel([5, 2]).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "delay" });
    t.do({ type: "declare", who: "fighter", action: "attack" });
    expect(t.eventsOf("actionDeclared").map((e) => e.action)).toEqual(["delay", "attack"]);
  });

  it("a 1-segment invocation goes off in a LOW group turn as in a HIGH one", () => {
    const t = duel([2, 5])
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "invoke", time: 1 })
      .next(2);
    expect(t.state).toMatchObject({ stage: "low", current: "fighter" });
    t.do({ type: "act", who: "fighter", action: "invoke", target: "orc" });
    expect(t.eventsOf("spellCompleted")).toEqual([
      { type: "spellCompleted", who: "fighter", spell: "invoke", segment: 1, target: "orc" },
    ]);
  });
});
