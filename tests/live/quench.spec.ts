/**
 * Tempo's Quench batches (src/foundry/quench) in the live world, run from the GM's client: with
 * Quench given (FOUNDRY_QUENCH, installed and enabled in the world by tests/live/foundry.ts) every
 * batch must pass; without it the test is skipped and says so plainly, and a Quench that is not
 * active in the world, or that runs no Tempo batch, is a failure that names it, never an empty
 * pass. Quench's API as its README documents it (https://github.com/Ethaks/FVTT-Quench#readme):
 * the `quench` global, `quench.runBatches(keys)`, the `quenchReports` hook with Mocha's JSON report.
 */
import { expect } from "@playwright/test";

import { test } from "./fixtures";

/** What the GM's page reports back. */
type Outcome = { missing: string } | { json: string };

interface MochaReport {
  stats: { tests: number; passes: number; failures: number };
  failures: { fullTitle: string; err: { message?: string } }[];
}

test("Tempo's Quench batches pass in the live world", async ({ backend, foundry }) => {
  test.skip(foundry.quench === null, foundry.quenchMissing ?? "Quench missing");
  await backend.open();
  const outcome: Outcome = await backend.evaluate(
    "gm",
    async (keys) => {
      type Quench = { runBatches(keys: string[]): Promise<unknown> };
      type HooksLike = { once(name: string, fn: (report: { json?: string }) => void): void };
      const world = globalThis as unknown as { quench?: Quench; Hooks: HooksLike };
      if (!world.quench)
        return {
          missing:
            "Quench is installed but not active in the world: no `quench` global once the game is ready",
        };
      const reported = new Promise<{ json?: string }>((resolve) =>
        world.Hooks.once("quenchReports", resolve),
      );
      await world.quench.runBatches(keys);
      const report = await reported;
      return report.json
        ? { json: report.json }
        : { missing: "Quench's quenchReports hook gave no JSON report" };
    },
    ["tempo.**"],
  );
  if ("missing" in outcome) throw new Error(outcome.missing);
  const report = JSON.parse(outcome.json) as MochaReport;
  expect(
    report.stats.tests,
    "Quench is active but ran no Tempo batch (did quenchReady reach Tempo?)",
  ).toBeGreaterThan(0);
  expect(report.failures.map((f) => `${f.fullTitle}: ${f.err.message ?? ""}`)).toEqual([]);
});
