import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";

/** docs/rulesets/phases.md, "Decisions": each question the text leaves open, as the engine reads it. */

const hex = (options: Record<string, string> = {}) => ({ grid: { type: "hex" as const }, options });

describe('phases decisions: Combat Reflexes ("If you have the Combat Reflexes skill you can make more than one attack of opportunity in each Phase")', () => {
  // Three party members, each in a hex the vet (Combat Reflexes 1) threatens, each step out in turn.
  const crowd: CombatantSetup[] = [
    { id: "ana", side: "party", at: [1, 0], stats: { combatValue: 9 } },
    { id: "ben", side: "party", at: [0, 1], stats: { combatValue: 8 } },
    { id: "cat", side: "party", at: [-1, 0], stats: { combatValue: 7 } },
    { id: "vet", side: "foes", at: [0, 0], stats: { combatValue: 5 }, skills: { combatReflexes: 1 } },
  ];

  function threeOpportunities(options: Record<string, string>): Table {
    const t = new Table(crowd, [], hex(options)).do({ type: "start" });
    t.do({ type: "move", who: "ana", path: [[2, 0]] });
    t.do({ type: "react", who: "vet", with: "attackOfOpportunity", outcome: "miss" }).next();
    t.do({ type: "move", who: "ben", path: [[0, 2]] });
    t.do({ type: "react", who: "vet", with: "attackOfOpportunity", outcome: "miss" }).next();
    t.do({ type: "move", who: "cat", path: [[-2, 0]] });
    return t;
  }

  it("by default gives one more attack of opportunity per level of the skill (combatReflexes: perLevel)", () => {
    const t = threeOpportunities({});
    expect(t.state.offers).toEqual([]);
    expect(t.eventsOf("reactionResolved")).toHaveLength(2);
  });

  it("with combatReflexes: unlimited lifts the per-Phase limit for anyone with the skill", () => {
    const t = threeOpportunities({ combatReflexes: "unlimited" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["vet", "cat"]]);
    t.do({ type: "react", who: "vet", with: "attackOfOpportunity", outcome: "miss" });
    expect(t.eventsOf("reactionResolved")).toHaveLength(3);
  });

  it('with combatReflexes: unlimited still gives one attack per opportunity ("This does not let you make more than one attack for a given opportunity") and one a Phase without the skill', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [1, 0], stats: { combatValue: 9, movement: 6 } },
        { id: "ben", side: "party", at: [0, 1], stats: { combatValue: 8 } },
        { id: "thug", side: "foes", at: [0, 0], stats: { combatValue: 5 } },
      ],
      [],
      hex({ combatReflexes: "unlimited" }),
    ).do({ type: "start" });
    // ana walks round the thug, leaving two of its hexes: one opportunity.
    t.do({
      type: "move",
      who: "ana",
      path: [
        [1, -1],
        [2, -2],
      ],
    });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["thug", "ana"]]);
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "miss" });
    expect(t.state.offers).toEqual([]);
    t.next().do({ type: "move", who: "ben", path: [[0, 2]] });
    expect(t.state.offers).toEqual([]);
  });
});

describe('phases decisions: how long a dodge blocks ("you cannot make an attack of opportunity if you have used the dodge manoeuvre")', () => {
  const three = (options: Record<string, string>) =>
    new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 8 } },
        { id: "ben", side: "party", at: [2, -1], stats: { combatValue: 7 } },
      ],
      [],
      hex(options),
    ).do({ type: "start" });

  it("by default blocks for the rest of the Phase of the dodge (dodge: phase)", () => {
    const t = three({}).next().do({ type: "act", who: "thug", action: "dodge" }).next(2);
    expect(t.state).toMatchObject({ phase: 2, current: "hero" });
    t.do({ type: "move", who: "hero", path: [[-1, 0]] });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["thug", "hero"]]);
  });

  it("with dodge: untilNextTurn blocks until the dodger's next turn begins, then no longer", () => {
    const t = three({ dodge: "untilNextTurn" })
      .next()
      .do({ type: "act", who: "thug", action: "dodge" })
      .next(2);
    t.do({ type: "move", who: "hero", path: [[-1, 0]] });
    expect(t.state.offers).toEqual([]);
    t.next(2);
    expect(t.state).toMatchObject({ phase: 2, current: "ben" });
    t.do({ type: "move", who: "ben", path: [[3, -2]] });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["thug", "ben"]]);
  });

  it("with dodge: untilNextTurn, a dodge by abort blocks past the given-up turn, until the dodger's next turn", () => {
    // The thug aborts to dodge before its Initiative in Phase 1: its Phase 1 turn is given up.
    const t = three({ dodge: "untilNextTurn" }).do({ type: "abort", who: "thug", to: "dodge" });
    t.next();
    expect(t.state).toMatchObject({ phase: 1, current: "ben" });
    t.next();
    expect(t.state).toMatchObject({ phase: 2, current: "hero" });
    t.do({ type: "move", who: "hero", path: [[-1, 0]] });
    expect(t.state.offers).toEqual([]);
    t.next();
    expect(t.state).toMatchObject({ phase: 2, current: "thug" });
    t.next().do({ type: "move", who: "ben", path: [[3, -2]] });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["thug", "ben"]]);
  });
});

describe('phases decisions: next from the last actor with a delayer who named no place ("or just wait until some time later and act then")', () => {
  it("does not skip the delayer: the Phase stops with nobody current, and a second next goes on", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    t.do({ type: "delay", who: "hero" }).next();
    expect(t.state).toMatchObject({ phase: 1, current: null });
    expect(t.eventsOf("phaseEndWaits")).toHaveLength(1);
    t.next();
    expect(t.state).toMatchObject({ phase: 2 });
  });
});
