/** The character sheet: the shared actor sheet, styled as a character's. */
import { TempoActorSheet } from "./actor-sheet";

export class TempoCharacterSheet extends TempoActorSheet {
  // The parent's options plus this sheet's class: Foundry merges options along the class chain,
  // and tsc wants a subclass's options to have the parent's shape.
  static override DEFAULT_OPTIONS = {
    ...TempoActorSheet.DEFAULT_OPTIONS,
    classes: [...TempoActorSheet.DEFAULT_OPTIONS.classes, "character"],
  };
}
