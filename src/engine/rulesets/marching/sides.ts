import { distance } from "../../grid";
import type { Cell, CombatantState, EncounterState } from "../../state";
import { inRosterOrder } from "../../core/combatants";
import { rosterView } from "../../context";

/**
 * marching.txt "Before combat, the party should have a marching order showing who is where."
 * Members of a side in marching order (1 = lead); those without a place follow, in roster order.
 */
export function inMarchingOrder(members: readonly CombatantState[]): CombatantState[] {
  return [...members].sort((a, b) => (a.marching ?? Infinity) - (b.marching ?? Infinity));
}

/**
 * The party: the side of the player characters (of the first PC in marching order). Without PCs,
 * the side of whoever has a marching place, else the first combatant's side.
 */
export function partySide(state: EncounterState): string | null {
  const all = rosterView(state);
  const pcs = inMarchingOrder(all.filter((c) => c.pc && !c.defeated));
  if (pcs[0]) return pcs[0].side;
  const marching = inMarchingOrder(all.filter((c) => c.marching !== null && !c.defeated));
  if (marching[0]) return marching[0].side;
  return all[0]?.side ?? null;
}

/** "the lead person, usually the first in marching order or the vanguard". */
export function leadOf(state: EncounterState): string | null {
  return leadOfSide(state, partySide(state));
}

/** The standing member of `side` first in marching order: the lead of that party. */
export function leadOfSide(state: EncounterState, side: string | null): string | null {
  const members = rosterView(state).filter((c) => c.side === side && !c.defeated);
  return inMarchingOrder(members)[0]?.id ?? null;
}

export function partyOf(state: EncounterState): CombatantState[] {
  const side = partySide(state);
  return inRosterOrder(state).filter((c) => c.side === side);
}

/** The monsters: every combatant not of the party. */
export function monstersOf(state: EncounterState): CombatantState[] {
  const side = partySide(state);
  return inRosterOrder(state).filter((c) => c.side !== side);
}

/** A side is unseen when every standing member of it is unseen by the other side. */
export function sideUnseen(members: readonly CombatantState[]): boolean {
  const standing = members.filter((c) => !c.defeated);
  return standing.length > 0 && standing.every((c) => c.unseen);
}

/** Grid distance between two combatants, or null off the grid. */
function gap(state: EncounterState, a: CombatantState, b: CombatantState): number | null {
  if (state.grid.type === "none" || !a.at || !b.at) return null;
  return distance(state.grid, a.at, b.at);
}

/** Distance to the nearest of `others` (Infinity when no distance can be measured). */
export function nearestDistance(
  state: EncounterState,
  c: CombatantState,
  others: readonly CombatantState[],
): number {
  let best = Infinity;
  for (const o of others) {
    if (o.defeated) continue;
    const d = gap(state, c, o);
    if (d !== null && d < best) best = d;
  }
  return best;
}

/**
 * Screen position of a cell: square cells as they are (y grows downward), hex axial cells in the
 * pointy-top layout. Only used to measure clockwise angles.
 */
function point(state: EncounterState, c: Cell): [number, number] {
  if (state.grid.type === "hex") return [Math.sqrt(3) * (c[0] + c[1] / 2), 1.5 * c[1]];
  return [c[0], c[1]];
}

/** Clockwise angle of `c` around `centre`, starting from straight up (north), in [0, 2π). */
export function clockwiseAngle(state: EncounterState, centre: Cell, c: Cell): number {
  const [cx, cy] = point(state, centre);
  const [x, y] = point(state, c);
  const angle = Math.atan2(x - cx, -(y - cy));
  return angle < 0 ? angle + 2 * Math.PI : angle;
}

/**
 * marching.txt "Take turns from the point of contact closest to the target, radiating outward
 * clockwise in a spiral." The spiral around a cell: nearer first; at the same distance, clockwise
 * from north; then roster order. Combatants off the grid come last, in roster order.
 */
export function spiralFrom(
  state: EncounterState,
  centre: Cell | null,
  members: readonly CombatantState[],
): CombatantState[] {
  if (centre === null || state.grid.type === "none") return [...members];
  const key = (c: CombatantState): [number, number] => {
    if (!c.at) return [Infinity, 0];
    const d = distance(state.grid, centre, c.at);
    return [d, d === 0 ? 0 : clockwiseAngle(state, centre, c.at)];
  };
  return [...members].sort((a, b) => {
    const [da, aa] = key(a);
    const [db, ab] = key(b);
    if (da !== db) return da < db ? -1 : 1;
    return aa - ab;
  });
}

/**
 * The point of contact of a side with its enemies: the cell of its member nearest to any enemy
 * (the first in roster order on a tie), or null off the grid.
 */
export function contactPoint(
  state: EncounterState,
  side: readonly CombatantState[],
  enemies: readonly CombatantState[],
): Cell | null {
  let best: CombatantState | null = null;
  let bestD = Infinity;
  for (const c of side) {
    if (c.defeated || !c.at) continue;
    const d = nearestDistance(state, c, enemies);
    if (d < bestD) {
      best = c;
      bestD = d;
    }
  }
  return best?.at ?? null;
}

/**
 * "If the lead character cedes initiative, the monsters act in order, starting with the ones
 * closest to the PCs." Nearest to any PC first; equal distances follow the spiral around the
 * monsters' point of contact; then roster order.
 */
export function nearestFirst(
  state: EncounterState,
  monsters: readonly CombatantState[],
  party: readonly CombatantState[],
): CombatantState[] {
  const spiral = spiralFrom(state, contactPoint(state, monsters, party), monsters);
  const rank = new Map(spiral.map((c, i) => [c.id, i]));
  return [...monsters].sort((a, b) => {
    const da = nearestDistance(state, a, party);
    const db = nearestDistance(state, b, party);
    if (da !== db) return da < db ? -1 : 1;
    return (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0);
  });
}

export type Initiative = "take" | "cede";

/**
 * The round's order. take: "the players act first in marching order", then the monsters; cede:
 * "the monsters act in order, starting with the ones closest to the PCs", then the players. The
 * side that acts second takes its turns in the spiral from its point of contact.
 */
export function roundOrder(state: EncounterState, initiative: Initiative): string[] {
  const party = partyOf(state);
  const monsters = monstersOf(state);
  if (initiative === "take") {
    const second = spiralFrom(state, contactPoint(state, monsters, party), monsters);
    return [...inMarchingOrder(party), ...second].map((c) => c.id);
  }
  const second = spiralFrom(state, contactPoint(state, party, monsters), party);
  return [...nearestFirst(state, monsters, party), ...second].map((c) => c.id);
}
