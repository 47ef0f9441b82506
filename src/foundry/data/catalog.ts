/**
 * What an actor holds for the rulesets, worked out from the engine's registry: the stats and
 * skills every ruleset reads, with their bounds. Plain data (no Foundry globals), so the data
 * models, the actor → combatant conversion and the tests share one list.
 */
import { RULESET_IDS, isRulesetId } from "../../engine";
import { KNOWN_SKILLS, KNOWN_STATS } from "../../engine/bounds";
import { RULESETS } from "../../engine/rulesets";

// The bounds live in the engine, which holds every combatant's setup to the same table.
export { GENERIC_SKILL, GENERIC_STAT, skillSpec, statSpec, type NumberSpec } from "../../engine/bounds";

/** Boolean traits the rules ask about; each becomes a tag of the combatant when set. */
export const TRAITS = ["shield", "multiAttack"] as const;
export type Trait = (typeof TRAITS)[number];

function unionSorted(base: readonly string[], more: readonly string[]): string[] {
  return [...new Set([...base, ...more])].sort();
}

/** Every stat some ruleset reads, plus the ones the rule texts name outright. */
export function statNames(): string[] {
  return unionSorted(
    Object.keys(KNOWN_STATS),
    RULESET_IDS.flatMap((id) => RULESETS[id]?.stats ?? []),
  );
}

/** Every skill some ruleset reads, plus the ones the rule texts name outright. */
export function skillNames(): string[] {
  return unionSorted(
    Object.keys(KNOWN_SKILLS),
    RULESET_IDS.flatMap((id) => RULESETS[id]?.skills ?? []),
  );
}

/** The pools an actor keeps between fights and the stat that holds each one's maximum. */
export const ACTOR_POOLS = { ap: "maxAp", rp: "maxRp", fp: "maxFp" } as const;
export type ActorPool = keyof typeof ACTOR_POOLS;

/**
 * A damage formula: dice terms, whole numbers, + - * / and parentheses, e.g. "1d8+2" or
 * "2d6 + 1d4". Refuses text that Foundry's Roll would not parse as plain arithmetic on dice.
 */
export function isDamageFormula(formula: string): boolean {
  const term = "(?:\\d*d\\d+|\\d+)";
  const pattern = new RegExp(`^\\(?\\s*${term}(?:\\s*[-+*/]\\s*\\(?\\s*${term}\\s*\\)?)*\\s*\\)?$`, "i");
  return pattern.test(formula.trim());
}

/** Whether `id` names an action (or, for reactions, a reaction) of a registered ruleset. */
export function isKnownAction(ruleset: string, category: string, id: string): boolean {
  const found = isRulesetId(ruleset) ? RULESETS[ruleset] : undefined;
  if (!found) return false;
  // Own entries only: "constructor" or "toString" is no ruleset's action.
  return category === "reaction" ? Object.hasOwn(found.reactions, id) : Object.hasOwn(found.actions, id);
}

/** What the equipped weapons add: the longest reach and range, the first melee weapon's speed. */
export interface WeaponSummary {
  reach: number;
  range: number;
  speed: number;
}

/** Anything with the fields a weapon item's system data has (read without Foundry in tests). */
export interface WeaponLike {
  kind: string;
  reach: number;
  range: number;
  speed: number;
  equipped: boolean;
}

export function isWeaponLike(value: unknown): value is WeaponLike {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v["kind"] === "string" &&
    typeof v["reach"] === "number" &&
    typeof v["range"] === "number" &&
    typeof v["speed"] === "number" &&
    typeof v["equipped"] === "boolean"
  );
}

export function summarizeWeapons(weapons: readonly WeaponLike[]): WeaponSummary {
  const equipped = weapons.filter((w) => w.equipped);
  const melee = equipped.find((w) => w.kind === "melee");
  return {
    reach: Math.max(0, ...equipped.map((w) => w.reach)),
    range: Math.max(0, ...equipped.filter((w) => w.kind === "ranged").map((w) => w.range)),
    speed: melee?.speed ?? 0,
  };
}
