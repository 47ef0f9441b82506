import { describe, expect, it } from "vitest";
import { flow } from "../../../../src/engine/rulesets/flow";
import { Table, duel } from "./helpers";

/**
 * The ruler's preview of a move (flow's previewMove) and the shape of a Tumble Through: "move
 * directly through the enemy's Hex to the other side of them"; "If you fail your Agility Check ...
 * this attempted action will provoke Reaction Attacks from only the enemy you attempted this on".
 * ana stands at [0, 0], orc at [1, 0] (helpers.ts duel).
 */

describe("flow previewMove: a refused move", () => {
  it("still shows the path from the mover's hex, with no cost and no Reaction Attack", () => {
    const t = duel();
    expect(flow.previewMove?.(t.state, "ana", [[2, 0]], "normal")).toEqual({
      cells: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.MoveEnemyCell", data: expect.anything() },
    });
  });

  it("shows no path on a gridless scene, nor for a mover off the grid", () => {
    const gridless = new Table(
      [
        { id: "ana", side: "party", stats: { agility: 1 } },
        { id: "orc", side: "foes" },
      ],
      [9, 4],
      { type: "none" },
    );
    gridless.do({ type: "start" });
    const preview = flow.previewMove?.(gridless.state, "ana", [[1, 0]], "normal");
    expect(preview?.cells).toEqual([]);
    expect(preview?.refusal?.key).toBe("TEMPO.Refusal.NoGrid");
    const off = duel({ ana: { at: null } });
    const unplaced = flow.previewMove?.(off.state, "ana", [[-1, 0]], "normal");
    expect(unplaced?.cells).toEqual([]);
    expect(unplaced?.refusal).not.toBeNull();
  });

  it("refuses while reactions are open, as the move itself would", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(t.offers()).toEqual(["orc/dodge/ana", "orc/parry/ana", "orc/riposte/ana"]);
    expect(flow.previewMove?.(t.state, "ana", [[-1, 0]], "normal")?.refusal?.key).toBe(
      "TEMPO.Refusal.ReactionsPending",
    );
  });
});

describe("flow previewMove: Reaction Attacks shown", () => {
  it('none from an enemy without the RP for one ("provided you have the RP to do so")', () => {
    const t = duel({ orc: { stats: { maxRp: 0 } } });
    expect(flow.previewMove?.(t.state, "ana", [[-1, 0]], "normal")).toMatchObject({
      cost: { ap: 1 },
      provocations: [],
      refusal: null,
    });
    expect(
      flow.previewMove?.(
        t.state,
        "ana",
        [
          [1, 0],
          [2, 0],
        ],
        "tumble",
      ),
    ).toMatchObject({ cost: { ap: 1 }, provocations: [], refusal: null });
  });

  it("the cells and cost of a normal move: the path walked, 1 AP for up to 6 hexes", () => {
    const t = duel({ orc: { at: [5, 0] } });
    expect(flow.previewMove?.(t.state, "ana", [[-2, 0]], "normal")).toEqual({
      cells: [
        [0, 0],
        [-1, 0],
        [-2, 0],
      ],
      cost: { ap: 1 },
      provocations: [],
      refusal: null,
    });
  });
});

describe('flow Tumble Through: "through the enemy\'s Hex to the other side of them"', () => {
  it("refuses a path that bends after the enemy's hex, or goes on past the hex beyond", () => {
    const t = duel({ ana: { stats: { agility: 1 } } });
    // [1, 0] is the orc's; straight beyond it is [2, 0], not [1, 1].
    expect(
      t.refused({
        type: "move",
        who: "ana",
        path: [
          [1, 0],
          [1, 1],
        ],
        mode: "tumble",
      }),
    ).toBe("TEMPO.Refusal.FlowTumbleNoEnemy");
    expect(
      t.refused({
        type: "move",
        who: "ana",
        path: [
          [1, 0],
          [2, 0],
          [3, 0],
        ],
        mode: "tumble",
      }),
    ).toBe("TEMPO.Refusal.FlowTumbleNoEnemy");
  });

  it("goes to the hex beyond on a success, without a Reaction Attack", () => {
    // Agility skill 40: 40 or less succeeds.
    const t = duel({ ana: { stats: { agility: 1 }, skills: { agility: 40 } } }, [40]);
    const events = t.do({
      type: "move",
      who: "ana",
      path: [
        [1, 0],
        [2, 0],
      ],
      mode: "tumble",
    });
    expect(t.c("ana").at).toEqual([2, 0]);
    expect(t.offers()).toEqual([]);
    expect(events).toContainEqual({
      type: "moved",
      who: "ana",
      from: [0, 0],
      to: [2, 0],
      path: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      mode: "tumble",
    });
  });
});

describe("flow movement details", () => {
  it('a failed Tumble Through offers nothing when the enemy tumbled at has no RP ("provided you have the RP to do so")', () => {
    // Agility skill 40: 41 fails.
    const t = duel(
      { ana: { stats: { agility: 1 }, skills: { agility: 40 } }, orc: { stats: { maxRp: 0 } } },
      [41],
    );
    const events = t.do({
      type: "move",
      who: "ana",
      path: [
        [1, 0],
        [2, 0],
      ],
      mode: "tumble",
    });
    expect(events).toContainEqual({
      type: "tumbled",
      who: "ana",
      through: "orc",
      success: false,
      level: "fail",
    });
    expect(t.c("ana").at).toEqual([0, 0]);
    expect(t.offers()).toEqual([]);
    expect(t.state.pending).toEqual([]);
    expect(t.pools("ana").ap).toBe(4);
  });

  it('a Move Speed stat of 0 is taken as unset: 6 hexes per AP ("6 hexes of movement per Action Point")', () => {
    const t = duel({ ana: { stats: { agility: 1, moveSpeed: 0 } }, orc: { at: [0, 5] } });
    t.do({ type: "move", who: "ana", path: [[-6, 0]] });
    expect(t.pools("ana").ap).toBe(4);
    expect(t.c("ana").at).toEqual([-6, 0]);
  });
});

describe('flow moves held by Reaction Attacks ("moves OUT of any hex you threaten")', () => {
  it("a move leaving two threatened hexes is held twice, on each hex it leaves, then reports the whole path", () => {
    // orc at [1, 0] threatens [0, 0] (and [1, -1], already offered); wolf at [-1, -1] threatens
    // [0, -1] but not [0, 0] nor [1, -1] (2 off each). Initiative: ana 10, orc 4, wolf 1.
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "wolf", side: "foes", at: [-1, -1] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    const first = t.do({
      type: "move",
      who: "ana",
      path: [
        [1, -1],
        [0, -1],
        [-1, 0],
      ],
    });
    const paused = first.find((e) => e.type === "movePaused");
    expect(paused).toEqual({
      type: "movePaused",
      who: "ana",
      at: [0, 0],
      pending: expect.any(String),
      by: ["orc"],
    });
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
    const second = t.do({ type: "react", who: "orc", with: "decline" });
    expect(second).toContainEqual({
      type: "movePaused",
      who: "ana",
      at: [0, -1],
      pending: paused?.type === "movePaused" ? paused.pending : "",
      by: ["wolf"],
    });
    expect(t.c("ana").at).toEqual([0, -1]);
    expect(t.offers()).toEqual(["wolf/reactionAttack/ana"]);
    const last = t.do({ type: "react", who: "wolf", with: "decline" });
    expect(last).toContainEqual({
      type: "moved",
      who: "ana",
      from: [0, 0],
      to: [-1, 0],
      path: [
        [0, 0],
        [1, -1],
        [0, -1],
        [-1, 0],
      ],
      mode: "normal",
    });
    expect(t.state.pending).toEqual([]);
  });

  it("a mover felled by the Reaction Attack stops where it was held, having walked nothing", () => {
    const t = duel();
    t.do({ type: "move", who: "ana", path: [[-2, 0]] });
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "kill" });
    const events = t.do({ type: "react", who: "ana", with: "decline" });
    expect(events).toContainEqual({
      type: "moveStopped",
      who: "ana",
      at: [0, 0],
      reason: "defeated",
      path: [[0, 0]],
    });
  });
});

describe("flow steps and readied moves", () => {
  it('a step may not end on another\'s hex ("You may not end your movement in the same square as any other enemy or ally")', () => {
    const t = duel();
    const withAlly = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "bob", side: "party", at: [-1, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [9, 1, 4],
    );
    withAlly.do({ type: "start" });
    expect(withAlly.refused({ type: "move", who: "ana", path: [[-1, 0]], mode: "step" })).toBe(
      "TEMPO.Refusal.MoveOccupiedEnd",
    );
    // Without AP left (2 + 2 + 1 spent) the step's 1 AP cannot be paid.
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    t.do({ type: "act", who: "ana", action: "draw" });
    expect(t.refused({ type: "move", who: "ana", path: [[-1, 0]], mode: "step" })).toBe(
      "TEMPO.Refusal.NotEnoughAP",
    );
  });

  it("moving on one's own turn gives up a readied action (it was kept waiting into the next round)", () => {
    const t = duel({ orc: { at: [4, 0] } });
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    t.do({ type: "endTurn", who: "orc" });
    const events = t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    expect(events).toContainEqual({ type: "readyCancelled", who: "ana", action: "attack", reason: "acted" });
  });

  it("a readied move is a normal move, and while it waits nobody else moves", () => {
    // Initiative: ana 2, orc 9. ana readies a move on the orc's move; in round 2 the orc moves.
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0] },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
      [2, 9],
    );
    t.do({ type: "start" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "ready", who: "ana", action: "move", trigger: { who: "orc", verb: "move" } });
    t.do({ type: "move", who: "orc", path: [[3, 0]] });
    expect(t.offers()).toEqual(["ana/readiedMove/orc"]);
    expect(t.refused({ type: "move", who: "ana", path: [[-1, 0]], mode: "step" })).toBe(
      "TEMPO.Refusal.FlowMoveModeUnsupported",
    );
    expect(t.refused({ type: "move", who: "orc", path: [[3, 0]] })).toBe("TEMPO.Refusal.ReactionsPending");
  });
});
