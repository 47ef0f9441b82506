/**
 * From Foundry documents to the engine's setup: plain functions over document-shaped data (what
 * a Combatant, its Actor and its Token hold), so they are tested without Foundry. The document
 * classes read their data into these shapes and call these functions.
 */
import { SIZES, type Cell, type CombatantSetup, type GridDescription, type Size } from "../../engine";
import { makeCell, offsetToAxial, type GridBounds, type HexLayout } from "../../engine/grid";
import { TRAITS } from "../data/catalog";

/** An actor's system data as the data models prepare it (stored fields plus derived ones). */
export interface ActorData {
  type: string;
  name: string;
  /** The actor has a player owner: a player character for the rules' tie breaks ("PCs beat NPCs"). */
  hasPlayerOwner: boolean;
  system: {
    size: string;
    stats: Record<string, number>;
    skills: Record<string, number>;
    traits: Record<string, boolean>;
    weapon: { reach: number; range: number; speed: number };
  };
}

/** A combatant's own data. */
export interface CombatantData {
  id: string;
  name: string;
  system: { side: string; marching: number | null; surprised: boolean; unseen: boolean };
  /** Hidden from players in the tracker (Foundry's combatant.hidden). */
  hidden: boolean;
}

/** The side an actor's combatant joins unless the combatant names one. */
export function defaultSide(actorType: string | null): string {
  return actorType === "character" ? "party" : "foes";
}

function isSize(value: string): value is Size {
  return (SIZES as readonly string[]).includes(value);
}

/**
 * The engine's CombatantSetup for a combatant. Weapon values feed the stats the rules read from a
 * weapon (flow's weaponRange, segments' weaponSpeed) when an equipped weapon gives them; otherwise
 * the actor's own stat stands.
 */
export function combatantSetup(
  combatant: CombatantData,
  actor: ActorData | null,
  at: Cell | null,
  level: string | null = null,
): CombatantSetup {
  const side = combatant.system.side.trim() || defaultSide(actor?.type ?? null);
  const setup: CombatantSetup = {
    id: combatant.id,
    name: combatant.name || actor?.name || combatant.id,
    side,
    pc: actor ? actor.type === "character" || actor.hasPlayerOwner : false,
    at,
    surprised: combatant.system.surprised,
    marching: combatant.system.marching,
    unseen: combatant.system.unseen,
  };
  // The token's scene level (v14): combatants on different levels neither threaten nor block.
  if (level !== null) setup.level = level;
  if (actor) {
    const { system } = actor;
    const stats = { ...system.stats };
    if (system.weapon.range > 0) stats["weaponRange"] = system.weapon.range;
    if (system.weapon.speed > 0) stats["weaponSpeed"] = system.weapon.speed;
    setup.size = isSize(system.size) ? system.size : "medium";
    setup.reach = system.weapon.reach;
    setup.stats = stats;
    setup.skills = { ...system.skills };
    setup.tags = TRAITS.filter((t) => system.traits[t] === true);
  }
  return setup;
}

/** Foundry's CONST.GRID_TYPES values (public API: CONST.GRID_TYPES). */
export const GRID_TYPES = {
  GRIDLESS: 0,
  SQUARE: 1,
  HEXODDR: 2,
  HEXEVENR: 3,
  HEXODDQ: 4,
  HEXEVENQ: 5,
} as const;
/** Foundry's CONST.GRID_DIAGONALS values that alternate 1-2-1 (public API: CONST.GRID_DIAGONALS). */
const ALTERNATING_DIAGONALS: readonly number[] = [4, 5];

/**
 * A scene's grid as the setup functions read it: Foundry's grid type, for squares its diagonal
 * rule, and the canvas's size in grid rows and columns (Scene#dimensions `rows`/`columns`, which
 * count the padding too: tokens may stand there).
 */
export interface SceneGridData {
  type: number;
  diagonals?: number;
  rows?: number;
  columns?: number;
}

/** A scene's grid as engine data: only the adapter reads the scene. */
export function gridDescription(grid: SceneGridData | null): GridDescription {
  if (!grid || grid.type === GRID_TYPES.GRIDLESS) return { type: "none" };
  const bounds = sceneBounds(grid);
  if (grid.type === GRID_TYPES.SQUARE) {
    return {
      type: "square",
      diagonals: ALTERNATING_DIAGONALS.includes(grid.diagonals ?? 0) ? "alternating" : "equidistant",
      ...(bounds ? { bounds } : {}),
    };
  }
  return bounds ? { type: "hex", bounds } : { type: "hex" };
}

/**
 * The inclusive box of cells the scene's canvas covers, in the engine's coordinates (issue 12:
 * "cells lie inside the scene"), or undefined when the scene's size is unknown. Square cells are
 * offsets 0..rows-1 and 0..columns-1. On hex grids the canvas's edges cut partial hexes that a
 * token's centre can still fall in, so the offset range is widened by one cell each way; the box
 * is then the axial box around that offset rectangle, found on its edge cells (axial q or r is
 * monotonic along a row or column, so the extremes lie on the edge).
 */
export function sceneBounds(grid: SceneGridData): GridBounds | undefined {
  const { rows, columns } = grid;
  if (rows === undefined || columns === undefined) return undefined;
  if (!Number.isInteger(rows) || !Number.isInteger(columns) || rows < 1 || columns < 1) return undefined;
  if (grid.type === GRID_TYPES.SQUARE) return { min: [0, 0], max: [columns - 1, rows - 1] };
  if (!HEX_LAYOUT_BY_TYPE[grid.type]) return undefined;
  const [i0, i1, j0, j1] = [-1, rows, -1, columns];
  let min: [number, number] = [Infinity, Infinity];
  let max: [number, number] = [-Infinity, -Infinity];
  const take = (i: number, j: number) => {
    const cell = cellOfOffset(grid.type, { i, j });
    if (!cell) return;
    min = [Math.min(min[0], cell[0]), Math.min(min[1], cell[1])];
    max = [Math.max(max[0], cell[0]), Math.max(max[1], cell[1])];
  };
  for (let i = i0; i <= i1; i++) {
    take(i, j0);
    take(i, j1);
  }
  for (let j = j0; j <= j1; j++) {
    take(i0, j);
    take(i1, j);
  }
  return { min: makeCell(min[0], min[1]), max: makeCell(max[0], max[1]) };
}

const HEX_LAYOUT_BY_TYPE: Readonly<Record<number, HexLayout>> = {
  [GRID_TYPES.HEXODDR]: "HEXODDR",
  [GRID_TYPES.HEXEVENR]: "HEXEVENR",
  [GRID_TYPES.HEXODDQ]: "HEXODDQ",
  [GRID_TYPES.HEXEVENQ]: "HEXEVENQ",
};

/**
 * A token's cell from its grid offset (Foundry's `grid.getOffset`: i row, j column): axial [q, r]
 * on hex grids, [x, y] on square grids, none when gridless.
 */
export function cellOfOffset(gridType: number, offset: { i: number; j: number }): Cell | null {
  if (gridType === GRID_TYPES.GRIDLESS) return null;
  const layout = HEX_LAYOUT_BY_TYPE[gridType];
  if (layout) return offsetToAxial(layout, offset);
  return [offset.j, offset.i];
}

/** What makes two combatants one character: the token each stands for, and its actor. */
export interface CombatantIdentity {
  id: string;
  actorId: string | null;
  sceneId: string | null;
  tokenId: string | null;
  /** The token shares its actor's data (TokenDocument#actorLink): a linked character is one being. */
  linked: boolean;
}

/**
 * Does `b` stand for the same character as `a`? The same token, or the same actor where neither
 * has a token of its own data (no token, or a linked one: TokenDocument#actorLink,
 * https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html#actorlink). Unlinked
 * tokens of one actor (five goblins) are five beings.
 */
export function sameCharacter(a: CombatantIdentity, b: CombatantIdentity): boolean {
  if (a.tokenId !== null && b.tokenId !== null)
    return (
      (a.tokenId === b.tokenId && a.sceneId === b.sceneId) ||
      (a.linked && b.linked && a.actorId === b.actorId)
    );
  const bare = (c: CombatantIdentity) => c.tokenId === null || c.linked;
  return a.actorId !== null && a.actorId === b.actorId && bare(a) && bare(b);
}

/** The combatants of a list that repeat a character an earlier one stands for, in order. */
export function duplicateCombatants(list: readonly CombatantIdentity[]): CombatantIdentity[] {
  return list.filter((c, i) => list.slice(0, i).some((earlier) => sameCharacter(earlier, c)));
}
