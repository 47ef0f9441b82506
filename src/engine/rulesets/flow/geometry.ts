/**
 * Flow's questions to the grid: who threatens whom, size categories, where an interceptor can
 * stand, where a shove pushes.
 */
import { LIMITS } from "../../bounds";
import { gridOf, held, settled } from "../../context";
import { spatialIndexOf } from "../../core/movement";
import {
  distance,
  footprint,
  footprintShape,
  line,
  neighbourSteps,
  neighbours,
  sameCell,
  type SpatialIndex,
} from "../../grid";
import type { Cell, CombatantState, EncounterState } from "../../state";
import { SIZES } from "../../state";
import { draftOf } from "../../core/combatants";

/**
 * The spatial index of the scene as it stands now (core/movement.ts spatialIndexOf: inside a
 * command, the one of the state it started from until somebody moves). A handler takes it once and
 * passes it down to every question asked before anyone moves; after a move, ask again.
 */
export function indexOf(state: EncounterState): SpatialIndex {
  return spatialIndexOf(state);
}

/** The scene's index, or undefined on a gridless scene (where nothing is measured). */
export function sceneIndex(state: EncounterState): SpatialIndex | undefined {
  return gridOf(state).type === "none" ? undefined : indexOf(state);
}

/** What the grid questions read of a combatant: who, where, how big. */
export type Standing = Pick<CombatantState, "id" | "at" | "size">;

/**
 * A plain copy of where `c` stands, for a question that reads it many times: a combatant taken
 * from a command's draft would answer every read through the draft.
 */
export function standingOf(c: Standing): Standing {
  // The cell as held (context.ts held): a combatant of the draft gives it without a draft of it.
  const at = held(c, "at");
  return { id: c.id, at: at ? [at[0], at[1]] : null, size: c.size };
}

function placed(state: EncounterState, ...cs: Standing[]): boolean {
  return gridOf(state).type !== "none" && cs.every((c) => c.at !== null);
}

/**
 * Whether `a` can reach `b` with a melee attack (b stands in a's Threat Range). On a gridless
 * scene, or for an unplaced token, the engine cannot measure and takes the attack as melee.
 */
export function inReach(state: EncounterState, a: Standing, b: Standing, index?: SpatialIndex): boolean {
  if (!placed(state, a, b) || !b.at) return true;
  const used = index ?? indexOf(state);
  return footprint(gridOf(state), b.at, b.size).some((cell) => used.threatenersOf(cell).includes(a.id));
}

/**
 * Enemies of `who` that threaten the cell(s) it stands on, still standing, in roster order:
 * "These actions only provoke Reaction Attacks if they happen within your Threat Range." On a
 * gridless scene nobody can be shown to threaten anybody, so nothing is provoked.
 */
export function threatenersOf(
  state: EncounterState,
  who: CombatantState,
  known?: SpatialIndex,
): CombatantState[] {
  if (!placed(state, who) || !who.at) return [];
  const index = known ?? indexOf(state);
  const ids = new Set<string>();
  for (const cell of footprint(gridOf(state), who.at, who.size))
    for (const id of index.threatenersOf(cell)) if (index.isEnemy(who.id, id)) ids.add(id);
  // Roster order; only the threateners are taken from the draft (the others are never read).
  return settled(state.roster).flatMap((id) => {
    const c = ids.has(id) ? draftOf(state, id) : undefined;
    return c && !c.defeated ? [c] : [];
  });
}

/** Size category as a number: "Huge > Large > Medium > Small". */
export function sizeRank(c: CombatantState): number {
  return SIZES.indexOf(c.size);
}

/** Whether a cell can take `who`'s footprint: no other standing creature on any of its cells. */
export function isOpen(state: EncounterState, who: Standing, anchor: Cell, index?: SpatialIndex): boolean {
  const used = index ?? indexOf(state);
  const cell: [number, number] = [0, 0];
  for (const [dx, dy] of footprintShape(gridOf(state), who.size)) {
    cell[0] = anchor[0] + dx;
    cell[1] = anchor[1] + dy;
    for (const id of used.occupantsAt(cell)) if (id !== who.id) return false;
  }
  return true;
}

function touches(state: EncounterState, cell: Cell, c: Standing): boolean {
  if (!c.at) return false;
  const grid = gridOf(state);
  // Each cell of `c` in turn, in one reused cell: asked for every cell around an attack's target.
  const own: [number, number] = [0, 0];
  for (const [dx, dy] of footprintShape(grid, c.size)) {
    own[0] = c.at[0] + dx;
    own[1] = c.at[1] + dy;
    if (distance(grid, own, cell) === 1) return true;
  }
  return false;
}

/**
 * A cell's key for the Intercept walk's sets, a number (no string made per cell visited): one per
 * cell within WALK_KEY of the origin. Every cell the engine holds is within LIMITS.coordinate, and the
 * walk goes at most a few steps beyond it.
 */
function walkKey(c: Cell): number {
  return (c[0] + WALK_KEY) * 2 * WALK_KEY + (c[1] + WALK_KEY);
}
const WALK_KEY = 2 * LIMITS.coordinate;

/**
 * Where an interceptor can stand, or null. Melee: "if you cannot move to be adjacent to BOTH of
 * them with 3 hexes of movement, you may not perform Intercept". Ranged: "you must be able to stand
 * directly between your ally and the attacking enemy within 3 hexes". The search walks up to
 * `hexes` steps through cells no enemy stands on (allies' cells can be crossed) and takes the
 * nearest open cell that qualifies, in the grid's neighbour order, so the choice is deterministic.
 */
export function interceptCell(
  state: EncounterState,
  interceptor: Standing,
  attacker: Standing,
  target: Standing,
  melee: boolean,
  hexes: number,
  known?: SpatialIndex,
  spots?: readonly Cell[],
  enemies?: EnemyCells,
): Cell | null {
  if (!placed(state, interceptor, attacker, target) || !interceptor.at || !attacker.at || !target.at)
    return null;
  const index = known ?? indexOf(state);
  const grid = gridOf(state);
  // The cells that qualify, found first (a handful: beside both, or on the line of fire) so that a
  // search with none open ends at once, and the walk only follows cells from which one of them is
  // still within the steps left (any cell it would drop leads nowhere in time, and so do all the
  // cells found only through it: the walk finds the same cell as a full search would).
  // A cell farther than `hexes` is out of reach of any walk, and keeps no cell of the walk either
  // (one that did would put it within `hexes`): left out before anything else is asked of it.
  const from = interceptor.at;
  const candidates = spots ?? interceptSpots(state, attacker, target, melee);
  const goals = new Map<number, Cell>();
  for (const cell of candidates)
    if (
      distance(grid, from, cell) <= hexes &&
      !goals.has(walkKey(cell)) &&
      isOpen(state, interceptor, cell, index)
    )
      goals.set(walkKey(cell), cell);
  if (goals.size === 0) return null;
  const targets = [...goals.values()];
  // The walk keeps its cells as numbers and measures them in one reused cell: it visits a few
  // dozen cells per interceptor, and an attack asks it for every ally around the target.
  const probe: [number, number] = [0, 0];
  const steps = neighbourSteps(grid);
  // Whether an enemy of the interceptor stands on a cell, as far as this attack's search has asked.
  const me = index.body(interceptor.id);
  const blocked = enemies && me ? enemies.of(me) : undefined;
  const seen = new Set<number>([walkKey(from)]);
  let xs = [from[0]];
  let ys = [from[1]];
  for (let depth = 0; depth <= hexes; depth += 1) {
    for (let i = 0; i < xs.length; i += 1) {
      probe[0] = xs[i] as number;
      probe[1] = ys[i] as number;
      const found = goals.get(walkKey(probe));
      if (found) return found;
    }
    const nextXs: number[] = [];
    const nextYs: number[] = [];
    for (let i = 0; i < xs.length; i += 1) {
      for (const [dx, dy] of steps) {
        probe[0] = (xs[i] as number) + dx;
        probe[1] = (ys[i] as number) + dy;
        const k = walkKey(probe);
        if (seen.has(k)) continue;
        seen.add(k);
        if (!reaches(grid, probe, targets, hexes - depth - 1)) continue;
        let enemy = blocked?.get(k);
        if (enemy === undefined) {
          enemy = enemyAt(index, interceptor.id, probe);
          blocked?.set(k, enemy);
        }
        if (enemy) continue;
        nextXs.push(probe[0]);
        nextYs.push(probe[1]);
      }
    }
    xs = nextXs;
    ys = nextYs;
  }
  return null;
}

/**
 * Which cells an enemy stands on, for one attack's Intercept search: every ally it asks walks
 * around the same target, through many of the same cells, and whether an enemy of a body stands
 * on a cell depends only on the body's side and level (SpatialIndex isEnemy), so each cell is
 * asked of the index once per side and level, however many allies walk through it.
 */
export class EnemyCells {
  private readonly bySideAndLevel = new Map<string, Map<number, boolean>>();

  /** The answers so far for bodies of `body`'s side and level, by walk key. */
  of(body: { side: string; level?: string }): Map<number, boolean> {
    const key = `${body.side}\u0000${body.level ?? ""}`;
    let cells = this.bySideAndLevel.get(key);
    if (!cells) {
      cells = new Map();
      this.bySideAndLevel.set(key, cells);
    }
    return cells;
  }
}

/** Whether one of `goals` lies within `steps` of `cell`. */
function reaches(grid: EncounterState["grid"], cell: Cell, goals: readonly Cell[], steps: number): boolean {
  for (const goal of goals) if (distance(grid, cell, goal) <= steps) return true;
  return false;
}

/** Whether an enemy of `who` stands on `cell`. */
function enemyAt(index: SpatialIndex, who: string, cell: Cell): boolean {
  for (const id of index.occupantsAt(cell)) if (index.isEnemy(who, id)) return true;
  return false;
}

/**
 * The cells an interceptor of this attack could stand on, whoever it is (interceptCell then keeps
 * the open ones): beside both the attacker and the target (melee), or on the line between them.
 */
export function interceptSpots(
  state: EncounterState,
  attacker: Standing,
  target: Standing,
  melee: boolean,
): Cell[] {
  if (!placed(state, attacker, target) || !attacker.at || !target.at) return [];
  return melee
    ? footprint(gridOf(state), target.at, target.size)
        .flatMap((own) => neighbours(gridOf(state), own))
        .filter((cell) => touches(state, cell, attacker) && touches(state, cell, target))
    : line(gridOf(state), target.at, attacker.at).slice(1, -1);
}

/** A cell's centre on the plane, to compare directions (axial hex cells in the pointy-top layout;
 * the flat-top layout is the same plane turned, so angles between directions do not change). */
function centre(state: EncounterState, c: Cell): [number, number] {
  if (gridOf(state).type === "hex") return [Math.sqrt(3) * (c[0] + c[1] / 2), 1.5 * c[1]];
  return [c[0], c[1]];
}

/**
 * Who could possibly Intercept an attack on `target`, as a range query on the index (a superset
 * that interceptCell then checks one by one), in roster order. Melee: the interceptor must end
 * adjacent to the target after `hexes` steps, so one of its cells is now within `hexes` + 1 of one
 * of the target's. Ranged: it must stand on the line between them within `hexes` steps, so it is
 * now within `hexes` of a cell of that line. Unplaced combatants cannot intercept (interceptCell).
 */
export function interceptCandidates(
  state: EncounterState,
  attacker: Standing,
  target: Standing,
  melee: boolean,
  hexes: number,
  index: SpatialIndex,
): string[] {
  if (!placed(state, attacker, target) || !attacker.at || !target.at) return [];
  const around = melee
    ? footprint(gridOf(state), target.at, target.size).map((cell) => index.within(cell, hexes + 1))
    : line(gridOf(state), target.at, attacker.at)
        .slice(1, -1)
        .map((cell) => index.within(cell, hexes));
  // One query (a one-cell target) is already in roster order (`within` answers in body order).
  if (around.length === 1) return [...(around[0] as readonly string[])];
  const ids = new Set(around.flat());
  return [...ids].sort((a, b) => index.rankOf(a) - index.rankOf(b));
}

/**
 * The neighbour of `cell` straight away from `from`: on a hex grid, when `from` is adjacent, the
 * next hex on the line from `from` through `cell`. When `from` is farther off (reach 2 and more) or
 * lies between two grid directions, the neighbour whose direction from `cell` is closest to the
 * direction from `from` to `cell` (first in the grid's neighbour order on an exact tie).
 */
export function straightAway(state: EncounterState, from: Cell, cell: Cell): Cell | null {
  const [fx, fy] = centre(state, from);
  const [cx, cy] = centre(state, cell);
  const dx = cx - fx;
  const dy = cy - fy;
  const length = Math.hypot(dx, dy);
  if (length === 0) return null;
  let best: Cell | null = null;
  let bestCos = -Infinity;
  for (const n of neighbours(gridOf(state), cell)) {
    const [nx, ny] = centre(state, n);
    const cos = ((nx - cx) * dx + (ny - cy) * dy) / (Math.hypot(nx - cx, ny - cy) * length);
    // A tolerance, so float noise never breaks a tie the geometry makes exact.
    if (cos > bestCos + 1e-9) {
      best = n;
      bestCos = cos;
    }
  }
  return best;
}

/**
 * The cell a shove pushes `target` into: "push back 1 hex" is the hex straight away from the
 * shover (straightAway). Only when that hex is taken does the push fail (null); the engine never
 * pushes sideways instead.
 */
export function pushBackCell(
  state: EncounterState,
  shover: CombatantState,
  target: CombatantState,
): Cell | null {
  if (!placed(state, shover, target) || !shover.at || !target.at) return null;
  const cell = straightAway(state, shover.at, target.at);
  if (!cell || sameCell(cell, target.at)) return null;
  return isOpen(state, target, cell) ? cell : null;
}
