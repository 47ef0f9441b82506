/**
 * Combat and Combatant data models. The encounter's whole state lives in the Combat's system data
 * as the engine's plain JSON (DESIGN: "The encounter state lives in the Combat document's `system`
 * data"). JSONField stores it as a string, so an update replaces it whole: an object field would
 * be merged key by key, and a combatant removed from the state would linger in the stored copy.
 */
import { RULESET_IDS } from "../../engine";

function combatSchema() {
  const { StringField, JSONField, NumberField } = foundry.data.fields;
  return {
    // The ruleset the combat started with; null until it starts ("a running combat keeps the ruleset it started with").
    ruleset: new StringField({
      required: true,
      nullable: true,
      blank: false,
      initial: null,
      choices: [...RULESET_IDS],
    }),
    // The engine's EncounterState, null until the combat starts.
    state: new JSONField({ required: true, nullable: true, initial: null }),
    // The state as made before `start`, and every command since with the dice it used: replaying
    // them gives `state`, and previousTurn rewinds by replaying fewer of them.
    initial: new JSONField({ required: true, nullable: true, initial: null }),
    log: new JSONField({ required: true, nullable: false, initial: "[]" }),
    // The last accepted command and its events, so every client can announce them (hooks).
    last: new JSONField({ required: true, nullable: true, initial: null }),
    // Counts accepted commands; `last.seq` matches it, so a client announces each command once.
    seq: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
  };
}

export type CombatSchema = ReturnType<typeof combatSchema>;

export class CombatModel extends foundry.abstract.TypeDataModel<CombatSchema, Combat.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TEMPO.Combat"];
  static override defineSchema(): CombatSchema {
    return combatSchema();
  }
}

function combatantSchema() {
  const { StringField, NumberField, BooleanField } = foundry.data.fields;
  return {
    // Any name; combatants on one side are allies. Blank: the actor's default (party or foes).
    side: new StringField({ required: true, blank: true, initial: "" }),
    // marching: "the party should have a marching order"; 1 = lead.
    marching: new NumberField({
      required: true,
      nullable: true,
      integer: true,
      min: 1,
      max: 99,
      initial: null,
    }),
    // "The GM should determine which characters count as being surprised for the first round."
    surprised: new BooleanField({ required: true, initial: false }),
    // marching: "If one side is unseen by the other, the unseen side cedes initiative."
    unseen: new BooleanField({ required: true, initial: false }),
  };
}

export type CombatantSchema = ReturnType<typeof combatantSchema>;

export class CombatantModel extends foundry.abstract.TypeDataModel<
  CombatantSchema,
  Combatant.Implementation
> {
  static override LOCALIZATION_PREFIXES = ["TEMPO.Combatant"];
  static override defineSchema(): CombatantSchema {
    return combatantSchema();
  }
}
