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

/**
 * The answers already given for a state, by command (its JSON text). A state never changes, and
 * the answer depends on nothing else, so a host's panels asking the same question of the same state
 * (the tracker's Next in the template's controls and the host's own, a reaction in the sheet and in
 * the prompt) run the command once (issue 31). Kept for as long as the state lives, and at most
 * ANSWERS_KEPT per state: a drag asks about a new path on every hover.
 */
const ANSWERS_KEPT = 64;
const answered = new WeakMap<EncounterState, Map<string, Refusal | null>>();

/**
 * Would the engine accept this command now? Runs it on a throw-away copy, once per state and
 * command. The refusal given is shared by everyone who asks: read it, do not change it.
 */
export function check(state: EncounterState, command: Command): Refusal | null {
  const key = JSON.stringify(command);
  let known = answered.get(state);
  const found = known?.get(key);
  if (found !== undefined) return found;
  const answer = dryRun(state, command);
  if (!known) answered.set(state, (known = new Map()));
  else if (known.size >= ANSWERS_KEPT) known.clear();
  known.set(key, answer);
  return answer;
}

function dryRun(state: EncounterState, command: Command): Refusal | null {
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
    // Stryker disable next-line ConditionalExpression: the one ruleset whose actor states a cost (rating) reads a missing cost as 1 AP (`cmd.cost ?? 1`); stating it keeps the question explicit
    if (action.cost === null) command.cost = 1;
    const chosen = action.target !== "none" ? (target ?? firstTarget(state, who, action.target)) : undefined;
    // Stryker disable next-line ConditionalExpression: a target of undefined is no target (JSON drops it; handlers test `!== undefined`)
    if (chosen !== undefined) command.target = chosen;
    const named = chosen ?? null;
    const refusal = check(state, command);
    // Stryker disable next-line ConditionalExpression,LogicalOperator: an action accepted now is never open to declaring too (the declaring stage refuses acting, and acting comes after it): skipping the declare check only saves its run
    if (refusal === null || !ruleset.handlers.declare) return { action, verb: "act", refusal, target: named };
    const declared = check(state, { type: "declare", who, action: action.id });
    if (declared === null) return { action, verb: "declare", refusal: null, target: named };
    // While declarations are open, why the declaration is refused is the reason that matters.
    return state.stage === "declare"
      ? { action, verb: "declare", refusal: declared, target: named }
      : { action, verb: "act", refusal, target: named };
  });
}

/** The first other standing combatant, in roster order, an action aimed at `kind` may take. */
export function firstTarget(
  state: EncounterState,
  who: string,
  kind: ActionDef["target"],
): string | undefined {
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
