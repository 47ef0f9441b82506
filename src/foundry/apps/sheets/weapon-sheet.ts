/** The weapon sheet: reach, speed, range, damage, equipped, validated by WeaponModel. */
import { weaponSheetView, type ItemSheetView } from "../../../views/sheet";
import { TempoItemSheet } from "./item-sheet";

export class TempoWeaponSheet extends TempoItemSheet {
  static override DEFAULT_OPTIONS = {
    ...TempoItemSheet.DEFAULT_OPTIONS,
    classes: [...TempoItemSheet.DEFAULT_OPTIONS.classes, "weapon"],
  };

  tempoView(): ItemSheetView {
    const item = this.item;
    return weaponSheetView({
      id: item.id ?? "",
      name: item.name ?? "",
      img: item.img ?? "",
      type: item.type,
      editable: this.isEditable,
      fields: this.specs(),
    });
  }
}
