import { describe, expect, it } from "vitest";
import { phases } from "../../../../src/engine/rulesets/phases";
import { Table, readierAndDelayer } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/** phases' rules at their edges: unplaced tokens, a GM's hand mid-move, readiers and delayers together. */
const hex = { grid: { type: "hex" as const } };

describe("phases: characters without a hex", () => {
  it('"You can strike any adjacent opponent": with no hex to measure from, the strike is allowed', () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
        { id: "thug", side: "foes", at: null, stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "hit" });
    expect(t.eventsOf("attackResolved")).toHaveLength(1);
  });

  it("a character standing in no hex is in nobody's threatened hex: its actions provoke nothing", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: null, stats: { combatValue: 9 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "pickUp" });
    expect(t.state.offers).toEqual([]);
    expect(t.state.pending).toEqual([]);
  });

  it("the preview of an unplaced character's move walks no cells", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: null, stats: { combatValue: 9 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    const seen = phases.previewMove?.(t.state, "hero", [[-1, 0]], "normal");
    expect(seen?.cells).toEqual([]);
    expect(seen?.provocations).toEqual([]);
    expect(seen?.refusal?.key).toBe(t.refused({ type: "move", who: "hero", path: [[-1, 0]] }));
  });
});

describe("phases: the GM's hand during an attack of opportunity", () => {
  it("a kill on a mover the GM has already defeated defeats nobody twice", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    t.do({ type: "setDefeated", who: "hero", defeated: true });
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "kill" });
    expect(t.eventsOf("defeatedChanged")).toEqual([{ type: "defeatedChanged", who: "hero", defeated: true }]);
    expect(t.eventsOf("moveStopped")).toEqual([
      { type: "moveStopped", who: "hero", at: [0, 0], reason: "defeated" },
    ]);
  });
});

describe("phases: aborting to a dodge", () => {
  it('"you cannot make an attack of opportunity if you have used the dodge manoeuvre": an abort to dodge counts', () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "abort", who: "thug", to: "dodge" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
  });
});

describe("phases: a limited character's full-phase actions", () => {
  it("another full-phase action than the one started is started anew, not completed", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    t.do({ type: "apply", who: "hero", condition: "limited", rounds: null });
    t.do({ type: "act", who: "hero", action: "recover" }).next(2);
    t.do({ type: "act", who: "hero", action: "fullMove" });
    expect(t.eventsOf("fullPhaseStarted")).toEqual([
      { type: "fullPhaseStarted", who: "hero", action: "recover" },
      { type: "fullPhaseStarted", who: "hero", action: "fullMove" },
    ]);
    expect(t.eventsOf("fullPhaseCompleted")).toEqual([]);
  });
});

describe("phases: delayers and readiers together", () => {
  /** hero (10) readies against the goon (5); ally (8) delays; the goon is current after the thug (7). */
  const both = () => {
    const t = readierAndDelayer();
    expect(t.state.current).toBe("goon");
    t.do({ type: "act", who: "goon", action: "drawFocus" });
    expect(t.state.current).toBe("hero");
    return t;
  };

  it("a delayer cannot cut in while a readied action interrupts", () => {
    const t = both();
    expect(t.refusal({ type: "act", who: "ally", action: "block" })).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "ally" },
    });
    const seen = phases.previewMove?.(t.state, "ally", [[0, 4]], "normal");
    expect(seen?.refusal).toEqual({ key: "TEMPO.Refusal.NotYourTurn", data: { who: "ally" } });
  });

  it("once the trigger's action goes on, the delayer may act at the Phase's end", () => {
    const t = both().do({ type: "act", who: "hero", action: "block" });
    expect(t.state.current).toBe("goon");
    t.next();
    expect(t.eventsOf("phaseEndWaits")).toEqual([
      { type: "phaseEndWaits", round: 1, phase: 1, who: ["ally"] },
    ]);
  });
});

describe("phases: a delayer alone", () => {
  it("acting at the Phase's end with nobody else in the sequence keeps its own score", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    t.do({ type: "removeCombatant", who: "thug" });
    // Nobody comes after the hero: the Phase waits for it at once.
    t.do({ type: "delay", who: "hero" });
    expect(t.state).toMatchObject({ current: null, phase: 1 });
    t.do({ type: "act", who: "hero", action: "block" });
    expect(t.eventsOf("delayedActionTaken")).toEqual([
      { type: "delayedActionTaken", who: "hero", before: null, initiative: 10 },
    ]);
  });
});
