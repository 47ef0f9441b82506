/**
 * Lasting states: defeated, grappled, readied, feints. Kept consistent on both sides of a grapple.
 */
import { held, type Context } from "../../context";
import { marked, setMarked, type Mark } from "../../core/marks";
import { combatant, draftOf, readCombatant } from "../../core/combatants";
import { addCondition, removeCondition } from "../../core/conditions";
import { withdrawOffers } from "../../core/offers";
import type { EncounterState } from "../../state";
import { flowExt, readExt } from "./data";

/** A combatant falls: its offers go, its grapples end, its readied action is cancelled. */
export function defeat(ctx: Context, who: string, by: string | null): void {
  const c = combatant(ctx.state, who);
  if (c.defeated) return;
  c.defeated = true;
  ctx.moved(who);
  ctx.emit({ type: "defeatedChanged", who, defeated: true, by });
  // Its own offers go, and so do Reaction Attacks against it (nothing left to punish).
  withdrawOffers(ctx, (o) => o.who === who || (o.against === who && o.with === "reactionAttack"), "defeated");
  endGrapplesOf(ctx, who, "defeated");
  cancelReady(ctx, who, "defeated");
}

/** "On success, both characters are grappled." */
export function startGrapple(ctx: Context, grappler: string, target: string): void {
  flowExt(combatant(ctx.state, grappler)).grappling = { target, since: ctx.state.round };
  flowExt(combatant(ctx.state, target)).grappledBy = grappler;
  addCondition(ctx, grappler, "grappled", null);
  addCondition(ctx, target, "grappled", null);
  ctx.emit({ type: "grappleStarted", who: grappler, target });
}

/** "Duration: Until defender wins Athletics contest or the effect is broken or ended." */
export function endGrapple(ctx: Context, grappler: string, reason: string): void {
  const g = combatant(ctx.state, grappler);
  const hold = flowExt(g).grappling;
  if (!hold) return;
  delete flowExt(g).grappling;
  removeCondition(ctx, grappler, "grappled");
  const t = draftOf(ctx.state, hold.target);
  if (t) {
    delete flowExt(t).grappledBy;
    removeCondition(ctx, t.id, "grappled");
  }
  ctx.emit({ type: "grappleEnded", who: grappler, target: hold.target, reason });
}

/** End any grapple `who` takes part in, on either side. */
export function endGrapplesOf(ctx: Context, who: string, reason: string): void {
  const c = combatant(ctx.state, who);
  if (flowExt(c).grappling) endGrapple(ctx, who, reason);
  const by = flowExt(c).grappledBy;
  if (by !== undefined && draftOf(ctx.state, by)) endGrapple(ctx, by, reason);
  // A grapple the GM applied by hand has no grappler on record; clear it on this side alone.
  if (flowExt(c).grappledBy !== undefined) delete flowExt(c).grappledBy;
  removeCondition(ctx, who, "grappled");
}

/** Whether `who` is held by a grapple as its defender ("Cannot take actions except ..."). */
export function isGrappledDefender(state: EncounterState, who: string): boolean {
  const c = readCombatant(state, who);
  return held(c, "conditions").some((k) => k.id === "grappled") && readExt(c).grappling === undefined;
}

/** Cancel a readied action ("cancel the Readied Action at no cost"). */
export function cancelReady(ctx: Context, who: string, reason: string): void {
  // Read first: most commands find nothing readied, and a read takes no draft.
  const readied = readExt(readCombatant(ctx.state, who)).readied;
  if (!readied) return;
  const c = combatant(ctx.state, who);
  delete flowExt(c).readied;
  noteReadied(ctx, who, false);
  removeCondition(ctx, who, "readied");
  ctx.emit({ type: "readyCancelled", who, action: readied.action, reason });
}

/** Who waits with a readied action (ext.readied): listed in the encounter (core/marks.ts). */
export const READIED: Mark = { key: "readiers", has: (c) => readExt(c).readied !== undefined };

/** Who waits with a readied action, in no set order. */
export function readiersOf(state: EncounterState): readonly string[] {
  return marked(state, READIED);
}

/** Keep the list of readiers true when `who` readies an action (`on`) or no longer waits with one. */
export function noteReadied(ctx: Context, who: string, on: boolean): void {
  setMarked(ctx, READIED, who, on);
}
