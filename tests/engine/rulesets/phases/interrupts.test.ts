import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * phases' readied actions that meet attacks of opportunity (rules/phases.txt): "The action occurs
 * just before the action that triggers it ... he continues his actions once you complete your
 * readied action"; "An attack of opportunity 'interrupts' the normal flow of actions". Hex
 * neighbours of [q, r]: [q±1, r], [q, r±1], [q+1, r-1], [q-1, r+1].
 */
const hex = { grid: { type: "hex" as const } };

/** hero (10) at [0, 0] next to the thug (7) at [1, 0]; the goon (5) far off at [6, 3]. */
const readiedNextToThug = (action: string, extra: CombatantSetup[] = []) => {
  const t = new Table(
    [
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
      { id: "goon", side: "foes", at: [6, 3], stats: { combatValue: 5 } },
      ...extra,
    ],
    [],
    hex,
  ).do({ type: "start" });
  t.do({ type: "ready", who: "hero", action, trigger: { who: "goon", verb: "act" } }).next(2);
  expect(t.state.current).toBe("goon");
  return t;
};

describe("phases: a readied action held by an attack of opportunity", () => {
  it("a readied reload that provokes is held; declined, it completes and the trigger goes on", () => {
    const t = readiedNextToThug("reload");
    t.do({ type: "act", who: "goon", action: "drawFocus", outcome: "success" });
    expect(t.state.current).toBe("hero");
    t.do({ type: "act", who: "hero", action: "reload" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["thug", "hero"]]);
    t.do({ type: "react", who: "thug", with: "decline" });
    expect(t.state.current).toBe("goon");
    expect(t.eventsOf("actionTaken").map((e) => [e.who, e.action])).toEqual([
      ["hero", "reload"],
      ["goon", "drawFocus"],
    ]);
    expect(t.state.ext.held).toBeNull();
    t.next();
    expect(t.state.phase).toBe(2);
  });

  it("a readier killed by the attack of opportunity its readied action provoked: the trigger still goes on", () => {
    const t = readiedNextToThug("reload");
    t.do({ type: "act", who: "goon", action: "drawFocus", outcome: "success" });
    t.do({ type: "act", who: "hero", action: "reload" });
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "kill" });
    expect(combatantIn(t.state, "hero")?.defeated).toBe(true);
    expect(t.state.current).toBe("goon");
    expect(t.eventsOf("actionTaken").map((e) => [e.who, e.action])).toEqual([
      ["hero", "reload"],
      ["goon", "drawFocus"],
    ]);
    expect(t.state.ext.held).toBeNull();
  });

  it("a readier killed while its readied move is held: the move stops and the trigger goes on", () => {
    const t = readiedNextToThug("move");
    t.do({ type: "act", who: "goon", action: "drawFocus", outcome: "success" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "kill" });
    expect(t.eventsOf("moveStopped")).toEqual([
      { type: "moveStopped", who: "hero", at: [0, 0], reason: "defeated" },
    ]);
    expect(t.state.current).toBe("goon");
    expect(t.eventsOf("actionTaken").map((e) => [e.who, e.action])).toEqual([
      ["hero", "move"],
      ["goon", "drawFocus"],
    ]);
  });

  it('"You can take a 1-hex step as part of your readied action": the step out of a threatened hex provokes nothing', () => {
    const t = readiedNextToThug("strike");
    t.do({ type: "act", who: "goon", action: "drawFocus", outcome: "success" });
    t.do({ type: "move", who: "hero", path: [[-1, 0]], mode: "step" });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-1, 0]);
    expect(t.eventsOf("actionTaken").at(-1)).toEqual({
      type: "actionTaken",
      who: "hero",
      action: "step",
      actionType: null,
      round: 1,
      phase: 1,
      target: null,
      readied: true,
    });
    expect(t.state.current).toBe("hero");
    expect(t.conditions("hero")).toEqual(["readied"]);
  });
});

describe("phases: readied triggers", () => {
  it("another character's action does not set off a readied action aimed at someone else", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
      { id: "goon", side: "foes", stats: { combatValue: 5 } },
    ]).do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "strike", trigger: { who: "goon", verb: "act" } }).next();
    t.do({ type: "act", who: "thug", action: "drawFocus" });
    expect(t.state.current).toBe("thug");
    expect(t.eventsOf("readiedActionTriggered")).toEqual([]);
    expect(t.state.ext.held).toBeNull();
  });

  it("a readied move covers at most half the combat movement, rounded down", () => {
    // movement 5: half is 2.5, so at most 2 hexes.
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10, movement: 5 } },
        { id: "goon", side: "foes", at: [6, 0], stats: { combatValue: 5 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "move", trigger: { who: "goon", verb: "act" } }).next();
    t.do({ type: "act", who: "goon", action: "block" });
    expect(t.refusal({ type: "move", who: "hero", path: [[-3, 0]] })).toEqual({
      key: "TEMPO.Refusal.ReadiedMoveIsMoveAction",
      data: { who: "hero", max: 2 },
    });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.current).toBe("goon");
  });
});

describe("phases: acts aimed at an enemy", () => {
  const trio = () =>
    new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "ally", side: "party", at: [0, 1], stats: { combatValue: 8 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
        { id: "goon", side: "foes", at: [5, 0], stats: { combatValue: 5 } },
      ],
      [],
      hex,
    ).do({ type: "start" });

  it("refuses an attack with no target, at an ally, at the defeated, and a strike out of reach", () => {
    const t = trio();
    expect(t.refusal({ type: "act", who: "hero", action: "attack", outcome: "hit" })).toEqual({
      key: "TEMPO.Refusal.NeedsTarget",
      data: { who: "hero" },
    });
    expect(t.refusal({ type: "act", who: "hero", action: "strike", target: "ally", outcome: "hit" })).toEqual(
      {
        key: "TEMPO.Refusal.NotAnEnemy",
        data: { who: "hero", target: "ally" },
      },
    );
    expect(t.refusal({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "hit" })).toEqual(
      {
        key: "TEMPO.Refusal.NotInReach",
        data: { who: "hero", target: "goon" },
      },
    );
    t.do({ type: "setDefeated", who: "thug", defeated: true });
    expect(t.refusal({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "hit" })).toEqual(
      {
        key: "TEMPO.Refusal.Defeated",
        data: { who: "thug" },
      },
    );
  });

  it('"Other Attacks" need no adjacent target (a ranged attack); the event names the target', () => {
    const t = trio();
    t.do({ type: "act", who: "hero", action: "attack", target: "goon", outcome: "miss" });
    expect(t.eventsOf("actionTaken")).toEqual([
      {
        type: "actionTaken",
        who: "hero",
        action: "attack",
        actionType: "attack",
        round: 1,
        phase: 1,
        target: "goon",
      },
    ]);
    expect(t.eventsOf("attackResolved")).toEqual([
      {
        type: "attackResolved",
        who: "hero",
        target: "goon",
        with: "attack",
        outcome: "miss",
        hit: false,
        roll: null,
        needed: 10,
        ocv: 3,
        dcv: 3,
      },
    ]);
  });

  it("an action that is not an attack names no target", () => {
    const t = trio();
    t.do({ type: "act", who: "hero", action: "block" });
    expect(t.eventsOf("actionTaken")).toEqual([
      {
        type: "actionTaken",
        who: "hero",
        action: "block",
        actionType: "attack",
        round: 1,
        phase: 1,
        target: null,
      },
    ]);
  });

  it("a move action spent as an act counts as moving a distance: no 1-hex step after it", () => {
    const t = trio();
    t.do({ type: "act", who: "hero", action: "move", outcome: "success" });
    expect(t.refused({ type: "move", who: "hero", path: [[-1, 0]], mode: "step" })).toBe(
      "TEMPO.Refusal.StepAfterMoving",
    );
    t.next();
    t.do({ type: "act", who: "ally", action: "drawFocus", outcome: "success" });
    t.do({ type: "move", who: "ally", path: [[-1, 1]], mode: "step" });
  });
});
