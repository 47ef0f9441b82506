/**
 * Combat and Combatant data models. The encounter's state lives in the Combat's system data as
 * the engine's plain JSON (DESIGN: "The encounter state lives in the Combat document's `system`
 * data"), cut into pieces so that a write carries only the pieces a command changed: each piece
 * is JSON text under its own key of an object field. Foundry merges an object field's update key
 * by key and replaces a string whole, so a piece never keeps a stale part, and a piece that is
 * gone is deleted by its key (store/pieces.ts: STORAGE_LAYOUT, combatUpdateData).
 */
import { RULESET_IDS } from "../../engine";
import { migrateCombatSource } from "./migrations";

function combatSchema() {
  const { StringField, JSONField, NumberField, ObjectField } = foundry.data.fields;
  return {
    // The ruleset the combat started with; null until it starts ("a running combat keeps the ruleset it started with").
    ruleset: new StringField({
      required: true,
      nullable: true,
      blank: false,
      initial: null,
      choices: [...RULESET_IDS],
    }),
    // Which storage layout the document holds (store/pieces.ts STORAGE_LAYOUT); an older one is
    // read through migrateCombatSource and written whole by the next write.
    layout: new NumberField({ required: true, nullable: false, integer: true, min: 1, initial: 2 }),
    // The engine's EncounterState but its combatants: each top-level field's JSON text by name.
    // Null until the combat starts.
    state: new ObjectField({ required: true, nullable: true, initial: null }),
    // Each combatant's engine state as JSON text, by combatant id.
    combatants: new ObjectField({ required: true, nullable: false, initial: () => ({}) }),
    // The state as made before `start`, written once with the start.
    initial: new JSONField({ required: true, nullable: true, initial: null }),
    // Every command since the start with the dice it used, as JSON text by key `e<index>`:
    // replaying them from `initial` gives `state`. Each entry also holds its reverse patch (the
    // previous text of the pieces it changed), so previousTurn goes back without replaying.
    log: new ObjectField({ required: true, nullable: false, initial: () => ({}) }),
    // The last accepted command and its events, so every client can announce them (hooks).
    last: new JSONField({ required: true, nullable: true, initial: null }),
    // Counts accepted commands; `last.seq` matches it, so a client announces each command once.
    seq: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    // The log's horizon (store/horizon.ts trimLog): the absolute index of the first entry `log`
    // holds (the ones before it left the Combat), and the state after them. 0 and null: the whole
    // log is held and `initial` is that state (combats stored before the horizon read so too).
    base: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    checkpoint: new JSONField({ required: true, nullable: true, initial: null }),
  };
}

export type CombatSchema = ReturnType<typeof combatSchema>;

export class CombatModel extends foundry.abstract.TypeDataModel<CombatSchema, Combat.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TEMPO.Combat"];
  static override defineSchema(): CombatSchema {
    return combatSchema();
  }

  /** Combats stored in the previous layout (the whole state and log as two JSON texts). */
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateCombatSource(source));
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
