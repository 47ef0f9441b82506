import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";

/** docs/rulesets/segments.md, "Decisions": each question the text leaves open, as the engine reads it. */

const none = (options: Record<string, string> = {}) => ({ grid: { type: "none" as const }, options });

describe('segments decisions: fast actions across groups ("in the order as presented in the Combat Round Flowchart"; "Fast actions ... use group initiative if appropriate")', () => {
  const four: CombatantSetup[] = [
    { id: "envoy", side: "party", pc: true },
    { id: "runner", side: "party", pc: true },
    { id: "orc", side: "foes" },
    { id: "ogre", side: "foes" },
  ];
  function fastStage(options: Record<string, string>): Table {
    // party rolls 2 (LOW), foes 5 (HIGH).
    const t = new Table(four, [2, 5], none(options)).do({ type: "start" });
    t.do({ type: "declare", who: "envoy", action: "parley" });
    t.do({ type: "declare", who: "runner", action: "charge" });
    t.do({ type: "declare", who: "orc", action: "charge" });
    t.do({ type: "declare", who: "ogre", action: "flee" });
    return t.next();
  }

  it("by default orders by type (parley, flee, charge, go first), the group only between those of one type (fastOrder: flowchart)", () => {
    expect(fastStage({}).state).toMatchObject({ stage: "fast", order: ["envoy", "ogre", "orc", "runner"] });
  });

  it("with fastOrder: group puts the HIGH group's fast actions first, by type within each group", () => {
    expect(fastStage({ fastOrder: "group" }).state).toMatchObject({
      stage: "fast",
      order: ["ogre", "orc", "envoy", "runner"],
    });
  });
});

describe('segments decisions: a casting carried into the next round ("If an action or set of actions takes longer than 10 segments, it will normally occur in another round")', () => {
  // party 5 (HIGH) then 3 (LOW in round 2 against the foes' 4).
  function roundTwo(options: Record<string, string>): Table {
    const t = new Table(
      [
        { id: "wizard", side: "party", pc: true },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 3, 4],
      none(options),
    ).do({ type: "start" });
    t.do({ type: "declare", who: "wizard", action: "cast", time: 12 }).next();
    t.do({ type: "act", who: "wizard", action: "cast", target: "orc" }).next(4);
    expect(t.state).toMatchObject({ round: 2, stage: "high", order: ["orc"] });
    return t.next();
  }

  it("by default gives the caster no group turn while its casting runs on, only its spells turn (carriedCasting: noTurn)", () => {
    expect(roundTwo({}).state).toMatchObject({ stage: "spells", current: "wizard", segment: 2 });
  });

  it("with carriedCasting: groupTurn gives the caster a D1 turn in its group, for minor actions only", () => {
    const t = roundTwo({ carriedCasting: "groupTurn" });
    expect(t.state).toMatchObject({ stage: "low", order: ["wizard"], current: "wizard" });
    expect(t.refused({ type: "act", who: "wizard", action: "attack", target: "orc" })).toBe(
      "TEMPO.Refusal.StillCasting",
    );
    t.do({ type: "act", who: "wizard", action: "simple", time: 0 }).next();
    expect(t.state).toMatchObject({ stage: "spells", current: "wizard", segment: 2 });
    expect(t.eventsOf("spellCompleted")).toMatchObject([{ who: "wizard", target: "orc" }]);
  });

  it("with carriedCasting: groupTurn puts the caster first in its group (D1), before a melee attacker", () => {
    const t = new Table(
      [
        { id: "wizard", side: "party", pc: true },
        { id: "fighter", side: "party", pc: true },
        { id: "orc", side: "foes" },
      ],
      [5, 2, 5, 4],
      none({ carriedCasting: "groupTurn" }),
    ).do({ type: "start" });
    t.do({ type: "declare", who: "wizard", action: "cast", time: 12 }).next();
    t.do({ type: "act", who: "wizard", action: "cast", target: "orc" }).next(4);
    t.do({ type: "declare", who: "fighter", action: "attack" }).next();
    expect(t.state).toMatchObject({ round: 2, stage: "high", order: ["wizard", "fighter"] });
  });
});

describe('segments decisions: minor actions and weapon-speed ties ("if performed before a major action, will add 1 to the time component with regard to initiative ties"; "no matter when the minor action is executed")', () => {
  it("counts a declared minor action in the tie, and a minor action taken after the major action in the action's time, not in an order already set", () => {
    // Both sides roll 4: tied, both HIGH, ordered together by weapon speed (7 each), then roster.
    const t = new Table(
      [
        { id: "fighter", side: "party", stats: { weaponSpeed: 7 } },
        { id: "orc", side: "foes", stats: { weaponSpeed: 7 } },
      ],
      [4, 4],
      none(),
    ).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "attack" });
    t.do({ type: "declare", who: "orc", action: "attack" }).next();
    expect(t.state).toMatchObject({ stage: "high", order: ["fighter", "orc"], segment: 1 });
    t.do({ type: "act", who: "fighter", action: "attack", target: "orc", outcome: "miss" });
    t.do({ type: "act", who: "fighter", action: "simple", time: 1 });
    expect(t.state).toMatchObject({ order: ["fighter", "orc"], current: "fighter", segment: 2 });
  });

  it("puts a tied attacker who declared a 1-segment minor action after the other (weapon speed 8 instead of 7)", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", stats: { weaponSpeed: 7 } },
        { id: "orc", side: "foes", stats: { weaponSpeed: 7 } },
      ],
      [4, 4],
      none(),
    ).do({ type: "start" });
    t.do({ type: "declare", who: "fighter", action: "attack" });
    t.do({ type: "declare", who: "fighter", action: "simple", time: 1 });
    t.do({ type: "declare", who: "orc", action: "attack" }).next();
    expect(t.state).toMatchObject({ stage: "high", order: ["orc", "fighter"] });
  });
});
