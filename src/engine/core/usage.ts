import { held, rosterView } from "../context";
import type { CombatantState, EncounterState } from "../state";
import { draftOf } from "./combatants";

/** Limited things: "once per round" and the like are counters keyed "<scope>:<thing>". */
export type UsageScope = "turn" | "phase" | "round";

/** How many times `thing` was used in `scope`; read as held (context.ts), so no draft is made. */
export function usedCount(c: CombatantState, scope: UsageScope, thing: string): number {
  return held(c, "usage")[`${scope}:${thing}`] ?? 0;
}

export function markUsed(c: CombatantState, scope: UsageScope, thing: string, amount = 1): void {
  const key = `${scope}:${thing}`;
  c.usage[key] = (c.usage[key] ?? 0) + amount;
}

/**
 * Forget one combatant's counters of a scope (its turn ended, say). The counters are read as held
 * (no draft of them is made) and, when one of the scope is there, replaced by the ones left: one
 * write, where deleting key by key would go through the draft once per key.
 */
export function clearUsage(c: CombatantState, scope: UsageScope): void {
  if (!hasUsage(c, scope)) return;
  const usage = held(c, "usage");
  const kept: Record<string, number> = {};
  for (const key in usage) if (!key.startsWith(`${scope}:`)) kept[key] = usage[key] as number;
  c.usage = kept;
}

function hasUsage(c: CombatantState, scope: UsageScope): boolean {
  for (const key in held(c, "usage")) if (key.startsWith(`${scope}:`)) return true;
  return false;
}

/**
 * Forget every combatant's counters of a scope (the round or phase ended). Only a combatant with
 * such a counter is taken from the draft: the others are read, not copied.
 */
export function clearAllUsage(state: EncounterState, scope: UsageScope): void {
  for (const c of rosterView(state)) {
    if (!hasUsage(c, scope)) continue;
    const d = draftOf(state, c.id);
    if (d) clearUsage(d, scope);
  }
}
