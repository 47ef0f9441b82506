// @ts-check
/**
 * Mutation testing of the rules engine: `npm run mutate` (docs/testing.md). StrykerJS changes
 * src/engine one small edit at a time (a mutant) and runs the engine's unit, property and scenario
 * tests (vitest.mutate.config.ts) against each; a mutant no test notices "survives".
 *
 * Incremental: `npm run mutate` (scripts/mutate.mjs) keeps the results in the repository
 * (mutation/incremental.json.gz, unpacked to reports/ for the run), so a re-run, on any clone, tests
 * only mutants in code or tests that changed. Scope a run while working:
 * `npm run mutate -- --mutate src/engine/core/offers.ts` (the other files' results are kept).
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutate.config.ts" },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: ["src/engine/**/*.ts", "!src/engine/**/*.d.ts"],
  // Each mutant runs only the tests that reach it.
  coverageAnalysis: "perTest",
  // The dev machine is shared; more runners than cores only slows every one down.
  concurrency: 2,
  incremental: true,
  incrementalFile: "reports/stryker-incremental.json",
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: true },
  // Property tests drive whole encounters per case; give a slow mutant room before calling it a timeout.
  timeoutMS: 10000,
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
