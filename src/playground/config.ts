/**
 * The playground's settings read once from the page's address, and the rulesets it offers. A leaf:
 * it imports nothing of the playground, so every panel and the owner may read it.
 */
import { RULESETS } from "../engine/rulesets";
import { RULESET_IDS, type RulesetId } from "../engine";
import { ENCOUNTERS, type SampleEncounter } from "./encounters";

/** The reaction prompt's countdown; `?prompt=N` shortens or lengthens it (the browser tests use 2). */
export const PROMPT_SECONDS = promptSeconds();

function promptSeconds(): number {
  const asked = Number(new URLSearchParams(globalThis.location?.search ?? "").get("prompt"));
  return Number.isInteger(asked) && asked > 0 ? asked : 15;
}

/** The largest dice seed: the dice take a 32-bit seed (engine/dice.ts SeededDice). */
export const MAX_SEED = 0xffffffff;

/**
 * A dice seed as typed in the header's field: a whole number from 0 to MAX_SEED, digits only;
 * anything else (-5, 1e30, 2.5, text, nothing) is null, never wrapped or rounded into a seed.
 */
export function parseSeed(text: string): number | null {
  const digits = text.trim();
  if (!/^\d{1,10}$/.test(digits)) return null;
  const seed = Number(digits);
  return seed <= MAX_SEED ? seed : null;
}

/** A new seed for the dice (the header's "New seed", or a first visit without one). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}

/** The rulesets the engine has registered, in the design's order. */
export function registeredRulesets(): RulesetId[] {
  return RULESET_IDS.filter((id) => RULESETS[id] !== undefined);
}

/** The ruleset's first sample encounter: what a file naming no known encounter is played on. */
export function fallbackEncounter(ruleset: RulesetId): SampleEncounter {
  const first = ENCOUNTERS[ruleset][0];
  if (!first) throw new Error(ruleset);
  return first;
}
