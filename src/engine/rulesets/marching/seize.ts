import type { Context } from "../../context";
import type { CommandOf } from "../../commands";
import { combatant, requireAble } from "../../core/combatants";
import { closePending, offer, openPending, requireNoOpenOffers } from "../../core/offers";
import { beginTurn } from "../../core/order";
import { clearUsage, usedCount } from "../../core/usage";
import { refuse } from "../../refusal";
import type { CombatantState, EncounterState, Pending } from "../../state";
import { startClock } from "./frantic";
import {
  agility,
  reactionScope,
  requireSlot,
  setTogether,
  slotUsed,
  surpriseModifiers,
  togetherOf,
  useSlot,
} from "./setup";

/** The AGL check: d20 under or equal to 10 + Agility (surprised: -1, "target suffers -1 AGL checks"). */
export const AGL_CHECK_BASE = 10;

export interface AglCheck {
  who: string;
  die: number;
  target: number;
  success: boolean;
}

function check(ctx: Context, c: CombatantState): AglCheck {
  const target = AGL_CHECK_BASE + agility(c) + surpriseModifiers(c).agilityChecks;
  const die = ctx.roll(20, "seizeInitiative", c.id);
  return { who: c.id, die, target, success: die <= target };
}

/**
 * Which of two checks acts first, or null when they act simultaneously:
 * "If both succeed, the lowest successful die result acts first. If both fail, the lowest die
 * result acts first. If one succeeds and one fails, the success acts first. If both roll the
 * same, resolve simultaneously unless only one succeeded."
 */
export function firstOf(a: AglCheck, b: AglCheck): string | null {
  if (a.success !== b.success) return a.success ? a.who : b.who;
  if (a.die === b.die) return null;
  return a.die < b.die ? a.who : b.who;
}

/**
 * `seize { who }`: "If two parties act nearly simultaneously and order matters, each may make an
 * AGL check to spend their reaction and seize initiative." The seizer contests the combatant whose
 * turn is just beginning (it has done nothing yet). "each may": with the option `seizeOpponent:
 * asks` (default) the opponent is offered the contest (a `reaction` offer against the seizer) and
 * answers it (rolls, spending its reaction) or declines (keeping it); with `rolls` it rolls at once.
 * An opponent with no reaction left cannot roll: the seizer then goes first on a success.
 */
export function seize(ctx: Context, cmd: CommandOf<"seize">): void {
  const state = ctx.state;
  const c = combatant(state, cmd.who);
  requireAble(c);
  if (state.stage !== "turns" || state.current === null) refuse("ChooseInitiativeFirst");
  requireNoOpenOffers(ctx);
  const opponent = combatant(state, state.current);
  if (opponent.id === c.id) refuse("AlreadyYourTurn", { who: c.name });
  if (togetherOf(state)) refuse("ActingTogether", { who: opponent.name });
  if (state.order.indexOf(c.id) < state.order.indexOf(opponent.id)) refuse("AlreadyHadTurn", { who: c.name });
  if (usedCount(opponent, "turn", "primary") + usedCount(opponent, "turn", "move") > 0)
    refuse("TooLateToSeize", { who: opponent.name });
  requireSlot(c, "reaction");
  const opponentMay = !slotUsed(opponent, "reaction");
  if (opponentMay && state.options.seizeOpponent !== "rolls") {
    const pending = openPending(ctx, "seize", c.id, { seizer: c.id, opponent: opponent.id });
    offer(ctx, opponent.id, "reaction", c.id, pending);
    ctx.emit({ type: "seizeOffered", who: c.id, against: opponent.id });
    return;
  }
  contestSeize(ctx, c, opponent, opponentMay);
}

/** The opponent's answer to a seize: it rolls (spending its reaction) or declines (keeping it). */
export function answerSeize(ctx: Context, pending: Pending, rolls: boolean): void {
  closePending(ctx, pending.id);
  const seizer = combatant(ctx.state, String(pending.data.seizer));
  const opponent = combatant(ctx.state, String(pending.data.opponent));
  contestSeize(ctx, seizer, opponent, rolls);
}

/**
 * Both roll (in combatants order) and spend their reaction, or the seizer alone. Going first puts
 * the seizer's turn before the opponent's; a simultaneous result makes the two act together.
 */
function contestSeize(
  ctx: Context,
  c: CombatantState,
  opponent: CombatantState,
  opponentRolls: boolean,
): void {
  const state = ctx.state;
  // Rolls in combatants (roster) order.
  const rollers = state.roster.filter((id) => id === c.id || (opponentRolls && id === opponent.id));
  const checks = new Map<string, AglCheck>();
  for (const id of rollers) {
    const who = combatant(state, id);
    useSlot(state, who, "reaction");
    checks.set(id, check(ctx, who));
  }
  const mine = checks.get(c.id) as AglCheck;
  const theirs = checks.get(opponent.id);
  const first = theirs ? firstOf(mine, theirs) : mine.success ? c.id : opponent.id;
  ctx.emit({
    type: "seizeContested",
    who: c.id,
    against: opponent.id,
    checks: [...checks.values()].map((k) => ({
      who: k.who,
      die: k.die,
      target: k.target,
      success: k.success,
    })),
    first,
  });
  if (first === opponent.id) return;
  const order = state.order.filter((id) => id !== c.id);
  const at = order.indexOf(opponent.id);
  if (first === null) {
    // Simultaneous: the seizer shares the opponent's turn.
    order.splice(at + 1, 0, c.id);
    state.order = order;
    startSeizedTurn(state, c);
    setTogether(state, { who: [opponent.id, c.id], first: {}, paths: {}, defeats: [] });
    ctx.emit({ type: "actingTogether", who: [opponent.id, c.id] });
    ctx.emit({ type: "orderChanged", order: [...order], reason: "seize", who: c.id });
    return;
  }
  order.splice(at, 0, c.id);
  state.order = order;
  ctx.emit({ type: "initiativeSeized", who: c.id, from: opponent.id });
  ctx.emit({ type: "orderChanged", order: [...order], reason: "seize", who: c.id });
  beginTurn(ctx, c.id);
  startSeizedTurn(state, c);
  startClock(ctx, c.id);
}

/**
 * The seizer's turn starts now: its turn's actions are fresh. A reaction that comes back at its
 * owner's turn (reactionBack: turn) does not come back at the turn it was just spent to seize, but
 * at the next one.
 */
function startSeizedTurn(state: EncounterState, c: CombatantState): void {
  clearUsage(c, "turn");
  if (reactionScope(state) === "turn") useSlot(state, c, "reaction");
}
