/**
 * World migrations without Foundry: which migrations a world needs (planMigrations), and the
 * migrations run over a world stored by Tempo 0.1.0 builds (tests/fixtures/worlds/0.1.0.json: one
 * document of each shape those builds wrote), each write applied as Foundry's merge applies an
 * update (the table's `merge`, with `-=key` deletions), until the world holds the current layout.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

import { MIGRATIONS, type Migration } from "../../../src/foundry/migrations";
import {
  FIRST_VERSION,
  planMigrations,
  runMigrations,
  type MigrationWorld,
  type Plan,
  type WorldDocument,
} from "../../../src/foundry/migrations/runner";
import { storedDocuments, updateBetween } from "../../../src/foundry/migrations/world";
import { migrateActorSource } from "../../../src/foundry/data/migrations";
import { world010 } from "../../fixtures/worlds";
import { merge, type Source } from "../table/documents";

const ROOT = resolve(__dirname, "../../..");
const INSTALLED = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string })
  .version;

/** "Is v1 newer than v0?" for X.Y.Z versions, as foundry.utils.isNewerVersion answers for them. */
function newer(v1: string, v0: string): boolean {
  const a = v1.split(".").map(Number);
  const b = v0.split(".").map(Number);
  for (let i = 0; i < 3; i += 1) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

/** A world in memory: its data as `game.data` holds it; a write merges the update as Foundry does. */
class MemoryWorld implements MigrationWorld {
  readonly writes: { kind: string; id: string; update: Source }[] = [];
  readonly settings = new Map<string, unknown>();
  readonly progressed: [number, number][] = [];
  constructor(readonly data: Source) {
    for (const [key, value] of Object.entries((data["settings"] ?? {}) as Source))
      this.settings.set(key.replace(/^tempo\./, ""), value);
  }
  documents(): WorldDocument[] {
    return storedDocuments(this.data);
  }
  find(kind: string, id: string): Source {
    const all = (list: unknown) => (Array.isArray(list) ? (list as Source[]) : []);
    const actors = all(this.data["actors"]);
    const combats = all(this.data["combats"]);
    const pool =
      kind === "actor"
        ? actors
        : kind === "combat"
          ? combats
          : kind === "combatant"
            ? combats.flatMap((c) => all(c["combatants"]))
            : [...all(this.data["items"]), ...actors.flatMap((a) => all(a["items"]))];
    const found = pool.find((d) => d["_id"] === id);
    if (!found) throw new Error(`no ${kind} ${id}`);
    return found;
  }
  writeSystem(document: WorldDocument, system: Source): Promise<void> {
    const update = updateBetween(document.system, system);
    this.writes.push({ kind: document.kind, id: document.id, update });
    merge(this.find(document.kind, document.id), { system: update });
    return Promise.resolve();
  }
  setting(key: string): unknown {
    return this.settings.get(key);
  }
  setSetting(key: string, value: unknown): Promise<void> {
    this.settings.set(key, value);
    return Promise.resolve();
  }
  progress(done: number, total: number): void {
    this.progressed.push([done, total]);
  }
  system(kind: string, id: string): Source {
    return this.find(kind, id)["system"] as Source;
  }
}

function migrate(plan: Plan): Extract<Plan, { kind: "migrate" }> {
  if (plan.kind !== "migrate") throw new Error(`expected a migration, got ${plan.kind}`);
  return plan;
}

async function migrated(data = world010()): Promise<MemoryWorld> {
  const world = new MemoryWorld(data);
  await runMigrations(world, migrate(planMigrations("", INSTALLED, MIGRATIONS, newer)), "worldVersion");
  return world;
}

function parsedPieces(pieces: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(pieces as Record<string, string>).map(([k, v]) => [k, JSON.parse(v)]),
  );
}

describe("which migrations a world needs", () => {
  const steps: Migration[] = [
    { version: "0.3.0", id: "c" },
    { version: "0.2.0", id: "a" },
    { version: "0.2.1", id: "b" },
    { version: "0.2.0", id: "a2" },
  ];

  it("a world that recorded no version was last used with 0.1.0, and gets every migration up to the installed version, oldest first", () => {
    expect(FIRST_VERSION).toBe("0.1.0");
    const plan = migrate(planMigrations("", "0.2.1", steps, newer));
    expect(plan.from).toBe("0.1.0");
    expect(plan.to).toBe("0.2.1");
    // Entries of one version keep their listed order; 0.3.0 is newer than what is installed.
    expect(plan.migrations.map((m) => m.id)).toEqual(["a", "a2", "b"]);
  });

  it("a world at an older version gets only the later migrations", () => {
    expect(migrate(planMigrations("0.2.0", "0.3.0", steps, newer)).migrations.map((m) => m.id)).toEqual([
      "b",
      "c",
    ]);
  });

  it("a world at the installed version needs nothing", () => {
    expect(planMigrations("0.2.1", "0.2.1", steps, newer)).toEqual({ kind: "current" });
  });

  it("a world from a newer Tempo than the installed one is refused, naming both versions", () => {
    expect(planMigrations("0.3.0", "0.2.1", steps, newer)).toEqual({
      kind: "newer",
      world: "0.3.0",
      installed: "0.2.1",
    });
  });

  it("a newer installed version with nothing to migrate only records the version", async () => {
    const plan = migrate(planMigrations("0.3.0", "0.3.1", steps, newer));
    expect(plan.migrations).toEqual([]);
    const world = new MemoryWorld(world010());
    const result = await runMigrations(world, plan, "worldVersion");
    expect(result).toEqual({ written: 0, visited: 0, failures: [], settings: [] });
    expect(world.settings.get("worldVersion")).toBe("0.3.1");
  });

  it("every shipped migration is keyed by a semantic version no newer than package.json's, oldest first", () => {
    expect(MIGRATIONS.length).toBeGreaterThan(0);
    let last = "0.0.0";
    for (const migration of MIGRATIONS) {
      expect(migration.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(newer(migration.version, INSTALLED)).toBe(false);
      expect(newer(last, migration.version)).toBe(false);
      last = migration.version;
    }
  });
});

describe("a world stored by Tempo 0.1.0 reaches the current layout", () => {
  it("actors: stats under system.stats, pools as { value }, a pool's max a stat, tags as traits", async () => {
    const world = await migrated();
    expect(world.system("actor", "actorAna")).toEqual({
      stats: { agility: 3, moveSpeed: 6, maxAp: 5, maxRp: 3 },
      pools: { ap: { value: 4 }, rp: { value: 1 } },
      traits: { shield: true },
    });
    expect(world.system("actor", "actorBob")).toEqual({
      stats: { agility: 0, maxAp: 6 },
      pools: { ap: { value: 5 } },
    });
    // An actor already in the current shape is not written.
    expect(world.writes.filter((w) => w.kind === "actor").map((w) => w.id)).toEqual(["actorAna", "actorBob"]);
  });

  it("items, an actor's own and the world's: weapons' kind and speed, actions' action and cost", async () => {
    const world = await migrated();
    expect(world.system("item", "itemSword")).toEqual({ kind: "melee", speed: 4, reach: 1 });
    expect(world.system("item", "itemSpear")).toEqual({ kind: "melee", speed: 6, reach: 2 });
    expect(world.system("item", "itemParry")).toEqual({
      ruleset: "flow",
      category: "reaction",
      action: "parry",
      cost: { ap: 1 },
    });
    expect(world.writes.filter((w) => w.kind === "item").map((w) => w.id)).toEqual([
      "itemSword",
      "itemParry",
      "itemSpear",
    ]);
    // The update deletes the old names (Foundry's merge would keep them otherwise).
    expect(world.writes.find((w) => w.id === "itemSword")?.update).toEqual({
      kind: "melee",
      speed: 4,
      "-=type": null,
      "-=weaponSpeed": null,
    });
  });

  it("combats: the whole state and log as two texts become the pieces of layout 2, the same pieces the current layout stores for the same fight", async () => {
    const world = await migrated();
    const whole = world.system("combat", "combatWhole");
    const now = world.system("combat", "combatNow");
    expect(whole["layout"]).toBe(2);
    expect(parsedPieces(whole["state"])).toEqual(parsedPieces(now["state"]));
    expect(parsedPieces(whole["combatants"])).toEqual(parsedPieces(now["combatants"]));
    expect(JSON.parse(whole["initial"] as string)).toEqual(JSON.parse(now["initial"] as string));
    // The log's entries are the same commands and dice; the old layout kept no reverse patches.
    const withoutUndo = (log: unknown) =>
      Object.fromEntries(
        Object.entries(parsedPieces(log)).map(([k, v]) => {
          const { undo: _undo, ...entry } = v as Record<string, unknown>;
          return [k, entry];
        }),
      );
    expect(withoutUndo(whole["log"])).toEqual(withoutUndo(now["log"]));
    expect(whole["seq"]).toBe(now["seq"]);
  });

  it("combats: an initial state stored with its combatants by id lists them by the roster; nothing else of the combat is written", async () => {
    const world = await migrated();
    const pieces = world.system("combat", "combatPieces");
    const now = world.system("combat", "combatNow");
    const initial = JSON.parse(pieces["initial"] as string) as { combatants: unknown; roster: string[] };
    expect(Array.isArray(initial.combatants)).toBe(true);
    expect(initial).toEqual(JSON.parse(now["initial"] as string));
    expect(Object.keys(world.writes.find((w) => w.id === "combatPieces")?.update ?? {})).toEqual(["initial"]);
  });

  it("combats: no write carries seq or last, so no client announces the last command again", async () => {
    const world = await migrated();
    for (const write of world.writes.filter((w) => w.kind === "combat")) {
      expect(write.update).not.toHaveProperty("seq");
      expect(write.update).not.toHaveProperty("last");
    }
  });

  it("combats and combatants in the current layout, and settings, are left as they were; the world records the installed version", async () => {
    const before = world010();
    const world = await migrated();
    expect(world.writes.map((w) => w.id)).not.toContain("combatNow");
    expect(world.writes.map((w) => w.id)).not.toContain("combatNew");
    expect(world.writes.filter((w) => w.kind === "combatant")).toEqual([]);
    expect(world.system("combatant", "ana")).toEqual({});
    const settings = Object.fromEntries(world.settings);
    expect(settings).toEqual({
      ...Object.fromEntries(
        Object.entries(before["settings"] as Source).map(([k, v]) => [k.replace(/^tempo\./, ""), v]),
      ),
      worldVersion: INSTALLED,
    });
  });

  it("reports progress document by document, to the last", async () => {
    const world = await migrated();
    const total = storedDocuments(world010()).length;
    expect(total).toBe(3 + 3 + 2 + 4 + 3 * 3 + 1);
    expect(world.progressed).toHaveLength(total);
    expect(world.progressed.at(-1)).toEqual([total, total]);
  });

  it("is idempotent: the same migrations over the migrated world write nothing", async () => {
    const world = await migrated();
    const again = new MemoryWorld(world.data);
    const result = await runMigrations(
      again,
      migrate(planMigrations("", INSTALLED, MIGRATIONS, newer)),
      "worldVersion",
    );
    expect(result.written).toBe(0);
    expect(again.writes).toEqual([]);
    expect(result.failures).toEqual([]);
  });

  it("a document a migration cannot bring up to date is left as it was and reported; the rest is migrated", async () => {
    const data = world010();
    const items = data["items"] as Source[];
    items.push({
      _id: "itemOdd",
      type: "action",
      system: { ruleset: "flow", category: "action", actionId: "fly" },
    });
    const world = new MemoryWorld(data);
    const result = await runMigrations(
      world,
      migrate(planMigrations("", INSTALLED, MIGRATIONS, newer)),
      "worldVersion",
    );
    expect(result.failures.map((f) => [f.kind, f.id])).toEqual([["item", "itemOdd"]]);
    expect(world.system("item", "itemOdd")).toEqual({ ruleset: "flow", category: "action", actionId: "fly" });
    expect(world.system("item", "itemSpear")).toEqual({ kind: "melee", speed: 6, reach: 2 });
    expect(world.settings.get("worldVersion")).toBe(INSTALLED);
  });

  it("the actor migration is the model's own read-time migration, so what is stored is what the model read", async () => {
    const world = await migrated();
    const raw = (world010()["actors"] as Source[]).find((a) => a["_id"] === "actorAna")?.["system"] as Source;
    expect(world.system("actor", "actorAna")).toEqual(migrateActorSource(structuredClone(raw)));
  });
});
