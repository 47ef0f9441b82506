/**
 * Foundry's turn order and `turn` index as the engine's state gives them.
 */
import { type EncounterState } from "../../engine";

/**
 * Foundry's turn order for a combat: the engine's `order` first, then the rest of its roster
 * (defeated, or not acting in this phase or stage), then ids the engine does not know, each group
 * in the order given.
 */
export function turnOrder(state: EncounterState | null, ids: readonly string[]): string[] {
  if (!state) return [...ids];
  const known = new Set(ids);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const id of [...state.order, ...state.roster, ...ids]) {
    if (!known.has(id) || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** Sort key for `_sortCombatants`: lower acts earlier. */
export function turnRank(state: EncounterState | null, id: string): number {
  if (!state) return Number.MAX_SAFE_INTEGER;
  const inOrder = state.order.indexOf(id);
  if (inOrder >= 0) return inOrder;
  const inRoster = state.roster.indexOf(id);
  return inRoster >= 0 ? state.order.length + inRoster : Number.MAX_SAFE_INTEGER;
}

/** Foundry's `turn`: the index of the engine's current combatant in the turn order, or null between turns. */
export function turnIndex(state: EncounterState, ids: readonly string[]): number | null {
  if (state.current === null) return null;
  const index = turnOrder(state, ids).indexOf(state.current);
  return index >= 0 ? index : null;
}
