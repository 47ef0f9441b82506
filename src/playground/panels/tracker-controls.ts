/**
 * The playground's own tracker controls (start, next, end a turn for anyone, take or cede
 * initiative, end the combat): each command, and whether the engine would take it now.
 */
import { check, combatantIn, type Command, type EncounterState } from "../../engine";
import { refusalText } from "../../views/sheet";
import type { PlaygroundHost } from "../host";

/** A control of the playground's own: its command, and whether the engine would take it now. */
export interface TrackerControl {
  id: string;
  label: string;
  command: Command;
  enabled: boolean;
  reason: string;
}

/**
 * Commands the tracker's own controls send, if the engine would take them now. Only what the
 * ruleset has is asked about: take or cede initiative exists only in marching's choose stage, and
 * only the lead chooses (marching: "the lead person ... chooses either to take initiative or cede
 * initiative"), so no combatant is asked about it in any other stage or ruleset.
 */
export function trackerControls(state: EncounterState, loc: PlaygroundHost["loc"]): TrackerControl[] {
  const out: TrackerControl[] = [];
  const add = (id: string, label: string, command: Command) => {
    const refusal = check(state, command);
    out.push({
      id,
      label,
      command,
      enabled: refusal === null,
      reason: refusal ? refusalText(refusal, loc) : "",
    });
  };
  if (state.status === "setup") add("start", "TEMPO.Playground.Tracker.Start", { type: "start" });
  if (state.status !== "active") return out;
  add("next", "TEMPO.Tracker.Control.Next", { type: "next" });
  if (state.current)
    add("endTurn", "TEMPO.Playground.Tracker.EndTurn", { type: "endTurn", who: state.current });
  if (state.ruleset === "marching" && state.stage === "choose") {
    // The ruleset names its lead (ext.lead); a fight stored without one asks each combatant.
    const lead = state.ext["lead"];
    const candidates = typeof lead === "string" && combatantIn(state, lead) ? [lead] : state.roster;
    for (const id of candidates) {
      for (const initiative of ["take", "cede"] as const) {
        const command: Command = { type: "choose", who: id, initiative };
        if (check(state, command) === null)
          add(
            `choose-${initiative}-${id}`,
            initiative === "take" ? "TEMPO.Playground.Tracker.Take" : "TEMPO.Playground.Tracker.Cede",
            command,
          );
      }
    }
  }
  add("end", "TEMPO.Playground.Tracker.EndCombat", { type: "end" });
  return out;
}
