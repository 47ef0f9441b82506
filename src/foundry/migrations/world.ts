/**
 * World migrations in Foundry: at `setup` every client compares the version the world was last
 * migrated to (the hidden world setting `tempo.worldVersion`) with the installed Tempo's, and a
 * world from a newer Tempo is not read (store/gate.ts). At `ready` the active GM's client runs the
 * migrations the world needs (steps.ts, runner.ts) over the world's documents as the database
 * holds them, with a notice and a progress bar, then records the installed version. Players'
 * clients never migrate. docs/foundry.md, "Updating Tempo".
 *
 * Foundry API used (v13 pages; unchanged in v14):
 * - `game.data`: the world's data as the server sent it at load, before any model's migrateData
 *   (https://foundryvtt.com/api/v13/classes/foundry.Game.html#data). A document's `_source` holds
 *   its data already migrated in memory, so what needs writing is read from `game.data`.
 * - `Document#update(data, { diff: false })`: sent as given, not diffed against the in-memory
 *   source (which is already migrated, so a diff would find nothing to send):
 *   https://foundryvtt.com/api/v13/interfaces/foundry.abstract.types.DatabaseUpdateOperation.html
 * - A removed key is deleted with `-=key` (v13) or a `ForcedDeletion` value (v14), as
 *   store/pieces.ts deletes pieces.
 * - `game.system.version`, `foundry.utils.isNewerVersion`:
 *   https://foundryvtt.com/api/v13/functions/foundry.utils.isNewerVersion.html
 * - `ui.notifications.info(message, { progress: true })` returns a notification whose
 *   `update({ pct })` moves its bar (ProgressBar below).
 */
import { isWriter } from "../channel/writer";
import { SYSTEM_ID, WORLD_VERSION } from "../settings";
import { setWorldMigrating, setWorldRefusal, worldRefusal } from "../store/gate";
import {
  KINDS,
  planMigrations,
  runMigrations,
  type Kind,
  type MigrationResult,
  type MigrationWorld,
  type WorldDocument,
} from "./runner";
import { MIGRATIONS, type Source } from "./steps";

function isRecord(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function records(value: unknown): Source[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** The world's stored documents a migration may change, from the data the server sent. */
export function storedDocuments(data: unknown): WorldDocument[] {
  const world = isRecord(data) ? data : {};
  const out: WorldDocument[] = [];
  const add = (kind: Kind, source: Source, parentId: string | null) => {
    const id = source["_id"];
    if (typeof id !== "string") return;
    const system = isRecord(source["system"]) ? source["system"] : {};
    const type = typeof source["type"] === "string" ? source["type"] : "base";
    out.push({ kind, id, parentId, type, system });
  };
  for (const actor of records(world["actors"])) {
    add("actor", actor, null);
    for (const item of records(actor["items"])) add("item", item, actor["_id"] as string);
  }
  for (const item of records(world["items"])) add("item", item, null);
  for (const combat of records(world["combats"])) {
    add("combat", combat, null);
    for (const combatant of records(combat["combatants"]))
      add("combatant", combatant, combat["_id"] as string);
  }
  return out.sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind));
}

/** `key` deleted in an update (store/pieces.ts deletes pieces the same way). */
function deletion(update: Source, key: string): void {
  const ns = (globalThis as { foundry?: { data?: { operators?: { ForcedDeletion?: new () => object } } } })
    .foundry;
  const Forced = ns?.data?.operators?.ForcedDeletion;
  if (Forced) update[key] = new Forced();
  else update[`-=${key}`] = null;
}

/**
 * The update that turns `before` into `after` under Foundry's merge: a key whose value changed is
 * set (objects are merged key by key, so an object on both sides is compared inside), a key that
 * is gone is deleted. Keys that did not change are left out: a Combat's `seq` and `last` stay out
 * of the write, so no client announces the last command again.
 */
export function updateBetween(before: Source, after: Source): Source {
  const update: Source = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (isRecord(old) && isRecord(value)) {
      const inner = updateBetween(old, value);
      if (Object.keys(inner).length > 0) update[key] = inner;
    } else if (!(key in before) || JSON.stringify(old) !== JSON.stringify(value)) update[key] = value;
  }
  for (const key of Object.keys(before)) if (!(key in after)) deletion(update, key);
  return update;
}

interface Updatable {
  update(data: object, options: object): Promise<unknown>;
}

/** The document a stored one is, in this client's collections. */
function documentOf(document: WorldDocument): Updatable | undefined {
  const { kind, id, parentId } = document;
  if (kind === "actor") return game.actors?.get(id);
  if (kind === "combat") return game.combats?.get(id);
  if (kind === "combatant") return game.combats?.get(parentId ?? "")?.combatants.get(id);
  if (parentId !== null) return game.actors?.get(parentId)?.items.get(id);
  return game.items?.get(id);
}

/**
 * A world setting as the world stores it, undefined where it was never set (`game.settings.get`
 * would give the registered default instead): the world's Setting documents,
 * `game.settings.storage.get("world")`, a WorldSettings collection whose `getSetting(key)` returns
 * the Setting document of a `namespace.key` (https://foundryvtt.com/api/v14/classes/foundry.documents.collections.WorldSettings.html);
 * its `value` may still be the JSON text the database holds.
 */
function storedSetting(key: string): unknown {
  const world = game.settings?.storage.get("world") as unknown as
    { getSetting(key: string): { value: unknown } | undefined } | undefined;
  const value = world?.getSetting(`${SYSTEM_ID}.${key}`)?.value;
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

function foundryWorld(progress: (done: number, total: number) => void): MigrationWorld {
  return {
    documents: () => storedDocuments(game.data),
    writeSystem: async (document, system) => {
      const target = documentOf(document);
      if (!target) throw new Error(`no ${document.kind} ${document.id}`);
      await target.update({ system: updateBetween(document.system, system) }, { diff: false, render: false });
    },
    setting: (key) => storedSetting(key),
    setSetting: async (key, value) => {
      await game.settings?.set(SYSTEM_ID, key as typeof WORLD_VERSION, value as string);
    },
    progress,
  };
}

/**
 * The notification `info(message, { progress: true })` returns: `update({ pct, message })` moves its
 * bar (the Notifications page's example: `progress.update({pct: 0.25, message: "Still
 * happening!"})`, https://foundryvtt.com/api/v14/classes/foundry.applications.ui.Notifications.html).
 * The published v13 types give `update` a number instead: one documented interop cast.
 */
interface ProgressBar {
  update(data: { pct: number; message?: string }): void;
}

function newer(v1: string, v0: string): boolean {
  return foundry.utils.isNewerVersion(v1, v0);
}

function plan() {
  const stored = game.settings?.get(SYSTEM_ID, WORLD_VERSION);
  return planMigrations(
    typeof stored === "string" ? stored : "",
    game.system?.version ?? "",
    MIGRATIONS,
    newer,
  );
}

/** `setup`, every client: a world from a newer Tempo closes the gate before anything reads it. */
export function checkWorldVersion(): void {
  const found = plan();
  setWorldRefusal(found.kind === "newer" ? { world: found.world, installed: found.installed } : null);
}

/** `ready`: tell the GM of a refused world; the active GM's client migrates a world that needs it. */
export async function migrateWorld(): Promise<void> {
  const i18n = game.i18n;
  const refusal = worldRefusal();
  if (refusal) {
    if (game.user?.isGM)
      ui.notifications?.error(i18n?.format("TEMPO.Migration.WorldTooNew", { ...refusal }) ?? "", {
        permanent: true,
      });
    return;
  }
  const found = plan();
  if (found.kind !== "migrate" || !isWriter()) return;
  if (found.migrations.length === 0) {
    await game.settings?.set(SYSTEM_ID, WORLD_VERSION, found.to);
    return;
  }
  const data = { from: found.from, to: found.to };
  const notice = ui.notifications?.info(i18n?.format("TEMPO.Migration.Begin", data) ?? "", {
    permanent: true,
  });
  const bar = ui.notifications?.info(i18n?.format("TEMPO.Migration.Progress", data) ?? "", {
    progress: true,
  }) as unknown as ProgressBar | undefined;
  let shown = 0;
  setWorldMigrating(true);
  let result: MigrationResult;
  try {
    result = await runMigrations(
      foundryWorld((done, total) => {
        // At most a hundred steps of the bar, however big the world.
        const pct = total === 0 ? 1 : done / total;
        if (pct - shown < 0.01 && done !== total) return;
        shown = pct;
        bar?.update({ pct });
      }),
      found,
      WORLD_VERSION,
    );
  } finally {
    setWorldMigrating(false);
  }
  bar?.update({ pct: 1 });
  if (notice) ui.notifications?.remove(notice);
  for (const failure of result.failures)
    console.error(
      `Tempo | migration to ${found.to}: ${failure.kind} ${failure.id} left as it was`,
      failure.error,
    );
  if (result.failures.length > 0)
    ui.notifications?.warn(
      i18n?.format("TEMPO.Migration.Failed", { ...data, count: String(result.failures.length) }) ?? "",
      { permanent: true },
    );
  ui.notifications?.info(
    i18n?.format("TEMPO.Migration.Done", { ...data, count: String(result.written) }) ?? "",
  );
}
