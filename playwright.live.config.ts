/**
 * The live suite's Playwright configuration (npm run test:live, scripts/test-live.mjs): one
 * project per Foundry build the script was given (TEMPO_LIVE_BUILDS), each booting its own server
 * (tests/live/fixtures.ts). Debian's Chromium, never a downloaded browser; one worker, as every
 * flow opens four tabs on one server. A failure keeps its trace and the HTML report.
 */
import { defineConfig } from "@playwright/test";

import type { LiveBuild } from "./tests/live/fixtures";

const builds = JSON.parse(process.env["TEMPO_LIVE_BUILDS"] ?? "[]") as LiveBuild[];

// The worker option `build` (tests/live/fixtures.ts) is set per project.
export default defineConfig<object, { build: LiveBuild }>({
  testDir: "tests/live",
  testMatch: "*.spec.ts",
  outputDir: "test-artifacts/live/results",
  reporter: [["list"], ["html", { outputFolder: "test-artifacts/live/report", open: "never" }]],
  workers: 1,
  fullyParallel: false,
  // A flow boots a world and joins four users: minutes on a slow machine, never a measured budget.
  timeout: 300_000,
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium" },
  },
  projects: builds.map((build, index) => ({
    name: `foundry-${index + 1}`,
    use: { build },
  })),
});
