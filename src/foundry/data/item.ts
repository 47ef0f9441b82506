/** Item data models: weapons (reach, speed, range, damage) and actions (a ruleset's action or reaction). */
import { RULESET_IDS, isRulesetId } from "../../engine";
import { RULESETS } from "../../engine/rulesets";
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

/** An action item's identity fields: which ruleset, which catalog, which entry. */
export interface ActionIdentity {
  ruleset: string;
  category: string;
  action: string;
}

/**
 * An edit of an action item's system data that moves it to another ruleset (or catalog) takes the
 * action along: a sheet submits on every change, one field at a time, so a new ruleset would
 * arrive with the old ruleset's action and the whole edit be refused (validateJoint). Where the
 * new ruleset has the action, it stays; else the edit names the new catalog's first entry, with
 * that entry's cost (or the player's own, `variableCost`, where the ruleset leaves it to them).
 * An edit that keeps ruleset and catalog is returned as it came: an unknown action is still
 * refused.
 */
export function withActionOfRuleset(
  stored: ActionIdentity,
  system: Record<string, unknown>,
): Record<string, unknown> {
  const ruleset = typeof system["ruleset"] === "string" ? system["ruleset"] : stored.ruleset;
  const category = typeof system["category"] === "string" ? system["category"] : stored.category;
  const action = typeof system["action"] === "string" ? system["action"] : stored.action;
  if (ruleset === stored.ruleset && category === stored.category) return system;
  if (isKnownAction(ruleset, category, action)) return { ...system, action };
  const catalog = isRulesetId(ruleset)
    ? category === "reaction"
      ? RULESETS[ruleset]?.reactions
      : RULESETS[ruleset]?.actions
    : undefined;
  const [first, def] = Object.entries(catalog ?? {})[0] ?? [];
  if (!first || !def) return system;
  const cost = def.cost;
  return {
    ...system,
    action: first,
    cost: { ap: cost?.["ap"] ?? 0, rp: cost?.["rp"] ?? 0, fp: cost?.["fp"] ?? 0 },
    variableCost: cost === null,
  };
}
