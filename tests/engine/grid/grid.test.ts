import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Cell,
  areAdjacent,
  cellFromKey,
  cellKey,
  cellsWithin,
  distance,
  line,
  neighbourSteps,
  neighbours,
  pathCost,
  walkPath,
} from "../../../src/engine/grid";
import { HEX, NONE, SQUARE, SQUARE_ALTERNATING, cellArb, gridArb } from "./arbitraries";

describe("cell keys", () => {
  it('are "q,r" strings that round-trip, with -0 written as 0', () => {
    expect(cellKey([3, -2])).toBe("3,-2");
    expect(cellKey([-0, 0])).toBe("0,0");
    fc.assert(
      fc.property(cellArb, (c) => {
        expect(cellFromKey(cellKey(c))).toEqual(c);
      }),
    );
    expect(() => cellFromKey("3;2")).toThrow();
  });
});

describe("geometry chosen by the grid description", () => {
  it("distance is symmetric on every grid", () => {
    fc.assert(fc.property(gridArb, cellArb, cellArb, (g, a, b) => distance(g, a, b) === distance(g, b, a)));
  });

  it("distance is 1 exactly between neighbours, on every grid", () => {
    fc.assert(
      fc.property(gridArb, cellArb, cellArb, (g, a, b) => {
        const isNeighbour = neighbours(g, a).some((n) => n[0] === b[0] && n[1] === b[1]);
        return (distance(g, a, b) === 1) === isNeighbour && areAdjacent(g, a, b) === isNeighbour;
      }),
    );
  });

  it("distance obeys the triangle inequality on hex and equidistant squares", () => {
    for (const g of [HEX, SQUARE]) {
      fc.assert(
        fc.property(
          cellArb,
          cellArb,
          cellArb,
          (a, b, c) => distance(g, a, c) <= distance(g, a, b) + distance(g, b, c),
        ),
      );
    }
  });

  it("alternating diagonals are a move cost, not a metric: two single diagonals cost less than one double", () => {
    expect(distance(SQUARE_ALTERNATING, [0, 0], [2, 2])).toBe(3);
    expect(distance(SQUARE_ALTERNATING, [0, 0], [1, 1]) + distance(SQUARE_ALTERNATING, [1, 1], [2, 2])).toBe(
      2,
    );
  });

  it("has 6 neighbours on hex and 8 on square", () => {
    expect(neighbours(HEX, [0, 0])).toHaveLength(6);
    expect(neighbours(SQUARE, [0, 0])).toHaveLength(8);
  });

  it("neighbourSteps are the steps to the neighbours, in the order neighbours lists them", () => {
    // Hex axial directions, east first and counter-clockwise (grid/hex.ts HEX_DIRECTIONS).
    expect(neighbourSteps(HEX)).toEqual([
      [1, 0],
      [1, -1],
      [0, -1],
      [-1, 0],
      [-1, 1],
      [0, 1],
    ]);
    fc.assert(
      fc.property(
        gridArb.filter((g) => g.type !== "none"),
        cellArb,
        (g, c) => {
          const stepped = neighbourSteps(g).map(([dx, dy]) => [c[0] + dx, c[1] + dy]);
          expect(stepped).toEqual(neighbours(g, c));
        },
      ),
    );
    expect(() => neighbourSteps(NONE)).toThrow(/gridless/);
  });

  it("cellsWithin holds exactly the cells at distance <= n", () => {
    fc.assert(
      fc.property(gridArb, cellArb, fc.integer({ min: 0, max: 4 }), (g, c, n) => {
        const inside = new Set(cellsWithin(g, c, n).map(cellKey));
        for (let dx = -n - 1; dx <= n + 1; dx++) {
          for (let dy = -n - 1; dy <= n + 1; dy++) {
            const x: Cell = [c[0] + dx, c[1] + dy];
            expect(inside.has(cellKey(x))).toBe(distance(g, c, x) <= n);
          }
        }
      }),
    );
  });

  it("line starts at a, ends at b and steps between adjacent cells", () => {
    fc.assert(
      fc.property(gridArb, cellArb, cellArb, (g, a, b) => {
        const l = line(g, a, b);
        expect(l[0]).toEqual(a);
        expect(l[l.length - 1]).toEqual(b);
        for (let k = 1; k < l.length; k++) expect(areAdjacent(g, l[k - 1]!, l[k]!)).toBe(true);
      }),
    );
  });
});

describe("walkPath", () => {
  it("visits adjacent cells only, from the start to the last waypoint, through every waypoint in order", () => {
    fc.assert(
      fc.property(
        gridArb,
        cellArb,
        fc.array(cellArb, { minLength: 1, maxLength: 6 }),
        (g, start, waypoints) => {
          const path = walkPath(g, start, waypoints);
          expect(path[0]).toEqual(start);
          expect(path[path.length - 1]).toEqual(waypoints[waypoints.length - 1]);
          for (let k = 1; k < path.length; k++) expect(areAdjacent(g, path[k - 1]!, path[k]!)).toBe(true);
          let from = 0;
          for (const w of waypoints) {
            const at = path.findIndex((c, k) => k >= from && c[0] === w[0] && c[1] === w[1]);
            expect(at).toBeGreaterThanOrEqual(from);
            from = at;
          }
        },
      ),
    );
  });

  it("fills the straight line between far waypoints", () => {
    expect(
      walkPath(
        SQUARE,
        [0, 0],
        [
          [2, 0],
          [2, 2],
        ],
      ),
    ).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
    ]);
  });

  it("skips a waypoint on the current cell instead of repeating it", () => {
    expect(
      walkPath(
        HEX,
        [0, 0],
        [
          [0, 0],
          [1, 0],
          [1, 0],
        ],
      ),
    ).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect(walkPath(HEX, [4, 4], [])).toEqual([[4, 4]]);
  });
});

describe("pathCost", () => {
  it("is one per step on hex and on equidistant squares", () => {
    const diagonal = walkPath(SQUARE, [0, 0], [[3, 3]]);
    expect(pathCost(SQUARE, diagonal)).toBe(3);
    expect(pathCost(HEX, walkPath(HEX, [0, 0], [[3, -1]]))).toBe(3);
  });

  it("counts every second diagonal of the whole path as 2 under alternating (5/10/5), across waypoints", () => {
    // Two separate diagonal legs still alternate 1, 2, 1: the count runs over the whole move.
    const path = walkPath(
      SQUARE_ALTERNATING,
      [0, 0],
      [
        [1, 1],
        [3, 1],
        [5, 3],
      ],
    );
    // diagonals: (0,0)->(1,1) 1, (3,1)->(4,2) 2, (4,2)->(5,3) 1; straight steps: 2
    expect(pathCost(SQUARE_ALTERNATING, path)).toBe(6);
  });

  it("refuses a path with a jump", () => {
    expect(() =>
      pathCost(HEX, [
        [0, 0],
        [2, 0],
      ]),
    ).toThrow(/adjacent/);
  });
});

describe('gridless scenes (type "none")', () => {
  it("every geometry function throws a clear error", () => {
    const calls: Array<() => unknown> = [
      () => distance(NONE, [0, 0], [1, 1]),
      () => neighbours(NONE, [0, 0]),
      () => areAdjacent(NONE, [0, 0], [1, 1]),
      () => cellsWithin(NONE, [0, 0], 1),
      () => line(NONE, [0, 0], [1, 1]),
      () => walkPath(NONE, [0, 0], [[1, 1]]),
      () => pathCost(NONE, [[0, 0]]),
    ];
    for (const call of calls) expect(call).toThrow(/gridless/);
  });
});
