/**
 * Zip the built system: dist/tempo/** into dist/tempo.zip, under a top folder "tempo/" so that
 * unzipping into Foundry's Data/systems/ gives Data/systems/tempo/system.json (Foundry's own
 * installer also accepts this layout).
 */
import { readFileSync, readdirSync, statSync, writeFileSync, existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const source = join(root, "dist/tempo");
const target = join(root, "dist/tempo.zip");

if (!existsSync(join(source, "system.json"))) {
  console.error("zip: dist/tempo/system.json is missing; run `vite build` first.");
  process.exit(1);
}

function collect(dir, files) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, files);
    // LevelDB's LOCK file is held open by a running compiler and is recreated on load.
    else if (name !== "LOCK")
      files[`tempo/${relative(source, path).split("\\").join("/")}`] = readFileSync(path);
  }
  return files;
}

const files = collect(source, {});
writeFileSync(target, zipSync(files, { level: 9 }));
console.log(`zip: ${Object.keys(files).length} files into ${relative(root, target)}`);
