import type { Context } from "../../context";
import type { CommandOf, Outcome } from "../../commands";
import { combatant, requireAble } from "../../core/combatants";
import { closePending, decline, findPending, offersForTrigger, withdrawOffers } from "../../core/offers";
import { requirePool, spend } from "../../core/pools";
import { refuse } from "../../refusal";
import type { ReactionDef } from "../../ruleset";
import type { CombatantState, Json, JsonObject } from "../../state";
import { objectField, stringList } from "./setup";

/**
 * rating.txt: "Reactions are actions that are taken to counter or resist other characters'
 * actions or other events". A `react` costs 1 AP (the text says only that non-free actions cost
 * "at least 1 AP"); a secondary or special action taken as a reaction costs what `act` says.
 */
export const REACTIONS: Readonly<Record<string, ReactionDef>> = {
  reaction: { id: "reaction", cost: { ap: 1 } },
};

export function react(ctx: Context, cmd: CommandOf<"react">): void {
  const c = combatant(ctx.state, cmd.who);
  requireAble(c);
  if (cmd.with === "decline") {
    const triggers = decline(ctx, c.id, cmd.against);
    // Declining is this threat's one attempt (docs/rulesets/rating.md, Decisions).
    for (const t of triggers) markReacted(ctx, c, t);
    settle(ctx, triggers);
    return;
  }
  const def = REACTIONS[cmd.with];
  if (!def) refuse("UnknownReaction", { reaction: cmd.with });
  reactWith(ctx, c, cmd.with, def.cost.ap ?? 1, cmd.against, cmd.outcome);
}

/**
 * "Only one reaction attempt is permitted for each threat or event": by default each character's
 * one attempt (`reactionAttempts: perReactor`); with `perThreat`, the threat's or event's one
 * attempt, whoever makes it (noted in `state.ext.reactedEvents` until the round ends).
 */
function perThreat(ctx: Context): boolean {
  return ctx.state.options.reactionAttempts === "perThreat";
}

function markReacted(ctx: Context, c: CombatantState, id: string): void {
  c.ext.reactedTo = [...stringList(c.ext, "reactedTo"), id];
  if (perThreat(ctx)) ctx.state.ext.reactedEvents = [...stringList(ctx.state.ext, "reactedEvents"), id];
}

/**
 * Take a reaction costing `cost` AP: the answer to an open offer when there is one, otherwise a
 * reaction to the last action taken (an "event that the character is aware of"). "Only one
 * reaction attempt is permitted for each threat or event, but any number of reactions may be made
 * per round (provided that the character has Action Points left for that round to spend)."
 */
export function reactWith(
  ctx: Context,
  c: CombatantState,
  as: string,
  cost: number,
  against: string | undefined,
  outcome: Outcome | undefined,
  target: string | null = null,
): void {
  const open = ctx.state.offers.find(
    (o) => o.who === c.id && (against === undefined || o.against === against),
  );
  if (open) {
    requirePool(c, "ap", cost);
    spend(ctx, c.id, "ap", cost, as);
    ctx.state.offers = ctx.state.offers.filter((o) => o.id !== open.id);
    markReacted(ctx, c, open.trigger);
    noteReaction(ctx, open.trigger, { who: c.id, as, cost, outcome: outcome ?? null, target });
    ctx.emit({
      type: "reactionResolved",
      who: c.id,
      with: as,
      against: open.against,
      cost,
      outcome: outcome ?? null,
      trigger: open.trigger,
      target,
    });
    settle(ctx, [open.trigger]);
    return;
  }
  const last = objectField(ctx.state.ext, "lastAction");
  const actor = typeof last?.who === "string" ? last.who : null;
  const id = typeof last?.id === "string" ? last.id : null;
  if (actor === null || id === null || actor === c.id || (against !== undefined && against !== actor))
    refuse("NothingToReactTo", { who: c.name });
  if (stringList(c.ext, "reactedTo").includes(id)) refuse("OneReactionPerThreat", { who: c.name });
  if (perThreat(ctx) && stringList(ctx.state.ext, "reactedEvents").includes(id))
    refuse("OneReactionPerThreat", { who: c.name });
  requirePool(c, "ap", cost);
  spend(ctx, c.id, "ap", cost, as);
  markReacted(ctx, c, id);
  // A reaction to a threat still pending (an ally's, say) is reported with it when it resolves.
  noteReaction(ctx, id, { who: c.id, as, cost, outcome: outcome ?? null, target });
  ctx.emit({
    type: "reactionResolved",
    who: c.id,
    with: as,
    against: actor,
    cost,
    outcome: outcome ?? null,
    trigger: id,
    target,
  });
  if (perThreat(ctx)) {
    // The threat's one attempt is taken: its target's offer, if still open, goes, and it resolves.
    withdrawOffers(ctx, (o) => o.trigger === id, "attemptTaken");
    settle(ctx, [id]);
  }
}

/** Add a reaction to a pending threat's record, if the threat is still pending. */
function noteReaction(ctx: Context, trigger: string, reaction: JsonObject): void {
  const pending = findPending(ctx, trigger);
  if (!pending) return;
  const reactions = Array.isArray(pending.data.reactions) ? pending.data.reactions : [];
  pending.data.reactions = [...reactions, reaction];
}

/** Resolve every pending threat whose offers are all answered. */
function settle(ctx: Context, triggers: readonly string[]): void {
  for (const t of triggers) if (offersForTrigger(ctx, t).length === 0) resolveThreat(ctx, t);
}

/**
 * The threat takes effect. rating.txt gives no roll for it, so the engine rolls nothing: the
 * stipulated outcome (or null, for the table to settle) is reported with the reactions it drew.
 */
export function resolveThreat(ctx: Context, id: string): void {
  const pending = findPending(ctx, id);
  if (!pending) return;
  const data = pending.data;
  const reactions: Json = Array.isArray(data.reactions) ? data.reactions : [];
  ctx.emit({
    type: "actionResolved",
    who: pending.actor,
    action: data.action ?? null,
    target: data.target ?? null,
    outcome: data.outcome ?? null,
    reactions,
  });
  closePending(ctx, id);
}
