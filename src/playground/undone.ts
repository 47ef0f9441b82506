/** What undo or going back undid, in words, for its toast. */
import { combatantIn, type EncounterState, type RulesetId } from "../engine";
import type { BackKind } from "./host";
import type { Localization } from "./i18n";
import type { LogLine } from "./session";
import { commandLabel } from "../views/labels";

/** The command undone, or the turn or round now reached, and how many commands went. */
export function undoneText(
  loc: Localization,
  kind: BackKind,
  undone: readonly LogLine[],
  state: EncounterState,
  before: EncounterState,
): string {
  const nameOf = (id: string | null | undefined) =>
    (id && (combatantIn(state, id)?.name ?? combatantIn(before, id)?.name)) || id || "";
  const count = loc.format(
    undone.length === 1 ? "TEMPO.Playground.Undo.CommandsOne" : "TEMPO.Playground.Undo.CommandsMany",
    { count: undone.length },
  );
  if (kind === "undo") {
    const command = undone[0]?.command;
    if (!command) return count;
    const action =
      command.type === "act" || command.type === "declare"
        ? loc.localize(`TEMPO.Action.${command.action}`)
        : loc.localize(commandLabel(state.ruleset, command));
    const who = "who" in command ? nameOf(command.who) : "";
    return who
      ? loc.format("TEMPO.Playground.Undo.Undone", { command: action, who, count })
      : loc.format("TEMPO.Playground.Undo.UndoneGm", { command: action, count });
  }
  const phases = state.ruleset === "phases";
  if (kind === "turn" && state.current)
    return loc.format(
      phases ? "TEMPO.Playground.Undo.BackToActionOfPhases" : "TEMPO.Playground.Undo.BackToTurn",
      {
        name: nameOf(state.current),
        round: state.round,
        count,
      },
    );
  return loc.format(
    phases ? "TEMPO.Playground.Undo.BackToTurnOfPhases" : "TEMPO.Playground.Undo.BackToRound",
    {
      round: state.round,
      count,
    },
  );
}

/**
 * The history bar's buttons (id, label key, hint key) in the ruleset's own words: phases' "Turn" is
 * its 12-second cycle of 4 Phases, and a character's go in a Phase is its action; the other texts
 * say turn and round.
 */
export function historyButtons(ruleset: RulesetId): readonly (readonly [string, string, string])[] {
  const phases = ruleset === "phases";
  return [
    ["undo", "TEMPO.Playground.Undo.Undo", "TEMPO.Playground.Undo.UndoHint"],
    ["redo", "TEMPO.Playground.Undo.Redo", "TEMPO.Playground.Undo.RedoHint"],
    phases
      ? [
          "previousTurn",
          "TEMPO.Playground.Undo.PreviousActionOfPhases",
          "TEMPO.Playground.Undo.PreviousActionOfPhasesHint",
        ]
      : ["previousTurn", "TEMPO.Playground.Undo.PreviousTurn", "TEMPO.Playground.Undo.PreviousTurnHint"],
    phases
      ? [
          "previousRound",
          "TEMPO.Playground.Undo.PreviousTurnOfPhases",
          "TEMPO.Playground.Undo.PreviousTurnOfPhasesHint",
        ]
      : ["previousRound", "TEMPO.Playground.Undo.PreviousRound", "TEMPO.Playground.Undo.PreviousRoundHint"],
  ];
}
