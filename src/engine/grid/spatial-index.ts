/**
 * The spatial index: who stands where and who threatens which cell, for a
 * whole scene at once. It is derived data, never stored in engine state;
 * build it from the combatants' positions (or take the memoised one for the
 * same bodies array) and throw it away when they move.
 *
 * Each body is filed under the coarse buckets (BUCKET x BUCKET cells) its
 * threat range overlaps, lazily: a command asks about a few buckets near one
 * creature, so the first questions file one bucket each in one pass over the
 * bodies, and only a caller asking about many places pays for filing all
 * (O(bodies) either way, with a small constant). A question about a cell
 * looks only at the bodies filed under that cell's bucket and tests each
 * against its threat (or footprint) shape, a bitmap shared by every body of
 * the same size and reach. So "who threatens this cell?" costs the handful of
 * bodies near it, not a scan over every combatant, and walking a path costs
 * O(path length), whatever the size of the scene. (An index that filed every
 * threatened cell up front answered in one lookup, but its build grew with
 * the sum of all threat ranges and the garbage it made: 200 ms at 10,000.)
 */
import { distance } from "./grid";
import { footprint, footprintShape, threatShape } from "./size";
import { type Cell, type GridSpec, type Size } from "./types";

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
  /** The scene level it stands on; bodies on different levels neither threaten nor block each other. */
  readonly level?: string;
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
  /**
   * The ids of the bodies with a cell at most `radius` from `cell` (grid distance), in body
   * order: a range query, e.g. for who could get somewhere within a few steps.
   */
  within(cell: Cell, radius: number): readonly string[];
  /**
   * True when both ids are known, on different sides and on the same scene level: a body on
   * another level is no enemy the grid can bring to bear (it neither threatens nor blocks).
   */
  isEnemy(a: string, b: string): boolean;
  /** True when both ids are known and stand on the same scene level. */
  sameLevel(a: string, b: string): boolean;
}

const NONE: readonly string[] = Object.freeze([]);

/** Bucket side in cells: a bucket holds a few dozen bodies on a crowded map. */
const BUCKET = 8;

/** Cell coordinates that fit a small-integer Map key; farther cells get a string key. */
const SMALL = 1 << 14;

/** A Map key for a pair of integers: a small integer near the origin (fast), a string beyond. */
function pairKey(x: number, y: number): number | string {
  return x > -SMALL && x < SMALL && y > -SMALL && y < SMALL ? x * 2 * SMALL + y : `${x},${y}`;
}

/**
 * The shape of one kind of body (grid measure, size, reach) around its anchor: a bitmap over the
 * box of its threat range (which holds its footprint), bit 1 for a threatened cell and bit 2 for
 * an occupied one.
 */
interface ShapeMask {
  readonly minX: number;
  readonly minY: number;
  readonly width: number;
  readonly height: number;
  readonly bits: Uint8Array;
}

const THREAT = 1;
const OCCUPIED = 2;

/** The shape masks of one grid measure, by size, then by reach. */
type MaskTable = Map<Size, ShapeMask[]>;

const masks = new Map<string, MaskTable>();

/** Forget every shape mask made so far: see size.ts forgetThreatShapes (an index keeps its own). */
export function forgetShapeMasks(): void {
  masks.clear();
}

/** The mask table of a grid measure (hex, square with its diagonals rule), shared by every index. */
function maskTableFor(grid: GridSpec): MaskTable {
  const key = `${grid.type}/${grid.type === "square" ? (grid.diagonals ?? "equidistant") : ""}`;
  let table = masks.get(key);
  if (!table) {
    table = new Map();
    masks.set(key, table);
  }
  return table;
}

function maskFor(grid: GridSpec, table: MaskTable, size: Size, reach: number): ShapeMask {
  let bySize = table.get(size);
  if (!bySize) {
    bySize = [];
    table.set(size, bySize);
  }
  const cached = bySize[reach];
  if (cached) return cached;
  const threat = threatShape(grid, size, reach);
  const own = footprintShape(grid, size);
  const all = [...threat, ...own];
  const minX = Math.min(...all.map((c) => c[0]));
  const minY = Math.min(...all.map((c) => c[1]));
  const width = Math.max(...all.map((c) => c[0])) - minX + 1;
  const height = Math.max(...all.map((c) => c[1])) - minY + 1;
  const bits = new Uint8Array(width * height);
  for (const [x, y] of threat) bits[(y - minY) * width + (x - minX)]! |= THREAT;
  for (const [x, y] of own) bits[(y - minY) * width + (x - minX)]! |= OCCUPIED;
  const mask = { minX, minY, width, height, bits };
  bySize[reach] = mask;
  return mask;
}

/**
 * Buckets filed one at a time before the index files every body at once: a command or a ruler
 * update asks about a few cells near one creature (a handful of buckets), and one pass over the
 * bodies per bucket costs less than filing them all; a caller that asks about many places gets the
 * whole filing after this many, so the index never costs more than a few passes over its bodies.
 */
const LAZY_BUCKETS = 4;

/**
 * The index files lazily: building it checks the bodies and makes the id lookup. The first
 * question about a bucket passes once over the bodies to find the ones filed under it; after
 * LAZY_BUCKETS such passes every body is filed at once (the whole filing, O(bodies)).
 */
class BucketSpatialIndex implements SpatialIndex {
  private readonly table: MaskTable;
  /** Each body's mask, by rank, filled as bodies are met. */
  private readonly masks: (ShapeMask | undefined)[];
  private readonly buckets = new Map<number | string, number[]>();
  /**
   * Who stands on each cell of a bucket, made the first time a cell of it is asked about: the ids
   * of the bodies with a cell there, in body order, by the cell's place in the bucket (row by row).
   */
  private readonly standing = new Map<number | string, (readonly string[] | undefined)[]>();
  private scans = 0;
  private filed = false;
  /** Per-body stamp of the last range query that met it, so a body is listed once. */
  private seen: Int32Array | null = null;
  private query = 0;
  /**
   * Each body's threat box (the box of its mask at its anchor), four numbers per rank: left, top,
   * right, bottom. Filled in one pass at the first question, so that every later pass over the
   * bodies compares numbers instead of reading each body and its mask again.
   */
  private boxes: Int32Array | null = null;

  private readonly ranks: Map<string, number>;

  /**
   * `from`: an index whose bodies have the same ids in the same order, some of them changed: its id
   * lookup is shared, and its masks and boxes are kept for every body that is the very same object.
   */
  constructor(
    readonly grid: GridSpec,
    readonly bodies: readonly Body[],
    from?: BucketSpatialIndex,
  ) {
    this.table = maskTableFor(grid);
    this.ranks = from ? from.ranks : new Map();
    bodies.forEach((body, rank) => {
      if (!from && this.ranks.has(body.id))
        throw new Error(`Tempo grid: two bodies share the id "${body.id}"`);
      if (!Number.isInteger(body.reach) || body.reach < 0) {
        throw new RangeError(
          `Tempo grid: body "${body.id}" has reach ${body.reach}; reach is a whole number >= 0`,
        );
      }
      if (!from) this.ranks.set(body.id, rank);
    });
    this.masks = from ? from.masks.slice() : new Array<ShapeMask | undefined>(bodies.length);
    if (from) {
      const boxes = from.boxes ? from.boxes.slice() : null;
      this.boxes = boxes;
      bodies.forEach((body, rank) => {
        if (from.bodies[rank] === body) return;
        this.masks[rank] = undefined;
        if (boxes) this.boxAt(rank, boxes);
      });
    }
    // The shape of the first body, now: a gridless scene has none and is refused here.
    if (bodies.length > 0) this.maskOf(0);
  }

  /** Write body `rank`'s threat box into `boxes`. */
  private boxAt(rank: number, boxes: Int32Array): void {
    const mask = this.maskOf(rank);
    const [ax, ay] = (this.bodies[rank] as Body).anchor;
    const k = rank * 4;
    boxes[k] = ax + mask.minX;
    boxes[k + 1] = ay + mask.minY;
    boxes[k + 2] = ax + mask.minX + mask.width - 1;
    boxes[k + 3] = ay + mask.minY + mask.height - 1;
  }

  /** Every body's threat box, made in one pass the first time. */
  private allBoxes(): Int32Array {
    if (this.boxes) return this.boxes;
    const boxes = new Int32Array(this.bodies.length * 4);
    for (let rank = 0; rank < this.bodies.length; rank++) this.boxAt(rank, boxes);
    this.boxes = boxes;
    return boxes;
  }

  private maskOf(rank: number): ShapeMask {
    const known = this.masks[rank];
    if (known) return known;
    const body = this.bodies[rank] as Body;
    // flow: reach counts from any occupied cell; the body's own cells are not threatened by it
    // (threatShape). The mask is shared by every body of this size and reach.
    const mask = maskFor(this.grid, this.table, body.size, body.reach);
    this.masks[rank] = mask;
    return mask;
  }

  /** The ranks of the bodies filed under bucket (bx, by), in body order. */
  private bucket(bx: number, by: number): readonly number[] {
    const k = pairKey(bx, by);
    const known = this.buckets.get(k);
    if (known || this.filed) return known ?? [];
    if (this.scans >= LAZY_BUCKETS) {
      this.fileAll();
      return this.buckets.get(k) ?? [];
    }
    this.scans += 1;
    const x0 = bx * BUCKET;
    const y0 = by * BUCKET;
    const x1 = x0 + BUCKET - 1;
    const y1 = y0 + BUCKET - 1;
    const list: number[] = [];
    const boxes = this.allBoxes();
    for (let rank = 0, k = 0; rank < this.bodies.length; rank++, k += 4) {
      if ((boxes[k] as number) > x1 || (boxes[k + 2] as number) < x0) continue;
      if ((boxes[k + 1] as number) > y1 || (boxes[k + 3] as number) < y0) continue;
      list.push(rank);
    }
    this.buckets.set(k, list);
    return list;
  }

  /** File every body under the buckets its threat range overlaps (the whole build). */
  private fileAll(): void {
    this.filed = true;
    this.buckets.clear();
    const boxes = this.allBoxes();
    this.bodies.forEach((_body, rank) => {
      const k = rank * 4;
      const x0 = Math.floor((boxes[k] as number) / BUCKET);
      const x1 = Math.floor((boxes[k + 2] as number) / BUCKET);
      const y0 = Math.floor((boxes[k + 1] as number) / BUCKET);
      const y1 = Math.floor((boxes[k + 3] as number) / BUCKET);
      for (let bx = x0; bx <= x1; bx++) {
        for (let by = y0; by <= y1; by++) {
          const k = pairKey(bx, by);
          const list = this.buckets.get(k);
          if (list) list.push(rank);
          else this.buckets.set(k, [rank]);
        }
      }
    });
  }

  /** The ids of the bodies near `cell` whose mask has `bit` at it, in body order. */
  private at(cell: Cell, bit: number): readonly string[] {
    const [x, y] = cell;
    const list = this.bucket(Math.floor(x / BUCKET), Math.floor(y / BUCKET));
    let out: string[] | null = null;
    for (const rank of list) {
      const body = this.bodies[rank] as Body;
      const mask = this.masks[rank] as ShapeMask;
      const dx = x - body.anchor[0] - mask.minX;
      const dy = y - body.anchor[1] - mask.minY;
      if (dx < 0 || dy < 0 || dx >= mask.width || dy >= mask.height) continue;
      if (((mask.bits[dy * mask.width + dx] as number) & bit) === 0) continue;
      (out ??= []).push(body.id);
    }
    return out ?? NONE;
  }

  body(id: string): Body | undefined {
    const rank = this.rankOf(id);
    return rank < 0 ? undefined : this.bodies[rank];
  }

  cellsOf(id: string): readonly Cell[] {
    const body = this.body(id);
    return body ? footprint(this.grid, body.anchor, body.size) : [];
  }

  rankOf(id: string): number {
    return this.ranks.get(id) ?? -1;
  }

  occupantAt(cell: Cell): string | undefined {
    return this.occupantsAt(cell)[0];
  }

  occupantsAt(cell: Cell): readonly string[] {
    const [x, y] = cell;
    const bx = Math.floor(x / BUCKET);
    const by = Math.floor(y / BUCKET);
    return this.standingIn(bx, by)[(y - by * BUCKET) * BUCKET + (x - bx * BUCKET)] ?? NONE;
  }

  /**
   * Who stands where in bucket (bx, by), made once per bucket from the bodies filed under it (a
   * body's buckets cover its threat range, which holds its footprint): one pass over a few dozen
   * bodies, after which every question about a cell of the bucket is one read. Movement, Intercept
   * and provocation ask who stands on dozens of cells around one creature.
   */
  private standingIn(bx: number, by: number): (readonly string[] | undefined)[] {
    const k = pairKey(bx, by);
    const known = this.standing.get(k);
    if (known) return known;
    const cells: string[][] = new Array<string[]>(BUCKET * BUCKET);
    const x0 = bx * BUCKET;
    const y0 = by * BUCKET;
    for (const rank of this.bucket(bx, by)) {
      const body = this.bodies[rank] as Body;
      const [ax, ay] = body.anchor;
      for (const [dx, dy] of footprintShape(this.grid, body.size)) {
        const x = ax + dx - x0;
        const y = ay + dy - y0;
        if (x < 0 || y < 0 || x >= BUCKET || y >= BUCKET) continue;
        (cells[y * BUCKET + x] ??= []).push(body.id);
      }
    }
    this.standing.set(k, cells);
    return cells;
  }

  threatenersOf(cell: Cell): readonly string[] {
    return this.at(cell, THREAT);
  }

  within(cell: Cell, radius: number): readonly string[] {
    const [x, y] = cell;
    // Every grid measure here counts a step along an axis as 1, so a cell within `radius` lies in
    // the box of half-side `radius`; each body with a cell in that box is filed under a bucket the
    // box overlaps (a body's buckets cover its threat range, which holds its footprint).
    const seen = (this.seen ??= new Int32Array(this.bodies.length));
    const stamp = ++this.query;
    const found: number[] = [];
    const probe: [number, number] = [0, 0];
    for (let bx = Math.floor((x - radius) / BUCKET); bx <= Math.floor((x + radius) / BUCKET); bx++) {
      for (let by = Math.floor((y - radius) / BUCKET); by <= Math.floor((y + radius) / BUCKET); by++) {
        for (const rank of this.bucket(bx, by)) {
          if (seen[rank] === stamp) continue;
          seen[rank] = stamp;
          const body = this.bodies[rank] as Body;
          // Each cell of the body in turn, in one reused cell: no list of cells made per body.
          const [ax, ay] = body.anchor;
          for (const d of footprintShape(this.grid, body.size)) {
            probe[0] = ax + d[0];
            probe[1] = ay + d[1];
            if (distance(this.grid, probe, cell) <= radius) {
              found.push(rank);
              break;
            }
          }
        }
      }
    }
    return found.sort((a, b) => a - b).map((rank) => (this.bodies[rank] as Body).id);
  }

  isEnemy(a: string, b: string): boolean {
    const x = this.body(a);
    const y = this.body(b);
    return x !== undefined && y !== undefined && x.side !== y.side && x.level === y.level;
  }

  sameLevel(a: string, b: string): boolean {
    const x = this.body(a);
    const y = this.body(b);
    return x !== undefined && y !== undefined && x.level === y.level;
  }
}

/**
 * Builds the index for `bodies` on `grid`. Throws on a gridless scene, on
 * duplicate ids and on a reach that is not a whole number >= 0. Overlapping
 * bodies are allowed (Foundry lets tokens stack outside combat); see occupantsAt.
 */
export function buildSpatialIndex(grid: GridSpec, bodies: readonly Body[]): SpatialIndex {
  return new BucketSpatialIndex(grid, bodies);
}

/**
 * The index of `bodies` on `previous`'s grid, where `bodies` are `previous`'s with some of them
 * changed (moved, resized, turned, on another level) but the same ids in the same order: the id
 * lookup is shared, not built again, and so are the shapes and threat boxes of every body that is
 * the very same object as before. Throws when the ids differ.
 */
export function withBodies(previous: SpatialIndex, bodies: readonly Body[]): SpatialIndex {
  if (!(previous instanceof BucketSpatialIndex) || previous.bodies.length !== bodies.length)
    throw new Error("Tempo grid: withBodies needs the same bodies, in the same order");
  bodies.forEach((body, rank) => {
    if ((previous.bodies[rank] as Body).id !== body.id)
      throw new Error(`Tempo grid: withBodies found "${body.id}" where the index had another body`);
  });
  return new BucketSpatialIndex(previous.grid, bodies, previous);
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
