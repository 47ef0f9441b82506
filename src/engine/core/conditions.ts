import { held, rosterView, type Context } from "../context";
import type { CombatantState } from "../state";
import { combatant } from "./combatants";

export function hasCondition(c: CombatantState, id: string): boolean {
  // Read as held (context.ts): asking a combatant of a command's draft makes no draft of its list.
  const conditions = held(c, "conditions");
  for (let i = 0; i < conditions.length; i += 1) if (conditions[i]?.id === id) return true;
  return false;
}

/** Add a condition, or refresh its duration if it is already there. */
export function addCondition(ctx: Context, who: string, id: string, rounds: number | null = null): void {
  const c = combatant(ctx.state, who);
  const existing = c.conditions.find((k) => k.id === id);
  if (existing) existing.rounds = rounds;
  else c.conditions.push({ id, rounds });
  ctx.emit({ type: "conditionAdded", who, condition: id, rounds });
}

export function removeCondition(ctx: Context, who: string, id: string): void {
  const c = combatant(ctx.state, who);
  if (!hasCondition(c, id)) return;
  c.conditions = c.conditions.filter((k) => k.id !== id);
  ctx.emit({ type: "conditionRemoved", who, condition: id });
}

/** Advance timed conditions of one combatant by one round; those that reach zero end. */
export function tickConditions(ctx: Context, who: string): void {
  const c = combatant(ctx.state, who);
  for (const k of [...c.conditions]) {
    if (k.rounds === null) continue;
    k.rounds -= 1;
    if (k.rounds <= 0) removeCondition(ctx, who, k.id);
  }
}

/** Advance every combatant's timed conditions (rulesets whose conditions tick at the end of the round). */
export function tickAllConditions(ctx: Context): void {
  // Only a combatant with a timed condition changes: the others are read, not taken from the draft.
  for (const c of rosterView(ctx.state))
    if (c.conditions.some((k) => k.rounds !== null)) tickConditions(ctx, c.id);
}
