/**
 * Initiative: "Everyone rolls 1d10 + Agility Modifier", "Initiative proceeds from highest to lowest
 * roll", "Ties are resolved as normal". The text names no tie rule; this ruleset breaks ties by the
 * higher Agility modifier, then by a d10 roll-off among those still tied (higher first, rolled
 * again by those who tie again), as docs/rulesets/flow.md records.
 */
import type { Context } from "../../context";
import { inRosterOrder } from "../../core/combatants";
import type { CombatantState } from "../../state";
import { INITIATIVE_DIE } from "./catalog";

export function agilityOf(c: CombatantState): number {
  return c.stats.agility ?? 0;
}

/** Roll 1d10 + Agility for each combatant, in roster order; returns nothing, sets `initiative`. */
export function rollInitiative(ctx: Context, who: readonly CombatantState[]): void {
  for (const c of who) {
    const die = ctx.roll(INITIATIVE_DIE, "initiative", c.id);
    c.initiative = die + agilityOf(c);
    ctx.emit({ type: "initiativeRolled", who: c.id, die, agility: agilityOf(c), initiative: c.initiative });
  }
}

/** Split a list into runs of equal key, keeping order. */
function runs<T>(items: readonly T[], key: (item: T) => string): T[][] {
  const out: T[][] = [];
  for (const item of items) {
    const last = out[out.length - 1];
    if (last && last[0] !== undefined && key(last[0]) === key(item)) last.push(item);
    else out.push([item]);
  }
  return out;
}

/** Order tied combatants by a d10 roll-off, rolling again among any who tie again. */
function rollOff(ctx: Context, tied: CombatantState[]): CombatantState[] {
  if (tied.length < 2) return tied;
  const rolled = tied.map((c) => ({ c, roll: ctx.roll(INITIATIVE_DIE, "initiativeRollOff", c.id) }));
  ctx.emit({ type: "initiativeTieRolled", who: rolled.map((r) => r.c.id), rolls: rolled.map((r) => r.roll) });
  rolled.sort((a, b) => b.roll - a.roll);
  return runs(rolled, (r) => String(r.roll)).flatMap((group) =>
    rollOff(
      ctx,
      group.map((r) => r.c),
    ),
  );
}

/**
 * The initiative order of these combatants: highest initiative first, then higher Agility, then a
 * roll-off. Roll-offs happen from the highest tied initiative down; each rolls in roster order.
 */
export function initiativeOrder(ctx: Context, who: readonly CombatantState[]): string[] {
  const roster = inRosterOrder(ctx.state).filter((c) => who.includes(c));
  const sorted = [...roster].sort((a, b) => {
    const diff = (b.initiative ?? 0) - (a.initiative ?? 0);
    return diff !== 0 ? diff : agilityOf(b) - agilityOf(a);
  });
  const groups = runs(sorted, (c) => `${c.initiative ?? 0}/${agilityOf(c)}`);
  return groups.flatMap((group) => rollOff(ctx, group)).map((c) => c.id);
}
