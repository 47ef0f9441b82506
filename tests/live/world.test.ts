/**
 * The live suite's world, checked without a Foundry server: every id is a Foundry id (16
 * alphanumeric characters), the flows' ids map there and back, and a data folder gets the world
 * (world.json and one LevelDB database per collection) and Tempo's build as Foundry reads them.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { FoundryServer } from "./foundry";
import { WORLD_ID, flowsWorld, liveId, mapIds } from "./world";

describe("the live suite's world", () => {
  const world = flowsWorld();

  it("gives every document, embedded ones too, a 16-character alphanumeric id (Foundry's ids)", () => {
    const ids: string[] = [];
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object")
        for (const [k, inner] of Object.entries(v)) {
          if (k === "_id") ids.push(String(inner));
          walk(inner);
        }
    };
    walk(world.data.collections);
    expect(ids.length).toBeGreaterThan(10);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it("makes the battle map the active scene, which every player may observe (so players' canvases draw its tokens)", () => {
    const scenes = world.data.collections["scenes"] as unknown as {
      _id: string;
      active?: boolean;
      ownership?: Record<string, number>;
    }[];
    const battle = scenes.find((s) => s._id === liveId("battle"));
    expect(battle?.active).toBe(true);
    expect(battle?.ownership?.["default"]).toBeGreaterThanOrEqual(2); // OBSERVER
    expect(scenes.filter((s) => s.active).map((s) => s._id)).toEqual([liveId("battle")]);
  });

  it("maps a command's ids to Foundry's and back, leaving other words alone", () => {
    const command = { type: "react", who: "orc", with: "decline", against: "ana" };
    const live = mapIds(command, liveId, world.ids);
    expect(live).toEqual({ type: "react", who: liveId("orc"), with: "decline", against: liveId("ana") });
    const back = new Map([...world.ids].map((id) => [liveId(id), id]));
    expect(mapIds(live, (id) => back.get(id) ?? id, new Set(back.keys()))).toEqual(command);
  });

  it("puts the wolf in the fight for the second provoking cell's flow, its ids mapped like the rest", () => {
    const wolfy = flowsWorld({ wolfAt: [6, 1] });
    const combat = wolfy.data.collections["combats"]?.[0] as unknown as {
      combatants: { _id: string; tokenId: string }[];
    };
    expect(combat.combatants.map((c) => c._id)).toContain(liveId("wolf"));
    expect(combat.combatants.find((c) => c._id === liveId("wolf"))?.tokenId).toBe(liveId("tokWolf"));
    const scene = wolfy.data.collections["scenes"]?.[0] as unknown as {
      tokens: { _id: string; x: number; y: number }[];
    };
    const wolf = scene.tokens.find((t) => t._id === liveId("tokWolf"));
    expect([wolf?.x, wolf?.y]).toEqual([600, 100]);
    // The plain world keeps the wolf out of the fight.
    const plain = world.data.collections["combats"]?.[0] as unknown as { combatants: { _id: string }[] };
    expect(plain.combatants.map((c) => c._id)).not.toContain(liveId("wolf"));
  });

  const made: string[] = [];
  afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it("writes the world into a temporary data folder and installs the given Tempo build beside it", async () => {
    // A stand-in build folder: main.js is only looked for, never run here.
    const app = mkdtempSync(join(tmpdir(), "tempo-app-"));
    made.push(app);
    writeFileSync(join(app, "main.js"), "");
    writeFileSync(join(app, "package.json"), JSON.stringify({ release: { generation: 14 } }));
    // A stand-in of dist/tempo: the manifest the copy is checked by, from the repository.
    const system = mkdtempSync(join(tmpdir(), "tempo-system-"));
    made.push(system);
    writeFileSync(join(system, "system.json"), readFileSync(resolve(__dirname, "../../system.json")));
    const server = new FoundryServer({ path: app }, system);
    try {
      expect(server.generation).toBe(14);
      await server.writeWorld(world.data);
      const folder = join(server.data, "Data", "worlds", WORLD_ID);
      const manifest = JSON.parse(readFileSync(join(folder, "world.json"), "utf8")) as Record<
        string,
        unknown
      >;
      expect([manifest["id"], manifest["system"]]).toEqual([WORLD_ID, "tempo"]);
      expect(readdirSync(join(folder, "data")).sort()).toEqual([
        "actors",
        "combats",
        "scenes",
        "settings",
        "users",
      ]);
      expect(existsSync(join(server.data, "Data", "systems", "tempo", "system.json"))).toBe(true);
    } finally {
      await server.dispose();
    }
    expect(existsSync(server.data)).toBe(false);
  });
});
