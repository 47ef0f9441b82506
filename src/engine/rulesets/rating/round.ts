import type { Context } from "../../context";
import { combatant, requireCurrent } from "../../core/combatants";
import { hasCondition, removeCondition, tickAllConditions } from "../../core/conditions";
import { requireNoOpenOffers } from "../../core/offers";
import { beginTurn, nextInOrder } from "../../core/order";
import { setPool } from "../../core/pools";
import { clearAllUsage, clearUsage } from "../../core/usage";
import { payExtended } from "./actions";
import { orderAll, rollInitiative } from "./initiative";
import { isSurprised, maxApOf, METRES_PER_CELL, ROUND_SECONDS } from "./setup";

export function apRefresh(ctx: Context): "round" | "turn" {
  return ctx.state.options.apRefresh === "turn" ? "turn" : "round";
}

/**
 * Step 1 and Step 3 and the first Step 4: surprise is read from each combatant, everyone rolls
 * initiative in combatants order, the order is fixed, and round 1 starts.
 */
export function start(ctx: Context): void {
  const state = ctx.state;
  state.status = "active";
  state.round = 1;
  state.ext.groupDice = {};
  state.ext.lastAction = null;
  state.ext.metresPerCell = METRES_PER_CELL;
  state.ext.roundSeconds = ROUND_SECONDS;
  for (const id of state.roster) {
    const c = combatant(state, id);
    if (c.defeated) continue;
    if (isSurprised(c)) c.surprised = true;
    rollInitiative(ctx, c);
  }
  state.order = orderAll(ctx);
  ctx.emit({ type: "combatStarted", order: [...state.order] });
  startRound(ctx);
}

/**
 * Step 4: "At the start of the round, all characters replenish their AP." With the optional rule
 * (apRefresh: turn), "all characters start the first Rounds with their Maximum AP" and later
 * rounds refill at each one's own turn instead.
 */
function startRound(ctx: Context): void {
  const state = ctx.state;
  ctx.emit({ type: "roundStarted", round: state.round });
  if (apRefresh(ctx) === "round" || state.round === 1) {
    for (const id of state.roster) {
      const c = combatant(state, id);
      setPool(ctx, id, "ap", maxApOf(c), "roundStart");
    }
  }
  startTurn(ctx, nextInOrder(state, null));
}

/** Make `who` current and do what a turn's start does (clear turn counters, refill, extended actions). */
export function startTurn(ctx: Context, who: string | null): void {
  beginTurn(ctx, who);
  if (who === null) return;
  const c = combatant(ctx.state, who);
  clearUsage(c, "turn");
  // Optional rule: "characters replenish their AP at the start of their Turn rather than at the start of the round."
  if (apRefresh(ctx) === "turn" && ctx.state.round > 1) setPool(ctx, who, "ap", maxApOf(c), "turnStart");
  payExtended(ctx, c);
}

function endTurn(ctx: Context, who: string): void {
  const c = combatant(ctx.state, who);
  ctx.emit({ type: "turnEnded", who, round: ctx.state.round });
  // "They also may only take Reactions until after their first Turn has passed."
  if (c.surprised || hasCondition(c, "surprised")) {
    c.surprised = false;
    removeCondition(ctx, who, "surprised");
  }
}

/**
 * Step 5: "Once all characters have had a Turn, the round is over, regardless of the amount of AP
 * any characters have remaining. Any effects or Conditions that specify a duration of 'until the
 * end of the round' end now."
 */
function endRound(ctx: Context): void {
  tickAllConditions(ctx);
  clearAllUsage(ctx.state, "round");
  for (const id of ctx.state.roster) delete combatant(ctx.state, id).ext.reactedTo;
  ctx.state.ext.lastAction = null;
  delete ctx.state.ext.reactedEvents;
  ctx.emit({ type: "roundEnded", round: ctx.state.round });
}

/**
 * "Once their Turn is over, the character with the next highest initiative takes their Turn. This
 * repeats until all characters have taken a Turn." Reactions first: nobody moves on while offers
 * are open.
 */
export function advance(ctx: Context): void {
  requireNoOpenOffers(ctx);
  const state = ctx.state;
  const current = state.current;
  if (current !== null) endTurn(ctx, current);
  const next = current === null ? null : nextInOrder(state, current);
  if (next !== null) {
    startTurn(ctx, next);
    return;
  }
  endRound(ctx);
  // Step 6: "Repeat steps 4 and 5 until the combat is finished" (the GM ends it with `end`).
  state.round += 1;
  startRound(ctx);
}

export function endOwnTurn(ctx: Context, who: string): void {
  requireNoOpenOffers(ctx);
  requireCurrent(ctx, who);
  advance(ctx);
}
