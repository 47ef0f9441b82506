import { LIMITS } from "../bounds";
import {
  buildSpatialIndex,
  checkPathLegality,
  distance,
  findPathProvocations,
  reachFor,
  walkPath,
} from "../grid";
import type { Body, GridSpec, PathLegality, Provocation, SpatialIndex } from "../grid";
import { insideScene } from "../schema";
import { refuse } from "../refusal";
import type { Cell, CombatantState, EncounterState } from "../state";
import { combatant } from "./combatants";

/** A combatant's reach in cells: size reach or weapon reach, whichever is larger (they do not stack). */
export function reachOf(c: CombatantState): number {
  return reachFor(c.size, c.reach > 0 ? c.reach : undefined);
}

/** The bodies on the grid: combatants with a cell who are still standing. */
export function bodiesOf(
  state: EncounterState,
  include: (c: CombatantState) => boolean = (c) => !c.defeated,
): Body[] {
  const bodies: Body[] = [];
  for (const id of state.roster) {
    const c = state.combatants[id];
    if (!c || !c.at || !include(c)) continue;
    bodies.push({
      id: c.id,
      side: c.side,
      anchor: c.at,
      size: c.size,
      reach: reachOf(c),
      ...(c.level === undefined ? {} : { level: c.level }),
    });
  }
  return bodies;
}

const indexCache = new WeakMap<EncounterState, SpatialIndex>();

/**
 * The spatial index of a state, built once per state object. Only use it on states that are not
 * changed afterwards (a host's current state, a preview); inside a command handler build a fresh
 * one with buildSpatialIndex(state.grid, bodiesOf(state)).
 */
export function spatialIndexOf(state: EncounterState): SpatialIndex {
  let index = indexCache.get(state);
  if (!index) {
    index = buildSpatialIndex(state.grid, bodiesOf(state));
    indexCache.set(state, index);
  }
  return index;
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
  if (state.grid.type === "none") refuse("NoGrid");
  if (!mover.at) refuse("NotOnGrid", { who: mover.name });
  requireWalkable(state.grid, mover.at, waypoints, mover.name);
  const used = index ?? buildSpatialIndex(state.grid, bodiesOf(state));
  const cells = walkPath(state.grid, mover.at, waypoints);
  return {
    cells,
    legality: checkPathLegality(used, state.grid, who, cells),
    provocations: findPathProvocations(used, state.grid, who, cells),
  };
}

/**
 * Refuse, before a single cell is walked, a path longer than anyone could move in one command
 * (LIMITS.walk cells, summed between waypoints) or one that leaves the scene: the work of a move
 * is bounded by what the rules allow, not by the coordinates a sender chose.
 */
export function requireWalkable(grid: GridSpec, start: Cell, waypoints: readonly Cell[], who: string): void {
  if (waypoints.length > LIMITS.waypoints) refuse("PathTooLong", { max: LIMITS.waypoints });
  let at = start;
  let length = 0;
  for (const waypoint of waypoints) {
    if (!insideScene(waypoint, grid.bounds))
      refuse("OutsideScene", { command: "move", field: "path", at: [waypoint[0], waypoint[1]] });
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
