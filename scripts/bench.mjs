#!/usr/bin/env node
/**
 * `npm run bench`: bench/run.ts, timed as the system ships. Foundry loads one bundle (dist/tempo/
 * tempo.mjs) with mutative's production build (vite.config.ts BUNDLE_DEFINES), so the benchmark is
 * bundled the same way first (esbuild, one ES module, process.env.NODE_ENV "production") and then
 * run with `--expose-gc` (bench/scale.ts collects garbage before each timing). Run through tsx
 * instead, module by module, every import is a getter call between modules, which no table ever
 * runs: flow's hit at N = 200 then took 0.100 ms against 0.072 ms bundled (28 November 2026).
 *
 *   npm run bench
 *   npm run bench -- bench/views.ts     (one bench file alone, bundled the same way)
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { tsImport } from "tsx/esm/api";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// The system bundle's own defines, read from its config: the bench is bundled as the system is.
const { BUNDLE_DEFINES } = await tsImport(join(ROOT, "vite.config.ts"), import.meta.url);
const dir = mkdtempSync(join(tmpdir(), "tempo-bench-"));
const outfile = join(dir, "bench.mjs");
// A bench file named first (bench/views.ts) runs alone; otherwise the whole of bench/run.ts.
const args = process.argv.slice(2);
const entry = args[0]?.endsWith(".ts") ? resolve(ROOT, args[0]) : join(ROOT, "bench/run.ts");
try {
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    define: BUNDLE_DEFINES,
    outfile,
    logLevel: "warning",
  });
  const run = spawnSync(process.execPath, ["--expose-gc", outfile, ...args], {
    stdio: "inherit",
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
