/**
 * Size, reach, the cells a creature occupies and the cells it threatens.
 */
import { cellsWithin } from "./grid";
import { hexSpiral } from "./hex";
import { type Cell, type GridSpec, type Size, addCells, cellKey, gridlessError } from "./types";

/**
 * Reach by size. flow: "Medium and Small creatures have Reach 1 ... For each
 * size category above Medium, increase Reach by +1. So a Large enemy would
 * have Reach 2 ... Huge Enemies have Reach 3, etc." Tiny creatures still
 * reach the adjacent cells, so tiny is 1 as well.
 */
export const SIZE_REACH: Readonly<Record<Size, number>> = {
  tiny: 1,
  small: 1,
  medium: 1,
  large: 2,
  huge: 3,
  gargantuan: 4,
};

/**
 * A creature's reach. flow: "Reach values do not stack; you take the highest
 * Reach value you have as your total Reach." So a Medium creature with a
 * Reach 2 polearm has reach 2, and a Large one with it still has 2.
 */
export function reachFor(size: Size, weaponReach?: number): number {
  if (weaponReach === undefined) return SIZE_REACH[size];
  if (!Number.isInteger(weaponReach) || weaponReach < 0) {
    throw new RangeError(`Tempo grid: a weapon's reach must be a whole number >= 0, got ${weaponReach}`);
  }
  return Math.max(SIZE_REACH[size], weaponReach);
}

/*
 * Footprint shapes, as offsets from the anchor cell (anchor first).
 *
 * Square: a k x k block whose top-left cell is the anchor, k = 1 for tiny,
 * small and medium, 2 for large, 3 for huge, 4 for gargantuan (as Foundry
 * lays out tokens of width/height k).
 *
 * Hex: the most compact shapes, which alternate between being centred on a
 * vertex and on a cell (the sequence 1, 3, 7, 12 of hexes closest to a point):
 * - tiny, small, medium: the anchor cell alone (1 cell);
 * - large: a triangle of 3 mutually adjacent cells, the anchor plus its
 *   [+1, 0] and [0, +1] neighbours (on a pointy-topped grid: east and
 *   south-east, so the anchor is the top-left cell, as on squares);
 * - huge: the anchor and its 6 neighbours (7 cells, anchor in the middle);
 * - gargantuan: the large triangle plus every cell adjacent to it
 *   (3 + 9 = 12 cells, centred on the triangle's shared vertex).
 * Every shape is symmetric around its centre, so reach counted from its
 * cells reaches equally far in all six directions.
 */
const ORIGIN: Cell = [0, 0];
const HEX_TRIANGLE: readonly Cell[] = [
  [0, 0],
  [1, 0],
  [0, 1],
];

function union(cells: readonly Cell[]): Cell[] {
  const seen = new Set<string>();
  const out: Cell[] = [];
  for (const c of cells) {
    const k = cellKey(c);
    if (!seen.has(k)) {
      seen.add(k);
      out.push(c);
    }
  }
  return out;
}

function squareBlock(k: number): Cell[] {
  const out: Cell[] = [];
  for (let y = 0; y < k; y++) for (let x = 0; x < k; x++) out.push([x, y]);
  return out;
}

const HEX_SHAPES: Readonly<Record<Size, readonly Cell[]>> = {
  tiny: [ORIGIN],
  small: [ORIGIN],
  medium: [ORIGIN],
  large: HEX_TRIANGLE,
  huge: hexSpiral(ORIGIN, 1),
  gargantuan: union([...HEX_TRIANGLE, ...HEX_TRIANGLE.flatMap((c) => hexSpiral(c, 1))]),
};

const SQUARE_SHAPES: Readonly<Record<Size, readonly Cell[]>> = {
  tiny: [ORIGIN],
  small: [ORIGIN],
  medium: [ORIGIN],
  large: squareBlock(2),
  huge: squareBlock(3),
  gargantuan: squareBlock(4),
};

/** The footprint of `size` as offsets from its anchor (the anchor's offset [0, 0] first). */
export function footprintShape(grid: GridSpec, size: Size): readonly Cell[] {
  switch (grid.type) {
    case "hex":
      return HEX_SHAPES[size];
    case "square":
      return SQUARE_SHAPES[size];
    case "none":
      throw gridlessError("footprint");
  }
}

/** The cells a creature of `size` occupies when its anchor is at `anchor` (anchor first). */
export function footprint(grid: GridSpec, anchor: Cell, size: Size): Cell[] {
  return footprintShape(grid, size).map((d) => addCells(anchor, d));
}

/** What threatenedCells needs to know about a creature. */
export interface ReachBody {
  readonly anchor: Cell;
  readonly size: Size;
  readonly reach: number;
}

/**
 * The cells threatened by a creature of `size` with `reach` whose anchor is
 * at [0, 0]: every cell within `reach` of any cell of its footprint, the
 * footprint excluded. A shape depends only on the grid's measure, the size
 * and the reach, so it is computed once and reused for every creature (the
 * spatial index translates it instead of walking overlapping discs).
 */
export function threatShape(grid: GridSpec, size: Size, reach: number): readonly Cell[] {
  if (grid.type === "none") throw gridlessError("threatShape");
  const key = `${grid.type}/${grid.type === "square" ? (grid.diagonals ?? "equidistant") : ""}/${size}/${reach}`;
  const cached = threatShapes.get(key);
  if (cached) return cached;
  const own = footprintShape(grid, size);
  const seen = new Set<string>(own.map(cellKey));
  const shape: Cell[] = [];
  for (const occupied of own) {
    for (const c of cellsWithin(grid, occupied, reach)) {
      const k = cellKey(c);
      if (!seen.has(k)) {
        seen.add(k);
        shape.push(c);
      }
    }
  }
  Object.freeze(shape);
  threatShapes.set(key, shape);
  return shape;
}

const threatShapes = new Map<string, readonly Cell[]>();

/**
 * Forget every threat shape worked out so far (they are worked out again when next asked). For
 * tests that share one module graph (mutation runs, vitest.mutate.config.ts): each test then
 * works its shapes out itself, never reading one an earlier test (or an earlier mutant) left.
 */
export function forgetThreatShapes(): void {
  threatShapes.clear();
}

/**
 * The cells a creature threatens: every cell within its reach of ANY cell it
 * occupies, its own cells excluded. flow: "Threat ... is any square you can
 * reasonably reach with a melee attack"; "Reach 1 ... threaten enemies
 * within 1 hex, which is all adjacent hexes to the creature."
 */
export function threatenedCells(grid: GridSpec, body: ReachBody): Cell[] {
  return threatShape(grid, body.size, body.reach).map((d) => addCells(body.anchor, d));
}
