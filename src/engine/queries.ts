import { apply } from "./apply";
import type { Command } from "./commands";
import type { DicePort } from "./dice";
import type { Refusal } from "./refusal";
import { getRuleset } from "./registry";
import type { ActionDef, ReactionDef } from "./ruleset";
import type { EncounterState, Offer } from "./state";

/** Dice for asking "would this be allowed?": legality is settled before any die is rolled. */
class NoDiceNeeded extends Error {}
const askingDice: DicePort = {
  roll() {
    throw new NoDiceNeeded();
  },
};

/** Would the engine accept this command now? Runs it on a throw-away copy. */
export function check(state: EncounterState, command: Command): Refusal | null {
  try {
    const result = apply(state, command, askingDice, getRuleset(state.ruleset));
    return result.ok ? null : result.refusal;
  } catch (error) {
    if (error instanceof NoDiceNeeded) return null;
    throw error;
  }
}

export interface ActionAvailability {
  action: ActionDef;
  refusal: Refusal | null;
}

/** Each action of the ruleset with why it cannot be taken now (null when it can). */
export function availableActions(state: EncounterState, who: string, target?: string): ActionAvailability[] {
  const ruleset = getRuleset(state.ruleset);
  return Object.values(ruleset.actions).map((action) => {
    const command: Command = { type: "act", who, action: action.id, outcome: "miss" };
    if (action.cost === null) command.cost = 1;
    if (action.target !== "none") {
      const chosen = target ?? firstTarget(state, who, action.target);
      if (chosen !== undefined) command.target = chosen;
    }
    return { action, refusal: check(state, command) };
  });
}

function firstTarget(state: EncounterState, who: string, kind: ActionDef["target"]): string | undefined {
  const self = state.combatants[who];
  if (!self) return undefined;
  return state.roster.find((id) => {
    const other = state.combatants[id];
    if (!other || other.id === who || other.defeated) return false;
    return kind === "any" || (kind === "enemy" ? other.side !== self.side : other.side === self.side);
  });
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
