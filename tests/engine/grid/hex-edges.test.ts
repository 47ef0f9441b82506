import { describe, expect, it } from "vitest";
import { HEX_LAYOUTS, axialToOffset, cubeRound, hexLine } from "../../../src/engine/grid";

/**
 * Hex geometry at its edges: rounding a point to its hex, a line running exactly along the edge
 * between two hexes, and the offset conversions' -0. Expected cells are worked out by hand: the
 * hex holding a point is the one whose cube coordinates are nearest it.
 */

describe("cubeRound: the hex holding a point", () => {
  it("rebuilds the coordinate that rounded furthest from the other two", () => {
    // (0.6, 0.7, -1.3) rounds to (1, 1, -1), which is no hex; q moved furthest (0.4), so q = -r - s = 0.
    expect(cubeRound(0.6, 0.7)).toEqual([0, 1]);
    // (0.7, 0.6, -1.3): r moved furthest (0.4), so r = -q - s = 0.
    expect(cubeRound(0.7, 0.6)).toEqual([1, 0]);
    // (0.45, 0.4, -0.85) rounds to (0, 0, -1); q moved furthest (0.45), so q = 1.
    expect(cubeRound(0.45, 0.4)).toEqual([1, 0]);
    // (0.3, 0.3, -0.6) rounds to (0, 0, -1); s moved furthest (0.4), so q and r stand.
    expect(cubeRound(0.3, 0.3)).toEqual([0, 0]);
    // Points already at a hex's centre stay there, negative ones included.
    expect(cubeRound(-2, 3)).toEqual([-2, 3]);
    expect(cubeRound(-1.9, 2.8)).toEqual([-2, 3]);
  });
});

describe("hexLine along the edge between two hexes", () => {
  // The line from [0, 0] to [1, 1] runs exactly along the edge between [1, 0] and [0, 1]; the
  // nudge in hexLine settles it on one side, the same one every time, so a path the ruler shows and
  // the path the engine walks are the same cells.
  it("passes the same one of the two hexes every time, in either direction", () => {
    expect(hexLine([0, 0], [1, 1])).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
    ]);
    expect(hexLine([1, 1], [0, 0])).toEqual([
      [1, 1],
      [0, 1],
      [0, 0],
    ]);
    expect(hexLine([0, 0], [2, 2])).toEqual([
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 2],
      [2, 2],
    ]);
  });
});

describe("offset conversions (Foundry's GridOffset2D)", () => {
  it("cover Foundry's four hex layouts", () => {
    expect(HEX_LAYOUTS).toEqual(["HEXODDR", "HEXEVENR", "HEXODDQ", "HEXEVENQ"]);
  });

  it("never answer -0 (it would not equal the 0 Foundry sends)", () => {
    for (const layout of HEX_LAYOUTS) {
      const { i, j } = axialToOffset(layout, [-0, -0]);
      expect(Object.is(i, 0), `${layout} row`).toBe(true);
      expect(Object.is(j, 0), `${layout} column`).toBe(true);
    }
  });
});
