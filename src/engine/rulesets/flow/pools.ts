/**
 * AP, RP and FP: when they fill, refill, decay and grow.
 */
import { held, type Context } from "../../context";
import { combatant } from "../../core/combatants";
import { gain, setPool, spend } from "../../core/pools";
import { markUsed, usedCount } from "../../core/usage";
import type { PoolDef } from "../../ruleset";
import type { CombatantState } from "../../state";
import { AP_PER_ROUND, FP_AT_START, FP_FOR_REACTION, FULL_RP } from "./catalog";

/**
 * "5 AP per round" (refilled when the round begins), "Players regain their RP at the start of
 * their turn after combat is underway", "2 FP at start of combat" (FP then only grows and decays).
 */
export const FLOW_POOLS: readonly PoolDef[] = [
  { id: "ap", refillsAt: () => "roundStart" },
  { id: "rp", refillsAt: () => "turnStart" },
  { id: "fp", refillsAt: () => "combatStart" },
];

/** "It is possible to start a round with more than 5": the stat maxAp raises the allotment. */
export function apAllotment(c: CombatantState): number {
  return held(c, "stats").maxAp ?? AP_PER_ROUND;
}

/** "Full RP (usually 2, unless abilities grant more)": the stat maxRp raises it. */
export function fullRp(c: CombatantState): number {
  return held(c, "stats").maxRp ?? FULL_RP;
}

export function setupPools(c: CombatantState): void {
  c.maxPools = { ap: apAllotment(c), rp: fullRp(c), fp: FP_AT_START };
  c.pools = { ap: apAllotment(c), rp: fullRp(c), fp: FP_AT_START };
}

export function poolOf(c: CombatantState, pool: string): number {
  return c.pools[pool] ?? 0;
}

/** Refill RP to full if below ("regain their RP at the start of their turn"). */
export function regainRp(ctx: Context, who: string): void {
  const c = combatant(ctx.state, who);
  if (poolOf(c, "rp") < fullRp(c)) setPool(ctx, who, "rp", fullRp(c), "turnStart");
}

/** "Gain 1 FP from a successful reaction (once per round)". */
export function gainReactionFp(ctx: Context, who: string): void {
  const c = combatant(ctx.state, who);
  if (usedCount(c, "round", "reactionFp") > 0) return;
  markUsed(c, "round", "reactionFp");
  gain(ctx, who, "fp", FP_FOR_REACTION, "successfulReaction");
}

/** Spend FP without refusing: decay stops at zero ("pools never go negative"). */
export function loseFp(ctx: Context, who: string, amount: number, reason: string): void {
  const c = combatant(ctx.state, who);
  const lost = Math.min(amount, poolOf(c, "fp"));
  if (lost > 0) spend(ctx, who, "fp", lost, reason);
}
