/**
 * The world-level migration runner: which migrations a world needs, and running them over the
 * world's stored documents. Plain code over a `MigrationWorld` (the world's raw sources and a way
 * to write a document's system data), so it is tested without Foundry; world.ts binds it to
 * Foundry's `game`.
 */
import type { Migration, Source, StoredDocument } from "./steps";

/** The version a world that never recorded one was last used with: builds before 0.2.0 set none. */
export const FIRST_VERSION = "0.1.0";

/** The document kinds a migration may change, in the order the runner visits them. */
export const KINDS = ["actor", "item", "combat", "combatant"] as const;
export type Kind = (typeof KINDS)[number];

/** One stored document: where it is, its type and its system data as the database holds it. */
export interface WorldDocument extends StoredDocument {
  kind: Kind;
  id: string;
  /** The parent's id for an embedded document (an actor's item, a combat's combatant). */
  parentId: string | null;
}

/** What the runner reads and writes; world.ts gives Foundry's. */
export interface MigrationWorld {
  /** Every document a migration may change, with its source as stored. */
  documents(): WorldDocument[];
  /** Replace a document's whole system data. */
  writeSystem(document: WorldDocument, system: Source): Promise<void>;
  /** A world setting as stored (without the `tempo.` namespace); undefined where the GM never set it. */
  setting(key: string): unknown;
  setSetting(key: string, value: unknown): Promise<void>;
  /** Called after each document is visited (done of total). */
  progress?(done: number, total: number): void;
}

/** "Is v1 newer than v0?" (foundry.utils.isNewerVersion in Foundry). */
export type Newer = (v1: string, v0: string) => boolean;

export type Plan =
  /** The world is at the installed version: nothing to do. */
  | { kind: "current" }
  /** The world was last used with a newer Tempo than the installed one: it is not read. */
  | { kind: "newer"; world: string; installed: string }
  /** Migrations to run (possibly none: then only the recorded version moves on). */
  | { kind: "migrate"; from: string; to: string; migrations: Migration[] };

/**
 * What a world needs: `stored` is the version the world last migrated to ("" when none was
 * recorded), `installed` the running Tempo's.
 */
export function planMigrations(
  stored: string,
  installed: string,
  migrations: readonly Migration[],
  newer: Newer,
): Plan {
  const from = stored === "" ? FIRST_VERSION : stored;
  if (newer(from, installed)) return { kind: "newer", world: from, installed };
  if (stored !== "" && !newer(installed, from)) return { kind: "current" };
  const due = migrations
    .filter((m) => newer(m.version, from) && !newer(m.version, installed))
    .map((m, i) => ({ m, i }))
    // Version order; entries of one version in the order they are listed.
    .sort((a, b) => (newer(a.m.version, b.m.version) ? 1 : newer(b.m.version, a.m.version) ? -1 : a.i - b.i))
    .map(({ m }) => m);
  return { kind: "migrate", from, to: installed, migrations: due };
}

/** A document a migration could not bring up to date (it is left as it was). */
export interface MigrationFailure {
  kind: Kind;
  id: string;
  parentId: string | null;
  error: unknown;
}

export interface MigrationResult {
  /** Documents whose system data was written. */
  written: number;
  /** Documents visited. */
  visited: number;
  failures: MigrationFailure[];
  /** Settings written (by key). */
  settings: string[];
}

/**
 * Run the planned migrations: each document's system data goes through every migration for its
 * kind, in order, and is written once, only when it changed; then the settings; then the world
 * records `to` as its version. A document a migration throws on is left alone and reported.
 */
export async function runMigrations(
  world: MigrationWorld,
  plan: Extract<Plan, { kind: "migrate" }>,
  versionKey: string,
): Promise<MigrationResult> {
  const result: MigrationResult = { written: 0, visited: 0, failures: [], settings: [] };
  const documents = plan.migrations.length > 0 ? world.documents() : [];
  for (const document of documents) {
    const steps = plan.migrations.flatMap((m) => m[document.kind] ?? []);
    try {
      if (steps.length > 0) {
        const before = JSON.stringify(document.system);
        let system: Source = structuredClone(document.system);
        for (const step of steps) system = step(system, { type: document.type, system });
        if (JSON.stringify(system) !== before) {
          await world.writeSystem(document, system);
          result.written += 1;
        }
      }
    } catch (error) {
      result.failures.push({ kind: document.kind, id: document.id, parentId: document.parentId, error });
    }
    result.visited += 1;
    world.progress?.(result.visited, documents.length);
  }
  // A world that holds Tempo documents or recorded a version was played before: a brand-new world
  // (none of either) takes the installed defaults as they are.
  const used = documents.length > 0 || (world.setting(versionKey) ?? "") !== "";
  for (const migration of plan.migrations) {
    if (!migration.settings) continue;
    const changes = migration.settings((key) => world.setting(key), { used });
    for (const [key, value] of Object.entries(changes)) {
      await world.setSetting(key, value);
      result.settings.push(key);
    }
  }
  await world.setSetting(versionKey, plan.to);
  return result;
}
