import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";

/**
 * A refusal is a key and the data its message (lang/en.json, TEMPO.Refusal.*) shows: the names of
 * the combatants, the action, the numbers. Each case checks the whole refusal, so a message never
 * reads "{who} cannot aim that at {target}" with a name missing. Names differ from ids here, as a
 * message shows names.
 */

const ANA: CombatantSetup = {
  id: "ana",
  name: "Ana",
  side: "party",
  pc: true,
  at: [0, 0],
  stats: { agility: 1 },
};
const ORC: CombatantSetup = { id: "orc", name: "Grosh", side: "foes", at: [1, 0] };

/** Ana at [0, 0] and Grosh the orc at [1, 0]; Ana acts first (initiative dice 9, 4). */
function duel(
  extra: { ana?: Partial<CombatantSetup>; orc?: Partial<CombatantSetup> } = {},
  dice: number[] = [],
) {
  const t = new Table(
    [
      { ...ANA, ...extra.ana },
      { ...ORC, ...extra.orc },
    ],
    [9, 4, ...dice],
  );
  t.do({ type: "start" });
  return t;
}

describe("flow refusals carry what their message shows", () => {
  it("an action out of turn names whose turn it is not", () => {
    const t = duel();
    expect(t.refusedWhole({ type: "act", who: "orc", action: "attack", target: "ana" })).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "Grosh" },
    });
  });

  it("an attack without a target names the action", () => {
    const t = duel();
    expect(t.refusedWhole({ type: "act", who: "ana", action: "attack" })).toEqual({
      key: "TEMPO.Refusal.FlowNeedsTarget",
      data: { action: "attack" },
    });
  });

  it("an attack on oneself or on an ally names the actor and the target", () => {
    const t = new Table([ANA, { id: "bob", name: "Bob", side: "party", at: [0, 1] }, ORC], [9, 1, 4]);
    t.do({ type: "start" });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "attack", target: "ana" })).toEqual({
      key: "TEMPO.Refusal.FlowBadTarget",
      data: { who: "Ana", target: "Ana" },
    });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "attack", target: "bob" })).toEqual({
      key: "TEMPO.Refusal.FlowBadTarget",
      data: { who: "Ana", target: "Bob" },
    });
  });

  it("an attack on the defeated names the target", () => {
    const t = duel();
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "attack", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.FlowTargetDefeated",
      data: { target: "Grosh" },
    });
  });

  it("standing up when not prone names who is not prone", () => {
    const t = duel();
    expect(t.refusedWhole({ type: "act", who: "ana", action: "standUp" })).toEqual({
      key: "TEMPO.Refusal.FlowNotProne",
      data: { who: "Ana" },
    });
  });

  it("the action move on a grid names who must move along a path", () => {
    const t = duel();
    expect(t.refusedWhole({ type: "act", who: "ana", action: "move" })).toEqual({
      key: "TEMPO.Refusal.FlowMoveNeedsPath",
      data: { who: "Ana" },
    });
  });

  it('a second Shove or Feint in a round names the actor and the action ("Usable once per round")', () => {
    const t = duel({ ana: { skills: { athletics: 50, melee: 50 } } }, [90, 90, 90, 90]);
    t.do({ type: "act", who: "ana", action: "shove", target: "orc" });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "shove", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.FlowOncePerRound",
      data: { who: "Ana", action: "shove" },
    });
    t.do({ type: "act", who: "ana", action: "feint", target: "orc" });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "feint", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.FlowOncePerRound",
      data: { who: "Ana", action: "feint" },
    });
  });

  it('a Shove of a larger target names both ("your size category or smaller")', () => {
    const t = duel({ orc: { size: "large" } });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "shove", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.FlowTargetTooLarge",
      data: { who: "Ana", target: "Grosh" },
    });
  });

  it("a Disarm or Feint out of reach names both", () => {
    const t = duel({ orc: { at: [4, 0] } });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "disarm", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.FlowOutOfReach",
      data: { who: "Ana", target: "Grosh" },
    });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "feint", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.FlowOutOfReach",
      data: { who: "Ana", target: "Grosh" },
    });
  });

  it("a second grapple names the grappler, a grapple of the grappled names the target", () => {
    const t = new Table([ANA, ORC, { id: "gob", name: "Snik", side: "foes", at: [0, 1] }], [9, 4, 1]);
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "grapple", target: "gob" })).toEqual({
      key: "TEMPO.Refusal.FlowAlreadyGrappling",
      data: { who: "Ana" },
    });
    const u = new Table([ANA, ORC, { id: "gob", name: "Snik", side: "foes", at: [0, 1] }], [9, 4, 1]);
    u.do({ type: "start" });
    u.do({ type: "apply", who: "orc", condition: "grappled", rounds: null });
    expect(u.refusedWhole({ type: "act", who: "ana", action: "grapple", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.FlowTargetGrappled",
      data: { target: "Grosh" },
    });
  });

  it('a grappled defender\'s other action names it ("Cannot take actions except ... break free")', () => {
    const t = duel();
    t.do({ type: "apply", who: "ana", condition: "grappled", rounds: null });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "attack", target: "orc" })).toEqual({
      key: "TEMPO.Refusal.FlowGrappledCannotAct",
      data: { who: "Ana" },
    });
    expect(
      t.refusedWhole({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "move" } }),
    ).toEqual({ key: "TEMPO.Refusal.FlowGrappledCannotAct", data: { who: "Ana" } });
  });

  it("an unknown action, effect or trigger verb names what was asked for", () => {
    const t = duel();
    expect(
      t.refusedWhole({
        type: "act",
        who: "ana",
        action: "attack",
        target: "orc",
        effect: "fly",
        outcome: "hit",
      }),
    ).toEqual({ key: "TEMPO.Refusal.FlowBadEffect", data: { action: "attack", effect: "fly" } });
    expect(
      t.refusedWhole({
        type: "ready",
        who: "ana",
        action: "attack",
        trigger: { who: "orc", verb: "sneeze" },
      }),
    ).toEqual({ key: "TEMPO.Refusal.FlowUnknownTriggerVerb", data: { verb: "sneeze" } });
    expect(
      t.refusedWhole({ type: "ready", who: "ana", action: "attack", trigger: { who: "ana", verb: "move" } }),
    ).toEqual({ key: "TEMPO.Refusal.FlowReadySelfTrigger", data: { who: "Ana" } });
  });

  it("a readied attack aimed at an ally names both", () => {
    const t = new Table([ANA, { id: "bob", name: "Bob", side: "party", at: [0, 1] }, ORC], [9, 1, 4]);
    t.do({ type: "start" });
    expect(
      t.refusedWhole({ type: "ready", who: "ana", action: "attack", trigger: { who: "bob", verb: "move" } }),
    ).toEqual({ key: "TEMPO.Refusal.FlowBadTarget", data: { who: "Ana", target: "Bob" } });
  });

  it('a magic item at 3 AP or a class ability at -1 names the action and the cost ("1-2 AP")', () => {
    const t = duel();
    expect(t.refusedWhole({ type: "act", who: "ana", action: "useItem", cost: 3 })).toEqual({
      key: "TEMPO.Refusal.FlowBadCost",
      data: { action: "useItem", cost: 3, max: 20 },
    });
    expect(t.refusedWhole({ type: "act", who: "ana", action: "classAbility", cost: -1 })).toEqual({
      key: "TEMPO.Refusal.FlowBadCost",
      data: { action: "classAbility", cost: -1, max: 20 },
    });
  });

  it("a move of no hexes names the mover", () => {
    const t = duel();
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[0, 0]] })).toEqual({
      key: "TEMPO.Refusal.FlowMoveEmpty",
      data: { who: "Ana" },
    });
  });

  it('a step of two hexes names the mover ("Take a Step ... 1 hex")', () => {
    const t = duel({ orc: { at: [0, 5] } });
    expect(
      t.refusedWhole({
        type: "move",
        who: "ana",
        path: [
          [1, 0],
          [2, 0],
        ],
        mode: "step",
      }),
    ).toEqual({
      key: "TEMPO.Refusal.FlowStepTooFar",
      data: { who: "Ana" },
    });
  });

  it('a grappled mover is named ("cannot move independently")', () => {
    const t = duel({ orc: { at: [0, 5] } });
    t.do({ type: "apply", who: "ana", condition: "grappled", rounds: null });
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[1, 0]] })).toEqual({
      key: "TEMPO.Refusal.FlowGrappledCannotMove",
      data: { who: "Ana" },
    });
  });
});
