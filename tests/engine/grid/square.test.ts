import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cellKey,
  squareCellsWithin,
  squareDistance,
  squareLine,
  squareNeighbours,
} from "../../../src/engine/grid";
import { cellArb } from "./arbitraries";

describe("square neighbours", () => {
  it("are the eight surrounding squares, diagonals included", () => {
    const ns = squareNeighbours([5, 5]);
    expect(ns).toHaveLength(8);
    expect(new Set(ns.map(cellKey)).size).toBe(8);
    for (const c of [
      [4, 4],
      [5, 4],
      [6, 4],
      [4, 5],
      [6, 5],
      [4, 6],
      [5, 6],
      [6, 6],
    ] as const) {
      expect(ns).toContainEqual(c);
    }
  });
});

describe("square distance, equidistant diagonals (Foundry's default: a diagonal costs 1)", () => {
  it("is the larger of the two axis distances", () => {
    expect(squareDistance([0, 0], [3, 3])).toBe(3);
    expect(squareDistance([0, 0], [4, -1])).toBe(4);
    expect(squareDistance([2, 2], [2, 2], "equidistant")).toBe(0);
  });

  it("is symmetric and obeys the triangle inequality", () => {
    fc.assert(
      fc.property(cellArb, cellArb, cellArb, (a, b, c) => {
        expect(squareDistance(a, b)).toBe(squareDistance(b, a));
        expect(squareDistance(a, c)).toBeLessThanOrEqual(squareDistance(a, b) + squareDistance(b, c));
      }),
    );
  });

  it("cellsWithin(n) is the (2n+1)^2 block", () => {
    fc.assert(
      fc.property(cellArb, fc.integer({ min: 0, max: 6 }), (c, n) => {
        const cells = squareCellsWithin(c, n);
        expect(cells).toHaveLength((2 * n + 1) ** 2);
        expect(cells.every((x) => squareDistance(c, x) <= n)).toBe(true);
      }),
    );
  });
});

describe("square distance, alternating diagonals (5/10/5: every second diagonal costs 2)", () => {
  it("charges 1, then 2, then 1 ... for successive diagonals", () => {
    expect(squareDistance([0, 0], [1, 1], "alternating")).toBe(1);
    expect(squareDistance([0, 0], [2, 2], "alternating")).toBe(3);
    expect(squareDistance([0, 0], [3, 3], "alternating")).toBe(4);
    expect(squareDistance([0, 0], [4, 4], "alternating")).toBe(6);
  });

  it("adds straight steps at cost 1: 4 across and 2 down is 2 diagonals + 2 straight = 5", () => {
    expect(squareDistance([0, 0], [4, 2], "alternating")).toBe(5);
    expect(squareDistance([0, 0], [-2, 4], "alternating")).toBe(5);
  });

  it("is symmetric and never shorter than the equidistant distance", () => {
    fc.assert(
      fc.property(cellArb, cellArb, (a, b) => {
        const d = squareDistance(a, b, "alternating");
        expect(d).toBe(squareDistance(b, a, "alternating"));
        expect(d).toBeGreaterThanOrEqual(squareDistance(a, b));
      }),
    );
  });

  it("cellsWithin(2) drops the far diagonal corners (a 10-ft reach misses the 2-diagonal square)", () => {
    const cells = squareCellsWithin([0, 0], 2, "alternating");
    expect(cells).toHaveLength(21);
    expect(cells).not.toContainEqual([2, 2]);
    expect(cells).toContainEqual([2, 1]);
    expect(cells).toContainEqual([1, 1]);
  });
});

describe("square lines", () => {
  it("include both ends and step to an 8-neighbour each time, max(|dx|,|dy|)+1 cells long", () => {
    fc.assert(
      fc.property(cellArb, cellArb, (a, b) => {
        const l = squareLine(a, b);
        expect(l[0]).toEqual(a);
        expect(l[l.length - 1]).toEqual(b);
        expect(l).toHaveLength(squareDistance(a, b) + 1);
        for (let k = 1; k < l.length; k++) expect(squareDistance(l[k - 1]!, l[k]!)).toBe(1);
      }),
    );
  });

  it("goes straight along a row and diagonally along a diagonal", () => {
    expect(squareLine([0, 0], [3, 0])).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    expect(squareLine([0, 0], [-2, 2])).toEqual([
      [0, 0],
      [-1, 1],
      [-2, 2],
    ]);
  });
});
