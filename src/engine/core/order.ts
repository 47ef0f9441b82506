import { peeker, type Context } from "../context";
import type { CombatantState, EncounterState } from "../state";

/** The next id in `order` after `from` for which `eligible` holds, or null at the end. */
export function nextInOrder(
  state: EncounterState,
  from: string | null,
  eligible: (c: CombatantState) => boolean = (c) => !c.defeated,
): string | null {
  const start = from === null ? 0 : state.order.indexOf(from) + 1;
  const read = peeker(state);
  for (let i = start; i < state.order.length; i += 1) {
    const id = state.order[i];
    const c = id === undefined ? undefined : read(id);
    if (c && eligible(c)) return c.id;
  }
  return null;
}

/** Make `who` current and say so. */
export function beginTurn(ctx: Context, who: string | null): void {
  ctx.state.current = who;
  if (who !== null) ctx.emit({ type: "turnStarted", who, round: ctx.state.round });
}
