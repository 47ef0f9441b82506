/**
 * Actor data models: what a character or an NPC brings to a fight. The stats and skills are the
 * ones the rulesets read (src/foundry/data/catalog.ts); pool maxima are stats (maxAp, maxRp,
 * maxFp); reach is derived from size and the equipped weapons, never stored.
 */
import { SIZES, type Size } from "../../engine";
import { reachFor } from "../../engine/grid";
import {
  ACTOR_POOLS,
  TRAITS,
  isWeaponLike,
  skillNames,
  skillSpec,
  statNames,
  statSpec,
  summarizeWeapons,
  type NumberSpec,
  type WeaponLike,
  type WeaponSummary,
} from "./catalog";
import { migrateActorSource } from "./migrations";

function wholeNumber(spec: NumberSpec) {
  return new foundry.data.fields.NumberField({
    required: true,
    nullable: false,
    integer: true,
    min: spec.min,
    max: spec.max,
    initial: spec.initial,
  });
}

type WholeNumberField = ReturnType<typeof wholeNumber>;

function poolField() {
  const { SchemaField, NumberField } = foundry.data.fields;
  return new SchemaField({
    value: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 99, initial: 0 }),
  });
}

function traitField() {
  return new foundry.data.fields.BooleanField({ required: true, initial: false });
}

function actorSchema() {
  const { SchemaField, StringField } = foundry.data.fields;
  const stats: Record<string, WholeNumberField> = {};
  for (const name of statNames()) stats[name] = wholeNumber(statSpec(name));
  const skills: Record<string, WholeNumberField> = {};
  for (const name of skillNames()) skills[name] = wholeNumber(skillSpec(name));
  const traits: Record<string, ReturnType<typeof traitField>> = {};
  for (const name of TRAITS) traits[name] = traitField();
  return {
    size: new StringField({ required: true, blank: false, initial: "medium", choices: [...SIZES] }),
    stats: new SchemaField(stats),
    skills: new SchemaField(skills),
    traits: new SchemaField(traits),
    pools: new SchemaField({ ap: poolField(), rp: poolField(), fp: poolField() }),
  };
}

export type ActorSchema = ReturnType<typeof actorSchema>;

/**
 * Shared by characters and NPCs; the subclasses differ in their labels (and the side their
 * combatants join by default: see store/setup.ts defaultSide).
 */
abstract class TempoActorModel extends foundry.abstract.TypeDataModel<ActorSchema, Actor.Implementation> {
  static override defineSchema(): ActorSchema {
    return actorSchema();
  }

  static override migrateData(source: Record<string, unknown>) {
    return super.migrateData(migrateActorSource(source));
  }

  /** Reach in cells: size reach or weapon reach, whichever is larger ("they do not stack"). */
  reach = 0;
  /** What the equipped weapons give. */
  weapon: WeaponSummary = { reach: 0, range: 0, speed: 0 };
  /** Each pool's maximum, from its stat (maxAp, maxRp, maxFp). */
  poolMax: Record<keyof typeof ACTOR_POOLS, number> = { ap: 0, rp: 0, fp: 0 };

  override prepareDerivedData(): void {
    super.prepareDerivedData();
    const weapons: WeaponLike[] = [];
    for (const item of this.parent.items) {
      const system: unknown = item.system;
      if (item.type === "weapon" && isWeaponLike(system)) weapons.push(system);
    }
    this.weapon = summarizeWeapons(weapons);
    const size: Size = SIZES.find((s) => s === this.size) ?? "medium";
    this.reach = reachFor(size, this.weapon.reach > 0 ? this.weapon.reach : undefined);
    // The schema is built from the rulesets' stat list, so its type is `{}`; the values are numbers.
    const stats: Record<string, number> = { ...this.stats };
    this.poolMax = {
      ap: stats[ACTOR_POOLS.ap] ?? 0,
      rp: stats[ACTOR_POOLS.rp] ?? 0,
      fp: stats[ACTOR_POOLS.fp] ?? 0,
    };
  }
}

export class CharacterModel extends TempoActorModel {
  static override LOCALIZATION_PREFIXES = ["TEMPO.Actor.character"];
}

export class NpcModel extends TempoActorModel {
  static override LOCALIZATION_PREFIXES = ["TEMPO.Actor.npc"];
}
