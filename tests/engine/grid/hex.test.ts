import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  HEX_LAYOUTS,
  axialToOffset,
  cellKey,
  hexDistance,
  hexLine,
  hexNeighbours,
  hexRing,
  hexSpiral,
  offsetToAxial,
} from "../../../src/engine/grid";
import { cellArb } from "./arbitraries";

describe("hex distance", () => {
  it("counts steps between axial cells along the three cube axes", () => {
    expect(hexDistance([0, 0], [0, 0])).toBe(0);
    expect(hexDistance([0, 0], [3, 0])).toBe(3);
    expect(hexDistance([0, 0], [2, -3])).toBe(3);
    expect(hexDistance([0, 0], [2, 3])).toBe(5);
    expect(hexDistance([-1, 4], [2, -1])).toBe(5);
  });

  it("is symmetric", () => {
    fc.assert(fc.property(cellArb, cellArb, (a, b) => hexDistance(a, b) === hexDistance(b, a)));
  });

  it("obeys the triangle inequality", () => {
    fc.assert(
      fc.property(
        cellArb,
        cellArb,
        cellArb,
        (a, b, c) => hexDistance(a, c) <= hexDistance(a, b) + hexDistance(b, c),
      ),
    );
  });

  it("is 1 exactly for the six neighbours", () => {
    fc.assert(
      fc.property(cellArb, cellArb, (a, b) => {
        const isNeighbour = hexNeighbours(a).some((n) => n[0] === b[0] && n[1] === b[1]);
        return (hexDistance(a, b) === 1) === isNeighbour;
      }),
    );
  });
});

describe("hex neighbours", () => {
  it("are six distinct cells around the cell", () => {
    const ns = hexNeighbours([2, -1]);
    expect(ns).toHaveLength(6);
    expect(new Set(ns.map(cellKey)).size).toBe(6);
    expect(ns).toContainEqual([3, -1]);
    expect(ns).toContainEqual([2, 0]);
    expect(ns).toContainEqual([1, 0]);
  });
});

describe("hex rings and spirals", () => {
  it("ring n holds 6n cells, all at distance n", () => {
    fc.assert(
      fc.property(cellArb, fc.integer({ min: 1, max: 8 }), (c, n) => {
        const ring = hexRing(c, n);
        return (
          ring.length === 6 * n &&
          new Set(ring.map(cellKey)).size === 6 * n &&
          ring.every((x) => hexDistance(c, x) === n)
        );
      }),
    );
  });

  it('cellsWithin(n) on hex has 3n(n+1)+1 cells (flow: Reach 2 threatens "a total of 18 hexes", 19 minus its own)', () => {
    expect(hexSpiral([0, 0], 1)).toHaveLength(7);
    expect(hexSpiral([0, 0], 2)).toHaveLength(19);
    fc.assert(
      fc.property(cellArb, fc.integer({ min: 0, max: 8 }), (c, n) => {
        const cells = hexSpiral(c, n);
        return (
          cells.length === 3 * n * (n + 1) + 1 &&
          new Set(cells.map(cellKey)).size === cells.length &&
          cells.every((x) => hexDistance(c, x) <= n)
        );
      }),
    );
  });

  it("spirals outward: the centre first and distances never decrease", () => {
    const cells = hexSpiral([1, 1], 3);
    expect(cells[0]).toEqual([1, 1]);
    const ds = cells.map((x) => hexDistance([1, 1], x));
    expect(ds).toEqual([...ds].sort((a, b) => a - b));
  });

  it("refuses a negative or fractional radius", () => {
    expect(() => hexRing([0, 0], -1)).toThrow(RangeError);
    expect(() => hexSpiral([0, 0], 1.5)).toThrow(RangeError);
  });
});

describe("hex lines", () => {
  it("include both ends and step to an adjacent cell each time, distance+1 cells long", () => {
    fc.assert(
      fc.property(cellArb, cellArb, (a, b) => {
        const l = hexLine(a, b);
        expect(l[0]).toEqual(a);
        expect(l[l.length - 1]).toEqual(b);
        expect(l).toHaveLength(hexDistance(a, b) + 1);
        for (let k = 1; k < l.length; k++) expect(hexDistance(l[k - 1]!, l[k]!)).toBe(1);
      }),
    );
  });

  it("runs straight along an axis", () => {
    expect(hexLine([0, 0], [0, 3])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
    expect(hexLine([2, 2], [2, 2])).toEqual([[2, 2]]);
  });
});

describe("offset <-> axial for Foundry's four hex layouts", () => {
  const offsetArb = fc.record({ i: fc.integer({ min: -50, max: 50 }), j: fc.integer({ min: -50, max: 50 }) });

  for (const layout of HEX_LAYOUTS) {
    it(`${layout}: offset -> axial -> offset is exact`, () => {
      fc.assert(
        fc.property(offsetArb, (o) => {
          expect(axialToOffset(layout, offsetToAxial(layout, o))).toEqual(o);
        }),
      );
    });
    it(`${layout}: axial -> offset -> axial is exact`, () => {
      fc.assert(
        fc.property(cellArb, (c) => {
          expect(offsetToAxial(layout, axialToOffset(layout, c))).toEqual(c);
        }),
      );
    });
  }

  it("odd-r shifts odd rows right: row 1's first hex touches row 0's first two", () => {
    const a = offsetToAxial("HEXODDR", { i: 0, j: 0 });
    const b = offsetToAxial("HEXODDR", { i: 0, j: 1 });
    const below = offsetToAxial("HEXODDR", { i: 1, j: 0 });
    expect(hexDistance(a, below)).toBe(1);
    expect(hexDistance(b, below)).toBe(1);
  });

  it("even-r shifts even rows right: row 1's first hex touches only row 0's first", () => {
    const a = offsetToAxial("HEXEVENR", { i: 0, j: 0 });
    const b = offsetToAxial("HEXEVENR", { i: 0, j: 1 });
    const below = offsetToAxial("HEXEVENR", { i: 1, j: 0 });
    expect(hexDistance(a, below)).toBe(1);
    expect(hexDistance(b, below)).toBe(2);
  });

  it("odd-q shifts odd columns down: column 1's first hex touches column 0's first two", () => {
    const a = offsetToAxial("HEXODDQ", { i: 0, j: 0 });
    const b = offsetToAxial("HEXODDQ", { i: 1, j: 0 });
    const right = offsetToAxial("HEXODDQ", { i: 0, j: 1 });
    expect(hexDistance(a, right)).toBe(1);
    expect(hexDistance(b, right)).toBe(1);
  });

  it("even-q shifts even columns down: column 1's first hex touches only column 0's first", () => {
    const a = offsetToAxial("HEXEVENQ", { i: 0, j: 0 });
    const b = offsetToAxial("HEXEVENQ", { i: 1, j: 0 });
    const right = offsetToAxial("HEXEVENQ", { i: 0, j: 1 });
    expect(hexDistance(a, right)).toBe(1);
    expect(hexDistance(b, right)).toBe(2);
  });

  it("every offset cell has six offset neighbours at axial distance 1, in every layout", () => {
    for (const layout of HEX_LAYOUTS) {
      const c = offsetToAxial(layout, { i: 3, j: 3 });
      const around = [
        [2, 2],
        [2, 3],
        [2, 4],
        [3, 2],
        [3, 4],
        [4, 2],
        [4, 3],
        [4, 4],
      ].filter(([i, j]) => hexDistance(c, offsetToAxial(layout, { i: i!, j: j! })) === 1);
      expect(around).toHaveLength(6);
    }
  });
});
