import { describe, expect, it } from "vitest";
import {
  areAdjacent,
  cellFromKey,
  cubeRound,
  isDiagonalStep,
  makeCell,
  neighbourSteps,
  pathCost,
  squareCellsWithin,
  squareLine,
  threatShape,
} from "../../../src/engine/grid";

/**
 * Hand-worked answers for the geometry's edge cases: the order cells are listed in, a line's
 * half-way ties, a zero-length line, what counts as a diagonal step, hex rounding, threat shapes
 * per diagonal rule, and the keys and errors of the cell helpers.
 */

const HEX = { type: "hex" } as const;
const EQUIDISTANT = { type: "square", diagonals: "equidistant" } as const;
const ALTERNATING = { type: "square", diagonals: "alternating" } as const;

describe("square cells within a radius", () => {
  it("come row by row, top row first, each row left to right", () => {
    expect(squareCellsWithin([5, 5], 1)).toEqual([
      [4, 4],
      [5, 4],
      [6, 4],
      [4, 5],
      [5, 5],
      [6, 5],
      [4, 6],
      [5, 6],
      [6, 6],
    ]);
  });
});

describe("square lines", () => {
  it("from a cell to itself is that one cell", () => {
    expect(squareLine([2, 3], [2, 3])).toEqual([[2, 3]]);
  });

  it("break a half-way tie towards the larger coordinate, whichever end they start from", () => {
    // [0, 0] to [2, 1]: half way, y is exactly 0.5; [0, 0] to [1, 2]: half way, x is exactly 0.5.
    expect(squareLine([0, 0], [2, 1])).toEqual([
      [0, 0],
      [1, 1],
      [2, 1],
    ]);
    expect(squareLine([2, 1], [0, 0])).toEqual([
      [2, 1],
      [1, 1],
      [0, 0],
    ]);
    expect(squareLine([0, 0], [1, 2])).toEqual([
      [0, 0],
      [1, 1],
      [1, 2],
    ]);
  });
});

describe("diagonal steps on squares", () => {
  it("are the steps that change both coordinates by one, and no other", () => {
    expect(isDiagonalStep([0, 0], [1, 1])).toBe(true);
    expect(isDiagonalStep([3, 3], [2, 4])).toBe(true);
    expect(isDiagonalStep([0, 0], [0, 1])).toBe(false);
    expect(isDiagonalStep([0, 0], [1, 0])).toBe(false);
    expect(isDiagonalStep([0, 0], [2, 2])).toBe(false);
  });
});

describe("path cost", () => {
  it("on hexes is one per step: the 5/10/5 diagonal rule is for squares only", () => {
    // [1, -1] and [-1, 1] change both axial coordinates by one, yet are plain hex steps.
    expect(
      pathCost(HEX, [
        [0, 0],
        [1, -1],
        [2, -2],
        [3, -3],
      ]),
    ).toBe(3);
    // A hex scene may carry a diagonal rule (Foundry keeps the setting); hexes ignore it.
    expect(
      pathCost({ type: "hex", diagonals: "alternating" }, [
        [0, 0],
        [1, -1],
        [2, -2],
        [3, -3],
      ]),
    ).toBe(3);
  });
});

describe("hex adjacency", () => {
  it("is the six hexes around a cell, not the square's eight", () => {
    // [1, 1] and [-1, -1] are 2 hexes from [0, 0] (cube distance), though a square's diagonals.
    expect(areAdjacent(HEX, [0, 0], [1, 1])).toBe(false);
    expect(areAdjacent(HEX, [0, 0], [-1, -1])).toBe(false);
    expect(areAdjacent(HEX, [0, 0], [1, -1])).toBe(true);
  });
});

describe("hex rounding", () => {
  it("puts a point in the hex whose centre is nearest, when s is the coordinate rounded furthest", () => {
    // (0.45, 0.08): s = -0.53. Rounded alone: q 0, r 0, s -1, which do not sum to 0; s is off by
    // 0.47, q by 0.45, r by 0.08, so s is rebuilt: the hex [0, 0]. In pixels (pointy-topped, size
    // 1) the point is at (0.849, 0.12): 0.857 from [0, 0]'s centre, 0.891 from [1, 0]'s.
    expect(cubeRound(0.45, 0.08)).toEqual([0, 0]);
  });
});

describe("threat shapes per diagonal rule", () => {
  // A naive scan: every square within `reach` of [0, 0] under the rule, the square itself excluded.
  function scan(reach: number, alternating: boolean): string[] {
    const out: string[] = [];
    for (let y = -reach; y <= reach; y++) {
      for (let x = -reach; x <= reach; x++) {
        const long = Math.max(Math.abs(x), Math.abs(y));
        const cost = alternating ? long + Math.floor(Math.min(Math.abs(x), Math.abs(y)) / 2) : long;
        if (cost <= reach && (x !== 0 || y !== 0)) out.push(`${x},${y}`);
      }
    }
    return out.sort();
  }
  const keys = (cells: readonly (readonly [number, number])[]) => cells.map(([x, y]) => `${x},${y}`).sort();

  it("differ between equidistant and 5/10/5 squares, whichever is asked first", () => {
    // Sizes and reaches no other test asks about, so neither shape was made before.
    const equidistantFirst = threatShape(EQUIDISTANT, "tiny", 5);
    const alternatingSecond = threatShape(ALTERNATING, "tiny", 5);
    const alternatingFirst = threatShape(ALTERNATING, "small", 5);
    const equidistantSecond = threatShape(EQUIDISTANT, "small", 5);
    expect(keys(equidistantFirst)).toEqual(scan(5, false));
    expect(keys(alternatingSecond)).toEqual(scan(5, true));
    expect(keys(alternatingFirst)).toEqual(scan(5, true));
    expect(keys(equidistantSecond)).toEqual(scan(5, false));
    // Reach 5 under 5/10/5 reaches [4, 3] (4 + 1) but not [4, 4] (4 + 2); equidistant, both.
    expect(alternatingSecond).toContainEqual([4, 3]);
    expect(alternatingSecond).not.toContainEqual([4, 4]);
    expect(equidistantFirst).toContainEqual([4, 4]);
  });
});

describe("cell helpers", () => {
  it("refuse a key without a comma", () => {
    expect(() => cellFromKey("5")).toThrow('Tempo grid: "5" is not a cell key');
  });

  it("makeCell turns -0 into 0", () => {
    const [a, b] = makeCell(-0, -0);
    expect(Object.is(a, 0)).toBe(true);
    expect(Object.is(b, 0)).toBe(true);
  });

  it("neighbourSteps on a gridless scene names what was asked", () => {
    expect(() => neighbourSteps({ type: "none" })).toThrow(
      'Tempo grid: neighbours needs a hex or square grid, but this scene is gridless (type "none")',
    );
  });
});
