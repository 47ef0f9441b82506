/**
 * Compile the compendium packs: packs/_source/<pack>/*.yml (one file per document, embedded
 * documents inline with their own `_key`) into LevelDB at dist/tempo/packs/<pack>, for every pack
 * system.json lists. Run by `npm run build` after `vite build`; the output is not kept in git.
 *
 *   node scripts/build-packs.mjs
 *
 * Fails (exit 1) when a pack in system.json has no source folder, or a source folder is not in
 * system.json, so the manifest and the sources cannot drift apart.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { compilePack } from "@foundryvtt/foundryvtt-cli";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const sources = join(root, "packs/_source");
const out = join(root, "dist/tempo");

const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8"));
const packs = manifest.packs ?? [];
const folders = existsSync(sources)
  ? readdirSync(sources, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const problems = [];
for (const pack of packs) if (!folders.includes(pack.name)) problems.push(`system.json lists ${pack.name} but packs/_source/${pack.name} is missing`);
for (const name of folders) if (!packs.some((p) => p.name === name)) problems.push(`packs/_source/${name} is not a pack in system.json`);
if (problems.length > 0) {
  for (const p of problems) console.error(`build-packs: ${p}`);
  process.exit(1);
}

for (const pack of packs) {
  const dest = join(out, pack.path);
  // compilePack keeps what is already in the database; start clean so removed sources go away.
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  await compilePack(join(sources, pack.name), dest, { yaml: true, log: false });
  const count = readdirSync(join(sources, pack.name)).filter((f) => f.endsWith(".yml")).length;
  console.log(`build-packs: ${pack.name} (${pack.type}) <- ${count} source files`);
}
