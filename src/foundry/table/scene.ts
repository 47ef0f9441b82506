/**
 * Reading a token's own scene for movement: which running combat a token fights in, which cell a
 * waypoint stands in, where a cell is in pixels, what a token lets others see. Thin wrappers over
 * Foundry; the rules they feed live in src/foundry/rules.
 */
import type { Cell, EncounterState } from "../../engine";
import { axialToOffset, type HexLayout } from "../../engine/grid";
import { GRID_TYPES, cellOfOffset } from "../store/setup";
import type { TempoCombat } from "../documents/combat";
import { detectionModesOf, type SightData } from "../rules/sight";
import { combatantIn } from "../../engine/record";
import { tempoCombat } from "../documents/find";
import { SIGHT_STATUSES, vouchedSightOf } from "../rules/vouched";

/** A token's place in a running Tempo combat. */
export interface Fighting {
  combat: TempoCombat;
  combatant: Combatant.Implementation;
  state: EncounterState;
}

/** The running combat (on this token's scene) in which the token's combatant fights, if any. */
export function fightingIn(token: TokenDocument.Implementation): Fighting | null {
  const sceneId = token.parent?.id ?? null;
  for (const each of game.combats ?? []) {
    const combat = tempoCombat(each);
    const state = combat?.encounter;
    if (!combat) continue;
    if (!state || state.status !== "active") continue;
    const combatant = combat.combatants.find((c) => c.tokenId === token.id && c.sceneId === sceneId);
    if (combatant?.id && combatantIn(state, combatant.id)) return { combat, combatant, state };
  }
  return null;
}

/**
 * The token document of a combatant in a combat, on the combat's own scene (Combatant#token reads
 * the combatant's scene), whichever scene the canvas shows.
 */
export function tokenOf(combat: TempoCombat, combatantId: string): TokenDocument.Implementation | null {
  const combatant = combat.combatants.get(combatantId);
  return combatant?.token ?? null;
}

/** A position's token-sized box, as a waypoint or the token itself gives it. */
export interface Box {
  x: number;
  y: number;
  elevation?: number;
  width?: number;
  height?: number;
}

/**
 * The cell a token standing at `box` occupies: the grid offset of its centre (the top-left corner
 * of a hex token's box lies outside its hex), as an engine cell.
 */
export function cellAt(token: TokenDocument.Implementation, box: Box): Cell | null {
  // The token's own scene's grid (Scene#grid), not the canvas's: they differ when the viewer looks elsewhere.
  const grid = token.parent?.grid;
  if (!grid) return null;
  const center = token.getCenterPoint({
    x: box.x,
    y: box.y,
    elevation: box.elevation ?? token.elevation,
    width: box.width ?? token.width,
    height: box.height ?? token.height,
  });
  return cellOfOffset(grid.type, grid.getOffset(center));
}

const LAYOUTS: Readonly<Record<number, HexLayout>> = {
  [GRID_TYPES.HEXODDR]: "HEXODDR",
  [GRID_TYPES.HEXEVENR]: "HEXEVENR",
  [GRID_TYPES.HEXODDQ]: "HEXODDQ",
  [GRID_TYPES.HEXEVENQ]: "HEXEVENQ",
};

/** Foundry's grid offset of an engine cell: axial on hex grids, [x, y] = column, row on square ones. */
export function offsetOfCell(gridType: number, cell: Cell): { i: number; j: number } {
  const layout = LAYOUTS[gridType];
  return layout ? axialToOffset(layout, cell) : { i: cell[1], j: cell[0] };
}

/** Where the token's top-left corner goes for it to stand in `cell`. */
export function positionOf(token: TokenDocument.Implementation, cell: Cell): { x: number; y: number } | null {
  const grid = token.parent?.grid;
  if (!grid) return null;
  const center = grid.getCenterPoint(offsetOfCell(grid.type, cell));
  const width = token.width ?? 1;
  const height = token.height ?? 1;
  const x = center.x - (width * grid.sizeX) / 2;
  const y = center.y - (height * grid.sizeY) / 2;
  const snapped = token.getSnappedPosition({ x, y, elevation: token.elevation, width, height });
  return { x: snapped.x, y: snapped.y };
}

/** What others can see of a token: Foundry's hidden flag, its status ids, its detection modes. */
export function sightOf(token: TokenDocument.Implementation | null): SightData | null {
  if (!token) return null;
  const statuses = token.actor ? [...token.actor.statuses] : [];
  // v13 gives an array of { id, enabled, range }, v14 an object keyed by mode id: read either.
  const raw: unknown = token.detectionModes;
  return { hidden: token.hidden, statuses, detectionModes: detectionModesOf(raw) };
}

/**
 * What a combatant's token lets others see, reading the GM-vouched record as the whole truth: a
 * sight status counts when the GM vouched for it (a player's is shown on the token but decides
 * nothing, and the GM's stays in force when a player deletes its effect), and the token's
 * `hidden` and detection modes count as the GM set them.
 */
export function trustedSightOf(combat: TempoCombat, who: string): SightData | null {
  const sight = sightOf(tokenOf(combat, who));
  if (!sight) return null;
  const vouched = vouchedSightOf(combat, who);
  return {
    hidden: vouched.hidden ?? sight.hidden,
    detectionModes: vouched.detectionModes ?? sight.detectionModes,
    statuses: [...sight.statuses.filter((s) => !SIGHT_STATUSES.includes(s)), ...vouched.statuses],
  };
}
