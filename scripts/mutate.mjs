/**
 * `npm run mutate [-- stryker options]`: StrykerJS over src/engine (stryker.config.mjs), with its
 * incremental results kept in the repository, so that one session's mutation testing goes on from
 * where the last one stopped instead of starting over on a fresh clone.
 *
 * - Before the run, `mutation/incremental.json.gz` (committed) becomes Stryker's incremental file
 *   (`reports/stryker-incremental.json`, gitignored), unless a newer one is already there.
 * - Stryker reuses every result whose code and covering tests did not change, tests the rest, and
 *   keeps the results of files a scoped run (`--mutate`) left out (its incremental differ carries
 *   them over), so scoped runs add up to the whole engine.
 * - After the run the incremental file is compressed back into `mutation/incremental.json.gz`, to
 *   be committed with the tests it measured.
 *
 * Stryker writes the incremental file only when a run finishes: a run stopped halfway keeps
 * nothing, so on a slow machine run the engine a folder or a few files at a time (docs/testing.md).
 * An unscoped run needs a large heap for its initial test run (below): about 13 GB.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { totalmem } from "node:os";
import { dirname } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";

const STORED = "mutation/incremental.json.gz";
const LIVE = "reports/stryker-incremental.json";

const newer = (a, b) => existsSync(a) && (!existsSync(b) || statSync(a).mtimeMs > statSync(b).mtimeMs);

if (newer(STORED, LIVE)) {
  mkdirSync(dirname(LIVE), { recursive: true });
  writeFileSync(LIVE, gunzipSync(readFileSync(STORED)));
  console.log(`mutate: incremental results from ${STORED}`);
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);
const before = mtime(LIVE);

// An unscoped run instruments the whole engine at once (some 11,000 mutants) and its initial test
// run keeps per-test coverage of every one: on 26 November 2026 its test runner peaked at about
// 12.6 GB and died out of memory under Node's default heap and under an 8 GB one. Give the runners
// most of the machine's memory unless the caller set a heap of their own (NODE_OPTIONS).
const env = { ...process.env };
if (!/--max-old-space-size/.test(env.NODE_OPTIONS ?? "")) {
  const heapMb = Math.floor((totalmem() / 2 ** 20) * 0.75);
  env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --max-old-space-size=${heapMb}`.trim();
}

const run = spawnSync("npx", ["stryker", "run", ...process.argv.slice(2)], {
  stdio: "inherit",
  shell: process.platform === "win32",
  env,
});

// Stryker wrote new results (a finished run): keep them.
if (mtime(LIVE) > before) {
  mkdirSync(dirname(STORED), { recursive: true });
  writeFileSync(STORED, gzipSync(readFileSync(LIVE), { level: 9 }));
  console.log(`mutate: incremental results kept in ${STORED} (commit it with the tests it measured)`);
}

process.exit(run.status ?? 1);
