/**
 * Hex geometry in axial coordinates `[q, r]` (cube coordinates with
 * s = -q - r). Axial coordinates work the same for pointy-topped and
 * flat-topped grids; only the offset conversions depend on the layout.
 */
import { type Cell, makeCell } from "./types";

/** The six axial directions, east first, then counter-clockwise on a pointy-topped grid. */
export const HEX_DIRECTIONS: readonly Cell[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

export function hexDistance(a: Cell, b: Cell): number {
  const dq = a[0] - b[0];
  const dr = a[1] - b[1];
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** The six cells adjacent to `c`, in {@link HEX_DIRECTIONS} order. */
export function hexNeighbours(c: Cell): Cell[] {
  return HEX_DIRECTIONS.map((d) => makeCell(c[0] + d[0], c[1] + d[1]));
}

/** The cells exactly `radius` away from `center` (6 * radius cells; `[center]` for radius 0). */
export function hexRing(center: Cell, radius: number): Cell[] {
  assertRadius(radius);
  if (radius === 0) return [makeCell(center[0], center[1])];
  const out: Cell[] = [];
  // Start `radius` steps along direction 4 and walk the six sides of the ring.
  const start = HEX_DIRECTIONS[4] as Cell;
  let q = center[0] + start[0] * radius;
  let r = center[1] + start[1] * radius;
  for (const d of HEX_DIRECTIONS) {
    for (let k = 0; k < radius; k++) {
      out.push(makeCell(q, r));
      q += d[0];
      r += d[1];
    }
  }
  return out;
}

/**
 * The cells within `radius` of `center`, nearest first: the centre, then
 * ring 1, ring 2, ... There are 3n(n+1)+1 of them (flow: Reach 2 threatens
 * "a total of 18 hexes", i.e. 19 minus the creature's own hex).
 */
export function hexSpiral(center: Cell, radius: number): Cell[] {
  assertRadius(radius);
  const out: Cell[] = [];
  for (let k = 0; k <= radius; k++) out.push(...hexRing(center, k));
  return out;
}

/**
 * The straight line of cells from `a` to `b`, both ends included, each step
 * to an adjacent cell: cube linear interpolation with rounding. The tiny
 * nudge keeps points that fall exactly on a cell edge from rounding two
 * ways, so the line never skips a cell.
 */
export function hexLine(a: Cell, b: Cell): Cell[] {
  const n = hexDistance(a, b);
  if (n === 0) return [makeCell(a[0], a[1])];
  const aq = a[0] + 1e-6;
  const ar = a[1] + 2e-6;
  const bq = b[0] + 1e-6;
  const br = b[1] + 2e-6;
  const out: Cell[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(cubeRound(aq + (bq - aq) * t, ar + (br - ar) * t));
  }
  return out;
}

/** Rounds fractional axial coordinates to the cell containing them. */
export function cubeRound(q: number, r: number): Cell {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  // The coordinate that rounded furthest is rebuilt from the other two so q + r + s stays 0.
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return makeCell(rq, rr);
}

/**
 * Foundry's four hex layouts (CONST.GRID_TYPES):
 * - HEXODDR / HEXEVENR: pointy-topped, rows; odd / even rows shifted right by half a hex.
 * - HEXODDQ / HEXEVENQ: flat-topped, columns; odd / even columns shifted down by half a hex.
 */
export type HexLayout = "HEXODDR" | "HEXEVENR" | "HEXODDQ" | "HEXEVENQ";

export const HEX_LAYOUTS: readonly HexLayout[] = ["HEXODDR", "HEXEVENR", "HEXODDQ", "HEXEVENQ"];

/** Offset coordinates as Foundry's `GridOffset2D`: `i` is the row, `j` the column. */
export interface OffsetCoords {
  readonly i: number;
  readonly j: number;
}

// `n & 1` is 1 for odd n, negative odd n included (two's complement), so the
// halvings below are always exact.
export function offsetToAxial(layout: HexLayout, offset: OffsetCoords): Cell {
  const { i: row, j: col } = offset;
  switch (layout) {
    case "HEXODDR":
      return makeCell(col - (row - (row & 1)) / 2, row);
    case "HEXEVENR":
      return makeCell(col - (row + (row & 1)) / 2, row);
    case "HEXODDQ":
      return makeCell(col, row - (col - (col & 1)) / 2);
    case "HEXEVENQ":
      return makeCell(col, row - (col + (col & 1)) / 2);
  }
}

export function axialToOffset(layout: HexLayout, c: Cell): OffsetCoords {
  const [q, r] = c;
  switch (layout) {
    case "HEXODDR":
      return { i: r + 0, j: q + (r - (r & 1)) / 2 + 0 };
    case "HEXEVENR":
      return { i: r + 0, j: q + (r + (r & 1)) / 2 + 0 };
    case "HEXODDQ":
      return { i: r + (q - (q & 1)) / 2 + 0, j: q + 0 };
    case "HEXEVENQ":
      return { i: r + (q + (q & 1)) / 2 + 0, j: q + 0 };
  }
}

function assertRadius(radius: number): void {
  if (!Number.isInteger(radius) || radius < 0) {
    throw new RangeError(`Tempo grid: a radius must be a whole number >= 0, got ${radius}`);
  }
}
