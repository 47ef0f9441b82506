import { describe, expect, it } from "vitest";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * phases' action economy (rules/phases.txt): "In a normal Phase, you can perform an attack action
 * and a move action, two move actions, or a full-phase action ... You can always take a move action
 * in place of an attack action." On a gridless scene nobody threatens, so nothing provokes.
 */
const duo = () =>
  new Table([
    { id: "hero", side: "party", stats: { combatValue: 8 } },
    { id: "thug", side: "foes", stats: { combatValue: 6 } },
  ]).do({ type: "start" });

const hex = { grid: { type: "hex" as const } };

describe("phases: an attack action and a move action, or two move actions", () => {
  it("a move action then an attack action is a normal Phase", () => {
    const t = duo();
    t.do({ type: "act", who: "hero", action: "drawFocus" });
    t.do({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" });
    expect(t.eventsOf("actionTaken").map((e) => [e.action, e.actionType])).toEqual([
      ["drawFocus", "move"],
      ["strike", "attack"],
    ]);
  });

  it("an attack action then a move action is a normal Phase; a third action is refused", () => {
    const t = duo();
    t.do({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" });
    t.do({ type: "act", who: "hero", action: "reload" });
    expect(t.refusal({ type: "act", who: "hero", action: "pickUp" })).toEqual({
      key: "TEMPO.Refusal.NoActionLeft",
      data: { who: "hero" },
    });
  });

  it("after two move actions no attack action is left, nor another move action", () => {
    const t = duo();
    t.do({ type: "act", who: "hero", action: "drawFocus" }).do({
      type: "act",
      who: "hero",
      action: "reload",
    });
    expect(
      t.refusal({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" }),
    ).toEqual({
      key: "TEMPO.Refusal.NoAttackActionLeft",
      data: { who: "hero" },
    });
    expect(t.refused({ type: "act", who: "hero", action: "standUp" })).toBe("TEMPO.Refusal.NoActionLeft");
  });

  it("a second attack action is refused even with no move action taken", () => {
    const t = duo();
    t.do({ type: "act", who: "hero", action: "block" });
    expect(t.refused({ type: "act", who: "hero", action: "dodge" })).toBe("TEMPO.Refusal.NoAttackActionLeft");
  });
});

describe('phases: "A full-phase action requires an entire phase to complete"', () => {
  it("after a full-phase action nothing else is taken that Phase", () => {
    const t = duo();
    t.do({ type: "act", who: "hero", action: "recover" });
    expect(t.eventsOf("recovered")).toEqual([{ type: "recovered", who: "hero", round: 1, reason: "action" }]);
    expect(t.refusal({ type: "act", who: "hero", action: "drawFocus" })).toEqual({
      key: "TEMPO.Refusal.FullPhaseTaken",
      data: { who: "hero" },
    });
    expect(t.refused({ type: "act", who: "hero", action: "recover" })).toBe("TEMPO.Refusal.FullPhaseTaken");
  });

  it("a full-phase action cannot follow a move action (it can't be coupled with an attack or a move action)", () => {
    const t = duo();
    t.do({ type: "act", who: "hero", action: "drawFocus" });
    expect(t.refusal({ type: "act", who: "hero", action: "recover" })).toEqual({
      key: "TEMPO.Refusal.FullPhaseAfterAction",
      data: { who: "hero" },
    });
  });

  it("a full-phase action may follow a 1-hex step that involves no distance, but a full move may not", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8 } },
        { id: "thug", side: "foes", at: [5, 0], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "move", who: "hero", path: [[-1, 0]], mode: "step" });
    expect(t.refusal({ type: "act", who: "hero", action: "fullMove" })).toEqual({
      key: "TEMPO.Refusal.MovedAfterStep",
      data: { who: "hero" },
    });
    t.do({ type: "act", who: "hero", action: "recover" });
    expect(t.eventsOf("recovered")).toHaveLength(1);
  });

  it("a move of more than half the combat movement is a full-phase action, up to half a move action", () => {
    // movement 6: 3 hexes is half (a move action), 4 is more than half (a full-phase action).
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8, movement: 6 } },
        { id: "thug", side: "foes", at: [0, 5], stats: { combatValue: 6, movement: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "move", who: "hero", path: [[-3, 0]] });
    expect(t.eventsOf("actionTaken").at(-1)).toEqual({
      type: "actionTaken",
      who: "hero",
      action: "move",
      actionType: "move",
      round: 1,
      phase: 1,
      target: null,
    });
    expect(t.eventsOf("moved").at(-1)).toEqual({
      type: "moved",
      who: "hero",
      from: [0, 0],
      to: [-3, 0],
      path: [
        [0, 0],
        [-1, 0],
        [-2, 0],
        [-3, 0],
      ],
    });
    t.next();
    t.do({ type: "move", who: "thug", path: [[4, 5]] });
    expect(t.eventsOf("actionTaken").at(-1)).toMatchObject({
      who: "thug",
      action: "fullMove",
      actionType: "fullPhase",
    });
    expect(t.refused({ type: "act", who: "thug", action: "drawFocus" })).toBe("TEMPO.Refusal.FullPhaseTaken");
  });

  it("two half moves make two move actions and may reach the full combat movement, no further", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8, movement: 4 } },
        { id: "thug", side: "foes", at: [0, 5], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    // 2 of 4 hexes used: 3 more would make 5 > 4; 2 more make exactly 4.
    expect(t.refusal({ type: "move", who: "hero", path: [[-5, 0]] })).toEqual({
      key: "TEMPO.Refusal.TooFar",
      data: { who: "hero", need: 2 },
    });
    t.do({ type: "move", who: "hero", path: [[-4, 0]] });
    expect(combatantIn(t.state, "hero")?.at).toEqual([-4, 0]);
    expect(t.eventsOf("actionTaken").map((e) => e.actionType)).toEqual(["move", "move"]);
  });

  it("without a movement stat a character moves 6 hexes", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8 } },
        { id: "thug", side: "foes", at: [0, 5], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    expect(t.refusal({ type: "move", who: "hero", path: [[-7, 0]] })).toEqual({
      key: "TEMPO.Refusal.TooFar",
      data: { who: "hero", need: 6 },
    });
    t.do({ type: "move", who: "hero", path: [[-6, 0]] });
    expect(t.eventsOf("actionTaken").at(-1)).toMatchObject({ action: "fullMove", actionType: "fullPhase" });
  });
});

describe('phases: limited Phases ("only a single move action or attack action")', () => {
  it("a limited character takes one action; a full-phase action is started with it and completed with a move action", () => {
    const t = duo().do({ type: "apply", who: "hero", condition: "limited", rounds: null });
    t.do({ type: "act", who: "hero", action: "recover" });
    expect(t.eventsOf("fullPhaseStarted")).toEqual([
      { type: "fullPhaseStarted", who: "hero", action: "recover" },
    ]);
    // Only started: the Recovery is taken when the action is completed, once.
    expect(t.eventsOf("recovered")).toEqual([]);
    expect(t.refusal({ type: "act", who: "hero", action: "drawFocus" })).toEqual({
      key: "TEMPO.Refusal.SingleActionOnly",
      data: { who: "hero" },
    });
    t.next(2);
    expect(t.state).toMatchObject({ phase: 2, current: "hero" });
    t.do({ type: "act", who: "hero", action: "recover" });
    expect(t.eventsOf("fullPhaseCompleted")).toEqual([
      { type: "fullPhaseCompleted", who: "hero", action: "recover" },
    ]);
    expect(t.eventsOf("recovered")).toEqual([{ type: "recovered", who: "hero", round: 1, reason: "action" }]);
    expect(t.eventsOf("actionTaken").at(-1)).toMatchObject({ action: "recover", actionType: "fullPhase" });
    expect(t.refused({ type: "act", who: "hero", action: "drawFocus" })).toBe(
      "TEMPO.Refusal.SingleActionOnly",
    );
  });

  it("completing the full-phase action costs a move action: an attack action is still left in a normal Phase", () => {
    const t = duo().do({ type: "apply", who: "hero", condition: "limited", rounds: null });
    t.do({ type: "act", who: "hero", action: "recover" });
    t.do({ type: "removeCondition", who: "hero", condition: "limited" });
    t.next(2);
    t.do({ type: "act", who: "hero", action: "recover" });
    expect(t.eventsOf("fullPhaseCompleted")).toHaveLength(1);
    t.do({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" });
    expect(t.refused({ type: "act", who: "hero", action: "reload" })).toBe("TEMPO.Refusal.NoActionLeft");
  });

  it("a limited character cannot move more than half its movement (a full-phase move)", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8, movement: 4 } },
        { id: "thug", side: "foes", at: [0, 5], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "apply", who: "hero", condition: "limited", rounds: null });
    expect(t.refusal({ type: "move", who: "hero", path: [[-3, 0]] })).toEqual({
      key: "TEMPO.Refusal.SingleActionOnly",
      data: { who: "hero" },
    });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.refused({ type: "move", who: "hero", path: [[-3, 0]] })).toBe("TEMPO.Refusal.SingleActionOnly");
  });
});

describe('phases: the 1-hex step ("You can move 1 hex in any Phase when you don\'t perform any other kind of movement")', () => {
  const stepper = (stats: Record<string, number> = {}) =>
    new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8, ...stats } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });

  it("a step is one hex, taken once a Phase, and provokes no attack of opportunity", () => {
    const t = stepper();
    expect(t.refusal({ type: "move", who: "hero", path: [[-2, 0]], mode: "step" })).toEqual({
      key: "TEMPO.Refusal.StepIsOneHex",
      data: { who: "hero" },
    });
    // [0, 1] is next to both [0, 0] and the thug's [1, 0]: the hero steps within the thug's threat.
    t.do({ type: "move", who: "hero", path: [[0, 1]], mode: "step" });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([0, 1]);
    expect(t.eventsOf("actionTaken").at(-1)).toEqual({
      type: "actionTaken",
      who: "hero",
      action: "step",
      actionType: null,
      round: 1,
      phase: 1,
      target: null,
    });
    expect(t.refusal({ type: "move", who: "hero", path: [[0, 2]], mode: "step" })).toEqual({
      key: "TEMPO.Refusal.OneStepPerPhase",
      data: { who: "hero" },
    });
    expect(t.refusal({ type: "move", who: "hero", path: [[0, 2]] })).toEqual({
      key: "TEMPO.Refusal.MovedAfterStep",
      data: { who: "hero" },
    });
    // The step took no action: both actions are left.
    t.do({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" });
    t.do({ type: "act", who: "hero", action: "reload" });
  });

  it('"Any character with a total movement of 1 hex or less can\'t take a 1-hex step"', () => {
    expect(
      stepper({ movement: 1 }).refusal({ type: "move", who: "hero", path: [[-1, 0]], mode: "step" }),
    ).toEqual({ key: "TEMPO.Refusal.TooSlowToStep", data: { who: "hero" } });
    stepper({ movement: 2 }).do({ type: "move", who: "hero", path: [[-1, 0]], mode: "step" });
  });

  it('"you can\'t take a 1-hex step in the same Phase when you move any distance"', () => {
    const t = stepper().do({ type: "move", who: "hero", path: [[-1, 0]] });
    t.do({ type: "react", who: "thug", with: "decline" });
    expect(t.refusal({ type: "move", who: "hero", path: [[-2, 0]], mode: "step" })).toEqual({
      key: "TEMPO.Refusal.StepAfterMoving",
      data: { who: "hero" },
    });
  });

  it('"You can only take a 1-hex step if your movement isn\'t hampered"', () => {
    const t = stepper().do({ type: "apply", who: "hero", condition: "hampered", rounds: null });
    expect(t.refusal({ type: "move", who: "hero", path: [[-1, 0]], mode: "step" })).toEqual({
      key: "TEMPO.Refusal.StepHampered",
      data: { who: "hero" },
    });
  });

  it("an empty move and a tumble are refused", () => {
    const t = stepper();
    expect(t.refusal({ type: "move", who: "hero", path: [[0, 0]] })).toEqual({
      key: "TEMPO.Refusal.EmptyMove",
      data: { who: "hero" },
    });
    expect(t.refusal({ type: "move", who: "hero", path: [[-1, 0]], mode: "tumble" })).toEqual({
      key: "TEMPO.Refusal.NoSuchMoveMode",
      data: { mode: "tumble" },
    });
  });
});

describe('phases: "Withdraw from combat" is a full-phase action that provokes nothing', () => {
  it("a withdrawal leaves the threatened hex without an offer and takes the whole Phase", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]], mode: "withdraw" });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
    expect(t.eventsOf("actionTaken").at(-1)).toMatchObject({ action: "withdraw", actionType: "fullPhase" });
    expect(t.refused({ type: "act", who: "hero", action: "drawFocus" })).toBe("TEMPO.Refusal.FullPhaseTaken");
  });
});
