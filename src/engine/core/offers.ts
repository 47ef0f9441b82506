import type { Context } from "../context";
import { refuse } from "../refusal";
import type { Cell, JsonObject, Offer, Pending } from "../state";

/** Hold something (an attack, a move) until the reactions it drew are answered. */
export function openPending(ctx: Context, kind: string, actor: string, data: JsonObject): Pending {
  const pending: Pending = { id: ctx.nextId("p"), kind, actor, data };
  ctx.state.pending.push(pending);
  return pending;
}

export function findPending(ctx: Context, id: string): Pending | undefined {
  return ctx.state.pending.find((p) => p.id === id);
}

export function closePending(ctx: Context, id: string): void {
  ctx.state.pending = ctx.state.pending.filter((p) => p.id !== id);
}

/** Offer `who` a reaction `with` against `against`, tied to a pending trigger. */
export function offer(
  ctx: Context,
  who: string,
  reaction: string,
  against: string,
  trigger: Pending,
  cell: Cell | null = null,
): Offer {
  const made: Offer = { id: ctx.nextId("o"), who, with: reaction, against, trigger: trigger.id, cell };
  ctx.state.offers.push(made);
  ctx.emit({
    type: "reactionOffered",
    offer: made.id,
    who,
    with: reaction,
    against,
    trigger: trigger.id,
    kind: trigger.kind,
    cell: cell ? [cell[0], cell[1]] : null,
  });
  return made;
}

export function offersOf(ctx: Context, who: string, trigger?: string): Offer[] {
  return ctx.state.offers.filter((o) => o.who === who && (trigger === undefined || o.trigger === trigger));
}

export function offersForTrigger(ctx: Context, trigger: string): Offer[] {
  return ctx.state.offers.filter((o) => o.trigger === trigger);
}

/** Withdraw offers matching a test (answered, declined, or no longer possible). */
export function withdrawOffers(ctx: Context, test: (o: Offer) => boolean, reason: string): void {
  const gone = ctx.state.offers.filter(test);
  if (gone.length === 0) return;
  ctx.state.offers = ctx.state.offers.filter((o) => !test(o));
  for (const o of gone) ctx.emit({ type: "offerWithdrawn", offer: o.id, who: o.who, with: o.with, reason });
}

/** Turn-taking commands wait until every open reaction offer is answered. */
export function requireNoOpenOffers(ctx: Pick<Context, "state">): void {
  if (ctx.state.offers.length > 0) refuse("ReactionsPending", { count: ctx.state.offers.length });
}

/**
 * Find the offer a `react` command answers: by reactor, reaction and (optionally) the one reacted
 * against. Refuses when there is none, so a late or duplicate answer changes nothing.
 */
export function findOffer(ctx: Context, who: string, reaction: string, against?: string): Offer {
  const found = ctx.state.offers.find(
    (o) => o.who === who && o.with === reaction && (against === undefined || o.against === against),
  );
  if (!found) refuse("NoSuchOffer", { who, reaction });
  return found;
}

/** Decline: withdraw all of `who`'s open offers (against one foe, if named). */
export function decline(ctx: Context, who: string, against?: string): string[] {
  const mine = ctx.state.offers.filter(
    (o) => o.who === who && (against === undefined || o.against === against),
  );
  if (mine.length === 0) refuse("NoSuchOffer", { who, reaction: "decline" });
  const triggers = [...new Set(mine.map((o) => o.trigger))];
  ctx.state.offers = ctx.state.offers.filter((o) => !mine.includes(o));
  ctx.emit({ type: "reactionDeclined", who, against: against ?? mine[0]?.against ?? null });
  return triggers;
}
