import { describe, expect, it } from "vitest";
import {
  type Body,
  areAdjacent,
  buildSpatialIndex,
  cellFromKey,
  cellsWithin,
  checkPathLegality,
  distance,
  findPathProvocations,
  footprint,
  hexRing,
  hexSpiral,
  line,
  neighbours,
  pathCost,
  reachFor,
  squareCellsWithin,
  threatShape,
  walkPath,
} from "../../../src/engine/grid";
import { HEX, NONE, SQUARE } from "./arbitraries";

/**
 * The grid module's errors are for the developer who called it wrongly: the engine refuses bad
 * commands (localised, by key) before they reach the geometry. Each error names what was asked and
 * why it cannot be answered, so the message is checked whole.
 */

function gridless(what: string): string {
  return (
    `Tempo grid: ${what} needs a hex or square grid, but this scene is gridless (type "none"); ` +
    "the engine does not measure cells on gridless scenes"
  );
}

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof Error) return error.message;
    throw error;
  }
  return expect.fail("expected an error, but nothing was thrown");
}

describe("grid errors name what was asked of a gridless scene", () => {
  // docs/grid.md: on { type: "none" } "every geometry function throws `Tempo grid: ... gridless ...`".
  it("names each geometry function asked to measure on a gridless scene", () => {
    expect(messageOf(() => distance(NONE, [0, 0], [1, 1]))).toBe(gridless("distance"));
    expect(messageOf(() => neighbours(NONE, [0, 0]))).toBe(gridless("neighbours"));
    expect(messageOf(() => areAdjacent(NONE, [0, 0], [1, 1]))).toBe(gridless("adjacency"));
    expect(messageOf(() => cellsWithin(NONE, [0, 0], 1))).toBe(gridless("cellsWithin"));
    expect(messageOf(() => line(NONE, [0, 0], [1, 1]))).toBe(gridless("line"));
    expect(messageOf(() => walkPath(NONE, [0, 0], [[1, 1]]))).toBe(gridless("walkPath"));
    expect(messageOf(() => pathCost(NONE, [[0, 0]]))).toBe(gridless("pathCost"));
    expect(messageOf(() => footprint(NONE, [0, 0], "large"))).toBe(gridless("footprint"));
    expect(messageOf(() => threatShape(NONE, "medium", 1))).toBe(gridless("threatShape"));
  });
});

describe("grid errors name the bad value", () => {
  it("names a string that is not a cell key", () => {
    expect(messageOf(() => cellFromKey("3;2"))).toBe('Tempo grid: "3;2" is not a cell key');
    expect(messageOf(() => cellFromKey("3,x"))).toBe('Tempo grid: "3,x" is not a cell key');
    expect(messageOf(() => cellFromKey("1.5,2"))).toBe('Tempo grid: "1.5,2" is not a cell key');
    expect(cellFromKey("-4,7")).toEqual([-4, 7]);
  });

  it("names the radius that is not a whole number >= 0, on hex and square grids", () => {
    expect(messageOf(() => hexRing([0, 0], -1))).toBe(
      "Tempo grid: a radius must be a whole number >= 0, got -1",
    );
    expect(messageOf(() => hexSpiral([0, 0], 1.5))).toBe(
      "Tempo grid: a radius must be a whole number >= 0, got 1.5",
    );
    expect(messageOf(() => squareCellsWithin([0, 0], -2))).toBe(
      "Tempo grid: a radius must be a whole number >= 0, got -2",
    );
    expect(messageOf(() => squareCellsWithin([0, 0], 0.5))).toBe(
      "Tempo grid: a radius must be a whole number >= 0, got 0.5",
    );
    // Radius 0 is the cell itself.
    expect(hexSpiral([2, 3], 0)).toEqual([[2, 3]]);
    expect(squareCellsWithin([2, 3], 0)).toEqual([[2, 3]]);
  });

  it("names a weapon reach that is not a whole number >= 0", () => {
    expect(messageOf(() => reachFor("medium", -1))).toBe(
      "Tempo grid: a weapon's reach must be a whole number >= 0, got -1",
    );
    expect(messageOf(() => reachFor("medium", 1.5))).toBe(
      "Tempo grid: a weapon's reach must be a whole number >= 0, got 1.5",
    );
    // flow: "Reach values do not stack; you take the highest Reach value you have as your total Reach."
    expect(reachFor("medium", 0)).toBe(1);
    expect(reachFor("large", 3)).toBe(3);
  });

  it("names the body whose id is taken twice or whose reach is bad", () => {
    const body: Body = { id: "x", side: "s", anchor: [0, 0], size: "medium", reach: 1 };
    expect(messageOf(() => buildSpatialIndex(HEX, [body, body]))).toBe(
      'Tempo grid: two bodies share the id "x"',
    );
    expect(messageOf(() => buildSpatialIndex(HEX, [{ ...body, reach: -1 }]))).toBe(
      'Tempo grid: body "x" has reach -1; reach is a whole number >= 0',
    );
    expect(messageOf(() => buildSpatialIndex(HEX, [{ ...body, reach: 2.5 }]))).toBe(
      'Tempo grid: body "x" has reach 2.5; reach is a whole number >= 0',
    );
  });

  it("names a step between cells that are not adjacent, a mover the index lacks, and the other grid", () => {
    expect(
      messageOf(() =>
        pathCost(HEX, [
          [0, 0],
          [1, 0],
          [3, 0],
        ]),
      ),
    ).toBe("Tempo grid: pathCost needs adjacent cells, but step 1 goes from 1,0 to 3,0");
    const index = buildSpatialIndex(HEX, [
      { id: "orc", side: "foes", anchor: [2, 0], size: "medium", reach: 1 },
    ]);
    expect(messageOf(() => findPathProvocations(index, HEX, "hero", [[0, 0]]))).toBe(
      'Tempo grid: "hero" is not in the spatial index',
    );
    expect(messageOf(() => checkPathLegality(index, SQUARE, "orc", [[2, 0]]))).toBe(
      "Tempo grid: the spatial index was built for a different grid",
    );
    expect(messageOf(() => checkPathLegality(index, HEX, "orc", []))).toBe(
      "Tempo grid: a path has at least its starting cell",
    );
  });
});
