import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  SIZES,
  type Size,
  areAdjacent,
  cellKey,
  cellsWithin,
  distance,
  footprint,
  reachFor,
  threatShape,
  threatenedCells,
} from "../../../src/engine/grid";
import { HEX, NONE, SQUARE, cellArb, gridArb } from "./arbitraries";
import { runs } from "../../support/fast-check";

const sizeArb = fc.constantFrom(...SIZES);

describe("reach by size (flow: Reach)", () => {
  it('small and medium have reach 1 (flow: "Medium and Small creatures have Reach 1")', () => {
    expect(reachFor("small")).toBe(1);
    expect(reachFor("medium")).toBe(1);
  });

  it("tiny creatures still reach the adjacent cells", () => {
    expect(reachFor("tiny")).toBe(1);
  });

  it('adds 1 per size above medium (flow: "a Large enemy would have Reach 2 ... Huge Enemies have Reach 3, etc.")', () => {
    expect(reachFor("large")).toBe(2);
    expect(reachFor("huge")).toBe(3);
    expect(reachFor("gargantuan")).toBe(4);
  });

  it('takes the higher of size and weapon reach (flow: "Reach values do not stack; you take the highest")', () => {
    expect(reachFor("medium", 2)).toBe(2);
    expect(reachFor("large", 2)).toBe(2);
    expect(reachFor("huge", 2)).toBe(3);
    expect(reachFor("small", 0)).toBe(1);
    fc.assert(
      fc.property(sizeArb, fc.integer({ min: 0, max: 10 }), (size, w) => {
        expect(reachFor(size, w)).toBe(Math.max(reachFor(size), w));
      }),
    );
  });

  it("refuses a negative or fractional weapon reach", () => {
    expect(() => reachFor("medium", -1)).toThrow(RangeError);
    expect(() => reachFor("medium", 1.5)).toThrow(RangeError);
  });
});

describe("footprints", () => {
  const expectedCount: Record<"hex" | "square", Record<Size, number>> = {
    hex: { tiny: 1, small: 1, medium: 1, large: 3, huge: 7, gargantuan: 12 },
    square: { tiny: 1, small: 1, medium: 1, large: 4, huge: 9, gargantuan: 16 },
  };

  it("medium and smaller take one cell; hex large 3, huge 7, gargantuan 12; square 2x2, 3x3, 4x4", () => {
    for (const grid of [HEX, SQUARE]) {
      for (const size of SIZES) {
        const cells = footprint(grid, [5, -3], size);
        expect(cells).toHaveLength(expectedCount[grid.type as "hex" | "square"][size]);
        expect(new Set(cells.map(cellKey)).size).toBe(cells.length);
        expect(cells[0]).toEqual([5, -3]);
      }
    }
  });

  it("square footprints are anchored at the top-left cell", () => {
    expect(footprint(SQUARE, [2, 3], "large")).toEqual([
      [2, 3],
      [3, 3],
      [2, 4],
      [3, 4],
    ]);
    const huge = footprint(SQUARE, [0, 0], "gargantuan");
    expect(Math.min(...huge.map((c) => c[0]))).toBe(0);
    expect(Math.max(...huge.map((c) => c[1]))).toBe(3);
  });

  it("hex large is a triangle of three mutually adjacent cells", () => {
    const [a, b, c] = footprint(HEX, [0, 0], "large");
    expect(areAdjacent(HEX, a!, b!) && areAdjacent(HEX, b!, c!) && areAdjacent(HEX, a!, c!)).toBe(true);
  });

  it("hex huge is the anchor and its six neighbours", () => {
    const huge = footprint(HEX, [1, 1], "huge").map(cellKey).sort();
    expect(huge).toEqual(cellsWithin(HEX, [1, 1], 1).map(cellKey).sort());
  });

  it("hex gargantuan is the large triangle plus every cell adjacent to it", () => {
    const triangle = footprint(HEX, [0, 0], "large");
    const gargantuan = new Set(footprint(HEX, [0, 0], "gargantuan").map(cellKey));
    const expected = new Set(triangle.flatMap((c) => cellsWithin(HEX, c, 1)).map(cellKey));
    expect(gargantuan).toEqual(expected);
  });

  it("every footprint is connected and moves with its anchor", () => {
    fc.assert(
      fc.property(gridArb, sizeArb, cellArb, cellArb, (grid, size, a, b) => {
        const atA = footprint(grid, a, size);
        const atB = footprint(grid, b, size);
        for (let k = 0; k < atA.length; k++) {
          expect(atB[k]![0] - atA[k]![0]).toBe(b[0] - a[0]);
          expect(atB[k]![1] - atA[k]![1]).toBe(b[1] - a[1]);
        }
        const reached = new Set([cellKey(atA[0]!)]);
        let grew = true;
        while (grew) {
          grew = false;
          for (const c of atA) {
            if (reached.has(cellKey(c))) continue;
            if (atA.some((o) => reached.has(cellKey(o)) && areAdjacent(grid, o, c))) {
              reached.add(cellKey(c));
              grew = true;
            }
          }
        }
        expect(reached.size).toBe(atA.length);
      }),
    );
  });

  it("throws on a gridless scene", () => {
    expect(() => footprint(NONE, [0, 0], "large")).toThrow(/gridless/);
  });
});

describe("threatened cells (flow: Threat Range)", () => {
  it('a medium creature threatens the 6 adjacent hexes (flow: "Reach 1 ... all adjacent hexes to the creature")', () => {
    const cells = threatenedCells(HEX, { anchor: [0, 0], size: "medium", reach: 1 });
    expect(cells).toHaveLength(6);
  });

  it('reach 2 from one hex threatens 18 hexes (flow: "2h Polearm weapons often have a Reach 2 ... threaten the 18 surrounding hexes")', () => {
    expect(
      threatenedCells(HEX, { anchor: [0, 0], size: "medium", reach: reachFor("medium", 2) }),
    ).toHaveLength(18);
  });

  it("reach counts from any occupied cell: a 2x2 large square creature with reach 2 threatens the 6x6 block minus itself", () => {
    const cells = threatenedCells(SQUARE, { anchor: [0, 0], size: "large", reach: 2 });
    expect(cells).toHaveLength(36 - 4);
    expect(cells).toContainEqual([3, 3]);
    expect(cells).toContainEqual([-2, -2]);
    expect(cells).not.toContainEqual([4, 0]);
  });

  it("excludes the creature's own cells and holds exactly the cells within reach of some occupied cell", () => {
    fc.assert(
      fc.property(gridArb, sizeArb, cellArb, fc.integer({ min: 0, max: 4 }), (grid, size, anchor, reach) => {
        const own = footprint(grid, anchor, size);
        const ownKeys = new Set(own.map(cellKey));
        const threatened = threatenedCells(grid, { anchor, size, reach });
        const keys = new Set(threatened.map(cellKey));
        expect(keys.size).toBe(threatened.length);
        for (const c of threatened) {
          expect(ownKeys.has(cellKey(c))).toBe(false);
          expect(own.some((o) => distance(grid, o, c) <= reach)).toBe(true);
        }
        for (const o of own) {
          for (const c of cellsWithin(grid, o, reach)) {
            if (!ownKeys.has(cellKey(c))) expect(keys.has(cellKey(c))).toBe(true);
          }
        }
      }),
      { numRuns: runs(60) },
    );
  });

  it("reach 0 threatens nothing", () => {
    expect(threatenedCells(HEX, { anchor: [0, 0], size: "huge", reach: 0 })).toEqual([]);
  });
});

describe("threat shapes", () => {
  it("are computed once per grid measure, size and reach, and frozen so no caller can corrupt them", () => {
    const a = threatShape(HEX, "huge", 3);
    expect(threatShape({ type: "hex" }, "huge", 3)).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(threatShape(SQUARE, "huge", 3)).not.toBe(a);
    expect(threatShape(SQUARE, "large", 2)).not.toBe(
      threatShape({ type: "square", diagonals: "alternating" }, "large", 2),
    );
  });
});
