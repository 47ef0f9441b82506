import { hasCondition } from "../../core/conditions";
import type { CombatantState, EncounterState, Json, JsonObject } from "../../state";

/**
 * rating.txt gives every character a "max AP" but no number; a combatant without the stat gets 3
 * (documented in docs/rulesets/rating.md).
 */
export const DEFAULT_MAX_AP = 3;

/** rating.txt "each grid square in such a system should represent a square meter". */
export const METRES_PER_CELL = 1;

/** rating.txt: free actions are weighed against "what is reasonable for a character to achieve in six seconds". */
export const ROUND_SECONDS = 6;

/** A whole-number stat, 0 when absent. */
export function stat(c: CombatantState, name: string): number {
  const v = c.stats[name];
  return v !== undefined && Number.isFinite(v) ? v : 0;
}

export function maxApOf(c: CombatantState): number {
  const v = c.stats.maxAp;
  return v !== undefined && Number.isInteger(v) && v >= 1 ? v : DEFAULT_MAX_AP;
}

/**
 * The GM's group of similar NPCs that rolls initiative once (rating.txt "should roll once for
 * larger groups of similar NPCs"): a tag `group:<name>` or an ext field `group`. PCs roll alone.
 */
export function groupOf(c: CombatantState): string | null {
  if (c.pc) return null;
  const own = c.ext.group;
  if (typeof own === "string" && own !== "") return own;
  const tag = c.tags.find((t) => t.startsWith("group:") && t.length > "group:".length);
  return tag === undefined ? null : tag.slice("group:".length);
}

/** Surprised: set up as surprised, or marked surprised by the GM before the fight. */
export function isSurprised(c: CombatantState): boolean {
  return c.surprised || hasCondition(c, "surprised");
}

export function setupCombatant(c: CombatantState, _state: EncounterState): void {
  const max = maxApOf(c);
  c.maxPools = { ap: max };
  c.pools = { ap: max };
  const group = groupOf(c);
  if (group !== null) c.ext.group = group;
}

/** Read a JSON object field of ext, or null. */
export function objectField(ext: JsonObject, key: string): JsonObject | null {
  const v: Json | undefined = ext[key];
  return v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v) ? v : null;
}

export function stringList(ext: JsonObject, key: string): string[] {
  const v = ext[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}
