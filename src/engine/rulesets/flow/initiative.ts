/**
 * Initiative: "Everyone rolls 1d10 + Agility Modifier", "Initiative proceeds from highest to lowest
 * roll", "Ties are resolved as normal". The text names no tie rule; this ruleset breaks ties by the
 * higher Agility modifier (unless the option initiativeTies is rollOff), then by a d10 roll-off
 * among those still tied (higher first, rolled again by those who tie again), as
 * docs/rulesets/flow.md records ("Decisions").
 */
import type { Context } from "../../context";
import { inRosterOrder } from "../../core/combatants";
import type { CombatantState } from "../../state";
import { INITIATIVE_DIE } from "./catalog";
import { flowOption } from "./options";

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

/** Whether ties go to the higher Agility first (option initiativeTies: agility) or straight to a roll-off. */
function agilityFirst(ctx: Context): boolean {
  return flowOption(ctx.state, "initiativeTies") === "agility";
}

/**
 * The initiative order of these combatants: highest initiative first, then higher Agility (unless
 * the option initiativeTies is rollOff), then a roll-off. Roll-offs happen from the highest tied
 * initiative down; each rolls in roster order.
 */
export function initiativeOrder(ctx: Context, who: readonly CombatantState[]): string[] {
  const byAgility = agilityFirst(ctx);
  const roster = inRosterOrder(ctx.state).filter((c) => who.includes(c));
  const sorted = [...roster].sort((a, b) => {
    const diff = (b.initiative ?? 0) - (a.initiative ?? 0);
    return diff !== 0 || !byAgility ? diff : agilityOf(b) - agilityOf(a);
  });
  const groups = runs(sorted, (c) =>
    byAgility ? `${c.initiative ?? 0}/${agilityOf(c)}` : `${c.initiative ?? 0}`,
  );
  return groups.flatMap((group) => rollOff(ctx, group)).map((c) => c.id);
}

/**
 * Where a combatant joining a running fight goes in `order` (ids, highest first): before the first
 * with a lower initiative. A tie is resolved by the same rule as at the start ("Ties are resolved
 * as normal"), one placed combatant at a time: the higher Agility goes first (unless initiativeTies
 * is rollOff); on equal Agility the two roll a d10 each, the one placed first rolling first, again
 * on an equal roll. The joiner goes before the first it beats; those placed keep their order.
 */
export function joinerPlace(
  ctx: Context,
  joiner: CombatantState,
  order: readonly string[],
  read: (id: string) => CombatantState | undefined,
): number {
  const byAgility = agilityFirst(ctx);
  const score = joiner.initiative ?? 0;
  let at = order.findIndex((id) => (read(id)?.initiative ?? 0) <= score);
  if (at < 0) return order.length;
  for (; at < order.length; at += 1) {
    const other = read(order[at] as string);
    if (!other || (other.initiative ?? 0) !== score) break;
    const agility = byAgility ? agilityOf(joiner) - agilityOf(other) : 0;
    if (agility > 0) break;
    if (agility < 0) continue;
    if (winsRollOff(ctx, other.id, joiner.id)) break;
  }
  return at;
}

/** A d10 roll-off between two tied combatants, `first` rolling first; whether `second` wins. */
function winsRollOff(ctx: Context, first: string, second: string): boolean {
  for (;;) {
    const rolls = [first, second].map((id) => ctx.roll(INITIATIVE_DIE, "initiativeRollOff", id));
    ctx.emit({ type: "initiativeTieRolled", who: [first, second], rolls });
    const [a = 0, b = 0] = rolls;
    if (a !== b) return b > a;
  }
}
