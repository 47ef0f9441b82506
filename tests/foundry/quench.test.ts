/**
 * Tempo's Quench batches reach Quench only through its `quenchReady` hook (Quench's README: the
 * hook is called with the Quench instance, and `quench.registerBatch(key, fn, { displayName })`
 * adds a batch). src/tempo.ts's init registers the hook; with Quench absent the hook never fires
 * and no batch exists. The entry runs in the stand-ins of tests/foundry/entry-stand-ins.ts.
 */
import "./sheets/fields";

import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { entryStandIns } from "./entry-stand-ins";
import type { QuenchContext, QuenchLike } from "../../src/foundry/quench";

const { globals, once, on } = entryStandIns();
const g = globalThis as Record<string, unknown>;
Object.assign(g.foundry as Record<string, unknown>, globals.foundry);
const { foundry: _foundry, ...others } = globals;
Object.assign(g, others);

/** A stand-in of Quench's hub that records the batches registered with it. */
function standInQuench() {
  const batches: { key: string; fn: (context: QuenchContext) => void; options?: { displayName?: string } }[] =
    [];
  const quench: QuenchLike = { registerBatch: (key, fn, options) => void batches.push({ key, fn, options }) };
  return { quench, batches };
}

/** Run a batch's body with a context that records its suites and tests (titles only, nothing run). */
function titlesOf(fn: (context: QuenchContext) => void): { suites: string[]; tests: string[] } {
  const suites: string[] = [];
  const tests: string[] = [];
  const assert = Object.assign(() => undefined, {
    equal: () => undefined,
    deepEqual: () => undefined,
    isAbove: () => undefined,
    include: () => undefined,
    instanceOf: () => undefined,
  });
  fn({
    describe: (title, body) => {
      suites.push(title);
      body();
    },
    it: (title) => void tests.push(title),
    after: () => undefined,
    assert,
  });
  return { suites, tests };
}

const lang = JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as {
  TEMPO: { Quench: Record<string, Record<string, string>> };
};

describe("Tempo's Quench batches", () => {
  beforeAll(async () => {
    await import("../../src/tempo");
    for (const init of once.get("init") ?? []) init();
  });

  it("init registers one quenchReady hook, and no batch exists until Quench fires it (Quench absent: nothing)", () => {
    expect(once.get("quenchReady")).toHaveLength(1);
    expect(on.has("quenchReady")).toBe(false);
    // Quench absent: nothing reads a `quench` global, nothing else is registered for Quench.
    expect("quench" in g).toBe(false);
  });

  it("registers the five in-world batches under tempo.* keys, each named by a lang key, when Quench is ready", () => {
    const { quench, batches } = standInQuench();
    for (const fn of once.get("quenchReady") ?? []) fn(quench);
    expect(batches.map((b) => b.key)).toEqual([
      "tempo.dataModels",
      "tempo.sheets",
      "tempo.settings",
      "tempo.packs",
      "tempo.fight",
    ]);
    // Without game.i18n (the stand-ins' game has none before setup) a name stays its key.
    for (const batch of batches) {
      const name = batch.options?.displayName ?? "";
      const [, , area, thing] = name.split(".");
      expect(lang.TEMPO.Quench[area ?? ""]?.[thing ?? ""], name).toBeTypeOf("string");
    }
  });

  it("each batch declares a suite with at least one test, titled by lang keys", () => {
    const { quench, batches } = standInQuench();
    for (const fn of once.get("quenchReady") ?? []) fn(quench);
    for (const batch of batches) {
      const { suites, tests } = titlesOf(batch.fn);
      expect(suites, batch.key).toHaveLength(1);
      expect(tests.length, batch.key).toBeGreaterThan(0);
      for (const title of [...suites, ...tests]) expect(title, batch.key).toMatch(/^TEMPO\.Quench\.\w+\.\w+/);
    }
  });
});
