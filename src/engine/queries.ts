import { refusalOf } from "./apply";
import type { Command } from "./commands";
import type { DicePort } from "./dice";
import type { Refusal } from "./refusal";
import { getRuleset } from "./registry";
import type { ActionDef, ReactionDef } from "./ruleset";
import { combatantIn } from "./record";
import type { EncounterState, Offer } from "./state";

/**
 * Dice for asking "would this be allowed?": legality is settled before any die is rolled. What
 * they throw is an answer, not a fault, so it records no stack (as RefusalError).
 */
class NoDiceNeeded {}
const askingDice: DicePort = {
  roll() {
    throw new NoDiceNeeded();
  },
};

/** Would the engine accept this command now? Runs it on a throw-away copy. */
export function check(state: EncounterState, command: Command): Refusal | null {
  try {
    return refusalOf(state, command, askingDice, getRuleset(state.ruleset));
  } catch (error) {
    if (error instanceof NoDiceNeeded) return null;
    throw error;
  }
}

export interface ActionAvailability {
  action: ActionDef;
  /**
   * How the action is taken now: `act`, or `declare` where the ruleset wants it declared or
   * announced first (segments: "All individuals Declare Actions"; marching's frantic announce).
   */
  verb: "act" | "declare";
  refusal: Refusal | null;
  /** The target the check named (the given one, else the first the action may take), or null. */
  target: string | null;
}

/** Each action of the ruleset, how it is taken now, and why it cannot be (null when it can). */
export function availableActions(state: EncounterState, who: string, target?: string): ActionAvailability[] {
  const ruleset = getRuleset(state.ruleset);
  return Object.values(ruleset.actions).map((action): ActionAvailability => {
    const command: Command = { type: "act", who, action: action.id, outcome: "miss" };
    if (action.cost === null) command.cost = 1;
    const chosen = action.target !== "none" ? (target ?? firstTarget(state, who, action.target)) : undefined;
    if (chosen !== undefined) command.target = chosen;
    const named = chosen ?? null;
    const refusal = check(state, command);
    if (refusal === null || !ruleset.handlers.declare) return { action, verb: "act", refusal, target: named };
    const declared = check(state, { type: "declare", who, action: action.id });
    if (declared === null) return { action, verb: "declare", refusal: null, target: named };
    // While declarations are open, why the declaration is refused is the reason that matters.
    return state.stage === "declare"
      ? { action, verb: "declare", refusal: declared, target: named }
      : { action, verb: "act", refusal, target: named };
  });
}

function firstTarget(state: EncounterState, who: string, kind: ActionDef["target"]): string | undefined {
  const self = combatantIn(state, who);
  if (!self) return undefined;
  return state.combatants.find((other) => {
    if (other.id === who || other.defeated) return false;
    return kind === "any" || (kind === "enemy" ? other.side !== self.side : other.side === self.side);
  })?.id;
}

export interface ReactionAvailability {
  reaction: ReactionDef;
  offer: Offer;
  refusal: Refusal | null;
}

/** The reactions `who` is offered right now, each with why it cannot be taken (null when it can). */
export function openReactions(state: EncounterState, who: string): ReactionAvailability[] {
  const ruleset = getRuleset(state.ruleset);
  return state.offers
    .filter((o) => o.who === who)
    .flatMap((offer) => {
      const reaction = ruleset.reactions[offer.with];
      if (!reaction) return [];
      const refusal = check(state, {
        type: "react",
        who,
        with: offer.with,
        against: offer.against,
        outcome: "fail",
      });
      return [{ reaction, offer, refusal }];
    });
}
