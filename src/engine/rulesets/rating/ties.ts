import type { Context } from "../../context";
import type { CommandOf } from "../../commands";
import { coreHandlers } from "../../apply";
import { combatant } from "../../core/combatants";
import { usedCount } from "../../core/usage";
import { refuse } from "../../refusal";
import { luckBonusReading, placeNewcomer, rollInitiative, stillTied } from "./initiative";
import { startTurn } from "./round";

/** Whether `id` still has its turn to come this round (or has it now and has done nothing yet). */
function turnNotYetTaken(ctx: Context, id: string): boolean {
  const state = ctx.state;
  const here = state.order.indexOf(id);
  const now = state.current === null ? -1 : state.order.indexOf(state.current);
  if (here > now) return true;
  return state.current === id && usedCount(combatant(state, id), "turn", "acts") === 0;
}

/**
 * "Further ties can be resolved by contested Luck Rolls or at the GM's discretion." With the option
 * `ties: gm` the engine rolls no contest and the GM orders still-tied combatants with
 * `delay { who, until }`: `who` moves to just before `until`. Only combatants tied on initiative,
 * Initiative Rating, Luck and PC/NPC may be swapped, and only before either has acted this round.
 */
export function reorderTie(ctx: Context, cmd: CommandOf<"delay">): void {
  const state = ctx.state;
  const c = combatant(state, cmd.who);
  if (state.options.ties !== "gm") refuse("TiesByLuckRoll");
  if (cmd.until === undefined) refuse("DelayNeedsUntil", { who: c.name });
  const until = combatant(state, cmd.until);
  if (until.id === c.id || !stillTied(c, until, luckBonusReading(state.options)))
    refuse("NotTied", { who: c.name, until: until.name });
  if (!turnNotYetTaken(ctx, c.id) || !turnNotYetTaken(ctx, until.id))
    refuse("TurnAlreadyTaken", { who: c.name, until: until.name });
  const order = state.order.filter((id) => id !== c.id);
  order.splice(order.indexOf(until.id), 0, c.id);
  state.order = order;
  ctx.emit({ type: "orderChanged", order: [...order], reason: "gmTieBreak", who: c.id, until: until.id });
  if (state.current === until.id) startTurn(ctx, c.id);
}

/**
 * The core adds the combatant (newCombatant + setupCombatant); once the fight is on, the newcomer
 * rolls ("simply have them roll and take their place in the order as appropriate").
 */
export function addCombatant(ctx: Context, cmd: CommandOf<"addCombatant">): void {
  const add = coreHandlers.addCombatant;
  if (!add) throw new Error("the core has no addCombatant handler");
  add(ctx, cmd);
  if (ctx.state.status !== "active") return;
  const c = combatant(ctx.state, cmd.combatant.id);
  rollInitiative(ctx, c);
  ctx.state.order = [...ctx.state.order, c.id];
  placeNewcomer(ctx, c.id);
}
