/**
 * Ready Action: "Define a specific trigger condition and choose an action to take when that trigger
 * occurs. When the trigger happens, you act immediately at that point in the initiative order, and
 * perform the action you specified. Your initiative position moves to that point for subsequent
 * rounds. If a trigger does not happen before the end of the round, then you may choose to either
 * continue waiting or cancel the Readied Action at no cost."
 *
 * A trigger is a combatant and a verb: `move` (it starts a move other than a step), `act` (it takes
 * any action) or an action id (it takes that action). The readied action fires just before the
 * trigger's command runs; the command then goes on, unless its actor fell or it is no longer legal.
 */
import type { Command } from "../../commands";
import { peeker, settled, type Context } from "../../context";
import { combatant } from "../../core/combatants";
import { addCondition } from "../../core/conditions";
import { openPending, requireNoOpenOffers } from "../../core/offers";
import { requirePool } from "../../core/pools";
import { refuse } from "../../refusal";
import type { Handler } from "../../ruleset";
import type { EncounterState } from "../../state";
import { FLOW_ACTIONS, TRIGGER_VERBS } from "./catalog";
import {
  asJson,
  encounterExt,
  flowExt,
  readEncounterExt,
  readExt,
  type ReadiedData,
  type ResumeData,
} from "./data";
import { finishTurn, requireOwnTurn } from "./round";
import { cancelReady, isGrappledDefender, noteReadied, readiersOf } from "./status";

function isTriggerVerb(verb: string): boolean {
  return (TRIGGER_VERBS as readonly string[]).includes(verb) || verb in FLOW_ACTIONS;
}

export const ready: Handler<"ready"> = (ctx, cmd) => {
  requireNoOpenOffers(ctx);
  const c = combatant(ctx.state, cmd.who);
  requireOwnTurn(ctx.state, c);
  const def = FLOW_ACTIONS[cmd.action];
  if (!def) refuse("FlowUnknownAction", { action: cmd.action });
  if (isGrappledDefender(ctx.state, c.id)) refuse("FlowGrappledCannotAct", { who: c.name });
  const trigger = combatant(ctx.state, cmd.trigger.who);
  if (trigger.id === c.id) refuse("FlowReadySelfTrigger", { who: c.name });
  if (!isTriggerVerb(cmd.trigger.verb)) refuse("FlowUnknownTriggerVerb", { verb: cmd.trigger.verb });
  // The readied action is aimed at the trigger when it needs a target.
  if (def.target === "enemy" && trigger.side === c.side)
    refuse("FlowBadTarget", { who: c.name, target: trigger.name });
  const target = def.target === "none" ? null : trigger.id;
  // The AP for the readied action are kept (not forfeited) until it fires.
  requirePool(c, "ap", def.cost?.ap ?? 0);
  cancelReady(ctx, c.id, "replaced");
  flowExt(c).readied = { action: cmd.action, target, trigger: { who: trigger.id, verb: cmd.trigger.verb } };
  noteReadied(ctx, c.id, true);
  addCondition(ctx, c.id, "readied", null);
  ctx.emit({
    type: "actionReadied",
    who: c.id,
    action: cmd.action,
    target,
    trigger: { who: trigger.id, verb: cmd.trigger.verb },
  });
  finishTurn(ctx, c.id);
};

/** Readied actions that `actor` doing one of `verbs` sets off, in initiative order. */
export function triggersFor(state: EncounterState, actor: string, verbs: readonly string[]): ReadiedData[] {
  // Only the readiers are read (plain reads: inside a command `state` is a draft).
  const readiers = new Set(readiersOf(state));
  if (readiers.size === 0) return [];
  const order = settled(readEncounterExt(state).initiativeOrder ?? state.roster).filter((id) =>
    readiers.has(id),
  );
  const read = peeker(state);
  return order.flatMap((id) => {
    const c = read(id);
    const readied = c ? readExt(c).readied : undefined;
    if (
      !c ||
      !readied ||
      c.defeated ||
      readied.trigger.who !== actor ||
      !verbs.includes(readied.trigger.verb)
    )
      return [];
    return [{ readier: c.id, action: readied.action, target: readied.target, trigger: readied.trigger }];
  });
}

/**
 * Hold `command` and fire the readied actions first: a `resume` pending keeps the command, and a
 * `readied` pending per readier sits above it, the first in initiative order on top.
 */
export function holdForTriggers(ctx: Context, command: Command, triggered: readonly ReadiedData[]): void {
  const data: ResumeData = { command: asJson(command) };
  openPending(ctx, "resume", "who" in command ? command.who : "", asJson(data));
  for (const t of [...triggered].reverse()) openPending(ctx, "readied", t.readier, asJson(t));
}

/** "Your initiative position moves to that point for subsequent rounds": just before the trigger. */
export function moveInitiativeBefore(ctx: Context, readier: string, trigger: string): void {
  const ext = encounterExt(ctx.state);
  const place = (order: string[]): string[] => {
    if (!order.includes(trigger)) return order;
    const without = order.filter((id) => id !== readier);
    without.splice(without.indexOf(trigger), 0, readier);
    return without;
  };
  ext.initiativeOrder = place(ext.initiativeOrder ?? []);
  ctx.state.order = place(ctx.state.order);
  const r = combatant(ctx.state, readier);
  const t = combatant(ctx.state, trigger);
  r.initiative = t.initiative;
  ctx.emit({
    type: "initiativeMoved",
    who: readier,
    before: trigger,
    initiative: r.initiative,
    order: [...ext.initiativeOrder],
  });
}
