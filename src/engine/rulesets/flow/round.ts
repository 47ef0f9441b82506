/**
 * Round structure and the individual turn sequence:
 * - "Initiative Order: Characters act in order determined by Initiative result"
 * - "Round End: 'End of round' effects resolve, and new round begins; same initiative order"
 * - Turn: "Ongoing effects resolve", "FP decay: Lose 1 FP (unless Flow State was used)",
 *   "Next character's turn"; "Any unused AP at the end of your turn is forfeited".
 * - Surprise: "only the surprising party may act in that round"; the surprised "start the Surprise
 *   round with 0 AP, 0 RP, and 0 FP (they get their 2 free FP at the start of the first normal
 *   round of combat)".
 */
import { peeker, settled, type Context } from "../../context";
import { startMarks } from "../../core/marks";
import { combatant, inRosterOrder, requireAble, requireCurrent } from "../../core/combatants";
import { hasCondition, removeCondition, tickAllConditions } from "../../core/conditions";
import { requireNoOpenOffers } from "../../core/offers";
import { beginTurn, nextInOrder } from "../../core/order";
import { setPool, spend } from "../../core/pools";
import { clearAllUsage, clearUsage, usedCount } from "../../core/usage";
import { refuse } from "../../refusal";
import type { Handler } from "../../ruleset";
import type { CombatantState, EncounterState } from "../../state";
import { FLOW_ACTIONS, FP_AT_START, FP_DECAY, GRAPPLE_UPKEEP_AP } from "./catalog";
import { flowOption } from "./options";
import { encounterExt, flowExt, readEncounterExt, readExt } from "./data";
import { initiativeOrder, rollInitiative } from "./initiative";
import { apAllotment, fullRp, loseFp, poolOf, regainRp } from "./pools";
import { endGrapple, READIED } from "./status";

function isSurprised(c: CombatantState): boolean {
  return hasCondition(c, "surprised");
}

/** Whether round 1 is a Surprise Round now being played. */
export function inSurpriseRound(state: EncounterState): boolean {
  return state.round === 1 && readEncounterExt(state).surpriseRound === true;
}

/** Refusals every turn-taking command shares: able, not surprised, on its own turn. */
export function requireOwnTurn(state: EncounterState, c: CombatantState): void {
  requireAble(c);
  // "only the surprising party may act in that round"
  if (inSurpriseRound(state) && hasCondition(c, "surprised")) refuse("FlowSurprised", { who: c.name });
  if (state.current !== c.id) refuse("NotYourTurn", { who: c.name });
}

/** Who takes turns this round: everyone, but in the Surprise Round only the surprising party. */
function actorsThisRound(ctx: Context): string[] {
  const read = peeker(ctx.state);
  const order = settled(readEncounterExt(ctx.state).initiativeOrder ?? []).filter(
    (id) => read(id) !== undefined,
  );
  if (!inSurpriseRound(ctx.state)) return order;
  return order.filter((id) => {
    const c = read(id);
    return c !== undefined && !isSurprised(c);
  });
}

function canTakeTurn(c: CombatantState): boolean {
  return !c.defeated;
}

/** `start`: roll initiative for everyone (the surprised too), fill pools, open round 1. */
export const start: Handler<"start"> = (ctx) => {
  const state = ctx.state;
  state.status = "active";
  ctx.emit({ type: "combatStarted" });
  const everyone = inRosterOrder(state);
  // "First, roll initiative for everyone (even the surprised party)."
  rollInitiative(ctx, everyone);
  const surprised = everyone.filter(isSurprised);
  // A Surprise Round needs a surprising party: if everyone is surprised, nobody gets the drop.
  const surpriseRound = surprised.length > 0 && surprised.length < everyone.length;
  if (!surpriseRound) for (const c of surprised) removeCondition(ctx, c.id, "surprised");
  const ext = encounterExt(state);
  ext.surpriseRound = surpriseRound;
  startMarks(ctx, READIED);
  ext.initiativeOrder = initiativeOrder(ctx, everyone);
  for (const c of everyone) {
    if (surpriseRound && isSurprised(c)) {
      setPool(ctx, c.id, "ap", 0, "surprised");
      setPool(ctx, c.id, "rp", 0, "surprised");
      setPool(ctx, c.id, "fp", 0, "surprised");
    } else {
      setPool(ctx, c.id, "ap", apAllotment(c), "combatStart");
      setPool(ctx, c.id, "rp", fullRp(c), "combatStart");
      setPool(ctx, c.id, "fp", FP_AT_START, "combatStart");
    }
  }
  openRound(ctx, 1);
};

/** Start round `round`: AP for everyone, the round's order, the first turn. */
function openRound(ctx: Context, round: number): void {
  const state = ctx.state;
  state.round = round;
  if (round > 1) {
    // "5 AP per round": every combatant's AP comes back as the round begins.
    for (const c of inRosterOrder(state)) setPool(ctx, c.id, "ap", apAllotment(c), "roundStart");
  }
  state.order = actorsThisRound(ctx);
  ctx.emit({ type: "roundStarted", round, surprise: inSurpriseRound(ctx.state), order: [...state.order] });
  startTurnOf(ctx, nextInOrder(state, null, canTakeTurn));
}

/** A turn begins: RP come back, Total Defense ends, the grappler pays to keep its hold. */
export function startTurnOf(ctx: Context, who: string | null): void {
  beginTurn(ctx, who);
  if (who === null) return;
  const c = combatant(ctx.state, who);
  clearUsage(c, "turn");
  // Total Defense lasts "until the beginning of your next turn", its +1 RP included.
  if (hasCondition(c, "totalDefense")) {
    removeCondition(ctx, who, "totalDefense");
    setPool(ctx, who, "rp", fullRp(c), "totalDefenseEnded");
  }
  // "Players regain their RP at the start of their turn after combat is underway."
  regainRp(ctx, who);
  // Read first (no draft made): most turns begin with no grapple to keep up.
  const holding = readExt(c).grappling;
  if (holding && holding.since < ctx.state.round) {
    // "Attacker: Must spend 2 AP per round to maintain the Grapple."
    if (poolOf(c, "ap") >= GRAPPLE_UPKEEP_AP) {
      spend(ctx, who, "ap", GRAPPLE_UPKEEP_AP, "maintainGrapple");
      const hold = flowExt(c).grappling;
      if (hold) hold.since = ctx.state.round;
    } else endGrapple(ctx, who, "notMaintained");
  }
}

/** The end of `who`'s turn, then the next turn (or the next round). */
export function finishTurn(ctx: Context, who: string): void {
  const c = combatant(ctx.state, who);
  // "Ongoing effects resolve (bleeding, poison, etc.)": the host resolves them from this event.
  if (c.conditions.length > 0)
    ctx.emit({ type: "ongoingEffectsResolved", who, conditions: c.conditions.map((k) => k.id) });
  // "FP decay: Lose 1 FP (unless Flow State was used)".
  if (usedCount(c, "turn", "flowState") === 0) loseFp(ctx, who, FP_DECAY, "fpDecay");
  // "Any unused AP at the end of your turn is forfeited" - unless the AP wait for a readied action:
  // all of them (option readyAp: keep), or only what the readied action costs (forfeit).
  const readied = readExt(c).readied;
  if (!readied) setPool(ctx, who, "ap", 0, "forfeited");
  else if (flowOption(ctx.state, "readyAp") === "forfeit") {
    const kept = Math.min(poolOf(c, "ap"), FLOW_ACTIONS[readied.action]?.cost?.ap ?? 0);
    if (kept < poolOf(c, "ap")) setPool(ctx, who, "ap", kept, "forfeited");
  }
  clearUsage(c, "turn");
  ctx.emit({ type: "turnEnded", who, round: ctx.state.round });
  advance(ctx, who);
}

/** Hand the turn on after `from`, closing the round when nobody is left. */
function advance(ctx: Context, from: string | null): void {
  const next = nextInOrder(ctx.state, from, canTakeTurn);
  if (next !== null) {
    startTurnOf(ctx, next);
    return;
  }
  closeRound(ctx);
}

/** "'End of round' effects resolve, and new round begins; same initiative order". */
function closeRound(ctx: Context): void {
  const state = ctx.state;
  const wasSurprise = inSurpriseRound(ctx.state);
  ctx.state.current = null;
  tickAllConditions(ctx);
  clearAllUsage(state, "round");
  ctx.emit({ type: "roundEnded", round: state.round });
  if (wasSurprise) {
    encounterExt(state).surpriseRound = false;
    for (const c of inRosterOrder(state)) {
      if (!isSurprised(c)) continue;
      removeCondition(ctx, c.id, "surprised");
      // "they get their 2 free FP at the start of the first normal round of combat". Their RP
      // stay at 0 until their own turn: "Players regain their RP at the start of their turn after
      // combat is underway" (startTurnOf), so they cannot react before it.
      setPool(ctx, c.id, "fp", poolOf(c, "fp") + FP_AT_START, "combatStart");
    }
  }
  openRound(ctx, state.round + 1);
}

export const endTurn: Handler<"endTurn"> = (ctx, cmd) => {
  requireNoOpenOffers(ctx);
  requireCurrent(ctx, cmd.who);
  finishTurn(ctx, cmd.who);
};

/** The GM's "next turn": ends the current turn, or opens the next round when no one is current. */
export const next: Handler<"next"> = (ctx) => {
  requireNoOpenOffers(ctx);
  if (ctx.state.current !== null) finishTurn(ctx, ctx.state.current);
  else closeRound(ctx);
};
