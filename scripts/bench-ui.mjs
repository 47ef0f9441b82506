#!/usr/bin/env node
/**
 * `npm run bench:ui`: the playground's page timed in Chromium (issue 31). Builds the playground for
 * production (vite build --config vite.playground.config.ts, into dist-playground/), serves it with
 * `vite preview` on a free loopback port (the config's middleware serves the system's lang/,
 * templates/ and styles/ under /systems/tempo/ as the dev server does), then runs bench/ui/run.ts:
 * Debian's Chromium plays each command at N = 6, 50 and 200 with raw input and the table is
 * printed, then the Start's figures and, last, `inp: <ms> at N=200 (<command>)`,
 * `busy: <ms> at N=200 (<command>)` and `idle: <percent> at N=200` (issue 45).
 * docs/performance.md ("The page") says what each figure is.
 *
 *   npm run bench:ui [-- --pages 4 --turns 3 --rulesets flow,phases]
 */
import { createServer } from "node:net";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { tsImport } from "tsx/esm/api";
import { build, preview } from "vite";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CONFIG = join(ROOT, "vite.playground.config.ts");

const { values } = parseArgs({
  options: { pages: { type: "string" }, turns: { type: "string" }, rulesets: { type: "string" } },
});
const count = (text, fallback) => {
  const value = Number(text ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`bench:ui: not a count: ${text}`);
  return value;
};

/** A port nobody listens on now, on the loopback interface. */
function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

const began = Date.now();
await build({ configFile: CONFIG, logLevel: "error" });
const port = await freePort();
const server = await preview({
  configFile: CONFIG,
  logLevel: "error",
  preview: { host: "127.0.0.1", port, strictPort: true, open: false },
});
try {
  const { runUiBench } = await tsImport(join(ROOT, "bench/ui/run.ts"), import.meta.url);
  console.log(
    `bench:ui: the production playground at http://127.0.0.1:${port} (built in ${((Date.now() - began) / 1000).toFixed(1)} s); ` +
      `${availableParallelism()} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
  );
  const lines = await runUiBench({
    baseUrl: `http://127.0.0.1:${port}`,
    // Pages per ruleset and N; N = 200 gets twice as many (bench/ui/run.ts BIG_PAGES).
    pages: count(values.pages, 4),
    turns: count(values.turns, 3),
    ...(values.rulesets ? { rulesets: values.rulesets.split(",") } : {}),
  });
  console.log(`(${((Date.now() - began) / 1000).toFixed(0)} s in all)`);
  for (const line of lines) console.log(line);
} finally {
  await new Promise((done) => server.httpServer.close(done));
}
