/**
 * Move CHANGELOG.md's Unreleased changes under a new version, the step before tagging a release
 * (docs/releasing.md):
 *
 *   npm run changelog -- 0.3.0                  dated today (UTC)
 *   npm run changelog -- 0.3.0 --date 2026-12-01
 *
 * The Unreleased section is left empty, at the top, for the next changes. Refused (exit 1,
 * nothing written) when the version is not a semantic version, is not newer than the latest
 * version in the changelog, already has a section, or when Unreleased says nothing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import semver from "semver";

import { ReleaseError } from "./release.mjs";

const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");

/** The changelog with Unreleased's lines moved under `## [version] - date`. */
export function moveUnreleased(text, version, date) {
  if (semver.valid(version) !== version) throw new ReleaseError(`"${version}" is not a semantic version (1.2.3)`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new ReleaseError(`"${date}" is not a date (YYYY-MM-DD)`);
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => /^## \[Unreleased\]\s*$/i.test(line));
  if (start < 0) throw new ReleaseError('CHANGELOG.md has no "## [Unreleased]" section');
  const next = lines.findIndex((line, i) => i > start && /^## /.test(line));
  const end = next < 0 ? lines.length : next;
  const released = lines
    .map((line) => /^## \[([^\]]+)\]/.exec(line)?.[1])
    .filter((v) => v !== undefined && semver.valid(v) === v);
  if (released.includes(version)) throw new ReleaseError(`CHANGELOG.md already has a section for ${version}`);
  const newest = released.sort(semver.rcompare)[0];
  if (newest !== undefined && !semver.gt(version, newest))
    throw new ReleaseError(`${version} is not newer than ${newest}, the latest version in CHANGELOG.md`);
  const body = lines.slice(start + 1, end);
  while (body.length > 0 && !/\S/.test(body[0])) body.shift();
  while (body.length > 0 && !/\S/.test(body.at(-1))) body.pop();
  if (body.length === 0) throw new ReleaseError("CHANGELOG.md's Unreleased section is empty: nothing to release");
  return [
    ...lines.slice(0, start + 1),
    "",
    `## [${version}] - ${date}`,
    "",
    ...body,
    "",
    ...lines.slice(end),
  ].join("\n");
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain) {
  try {
    const { values, positionals } = parseArgs({
      options: { date: { type: "string" } },
      allowPositionals: true,
      strict: true,
    });
    const [version] = positionals;
    if (!version || positionals.length !== 1)
      throw new ReleaseError("usage: npm run changelog -- X.Y.Z [--date YYYY-MM-DD]");
    const path = join(ROOT, "CHANGELOG.md");
    const date = values.date ?? new Date().toISOString().slice(0, 10);
    writeFileSync(path, moveUnreleased(readFileSync(path, "utf8"), version, date));
    console.log(`changelog: Unreleased moved under ${version} (${date}) in CHANGELOG.md`);
  } catch (error) {
    if (!(error instanceof ReleaseError) && !(error instanceof TypeError)) throw error;
    console.error(`changelog refused: ${error.message}`);
    process.exit(1);
  }
}
