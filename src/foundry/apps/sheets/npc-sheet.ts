/** The NPC sheet: the shared actor sheet, narrower, styled as an NPC's. */
import { TempoActorSheet } from "./actor-sheet";

export class TempoNpcSheet extends TempoActorSheet {
  // The parent's options plus this sheet's class: Foundry merges options along the class chain,
  // and tsc wants a subclass's options to have the parent's shape.
  static override DEFAULT_OPTIONS = {
    ...TempoActorSheet.DEFAULT_OPTIONS,
    classes: [...TempoActorSheet.DEFAULT_OPTIONS.classes, "npc"],
    position: { ...TempoActorSheet.DEFAULT_OPTIONS.position, width: 560, height: 720 },
  };
}
