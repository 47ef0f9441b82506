/**
 * The spatial index: who stands where and who threatens which cell, for a
 * whole scene at once. It is derived data, never stored in engine state;
 * build it from the combatants' positions (or take the memoised one for the
 * same bodies array) and throw it away when they move.
 *
 * Answering "who threatens this cell?" is one Map lookup instead of a scan
 * over every combatant, so walking a path costs O(path length), not
 * O(path length x combatants).
 */
import { footprint, threatShape } from "./size";
import { type Cell, type GridSpec, type Size, cellKey } from "./types";

/** A creature on the grid, as the index needs it. */
export interface Body {
  readonly id: string;
  /** Combatants on different sides are enemies; on the same side, allies. */
  readonly side: string;
  /** The anchor cell of its footprint (see footprint()). */
  readonly anchor: Cell;
  readonly size: Size;
  /** Its reach in cells, usually reachFor(size, weaponReach). */
  readonly reach: number;
}

export interface SpatialIndex {
  readonly grid: GridSpec;
  /** The bodies the index was built from, in their original order. */
  readonly bodies: readonly Body[];
  body(id: string): Body | undefined;
  /** The cells a body occupies (empty for an unknown id). */
  cellsOf(id: string): readonly Cell[];
  /** A body's position in `bodies` (-1 if unknown); lists of ids come in this order. */
  rankOf(id: string): number;
  /** The body standing on `cell`, if any (the first one in body order if tokens overlap). */
  occupantAt(cell: Cell): string | undefined;
  /** Every body standing on `cell`, in body order. */
  occupantsAt(cell: Cell): readonly string[];
  /** The ids whose threat range contains `cell`, in body order. */
  threatenersOf(cell: Cell): readonly string[];
  /** True when both ids are known and on different sides. */
  isEnemy(a: string, b: string): boolean;
}

const NONE: readonly string[] = Object.freeze([]);

class MapSpatialIndex implements SpatialIndex {
  private readonly byId = new Map<string, { body: Body; rank: number; cells: readonly Cell[] }>();
  private readonly occupants = new Map<string, string[]>();
  private readonly threat = new Map<string, string[]>();

  constructor(
    readonly grid: GridSpec,
    readonly bodies: readonly Body[],
  ) {
    bodies.forEach((body, rank) => this.add(body, rank));
  }

  private add(body: Body, rank: number): void {
    const { id } = body;
    if (this.byId.has(id)) throw new Error(`Tempo grid: two bodies share the id "${id}"`);
    if (!Number.isInteger(body.reach) || body.reach < 0) {
      throw new RangeError(`Tempo grid: body "${id}" has reach ${body.reach}; reach is a whole number >= 0`);
    }
    const cells = footprint(this.grid, body.anchor, body.size);
    this.byId.set(id, { body, rank, cells });
    for (const c of cells) {
      const k = cellKey(c);
      const here = this.occupants.get(k);
      if (here) here.push(id);
      else this.occupants.set(k, [id]);
    }
    // flow: reach counts from any occupied cell; the body's own cells are not threatened by it.
    // The shape is shared by every body of this size and reach and holds each cell once,
    // so this hot loop only translates offsets and files the id under each key.
    const [ax, ay] = body.anchor;
    for (const [dx, dy] of threatShape(this.grid, body.size, body.reach)) {
      const k = `${ax + dx},${ay + dy}`;
      const list = this.threat.get(k);
      if (list) list.push(id);
      else this.threat.set(k, [id]);
    }
  }

  body(id: string): Body | undefined {
    return this.byId.get(id)?.body;
  }

  cellsOf(id: string): readonly Cell[] {
    return this.byId.get(id)?.cells ?? [];
  }

  rankOf(id: string): number {
    return this.byId.get(id)?.rank ?? -1;
  }

  occupantAt(cell: Cell): string | undefined {
    return this.occupants.get(cellKey(cell))?.[0];
  }

  occupantsAt(cell: Cell): readonly string[] {
    return this.occupants.get(cellKey(cell)) ?? NONE;
  }

  threatenersOf(cell: Cell): readonly string[] {
    return this.threat.get(cellKey(cell)) ?? NONE;
  }

  isEnemy(a: string, b: string): boolean {
    const x = this.byId.get(a);
    const y = this.byId.get(b);
    return x !== undefined && y !== undefined && x.body.side !== y.body.side;
  }
}

/**
 * Builds the index for `bodies` on `grid`. Throws on a gridless scene, on
 * duplicate ids and on a reach that is not a whole number >= 0. Overlapping
 * bodies are allowed (Foundry lets tokens stack outside combat); see occupantsAt.
 */
export function buildSpatialIndex(grid: GridSpec, bodies: readonly Body[]): SpatialIndex {
  return new MapSpatialIndex(grid, bodies);
}

const memo = new WeakMap<readonly Body[], SpatialIndex>();

/**
 * The index for this exact bodies array, built once and remembered for as
 * long as the array lives. Engine state is immutable, so a new state has new
 * arrays and a fresh index; never mutate an array after asking for its index.
 */
export function spatialIndexFor(grid: GridSpec, bodies: readonly Body[]): SpatialIndex {
  const cached = memo.get(bodies);
  if (cached && sameGrid(cached.grid, grid)) return cached;
  const index = buildSpatialIndex(grid, bodies);
  memo.set(bodies, index);
  return index;
}

/** True when two grid descriptions measure the same way. */
export function sameGrid(a: GridSpec, b: GridSpec): boolean {
  if (a.type !== b.type) return false;
  return a.type !== "square" || (a.diagonals ?? "equidistant") === (b.diagonals ?? "equidistant");
}
