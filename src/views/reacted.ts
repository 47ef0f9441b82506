/**
 * Who has reacted (issue 44): each combatant's reaction state in its ruleset's own terms, read
 * from the engine's state, so it resets exactly when the ruleset says (the engine clears what it
 * reads: a pool refilled, a counter of a scope that ended):
 * - flow: the Reaction Points left ("RP are replenished at the start of each of your turns");
 * - rating: the reaction attempts it made this round (one per threat or event, cleared when the
 *   round starts) and the AP left to pay for more;
 * - segments: a free attack made in this segment ("once per segment"), or the major action spent
 *   this round (an Immediate Attack takes it);
 * - phases: the attacks of opportunity made this Phase, against the limit (one, more with Combat
 *   Reflexes);
 * - marching: the reaction used ("your primary action, move action, and reaction"), back when the
 *   round starts or at its owner's next turn (option reactionBack).
 * Pure: a combatant and its encounter in, a marker out; the tracker's rows and the tokens show it.
 */
import type { CombatantState, EncounterState } from "../engine";
import { opportunityLimit } from "../engine/rulesets/phases/combat";
import { majorUsed } from "../engine/rulesets/segments/combat";
import { slotUsed } from "../engine/rulesets/marching/setup";
import type { Localizer } from "./sheet";
import { fixedFormat, fixedText, plural } from "./words";

export interface ReactionStateView {
  /** Whether it can still react as the ruleset counts (false: spent until the ruleset resets it). */
  ready: boolean;
  /** The whole sentence: "2 RP left", "Reacted this round". */
  label: string;
  /** The compact text on a token or a row: "RP 2", "Reacted". */
  short: string;
  cssClass: string;
}

function view(ready: boolean, label: string, short: string): ReactionStateView {
  return {
    ready,
    label,
    short,
    cssClass: ready ? "tempo-reaction is-ready" : "tempo-reaction is-spent",
  };
}

/** A key that changes exactly when the combatant's reaction state may read differently. */
export function reactionKey(c: CombatantState, state: EncounterState): string {
  switch (state.ruleset) {
    case "flow":
      return `${c.pools["rp"] ?? 0}/${c.maxPools["rp"] ?? 0}`;
    case "rating":
      return `${Array.isArray(c.ext["reactedTo"]) ? c.ext["reactedTo"].length : 0}/${c.pools["ap"] ?? 0}`;
    case "segments":
      return `${c.ext["freeAttackSegment"] === state.segment ? "f" : ""}${c.usage["round:major"] ? "m" : ""}`;
    case "phases":
      return `${c.usage["phase:attackOfOpportunity"] ?? 0}`;
    case "marching":
      return slotUsed(c, "reaction") ? "r" : "";
  }
}

/** The reaction state of `c` in `state`'s ruleset, or null before the fight (or when defeated). */
export function reactionState(
  c: CombatantState,
  state: EncounterState,
  i18n: Localizer,
): ReactionStateView | null {
  if (state.status !== "active" || c.defeated) return null;
  switch (state.ruleset) {
    case "flow": {
      const left = c.pools["rp"] ?? 0;
      return view(
        left > 0,
        fixedFormat(i18n, "TEMPO.Table.Reaction.RpLeft", { n: left, max: c.maxPools["rp"] ?? 0 }),
        fixedFormat(i18n, "TEMPO.Table.Reaction.RpShort", { n: left }),
      );
    }
    case "rating": {
      // "any number of reactions may be made per round (provided that the character has Action
      // Points left for that round to spend)": the attempts this round, and the AP left for more.
      const reacted = Array.isArray(c.ext["reactedTo"]) ? c.ext["reactedTo"].length : 0;
      const ap = c.pools["ap"] ?? 0;
      return view(
        ap > 0,
        reacted > 0
          ? plural(i18n, "TEMPO.Table.Reaction.ReactedRound", reacted, { ap })
          : fixedFormat(i18n, "TEMPO.Table.Reaction.NotYetRound", { ap }),
        fixedText(i18n, reacted > 0 ? "TEMPO.Table.Reaction.Reacted" : "TEMPO.Table.Reaction.Ready"),
      );
    }
    case "segments": {
      if (c.ext["freeAttackSegment"] === state.segment)
        return view(
          false,
          fixedText(i18n, "TEMPO.Table.Reaction.FreeAttackSegment"),
          fixedText(i18n, "TEMPO.Table.Reaction.Reacted"),
        );
      if (majorUsed(c))
        return view(
          true,
          fixedText(i18n, "TEMPO.Table.Reaction.MajorUsed"),
          fixedText(i18n, "TEMPO.Table.Reaction.Ready"),
        );
      return view(
        true,
        fixedText(i18n, "TEMPO.Table.Reaction.CanReact"),
        fixedText(i18n, "TEMPO.Table.Reaction.Ready"),
      );
    }
    case "phases": {
      const used = c.usage["phase:attackOfOpportunity"] ?? 0;
      const limit = opportunityLimit(state, c);
      if (limit === Infinity)
        return view(
          true,
          fixedFormat(i18n, "TEMPO.Table.Reaction.OpportunityUnlimited", { used }),
          fixedText(i18n, "TEMPO.Table.Reaction.Ready"),
        );
      return view(
        used < limit,
        fixedFormat(i18n, "TEMPO.Table.Reaction.OpportunityPhase", { used, limit }),
        used < limit
          ? fixedText(i18n, "TEMPO.Table.Reaction.Ready")
          : fixedText(i18n, "TEMPO.Table.Reaction.Reacted"),
      );
    }
    case "marching": {
      if (!slotUsed(c, "reaction"))
        return view(
          true,
          fixedText(i18n, "TEMPO.Table.Reaction.CanReact"),
          fixedText(i18n, "TEMPO.Table.Reaction.Ready"),
        );
      return view(
        false,
        fixedText(
          i18n,
          state.options["reactionBack"] === "turn"
            ? "TEMPO.Table.Reaction.UsedUntilTurn"
            : "TEMPO.Table.Reaction.UsedThisRound",
        ),
        fixedText(i18n, "TEMPO.Table.Reaction.Reacted"),
      );
    }
  }
}
