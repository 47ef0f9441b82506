import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Body,
  type Cell,
  type GridSpec,
  SIZES,
  buildSpatialIndex,
  cellKey,
  checkPathLegality,
  findPathProvocations,
  footprint,
  threatenedCells,
  walkPath,
} from "../../../src/engine/grid";
import { HEX, SQUARE, cellArb, gridArb } from "./arbitraries";
import { runs } from "../../support/fast-check";

const hero = (anchor: Cell, extra: Partial<Body> = {}): Body => ({
  id: "hero",
  side: "players",
  anchor,
  size: "medium",
  reach: 1,
  ...extra,
});
// The orc at [2,0] threatens [1,0], [1,1], [2,-1], [2,1], [3,-1], [3,0].
const orc: Body = { id: "orc", side: "monsters", anchor: [2, 0], size: "medium", reach: 1 };

function provocations(grid: GridSpec, bodies: Body[], path: Cell[]) {
  return findPathProvocations(buildSpatialIndex(grid, bodies), grid, "hero", path);
}

describe("findPathProvocations", () => {
  it('leaving a threatened hex provokes (flow: "moves OUT of any hex you threaten")', () => {
    expect(
      provocations(
        HEX,
        [hero([1, 0]), orc],
        [
          [1, 0],
          [0, 0],
        ],
      ),
    ).toEqual([{ step: 0, from: [1, 0], to: [0, 0], threateners: ["orc"] }]);
  });

  it('moving between two threatened hexes still provokes (flow: "if an enemy moves between hexes you threaten, they have technically moved out")', () => {
    expect(
      provocations(
        HEX,
        [hero([1, 0]), orc],
        [
          [1, 0],
          [1, 1],
        ],
      ),
    ).toEqual([{ step: 0, from: [1, 0], to: [1, 1], threateners: ["orc"] }]);
  });

  it("entering a threat range does not provoke; only the later step out of it does", () => {
    const path: Cell[] = [
      [-1, 0],
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
    ];
    expect(provocations(HEX, [hero([-1, 0]), orc], path)).toEqual([
      { step: 2, from: [1, 0], to: [1, 1], threateners: ["orc"] },
      { step: 3, from: [1, 1], to: [1, 2], threateners: ["orc"] },
    ]);
  });

  it("reports every leaving step: once-per-opponent limits are the ruleset's to apply", () => {
    const path: Cell[] = [
      [3, -1],
      [2, -1],
      [1, 0],
      [1, 1],
    ];
    expect(provocations(HEX, [hero([3, -1]), orc], path).map((p) => p.step)).toEqual([0, 1, 2]);
  });

  it("allies threatening a hex do not provoke; enemies come in body order", () => {
    const cleric: Body = { id: "cleric", side: "players", anchor: [0, 1], size: "medium", reach: 1 };
    const goblin: Body = { id: "goblin", side: "monsters", anchor: [1, -1], size: "medium", reach: 1 };
    const result = provocations(
      HEX,
      [goblin, hero([1, 0]), cleric, orc],
      [
        [1, 0],
        [0, 0],
      ],
    );
    expect(result).toEqual([{ step: 0, from: [1, 0], to: [0, 0], threateners: ["goblin", "orc"] }]);
  });

  it('a long reach threatens from two hexes away (flow: "Reach 2 ... threaten the 18 surrounding hexes")', () => {
    const pikeman: Body = { id: "pike", side: "monsters", anchor: [3, 0], size: "medium", reach: 2 };
    expect(
      provocations(
        HEX,
        [hero([1, 0]), pikeman],
        [
          [1, 0],
          [0, 0],
        ],
      ),
    ).toEqual([{ step: 0, from: [1, 0], to: [0, 0], threateners: ["pike"] }]);
  });

  it("a multi-cell mover provokes when a cell it leaves is threatened", () => {
    // Large on hex: [0,0], [1,0], [0,1]; stepping east leaves [0,0] and [0,1].
    const lurker: Body = { id: "lurker", side: "monsters", anchor: [-1, 2], size: "medium", reach: 1 };
    expect(
      provocations(
        HEX,
        [hero([0, 0], { size: "large", reach: 2 }), lurker],
        [
          [0, 0],
          [1, 0],
        ],
      ),
    ).toEqual([{ step: 0, from: [0, 0], to: [1, 0], threateners: ["lurker"] }]);
  });

  it("a multi-cell mover does not provoke for threatened cells its footprint keeps covering", () => {
    // The watcher threatens [1,0] and [2,0]: the large mover keeps [1,0] and enters [2,0].
    const watcher: Body = { id: "watcher", side: "monsters", anchor: [2, -1], size: "medium", reach: 1 };
    expect(
      provocations(
        HEX,
        [hero([0, 0], { size: "large", reach: 2 }), watcher],
        [
          [0, 0],
          [1, 0],
        ],
      ),
    ).toEqual([]);
  });

  it("works the same on squares: leaving a square threatened diagonally provokes", () => {
    const wolf: Body = { id: "wolf", side: "monsters", anchor: [0, 0], size: "medium", reach: 1 };
    expect(
      provocations(
        SQUARE,
        [hero([1, 1]), wolf],
        [
          [1, 1],
          [2, 2],
        ],
      ),
    ).toEqual([{ step: 0, from: [1, 1], to: [2, 2], threateners: ["wolf"] }]);
  });

  it("a path of one cell, or an empty one, provokes nothing", () => {
    expect(provocations(HEX, [hero([1, 0]), orc], [[1, 0]])).toEqual([]);
    expect(provocations(HEX, [hero([1, 0]), orc], [])).toEqual([]);
  });

  it("refuses an unknown mover or an index built for another grid", () => {
    const index = buildSpatialIndex(HEX, [orc]);
    expect(() => findPathProvocations(index, HEX, "hero", [[0, 0]])).toThrow(/not in the spatial index/);
    expect(() => findPathProvocations(index, SQUARE, "orc", [[2, 0]])).toThrow(/different grid/);
  });

  it("agrees with a brute-force check of every enemy's threatened cells on every step", () => {
    const sceneArb = fc.record({
      grid: gridArb,
      mover: fc.record({ size: fc.constantFrom(...SIZES), anchor: cellArb }),
      others: fc.array(
        fc.record({
          side: fc.constantFrom("players", "monsters", "others"),
          anchor: cellArb,
          size: fc.constantFrom(...SIZES),
          reach: fc.integer({ min: 0, max: 3 }),
        }),
        { maxLength: 6 },
      ),
      waypoints: fc.array(cellArb, { minLength: 1, maxLength: 3 }),
    });
    fc.assert(
      fc.property(sceneArb, ({ grid, mover, others, waypoints }) => {
        const bodies: Body[] = [
          { id: "hero", side: "players", anchor: mover.anchor, size: mover.size, reach: 1 },
          ...others.map((o, k) => ({ ...o, id: `o${k}` })),
        ];
        const path = walkPath(grid, mover.anchor, waypoints);
        const threatSets = bodies.map((b) => new Set(threatenedCells(grid, b).map(cellKey)));
        const expected = [];
        for (let step = 0; step + 1 < path.length; step++) {
          const from = path[step]!;
          const to = path[step + 1]!;
          const staying = new Set(footprint(grid, to, mover.size).map(cellKey));
          const left = footprint(grid, from, mover.size)
            .map(cellKey)
            .filter((k) => !staying.has(k));
          const threateners = bodies
            .filter((b, k) => b.side !== "players" && left.some((c) => threatSets[k]!.has(c)))
            .map((b) => b.id);
          if (threateners.length > 0) expected.push({ step, from, to, threateners });
        }
        expect(provocations(grid, bodies, path)).toEqual(expected);
      }),
      { numRuns: runs(150) },
    );
  });
});

describe("checkPathLegality", () => {
  const cleric: Body = { id: "cleric", side: "players", anchor: [1, 0], size: "medium", reach: 1 };
  const legality = (bodies: Body[], path: Cell[], grid: GridSpec = HEX) =>
    checkPathLegality(buildSpatialIndex(grid, bodies), grid, "hero", path);

  it("lets a creature move through an ally's hex (flow: \"You can move through allies' hexes for free\")", () => {
    expect(
      legality(
        [hero([0, 0]), cleric],
        [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
      ),
    ).toEqual({ ok: true });
  });

  it('refuses a path through an enemy hex (flow: "you cannot move through an enemy hex")', () => {
    expect(
      legality(
        [hero([0, 0]), orc],
        [
          [0, 0],
          [1, 0],
          [2, 0],
          [3, 0],
        ],
      ),
    ).toEqual({ ok: false, reason: "EnemyCell", at: [2, 0] });
  });

  it('refuses to end on an ally\'s hex (flow: "You may not end your movement in the same square as any other enemy or ally")', () => {
    expect(
      legality(
        [hero([0, 0]), cleric],
        [
          [0, 0],
          [1, 0],
        ],
      ),
    ).toEqual({ ok: false, reason: "OccupiedEnd", at: [1, 0] });
  });

  it("refuses a step that is not to an adjacent cell", () => {
    expect(
      legality(
        [hero([0, 0])],
        [
          [0, 0],
          [2, 0],
        ],
      ),
    ).toEqual({ ok: false, reason: "NotAdjacent", at: [2, 0] });
    expect(
      legality(
        [hero([0, 0])],
        [
          [0, 0],
          [0, 0],
        ],
      ),
    ).toEqual({ ok: false, reason: "NotAdjacent", at: [0, 0] });
  });

  it("accepts a diagonal step on squares and a return to the starting cell", () => {
    expect(
      legality(
        [hero([0, 0])],
        [
          [0, 0],
          [1, 1],
          [0, 0],
        ],
        SQUARE,
      ),
    ).toEqual({ ok: true });
  });

  it("checks the whole footprint of a large mover against enemies and the end cells", () => {
    const large = hero([0, 0], { size: "large", reach: 2 });
    // Stepping east puts the triangle on [1,0], [2,0], [1,1]: the orc stands on [2,0].
    expect(
      legality(
        [large, orc],
        [
          [0, 0],
          [1, 0],
        ],
      ),
    ).toEqual({ ok: false, reason: "EnemyCell", at: [2, 0] });
    const ally: Body = { ...cleric, anchor: [1, 1] };
    expect(
      legality(
        [large, ally],
        [
          [0, 0],
          [1, 0],
        ],
      ),
    ).toEqual({ ok: false, reason: "OccupiedEnd", at: [1, 1] });
  });

  it("a one-cell path is no movement and is legal; an empty path is an error", () => {
    expect(legality([hero([0, 0])], [[0, 0]])).toEqual({ ok: true });
    expect(() => legality([hero([0, 0])], [])).toThrow();
  });
});
