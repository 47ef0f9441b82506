import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/** phases' Turn of four Phases, Initiative and the Surprise Phase (rules/phases.txt). */
const hex = { grid: { type: "hex" as const } };

describe('phases: Initiative ("equal to their Combat Value (plus their Lightning Reflexes modifier")', () => {
  it("sets each score from Combat Value and Lightning Reflexes, 0 when missing, and orders highest first", () => {
    const t = new Table([
      { id: "low", side: "party", stats: { combatValue: 3 } },
      { id: "quick", side: "foes", stats: { combatValue: 4, lightningReflexes: 3 } },
      { id: "none", side: "foes", stats: {} },
      { id: "high", side: "party", stats: { combatValue: 6 } },
    ]).do({ type: "start" });
    // low 3, quick 4 + 3 = 7, none 0, high 6.
    expect(t.eventsOf("initiativeRolled")).toEqual([
      { type: "initiativeRolled", who: "low", initiative: 3 },
      { type: "initiativeRolled", who: "quick", initiative: 7 },
      { type: "initiativeRolled", who: "none", initiative: 0 },
      { type: "initiativeRolled", who: "high", initiative: 6 },
    ]);
    expect(t.state.order).toEqual(["quick", "high", "low", "none"]);
    expect(t.eventsOf("combatStarted")).toEqual([{ type: "combatStarted", ruleset: "phases" }]);
    expect(t.eventsOf("phaseStarted")).toEqual([
      { type: "phaseStarted", round: 1, phase: 1, order: ["quick", "high", "low", "none"] },
    ]);
    expect(t.eventsOf("turnStarted")).toEqual([{ type: "turnStarted", who: "quick", round: 1, phase: 1 }]);
  });

  it("ties roll a d6 each in roster order, higher first; those still tied roll again among themselves", () => {
    // All three at 8: ana 3, ben 5, cat 3: ben first; ana and cat roll again: 2, 6: cat, then ana.
    const t = new Table(
      [
        { id: "ana", side: "party", stats: { combatValue: 8 } },
        { id: "ben", side: "party", stats: { combatValue: 8 } },
        { id: "cat", side: "foes", stats: { combatValue: 8 } },
        { id: "dan", side: "foes", stats: { combatValue: 2 } },
      ],
      [3, 5, 3, 2, 6],
    ).do({ type: "start" });
    expect(t.dice.remaining).toBe(0);
    expect(t.eventsOf("initiativeTieRolled").map((e) => [e.who, e.roll])).toEqual([
      ["ana", 3],
      ["ben", 5],
      ["cat", 3],
      ["ana", 2],
      ["cat", 6],
    ]);
    expect(t.state.order).toEqual(["ben", "cat", "ana", "dan"]);
    expect(t.eventsOf("diceRolled")[0]).toEqual({
      type: "diceRolled",
      faces: 6,
      result: 3,
      purpose: "initiativeTie",
      who: "ana",
    });
    expect(combatantIn(t.state, "ana")?.ext.tieRolls).toEqual([3, 2]);
    expect(combatantIn(t.state, "ben")?.ext.tieRolls).toEqual([5]);
    expect(combatantIn(t.state, "cat")?.ext.tieRolls).toEqual([3, 6]);
    expect(combatantIn(t.state, "dan")?.ext.tieRolls).toEqual([]);
    // The scores stay as they were.
    expect(["ana", "ben", "cat"].map((id) => combatantIn(t.state, id)?.initiative)).toEqual([8, 8, 8]);
  });

  it('"you retain your Initiative score": the unconscious keep their place but are passed over', () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
      { id: "goon", side: "foes", stats: { combatValue: 5 } },
    ]).do({ type: "start" });
    t.do({ type: "apply", who: "thug", condition: "unconscious", rounds: null });
    t.next();
    expect(t.state).toMatchObject({ current: "goon", order: ["hero", "thug", "goon"] });
    t.do({ type: "removeCondition", who: "thug", condition: "unconscious" });
    t.next(2);
    expect(t.state).toMatchObject({ phase: 2, current: "thug" });
  });
});

describe("phases: the Turn", () => {
  const duo = () =>
    new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
    ]).do({ type: "start" });

  it('"4 Phases make up 1 Turn", then the Post-Turn: everybody standing recovers, conditions tick, the Turn ends', () => {
    const t = duo();
    t.do({ type: "apply", who: "thug", condition: "prone", rounds: 1 });
    t.do({ type: "apply", who: "hero", condition: "hampered", rounds: 2 });
    t.next(7);
    expect(t.state).toMatchObject({ round: 1, phase: 4, current: "thug" });
    expect(t.eventsOf("phaseStarted").map((e) => e.phase)).toEqual([1, 2, 3, 4]);
    t.next();
    expect(t.state).toMatchObject({ round: 1, phase: "postTurn", current: null, order: ["hero", "thug"] });
    expect(t.eventsOf("postTurnStarted")).toEqual([{ type: "postTurnStarted", round: 1 }]);
    expect(t.eventsOf("recovered")).toEqual([
      { type: "recovered", who: "hero", round: 1, reason: "postTurn" },
      { type: "recovered", who: "thug", round: 1, reason: "postTurn" },
    ]);
    expect(t.eventsOf("roundEnded")).toEqual([{ type: "roundEnded", round: 1 }]);
    // A condition lasting one Turn is gone; one lasting two has one left.
    expect(t.conditions("thug")).toEqual([]);
    expect(combatantIn(t.state, "hero")?.conditions).toEqual([{ id: "hampered", rounds: 1 }]);
    t.next();
    expect(t.state).toMatchObject({ round: 2, phase: 1, current: "hero" });
    expect(t.eventsOf("phaseStarted").at(-1)).toEqual({
      type: "phaseStarted",
      round: 2,
      phase: 1,
      order: ["hero", "thug"],
    });
  });

  it("usage is per Phase: the next Phase gives the actions back", () => {
    const t = duo().do({ type: "act", who: "hero", action: "recover" }).next(2);
    expect(t.state).toMatchObject({ phase: 2, current: "hero" });
    t.do({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" });
  });

  it("moving out of the same opponent's hex in the next Phase provokes it again", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    // [0, 1] is next to both [0, 0] and the thug.
    t.do({ type: "move", who: "hero", path: [[0, 1]] });
    t.do({ type: "react", who: "thug", with: "decline" });
    t.do({ type: "move", who: "hero", path: [[0, 0]] });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "hero")?.ext.provokedBy).toEqual(["thug"]);
    t.next(2);
    expect(combatantIn(t.state, "hero")?.ext.provokedBy).toEqual([]);
    t.do({ type: "move", who: "hero", path: [[0, 1]] });
    expect(t.state.offers.map((o) => o.who)).toEqual(["thug"]);
  });

  it("turns pass in order, each turnEnded naming the Phase", () => {
    const t = duo().next();
    expect(t.eventsOf("turnEnded")).toEqual([{ type: "turnEnded", who: "hero", round: 1, phase: 1 }]);
    expect(t.eventsOf("turnStarted").at(-1)).toEqual({
      type: "turnStarted",
      who: "thug",
      round: 1,
      phase: 1,
    });
  });
});

describe('phases: the Surprise Phase ("If some but not all of the characters are aware of their opponents")', () => {
  const party: CombatantSetup[] = [
    { id: "hero", side: "party", stats: { combatValue: 10 } },
    { id: "ally", side: "party", stats: { combatValue: 8 } },
    { id: "thug", side: "foes", surprised: true, stats: { combatValue: 7 } },
    { id: "goon", side: "foes", stats: { combatValue: 5 } },
  ];

  it("the aware act in Initiative order; the unaware are surprised until Phase 1", () => {
    const t = new Table(party).do({ type: "start" });
    expect(t.state).toMatchObject({
      phase: "surprise",
      round: 1,
      current: "hero",
      order: ["hero", "ally", "goon"],
    });
    expect(t.eventsOf("phaseStarted")).toEqual([
      { type: "phaseStarted", round: 1, phase: "surprise", order: ["hero", "ally", "goon"] },
    ]);
    expect(t.conditions("thug")).toEqual(["surprised"]);
    // "each take an attack action or a move action during the Surprise Phase"
    t.do({ type: "act", who: "hero", action: "drawFocus" });
    expect(t.refused({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" })).toBe(
      "TEMPO.Refusal.SingleActionOnly",
    );
    t.next(2);
    expect(t.state.current).toBe("goon");
    t.next();
    expect(t.state).toMatchObject({ phase: 1, current: "hero", order: ["hero", "ally", "thug", "goon"] });
    expect(t.conditions("thug")).toEqual([]);
  });

  it('"If no one or everyone is surprised, no Surprise Phase occurs", and nobody stays surprised', () => {
    const t = new Table([
      { id: "hero", side: "party", surprised: true, stats: { combatValue: 10 } },
      { id: "thug", side: "foes", surprised: true, stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    expect(t.state).toMatchObject({ phase: 1, current: "hero", order: ["hero", "thug"] });
    expect(t.eventsOf("phaseStarted")).toEqual([
      { type: "phaseStarted", round: 1, phase: 1, order: ["hero", "thug"] },
    ]);
    expect(t.conditions("hero")).toEqual([]);
    expect(t.conditions("thug")).toEqual([]);
  });

  it("a delayer in the Surprise Phase moves among the aware; the unaware keep their place for Phase 1", () => {
    const t = new Table(party).do({ type: "start" });
    t.do({ type: "delay", who: "hero", until: "goon" }).next();
    expect(t.eventsOf("delayedActionTaken")).toEqual([
      { type: "delayedActionTaken", who: "hero", before: "goon", initiative: 5 },
    ]);
    expect(t.state).toMatchObject({ current: "hero", order: ["ally", "hero", "goon"] });
    t.next(2);
    expect(t.state).toMatchObject({ phase: 1, current: "ally", order: ["ally", "thug", "hero", "goon"] });
    expect(t.conditions("thug")).toEqual([]);
  });

  it("a newcomer during the Surprise Phase joins the sequence, not the Surprise Phase's order", () => {
    const t = new Table(party).do({ type: "start" });
    t.do({ type: "addCombatant", combatant: { id: "boss", side: "foes", stats: { combatValue: 9 } } });
    expect(t.state.order).toEqual(["hero", "ally", "goon"]);
    expect(t.state.ext.sequence).toEqual(["hero", "boss", "ally", "thug", "goon"]);
    t.next(3);
    expect(t.state).toMatchObject({ phase: 1, order: ["hero", "boss", "ally", "thug", "goon"] });
  });

  it("a newcomer during the Post-Turn joins the order at once; one below everybody goes last", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    t.next(8);
    expect(t.state.phase).toBe("postTurn");
    t.do({ type: "addCombatant", combatant: { id: "boss", side: "foes", stats: { combatValue: 9 } } });
    t.do({ type: "addCombatant", combatant: { id: "rat", side: "foes", stats: { combatValue: 1 } } });
    expect(t.state.order).toEqual(["hero", "boss", "thug", "rat"]);
    // Above everybody: first.
    t.do({ type: "addCombatant", combatant: { id: "ace", side: "party", stats: { combatValue: 12 } } });
    expect(t.state.order).toEqual(["ace", "hero", "boss", "thug", "rat"]);
  });
});

describe("phases: a delayer acting at the Phase's end", () => {
  it("takes the last place with the last character's score", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    t.do({ type: "delay", who: "hero" }).next();
    expect(t.state).toMatchObject({ current: null, phase: 1 });
    expect(t.refusal({ type: "act", who: "thug", action: "block" })).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "thug" },
    });
    t.do({ type: "act", who: "hero", action: "block" });
    expect(t.eventsOf("delayedActionTaken")).toEqual([
      { type: "delayedActionTaken", who: "hero", before: null, initiative: 7 },
    ]);
    expect(t.state).toMatchObject({ current: "hero", order: ["thug", "hero"] });
    expect(t.state.ext.sequence).toEqual(["thug", "hero"]);
    expect(t.state.ext.phaseEnd).toBe(false);
    expect(t.conditions("hero")).toEqual([]);
    t.next();
    expect(t.state).toMatchObject({ phase: 2, current: "thug" });
  });
});

describe("phases: what the ruleset keeps on each character", () => {
  it("starts empty: no tie rolls, delay, readied or aborted action, turn, started action or provocation", () => {
    const t = new Table([{ id: "hero", side: "party", stats: { combatValue: 10 } }]);
    expect(combatantIn(t.state, "hero")?.ext).toEqual({
      tieRolls: [],
      delaying: null,
      readied: null,
      abortSkips: null,
      lastTurn: null,
      fullPhaseStarted: null,
      provokedBy: [],
    });
  });

  it("records when a delay, a readied action, a started full-phase action and a turn happened", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "ally", side: "party", stats: { combatValue: 9 } },
      { id: "thug", side: "foes", surprised: true, stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    expect(combatantIn(t.state, "hero")?.ext.lastTurn).toEqual({ round: 1, phase: "surprise" });
    t.do({ type: "ready", who: "hero", action: "strike", trigger: { who: "thug", verb: "act" } });
    expect(combatantIn(t.state, "hero")?.ext.readied).toEqual({
      action: "strike",
      trigger: { who: "thug", verb: "act" },
      since: { round: 1, phase: "surprise" },
    });
    t.next();
    t.do({ type: "act", who: "ally", action: "recover" });
    expect(combatantIn(t.state, "ally")?.ext.fullPhaseStarted).toEqual({
      action: "recover",
      at: { round: 1, phase: "surprise" },
    });
    t.next();
    expect(t.state).toMatchObject({ phase: 1, current: "hero" });
    t.next();
    t.do({ type: "delay", who: "ally" });
    expect(t.state.current).toBe("thug");
    expect(combatantIn(t.state, "ally")?.ext.delaying).toEqual({
      until: null,
      since: { round: 1, phase: 1 },
    });
    expect(combatantIn(t.state, "ally")?.ext.lastTurn).toEqual({ round: 1, phase: 1 });
  });
});
