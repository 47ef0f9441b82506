import { LIMITS } from "../bounds";
import {
  buildSpatialIndex,
  sameGrid,
  withBodies,
  checkPathLegality,
  distance,
  findPathProvocations,
  footprint,
  reachFor,
  walkPath,
} from "../grid";
import type { Body, GridSpec, PathLegality, Provocation, Size, SpatialIndex } from "../grid";
import { insideScene } from "../schema";
import { refuse } from "../refusal";
import type { Cell, CombatantState, EncounterState } from "../state";
import { contextOf, engineChecks, gridOf, peeker, settled, type Context } from "../context";
import { combatant } from "./combatants";
import { combatantIn } from "../record";

/**
 * A combatant's reach in cells: size reach or weapon reach, whichever is larger (they do not stack).
 * A reach of 0 (no weapon reach) leaves the size's: the schema keeps `reach` a whole number >= 0.
 */
export function reachOf(c: CombatantState): number {
  return reachFor(c.size, c.reach);
}

function bodyOf(c: CombatantState, at: Cell, share: boolean): Body {
  // A plain state never changes, so its bodies keep its cells; inside a command `c.at` may be a
  // draft (or changed in place), which the index must not keep: a copy.
  return {
    id: c.id,
    side: c.side,
    anchor: share ? at : [at[0], at[1]],
    size: c.size,
    reach: reachOf(c),
    level: c.level,
  };
}

/**
 * The bodies on the grid: combatants with a cell who are still standing (or those `include`
 * keeps). Inside a command, the standing bodies come from the plain state the command started from,
 * with the combatants it moved (ctx.moved) read afresh: reading every combatant through the draft
 * costs more than the command itself at a few thousand combatants.
 */
export function bodiesOf(state: EncounterState, include?: (c: CombatantState) => boolean): Body[] {
  const ctx = include ? undefined : contextOf(state);
  if (ctx && ctx.base !== ctx.state) {
    const { bodies } = bodiesInCommand(ctx);
    // Stryker disable next-line BooleanLiteral: the self-check's expected bodies, shared or copied, are equal
    if (engineChecks.indexes) checkBodies(bodies, plainBodies(state, standing, false));
    return [...bodies];
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: sharing or copying the cells gives equal bodies; an index built inside a command is not kept past it (spatialIndexOf)
  return plainBodies(state, include ?? standing, contextOf(state) === undefined);
}

function standing(c: CombatantState): boolean {
  return !c.defeated;
}

function plainBodies(state: EncounterState, include: (c: CombatantState) => boolean, share: boolean): Body[] {
  const bodies: Body[] = [];
  // A gridless scene measures nothing: its tokens have places, but no body stands on a grid.
  if (gridOf(state).type === "none") return bodies;
  // Plain reads where nothing under them changed (settled): inside a command `state` is a draft.
  // The list is in roster order.
  for (const c of settled(state.combatants)) {
    if (!c.at || !include(c)) continue;
    bodies.push(bodyOf(c, c.at, share));
  }
  return bodies;
}

/**
 * The bodies inside a command: the base index's, with those of the combatants it moved read
 * afresh, in the same order. `same` is true when they hold the same ids in the same order as the
 * base's (nobody joined the grid, left it or fell), so the base's id lookup still serves.
 */
function bodiesInCommand(ctx: Context): { bodies: readonly Body[]; same: boolean } {
  const base = spatialIndexOf(ctx.base);
  const { moved } = ctx.geometry;
  if (moved.size === 0 || ctx.base.grid.type === "none") return { bodies: base.bodies, same: true };
  return bodiesMoved(base, moved, {
    read: peeker(ctx.state),
    roster: () => settled(ctx.state.roster),
    before: (id) => combatantIn(ctx.base, id),
    plain: false,
  });
}

/**
 * `base`'s bodies with the `moved` combatants' read afresh (`read`), in the same order; when one
 * of them came onto the grid, every body in roster order (the others as they were, `before`).
 * `plain`: the records read are a finished state's, whose cells a body may keep.
 */
function bodiesMoved(
  base: SpatialIndex,
  moved: ReadonlySet<string>,
  from: {
    read: (id: string) => CombatantState | undefined;
    roster: () => readonly string[];
    before: (id: string) => CombatantState | undefined;
    plain: boolean;
  },
): { bodies: readonly Body[]; same: boolean } {
  const onGrid = (c: CombatantState | undefined): c is CombatantState & { at: Cell } =>
    c !== undefined && c.at !== null && !c.defeated;
  // Somebody on the grid now who was not in the base: the order comes from the roster.
  for (const id of moved) {
    if (base.rankOf(id) < 0 && onGrid(from.read(id))) {
      const bodies: Body[] = [];
      for (const rid of from.roster()) {
        const c = moved.has(rid) ? from.read(rid) : from.before(rid);
        // Stryker disable next-line ConditionalExpression,LogicalOperator: sharing a plain cell or copying it gives the same body; sharing only saves the copy
        const share = from.plain || !moved.has(rid);
        if (onGrid(c)) bodies.push(bodyOf(c, c.at, share));
      }
      return { bodies, same: false };
    }
  }
  const bodies: Body[] = [];
  let same = true;
  for (const body of base.bodies) {
    if (!moved.has(body.id)) {
      bodies.push(body);
      continue;
    }
    const c = from.read(body.id);
    if (onGrid(c)) bodies.push(bodyOf(c, c.at, from.plain));
    else same = false;
  }
  return { bodies, same };
}

/** engineChecks.indexes: the bodies a command took from its base must be the draft's own. */
function checkBodies(fast: readonly Body[], exact: readonly Body[]): void {
  const text = (bodies: readonly Body[]) => JSON.stringify(bodies);
  if (text(fast) !== text(exact))
    throw new Error(
      `Tempo: a handler changed a body on the grid without ctx.moved: ${text(fast)} vs ${text(exact)}`,
    );
}

const indexCache = new WeakMap<EncounterState, SpatialIndex>();
const commandIndex = new WeakMap<Context, { version: number; index: SpatialIndex }>();
/**
 * A state a command made after its last index was built (a walk's last step comes after the
 * index its provocation check used): its index is made from the base's when first asked for,
 * with only the moved combatants' bodies read again, not built from every combatant (issue 31:
 * the first question a host asked after a move rebuilt the whole index, 200 bodies).
 */
const indexLater = new WeakMap<EncounterState, () => SpatialIndex>();

/**
 * The spatial index of a state. A host's state (a state not changed afterwards) gets one index,
 * built once and kept for as long as the state lives. Inside a command, the index of the state the
 * command started from serves until a handler moves somebody (ctx.moved), and one rebuilt after
 * each such move serves from then on.
 */
export function spatialIndexOf(state: EncounterState): SpatialIndex {
  const ctx = contextOf(state);
  if (ctx && ctx.base !== ctx.state) {
    if (ctx.geometry.moved.size === 0) {
      if (engineChecks.indexes) bodiesOf(state);
      return spatialIndexOf(ctx.base);
    }
    const known = commandIndex.get(ctx);
    if (known && known.version === ctx.geometry.version) return known.index;
    const { bodies, same } = bodiesInCommand(ctx);
    // Stryker disable next-line BooleanLiteral: the self-check's expected bodies, shared or copied, are equal
    if (engineChecks.indexes) checkBodies(bodies, plainBodies(state, standing, false));
    // The grid read plain: the index outlives the draft (carryIndex).
    const index = same
      ? withBodies(spatialIndexOf(ctx.base), bodies)
      : buildSpatialIndex(gridOf(state), bodies);
    commandIndex.set(ctx, { version: ctx.geometry.version, index });
    return index;
  }
  // A context that changes its state in place (no plain base): build afresh every time.
  if (ctx) return buildSpatialIndex(state.grid, bodiesOf(state));
  let index = indexCache.get(state);
  if (!index) {
    const later = indexLater.get(state);
    indexLater.delete(state);
    index = later ? later() : buildSpatialIndex(state.grid, bodiesOf(state));
    indexCache.set(state, index);
  }
  return index;
}

/**
 * After a command: the index of the state it made is the one the command last built, or its base's
 * when nobody moved, so the next command from that state (a `nextRound` of many `next`s, a host
 * that keeps the state it got) does not build it again. Only when the index matches the command's
 * last geometry (no move after it was built).
 */
export function carryIndex(ctx: Context, next: EncounterState): void {
  if (next === ctx.base) return;
  let index: SpatialIndex | undefined;
  if (ctx.geometry.moved.size === 0) index = indexCache.get(ctx.base);
  else {
    const known = commandIndex.get(ctx);
    if (known && known.version === ctx.geometry.version) index = known.index;
  }
  if (!index && ctx.geometry.moved.size > 0) {
    carryLater(ctx, next);
    return;
  }
  if (!index || !sameGrid(index.grid, next.grid)) return;
  if (engineChecks.indexes) checkBodies(index.bodies, plainBodies(next, standing, true));
  indexCache.set(next, index);
}

/** The index of `next`, to be made from its base's when first asked for (indexLater). */
function carryLater(ctx: Context, next: EncounterState): void {
  const base = indexCache.get(ctx.base);
  // Stryker disable next-line StringLiteral: a gridless scene's index has no bodies to carry; building its later index instead only costs time
  if (!base || !sameGrid(base.grid, next.grid) || next.grid.type === "none") return;
  const moved = new Set(ctx.geometry.moved);
  indexLater.set(next, () => {
    const { bodies, same } = bodiesMoved(base, moved, {
      read: (id) => combatantIn(next, id),
      roster: () => next.roster,
      before: (id) => combatantIn(next, id),
      // Stryker disable next-line BooleanLiteral: a plain state's cells shared or copied give equal bodies
      plain: true,
    });
    // Stryker disable next-line ConditionalExpression: a self-check run in tests (engineChecks); running it or not changes no result
    if (engineChecks.indexes) checkBodies(bodies, plainBodies(next, standing, true));
    return same ? withBodies(base, bodies) : buildSpatialIndex(next.grid, bodies);
  });
}

export interface PlannedPath {
  /** Every cell passed through, starting at the mover's cell. */
  cells: Cell[];
  legality: PathLegality;
  /** Steps that leave a cell an enemy threatens, with the enemies (not yet filtered by any limit). */
  provocations: Provocation[];
}

/** Walk a planned path (cells after the start, not necessarily adjacent) against the scene. */
export function planPath(
  state: EncounterState,
  who: string,
  waypoints: readonly Cell[],
  index?: SpatialIndex,
): PlannedPath {
  const mover = combatant(state, who);
  const grid = gridOf(state);
  if (grid.type === "none") refuse("NoGrid");
  if (!mover.at) refuse("NotOnGrid", { who: mover.name });
  requireWalkable(grid, mover.at, waypoints, mover.name, mover.size);
  const used = index ?? spatialIndexOf(state);
  const cells = walkPath(grid, mover.at, waypoints);
  return {
    cells,
    legality: checkPathLegality(used, grid, who, cells),
    provocations: findPathProvocations(used, grid, who, cells),
  };
}

/**
 * Refuse, before a single cell is walked, a path longer than anyone could move in one command
 * (LIMITS.walk cells, summed between waypoints) or one that leaves the scene: the work of a move
 * is bounded by what the rules allow, not by the coordinates a sender chose. With the mover's
 * `size`, a waypoint where any cell of its space would lie outside the scene is refused too (a
 * large token dropped in a corner does not hang off the map).
 */
export function requireWalkable(
  grid: GridSpec,
  start: Cell,
  waypoints: readonly Cell[],
  who: string,
  size?: Size,
): void {
  if (waypoints.length > LIMITS.waypoints) refuse("PathTooLong", { max: LIMITS.waypoints });
  let at = start;
  let length = 0;
  for (const waypoint of waypoints) {
    if (!insideScene(waypoint, grid.bounds))
      refuse("OutsideScene", { command: "move", field: "path", at: [waypoint[0], waypoint[1]] });
    // (A gridless scene never gets here: planPath refuses it, and `distance` has no cells to count.)
    if (size && grid.bounds)
      for (const cell of footprint(grid, waypoint, size))
        if (!insideScene(cell, grid.bounds))
          refuse("FootprintOutsideScene", { who, at: [waypoint[0], waypoint[1]] });
    length += distance(grid, at, waypoint);
    if (length > LIMITS.walk) refuse("MoveTooLong", { who, max: LIMITS.walk });
    at = waypoint;
  }
}

/** Refuse an illegal path with the reason the geometry found. */
export function requireLegalPath(plan: PlannedPath): void {
  if (!plan.legality.ok)
    refuse(`Move${plan.legality.reason}`, { at: [plan.legality.at[0], plan.legality.at[1]] });
}

/** Number of steps in a walked path (cells after the start). */
export function stepsOf(plan: PlannedPath): number {
  return Math.max(0, plan.cells.length - 1);
}
