/** What undo or going back undid, in words, for its toast. */
import { combatantIn, type EncounterState } from "../engine";
import type { BackKind } from "./host";
import type { Localization } from "./i18n";
import type { LogLine } from "./session";
import { moveLabel } from "../views/labels";

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
        : command.type === "move"
          ? loc.localize(moveLabel(state.ruleset, command.mode))
          : loc.localize(`TEMPO.Command.${command.type}`);
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
