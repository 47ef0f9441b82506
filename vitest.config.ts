import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    // Property tests run from a fixed, printed, replayable seed (FC_SEED; docs/testing.md).
    setupFiles: ["tests/support/fast-check.ts", "tests/support/engine-checks.ts"],
    // Property tests drive whole encounters for many cases; on a loaded 2-core machine one takes
    // several seconds, so Vitest's 5 s default would fail good code on timing alone.
    testTimeout: 30_000,
  },
});
