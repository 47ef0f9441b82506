import { defineConfig } from "vitest/config";
import base from "./vitest.config";

/**
 * The tests mutation testing (`npm run mutate`, stryker.config.mjs) runs against src/engine: the
 * engine's unit and property tests and every YAML scenario (tests/scenario/scenarios.test.ts).
 * Built from the main config, with its own `include` (mergeConfig would append to the list).
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/engine/**/*.test.ts", "tests/scenario/**/*.test.ts"],
    // Each mutant reruns the tests that reach it: fewer cases per property keeps a run in minutes.
    env: { ...base.test?.env, FC_MAX_RUNS: "10" },
  },
});
