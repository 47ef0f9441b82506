import { defineConfig } from "vitest/config";

/**
 * The test files that build a simulated Foundry table (tests/foundry/table). Each runs once per
 * profile of readings (tests/foundry/table/readings.ts): under "lenient" with every other test,
 * and again under "strict" in its own project, so every reading of every switch is tested.
 */
const TABLE_TESTS = [
  "tests/foundry/attacks.test.ts",
  "tests/foundry/trust.test.ts",
  "tests/foundry/trust-generated.test.ts",
  "tests/foundry/boundary.test.ts",
  "tests/foundry/statuses.test.ts",
  "tests/foundry/core/channel.test.ts",
  "tests/foundry/core/storage.test.ts",
  "tests/foundry/core/submit.test.ts",
  "tests/foundry/core/settings.test.ts",
  "tests/foundry/migrations/world.test.ts",
  "tests/foundry/table/*.test.ts",
];

/** What every project runs with. */
const shared = {
  environment: "node" as const,
  // Property tests run from a fixed, printed, replayable seed (FC_SEED; docs/testing.md).
  setupFiles: ["tests/support/fast-check.ts", "tests/support/engine-checks.ts"],
  // Property tests drive whole encounters for many cases; on a loaded 2-core machine one takes
  // several seconds, so Vitest's 5 s default would fail good code on timing alone.
  testTimeout: 30_000,
};

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    ...shared,
    // Not `extends`: it would add the root's include to the strict project's, running every test twice.
    projects: [
      {
        test: {
          ...shared,
          name: "lenient",
          include: ["tests/**/*.test.ts"],
          env: { TEMPO_TABLE_PROFILE: "lenient" },
        },
      },
      {
        test: {
          ...shared,
          name: "table:strict",
          include: TABLE_TESTS,
          env: { TEMPO_TABLE_PROFILE: "strict" },
        },
      },
    ],
  },
});
