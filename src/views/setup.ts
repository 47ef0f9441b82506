/**
 * The GM's Tempo setup of one combatant (side, surprised, marching place, unseen), opened from
 * the tracker. Pure: the combatant's document values and the combat's state in, the form's fields
 * and the commands out. Before the fight the values are the Combatant document's own (the engine
 * reads them when the combat starts). During it they are the engine's, changed by logged GM
 * commands: side, marching place and unseen by `setCombatant` (each ruleset says what a change
 * means mid-fight), "surprised" by `apply` / `removeCondition` where the ruleset gives it meaning.
 */
import { getRuleset, type Command, type EncounterState, combatantIn } from "../engine";
import type { Localizer } from "./sheet";

/** The combatant's setup as its document holds it. */
export interface SetupValues {
  side: string;
  marching: number | null;
  surprised: boolean;
  unseen: boolean;
}

export interface SetupFieldView {
  name: keyof SetupValues;
  label: string;
  hint: string;
  input: "text" | "number" | "checkbox";
  value: string;
  checked: boolean;
  disabled: boolean;
  inputId: string;
}

export interface SetupView {
  who: string;
  title: string;
  fields: SetupFieldView[];
  /** Why some fields are locked, when they are. */
  note: string;
  hasNote: boolean;
}

/** Whether the fight has started: the engine holds the combatant from then on. */
function running(state: EncounterState | null): state is EncounterState {
  return state !== null && state.status !== "setup";
}

export function setupView(
  who: string,
  name: string,
  values: SetupValues,
  state: EncounterState | null,
  i18n: Localizer,
): SetupView {
  const live = running(state) ? (combatantIn(state, who) ?? null) : null;
  const surprisedMeans =
    live !== null && state !== null && getRuleset(state.ruleset).conditions.includes("surprised");
  const surprised = live
    ? live.surprised || live.conditions.some((c) => c.id === "surprised")
    : values.surprised;
  const field = (
    fieldName: keyof SetupValues,
    input: SetupFieldView["input"],
    value: string,
    checked: boolean,
    disabled: boolean,
  ): SetupFieldView => ({
    name: fieldName,
    label: i18n.localize(`TEMPO.Setup.Field.${fieldName}.Label`),
    hint: i18n.localize(`TEMPO.Setup.Field.${fieldName}.Hint`),
    input,
    value,
    checked,
    disabled,
    inputId: `tempo-setup-${who}-${fieldName}`,
  });
  const side = live ? live.side : values.side;
  const marching = live ? live.marching : values.marching;
  const unseen = live ? live.unseen : values.unseen;
  const locked = live !== null && !surprisedMeans;
  return {
    who,
    title: i18n.format("TEMPO.Tracker.Control.Setup", { name }),
    fields: [
      field("side", "text", side, false, false),
      field("surprised", "checkbox", "", surprised, locked),
      field("marching", "number", marching === null ? "" : String(marching), false, false),
      field("unseen", "checkbox", "", unseen, false),
    ],
    note: live ? i18n.localize(locked ? "TEMPO.Setup.LiveNoSurprise" : "TEMPO.Setup.Live") : "",
    hasNote: live !== null,
  };
}

/** A marching place as the form gives it: a whole number of 1 or more, else none. */
function marchingPlace(value: number | null): number | null {
  return value === null || !Number.isInteger(value) || value < 1 ? null : value;
}

/**
 * What a submitted form changes: the document's values before the fight; during it, the engine
 * commands for what differs from the engine's values (one `setCombatant` for side, marching place
 * and unseen, and the surprised condition where the ruleset has it), and nothing else.
 */
export function setupChanges(
  who: string,
  submitted: SetupValues,
  state: EncounterState | null,
): { document: Partial<SetupValues> | null; commands: Command[] } {
  const live = running(state) ? (combatantIn(state, who) ?? null) : null;
  const side = submitted.side.trim();
  const marching = marchingPlace(submitted.marching);
  if (!live || !state) return { document: { ...submitted, side, marching }, commands: [] };
  const commands: Command[] = [];
  const change: { side?: string; marching?: number | null; unseen?: boolean } = {};
  // A blank side mid-fight keeps the engine's: the engine needs a side for everyone.
  if (side !== "" && side !== live.side) change.side = side;
  if (marching !== live.marching) change.marching = marching;
  if (submitted.unseen !== live.unseen) change.unseen = submitted.unseen;
  if (Object.keys(change).length > 0) commands.push({ type: "setCombatant", who, ...change });
  if (getRuleset(state.ruleset).conditions.includes("surprised")) {
    const has = live.conditions.some((c) => c.id === "surprised");
    if (submitted.surprised && !has)
      commands.push({ type: "apply", who, condition: "surprised", rounds: null });
    if (!submitted.surprised && has) commands.push({ type: "removeCondition", who, condition: "surprised" });
  }
  return { document: null, commands };
}
