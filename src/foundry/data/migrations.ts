/**
 * Migrations of stored system data from older shapes. Plain functions over plain objects, so they
 * are tested without Foundry; each model's `migrateData` calls one before its parent's.
 */
import { LIMITS, RESERVED_NAMES, type NumberSpec } from "../../engine/bounds";
import { SIZES } from "../../engine/state";
import { ACTOR_POOLS, TRAITS, isKnownAction, skillNames, skillSpec, statNames, statSpec } from "./catalog";

type Source = Record<string, unknown>;

function isRecord(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function child(source: Source, key: string): Source {
  const found = source[key];
  if (isRecord(found)) return found;
  const made: Source = {};
  source[key] = made;
  return made;
}

/**
 * Repair one stored whole number to its field's bounds: a finite number is rounded and clamped
 * (an agility of 40 saved by an older version becomes the most the field allows); anything else
 * (text, NaN, null) is removed, so the data model gives the field its initial value instead of
 * passing a value on that the engine would refuse.
 */
function repairWhole(record: Source, key: string, spec: Pick<NumberSpec, "min" | "max">): void {
  const value = record[key];
  if (value === undefined) return;
  if (typeof value !== "number" || !Number.isFinite(value)) {
    delete record[key];
    return;
  }
  record[key] = Math.min(spec.max, Math.max(spec.min, Math.round(value)));
}

/** Keep only the named keys of a record (unknown names and "__proto__"-like keys are dropped). */
function keepOnly(record: Source, names: readonly string[]): void {
  for (const key of Object.keys(record))
    if (!names.includes(key) || RESERVED_NAMES.has(key)) delete record[key];
}

/** Bring an actor's stored numbers, size and traits within the data model's bounds. */
function repairActorValues(source: Source): void {
  const stats = source["stats"];
  if (isRecord(stats)) {
    keepOnly(stats, statNames());
    for (const name of Object.keys(stats)) repairWhole(stats, name, statSpec(name));
  } else if (stats !== undefined) delete source["stats"];
  const skills = source["skills"];
  if (isRecord(skills)) {
    keepOnly(skills, skillNames());
    for (const name of Object.keys(skills)) repairWhole(skills, name, skillSpec(name));
  } else if (skills !== undefined) delete source["skills"];
  const pools = source["pools"];
  if (isRecord(pools)) {
    keepOnly(pools, Object.keys(ACTOR_POOLS));
    for (const pool of Object.keys(pools)) {
      const entry = pools[pool];
      if (isRecord(entry)) repairWhole(entry, "value", { min: 0, max: LIMITS.pool });
      else delete pools[pool];
    }
  } else if (pools !== undefined) delete source["pools"];
  const traits = source["traits"];
  if (isRecord(traits)) {
    keepOnly(traits, TRAITS);
    for (const name of Object.keys(traits)) if (typeof traits[name] !== "boolean") delete traits[name];
  } else if (traits !== undefined) delete source["traits"];
  if (source["size"] !== undefined && !(SIZES as readonly unknown[]).includes(source["size"]))
    delete source["size"];
}

/** Top-level names earlier versions used for values that now live under `stats`. */
const FLAT_STATS: Readonly<Record<string, string>> = {
  agility: "agility",
  initiativeRating: "initiativeRating",
  luck: "luck",
  dexterity: "dexterity",
  combatValue: "combatValue",
  lightningReflexes: "lightningReflexes",
  moveSpeed: "moveSpeed",
  speed: "moveSpeed",
  maxAp: "maxAp",
  maxRp: "maxRp",
  maxFp: "maxFp",
};

/**
 * Actor system data: stats once stored at the top level (`system.agility`, `system.speed`) move
 * under `system.stats`; a pool stored as a bare number (`pools.ap: 3`) becomes `{ value: 3 }`;
 * a pool stored as `{ value, max }` gives its max to the matching stat (maxAp ...) when that stat
 * is not set, since the maximum is a stat now and derived into the pool.
 */
export function migrateActorSource(source: Source): Source {
  for (const [old, stat] of Object.entries(FLAT_STATS)) {
    if (!(old in source)) continue;
    const value = source[old];
    const stats = child(source, "stats");
    if (typeof value === "number" && !(stat in stats)) stats[stat] = value;
    delete source[old];
  }
  const pools = source["pools"];
  if (isRecord(pools)) {
    for (const [pool, stat] of Object.entries(ACTOR_POOLS)) {
      const entry = pools[pool];
      if (typeof entry === "number") pools[pool] = { value: entry };
      else if (isRecord(entry) && "max" in entry) {
        const max = entry["max"];
        const stats = child(source, "stats");
        if (typeof max === "number" && !(stat in stats)) stats[stat] = max;
        delete entry["max"];
      }
    }
  }
  // Traits were once a list of tags.
  const tags = source["tags"];
  if (Array.isArray(tags)) {
    const traits = child(source, "traits");
    for (const tag of tags) if (typeof tag === "string" && !Object.hasOwn(traits, tag)) traits[tag] = true;
    delete source["tags"];
  }
  repairActorValues(source);
  return source;
}

/**
 * Weapon system data: `type` (melee/ranged) became `kind`; `weaponSpeed` became `speed`. Reach,
 * speed and range are repaired to the weapon model's bounds (reach 0..LIMITS.reach, speed 0..20,
 * range 0..200), so a reach of 1000 never reaches the engine; an unknown kind is dropped.
 */
export function migrateWeaponSource(source: Source): Source {
  if (Object.hasOwn(source, "type") && !Object.hasOwn(source, "kind")) source["kind"] = source["type"];
  delete source["type"];
  if (Object.hasOwn(source, "weaponSpeed") && !Object.hasOwn(source, "speed"))
    source["speed"] = source["weaponSpeed"];
  delete source["weaponSpeed"];
  repairWhole(source, "reach", { min: 0, max: LIMITS.reach });
  repairWhole(source, "speed", { min: 0, max: 20 });
  repairWhole(source, "range", { min: 0, max: 200 });
  if (source["kind"] !== undefined && source["kind"] !== "melee" && source["kind"] !== "ranged")
    delete source["kind"];
  return source;
}

/** Thrown by migrateActionSource for an action item no ruleset has: it is rejected, not loaded. */
export class UnknownActionError extends Error {
  constructor(
    readonly ruleset: string,
    readonly category: string,
    readonly action: string,
  ) {
    super(`${ruleset} has no ${category} "${action}"`);
    this.name = "UnknownActionError";
  }
}

/**
 * Action system data: `actionId` became `action`; a bare number `cost` was an AP cost. Costs are
 * repaired to 0..LIMITS.cost. An action whose id is not one of its ruleset's own actions (or
 * reactions, for a reaction item) is rejected with UnknownActionError: there is nothing to repair
 * it to, and the model's joint validation refuses the same item when it is created or edited.
 */
export function migrateActionSource(source: Source): Source {
  if (Object.hasOwn(source, "actionId") && !Object.hasOwn(source, "action"))
    source["action"] = source["actionId"];
  delete source["actionId"];
  const cost = source["cost"];
  if (typeof cost === "number") source["cost"] = { ap: cost };
  const costs = source["cost"];
  if (isRecord(costs)) {
    keepOnly(costs, Object.keys(ACTOR_POOLS));
    for (const pool of Object.keys(costs)) repairWhole(costs, pool, { min: 0, max: LIMITS.cost });
  } else if (costs !== undefined) delete source["cost"];
  const { ruleset, category, action } = source;
  // Only a whole item is checked (as validateJoint does): a partial update may carry one field.
  if (typeof ruleset === "string" && typeof category === "string" && typeof action === "string") {
    if (!isKnownAction(ruleset, category, action)) throw new UnknownActionError(ruleset, category, action);
  }
  return source;
}

function jsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Combat system data stored before the state was cut into pieces (storage layout 1): `state` was
 * the whole EncounterState as one JSON text and `log` one JSON array, both rewritten by every
 * command. They become the pieces the adapter reads now (store/): each top-level field
 * of the state but `combatants` as JSON text by name in `state`, each combatant's as JSON text by
 * id in `combatants`, each log entry as JSON text by `e<index>` in `log`. `layout` is set to 1:
 * the database still holds the old texts, so the next write stores every piece whole. A text
 * that is not JSON stays unusable (the adapter then refuses to go on from it, as before); data
 * in the new layout, and a partial update, are left alone.
 */
export function migrateCombatSource(source: Source): Source {
  const oldState = typeof source["state"] === "string";
  const oldLog = typeof source["log"] === "string" || Array.isArray(source["log"]);
  if (!oldState && !oldLog) return source;
  if (oldState) {
    const state = jsonText(source["state"]);
    const combatants = isRecord(state) ? state["combatants"] : undefined;
    if (isRecord(state) && isRecord(combatants)) {
      const top: Source = {};
      for (const [key, value] of Object.entries(state))
        if (key !== "combatants" && value !== undefined) top[key] = JSON.stringify(value);
      const pieces: Source = {};
      for (const [id, value] of Object.entries(combatants)) pieces[id] = JSON.stringify(value);
      source["state"] = top;
      source["combatants"] = pieces;
    } else {
      // Not a state: kept as a piece that does not parse, so the combat reads as unusable.
      source["state"] = { unreadable: String(source["state"]) };
      source["combatants"] = {};
    }
  }
  if (oldLog) {
    const log = jsonText(source["log"]);
    const entries: Source = {};
    if (Array.isArray(log)) log.forEach((entry, i) => (entries[`e${i}`] = JSON.stringify(entry)));
    else entries["unreadable"] = String(source["log"]);
    source["log"] = entries;
  }
  source["layout"] = 1;
  return source;
}
