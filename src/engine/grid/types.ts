/**
 * Plain data shared by every part of the grid module. Everything here is
 * JSON-friendly so it can sit in engine state unchanged.
 */

/**
 * One grid cell. On a hex grid it is axial `[q, r]` (cube coordinates with
 * s = -q - r left implicit); on a square grid it is `[x, y]` with y growing
 * downward, as on the canvas.
 */
export type Cell = readonly [number, number];

export type GridType = "hex" | "square" | "none";

/**
 * How a square grid measures diagonals.
 * - "equidistant": a diagonal step costs 1 (Foundry's default square rule).
 * - "alternating": the 5/10/5 rule, every second diagonal step costs 2.
 */
export type DiagonalRule = "equidistant" | "alternating";

/** A grid described as data; only the Foundry adapter reads the scene's grid. */
export interface GridSpec {
  readonly type: GridType;
  /** Square grids only; defaults to "equidistant". Ignored on hex grids. */
  readonly diagonals?: DiagonalRule;
  /**
   * The scene's extent as an inclusive box of cells in this grid's own coordinates (axial on hex
   * grids, so a rectangular hex scene is the box around its cells). When present, every cell a
   * command names must lie inside it; the Foundry adapter fills it from the scene's dimensions.
   */
  readonly bounds?: GridBounds;
}

/** Inclusive corners of the box of cells a scene covers. */
export interface GridBounds {
  readonly min: Cell;
  readonly max: Cell;
}

export type Size = "tiny" | "small" | "medium" | "large" | "huge" | "gargantuan";

/** Every size, smallest first. */
export const SIZES: readonly Size[] = ["tiny", "small", "medium", "large", "huge", "gargantuan"];

/** A string key for a cell, e.g. `"3,-2"`, for use in Maps and Sets. */
export function cellKey(c: Cell): string {
  // Template literals print -0 as "0", so [0, -0] and [0, 0] share a key.
  return `${c[0]},${c[1]}`;
}

/** The inverse of {@link cellKey}. */
export function cellFromKey(key: string): Cell {
  const comma = key.indexOf(",");
  const a = Number(key.slice(0, comma));
  const b = Number(key.slice(comma + 1));
  if (comma < 0 || !Number.isInteger(a) || !Number.isInteger(b)) {
    throw new Error(`Tempo grid: "${key}" is not a cell key`);
  }
  return makeCell(a, b);
}

export function sameCell(a: Cell, b: Cell): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * Builds a cell, turning -0 into 0 so results compare equal to literals
 * (`-q - r` yields -0 when both are 0).
 */
export function makeCell(a: number, b: number): Cell {
  return [a + 0, b + 0];
}

/** The cell `c` moved by the vector `d`. */
export function addCells(c: Cell, d: Cell): Cell {
  return makeCell(c[0] + d[0], c[1] + d[1]);
}

/** Thrown by geometry functions asked about a gridless scene. */
export function gridlessError(what: string): Error {
  return new Error(
    `Tempo grid: ${what} needs a hex or square grid, but this scene is gridless (type "none"); ` +
      "the engine does not measure cells on gridless scenes",
  );
}
