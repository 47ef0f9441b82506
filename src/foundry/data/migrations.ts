/**
 * Migrations of stored system data from older shapes. Plain functions over plain objects, so they
 * are tested without Foundry; each model's `migrateData` calls one before its parent's.
 */
import { ACTOR_POOLS } from "./catalog";

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
    for (const tag of tags) if (typeof tag === "string" && !(tag in traits)) traits[tag] = true;
    delete source["tags"];
  }
  return source;
}

/** Weapon system data: `type` (melee/ranged) became `kind`; `weaponSpeed` became `speed`. */
export function migrateWeaponSource(source: Source): Source {
  if ("type" in source && !("kind" in source)) source["kind"] = source["type"];
  delete source["type"];
  if ("weaponSpeed" in source && !("speed" in source)) source["speed"] = source["weaponSpeed"];
  delete source["weaponSpeed"];
  return source;
}

/** Action system data: `actionId` became `action`; a bare number `cost` was an AP cost. */
export function migrateActionSource(source: Source): Source {
  if ("actionId" in source && !("action" in source)) source["action"] = source["actionId"];
  delete source["actionId"];
  const cost = source["cost"];
  if (typeof cost === "number") source["cost"] = { ap: cost };
  return source;
}
