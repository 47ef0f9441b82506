/**
 * The GM's Tempo setup of one combatant (side, surprised, marching place, unseen), opened from
 * the tracker. Pure: the combatant's document values and the combat's state in, the form's fields
 * and the commands out. Before the fight the values are the Combatant document's own (the engine
 * reads them when the combat starts). During it, "surprised" is the engine's condition, changed by
 * the logged GM commands `apply` / `removeCondition` where the ruleset gives it meaning; side,
 * marching place and unseen are read once, when the fight starts, so they are shown but locked.
 */
import { getRuleset, type Command, type EncounterState } from "../engine";
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
  const live = running(state) ? (state.combatants[who] ?? null) : null;
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
  const locked = live !== null;
  return {
    who,
    title: i18n.format("TEMPO.Tracker.Control.Setup", { name }),
    fields: [
      field("side", "text", side, false, locked),
      field("surprised", "checkbox", "", surprised, locked && !surprisedMeans),
      field("marching", "number", marching === null ? "" : String(marching), false, locked),
      field("unseen", "checkbox", "", unseen, locked),
    ],
    note: locked ? i18n.localize("TEMPO.Setup.Locked") : "",
    hasNote: locked,
  };
}

/** What a submitted form changes: the document's values before the fight, engine commands during it. */
export function setupChanges(
  who: string,
  submitted: SetupValues,
  state: EncounterState | null,
): { document: Partial<SetupValues> | null; commands: Command[] } {
  const live = running(state) ? (state.combatants[who] ?? null) : null;
  if (!live || !state) {
    const marching =
      submitted.marching === null || !Number.isInteger(submitted.marching) || submitted.marching < 1
        ? null
        : submitted.marching;
    return { document: { ...submitted, side: submitted.side.trim(), marching }, commands: [] };
  }
  if (!getRuleset(state.ruleset).conditions.includes("surprised")) return { document: null, commands: [] };
  const has = live.conditions.some((c) => c.id === "surprised");
  if (submitted.surprised && !has)
    return { document: null, commands: [{ type: "apply", who, condition: "surprised", rounds: null }] };
  if (!submitted.surprised && has)
    return { document: null, commands: [{ type: "removeCondition", who, condition: "surprised" }] };
  return { document: null, commands: [] };
}
