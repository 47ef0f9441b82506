/**
 * The playground's browser tests (npm run test:browser, the last stage of npm test): project
 * "playground" runs tests/browser-e2e/*.spec.ts against the playground's Vite dev server on a free
 * loopback port (tests/browser-e2e/port.ts; TEMPO_PLAYGROUND_PORT names one instead), so a run
 * coexists with `npm start` and with another run, in Debian's Chromium with the flags of
 * tests/browser-e2e/chromium.ts, never a downloaded browser. Screenshots of every step go to
 * test-artifacts/browser/; a failure keeps its trace under test-artifacts/browser-results/<port>/ and the
 * HTML report in test-artifacts/browser-report/ (never opened). The live suite is separate
 * (playwright.live.config.ts, npm run test:live).
 */
import { defineConfig } from "@playwright/test";

import { CHROMIUM, CHROMIUM_ARGS } from "./tests/browser-e2e/chromium";
import { playgroundPort } from "./tests/browser-e2e/port";

const PORT = playgroundPort();
const URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  globalSetup: "./tests/browser-e2e/global-setup.ts",
  // Per port, so a second run on the same checkout does not empty this run's traces as it starts.
  outputDir: `test-artifacts/browser-results/${PORT}`,
  reporter: [["list"], ["html", { outputFolder: "test-artifacts/browser-report", open: "never" }]],
  // One Vite server and two shared cores: flows in parallel would only race each other.
  workers: 1,
  fullyParallel: false,
  // On CI a flow that fails is run once more and reported as flaky if it then passes: one focus
  // flow failed once in a fresh clone's run (02:55 UTC, 8 December) and passed 3 of 3 after.
  retries: process.env["CI"] ? 1 : 0,
  // Each flow gets this long unless it says otherwise (the layout flows start every ruleset): the
  // old runner's 30 s per flow, plus the context, the trace and the screenshots on a busy machine.
  timeout: 60_000,
  use: {
    baseURL: URL,
    viewport: { width: 1680, height: 1050 },
    acceptDownloads: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `npx vite --config vite.playground.config.ts --host 127.0.0.1 --port ${PORT} --strictPort --logLevel error`,
    url: URL,
    reuseExistingServer: false,
    timeout: 120_000,
  },
  projects: [{ name: "playground", testDir: "tests/browser-e2e", testMatch: "*.spec.ts" }],
});
