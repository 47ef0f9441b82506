/**
 * Skill checks and opposed checks. flow.txt speaks of percentile skills ("-10 penalty to your
 * Ranged Skill Check", "+10 Melee bonus") and of success levels ("Normal Success", "Hard
 * Success", "Major Success", "Critical Success"); it gives no table, so the one here is this
 * project's (docs/rulesets/flow.md, "Dice"): d100 rolled under the skill.
 */
import type { Outcome } from "../../commands";
import type { Context } from "../../context";
import type { CombatantState } from "../../state";
import { D100, DEFAULT_SKILL, type FlowSkill } from "./catalog";

export const LEVELS = ["critFail", "fail", "normal", "hard", "major", "critical"] as const;
export type Level = (typeof LEVELS)[number];

export function rankOf(level: Level): number {
  return LEVELS.indexOf(level);
}

export function isSuccess(level: Level): boolean {
  return rankOf(level) >= rankOf("normal");
}

/**
 * A success made `by` levels better, for "the larger attacker is considered to be 1 success level
 * higher for the sake of resolving the Opposed Check". Failures stay failures.
 */
export function raise(level: Level, by: number): Level {
  if (!isSuccess(level)) return level;
  return LEVELS[Math.min(LEVELS.length - 1, rankOf(level) + by)] ?? level;
}

/**
 * The success level of a d100 roll against a skill: 100 is a critical failure, a roll of at most a
 * tenth of the skill (and always a 1) is critical, a fifth major, a half hard, the skill normal.
 */
export function levelOf(roll: number, skill: number): Level {
  if (roll >= D100) return "critFail";
  if (roll <= Math.max(1, Math.floor(skill / 10))) return "critical";
  if (roll > skill) return "fail";
  if (roll <= Math.floor(skill / 5)) return "major";
  if (roll <= Math.floor(skill / 2)) return "hard";
  return "normal";
}

/** The level a stipulated outcome stands for: a hit is a Normal Success, a crit a Critical one. */
export function outcomeLevel(outcome: Outcome): Level {
  switch (outcome) {
    case "hit":
    case "success":
    case "kill":
      return "normal";
    case "crit":
      return "critical";
    case "miss":
    case "fail":
      return "fail";
    case "critFail":
      return "critFail";
  }
}

export function skillOf(c: CombatantState, skill: FlowSkill): number {
  return c.skills[skill] ?? DEFAULT_SKILL;
}

/** Advantage, Disadvantage, or neither (both cancel out). */
export type Edge = "advantage" | "disadvantage" | null;

export function edgeOf(advantage: boolean, disadvantage: boolean): Edge {
  if (advantage === disadvantage) return null;
  return advantage ? "advantage" : "disadvantage";
}

export interface CheckResult {
  rolls: number[];
  roll: number;
  level: Level;
}

/**
 * Roll one skill check: a d100, or two with Advantage (keep the lower, the better under a
 * roll-under skill) or Disadvantage (keep the higher).
 */
export function rollCheck(
  ctx: Context,
  who: string,
  skill: number,
  purpose: string,
  edge: Edge = null,
): CheckResult {
  const rolls = [ctx.roll(D100, purpose, who)];
  if (edge !== null) rolls.push(ctx.roll(D100, purpose, who));
  const roll = edge === "disadvantage" ? Math.max(...rolls) : Math.min(...rolls);
  const level = levelOf(roll, skill);
  ctx.emit({ type: "checkRolled", who, purpose, skill, rolls, roll, level, edge });
  return { rolls, roll, level };
}

/**
 * An Opposed Check: the acting side wins only with a success better than the resisting side's
 * result; equal levels go to the resisting side. This matches the Parrying Large Creatures
 * example, where a Normal attack against a Normal parry would be parried but the Large attacker's
 * Hard (one level up) hits.
 */
export function actorWins(actor: Level, resister: Level): boolean {
  return isSuccess(actor) && rankOf(actor) > rankOf(resister);
}

/** A reaction against an attack: the reactor resists, so it wins on an equal or better success. */
export function reactorWins(reactor: Level, attack: Level): boolean {
  return isSuccess(reactor) && rankOf(reactor) >= rankOf(attack);
}
