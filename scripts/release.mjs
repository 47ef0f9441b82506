/**
 * Stamp and pack a release of the built system, as the release workflow does
 * (.github/workflows/release.yml calls this very command):
 *
 *   npm run release -- --repo OWNER/NAME --tag vX.Y.Z
 *
 * `npm run release` builds first (`npm run build`: dist/tempo), then this script writes
 * dist/release/:
 *
 * - system.json: the built manifest with `version` from the tag, `manifest` pointing at the latest
 *   release's system.json (so an installed Tempo finds its updates), `download` at this release's
 *   zip, and `url`, `bugs`, `changelog`, `readme` and `license` on the repository at this tag;
 * - tempo.zip: the built system under one folder named by the manifest's id (`tempo/`), with the
 *   stamped system.json and the LICENSE;
 * - notes.md: this version's section of CHANGELOG.md, for the release's description.
 *
 * It refuses (exit 1, the reason on stderr, nothing written) when the tag is not `v` and a
 * semantic version, when the tag, package.json's version and system.json's version disagree,
 * when CHANGELOG.md has no section for the version, or when the build is missing.
 * docs/releasing.md says how a release is cut.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { zipSync } from "fflate";
import semver from "semver";

import { isLeftOut } from "./zip.mjs";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
/** The zip's file name, as `download` names it. */
export const ZIP_NAME = "tempo.zip";

/** A refusal: the release stops with this message. */
export class ReleaseError extends Error {
  constructor(message) {
    super(message);
    this.name = "ReleaseError";
  }
}

/** GitHub's `owner/name`: letters, digits, `-`, `_` and `.`, one slash. */
const REPO = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

/** The version a tag names: `v1.2.3` gives `1.2.3`; anything else is refused. */
export function versionOfTag(tag) {
  const match = /^v(.+)$/.exec(tag ?? "");
  const version = match ? semver.valid(match[1]) : null;
  if (!match || version === null || version !== match[1])
    throw new ReleaseError(`the tag "${tag ?? ""}" is not "v" followed by a semantic version (v1.2.3)`);
  return version;
}

/** Check `owner/name`. */
export function checkRepo(repo) {
  if (typeof repo !== "string" || !REPO.test(repo) || repo.includes(".."))
    throw new ReleaseError(`the repository "${repo ?? ""}" is not GitHub's OWNER/NAME`);
  return repo;
}

/**
 * This version's section of a Keep a Changelog text: the lines under `## [X.Y.Z]` (a date may
 * follow) up to the next `## ` heading. Refused when there is no such section or it says nothing.
 */
export function changelogEntry(text, version) {
  const lines = text.split(/\r?\n/);
  const heading = new RegExp(`^## \\[${version.replace(/[.+]/g, "\\$&")}\\](?:\\s|$)`);
  const start = lines.findIndex((line) => heading.test(line));
  if (start < 0)
    throw new ReleaseError(
      `CHANGELOG.md has no section "## [${version}]": move the Unreleased changes under it first (npm run changelog -- ${version})`,
    );
  const end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  const body = lines.slice(start + 1, end < 0 ? lines.length : end);
  // A link reference list at the end of the file is not part of the section.
  while (body.length > 0 && (/^\s*$/.test(body.at(-1)) || /^\[[^\]]+\]: /.test(body.at(-1)))) body.pop();
  if (!body.some((line) => /\S/.test(line)))
    throw new ReleaseError(`CHANGELOG.md's section "## [${version}]" is empty`);
  return `${body.join("\n").trim()}\n`;
}

/**
 * The manifest as released: a copy of the built one with the version and the addresses of this
 * repository and tag. Every other field (id, compatibility, packs ...) is kept as built.
 */
export function stampManifest(manifest, { repo, tag }) {
  const version = versionOfTag(tag);
  checkRepo(repo);
  const home = `https://github.com/${repo}`;
  return {
    ...manifest,
    version,
    url: home,
    manifest: `${home}/releases/latest/download/system.json`,
    download: `${home}/releases/download/${tag}/${ZIP_NAME}`,
    bugs: `${home}/issues`,
    changelog: `${home}/blob/${tag}/CHANGELOG.md`,
    readme: `${home}/blob/${tag}/README.md`,
    license: `${home}/blob/${tag}/LICENSE`,
  };
}

/** The tag, package.json and the repository's system.json must name one version. */
export function checkVersions(tag, packageVersion, manifestVersion) {
  const version = versionOfTag(tag);
  if (packageVersion !== version)
    throw new ReleaseError(`the tag ${tag} says ${version} but package.json's version is ${packageVersion}`);
  if (manifestVersion !== version)
    throw new ReleaseError(`the tag ${tag} says ${version} but system.json's version is ${manifestVersion}`);
  return version;
}

/** Every file of the built system folder, by its path inside it, as zip.mjs leaves them. */
function collect(dir, base, files) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) collect(path, base, files);
    else if (!isLeftOut(name)) files[relative(base, path).split("\\").join("/")] = readFileSync(path);
  }
  return files;
}

/** Make dist/release from the build in `dist` (default: the repository's dist/). */
export function release({ repo, tag, root = ROOT, dist = join(root, "dist") }) {
  checkRepo(repo);
  const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
  const pkg = readJson(join(root, "package.json"));
  const source = readJson(join(root, "system.json"));
  const version = checkVersions(tag, pkg.version, source.version);
  const notes = changelogEntry(readFileSync(join(root, "CHANGELOG.md"), "utf8"), version);
  const built = join(dist, "tempo");
  if (!existsSync(join(built, "system.json")))
    throw new ReleaseError(`${relative(root, built)}/system.json is missing: run npm run build first`);
  const stamped = stampManifest(readJson(join(built, "system.json")), { repo, tag });
  const text = `${JSON.stringify(stamped, null, 2)}\n`;

  const files = {};
  for (const [path, data] of Object.entries(collect(built, built, {}))) files[`${stamped.id}/${path}`] = data;
  files[`${stamped.id}/system.json`] = new TextEncoder().encode(text);
  files[`${stamped.id}/LICENSE`] = readFileSync(join(root, "LICENSE"));

  const out = join(dist, "release");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "system.json"), text);
  writeFileSync(join(out, ZIP_NAME), zipSync(files, { level: 9 }));
  writeFileSync(join(out, "notes.md"), notes);
  return { out, manifest: stamped, files: Object.keys(files) };
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  try {
    const { values } = parseArgs({
      options: { repo: { type: "string" }, tag: { type: "string" } },
      strict: true,
    });
    if (!values.repo || !values.tag)
      throw new ReleaseError("usage: npm run release -- --repo OWNER/NAME --tag vX.Y.Z");
    const { out, manifest, files } = release({ repo: values.repo, tag: values.tag });
    console.log(`release: ${manifest.id} ${manifest.version} for ${values.repo}`);
    console.log(`release: ${relative(ROOT, join(out, "system.json"))} (manifest ${manifest.manifest})`);
    console.log(`release: ${relative(ROOT, join(out, ZIP_NAME))} (${files.length} files; download ${manifest.download})`);
  } catch (error) {
    if (!(error instanceof ReleaseError) && !(error instanceof TypeError)) throw error;
    // parseArgs throws a TypeError for an unknown option.
    console.error(`release refused: ${error.message}`);
    process.exit(1);
  }
}
