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
