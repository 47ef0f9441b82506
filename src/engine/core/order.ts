import type { Context } from "../context";
import type { CombatantState, EncounterState } from "../state";
import { inRosterOrder } from "./combatants";

/** Compare two combatants for turn order; negative puts `a` first. */
export type OrderComparator = (a: CombatantState, b: CombatantState) => number;

/** Highest initiative first; equal initiatives keep roster order unless `tie` decides. */
export function byInitiative(tie?: OrderComparator): OrderComparator {
  return (a, b) => {
    const diff = (b.initiative ?? -Infinity) - (a.initiative ?? -Infinity);
    if (diff !== 0) return diff;
    return tie ? tie(a, b) : 0;
  };
}

/** Ids sorted by a comparator; Array#sort is stable, so roster order breaks remaining ties. */
export function sortedIds(
  state: EncounterState,
  compare: OrderComparator,
  include?: (c: CombatantState) => boolean,
): string[] {
  return inRosterOrder(state)
    .filter((c) => (include ? include(c) : true))
    .sort(compare)
    .map((c) => c.id);
}

/** The next id in `order` after `from` for which `eligible` holds, or null at the end. */
export function nextInOrder(
  state: EncounterState,
  from: string | null,
  eligible: (c: CombatantState) => boolean = (c) => !c.defeated,
): string | null {
  const start = from === null ? 0 : state.order.indexOf(from) + 1;
  for (let i = start; i < state.order.length; i += 1) {
    const id = state.order[i];
    const c = id === undefined ? undefined : state.combatants[id];
    if (c && eligible(c)) return c.id;
  }
  return null;
}

/** Make `who` current and say so. */
export function beginTurn(ctx: Context, who: string | null): void {
  ctx.state.current = who;
  if (who !== null) ctx.emit({ type: "turnStarted", who, round: ctx.state.round });
}
