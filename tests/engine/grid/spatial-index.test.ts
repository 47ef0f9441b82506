import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Body,
  SIZES,
  buildSpatialIndex,
  cellKey,
  distance,
  footprint,
  spatialIndexFor,
  threatenedCells,
} from "../../../src/engine/grid";
import { HEX, NONE, SQUARE, cellArb, gridArb } from "./arbitraries";
import { runs } from "../../support/fast-check";

const bodiesArb: fc.Arbitrary<Body[]> = fc
  .array(
    fc.record({
      side: fc.constantFrom("players", "monsters", "neutral"),
      anchor: cellArb,
      size: fc.constantFrom(...SIZES),
      reach: fc.integer({ min: 0, max: 3 }),
    }),
    { maxLength: 8 },
  )
  .map((xs) => xs.map((x, k) => ({ ...x, id: `b${k}` })));

describe("spatial index", () => {
  it("knows who stands on every cell of every footprint, and nobody elsewhere", () => {
    const bodies: Body[] = [
      { id: "ogre", side: "monsters", anchor: [0, 0], size: "large", reach: 2 },
      { id: "hero", side: "players", anchor: [5, 5], size: "medium", reach: 1 },
    ];
    const index = buildSpatialIndex(HEX, bodies);
    for (const c of footprint(HEX, [0, 0], "large")) expect(index.occupantAt(c)).toBe("ogre");
    expect(index.occupantAt([5, 5])).toBe("hero");
    expect(index.occupantAt([4, 4])).toBeUndefined();
    expect(index.occupantsAt([4, 4])).toEqual([]);
    expect(index.cellsOf("ogre")).toHaveLength(3);
    expect(index.cellsOf("ghost")).toEqual([]);
    expect(index.body("hero")?.side).toBe("players");
    expect(index.rankOf("hero")).toBe(1);
    expect(index.rankOf("ghost")).toBe(-1);
  });

  it("threatenersOf(cell) lists exactly the bodies whose threatened cells contain it, in body order", () => {
    fc.assert(
      fc.property(gridArb, bodiesArb, (grid, bodies) => {
        const index = buildSpatialIndex(grid, bodies);
        const expected = new Map<string, string[]>();
        for (const b of bodies) {
          for (const c of threatenedCells(grid, b)) {
            const k = cellKey(c);
            expected.set(k, [...(expected.get(k) ?? []), b.id]);
          }
        }
        for (const [k, ids] of expected) {
          const [q, r] = k.split(",").map(Number) as [number, number];
          expect(index.threatenersOf([q, r])).toEqual(ids);
        }
        // A cell nobody threatens has no threateners.
        expect(index.threatenersOf([1000, 1000])).toEqual([]);
      }),
      { numRuns: runs(50) },
    );
  });

  it("occupantsAt(cell) and occupantAt(cell) list exactly the bodies with a cell there, in body order, on crowded and stacked scenes", () => {
    // Bodies packed near the origin (across bucket edges, on negative cells, stacked), so that
    // one bucket holds many footprints and some cells several bodies.
    const packed = fc
      .array(
        fc.record({
          side: fc.constantFrom("players", "monsters"),
          anchor: fc.tuple(fc.integer({ min: -10, max: 10 }), fc.integer({ min: -10, max: 10 })),
          size: fc.constantFrom(...SIZES),
          reach: fc.integer({ min: 0, max: 2 }),
        }),
        { maxLength: 40 },
      )
      .map((xs) => xs.map((x, k): Body => ({ ...x, anchor: [x.anchor[0], x.anchor[1]], id: `b${k}` })));
    fc.assert(
      fc.property(gridArb, packed, (grid, bodies) => {
        const index = buildSpatialIndex(grid, bodies);
        for (let x = -14; x <= 14; x++)
          for (let y = -14; y <= 14; y++) {
            const expected = bodies
              .filter((b) => footprint(grid, b.anchor, b.size).some((c) => c[0] === x && c[1] === y))
              .map((b) => b.id);
            expect(index.occupantsAt([x, y]), `${x},${y}`).toEqual(expected);
            expect(index.occupantAt([x, y])).toBe(expected[0]);
          }
      }),
      { numRuns: runs(60) },
    );
  });

  it("within(cell, radius) lists exactly the bodies with a cell at most radius away, in body order", () => {
    fc.assert(
      fc.property(
        gridArb,
        bodiesArb,
        cellArb,
        fc.integer({ min: 0, max: 12 }),
        (grid, bodies, cell, radius) => {
          const index = buildSpatialIndex(grid, bodies);
          const expected = bodies
            .filter((b) => footprint(grid, b.anchor, b.size).some((c) => distance(grid, c, cell) <= radius))
            .map((b) => b.id);
          expect(index.within(cell, radius)).toEqual(expected);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("answers the same far from the origin as near it (cells beyond the small-key range)", () => {
    const far = 1_000_000;
    const index = buildSpatialIndex(HEX, [
      { id: "x", side: "s", anchor: [far, -far], size: "large", reach: 2 },
      { id: "y", side: "t", anchor: [far + 3, -far], size: "medium", reach: 1 },
    ]);
    expect(index.occupantsAt([far + 1, -far])).toEqual(["x"]);
    expect(index.threatenersOf([far + 3, -far])).toEqual(["x"]);
    expect(index.threatenersOf([far + 4, -far])).toEqual(["y"]);
    expect(index.within([far + 5, -far], 2)).toEqual(["y"]);
  });

  it("a creature does not threaten its own cells", () => {
    const index = buildSpatialIndex(SQUARE, [
      { id: "giant", side: "m", anchor: [0, 0], size: "huge", reach: 3 },
    ]);
    for (const c of footprint(SQUARE, [0, 0], "huge")) expect(index.threatenersOf(c)).toEqual([]);
    expect(index.threatenersOf([3, 3])).toEqual(["giant"]);
  });

  it("enemies are bodies on different sides; allies and unknown ids are not enemies", () => {
    const index = buildSpatialIndex(HEX, [
      { id: "a", side: "players", anchor: [0, 0], size: "medium", reach: 1 },
      { id: "b", side: "players", anchor: [2, 0], size: "medium", reach: 1 },
      { id: "c", side: "monsters", anchor: [4, 0], size: "medium", reach: 1 },
    ]);
    expect(index.isEnemy("a", "c")).toBe(true);
    expect(index.isEnemy("c", "a")).toBe(true);
    expect(index.isEnemy("a", "b")).toBe(false);
    expect(index.isEnemy("a", "a")).toBe(false);
    expect(index.isEnemy("a", "nobody")).toBe(false);
  });

  it("lists every occupant when tokens overlap, first in body order", () => {
    const index = buildSpatialIndex(HEX, [
      { id: "x", side: "s", anchor: [0, 0], size: "medium", reach: 1 },
      { id: "y", side: "t", anchor: [0, 0], size: "medium", reach: 1 },
    ]);
    expect(index.occupantAt([0, 0])).toBe("x");
    expect(index.occupantsAt([0, 0])).toEqual(["x", "y"]);
  });

  it("refuses duplicate ids, a bad reach and a gridless scene", () => {
    const body: Body = { id: "x", side: "s", anchor: [0, 0], size: "medium", reach: 1 };
    expect(() => buildSpatialIndex(HEX, [body, body])).toThrow(/id "x"/);
    expect(() => buildSpatialIndex(HEX, [{ ...body, reach: -1 }])).toThrow(RangeError);
    expect(() => buildSpatialIndex(HEX, [{ ...body, reach: 1.5 }])).toThrow(RangeError);
    expect(() => buildSpatialIndex(NONE, [body])).toThrow(/gridless/);
  });

  it("spatialIndexFor builds once per bodies array and grid, and afresh for a new array or grid", () => {
    const bodies: Body[] = [{ id: "x", side: "s", anchor: [0, 0], size: "medium", reach: 1 }];
    const first = spatialIndexFor(HEX, bodies);
    expect(spatialIndexFor({ type: "hex" }, bodies)).toBe(first);
    expect(spatialIndexFor(HEX, [...bodies])).not.toBe(first);
    const onSquares = spatialIndexFor(SQUARE, bodies);
    expect(onSquares).not.toBe(first);
    expect(onSquares.threatenersOf([1, 1])).toEqual(["x"]);
  });
});
