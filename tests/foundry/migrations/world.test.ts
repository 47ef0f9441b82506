/**
 * World migrations on the simulated table, as src/tempo.ts runs them: `checkWorldVersion` at
 * `setup` on every client, `migrateWorld` at `ready`. The world is the 0.1.0 fixture's actors,
 * combats (with their combatants) and settings (tests/fixtures/worlds/0.1.0.json); the table does
 * not model items as documents, so their migration is checked in runner.test.ts.
 */
import { describe, expect, it } from "vitest";

import { TABLE_TIMEOUT_MS, createTable, type Client, type Source, type Table } from "../table";
import { world010 } from "../../fixtures/worlds";

function tableWorld(settings: Record<string, unknown> = {}): {
  actors: Source[];
  combats: Source[];
  settings: Record<string, unknown>;
} {
  const data = world010();
  const actors = (data["actors"] as Source[]).map(({ items: _items, ...actor }) => actor);
  return {
    actors,
    combats: data["combats"] as Source[],
    settings: { ...(data["settings"] as Record<string, unknown>), ...settings },
  };
}

/** Every client loads: setup, then ready (the active GM's client migrates). */
async function load(table: Table): Promise<void> {
  for (const client of [table.gm, table.p1, table.p2])
    table.run(client, (tempo) => tempo.migrations.checkWorldVersion());
  for (const client of [table.gm, table.p1, table.p2])
    await table.run(client, (tempo) => tempo.migrations.migrateWorld());
  await table.settle();
}

function version(client: Client): string {
  return client.game.system.version;
}

function actorSystem(table: Table, id: string): Source {
  return table.server.sources.Actor.get(id)?.["system"] as Source;
}

describe("updating a world to the installed Tempo (table)", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("the GM's client stores a 0.1.0 world's actors and combats in the current layout, with a notice and a progress bar, and records the version", async () => {
    const table = await createTable({ world: tableWorld() });
    await load(table);
    expect(actorSystem(table, "actorAna")).toEqual({
      stats: { agility: 3, moveSpeed: 6, maxAp: 5, maxRp: 3 },
      pools: { ap: { value: 4 }, rp: { value: 1 } },
      traits: { shield: true },
    });
    const whole = table.stored("combatWhole")["system"] as Source;
    expect(whole["layout"]).toBe(2);
    expect(typeof whole["state"]).toBe("object");
    expect(Object.keys(whole["combatants"] as Source).sort()).toEqual(["ana", "bob", "orc"]);
    // Every client reads the migrated fight as the one stored in the current layout.
    const read = (client: Client, id: string) =>
      table.run(client, () => (table.combat(client, id) as unknown as { encounter: unknown }).encounter);
    expect(read(table.gm, "combatWhole")).toEqual(read(table.gm, "combatNow"));
    expect(table.server.settings.get("tempo.worldVersion")).toBe(version(table.gm));

    // Only the GM wrote, each write sent as given (not diffed against the migrated copy in memory).
    const writes = table.server.updates;
    expect(writes.map((w) => [w.name, w.id])).toEqual([
      ["Actor", "actorAna"],
      ["Actor", "actorBob"],
      ["Combat", "combatWhole"],
      ["Combat", "combatPieces"],
    ]);
    for (const write of writes) {
      expect(write.from).toBe("gm");
      expect(write.options?.["diff"]).toBe(false);
    }

    const notices = table.gm.notices;
    const begin = notices.find((n) => n.key === "TEMPO.Migration.Begin");
    expect(begin?.text).toContain(`"to":"${version(table.gm)}"`);
    expect(begin?.removed).toBe(true);
    const bar = notices.find((n) => n.key === "TEMPO.Migration.Progress");
    expect(bar?.options?.["progress"]).toBe(true);
    expect(bar?.pcts?.at(-1)).toBe(1);
    expect(bar?.pcts).toEqual([...(bar?.pcts ?? [])].sort((a, b) => a - b));
    expect(notices.find((n) => n.key === "TEMPO.Migration.Done")?.text).toContain('"count":"4"');
    expect(table.p1.notices).toEqual([]);
  });

  it("while the GM's client migrates, it applies no command; after, it does", async () => {
    const table = await createTable({ world: tableWorld() });
    for (const client of [table.gm, table.p1])
      table.run(client, (tempo) => tempo.migrations.checkWorldVersion());
    // Hold the migration's first write until the player's command has been answered.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const ana = table.run(table.gm, () => table.gm.game.actors.get("actorAna")) as unknown as {
      update(data: object, options: object): Promise<unknown>;
    };
    const update = ana.update.bind(ana);
    ana.update = async (data, options) => {
      await held;
      return update(data, options);
    };
    const migrating = table.run(table.gm, (tempo) => tempo.migrations.migrateWorld());
    // Bob's turn in combatNow (START_DICE, then one nextTurn): p2, Bob's owner, ends it.
    const endBobsTurn = () =>
      table.run(table.p2, (tempo) =>
        tempo.commands.submit(
          table.combat(table.p2, "combatNow") as never,
          { type: "endTurn", who: "bob" } as never,
        ),
      );
    expect((await endBobsTurn()).refusal?.key).toBe("TEMPO.Refusal.Migrating");
    expect(table.encounter("combatNow").current).toBe("bob");
    release();
    await migrating;
    await table.settle();
    expect(table.server.settings.get("tempo.worldVersion")).toBe(version(table.gm));
    // The same command is applied once the migration is over.
    expect(await endBobsTurn()).toMatchObject({ ok: true });
    await table.settle();
    expect(table.encounter("combatNow").current).toBe("orc");
  });

  it("runs once: a world loaded again at the installed version is not written", async () => {
    const first = await createTable({ world: tableWorld() });
    await load(first);
    const migrated = {
      actors: [...first.server.sources.Actor.values()],
      combats: [...first.server.sources.Combat.values()],
      settings: Object.fromEntries(first.server.settings),
    };
    const table = await createTable({ world: migrated });
    await load(table);
    expect(table.server.updates).toEqual([]);
    expect(table.gm.notices).toEqual([]);
  });

  it("players' clients do not migrate, and record nothing", async () => {
    const table = await createTable({ world: tableWorld() });
    for (const client of [table.p1, table.p2]) {
      table.run(client, (tempo) => tempo.migrations.checkWorldVersion());
      await table.run(client, (tempo) => tempo.migrations.migrateWorld());
    }
    await table.settle();
    expect(table.server.updates).toEqual([]);
    expect(table.server.settings.has("tempo.worldVersion")).toBe(false);
  });

  it("a world from a newer Tempo is refused: the GM is told, its combats are neither read nor written, commands are refused", async () => {
    const table = await createTable({ world: tableWorld({ "tempo.worldVersion": "99.0.0" }) });
    await load(table);
    expect(table.server.updates).toEqual([]);
    expect(table.server.settings.get("tempo.worldVersion")).toBe("99.0.0");
    const error = table.gm.notices.find((n) => n.key === "TEMPO.Migration.WorldTooNew");
    expect(error?.level).toBe("error");
    expect(error?.text).toContain(`"world":"99.0.0","installed":"${version(table.gm)}"`);
    for (const client of [table.gm, table.p1]) {
      const combat = table.combat(client, "combatNow") as unknown as {
        encounter: unknown;
        nextTurn(): Promise<unknown>;
      };
      expect(table.run(client, () => combat.encounter)).toBeNull();
    }
    const answer = await table.run(table.p1, (tempo) =>
      tempo.commands.submit(table.combat(table.p1, "combatNow") as never, { type: "next" } as never),
    );
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.WorldTooNew");
    await table.settle();
    expect(table.server.updates).toEqual([]);
    expect(table.server.queries).toEqual([]);
  });
});
