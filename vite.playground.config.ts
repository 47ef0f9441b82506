/**
 * The playground: Tempo's engine, views and Handlebars templates in a plain browser page, no Foundry.
 * `npm start` builds the system, then serves this config. The page lives in src/playground; the
 * system's own files (lang/, templates/, styles/) are served under /systems/tempo/ exactly as
 * Foundry serves them, so src/views/templates.ts paths work unchanged.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
/** A short name for this checkout, for its own dependency cache. */
const checkoutId = createHash("sha256").update(repoRoot).digest("hex").slice(0, 12);
const SYSTEM_PREFIX = "/systems/tempo/";
/** Only the folders a Foundry client would fetch from the system: nothing else of the repo is exposed. */
const SERVED = ["lang", "templates", "styles", "assets", "icons"];
const TYPES: Record<string, string> = {
  ".json": "application/json; charset=utf-8",
  ".hbs": "text/x-handlebars-template; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
};

/**
 * Serve the system's files under /systems/tempo/, always fresh (templates land while the page runs),
 * from the dev server and from `vite preview` of the production build (npm run bench:ui).
 */
function systemFiles(): Plugin {
  return {
    name: "tempo-system-files",
    configureServer(server) {
      server.middlewares.use(serveSystemFile);
    },
    configurePreviewServer(server) {
      server.middlewares.use(serveSystemFile);
    },
  };
}

function serveSystemFile(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const url = (req.url ?? "").split("?")[0] ?? "";
  if (!url.startsWith(SYSTEM_PREFIX)) return next();
  const rel = normalize(decodeURIComponent(url.slice(SYSTEM_PREFIX.length)));
  const top = rel.split(/[\\/]/)[0] ?? "";
  const file = resolve(repoRoot, rel);
  if (
    !SERVED.includes(top) ||
    !file.startsWith(join(repoRoot, top) + sep) ||
    !existsSync(file) ||
    !statSync(file).isFile()
  ) {
    res.statusCode = 404;
    res.end("not found");
    return;
  }
  res.setHeader("Content-Type", TYPES[extname(file)] ?? "application/octet-stream");
  res.setHeader("Cache-Control", "no-store");
  createReadStream(file).pipe(res);
}

export default defineConfig({
  root: fileURLToPath(new URL("./src/playground", import.meta.url)),
  plugins: [systemFiles()],
  clearScreen: false,
  // Vite's pre-bundled dependencies are written under node_modules, out of the linted tree (issue
  // 30: a cache in the checkout failed `npm test` at lint after `npm start`), in a folder named
  // for this checkout: node_modules may be shared by several checkouts, and one server must not
  // rewrite the bundles another is serving.
  cacheDir: join(repoRoot, "node_modules", ".vite", `playground-${checkoutId}`),
  server: { port: 5173, host: "127.0.0.1", fs: { allow: [repoRoot] } },
  build: { outDir: fileURLToPath(new URL("./dist-playground", import.meta.url)), emptyOutDir: true },
});
