/**
 * The action sheet: a ruleset's action or reaction, its cost and rule text. The engine's catalog
 * offers the ids of the chosen ruleset and says what the action costs there.
 */
import { actionSheetView, type ItemSheetView } from "../../../views/sheet";
import { withActionOfRuleset, type ActionIdentity } from "../../data/item";
import { foundryLocalizer } from "../../localizer";
import { TempoItemSheet } from "./item-sheet";

export class TempoActionSheet extends TempoItemSheet {
  static override DEFAULT_OPTIONS = {
    ...TempoItemSheet.DEFAULT_OPTIONS,
    classes: [...TempoItemSheet.DEFAULT_OPTIONS.classes, "action"],
  };

  /**
   * Ruleset and action change together: a new ruleset (or catalog) carries an action it has
   * (data/item.ts withActionOfRuleset), so submit-on-change never sends a pair the model refuses.
   * The submitted data is expanded ({ system: { ruleset } }) or flat ("system.ruleset").
   */
  protected override adjustSubmit(data: object): object {
    const stored = this.item.system as unknown as ActionIdentity;
    const identity = { ruleset: stored.ruleset, category: stored.category, action: stored.action };
    const record = data as Record<string, unknown>;
    const nested = record["system"];
    if (typeof nested === "object" && nested !== null)
      return { ...record, system: withActionOfRuleset(identity, nested as Record<string, unknown>) };
    const flat: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record))
      if (key.startsWith("system.")) flat[key.slice("system.".length)] = value;
    if (Object.keys(flat).length === 0) return data;
    const adjusted = withActionOfRuleset(identity, flat);
    const out: Record<string, unknown> = { ...record };
    for (const [key, value] of Object.entries(adjusted))
      if (key === "cost" && typeof value === "object" && value !== null) {
        for (const [pool, n] of Object.entries(value)) out[`system.cost.${pool}`] = n;
      } else out[`system.${key}`] = value;
    return out;
  }

  tempoView(): ItemSheetView {
    const item = this.item;
    return actionSheetView(
      {
        id: item.id ?? "",
        name: item.name ?? "",
        img: item.img ?? "",
        type: item.type,
        editable: this.isEditable,
        fields: this.specs(),
      },
      foundryLocalizer(),
    );
  }
}
