/**
 * Provocation benchmark: the indexed path walk against a naive all-pairs
 * scan and against an O(N) filter, on the same seeded hex scenes, in the same run.
 *
 *   npm run bench      (bench/run.ts prints this after the scale benchmark)
 *
 * For N = 100, 1,000 and 10,000 combatants of mixed sizes and reaches on
 * two sides, placed without overlap on a hex map, it times:
 * - build: buildSpatialIndex for the whole scene, every body filed (the index
 *   files its buckets lazily; questions in five far-apart buckets make it file
 *   all of them at once), median of several builds;
 * - indexed: findPathProvocations over a 30-cell path with the index prebuilt
 *   once per scene, as a host caches it per state;
 * - all-pairs: for each step, every combatant is scanned and the distance
 *   from each of its occupied cells to each cell left is computed;
 * - O(N) filter: what a careful host writes without an index: one distance
 *   check per body drops those too far from the path's start to reach any
 *   cell of it, then the all-pairs walk runs over the few that are left.
 * All three must give identical answers on every path, or the run fails.
 * The last line reports the N = 1,000 figures.
 */
import {
  type Body,
  type Cell,
  type GridSpec,
  type Provocation,
  type Size,
  buildSpatialIndex,
  cellKey,
  distance,
  findPathProvocations,
  footprint,
  hexDistance,
  neighbours,
  reachFor,
} from "../src/engine/grid";

const GRID: GridSpec = { type: "hex" };
const PATH_CELLS = 30;
const PATHS_PER_SCENE = 32;

/** mulberry32: a tiny seeded PRNG, so every run places the same scene. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickSize(rand: () => number): Size {
  const x = rand();
  if (x < 0.1) return "small";
  if (x < 0.75) return "medium";
  if (x < 0.9) return "large";
  if (x < 0.97) return "huge";
  return "gargantuan";
}

interface Scene {
  readonly bodies: Body[];
  readonly paths: { moverId: string; cells: Cell[] }[];
}

function makeScene(n: number, seed: number): Scene {
  const rand = mulberry32(seed);
  // About a quarter of the map occupied (mean footprint ~2 cells): crowded enough for threats everywhere.
  const wantedCells = n * 2.05 * 4;
  let radius = 1;
  while (3 * radius * (radius + 1) + 1 < wantedCells) radius++;
  const occupied = new Set<string>();
  const bodies: Body[] = [];
  const centre: Cell = [0, 0];
  const randomCell = (): Cell => {
    for (;;) {
      const c: Cell = [
        Math.floor(rand() * (2 * radius + 1)) - radius,
        Math.floor(rand() * (2 * radius + 1)) - radius,
      ];
      if (hexDistance(centre, c) <= radius) return c;
    }
  };
  while (bodies.length < n) {
    const size = pickSize(rand);
    const weapon = rand() < 0.2 ? 2 : undefined;
    const anchor = randomCell();
    const cells = footprint(GRID, anchor, size);
    if (cells.some((c) => occupied.has(cellKey(c)) || hexDistance(centre, c) > radius)) continue;
    for (const c of cells) occupied.add(cellKey(c));
    bodies.push({
      id: `c${bodies.length}`,
      side: rand() < 0.5 ? "red" : "blue",
      anchor,
      size,
      reach: reachFor(size, weapon),
    });
  }
  // Movers: medium combatants walking 30 cells, preferring free, unvisited cells.
  const movers = bodies.filter((b) => b.size === "medium");
  const paths: Scene["paths"] = [];
  for (let p = 0; p < PATHS_PER_SCENE; p++) {
    const mover = movers[Math.floor(rand() * movers.length)] as Body;
    const cells: Cell[] = [mover.anchor];
    const visited = new Set([cellKey(mover.anchor)]);
    while (cells.length < PATH_CELLS) {
      const at = cells[cells.length - 1] as Cell;
      const around = neighbours(GRID, at);
      const fresh = around.filter((c) => !visited.has(cellKey(c)) && !occupied.has(cellKey(c)));
      const pool = fresh.length > 0 ? fresh : around;
      const next = pool[Math.floor(rand() * pool.length)] as Cell;
      visited.add(cellKey(next));
      cells.push(next);
    }
    paths.push({ moverId: mover.id, cells });
  }
  return { bodies, paths };
}

/** The baseline: no index; every step scans every combatant and measures from each occupied cell. */
function allPairsProvocations(
  grid: GridSpec,
  bodies: readonly Body[],
  bodyCells: readonly (readonly Cell[])[],
  moverId: string,
  path: readonly Cell[],
): Provocation[] {
  const mover = bodies.find((b) => b.id === moverId) as Body;
  const out: Provocation[] = [];
  for (let step = 0; step + 1 < path.length; step++) {
    const from = path[step] as Cell;
    const to = path[step + 1] as Cell;
    const staying = new Set(footprint(grid, to, mover.size).map(cellKey));
    const left = footprint(grid, from, mover.size).filter((c) => !staying.has(cellKey(c)));
    const threateners: string[] = [];
    for (let k = 0; k < bodies.length; k++) {
      const b = bodies[k] as Body;
      if (b.side === mover.side) continue;
      const own = bodyCells[k] as readonly Cell[];
      const threatens = left.some(
        (c) =>
          !own.some((o) => o[0] === c[0] && o[1] === c[1]) &&
          own.some((o) => distance(grid, o, c) <= b.reach),
      );
      if (threatens) threateners.push(b.id);
    }
    if (threateners.length > 0) out.push({ step, from, to, threateners });
  }
  return out;
}

/** Farthest a footprint cell lies from its anchor (gargantuan on hexes: 2). */
const FOOTPRINT_REACH = 2;

/** The O(N) baseline: one distance check per body keeps those that can reach the path at all. */
function filteredProvocations(
  grid: GridSpec,
  bodies: readonly Body[],
  bodyCells: readonly (readonly Cell[])[],
  moverId: string,
  path: readonly Cell[],
): Provocation[] {
  const start = path[0] as Cell;
  const span = path.length - 1 + FOOTPRINT_REACH;
  const keep: number[] = [];
  for (let k = 0; k < bodies.length; k++) {
    const b = bodies[k] as Body;
    if (b.id === moverId || distance(grid, b.anchor, start) <= span + b.reach + 1) keep.push(k);
  }
  return allPairsProvocations(
    grid,
    keep.map((k) => bodies[k] as Body),
    keep.map((k) => bodyCells[k] as readonly Cell[]),
    moverId,
    path,
  );
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Median milliseconds per call of `run`, timed in batches so the clock's resolution does not matter. */
function timePerCall(samples: number, callsPerSample: number, run: (k: number) => void): number {
  for (let k = 0; k < callsPerSample * 3; k++) run(k); // warm-up
  const perCall: number[] = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let k = 0; k < callsPerSample; k++) run(k);
    perCall.push((performance.now() - t0) / callsPerSample);
  }
  return median(perCall);
}

interface Row {
  n: number;
  buildMs: number;
  indexedMs: number;
  allPairsMs: number;
  filterMs: number;
  ratio: number;
  provocationsPerPath: number;
}

function measure(n: number): Row {
  const scene = makeScene(n, 0x7e3a0 + n);
  const { bodies, paths } = scene;

  const buildRuns = n >= 10_000 ? 9 : 31;
  const buildMs = timePerCall(buildRuns, 1, () => {
    const built = buildSpatialIndex(GRID, bodies);
    for (let k = 0; k < 5; k++) built.threatenersOf([64 * k, 0]);
  });

  const index = buildSpatialIndex(GRID, bodies);
  const bodyCells = bodies.map((b) => footprint(GRID, b.anchor, b.size));

  let provocationSteps = 0;
  for (const { moverId, cells } of paths) {
    const fast = findPathProvocations(index, GRID, moverId, cells);
    const slow = allPairsProvocations(GRID, bodies, bodyCells, moverId, cells);
    const filtered = filteredProvocations(GRID, bodies, bodyCells, moverId, cells);
    if (JSON.stringify(fast) !== JSON.stringify(slow) || JSON.stringify(filtered) !== JSON.stringify(slow)) {
      throw new Error(`N=${n}: the indexed, filtered and all-pairs answers differ for mover ${moverId}`);
    }
    provocationSteps += fast.length;
  }

  const indexedMs = timePerCall(201, paths.length * 20, (k) => {
    const p = paths[k % paths.length]!;
    findPathProvocations(index, GRID, p.moverId, p.cells);
  });
  const allPairsBatch = n >= 10_000 ? paths.length / 4 : n >= 1000 ? paths.length : paths.length * 4;
  const allPairsMs = timePerCall(n >= 10_000 ? 15 : 41, allPairsBatch, (k) => {
    const p = paths[k % paths.length]!;
    allPairsProvocations(GRID, bodies, bodyCells, p.moverId, p.cells);
  });

  const filterMs = timePerCall(n >= 10_000 ? 41 : 101, paths.length, (k) => {
    const p = paths[k % paths.length]!;
    filteredProvocations(GRID, bodies, bodyCells, p.moverId, p.cells);
  });

  return {
    n,
    buildMs,
    indexedMs,
    allPairsMs,
    filterMs,
    ratio: allPairsMs / indexedMs,
    provocationsPerPath: provocationSteps / paths.length,
  };
}

export const fmt = (ms: number) => (ms < 0.1 ? ms.toFixed(4) : ms < 10 ? ms.toFixed(3) : ms.toFixed(1));

/** The provocation benchmark's table, and its closing line (N = 1,000). */
export function provocationReport(): { lines: string[]; last: string } {
  const rows = [100, 1_000, 10_000].map(measure);
  const lines: string[] = [];
  lines.push(
    `provocation query: hex map, ${PATH_CELLS}-cell paths, ${PATHS_PER_SCENE} paths per scene, medians`,
  );
  lines.push(
    ["N", "index build ms", "indexed ms", "all-pairs ms", "O(N) filter ms", "vs all-pairs", "vs filter"]
      .map((h) => h.padStart(16))
      .join(""),
  );
  for (const r of rows) {
    lines.push(
      [
        r.n.toLocaleString("en-US"),
        fmt(r.buildMs),
        fmt(r.indexedMs),
        fmt(r.allPairsMs),
        fmt(r.filterMs),
        `${r.ratio.toFixed(0)}x`,
        `${(r.filterMs / r.indexedMs).toFixed(1)}x`,
      ]
        .map((c) => c.padStart(16))
        .join(""),
    );
  }
  const at1000 = rows.find((r) => r.n === 1_000) as Row;
  return {
    lines,
    last: `provocation query: ${fmt(at1000.indexedMs)} ms, ${at1000.ratio.toFixed(1)}x faster than all-pairs`,
  };
}
