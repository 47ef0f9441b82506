/**
 * The system as it ships: dist/tempo/tempo.mjs, built by Vite with the project's own config (into
 * a folder of the test's), then loaded where Foundry loads it, in a browser, which has none of
 * Node's globals. A realm of its own stands for the browser here: its global object holds only
 * the Foundry stand-ins of tests/foundry/entry-stand-ins.ts (each citing its public API page) and
 * the console. The bundle must load there, register its `init` hook and nothing before it, and
 * register Tempo at `init`; and it names no Node global at all, so no code path reached later
 * (a command's apply) can throw where there is no `process`.
 *
 * A library that reads `process.env.NODE_ENV` once made the bundle throw as it loaded
 * (vite.config.ts BUNDLE_DEFINES): the Node tests, where `process` exists, never saw it.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Script, createContext } from "node:vm";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { entryStandIns } from "../entry-stand-ins";

const ROOT = resolve(__dirname, "../../..");
const out = mkdtempSync(join(tmpdir(), "tempo-bundle-"));
let code = "";

beforeAll(async () => {
  await build({
    configFile: join(ROOT, "vite.config.ts"),
    logLevel: "silent",
    build: { outDir: out, emptyOutDir: true },
  });
  code = readFileSync(join(out, "tempo.mjs"), "utf8");
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the built system bundle (tempo.mjs)", () => {
  it("is written with the system's files beside it, into the build's own folder", () => {
    for (const file of ["system.json", "tempo.css", "lang/en.json"])
      expect(readFileSync(join(out, file), "utf8").length).toBeGreaterThan(0);
    expect(code.length).toBeGreaterThan(10_000);
  });

  it("names none of Node's globals (process, require, Buffer, __dirname): a browser has none", () => {
    for (const name of ["process", "require", "Buffer", "__dirname", "__filename"])
      expect(code.match(new RegExp(`(?<![\\w$.])${name}(?![\\w$])`, "g")) ?? [], name).toEqual([]);
  });

  it("is one self-contained ES module: it imports nothing and exports nothing", () => {
    expect(code).not.toMatch(/(^|[;}\s])import\s*[\s{("'*]/);
    expect(code).not.toMatch(/(^|[;}\s])export\s*[{*]/);
  });

  it("loads in a realm with only Foundry's globals, registers init and nothing before it, and registers Tempo at init", () => {
    const standIns = entryStandIns();
    const realm = createContext({ ...standIns.globals, console });
    // A module's code is strict; with nothing imported or exported, it runs as a strict script.
    new Script(`"use strict";\n${code}`, { filename: "tempo.mjs" }).runInContext(realm);
    expect([...standIns.once.keys()]).toEqual(["init"]);
    expect(standIns.on.size).toBe(0);
    const config = standIns.globals.CONFIG as {
      Combat: { documentClass?: { name: string }; dataModels: Record<string, { name: string }> };
      ui: { combat?: { name: string } };
      queries: Record<string, unknown>;
    };
    expect(config.Combat.documentClass).toBeUndefined();
    for (const init of standIns.once.get("init") ?? []) init();
    // The bundle keeps class names (Foundry reads them), so they are asserted as src/tempo.ts's are.
    expect(config.Combat.documentClass?.name).toBe("TempoCombat");
    expect(config.Combat.dataModels.base?.name).toBe("CombatModel");
    expect(config.ui.combat?.name).toBe("TempoCombatTracker");
    expect(Object.keys(config.queries).sort()).toEqual([
      "tempo.command",
      "tempo.confirm",
      "tempo.gmControl",
      "tempo.heal",
      "tempo.reactionPrompt",
      "tempo.undoMove",
    ]);
    expect(standIns.settings.map((s) => s.key)).toContain("ruleset");
    expect(standIns.sheets).toHaveLength(4);
  });
});
