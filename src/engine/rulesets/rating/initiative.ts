import type { Context } from "../../context";
import { combatant, inRosterOrder } from "../../core/combatants";
import type { CombatantState, JsonObject } from "../../state";
import { groupOf, isSurprised, objectField, stat } from "./setup";

/**
 * Initiative (rating.txt Step 3): "An Initiative Roll is made by rolling [1d6] and adding the
 * character's Initiative Rating." Surprised characters "do not roll 1d6 for initiative; they
 * simply use their Initiative Rating". A GM group of similar NPCs rolls one d6 when its first
 * member is reached ("should roll once for larger groups of similar NPCs"); each member adds its
 * own rating to that die.
 */
export function rollInitiative(ctx: Context, c: CombatantState): void {
  const rating = stat(c, "initiativeRating");
  if (isSurprised(c)) {
    c.initiative = rating;
    ctx.emit({ type: "initiativeRolled", who: c.id, initiative: rating, die: null, rating, surprised: true });
    return;
  }
  const group = groupOf(c);
  const dice = groupDice(ctx);
  let die = group === null ? undefined : dice[group];
  const shared = typeof die === "number";
  if (typeof die !== "number") {
    die = ctx.roll(6, "initiative", c.id);
    if (group !== null) dice[group] = die;
  }
  c.initiative = die + rating;
  ctx.emit({
    type: "initiativeRolled",
    who: c.id,
    initiative: c.initiative,
    die,
    rating,
    surprised: false,
    ...(group === null ? {} : { group, sharedDie: shared }),
  });
}

/** The die each NPC group rolled, kept so a newcomer of the group shares it. */
function groupDice(ctx: Context): JsonObject {
  let dice = objectField(ctx.state.ext, "groupDice");
  if (dice === null) {
    dice = {};
    ctx.state.ext.groupDice = dice;
  }
  return dice;
}

/** How the "Luck bonus" step of the tie rule reads (option `luckBonus`). */
export type LuckBonusReading = "pcThenLuck" | "pcFirst" | "luckStat";

export function luckBonusReading(options: JsonObject): LuckBonusReading {
  const value = options.luckBonus;
  return value === "luckStat" || value === "pcFirst" ? value : "pcThenLuck";
}

/**
 * The fixed tie keys, in the text's order: "Use the character's Initiative Rating and then Luck
 * bonus (meaning PCs beat NPCs) to break ties, in that order." Read by default (`pcThenLuck`) with
 * the parenthesis as what the Luck bonus means between a PC and an NPC (an NPC has none: the PC goes
 * first) and the Luck bonus itself between two PCs (the higher goes first); "Further ties" (two
 * NPCs, or two PCs of equal Luck) go to contested Luck Rolls. With `pcFirst` the Luck step is only
 * "PCs beat NPCs"; with `luckStat` it compares the Luck stat, then PCs beat NPCs. Negative puts `a`
 * first.
 */
export function compareByRule(
  a: CombatantState,
  b: CombatantState,
  reading: LuckBonusReading = "pcThenLuck",
): number {
  const keys = (c: CombatantState): number[] => [
    c.initiative ?? -Infinity,
    stat(c, "initiativeRating"),
    ...(reading === "luckStat" ? [stat(c, "luck")] : []),
    c.pc ? 1 : 0,
    ...(reading === "pcThenLuck" && c.pc ? [stat(c, "luck")] : []),
  ];
  const ka = keys(a);
  const kb = keys(b);
  for (let i = 0; i < ka.length; i += 1) {
    const diff = (kb[i] ?? 0) - (ka[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** Still tied after every fixed key: only a contested Luck roll or the GM can part them. */
export function stillTied(a: CombatantState, b: CombatantState, reading: LuckBonusReading): boolean {
  return compareByRule(a, b, reading) === 0;
}

/** One contestant in a Luck contest: a lone combatant, or a GM group (rolls once, acts together). */
interface Unit {
  lead: CombatantState;
  members: CombatantState[];
}

/** Split a tied cluster (in roster order) into contestants: a group's members stay together. */
function unitsOf(cluster: readonly CombatantState[]): Unit[] {
  const units: Unit[] = [];
  const byGroup = new Map<string, Unit>();
  for (const c of cluster) {
    const group = groupOf(c);
    const existing = group === null ? undefined : byGroup.get(group);
    if (existing) {
      existing.members.push(c);
      continue;
    }
    const unit: Unit = { lead: c, members: [c] };
    units.push(unit);
    if (group !== null) byGroup.set(group, unit);
  }
  return units;
}

/**
 * "Further ties can be resolved by contested Luck Rolls": each contestant rolls d6 + Luck, in
 * combatants order; the higher total goes first, and those still level roll again among themselves.
 */
function contest(ctx: Context, units: readonly Unit[]): Unit[] {
  if (units.length <= 1) return [...units];
  const totals = units.map((u) => ctx.roll(6, "luckContest", u.lead.id) + stat(u.lead, "luck"));
  ctx.emit({
    type: "luckContested",
    who: units.map((u) => u.lead.id),
    totals: [...totals],
  });
  const distinct = [...new Set(totals)].sort((x, y) => y - x);
  return distinct.flatMap((total) =>
    contest(
      ctx,
      units.filter((_, i) => totals[i] === total),
    ),
  );
}

function tieMode(ctx: Context): "luck" | "gm" {
  return ctx.state.options.ties === "gm" ? "gm" : "luck";
}

/** Order a cluster of combatants tied on every fixed key. */
function resolveCluster(ctx: Context, cluster: readonly CombatantState[]): CombatantState[] {
  const units = unitsOf(cluster);
  if (units.length <= 1) return [...cluster];
  if (tieMode(ctx) === "gm") {
    // "or at the GM's discretion": roster order stands until the GM reorders with delay.
    ctx.emit({ type: "tieLeftToGm", who: cluster.map((c) => c.id) });
    return [...cluster];
  }
  return contest(ctx, units).flatMap((u) => u.members);
}

/** The whole turn order, highest initiative first, ties broken as the text says. */
export function orderAll(ctx: Context): string[] {
  const reading = luckBonusReading(ctx.state.options);
  const sorted = inRosterOrder(ctx.state).sort((a, b) => compareByRule(a, b, reading));
  const order: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    const first = sorted[i] as CombatantState;
    let j = i + 1;
    while (j < sorted.length && stillTied(first, sorted[j] as CombatantState, reading)) j += 1;
    order.push(...resolveCluster(ctx, sorted.slice(i, j)).map((c) => c.id));
    i = j;
  }
  return order;
}

/**
 * "If new combatants enter the picture, simply have them roll and take their place in the order
 * as appropriate." The newcomer goes before the first combatant it beats on the fixed keys. Where
 * it is still tied with combatants already placed, those keep their places: it contests Luck with
 * each tied contestant in turn (the one in the order first rolls first, being earlier in the
 * roster) and goes before the first it beats; members of its own GM group take it along unrolled.
 */
export function placeNewcomer(ctx: Context, who: string): void {
  const c = combatant(ctx.state, who);
  const reading = luckBonusReading(ctx.state.options);
  const others = ctx.state.order.filter((id) => id !== who);
  let at = others.length;
  let i = 0;
  while (i < others.length) {
    const other = combatant(ctx.state, others[i] as string);
    const cmp = compareByRule(c, other, reading);
    if (cmp < 0) {
      at = i;
      break;
    }
    if (cmp > 0) {
      i += 1;
      continue;
    }
    // A tied run: members of one group side by side form one contestant.
    const group = groupOf(other);
    let end = i + 1;
    while (end < others.length) {
      const next = combatant(ctx.state, others[end] as string);
      if (group === null || groupOf(next) !== group || !stillTied(c, next, reading)) break;
      end += 1;
    }
    const sameGroup = group !== null && groupOf(c) === group;
    if (!sameGroup && tieMode(ctx) === "luck") {
      const won = contest(ctx, [
        { lead: other, members: [other] },
        { lead: c, members: [c] },
      ]);
      if (won[0]?.lead.id === c.id) {
        at = i;
        break;
      }
    }
    i = end;
  }
  others.splice(at, 0, who);
  ctx.state.order = others;
  ctx.emit({ type: "orderChanged", order: [...others], reason: "newcomer", who });
}
