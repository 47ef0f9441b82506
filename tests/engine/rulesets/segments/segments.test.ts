import { describe, expect, it } from "vitest";
import { attackHits, dexterityReaction, toHitNeeded } from "../../../../src/engine/rulesets/segments/actions";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

const duel = (dice: number[] = [5, 2]) =>
  new Table(
    [
      { id: "fighter", side: "party", pc: true },
      { id: "orc", side: "foes" },
    ],
    dice,
  );

describe("segments: round structure", () => {
  it('opens round 1 at the declare stage without rolling ("1. All individuals Declare Actions ... 2. Group Initiative must be determined")', () => {
    const t = duel([]).do({ type: "start" });
    expect(t.state).toMatchObject({ round: 1, stage: "declare", segment: 1, current: null, groups: null });
    expect(t.dice.used).toBe(0);
  });

  it('rolls one d6 per side when declarations close, in roster order ("Each group will roll a d6")', () => {
    const t = duel([2, 6]).do({ type: "start" }).next();
    expect(t.eventsOf("initiativeRolled").map((e) => [e.side, e.roll])).toEqual([
      ["party", 2],
      ["foes", 6],
    ]);
    expect(t.state.groups).toEqual({ party: "low", foes: "high" });
    expect(t.state.current).toBe("orc");
  });

  it('with three sides, the highest roll is HIGH and the others LOW; a tie for highest makes both HIGH ("If TIED, both groups act during HIGH")', () => {
    const three = (dice: number[]) =>
      new Table(
        [
          { id: "a", side: "one" },
          { id: "b", side: "two" },
          { id: "c", side: "three" },
        ],
        dice,
      )
        .do({ type: "start" })
        .next();
    expect(three([4, 6, 1]).state.groups).toEqual({ one: "low", two: "high", three: "low" });
    expect(three([6, 6, 1]).state.groups).toEqual({ one: "high", two: "high", three: "low" });
  });

  it('ticks timed conditions at the End the Round sequence and opens the next round on next ("8. The GM will conduct the End the Round sequence")', () => {
    const t = duel()
      .do({ type: "start" })
      .do({ type: "apply", who: "orc", condition: "stunned", rounds: 1 })
      .next(3);
    expect(t.state.stage).toBe("end");
    expect(combatantIn(t.state, "orc")?.conditions).toEqual([]);
    t.do({ type: "next" });
    expect(t.state).toMatchObject({ round: 2, stage: "declare", current: null });
  });

  it("refuses next while a reaction offer is open, and endTurn by someone who is not current", () => {
    const t = duel().do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "act", who: "fighter", action: "flee" });
    expect(t.refused({ type: "next" })).toBe("TEMPO.Refusal.ReactionsPending");
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.refused({ type: "endTurn", who: "orc" })).toBe("TEMPO.Refusal.NotYourTurn");
  });
});

describe("segments: Dexterity reaction adjustment", () => {
  it("follows the usual table (3: -3, 4: -2, 5: -1, 6-15: 0, 16: +1, 17: +2, 18: +3)", () => {
    expect([3, 4, 5, 6, 10, 15, 16, 17, 18, 19].map(dexterityReaction)).toEqual([
      -3, -2, -1, 0, 0, 0, 1, 2, 3, 3,
    ]);
  });

  it('is not applied when the option dexterityReaction is off ("Adjustments may be made ... in the right circumstances")', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", stats: { dexterity: 18 } },
        { id: "orc", side: "foes" },
      ],
      [3, 5],
      { options: { dexterityReaction: "off" } },
    )
      .do({ type: "start" })
      .next();
    expect(combatantIn(t.state, "fighter")?.initiative).toBe(3);
    expect(t.state.order).toEqual(["orc"]);
  });
});

describe("segments: fast actions and the Dexterity reaction adjustment", () => {
  it('orders fast actions by the individual\'s adjusted group ("Fast actions ... use group initiative if appropriate")', () => {
    const t = new Table(
      [
        { id: "orc", side: "foes", stats: { dexterity: 3 } },
        { id: "fighter", side: "party", stats: { dexterity: 18 } },
      ],
      [5, 3],
    );
    t.do({ type: "start" })
      .do({ type: "declare", who: "orc", action: "flee" })
      .do({ type: "declare", who: "fighter", action: "flee" })
      .next();
    expect(t.state.stage).toBe("fast");
    expect(t.state.order).toEqual(["fighter", "orc"]);
  });

  it('keeps side order for fast actions when the GM sets dexterityReaction off ("in the right circumstances")', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", stats: { dexterity: 18 } },
        { id: "orc", side: "foes", stats: { dexterity: 3 } },
      ],
      [3, 5],
      { options: { dexterityReaction: "off" } },
    );
    t.do({ type: "start" })
      .do({ type: "declare", who: "orc", action: "flee" })
      .do({ type: "declare", who: "fighter", action: "flee" })
      .next();
    expect(t.state.order).toEqual(["orc", "fighter"]);
  });
});

describe("segments: multi-attack, Go First and weapon speed", () => {
  const field = () =>
    new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "scout", side: "party", at: [0, 5], tags: ["goFirst"] },
        { id: "bear", side: "foes", at: [1, 0], tags: ["multiAttack"] },
        { id: "troll", side: "foes", at: [9, 9], tags: ["multiAttack"] },
      ],
      [2, 5],
      { grid: { type: "square" } },
    );

  it('a "Go First" individual takes its turn in the fast stage without declaring ("or those that "Go First"")', () => {
    const t = field().do({ type: "start" }).next();
    expect(t.state).toMatchObject({ stage: "fast", order: ["scout"], current: "scout" });
  });

  it('only a multi-attacker "in melee" takes its turn before group initiative ("4. If any individual has the multi-attack ability (and is in melee)")', () => {
    const t = field().do({ type: "start" }).next(2);
    expect(t.state).toMatchObject({ stage: "multi", order: ["bear"] });
    t.next();
    expect(t.state).toMatchObject({ stage: "high", order: ["troll"] });
  });

  it('with tied groups both act in HIGH, ordered by action type then weapon speed ("If TIED, both groups act during HIGH")', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", stats: { weaponSpeed: 7 } },
        { id: "archer", side: "party", stats: { weaponSpeed: 8 } },
        { id: "orc", side: "foes", stats: { weaponSpeed: 3 } },
      ],
      [4, 4],
    );
    t.do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "attack" })
      .do({ type: "declare", who: "archer", action: "missile" })
      .do({ type: "declare", who: "orc", action: "attack" })
      .next();
    expect(t.state).toMatchObject({ stage: "high", order: ["archer", "orc", "fighter"] });
  });
});

describe("segments: invocations", () => {
  it('a 1-segment invocation resolves in the group turn ("invocations (someone using a magic item that takes longer than 1 segment to activate)")', () => {
    const t = new Table(
      [
        { id: "priest", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    );
    t.do({ type: "start" }).do({ type: "declare", who: "priest", action: "invoke", time: 1 }).next();
    t.do({ type: "act", who: "priest", action: "invoke", target: "orc" });
    expect(t.eventsOf("spellCompleted")).toEqual([
      { type: "spellCompleted", who: "priest", spell: "invoke", segment: 1, target: "orc" },
    ]);
    t.next(2);
    expect(t.state.stage).toBe("end");
  });
});

describe("segments: the time period of concentration", () => {
  const casting = () =>
    new Table(
      [
        { id: "wizard", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [2, 5],
    )
      .do({ type: "start" })
      .do({ type: "declare", who: "wizard", action: "cast", time: 2 })
      .next();

  it('a hit after the casting time has run out does not break it ("occurring during the time period of concentration")', () => {
    const t = casting();
    t.do({ type: "act", who: "orc", action: "simple", time: 2 });
    t.do({ type: "act", who: "orc", action: "attack", target: "wizard", outcome: "hit" });
    expect(t.eventsOf("spellLost")).toEqual([]);
    t.next(2);
    expect(t.eventsOf("spellCompleted")).toMatchObject([{ who: "wizard", segment: 2 }]);
  });

  it('a hit on the last segment of the casting time breaks it ("caster takes damage")', () => {
    const t = casting();
    t.do({ type: "act", who: "orc", action: "simple", time: 1 });
    t.do({ type: "act", who: "orc", action: "attack", target: "wizard", outcome: "hit" });
    expect(t.eventsOf("spellLost")).toMatchObject([{ who: "wizard", reason: "damage" }]);
  });
});

describe("segments: charge", () => {
  it('a charger moves then attacks as one action ("Fast Action" type (actions A.-C.: Parley, Flee, Charge))', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [4, 0] },
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
        [3, 0],
      ],
    });
    t.do({ type: "act", who: "fighter", action: "charge", target: "orc", outcome: "hit" });
    expect(t.eventsOf("attackResolved")).toMatchObject([{ who: "fighter", target: "orc", with: "charge" }]);
    expect(t.refused({ type: "act", who: "fighter", action: "charge", target: "orc" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
  });
});

describe("segments: complex activity of more than one round", () => {
  it('carries into the next round and blocks other major actions there ("(declared; major, 1 round or more)")', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5, 2],
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "complex", time: 15 }).next();
    expect(t.eventsOf("activityStarted")).toMatchObject([
      { who: "fighter", time: 15, completes: { round: 2, segment: 5 } },
    ]);
    t.next(3);
    expect(t.state).toMatchObject({ round: 2, stage: "declare" });
    expect(t.refused({ type: "declare", who: "fighter", action: "attack" })).toBe(
      "TEMPO.Refusal.ComplexTakesRound",
    );
    t.next();
    expect(t.state).toMatchObject({ stage: "high", current: "fighter", segment: 5 });
  });
});

describe("segments: actions past segment 10", () => {
  it('a major action after minor actions past segment 10 occurs in the next round ("takes longer than 10 segments, it will normally occur in another round")', () => {
    const t = new Table(
      [
        { id: "fighter", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5, 2],
    );
    t.do({ type: "start" }).next();
    t.do({ type: "act", who: "fighter", action: "simple", time: 12 });
    expect(t.refused({ type: "act", who: "fighter", action: "attack", target: "orc" })).toBe(
      "TEMPO.Refusal.ActionsPastRound",
    );
    t.next(4);
    expect(t.state).toMatchObject({ round: 2, stage: "high", current: "fighter", segment: 3 });
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "miss" });
  });
});

describe("segments: attack rolls", () => {
  it('needs AAC0 minus AC, with "a sequence of six 20s before a 21 is required"', () => {
    expect(toHitNeeded(20, 0)).toBe(20);
    expect(toHitNeeded(20, 5)).toBe(15);
    expect(toHitNeeded(20, -1)).toBe(20);
    expect(toHitNeeded(20, -5)).toBe(20);
    expect(toHitNeeded(20, -6)).toBe(21);
    // "20*" entered as 21: "the creature also needs a 20 to strike an AC of 1"
    expect(toHitNeeded(21, 1)).toBe(20);
  });

  it('"a natural 20 always hits and a natural 1 always misses"; modifiers count otherwise ("hit on a roll of 18, 19, or 20")', () => {
    expect(attackHits(20, 0, 25)).toBe(true);
    expect(attackHits(1, 10, 2)).toBe(false);
    expect(attackHits(18, 2, 20)).toBe(true);
    expect(attackHits(17, 2, 20)).toBe(false);
  });

  it("rolls a d20 against the target's AC when no outcome is given, and a hit on a caster loses the spell", () => {
    const t = new Table(
      [
        { id: "wizard", side: "party", stats: { ac: 8 } },
        { id: "orc", side: "foes", stats: { aac0: 19 } },
      ],
      [2, 5, 11],
    );
    t.do({ type: "start" }).do({ type: "declare", who: "wizard", action: "cast", time: 4 }).next();
    t.do({ type: "act", who: "orc", action: "attack", target: "wizard" });
    expect(t.eventsOf("attackResolved")[0]).toMatchObject({ roll: 11, needed: 11, hit: true });
    expect(t.eventsOf("spellLost")[0]).toMatchObject({ who: "wizard", reason: "damage" });
  });
});

describe("segments: refusals change nothing", () => {
  it('refuses a second major action ("a creature has an opportunity to accomplish 1 major task")', () => {
    const t = duel().do({ type: "start" }).next();
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "miss" });
    expect(
      t.refused({ type: "act", who: "fighter", action: "missile", target: "orc", outcome: "miss" }),
    ).toBe("TEMPO.Refusal.OneMajorAction");
  });

  it('refuses a delaying activity in HIGH ("can only do so during LOW initiative")', () => {
    const t = duel().do({ type: "start" }).next();
    expect(t.refused({ type: "act", who: "fighter", action: "delaying" })).toBe(
      "TEMPO.Refusal.DelayingOnlyInLow",
    );
  });

  it("refuses declarations once group initiative is rolled", () => {
    const t = duel().do({ type: "start" }).next();
    expect(t.refused({ type: "declare", who: "orc", action: "attack" })).toBe("TEMPO.Refusal.NotDeclaring");
  });

  it('refuses an undeclared spell or complex activity ("must always be declared"; "All complex activities must be declared")', () => {
    const t = duel().do({ type: "start" }).next();
    expect(t.refused({ type: "act", who: "fighter", action: "complex" })).toBe(
      "TEMPO.Refusal.MustBeDeclared",
    );
    expect(t.refused({ type: "act", who: "fighter", action: "cast" })).toBe("TEMPO.Refusal.MustBeDeclared");
  });
});

describe("segments: free and immediate attacks", () => {
  const grid = (surprisedOrc: boolean) =>
    new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0], surprised: surprisedOrc },
      ],
      surprisedOrc ? [4] : [5, 2],
      { grid: { type: "square" } },
    );

  it('offers no free or immediate attack from a surprised creature ("Creatures with the surprised condition cannot make free attacks")', () => {
    const t = grid(true).do({ type: "start" }).next();
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "fighter")?.at).toEqual([-1, 0]);
  });

  it('offers only one free attack per opponent per round ("can only be subject to one free attack ... per opponent per round")', () => {
    const t = grid(false)
      .do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "flee" })
      .next();
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    t.do({ type: "react", who: "orc", with: "freeAttack", outcome: "miss" });
    t.do({
      type: "move",
      who: "fighter",
      path: [
        [0, 1],
        [-1, 1],
      ],
    });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "fighter")?.at).toEqual([-1, 1]);
  });

  it('breaks the free attacker\'s own concentration ("a free attack taken will break concentration (e.g. spell casting)")', () => {
    const t = new Table(
      [
        { id: "thief", side: "party" },
        { id: "wizard", side: "foes" },
      ],
      [5, 2],
    );
    t.do({ type: "start" })
      .do({ type: "declare", who: "thief", action: "flee" })
      .do({ type: "declare", who: "wizard", action: "cast", time: 6 })
      .next();
    t.do({ type: "act", who: "thief", action: "flee" });
    t.do({ type: "react", who: "wizard", with: "freeAttack", outcome: "miss" });
    expect(t.eventsOf("spellLost")).toEqual([
      { type: "spellLost", who: "wizard", spell: "cast", reason: "freeAttack" },
    ]);
  });

  it('an immediate attack ends a declared spell ("consequences for ending the declared major action ... e.g. loss of spell")', () => {
    const t = new Table(
      [
        { id: "thief", side: "party" },
        { id: "wizard", side: "foes" },
      ],
      [5, 2],
    );
    t.do({ type: "start" })
      .do({ type: "declare", who: "thief", action: "flee" })
      .do({ type: "declare", who: "wizard", action: "cast", time: 6 })
      .next();
    t.do({ type: "act", who: "thief", action: "flee" });
    t.do({ type: "react", who: "wizard", with: "immediateAttack", outcome: "hit" });
    expect(t.eventsOf("spellLost")[0]).toMatchObject({ who: "wizard", reason: "immediateAttack" });
    expect(t.refused({ type: "react", who: "wizard", with: "freeAttack" })).toBe("TEMPO.Refusal.NoSuchOffer");
  });
});

describe("segments: group order", () => {
  it('a delayed individual performing a delaying activity "treats those activities as complex (that typically Go Last)"', () => {
    const t = new Table(
      [
        { id: "thief", side: "party" },
        { id: "scout", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    );
    t.do({ type: "start" })
      .do({ type: "apply", who: "thief", condition: "delayed", rounds: 1 })
      .do({ type: "declare", who: "thief", action: "delaying" })
      .do({ type: "declare", who: "scout", action: "delaying" })
      .next(2);
    expect(t.state.stage).toBe("low");
    expect(t.state.order).toEqual(["orc", "scout", "thief"]);
  });

  it('a delaying activity after a delay out of HIGH is complex: it goes last and takes the round ("treats those activities as complex (that typically Go Last)")', () => {
    const t = new Table(
      [
        { id: "thief", side: "party" },
        { id: "orc", side: "foes" },
        { id: "goblin", side: "foes" },
      ],
      [5, 2],
    );
    t.do({ type: "start" }).do({ type: "declare", who: "goblin", action: "complex" }).next();
    t.do({ type: "delay", who: "thief" }).next();
    expect(t.state.current).toBe("thief");
    t.do({ type: "act", who: "thief", action: "delaying" });
    expect(t.state).toMatchObject({ order: ["orc", "goblin", "thief"], current: "goblin" });
    t.next();
    expect(t.state).toMatchObject({ current: "thief", segment: 10 });
    expect(t.refused({ type: "act", who: "thief", action: "simple" })).toBe(
      "TEMPO.Refusal.ComplexTakesRound",
    );
  });

  it('orders spells completing on the same segment HIGH before LOW ("Spells consider the delayed individual to have LOW initiative")', () => {
    const t = new Table(
      [
        { id: "mage", side: "party" },
        { id: "shaman", side: "foes" },
      ],
      [2, 5],
    );
    t.do({ type: "start" })
      .do({ type: "declare", who: "mage", action: "cast", time: 2 })
      .do({ type: "declare", who: "shaman", action: "cast", time: 2 })
      .next(3);
    expect(t.state.stage).toBe("spells");
    expect(t.state.order).toEqual(["shaman", "mage"]);
    expect(t.eventsOf("spellCompleted")[0]).toMatchObject({ who: "shaman", segment: 2 });
  });

  it('a minor action during a casting adds a segment to it ("will add 1 segment to any major action ... or other timed actions")', () => {
    const t = new Table(
      [
        { id: "mage", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [5, 2],
    );
    t.do({ type: "start" }).do({ type: "declare", who: "mage", action: "cast", time: 3 }).next();
    t.do({ type: "act", who: "mage", action: "simple" });
    t.next(2);
    expect(t.state).toMatchObject({ stage: "spells", current: "mage", segment: 4 });
  });
});

describe("segments: a combatant joining mid-fight (docs/rulesets/segments.md, Joining)", () => {
  it('declares with everyone while declarations are open ("1. All individuals Declare Actions")', () => {
    const t = duel([]).do({ type: "start" });
    t.do({ type: "addCombatant", combatant: { id: "squire", side: "party", pc: true } });
    expect(t.state.order).toEqual(["fighter", "orc", "squire"]);
    t.do({ type: "declare", who: "squire", action: "attack" });
  });

  it('takes its side\'s d6 and group once rolled ("Each group will roll a d6"), and acts in the stage under way if its place is still to come', () => {
    const t = duel([5, 2]).do({ type: "start" }).next();
    expect(t.state).toMatchObject({ stage: "high", order: ["fighter"], current: "fighter" });
    t.do({ type: "addCombatant", combatant: { id: "squire", side: "party", pc: true } });
    expect(t.state.order).toEqual(["fighter", "squire"]);
    expect(combatantIn(t.state, "squire")?.initiative).toBe(5);
    expect(t.dice.used).toBe(2);
    t.do({ type: "addCombatant", combatant: { id: "goblin", side: "foes" } });
    t.do({ type: "addCombatant", combatant: { id: "ogre", side: "giants" } });
    expect(t.state.order).toEqual(["fighter", "squire"]);
    t.next(2);
    expect(t.state).toMatchObject({ stage: "low", order: ["orc", "goblin"] });
  });
});

describe("segments: positioning (second reading)", () => {
  it('adds its one segment to the major action: "Any minor action that requires 1 segment will add 1 segment to any major action"', () => {
    const t = new Table(
      [
        { id: "archer", side: "party", pc: true, at: [0, 0] },
        { id: "orc", side: "foes", at: [6, 0] },
      ],
      [5, 2],
      { grid: { type: "square" } },
    )
      .do({ type: "start" })
      .next();
    t.do({ type: "act", who: "archer", action: "missile", target: "orc", outcome: "miss" });
    expect(t.state.segment).toBe(1);
    t.do({ type: "move", who: "archer", path: [[1, 0]] });
    expect(t.state.segment).toBe(2);
    t.do({ type: "move", who: "archer", path: [[2, 0]] });
    expect(t.state.segment).toBe(2);
    expect(t.eventsOf("positioned")).toEqual([{ type: "positioned", who: "archer", time: 1, segment: 2 }]);
  });
});
