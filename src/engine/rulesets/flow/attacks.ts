/**
 * Attacks that can be reacted to, the reactions offered against them, and how they resolve.
 *
 * - "When an attack of the right type would succeed against you, you may spend 1 RP to attempt
 *   any of these abilities in order to avoid taking damage from the attack": offers are made only
 *   after a hit, and only the reactions the defender may legally take and pay for.
 * - "You may not perform multiple Reactions against a single attack, unless performing a Riposte".
 * - "Gain 2 FP from attacks that hit, 3 FP from crits", "Gain 1 FP from a killing blow".
 */
import type { Outcome } from "../../commands";
import { gridOf, held, peeker, type Context } from "../../context";
import { combatant, readCombatant } from "../../core/combatants";
import { closePending, offer, offerEach, openPending, type Wanted } from "../../core/offers";
import { gain } from "../../core/pools";
import { refuse } from "../../refusal";
import type { Cell, CombatantState, Pending } from "../../state";
import { FLOW_REACTIONS, FP_FOR_CRIT, FP_FOR_HIT, FP_FOR_KILL, INTERCEPT_HEXES } from "./catalog";
import { edgeOf, isSuccess, outcomeLevel, rollCheck, skillOf, type Edge, type Level } from "./checks";
import { asJson, dataOf, type AttackData, type RiposteData } from "./data";
import {
  EnemyCells,
  indexOf,
  inReach,
  interceptCandidates,
  interceptCell,
  interceptSpots,
  sizeRank,
  standingOf,
} from "./geometry";
import type { SpatialIndex } from "../../grid";
import { gainReactionFp, poolOf } from "./pools";
import { defeat } from "./status";
import { flowOption } from "./options";
import { attackModifier, grapplerDisadvantage, reactionEdge, useFeint } from "./modifiers";

function rpCost(reaction: string): number {
  return FLOW_REACTIONS[reaction]?.cost.rp ?? 0;
}

function canPay(c: CombatantState, reaction: string): boolean {
  return !c.defeated && poolOf(c, "rp") >= rpCost(reaction);
}

/** The outcome an attack carries once it is known to succeed: hit, crit or kill. */
export function hitOutcome(outcome: Outcome | null, level: Level): Outcome {
  if (outcome === "kill" || outcome === "crit") return outcome;
  return level === "critical" ? "crit" : "hit";
}

/** "You cannot parry an enemy more than 1 size category larger than you." */
export function canParry(attacker: CombatantState, defender: CombatantState, melee: boolean): boolean {
  return melee && sizeRank(attacker) - sizeRank(defender) <= 1;
}

/** Whether an ally may Intercept, and where it would stand. */
export function interceptSpot(
  ctx: Context,
  ally: CombatantState,
  d: AttackData,
  index?: SpatialIndex,
  spots?: readonly Cell[],
  read: (id: string) => CombatantState | undefined = peeker(ctx.state),
): Cell | null {
  // Read, not taken from the draft: every candidate of an attack asks about the same two.
  const attacker = read(d.attacker);
  const target = read(d.target);
  if (!attacker) refuse("UnknownCombatant", { who: d.attacker });
  if (!target) refuse("UnknownCombatant", { who: d.target });
  if (!mayIntercept(ally, attacker.id, target)) return null;
  return interceptCell(ctx.state, ally, attacker, target, d.melee, INTERCEPT_HEXES, index, spots);
}

/** Whether `ally` may Intercept an attack by `attacker` on `target` at all: who, not where. */
function mayIntercept(
  ally: CombatantState,
  attacker: string,
  target: Pick<CombatantState, "id" | "side">,
): boolean {
  if (ally.id === target.id || ally.id === attacker || ally.side !== target.side) return false;
  // "Movement: Neither can move independently" - a grappled combatant cannot move to intercept.
  return !ally.conditions.some((k) => k.id === "grappled");
}

/** Open an attack that hit and offer the reactions the text allows against it. */
export function openAttack(ctx: Context, d: AttackData, known?: SpatialIndex): Pending {
  const pending = openPending(ctx, "attack", d.attacker, asJson(d));
  // Both are read, not taken from the draft: an offer changes neither.
  const attacker = readCombatant(ctx.state, d.attacker);
  const target = readCombatant(ctx.state, d.target);
  // Every reaction the attack draws, made offers together once all are known (core/offers.ts).
  const wanted: Wanted[] = [];
  if (!d.spell && !target.defeated) {
    const parry = canParry(attacker, target, d.melee);
    // "Dodge: ... to avoid a melee or ranged attack"
    if (canPay(target, "dodge")) wanted.push({ who: target.id, with: "dodge", against: attacker.id });
    // "Parry: 1 RP to roll Melee to deflect another melee attack"
    if (parry && canPay(target, "parry"))
      wanted.push({ who: target.id, with: "parry", against: attacker.id });
    // "Block: ... to block a melee or ranged attack; requires a shield"
    if (held(target, "tags").includes("shield") && canPay(target, "block"))
      wanted.push({ who: target.id, with: "block", against: attacker.id });
    // Reaction chains: "you cannot perform any advanced Reactions; that is, you cannot Riposte".
    if (!d.reactionAttack && parry && canPay(target, "riposte"))
      wanted.push({ who: target.id, with: "riposte", against: attacker.id });
  }
  // Intercept is offered to allies even against a Reaction Attack: the Reaction Chains text bars
  // only "the defending player" from advanced reactions. One index for the whole search; the candidates come from a range query around the target
  // (or the line of fire), not from a walk over every ally.
  if (gridOf(ctx.state).type !== "none") {
    const index = known ?? indexOf(ctx.state);
    // Where the two stand, read once: every question below asks it again and again.
    const a = standingOf(attacker);
    const t = standingOf(target);
    const side = target.side;
    // Where an interceptor could stand depends on the attack, not on who intercepts: found once.
    // The candidates are read, not taken from the draft (an offer changes none of them).
    const spots = interceptSpots(ctx.state, a, t, d.melee);
    const read = peeker(ctx.state);
    const enemies = new EnemyCells();
    for (const id of interceptCandidates(ctx.state, a, t, d.melee, INTERCEPT_HEXES, index)) {
      // Only the target's allies may intercept (mayIntercept): the others are not even read.
      if (index.body(id)?.side !== side) continue;
      const ally = read(id);
      if (
        ally &&
        canPay(ally, "intercept") &&
        mayIntercept(ally, a.id, { id: t.id, side }) &&
        interceptCell(ctx.state, ally, a, t, d.melee, INTERCEPT_HEXES, index, spots, enemies)
      )
        wanted.push({ who: ally.id, with: "intercept", against: attacker.id });
    }
  }
  offerEach(ctx, pending, wanted);
  return pending;
}

/**
 * A Reaction Attack: "1 RP to roll a single unmodified attack against an enemy who performs a
 * triggering action within range". Rolled on Melee with no bonus, penalty, Advantage or
 * Disadvantage; a hit opens an attack the target may still Dodge/Parry/Block. With the option
 * reactionAttackEdges: included ("If not overtly excluded, you may assume that Reaction Attacks are
 * included"), gang-up's +10, a Feint against the target (used up) and a grappler's Disadvantage
 * apply as to any attack. The reactor's Total Defense gives its "Advantage on all Reactions" unless
 * the option totalDefenseReactionAttack is `unmodified`.
 */
export function reactionAttack(ctx: Context, reactor: string, target: string, outcome: Outcome | null): void {
  const r = combatant(ctx.state, reactor);
  let skill = skillOf(r, "melee");
  const included = flowOption(ctx.state, "reactionAttackEdges") === "included";
  const feinted = included && useFeint(r, target);
  if (included) skill += attackModifier(ctx.state, r, combatant(ctx.state, target), true);
  // Total Defense: "Advantage on all Reactions", and the Reaction Attack is one of the "Basic
  // Reactions" (option totalDefenseReactionAttack: included, the default).
  const guarded =
    flowOption(ctx.state, "totalDefenseReactionAttack") === "included" && reactionEdge(r) === "advantage";
  const edge: Edge = edgeOf(feinted || guarded, included && grapplerDisadvantage(r));
  const level = outcome
    ? outcomeLevel(outcome)
    : rollCheck(ctx, reactor, skill, "reactionAttack", edge).level;
  if (isSuccess(level)) {
    openAttack(ctx, {
      attacker: reactor,
      target,
      level,
      outcome: hitOutcome(outcome, level),
      melee: true,
      spell: false,
      reactionAttack: true,
    });
    return;
  }
  ctx.emit({
    type: "attackResolved",
    attacker: reactor,
    target,
    hit: false,
    level,
    reactionAttack: true,
    melee: true,
    spell: false,
    multiplier: 0,
    killed: false,
  });
}

/** An attack that did not succeed: no reactions are offered against it. */
export function missed(
  ctx: Context,
  attacker: string,
  target: string,
  level: Level,
  melee: boolean,
  spell: boolean,
): void {
  ctx.emit({
    type: "attackResolved",
    attacker,
    target,
    hit: false,
    level,
    reactionAttack: false,
    melee,
    spell,
    multiplier: 0,
    killed: false,
  });
}

/** Every offer against the attack is answered: apply the result. */
export function finishAttack(ctx: Context, pending: Pending): void {
  closePending(ctx, pending.id);
  const d = dataOf<AttackData>(pending);
  const r = d.reaction;
  const base = {
    attacker: d.attacker,
    target: d.target,
    level: d.level,
    reactionAttack: d.reactionAttack,
    melee: d.melee,
    spell: d.spell,
  };
  if (r && r.won) {
    ctx.emit({
      type: "attackResolved",
      ...base,
      hit: false,
      avoidedBy: r.with,
      reactor: r.who,
      multiplier: 0,
      killed: false,
    });
    if (d.riposteBy !== undefined) offerRiposteCounter(ctx, d.riposteBy, d.attacker);
    return;
  }
  // "If you win the Opposed Check, you take the full damage of the attack from the enemy, and your
  // ally takes no damage."
  const victim = d.interceptedBy ?? d.target;
  const crit = d.level === "critical";
  // "in the very rare case where a critical hit happens and a Dodge/Parry then critically fails
  // ... The critical hit will instead deal 3x damage."
  const botched =
    crit && r !== undefined && ["dodge", "parry", "riposte"].includes(r.with) && r.level === "critFail";
  const multiplier = crit ? (botched ? 3 : 2) : 1;
  gain(ctx, d.attacker, "fp", crit ? FP_FOR_CRIT : FP_FOR_HIT, crit ? "criticalHit" : "hit");
  // A Reaction Attack that lands is a successful reaction, unless the table counts only the
  // defences (option reactionAttackFp: hitOnly).
  if (d.reactionAttack && flowOption(ctx.state, "reactionAttackFp") === "both")
    gainReactionFp(ctx, d.attacker);
  let killed = false;
  const victimState = combatant(ctx.state, victim);
  if (d.outcome === "kill" && !victimState.defeated) {
    defeat(ctx, victim, d.attacker);
    killed = true;
    if (victimState.side !== combatant(ctx.state, d.attacker).side)
      gain(ctx, d.attacker, "fp", FP_FOR_KILL, "killingBlow");
  }
  ctx.emit({
    type: "attackResolved",
    ...base,
    hit: true,
    victim,
    multiplier,
    killed,
    ...(d.interceptedBy !== undefined ? { interceptedBy: d.interceptedBy } : {}),
    ...(d.intercept
      ? { reactor: d.intercept.who, reaction: "intercept" }
      : r
        ? { reactor: r.who, reaction: r.with }
        : {}),
  });
}

/**
 * "Riposte: ... a Parry (Riposte) followed by a Reaction Attack with your melee weapon ... the
 * Reaction Attack being possible only if the Parry succeeds first." The counterattack is offered to
 * the riposter, already paid for by the Riposte's 2 RP, when the attacker stands in its reach.
 */
function offerRiposteCounter(ctx: Context, riposter: string, attacker: string): void {
  const r = combatant(ctx.state, riposter);
  const a = combatant(ctx.state, attacker);
  if (r.defeated || a.defeated || !inReach(ctx.state, r, a)) {
    ctx.emit({ type: "riposteCounterUnavailable", who: riposter, against: attacker });
    return;
  }
  const data: RiposteData = { riposter, attacker };
  const pending = openPending(ctx, "riposte", riposter, asJson(data));
  offer(ctx, riposter, "reactionAttack", attacker, pending, r.at);
}
