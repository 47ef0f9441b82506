/**
 * npm run test:live: the flows of tests/flows run in a real Foundry VTT server (tests/live).
 *
 * Foundry is licensed software, so this runs only where a maintainer provides a build:
 *   FOUNDRY_ZIP          a Foundry VTT Node.js build's zip (v13 and/or v14; several joined by ":")
 *   FOUNDRY_PATH         or an unpacked one (the folder holding main.mjs or main.js; several joined by ":")
 *   FOUNDRY_LICENSE_KEY  the licence key the temporary data folder is signed with (signing needs
 *                        internet access to Foundry's licence server), or
 *   FOUNDRY_LICENSE_JSON a Config/license.json already signed on this host (reused as it is)
 *   FOUNDRY_QUENCH       optional: the Quench module (folder or zip) to run Tempo's Quench batches
 *   CHROMIUM_PATH        the browser (default Debian's /usr/bin/chromium; nothing is downloaded)
 * Without a build (or a key or signed licence, or the browser) it prints what it needs and exits 0, skipped.
 * With them it builds Tempo (npm run build: dist/tempo), then runs @playwright/test with
 * playwright.live.config.ts, one project per build; its exit code is Playwright's.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const env = process.env;
const list = (value) => (value ?? "").split(delimiter).filter((entry) => entry.trim() !== "");
const builds = [
  ...list(env.FOUNDRY_ZIP).map((zip) => ({ zip: resolve(zip) })),
  ...list(env.FOUNDRY_PATH).map((path) => ({ path: resolve(path) })),
];
const chromium = env.CHROMIUM_PATH || "/usr/bin/chromium";
// A Node build starts from main.mjs or main.js (public launch lines for v13 and v14 show both).
const hasEntry = (folder) =>
  [folder, join(folder, "resources", "app")].some((app) =>
    ["main.mjs", "main.js"].some((entry) => existsSync(join(app, entry))),
  );

const missing = [];
if (builds.length === 0)
  missing.push("FOUNDRY_ZIP or FOUNDRY_PATH: a licensed Foundry VTT Node.js build (v13 and/or v14), zipped or unpacked");
if (!env.FOUNDRY_LICENSE_KEY && !env.FOUNDRY_LICENSE_JSON)
  missing.push(
    "FOUNDRY_LICENSE_KEY: the licence key of that build (signing it needs internet access to Foundry's licence server), " +
      "or FOUNDRY_LICENSE_JSON: a Config/license.json already signed on this host",
  );
if (env.FOUNDRY_LICENSE_JSON && !existsSync(env.FOUNDRY_LICENSE_JSON))
  missing.push(`FOUNDRY_LICENSE_JSON: ${env.FOUNDRY_LICENSE_JSON} does not exist`);
if (!existsSync(chromium)) missing.push(`CHROMIUM_PATH: a Chromium (${chromium} does not exist)`);
for (const build of builds) {
  const where = build.zip ?? build.path;
  if (!existsSync(where)) missing.push(`${build.zip ? "FOUNDRY_ZIP" : "FOUNDRY_PATH"}: ${where} does not exist`);
  else if (build.path && !hasEntry(build.path))
    missing.push(`FOUNDRY_PATH: no main.mjs or main.js in ${build.path} or its resources/app (a Node.js build is needed)`);
}

if (missing.length > 0) {
  console.log("test:live skipped: no Foundry server can run without a licensed build. It needs:");
  for (const need of missing) console.log(`  - ${need}`);
  console.log("See docs/testing.md, \"The live suite\".");
  process.exit(0);
}

if (!env.FOUNDRY_QUENCH)
  console.log(
    "test:live: Quench not given (FOUNDRY_QUENCH): Tempo's Quench batches will be reported as skipped. " +
      "See docs/testing.md, \"Quench batches\", for the build that installs on v13.",
  );
else if (!existsSync(env.FOUNDRY_QUENCH)) {
  console.log(`test:live: FOUNDRY_QUENCH: ${env.FOUNDRY_QUENCH} does not exist`);
  process.exit(1);
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
