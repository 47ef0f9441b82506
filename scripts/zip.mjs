/**
 * Zip the built system: dist/tempo/** into dist/tempo.zip, under a top folder "tempo/" so that
 * unzipping into Foundry's Data/systems/ gives Data/systems/tempo/system.json (Foundry's own
 * installer also accepts this layout). Source maps stay out of the zip: the bundle's map is
 * copied beside it (dist/tempo.mjs.map), a separate release asset.
 */
import { copyFileSync, readFileSync, readdirSync, statSync, writeFileSync, existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const source = join(root, "dist/tempo");
const target = join(root, "dist/tempo.zip");

/** Run as a script (`node scripts/zip.mjs`), not when a test imports isLeftOut. */
const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain && !existsSync(join(source, "system.json"))) {
  console.error("zip: dist/tempo/system.json is missing; run `vite build` first.");
  process.exit(1);
}

/** Files the zip leaves out: LevelDB's LOCK and source maps. */
export function isLeftOut(name) {
  return name === "LOCK" || name.endsWith(".map");
}

function collect(dir, files) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, files);
    // LevelDB's LOCK file is held open by a running compiler and is recreated on load; source
    // maps are a debugging asset, not part of the installed system.
    else if (!isLeftOut(name))
      files[`tempo/${relative(source, path).split("\\").join("/")}`] = readFileSync(path);
  }
  return files;
}

if (isMain) {
  const files = collect(source, {});
  writeFileSync(target, zipSync(files, { level: 9 }));
  console.log(`zip: ${Object.keys(files).length} files into ${relative(root, target)}`);
  const map = join(source, "tempo.mjs.map");
  if (existsSync(map)) {
    copyFileSync(map, join(root, "dist/tempo.mjs.map"));
    console.log("zip: source map beside it in dist/tempo.mjs.map");
  }
}
