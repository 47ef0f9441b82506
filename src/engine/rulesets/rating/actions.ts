import { LIMITS } from "../../bounds";
import type { Context } from "../../context";
import type { CommandOf } from "../../commands";
import { combatant, requireAble, draftOf } from "../../core/combatants";
import { offer, openPending, requireNoOpenOffers } from "../../core/offers";
import { requirePool, spend } from "../../core/pools";
import { markUsed } from "../../core/usage";
import { refuse } from "../../refusal";
import type { ActionDef } from "../../ruleset";
import type { CombatantState, JsonObject } from "../../state";
import { reactWith, resolveThreat } from "./reactions";
import { isSurprised, objectField } from "./setup";

/**
 * rating.txt "Action Types". `act` carries its cost in AP, so the non-free actions have no fixed
 * cost (the actor says it: "Various abilities will cost AP"); free actions cost nothing.
 */
export const ACTIONS: Readonly<Record<string, ActionDef>> = {
  primary: { id: "primary", cost: null, kind: "primary", target: "any", chosen: ["cost"] },
  secondary: { id: "secondary", cost: null, kind: "secondary", target: "any", chosen: ["cost"] },
  special: { id: "special", cost: null, kind: "special", target: "any", chosen: ["cost"] },
  free: { id: "free", cost: {}, kind: "free", target: "none" },
};

/** An action paid over more than one turn: "An Extended Action ... can cause it to require more than one Turn." */
export interface Extended {
  action: string;
  cost: number;
  remaining: number;
  target: string | null;
  outcome: string | null;
}

export function extendedOf(c: CombatantState): Extended | null {
  const v = objectField(c.ext, "extended");
  return v === null ? null : (v as unknown as Extended);
}

/**
 * "All non-free actions cost at least 1 AP unless otherwise stated." A command without a cost
 * costs 1 AP; a cost that is not a whole number from 1 to the most an action's cost holds
 * (LIMITS.cost, the action data model's) is refused with the rule, whatever the number.
 */
function costOf(cmd: CommandOf<"act">): number {
  const cost = cmd.cost ?? 1;
  if (!Number.isInteger(cost) || cost < 1 || cost > LIMITS.cost)
    refuse("BadCost", { action: cmd.action, cost, max: LIMITS.cost });
  return cost;
}

export function act(ctx: Context, cmd: CommandOf<"act">): void {
  if (!ACTIONS[cmd.action]) refuse("UnknownAction", { action: cmd.action });
  const c = combatant(ctx.state, cmd.who);
  requireAble(c);
  if (cmd.target !== undefined) requireAble(combatant(ctx.state, cmd.target));
  if (cmd.action === "free") return freeAction(ctx, c, cmd);
  const cost = costOf(cmd);
  if (ctx.state.current !== c.id) {
    // "Primary Actions can only be taken during the character's own Turn."
    if (cmd.action === "primary") refuse("PrimaryOnOwnTurn", { who: c.name });
    // "Secondary Actions can only be taken during the character's own Turn or as reactions";
    // Special Actions "follow all the normal rules for an Action of their type": off turn, a reaction.
    // As a reaction it answers the threat (an offer to it, or the last action), and is aimed at
    // anyone the action allows: the source of the threat, or an ally it protects.
    const target = cmd.target;
    const answersSource =
      target !== undefined && ctx.state.offers.some((o) => o.who === c.id && o.against === target);
    reactWith(ctx, c, cmd.action, cost, answersSource ? target : undefined, cmd.outcome, target ?? null);
    return;
  }
  // "They also may only take Reactions until after their first Turn has passed."
  if (isSurprised(c)) refuse("SurprisedOnlyReactions", { who: c.name });
  // "the character must declare them individually, resolving other character's reactions first".
  requireNoOpenOffers(ctx);
  const underway = extendedOf(c);
  if (underway)
    refuse("ExtendedActionUnderway", { who: c.name, action: underway.action, need: underway.remaining });
  const have = c.pools.ap ?? 0;
  // A primary (or a special taken as one) costing more than the AP left becomes an Extended Action;
  // a secondary cannot be spread over turns.
  const extendable = cmd.action !== "secondary" && cost > 1;
  requirePool(c, "ap", extendable ? Math.min(cost, 1) : cost);
  markUsed(c, "turn", "acts");
  const target = cmd.target ?? null;
  const outcome = cmd.outcome ?? null;
  if (cost <= have) {
    spend(ctx, c.id, "ap", cost, cmd.action);
    complete(ctx, c, cmd.action, cost, target, outcome);
    return;
  }
  spend(ctx, c.id, "ap", have, cmd.action);
  const extended: Extended = { action: cmd.action, cost, remaining: cost - have, target, outcome };
  c.ext.extended = extended as unknown as JsonObject;
  ctx.emit({
    type: "extendedActionBegun",
    who: c.id,
    action: cmd.action,
    cost,
    paid: have,
    remaining: cost - have,
  });
}

/** "Free Actions can be taken at any time during the combat round and cost no Action Points." */
function freeAction(ctx: Context, c: CombatantState, cmd: CommandOf<"act">): void {
  if (cmd.cost !== undefined && cmd.cost !== 0)
    refuse("BadCost", { action: cmd.action, cost: cmd.cost, max: LIMITS.cost });
  // "They also may only take Reactions until after their first Turn has passed": free actions too,
  // unless the table lets "Free Actions ... be taken at any time" (option surprisedFree: allowed).
  if (isSurprised(c) && ctx.state.options.surprisedFree !== "allowed")
    refuse("SurprisedOnlyReactions", { who: c.name });
  ctx.emit({ type: "actionTaken", who: c.id, action: "free", cost: 0, target: cmd.target ?? null });
  recordEvent(ctx, c.id, "free", ctx.nextId("e"));
}

/**
 * At the start of its owner's turn an Extended Action takes the AP it still needs (as much as
 * there is); "it completes when paid" and then takes effect.
 */
export function payExtended(ctx: Context, c: CombatantState): void {
  const extended = extendedOf(c);
  if (!extended) return;
  const pay = Math.min(c.pools.ap ?? 0, extended.remaining);
  if (pay > 0) {
    spend(ctx, c.id, "ap", pay, extended.action);
    markUsed(c, "turn", "acts");
  }
  const remaining = extended.remaining - pay;
  if (remaining > 0) {
    c.ext.extended = { ...extended, remaining } as unknown as JsonObject;
    ctx.emit({ type: "extendedActionContinued", who: c.id, action: extended.action, paid: pay, remaining });
    return;
  }
  delete c.ext.extended;
  ctx.emit({ type: "extendedActionCompleted", who: c.id, action: extended.action, cost: extended.cost });
  complete(ctx, c, extended.action, extended.cost, extended.target, extended.outcome);
}

/** What others can react to: the last action taken, one reaction attempt each. */
function recordEvent(ctx: Context, who: string, action: string, id: string): void {
  ctx.state.ext.lastAction = { id, who, action };
}

/**
 * An action taking effect. One aimed at a combatant of another side is a threat: the target is
 * offered a reaction ("Only one reaction attempt is permitted for each threat") if it has AP to
 * pay for one, and the action resolves once the offer is answered.
 */
function complete(
  ctx: Context,
  c: CombatantState,
  action: string,
  cost: number,
  target: string | null,
  outcome: string | null,
): void {
  ctx.emit({ type: "actionTaken", who: c.id, action, cost, target });
  const foe = target === null ? null : draftOf(ctx.state, target);
  if (!foe || foe.side === c.side) {
    recordEvent(ctx, c.id, action, ctx.nextId("e"));
    return;
  }
  const pending = openPending(ctx, "threat", c.id, { action, target: foe.id, outcome, reactions: [] });
  recordEvent(ctx, c.id, action, pending.id);
  if (!foe.defeated && (foe.pools.ap ?? 0) >= 1) offer(ctx, foe.id, "reaction", c.id, pending);
  else resolveThreat(ctx, pending.id);
}
