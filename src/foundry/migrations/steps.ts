/**
 * The world migrations, one entry per change to stored data, keyed by the Tempo version that
 * introduced it. The runner (runner.ts) runs, in version order, every entry newer than the
 * version the world last migrated to and no newer than the installed Tempo, once, on the GM's
 * client (docs/foundry.md, "Updating Tempo").
 *
 * An entry changes one document's `system` source (the data as the database holds it, a copy the
 * entry may change in place) and returns it; an entry for settings returns the world settings to
 * write. Each must be idempotent: given data already in its shape, it returns it unchanged, so
 * the runner writes nothing (a second run of the same entries changes nothing).
 *
 * Adding a change to stored data: add an entry here with the version that ships it (package.json's
 * version once bumped), the document kinds it changes, and a fixture of the data before it under
 * tests/fixtures/worlds/ that the migration test loads.
 */
import { encounterStateOf } from "../store/log";
import {
  migrateActionSource,
  migrateActorSource,
  migrateCombatSource,
  migrateWeaponSource,
} from "../data/migrations";

export type Source = Record<string, unknown>;

/** A document as the migration sees it: its type (actor, item) and its stored system data. */
export interface StoredDocument {
  type: string;
  system: Source;
}

export interface Migration {
  /** The Tempo version that introduced the change (a semantic version, X.Y.Z). */
  version: string;
  /** A short name, for the console. */
  id: string;
  actor?: (system: Source, document: StoredDocument) => Source;
  item?: (system: Source, document: StoredDocument) => Source;
  combat?: (system: Source, document: StoredDocument) => Source;
  combatant?: (system: Source, document: StoredDocument) => Source;
  /**
   * Settings to write, given the stored ones (by key, without the `tempo.` namespace; undefined
   * where the GM never set one) and whether the world was played before (`used`).
   */
  settings?: (stored: (key: string) => unknown, world: { used: boolean }) => Record<string, unknown>;
}

function isRecord(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The storage layout 0.2.0 writes (store/pieces.ts STORAGE_LAYOUT as of 0.2.0). */
const LAYOUT_0_2_0 = 2;

/**
 * 0.2.0, a Combat: the whole state and log as two JSON texts (no `layout`) become the pieces of
 * layout 2, written whole; an `initial` stored with its combatants by id lists them by the roster
 * (encounterStateOf), as the engine's state lists them since 0.2.0.
 */
function combatPieces(system: Source): Source {
  const converted = migrateCombatSource(system);
  // migrateCombatSource marks a converted combat layout 1 ("the next write stores every piece
  // whole"): the migration writes the whole system, so it is layout 2 once written.
  if (converted["layout"] === 1) converted["layout"] = LAYOUT_0_2_0;
  const initial = converted["initial"];
  if (typeof initial === "string") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(initial) as unknown;
    } catch {
      parsed = undefined;
    }
    if (isRecord(parsed) && isRecord(parsed["combatants"])) {
      const listed = encounterStateOf(parsed);
      if (listed) converted["initial"] = JSON.stringify(listed);
    }
  }
  return converted;
}

/**
 * Rules, round four (issue 46): the defaults argued again from the texts (docs/rulesets/*.md,
 * Decisions). A world played before keeps playing as it did: where the GM never chose a value, the
 * old default is stored; Total Defense's new option takes the value of the one it was split from.
 * A running combat keeps its options: they are stored in its state (and a state from before the
 * split reads Total Defense from reactionAttackEdges, flow/options.ts).
 */
export function keepRoundThreeDefaults(
  stored: (key: string) => unknown,
  world: { used: boolean },
): Record<string, unknown> {
  if (!world.used) return {};
  const out: Record<string, unknown> = {};
  const old: Record<string, string> = {
    flowReadyAp: "keep",
    flowInterceptLost: "closes",
    ratingLuckBonus: "pcFirst",
  };
  for (const [key, value] of Object.entries(old)) if (stored(key) === undefined) out[key] = value;
  if (stored("flowTotalDefenseReactionAttack") === undefined)
    out["flowTotalDefenseReactionAttack"] =
      stored("flowReactionAttackEdges") === "included" ? "included" : "unmodified";
  return out;
}

/** Every world migration, oldest first. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: "0.2.0",
    id: "store-current-shapes",
    // Builds before 0.2.0 read older shapes through each model's migrateData but never stored the
    // result: stats at the top level, pools as bare numbers, tags; weapons' type and weaponSpeed;
    // actions' actionId and bare costs; a combat's state as one text.
    actor: (system) => migrateActorSource(system),
    item: (system, { type }) => {
      if (type === "weapon") return migrateWeaponSource(system);
      if (type === "action") return migrateActionSource(system);
      return system;
    },
    combat: combatPieces,
  },
];

/**
 * The next version's entry, written with the change it migrates (issue 46): MIGRATIONS lists it
 * when package.json's version moves on to it (an entry is keyed by the version that ships it, no
 * newer than the installed one: runner.test).
 */
export const ROUND_FOUR_DEFAULTS: Migration = {
  version: "0.3.0",
  id: "keep-round-three-rule-defaults",
  settings: keepRoundThreeDefaults,
};
