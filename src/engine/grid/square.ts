/**
 * Square geometry on `[x, y]` cells (y grows downward). All eight
 * surrounding squares are adjacent; what a diagonal costs depends on the
 * diagonal rule.
 */
import { type Cell, type DiagonalRule, makeCell } from "./types";

/** The eight directions: the four straight ones first, then the diagonals. */
export const SQUARE_DIRECTIONS: readonly Cell[] = [
  [1, 0],
  [0, -1],
  [-1, 0],
  [0, 1],
  [1, -1],
  [-1, -1],
  [-1, 1],
  [1, 1],
];

export function squareNeighbours(c: Cell): Cell[] {
  return SQUARE_DIRECTIONS.map((d) => makeCell(c[0] + d[0], c[1] + d[1]));
}

/**
 * Distance in cells.
 * - "equidistant": a diagonal costs 1, so distance is max(|dx|, |dy|).
 * - "alternating" (5/10/5): every second diagonal costs 2, so a straight-line
 *   move with d diagonals costs floor(d / 2) extra. This is a move cost, not
 *   a metric: two moves of one diagonal each cost 1 + 1, but one move of two
 *   diagonals costs 3, so the triangle inequality does not hold.
 */
export function squareDistance(a: Cell, b: Cell, diagonals: DiagonalRule = "equidistant"): number {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  const long = Math.max(dx, dy);
  if (diagonals === "equidistant") return long;
  const diagonalSteps = Math.min(dx, dy);
  return long + Math.floor(diagonalSteps / 2);
}

/** The cells whose distance from `center` is at most `n`, row by row (top row first). */
export function squareCellsWithin(center: Cell, n: number, diagonals: DiagonalRule = "equidistant"): Cell[] {
  if (!Number.isInteger(n) || n < 0) {
    throw new RangeError(`Tempo grid: a radius must be a whole number >= 0, got ${n}`);
  }
  const out: Cell[] = [];
  for (let dy = -n; dy <= n; dy++) {
    for (let dx = -n; dx <= n; dx++) {
      if (diagonals === "alternating") {
        const ax = Math.abs(dx);
        const ay = Math.abs(dy);
        if (Math.max(ax, ay) + Math.floor(Math.min(ax, ay) / 2) > n) continue;
      }
      out.push(makeCell(center[0] + dx, center[1] + dy));
    }
  }
  return out;
}

/**
 * The straight line of cells from `a` to `b`, both ends included, each step
 * to one of the eight neighbours (a Bresenham-style line: max(|dx|, |dy|)
 * steps, the minor axis rounded). The nudge breaks exact half-way ties the
 * same way every time.
 */
export function squareLine(a: Cell, b: Cell): Cell[] {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  if (n === 0) return [makeCell(a[0], a[1])];
  const out: Cell[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(makeCell(Math.round(a[0] + dx * t + 1e-9), Math.round(a[1] + dy * t + 1e-9)));
  }
  return out;
}

/** True when the step from `a` to `b` is a diagonal step. */
export function isDiagonalStep(a: Cell, b: Cell): boolean {
  return Math.abs(a[0] - b[0]) === 1 && Math.abs(a[1] - b[1]) === 1;
}
