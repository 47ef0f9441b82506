/**
 * Walking a path against the spatial index: which steps leave a threatened
 * cell, and whether the path may be walked at all.
 */
import { areAdjacent } from "./grid";
import { footprintShape } from "./size";
import { type SpatialIndex, sameGrid } from "./spatial-index";
import { type Cell, type GridSpec, addCells, cellKey, sameCell } from "./types";

/** One step of a path that leaves cells threatened by enemies. */
export interface Provocation {
  /** The step index: the move from pathCells[step] to pathCells[step + 1]. */
  readonly step: number;
  readonly from: Cell;
  readonly to: Cell;
  /** The enemies threatening a cell the mover leaves on this step, in body order. */
  readonly threateners: readonly string[];
}

export type PathLegality =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: "EnemyCell" | "OccupiedEnd" | "NotAdjacent"; readonly at: Cell };

function moverOf(index: SpatialIndex, grid: GridSpec, moverId: string) {
  if (!sameGrid(index.grid, grid)) {
    throw new Error("Tempo grid: the spatial index was built for a different grid");
  }
  const mover = index.body(moverId);
  if (!mover) throw new Error(`Tempo grid: "${moverId}" is not in the spatial index`);
  return mover;
}

/**
 * For each step of `pathCells` (the full cell-by-cell path, starting at the
 * mover's anchor), the enemies that threaten a cell the mover LEAVES on that
 * step; steps with no such enemy are left out.
 *
 * flow: "If an opponent ... moves OUT of any hex you threaten, then you may
 * use 1 RP to perform a Reaction Attack" and "if an enemy moves between hexes
 * you threaten, they have technically moved 'out' of the hex they occupied";
 * phases: "Moving out of a threatened hex usually provokes an attack of
 * opportunity". Entering a threatened cell provokes nothing.
 *
 * A multi-cell mover leaves the cells of its footprint at `from` that are not
 * in its footprint at `to`. Limits such as once per opponent per move or per
 * phase, Take a Step or Tumble Through are the rulesets' business, not this
 * function's: every leaving step is reported.
 */
export function findPathProvocations(
  index: SpatialIndex,
  grid: GridSpec,
  moverId: string,
  pathCells: readonly Cell[],
): Provocation[] {
  const mover = moverOf(index, grid, moverId);
  const shape = footprintShape(grid, mover.size);
  const out: Provocation[] = [];
  for (let step = 0; step + 1 < pathCells.length; step++) {
    const from = pathCells[step] as Cell;
    const to = pathCells[step + 1] as Cell;
    if (sameCell(from, to)) continue;
    let threateners: string[];
    if (shape.length === 1) {
      threateners = index.threatenersOf(from).filter((id) => index.isEnemy(moverId, id));
    } else {
      const staying = new Set(shape.map((d) => cellKey(addCells(to, d))));
      const found = new Set<string>();
      for (const d of shape) {
        const left = addCells(from, d);
        if (staying.has(cellKey(left))) continue;
        for (const id of index.threatenersOf(left)) if (index.isEnemy(moverId, id)) found.add(id);
      }
      threateners = [...found].sort((a, b) => index.rankOf(a) - index.rankOf(b));
    }
    if (threateners.length > 0) out.push({ step, from, to, threateners });
  }
  return out;
}

/**
 * Whether `pathCells` (starting at the mover's anchor) may be walked.
 * flow: "You can move through allies' hexes for free with no penalties, but
 * you cannot move through an enemy hex unless you attempt to Tumble Through.
 * You may not end your movement in the same square as any other enemy or
 * ally." The first failure along the path is returned:
 * - NotAdjacent: the step into `at` is not to an adjacent cell;
 * - EnemyCell: the mover's footprint would cover `at`, where an enemy stands;
 * - OccupiedEnd: the mover would end with its footprint on `at`, where
 *   another creature stands.
 * A one-cell path is no movement and is always legal. Tumble Through is
 * the ruleset's to allow; this check knows nothing of it.
 */
export function checkPathLegality(
  index: SpatialIndex,
  grid: GridSpec,
  moverId: string,
  pathCells: readonly Cell[],
): PathLegality {
  const mover = moverOf(index, grid, moverId);
  if (pathCells.length === 0) throw new Error("Tempo grid: a path has at least its starting cell");
  const shape = footprintShape(grid, mover.size);
  for (let k = 1; k < pathCells.length; k++) {
    const prev = pathCells[k - 1] as Cell;
    const cur = pathCells[k] as Cell;
    if (!areAdjacent(grid, prev, cur)) return { ok: false, reason: "NotAdjacent", at: cur };
    for (const d of shape) {
      const c = addCells(cur, d);
      for (const id of index.occupantsAt(c)) {
        if (index.isEnemy(moverId, id)) return { ok: false, reason: "EnemyCell", at: c };
      }
    }
  }
  if (pathCells.length > 1) {
    const end = pathCells[pathCells.length - 1] as Cell;
    for (const d of shape) {
      const c = addCells(end, d);
      for (const id of index.occupantsAt(c)) {
        if (id !== moverId && index.sameLevel(moverId, id))
          return { ok: false, reason: "OccupiedEnd", at: c };
      }
    }
  }
  return { ok: true };
}
