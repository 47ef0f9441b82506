/** Item data models: weapons (reach, speed, range, damage) and actions (a ruleset's action or reaction). */
import { RULESET_IDS } from "../../engine";
import { isDamageFormula, isKnownAction } from "./catalog";
import { migrateActionSource, migrateWeaponSource } from "./migrations";

function weaponSchema() {
  const { NumberField, StringField, BooleanField } = foundry.data.fields;
  const whole = (min: number, max: number, initial: number) =>
    new NumberField({ required: true, nullable: false, integer: true, min, max, initial });
  return {
    kind: new StringField({ required: true, blank: false, initial: "melee", choices: ["melee", "ranged"] }),
    // Reach in cells from the weapon itself; 0 leaves the wielder's size reach.
    reach: whole(0, 10, 0),
    // segments: weapon speed factor, added to initiative in some stages.
    speed: whole(0, 20, 0),
    // Range in cells for ranged weapons; 0 for melee.
    range: whole(0, 200, 0),
    damage: new StringField({
      required: true,
      blank: false,
      initial: "1d6",
      validate: (value: string) => isDamageFormula(value),
    }),
    equipped: new BooleanField({ required: true, initial: true }),
  };
}

export type WeaponSchema = ReturnType<typeof weaponSchema>;

export class WeaponModel extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TEMPO.Item.weapon"];
  static override defineSchema(): WeaponSchema {
    return weaponSchema();
  }
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateWeaponSource(source));
  }
}

function actionSchema() {
  const { NumberField, StringField, SchemaField, BooleanField } = foundry.data.fields;
  const cost = () =>
    new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 20, initial: 0 });
  return {
    ruleset: new StringField({ required: true, blank: false, initial: "flow", choices: [...RULESET_IDS] }),
    // The engine's id for it: "attack", "dodge" ...
    action: new StringField({ required: true, blank: false, initial: "attack" }),
    category: new StringField({
      required: true,
      blank: false,
      initial: "action",
      choices: ["action", "reaction"],
    }),
    // The rule text's own category (attack, move, primary, fullPhase ...), shown on sheets.
    kind: new StringField({ required: true, blank: true, initial: "" }),
    cost: new SchemaField({ ap: cost(), rp: cost(), fp: cost() }),
    // rating: "Various abilities will cost AP": the player says how much when acting.
    variableCost: new BooleanField({ required: true, initial: false }),
    // The rule text of the action, shown on its sheet and in the compendium.
    description: new foundry.data.fields.HTMLField({ required: true, blank: true, initial: "" }),
  };
}

export type ActionSchema = ReturnType<typeof actionSchema>;

export class ActionModel extends foundry.abstract.TypeDataModel<ActionSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["TEMPO.Item.action"];
  static override defineSchema(): ActionSchema {
    return actionSchema();
  }
  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateActionSource(source));
  }
  static override validateJoint(data: Record<string, unknown>): void {
    const { ruleset, category, action } = data;
    if (typeof ruleset === "string" && typeof category === "string" && typeof action === "string") {
      if (!isKnownAction(ruleset, category, action)) {
        throw new Error(`${ruleset} has no ${category} "${action}"`);
      }
    }
  }
}
