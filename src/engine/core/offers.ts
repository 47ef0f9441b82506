import { held, itemsOf, type Context } from "../context";
import { frozen } from "../json";
import { refuse } from "../refusal";
import type { Cell, JsonObject, Offer, Pending } from "../state";

/** Hold something (an attack, a move) until the reactions it drew are answered. */
export function openPending(ctx: Context, kind: string, actor: string, data: JsonObject): Pending {
  // Frozen (json.ts frozen), with its data and the new list, unless they hold a draft: a trigger
  // is changed only through a later draft of it, never in place.
  const pending: Pending = frozen({ id: ctx.nextId("p"), kind, actor, data });
  ctx.state.pending = frozen([...itemsOf(held(ctx.state, "pending")), pending]);
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
  return offerEach(ctx, trigger, [{ who, with: reaction, against, cell }])[0] as Offer;
}

/** One reaction to offer: see offer(). */
export interface Wanted {
  who: string;
  with: string;
  against: string;
  cell?: Cell | null;
}

/**
 * Make each of `wanted` an offer tied to `trigger`, in order, as offer() does one at a time, with
 * one change to the list of open offers for them all (an attack that hits offers up to a handful).
 */
export function offerEach(ctx: Context, trigger: Pending, wanted: readonly Wanted[]): Offer[] {
  // Each offer is new plain data (its cell copied) and frozen: an offer is never changed, only
  // withdrawn, and mutative does not walk a frozen value looking for drafts when the command ends.
  const made = wanted.map((w): Offer =>
    Object.freeze({
      id: ctx.nextId("o"),
      who: w.who,
      with: w.with,
      against: w.against,
      trigger: trigger.id,
      cell: w.cell ? frozen<Cell>([w.cell[0], w.cell[1]]) : null,
    }),
  );
  if (made.length > 0) ctx.state.offers = frozen([...openOffers(ctx), ...made]);
  for (const o of made)
    ctx.emit({
      type: "reactionOffered",
      offer: o.id,
      who: o.who,
      with: o.with,
      against: o.against,
      trigger: trigger.id,
      kind: trigger.kind,
      cell: o.cell ? [o.cell[0], o.cell[1]] : null,
    });
  return made;
}

/**
 * The open offers, to read: as the state holds them, with no draft made of the list or of any
 * offer (context.ts itemsOf). An offer is never changed in place: it is made, then withdrawn.
 */
function openOffers(ctx: Pick<Context, "state">): readonly Offer[] {
  return itemsOf(held(ctx.state, "offers"));
}

export function offersOf(ctx: Context, who: string, trigger?: string): Offer[] {
  return openOffers(ctx).filter((o) => o.who === who && (trigger === undefined || o.trigger === trigger));
}

export function offersForTrigger(ctx: Context, trigger: string): Offer[] {
  return openOffers(ctx).filter((o) => o.trigger === trigger);
}

/** Withdraw offers matching a test (answered, declined, or no longer possible). */
export function withdrawOffers(ctx: Context, test: (o: Offer) => boolean, reason: string): void {
  const open = openOffers(ctx);
  const gone = open.filter(test);
  if (gone.length === 0) return;
  ctx.state.offers = open.filter((o) => !test(o));
  for (const o of gone) ctx.emit({ type: "offerWithdrawn", offer: o.id, who: o.who, with: o.with, reason });
}

/** Turn-taking commands wait until every open reaction offer is answered. */
export function requireNoOpenOffers(ctx: Pick<Context, "state">): void {
  // Read as held: a command that goes on to change no offer takes no draft of the list.
  const open = held(ctx.state, "offers").length;
  if (open > 0) refuse("ReactionsPending", { count: open });
}

/**
 * Find the offer a `react` command answers: by reactor, reaction and (optionally) the one reacted
 * against. Refuses when there is none, so a late or duplicate answer changes nothing.
 */
export function findOffer(ctx: Context, who: string, reaction: string, against?: string): Offer {
  const found = openOffers(ctx).find(
    (o) => o.who === who && o.with === reaction && (against === undefined || o.against === against),
  );
  if (!found) refuse("NoSuchOffer", { who, reaction });
  return found;
}

/** Decline: withdraw all of `who`'s open offers (against one foe, if named). */
export function decline(ctx: Context, who: string, against?: string): string[] {
  const open = openOffers(ctx);
  const mine = open.filter((o) => o.who === who && (against === undefined || o.against === against));
  if (mine.length === 0) refuse("NoSuchOffer", { who, reaction: "decline" });
  const triggers = [...new Set(mine.map((o) => o.trigger))];
  ctx.state.offers = open.filter((o) => !mine.includes(o));
  ctx.emit({ type: "reactionDeclined", who, against: against ?? mine[0]?.against ?? null });
  return triggers;
}
