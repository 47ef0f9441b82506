import type { ActionDef, ReactionDef } from "../../ruleset";

/**
 * The segments action ids (FORMAT.md) with the text's activity types:
 * - fast actions A.-C. "Parley, Flee, Charge" (major);
 * - attack (melee) and missile: "striking a creature with a sword, firing a bow" (major);
 * - cast (incantation) and invoke (invocation): "[invocation] (declared; major)", incantations
 *   "operate in a similar fashion";
 * - complex: "(declared; major, 1 round or more)";
 * - simple: "(usually minor ... 1 segment or less)";
 * - delaying: "If no action type or time is listed, the activity is a minor action and takes 1 segment";
 * - delay: "Delay. [delay] (minor, special initiative rules)".
 * The actor states the time where the text makes it the activity's own: a spell's casting time or an
 * item's activation time ("followed by an activation time (in segments)"), a complex activity's
 * "1 round or more", a delaying activity's "time varies", a simple activity's "1 segment or less".
 */
export const ACTIONS: Readonly<Record<string, ActionDef>> = {
  parley: { id: "parley", cost: {}, kind: "fast", target: "none", limits: ["oncePerRound"] },
  flee: { id: "flee", cost: {}, kind: "fast", target: "none", limits: ["oncePerRound"] },
  charge: { id: "charge", cost: {}, kind: "fast", target: "enemy", limits: ["oncePerRound"] },
  attack: { id: "attack", cost: {}, kind: "major", target: "enemy", limits: ["oncePerRound"] },
  missile: { id: "missile", cost: {}, kind: "major", target: "enemy", limits: ["oncePerRound"] },
  cast: {
    id: "cast",
    cost: {},
    kind: "major",
    target: "none",
    limits: ["declared", "oneSpellPerRound"],
    chosen: ["time"],
  },
  invoke: {
    id: "invoke",
    cost: {},
    kind: "major",
    target: "none",
    limits: ["declared", "oneSpellPerRound"],
    chosen: ["time"],
  },
  complex: {
    id: "complex",
    cost: {},
    kind: "complex",
    target: "none",
    limits: ["declared", "wholeRound"],
    chosen: ["time"],
  },
  simple: { id: "simple", cost: {}, kind: "minor", target: "none", chosen: ["time"] },
  delaying: {
    id: "delaying",
    cost: {},
    kind: "delaying",
    target: "none",
    limits: ["lowOnly"],
    chosen: ["time"],
  },
  delay: { id: "delay", cost: {}, kind: "delay", target: "none" },
};

/** Free attack and immediate attack: both "[immediate]"; the immediate attack is "(major)". */
export const REACTIONS: Readonly<Record<string, ReactionDef>> = {
  freeAttack: { id: "freeAttack", cost: {} },
  immediateAttack: { id: "immediateAttack", cost: {} },
};

export const FAST_ACTIONS = ["parley", "flee", "charge"] as const;
/** "Creatures can perform ... 1 major task": these use it. */
export const MAJOR_ACTIONS = new Set([
  "parley",
  "flee",
  "charge",
  "attack",
  "missile",
  "cast",
  "invoke",
  "complex",
]);
/** "must always be declared" (invocations, incantations) and "All complex activities must be declared". */
export const MUST_DECLARE = new Set(["cast", "invoke", "complex"]);
export const SPELLS = new Set(["cast", "invoke"]);

/**
 * Order of action types within a group's initiative. The text names "D1. Innate Abilities" (where
 * casters announce their targets) and "D4. Other" (simple activities not combined with a major
 * action), and says complex activities "Go Last" and delaying activities happen in LOW. Between
 * them we put missile before melee (the flowchart itself is not part of the text; see the docs).
 */
export const GROUP_RANK: Readonly<Record<string, number>> = {
  cast: 0,
  invoke: 0,
  missile: 1,
  attack: 2,
  simple: 3,
  delaying: 4,
  complex: 5,
};

/** Fast actions in "the order as presented in the Combat Round Flowchart": A. Parley, B. Flee, C. Charge, then "Go First". */
export const FAST_RANK: Readonly<Record<string, number>> = { parley: 0, flee: 1, charge: 2, goFirst: 3 };

/**
 * Dexterity reaction adjustment from the usual ability table: 3: -3, 4: -2, 5: -1, 6-15: 0,
 * 16: +1, 17: +2, 18 and above: +3 (below 3 counts as 3).
 */
export function dexterityReaction(dexterity: number): number {
  if (dexterity <= 3) return -3;
  if (dexterity === 4) return -2;
  if (dexterity === 5) return -1;
  if (dexterity <= 15) return 0;
  if (dexterity === 16) return 1;
  if (dexterity === 17) return 2;
  return 3;
}

/**
 * The d20 score needed to hit: AAC0 minus the target's (descending) AC, except that "there are
 * always a sequence of six 20s before a 21 is required": raw scores 20 to 25 all need 20, and
 * above that the need is raw - 5. (A "20*" AAC0 is entered as 21: it "also needs a 20 to strike
 * an AC of 1".)
 */
export function toHitNeeded(aac0: number, ac: number): number {
  const raw = aac0 - ac;
  if (raw <= 20) return raw;
  if (raw <= 25) return 20;
  return raw - 5;
}

/** "A natural 1 rolled on the d20 always misses and a natural 20 rolled always hits." */
export function attackHits(natural: number, bonus: number, needed: number): boolean {
  if (natural === 20) return true;
  if (natural === 1) return false;
  return natural + bonus >= needed;
}
