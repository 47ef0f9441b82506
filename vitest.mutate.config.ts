import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The tests mutation testing (`npm run mutate`, stryker.config.mjs) runs against src/engine: the
 * engine's unit and property tests and every YAML scenario (tests/scenario/scenarios.test.ts).
 * Built from the main config, with its own `include` (mergeConfig would append to the list).
 *
 * MUTATE_TESTS (comma-separated globs) narrows the tests for a quick scoped run, e.g.
 * `MUTATE_TESTS="tests/engine/grid/**\/*.test.ts" npx stryker run -m "src/engine/grid/hex.ts"`:
 * the score it gives is a lower bound (a mutant only the other tests kill counts as a survivor).
 */
const narrowed = process.env.MUTATE_TESTS?.split(",").filter((glob) => glob !== "");
// The main config's projects run the simulated-table tests once per profile of readings; the
// engine's mutants need neither those tests nor a second project.
const { projects: _tableProfiles, ...baseTest } = base.test ?? {};

export default defineConfig({
  ...base,
  test: {
    ...baseTest,
    include:
      narrowed && narrowed.length > 0
        ? narrowed
        : ["tests/engine/**/*.test.ts", "tests/scenario/**/*.test.ts"],
    // Each mutant reruns the tests that reach it: fewer cases per property keeps a run in minutes.
    env: { ...baseTest.env, FC_MAX_RUNS: "10" },
    // One module graph for every test file of a mutant's run, not one per file: Stryker switches
    // mutants at run time (mutant schemata), so nothing needs reloading, and the one state the
    // engine's modules keep between calls, the grid's shape caches, is emptied before each test
    // (tests/support/engine-checks.ts), so no test reads a shape an earlier mutant worked out. Measured on core/offers.ts (118 mutants, two
    // runners): 1 min 42 s instead of 4 min 48 s, the same 114 killed; the 3 mutants that timed out
    // with isolation (a loaded machine) survive without it, as they did in every earlier run.
    isolate: false,
  },
});
