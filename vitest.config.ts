import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    environment: "node",
    // Property tests run from a fixed, printed, replayable seed (FC_SEED; docs/testing.md).
    setupFiles: ["tests/support/fast-check.ts"],
  },
});
