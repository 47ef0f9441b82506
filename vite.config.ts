/**
 * The system build: src/tempo.ts in library mode into dist/tempo/tempo.mjs, with system.json,
 * lang/ and templates/ copied beside it and styles/tempo.css built into dist/tempo/tempo.css
 * (its @import lines inlined). Packs are compiled by scripts/build-packs.mjs into dist/tempo/packs
 * and the zip is made by scripts/zip.mjs (`npm run build` runs all three).
 *
 * `npx vite` serves the system for a local Foundry: open http://localhost:30001 instead of
 * :30000. Everything but /systems/tempo/ is proxied to Foundry on port 30000 (its websocket
 * included); /systems/tempo/tempo.mjs is the live source, so changes show on reload.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { OutputPlugin } from "rollup";
import { defineConfig, transformWithEsbuild, type Plugin } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));
const outDir = resolve(root, "dist/tempo");
/**
 * Libraries that branch on `process.env.NODE_ENV` (mutative: its development checks and error
 * texts) have it replaced by "production" in the bundle. Vite's library mode leaves `process.env`
 * in place for a downstream bundler, but Foundry loads tempo.mjs as it is, in a browser that has no
 * `process`: left in, the bundle threw a ReferenceError as it loaded (tests/foundry/core/bundle.test.ts).
 */
export const BUNDLE_DEFINES = { "process.env.NODE_ENV": JSON.stringify("production") };
const BASE = "/systems/tempo/";
const FOUNDRY = "http://localhost:30000";

/** CSS with its `@import "x.css";` lines replaced by the files' contents, recursively. */
export function inlineCss(file: string, seen: Set<string> = new Set()): string {
  if (seen.has(file)) return "";
  seen.add(file);
  const css = readFileSync(file, "utf8");
  return css.replace(/^\s*@import\s+(?:url\()?["']([^"']+)["']\)?\s*;\s*$/gm, (_line, path: string) =>
    inlineCss(resolve(dirname(file), path), seen),
  );
}

/** Copy the system's static files next to the bundle and build tempo.css, in the build's outDir. */
function systemFiles(): Plugin {
  let outDir = "";
  return {
    name: "tempo-system-files",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      mkdirSync(outDir, { recursive: true });
      cpSync(join(root, "system.json"), join(outDir, "system.json"));
      for (const folder of ["lang", "templates"]) {
        if (existsSync(join(root, folder)))
          cpSync(join(root, folder), join(outDir, folder), { recursive: true });
      }
      const styles = join(root, "styles/tempo.css");
      writeFileSync(join(outDir, "tempo.css"), existsSync(styles) ? inlineCss(styles) : "");
    },
  };
}

/**
 * Minify the bundle's whitespace too. Vite's library mode keeps whitespace in ES output so that
 * another bundler can still tree-shake it; tempo.mjs is loaded by Foundry as it is, so it is
 * minified fully (esbuild, through Vite's own helper) and its source map follows the change.
 */
export function minifyBundle(): OutputPlugin {
  return {
    name: "tempo-minify-bundle",
    async renderChunk(code, chunk) {
      const out = await transformWithEsbuild(code, chunk.fileName, {
        minify: true,
        // Foundry reads class names (a sheet registers as "tempo.<ClassName>"), so they stay.
        keepNames: true,
        format: "esm",
        target: "es2022",
        sourcemap: true,
      });
      return { code: out.code, map: out.map };
    },
  };
}

/** In the dev server, Foundry's requests for the built files get the sources. */
function devEntry(): Plugin {
  const rewrites: Record<string, string> = {
    [`${BASE}tempo.mjs`]: `${BASE}src/tempo.ts`,
    [`${BASE}tempo.css`]: `${BASE}styles/tempo.css`,
  };
  return {
    name: "tempo-dev-entry",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path = "", query] = (req.url ?? "").split("?");
        const target = rewrites[path];
        if (target) req.url = query ? `${target}?${query}` : target;
        next();
      });
    },
  };
}

export default defineConfig({
  root,
  base: BASE,
  publicDir: false,
  plugins: [systemFiles(), devEntry()],
  define: BUNDLE_DEFINES,
  server: {
    port: 30001,
    proxy: {
      // Foundry's websocket first: the catch-all below would take it as plain HTTP.
      "/socket.io": { target: FOUNDRY.replace("http", "ws"), ws: true },
      [`^(?!${BASE})`]: { target: FOUNDRY, changeOrigin: true },
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // The release carries a minified bundle (see minifyBundle); the map is written beside it
    // without a sourceMappingURL comment ("hidden"), and scripts/zip.mjs keeps it out of the zip
    // and puts it next to the zip as its own asset (dist/tempo.mjs.map).
    sourcemap: "hidden",
    target: "es2022",
    // Vite's own minifier leaves whitespace in library ES output; minifyBundle does the whole job.
    minify: false,
    lib: {
      entry: resolve(root, "src/tempo.ts"),
      formats: ["es"],
      fileName: () => "tempo.mjs",
    },
    // An output plugin, so that it runs after Vite's own chunk transform (which would print the
    // whitespace back).
    rollupOptions: { output: { inlineDynamicImports: true, plugins: [minifyBundle()] } },
  },
});
