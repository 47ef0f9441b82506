import type { CombatantState, EncounterState } from "../state";

/** Limited things: "once per round" and the like are counters keyed "<scope>:<thing>". */
export type UsageScope = "turn" | "phase" | "round";

export function usedCount(c: CombatantState, scope: UsageScope, thing: string): number {
  return c.usage[`${scope}:${thing}`] ?? 0;
}

export function markUsed(c: CombatantState, scope: UsageScope, thing: string, amount = 1): void {
  const key = `${scope}:${thing}`;
  c.usage[key] = (c.usage[key] ?? 0) + amount;
}

/** Forget one combatant's counters of a scope (its turn ended, say). */
export function clearUsage(c: CombatantState, scope: UsageScope): void {
  for (const key of Object.keys(c.usage)) if (key.startsWith(`${scope}:`)) delete c.usage[key];
}

/** Forget every combatant's counters of a scope (the round or phase ended). */
export function clearAllUsage(state: EncounterState, scope: UsageScope): void {
  for (const id of state.roster) {
    const c = state.combatants[id];
    if (c) clearUsage(c, scope);
  }
}
