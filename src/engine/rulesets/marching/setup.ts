import type { Context } from "../../context";
import { combatant } from "../../core/combatants";
import { hasCondition } from "../../core/conditions";
import { markUsed, usedCount, type UsageScope } from "../../core/usage";
import { refuse } from "../../refusal";
import type { CombatantState, EncounterState, JsonObject } from "../../state";

/**
 * Surprise "allows you to catch opponents as impaired": it lasts through the surprised
 * combatant's first turn (it ticks at the end of its owner's turn like any condition here).
 */
export function setupCombatant(c: CombatantState, _state: EncounterState): void {
  c.pools = {};
  c.maxPools = {};
  const surprised = c.conditions.find((k) => k.id === "surprised");
  if (surprised && surprised.rounds === null) surprised.rounds = 1;
}

export function agility(c: CombatantState): number {
  const v = c.stats.agility;
  return v !== undefined && Number.isFinite(v) ? v : 0;
}

export function isSurprised(c: CombatantState): boolean {
  return hasCondition(c, "surprised");
}

/**
 * marching.txt Surprise: "+2 to hit them" and "target suffers -1 AGL checks/saves". The engine
 * reports these with the attacks and checks they touch; the table applies them to its rolls.
 */
export function surpriseModifiers(c: CombatantState): {
  toHitAgainst: number;
  agilityChecks: number;
  saves: number;
} {
  return isSurprised(c)
    ? { toHitAgainst: 2, agilityChecks: -1, saves: -1 }
    : { toHitAgainst: 0, agilityChecks: 0, saves: 0 };
}

/** The three things a turn gives: "your primary action, move action, and reaction". */
export type Slot = "primary" | "move" | "reaction";

/**
 * When a used reaction comes back (docs/rulesets/marching.md, Decisions): option `reactionBack`
 * `round` (default), when the round starts, or `turn`, at the start of its owner's next turn ("On
 * your turn, you may use your primary action, move action, and reaction").
 */
export function reactionScope(state: EncounterState): UsageScope {
  return state.options.reactionBack === "turn" ? "turn" : "round";
}

/** Primary and move come with each turn; the reaction with the round or the owner's turn (reactionScope). */
export function slotUsed(c: CombatantState, slot: Slot): boolean {
  if (slot !== "reaction") return usedCount(c, "turn", slot) > 0;
  // Only one of the two scopes is ever marked, by the encounter's option.
  return usedCount(c, "round", slot) + usedCount(c, "turn", slot) > 0;
}

/** Mark a slot used: primary and move for the turn, the reaction by reactionScope. */
export function useSlot(state: EncounterState, c: CombatantState, slot: Slot): void {
  markUsed(c, slot === "reaction" ? reactionScope(state) : "turn", slot);
}

const SLOT_REFUSAL: Record<Slot, string> = {
  primary: "PrimaryUsed",
  move: "MoveUsed",
  reaction: "ReactionUsed",
};

export function requireSlot(c: CombatantState, slot: Slot): void {
  if (slotUsed(c, slot)) refuse(SLOT_REFUSAL[slot], { who: c.name });
}

/** Acting together: the pair that takes one turn at the same time (marching.txt "Acting Together"). */
export interface Together {
  who: string[];
  /** What each chose to do first: "They must choose whether to act or move first." */
  first: Record<string, "act" | "move">;
  /** Paths moved this turn, one cell (5 feet) per step, to resolve simultaneous movement. */
  paths: Record<string, [number, number][]>;
  /** Defeats that take effect when the simultaneous turn ends. */
  defeats: string[];
}

export function togetherOf(state: EncounterState): Together | null {
  const v = state.ext.together;
  return v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v)
    ? (v as unknown as Together)
    : null;
}

export function setTogether(state: EncounterState, together: Together | null): void {
  state.ext.together = together === null ? null : (together as unknown as JsonObject);
}

/** Refuse unless it is `who`'s turn (or it acts together with the current combatant). */
export function requireActing(ctx: Context, who: string): CombatantState {
  const c = combatant(ctx.state, who);
  const together = togetherOf(ctx.state);
  if (ctx.state.stage !== "turns") refuse("ChooseInitiativeFirst");
  if (ctx.state.current !== who && !together?.who.includes(who)) refuse("NotYourTurn", { who: c.name });
  return c;
}
