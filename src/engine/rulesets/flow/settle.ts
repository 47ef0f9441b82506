/**
 * Pending triggers form a stack: an attack, a held move, a triggering action, a riposte's
 * counterattack, a readied action about to fire, a command held for readied actions. After every
 * command the top of the stack goes on as soon as no offer for it is open, until the stack is empty
 * or waits for an answer. "Resolve action (including any triggered reactions)".
 */
import type { Command } from "../../commands";
import { gridOf, someItem, type Context } from "../../context";
import { combatant } from "../../core/combatants";
import { removeCondition } from "../../core/conditions";
import { closePending, offer, openPending } from "../../core/offers";
import { setPool } from "../../core/pools";
import { RefusalError } from "../../refusal";
import type { Pending } from "../../state";
import { performAct, prepareAct, finishProvoked } from "./actions";
import { finishAttack } from "./attacks";
import { asJson, dataOf, flowExt, type ReadiedData, type ResumeData } from "./data";
import { sceneIndex } from "./geometry";
import { continueMove, performMove, prepareMove } from "./movement";
import { moveInitiativeBefore } from "./ready";
import { noteReadied } from "./status";

/** Guard against a continuation that neither closes its pending nor waits (a bug, not a rule). */
const MAX_STEPS = 10_000;

export function settle(ctx: Context): void {
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const top = ctx.state.pending[ctx.state.pending.length - 1];
    // Items read as held (someItem): a scan through the draft would make a draft of every offer.
    if (!top || someItem(ctx.state.offers, (o) => o.trigger === top.id)) return;
    advance(ctx, top);
  }
  throw new Error("flow: pending triggers did not settle");
}

function advance(ctx: Context, pending: Pending): void {
  switch (pending.kind) {
    case "attack":
      finishAttack(ctx, pending);
      return;
    case "move":
      continueMove(ctx, pending);
      return;
    case "provoked":
      finishProvoked(ctx, pending);
      return;
    case "readied":
      fireReadied(ctx, pending);
      return;
    case "resume":
      resume(ctx, pending);
      return;
    default:
      // "riposte" (its counterattack answered or declined) and anything else with nothing left to do.
      closePending(ctx, pending.id);
  }
}

/** "When the trigger happens, you act immediately at that point in the initiative order". */
function fireReadied(ctx: Context, pending: Pending): void {
  closePending(ctx, pending.id);
  const d = dataOf<ReadiedData>(pending);
  const readier = combatant(ctx.state, d.readier);
  if (readier.defeated || !flowExt(readier).readied) return;
  delete flowExt(readier).readied;
  noteReadied(ctx, readier.id, false);
  removeCondition(ctx, readier.id, "readied");
  ctx.emit({
    type: "readyTriggered",
    who: readier.id,
    action: d.action,
    target: d.target,
    trigger: d.trigger,
  });
  // A readied move on a grid: the readier now chooses where to go, answering with a `move`.
  if (d.action === "move" && gridOf(ctx.state).type !== "none" && readier.at !== null) {
    moveInitiativeBefore(ctx, readier.id, d.trigger.who);
    const held = openPending(ctx, "readiedMove", readier.id, asJson(d));
    offer(ctx, readier.id, "readiedMove", d.trigger.who, held, readier.at);
    return;
  }
  let plan;
  try {
    plan = prepareAct(ctx.state, { who: readier.id, action: d.action, target: d.target ?? undefined }, true);
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    ctx.emit({ type: "readyFailed", who: readier.id, action: d.action, refusal: error.refusal.key });
    return;
  }
  moveInitiativeBefore(ctx, readier.id, d.trigger.who);
  performAct(ctx, plan);
  // The readied action was the readier's turn: what AP it kept beyond the action are gone.
  setPool(ctx, readier.id, "ap", 0, "forfeited");
}

/** The held command goes on after the readied actions, if its actor still stands and it is legal. */
function resume(ctx: Context, pending: Pending): void {
  closePending(ctx, pending.id);
  const command = dataOf<ResumeData>(pending).command as unknown as Command;
  try {
    if (command.type === "move") {
      const index = sceneIndex(ctx.state);
      performMove(ctx, prepareMove(ctx.state, command, index), index);
    } else if (command.type === "act") performAct(ctx, prepareAct(ctx.state, command, false));
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    ctx.emit({
      type: "commandCancelled",
      who: pending.actor,
      command: command.type,
      refusal: error.refusal.key,
    });
  }
}
