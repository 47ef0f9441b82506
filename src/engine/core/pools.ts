import type { Context } from "../context";
import { refuse } from "../refusal";
import type { CombatantState } from "../state";
import { combatant } from "./combatants";

const POOL_REFUSAL: Record<string, string> = { ap: "NotEnoughAP", rp: "NotEnoughRP", fp: "NotEnoughFP" };

/** Refuse unless `c` has `amount` of `pool`. */
export function requirePool(c: CombatantState, pool: string, amount: number): void {
  const have = c.pools[pool] ?? 0;
  if (have < amount) refuse(POOL_REFUSAL[pool] ?? "NotEnoughPool", { who: c.name, pool, need: amount, have });
}

/** Refuse unless every cost can be paid; pays nothing. */
export function requireCosts(c: CombatantState, costs: Readonly<Record<string, number>>): void {
  for (const [pool, amount] of Object.entries(costs)) requirePool(c, pool, amount);
}

/** Spend from a pool (never below zero: refuses instead). */
export function spend(ctx: Context, who: string, pool: string, amount: number, reason: string): void {
  if (amount <= 0) return;
  const c = combatant(ctx.state, who);
  requirePool(c, pool, amount);
  c.pools[pool] = (c.pools[pool] ?? 0) - amount;
  ctx.emit({ type: "poolSpent", who, pool, amount, reason, value: c.pools[pool] ?? 0 });
}

/** Pay every cost, after checking all of them first so a refusal pays nothing. */
export function payCosts(
  ctx: Context,
  who: string,
  costs: Readonly<Record<string, number>>,
  reason: string,
): void {
  requireCosts(combatant(ctx.state, who), costs);
  for (const [pool, amount] of Object.entries(costs)) spend(ctx, who, pool, amount, reason);
}

/** Add to a pool; `cap` limits the result when given. */
export function gain(
  ctx: Context,
  who: string,
  pool: string,
  amount: number,
  reason: string,
  cap?: number,
): void {
  const c = combatant(ctx.state, who);
  const before = c.pools[pool] ?? 0;
  const after = cap === undefined ? before + amount : Math.min(cap, before + amount);
  if (after === before) return;
  c.pools[pool] = after;
  ctx.emit({ type: "poolGained", who, pool, amount: after - before, reason, value: after });
}

/** Set a pool to a value (refill, forfeit, decay); never below zero. */
export function setPool(ctx: Context, who: string, pool: string, value: number, reason: string): void {
  const c = combatant(ctx.state, who);
  const next = Math.max(0, value);
  if ((c.pools[pool] ?? 0) === next && pool in c.pools) return;
  c.pools[pool] = next;
  ctx.emit({ type: "poolSet", who, pool, value: next, reason });
}
