/**
 * What an actor holds for the rulesets, worked out from the engine's registry: the stats and
 * skills every ruleset reads, with their bounds. Plain data (no Foundry globals), so the data
 * models, the actor → combatant conversion and the tests share one list.
 */
import { RULESET_IDS, isRulesetId } from "../../engine";
import { RULESETS } from "../../engine/rulesets";

/** Bounds and default of one whole-number stat or skill. */
export interface NumberSpec {
  min: number;
  max: number;
  initial: number;
}

/**
 * Stats the rule texts name, with their bounds. Stats a ruleset reads that are not listed here get
 * GENERIC_STAT, so a new ruleset's stat is stored and editable before anyone tunes its bounds.
 */
const KNOWN_STATS: Readonly<Record<string, NumberSpec>> = {
  // flow: "1d10+Agility initiative"; marching: "make an AGL check". A modifier, so it may be negative.
  agility: { min: -10, max: 20, initial: 0 },
  // rating: "rolling [1d6] and adding the character's Initiative Rating"
  initiativeRating: { min: 0, max: 30, initial: 0 },
  // rating: "Use the character's Initiative Rating and then Luck bonus ... to break ties"
  luck: { min: -10, max: 20, initial: 0 },
  // segments: the Dexterity score (3-18, up to 25 with magic) gives the reaction adjustment.
  dexterity: { min: 1, max: 25, initial: 10 },
  // phases: "initiative = Combat Value, fixed"
  combatValue: { min: 0, max: 99, initial: 10 },
  lightningReflexes: { min: 0, max: 10, initial: 0 },
  weaponSpeed: { min: 0, max: 20, initial: 0 },
  weaponRange: { min: 0, max: 100, initial: 0 },
  moveSpeed: { min: 0, max: 30, initial: 6 },
  // flow: "Every player starts each round of combat with 5 AP" ... "Full RP (usually 2...)"
  maxAp: { min: 0, max: 20, initial: 5 },
  maxRp: { min: 0, max: 20, initial: 2 },
  // flow: "2 FP at start of combat"
  maxFp: { min: 0, max: 20, initial: 2 },
};

export const GENERIC_STAT: NumberSpec = { min: -99, max: 999, initial: 0 };
export const GENERIC_SKILL: NumberSpec = { min: 0, max: 99, initial: 0 };

const KNOWN_SKILLS: Readonly<Record<string, NumberSpec>> = {
  // phases: Combat Reflexes adds to initiative and to attacks of opportunity taken.
  combatReflexes: { min: 0, max: 10, initial: 0 },
};

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

export function statSpec(name: string): NumberSpec {
  return KNOWN_STATS[name] ?? GENERIC_STAT;
}

export function skillSpec(name: string): NumberSpec {
  return KNOWN_SKILLS[name] ?? GENERIC_SKILL;
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
  // A ruleset not yet registered cannot be checked; its ids are kept as written.
  if (!found) return true;
  return category === "reaction" ? id in found.reactions : id in found.actions;
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
