/**
 * Geometry chosen by the grid description: the engine calls these and never
 * branches on the grid type itself.
 */
import { HEX_DIRECTIONS, hexDistance, hexLine, hexNeighbours, hexSpiral } from "./hex";
import {
  SQUARE_DIRECTIONS,
  isDiagonalStep,
  squareCellsWithin,
  squareDistance,
  squareLine,
  squareNeighbours,
} from "./square";
import { type Cell, type DiagonalRule, type GridSpec, gridlessError, makeCell, sameCell } from "./types";

function diagonalsOf(grid: GridSpec): DiagonalRule {
  return grid.diagonals ?? "equidistant";
}

/** Distance in cells between two cells (a move cost on "alternating" squares, see squareDistance). */
export function distance(grid: GridSpec, a: Cell, b: Cell): number {
  switch (grid.type) {
    case "hex":
      return hexDistance(a, b);
    case "square":
      return squareDistance(a, b, diagonalsOf(grid));
    case "none":
      throw gridlessError("distance");
  }
}

/** The cells adjacent to `c`: 6 on a hex grid, 8 on a square grid. */
export function neighbours(grid: GridSpec, c: Cell): Cell[] {
  switch (grid.type) {
    case "hex":
      return hexNeighbours(c);
    case "square":
      return squareNeighbours(c);
    case "none":
      throw gridlessError("neighbours");
  }
}

/**
 * The steps from a cell to its neighbours, in the order {@link neighbours} lists them: for a walk
 * that visits many cells and would otherwise make a list of new cells at each.
 */
export function neighbourSteps(grid: GridSpec): readonly Cell[] {
  switch (grid.type) {
    case "hex":
      return HEX_DIRECTIONS;
    case "square":
      return SQUARE_DIRECTIONS;
    case "none":
      throw gridlessError("neighbours");
  }
}

/** True when `a` and `b` are different cells that share an edge (or, on squares, a corner). */
export function areAdjacent(grid: GridSpec, a: Cell, b: Cell): boolean {
  switch (grid.type) {
    case "hex":
      return hexDistance(a, b) === 1;
    case "square":
      // Any of the 8 surrounding squares, whatever the diagonal rule.
      return squareDistance(a, b, "equidistant") === 1;
    case "none":
      throw gridlessError("adjacency");
  }
}

/** Every cell at distance <= n from `c`, `c` included. Hex cells come nearest first. */
export function cellsWithin(grid: GridSpec, c: Cell, n: number): Cell[] {
  switch (grid.type) {
    case "hex":
      return hexSpiral(c, n);
    case "square":
      return squareCellsWithin(c, n, diagonalsOf(grid));
    case "none":
      throw gridlessError("cellsWithin");
  }
}

/** The straight line of cells from `a` to `b`, both ends included, each step to an adjacent cell. */
export function line(grid: GridSpec, a: Cell, b: Cell): Cell[] {
  switch (grid.type) {
    case "hex":
      return hexLine(a, b);
    case "square":
      return squareLine(a, b);
    case "none":
      throw gridlessError("line");
  }
}

/**
 * Every cell passed through from `start` through each waypoint in order,
 * `start` first and the last waypoint last. Waypoints need not be adjacent:
 * the gaps are filled with straight lines. A waypoint equal to the current
 * cell adds nothing, so consecutive cells are always adjacent.
 */
export function walkPath(grid: GridSpec, start: Cell, waypoints: readonly Cell[]): Cell[] {
  if (grid.type === "none") throw gridlessError("walkPath");
  const out: Cell[] = [makeCell(start[0], start[1])];
  let at: Cell = start;
  for (const waypoint of waypoints) {
    if (sameCell(at, waypoint)) continue;
    const segment = line(grid, at, waypoint);
    for (let k = 1; k < segment.length; k++) out.push(segment[k] as Cell);
    at = waypoint;
  }
  return out;
}

/**
 * What moving along a cell-by-cell path costs, in cells. Each step costs 1,
 * except that under the "alternating" rule every second diagonal step of
 * the path costs 2 (5/10/5). Throws if two consecutive cells are not adjacent.
 */
export function pathCost(grid: GridSpec, cells: readonly Cell[]): number {
  if (grid.type === "none") throw gridlessError("pathCost");
  const alternating = grid.type === "square" && diagonalsOf(grid) === "alternating";
  let cost = 0;
  let diagonalsSoFar = 0;
  for (let k = 1; k < cells.length; k++) {
    const from = cells[k - 1] as Cell;
    const to = cells[k] as Cell;
    if (!areAdjacent(grid, from, to)) {
      throw new Error(
        `Tempo grid: pathCost needs adjacent cells, but step ${k - 1} goes from ${from} to ${to}`,
      );
    }
    if (alternating && isDiagonalStep(from, to)) {
      diagonalsSoFar += 1;
      cost += diagonalsSoFar % 2 === 0 ? 2 : 1;
    } else {
      cost += 1;
    }
  }
  return cost;
}
