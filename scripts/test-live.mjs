/**
 * npm run test:live: the flows of tests/flows run in a real Foundry VTT server (tests/live).
 *
 * Foundry is licensed software, so this runs only where a maintainer provides a build:
 *   FOUNDRY_ZIP          a Foundry VTT Node.js build's zip (v13 and/or v14; several joined by ":")
 *   FOUNDRY_PATH         or an unpacked one (the folder holding main.js; several joined by ":")
 *   FOUNDRY_LICENSE_KEY  the licence key the temporary data folder is signed with
 *   CHROMIUM_PATH        the browser (default Debian's /usr/bin/chromium; nothing is downloaded)
 * Without a build (or the key, or the browser) it prints what it needs and exits 0, skipped.
 * With them it builds Tempo (npm run build: dist/tempo), then runs @playwright/test with
 * playwright.live.config.ts, one project per build; its exit code is Playwright's.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const env = process.env;
const list = (value) => (value ?? "").split(delimiter).filter((entry) => entry.trim() !== "");
const builds = [
  ...list(env.FOUNDRY_ZIP).map((zip) => ({ zip: resolve(zip) })),
  ...list(env.FOUNDRY_PATH).map((path) => ({ path: resolve(path) })),
];
const chromium = env.CHROMIUM_PATH || "/usr/bin/chromium";

const missing = [];
if (builds.length === 0)
  missing.push("FOUNDRY_ZIP or FOUNDRY_PATH: a licensed Foundry VTT Node.js build (v13 and/or v14), zipped or unpacked");
if (!env.FOUNDRY_LICENSE_KEY) missing.push("FOUNDRY_LICENSE_KEY: the licence key of that build");
if (!existsSync(chromium)) missing.push(`CHROMIUM_PATH: a Chromium (${chromium} does not exist)`);
for (const build of builds) {
  const where = build.zip ?? build.path;
  if (!existsSync(where)) missing.push(`${build.zip ? "FOUNDRY_ZIP" : "FOUNDRY_PATH"}: ${where} does not exist`);
}

if (missing.length > 0) {
  console.log("test:live skipped: no Foundry server can run without a licensed build. It needs:");
  for (const need of missing) console.log(`  - ${need}`);
  console.log("See docs/testing.md, \"The live suite\".");
  process.exit(0);
}

const run = (command, args, extra = {}) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extra } }).status ?? 1;

if (!env.TEMPO_LIVE_NO_BUILD) {
  const built = run("npm", ["run", "build"]);
  if (built !== 0) process.exit(built);
}
const status = run(
  "npx",
  ["playwright", "test", "--config", "playwright.live.config.ts", ...process.argv.slice(2)],
  { TEMPO_LIVE_BUILDS: JSON.stringify(builds), CHROMIUM_PATH: chromium },
);
process.exit(status);
