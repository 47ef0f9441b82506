/**
 * The action sheet: a ruleset's action or reaction, its cost and rule text. The engine's catalog
 * offers the ids of the chosen ruleset and says what the action costs there.
 */
import { actionSheetView, type ItemSheetView } from "../../../views/sheet";
import { foundryLocalizer } from "./localizer";
import { TempoItemSheet } from "./item-sheet";

export class TempoActionSheet extends TempoItemSheet {
  static override DEFAULT_OPTIONS = {
    ...TempoItemSheet.DEFAULT_OPTIONS,
    classes: [...TempoItemSheet.DEFAULT_OPTIONS.classes, "action"],
  };

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
