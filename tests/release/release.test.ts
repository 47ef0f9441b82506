/**
 * The release as the workflow makes it: `npm run release -- --repo example/tempo --tag v0.2.0`
 * run once (it builds, then stamps and zips into dist/release), and what it wrote checked against
 * what Foundry reads from a manifest and a package zip:
 *
 * - the manifest fields of a system (SystemManifestData,
 *   https://foundryvtt.com/api/v13/interfaces/foundry.packages.types.SystemManifestData.html):
 *   `id` lower-case without spaces or special characters, `title`, `version`, `compatibility`,
 *   `esmodules`, `styles`, `languages`, `packs` (PackageCompendiumData), `documentTypes`,
 *   `relationships`; `manifest` "which provides the latest available package manifest file.
 *   Required in order to support package updates"; `download` "where the source files for this
 *   package may be downloaded. Required in order to support package installation";
 * - the system folder: a system lives in `Data/systems/<id>/` with its `system.json` at the folder's
 *   root (https://foundryvtt.com/article/system-development/), so the zip holds one folder named by
 *   the id, with system.json at its root and every file the manifest lists inside it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "../..");
const OUT = join(ROOT, "dist/release");
const REPO = "example/tempo";
const TAG = "v0.2.0";

interface Release {
  changelogEntry(text: string, version: string): string;
  stampManifest(
    manifest: Record<string, unknown>,
    where: { repo: string; tag: string },
  ): Record<string, unknown>;
  versionOfTag(tag: string): string;
  checkRepo(repo: string): string;
  checkVersions(tag: string, packageVersion: string, manifestVersion: string): string;
}
interface Changelog {
  moveUnreleased(text: string, version: string, date: string): string;
}

// @ts-expect-error: a plain Node script without type declarations
const script = (await import("../../scripts/release.mjs")) as Release;
// @ts-expect-error: a plain Node script without type declarations
const changelog = (await import("../../scripts/release-changelog.mjs")) as Changelog;

const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
let manifest: Record<string, unknown> = {};
let zip: Record<string, Uint8Array> = {};

beforeAll(() => {
  execFileSync("npm", ["run", "--silent", "release", "--", "--repo", REPO, "--tag", TAG], {
    cwd: ROOT,
    stdio: "pipe",
  });
  manifest = JSON.parse(readFileSync(join(OUT, "system.json"), "utf8")) as Record<string, unknown>;
  zip = unzipSync(new Uint8Array(readFileSync(join(OUT, "tempo.zip"))));
}, 240_000);

/** The fields of SystemManifestData (the v13 and v14 pages list the same names). */
const SYSTEM_MANIFEST_FIELDS = [
  "authors",
  "background",
  "bugs",
  "changelog",
  "compatibility",
  "description",
  "documentTypes",
  "download",
  "esmodules",
  "exclusive",
  "flags",
  "grid",
  "id",
  "initiative",
  "languages",
  "license",
  "manifest",
  "media",
  "packFolders",
  "packs",
  "persistentStorage",
  "primaryTokenAttribute",
  "protected",
  "readme",
  "relationships",
  "scripts",
  "secondaryTokenAttribute",
  "socket",
  "styles",
  "title",
  "url",
  "version",
];
/** Document types a compendium pack may hold (PackageCompendiumData#type, CONST.COMPENDIUM_DOCUMENT_TYPES). */
const PACK_TYPES = [
  "Actor",
  "Adventure",
  "Cards",
  "Item",
  "JournalEntry",
  "Macro",
  "Playlist",
  "RollTable",
  "Scene",
];

function strings(value: unknown): string[] {
  expect(Array.isArray(value)).toBe(true);
  for (const entry of value as unknown[]) expect(typeof entry).toBe("string");
  return value as string[];
}

/** Numeric parts of a Foundry version ("13", "14.369"), for ordering minimum and verified. */
function parts(version: string): number[] {
  expect(version).toMatch(/^\d+(\.\d+)*$/);
  return version.split(".").map(Number);
}

describe("npm run release (the workflow's command) stamps a manifest Foundry accepts", () => {
  it("names only SystemManifestData's fields, with an id, title and the tag's version", () => {
    for (const key of Object.keys(manifest)) expect(SYSTEM_MANIFEST_FIELDS, key).toContain(key);
    expect(manifest["id"]).toBe("tempo");
    expect(manifest["id"]).toMatch(/^[a-z0-9-]+$/);
    expect(typeof manifest["title"]).toBe("string");
    expect((manifest["title"] as string).length).toBeGreaterThan(0);
    expect(manifest["version"]).toBe("0.2.0");
    expect(manifest["version"]).toBe(pkg.version);
  });

  it("keeps the compatibility the repository's system.json gives, a minimum no later than the verified build", () => {
    const source = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as Record<string, unknown>;
    expect(manifest["compatibility"]).toEqual(source["compatibility"]);
    const { minimum, verified } = manifest["compatibility"] as { minimum: string; verified: string };
    const [min = 0] = parts(minimum);
    const [major = 0] = parts(verified);
    expect(min).toBeLessThanOrEqual(major);
  });

  it("lists esmodules, styles, languages and packs in their data shapes", () => {
    expect(strings(manifest["esmodules"]).length).toBeGreaterThan(0);
    expect(strings(manifest["styles"]).length).toBeGreaterThan(0);
    const languages = manifest["languages"] as { lang: string; name: string; path: string }[];
    expect(languages.length).toBeGreaterThan(0);
    for (const language of languages) {
      expect(language.lang).toMatch(/^[a-z]{2}(-[A-Za-z]+)?$/);
      expect(language.name.length).toBeGreaterThan(0);
    }
    const packs = manifest["packs"] as {
      name: string;
      label: string;
      path: string;
      type: string;
      system?: string;
    }[];
    expect(new Set(packs.map((p) => p.name)).size).toBe(packs.length);
    for (const pack of packs) {
      expect(pack.name).toMatch(/^[a-z0-9-]+$/);
      expect(pack.label.length).toBeGreaterThan(0);
      expect(PACK_TYPES).toContain(pack.type);
      // An Actor or Item pack's documents have the system's types, so it names the system.
      if (pack.type === "Actor" || pack.type === "Item") expect(pack.system).toBe(manifest["id"]);
    }
  });

  it("declares its document subtypes under document names, each an object, and no relationships it does not have", () => {
    const types = manifest["documentTypes"] as Record<string, Record<string, unknown>>;
    expect(Object.keys(types).sort()).toEqual(["Actor", "Item"]);
    for (const subtypes of Object.values(types)) {
      expect(Object.keys(subtypes).length).toBeGreaterThan(0);
      for (const config of Object.values(subtypes)) expect(typeof config).toBe("object");
    }
    const relationships = manifest["relationships"] as Record<string, unknown> | undefined;
    if (relationships !== undefined)
      for (const list of Object.values(relationships)) expect(Array.isArray(list)).toBe(true);
  });

  it("points manifest at the latest release's system.json and download at this tag's zip, on the repository given", () => {
    const home = `https://github.com/${REPO}`;
    expect(manifest["url"]).toBe(home);
    expect(manifest["manifest"]).toBe(`${home}/releases/latest/download/system.json`);
    expect(manifest["download"]).toBe(`${home}/releases/download/${TAG}/tempo.zip`);
    expect(manifest["bugs"]).toBe(`${home}/issues`);
    // The tag's own changelog, readme and licence, each a file the repository has.
    for (const [field, file] of [
      ["changelog", "CHANGELOG.md"],
      ["readme", "README.md"],
      ["license", "LICENSE"],
    ] as const) {
      expect(manifest[field]).toBe(`${home}/blob/${TAG}/${file}`);
      expect(statSync(join(ROOT, file)).isFile()).toBe(true);
    }
    // The asset download names is the zip the command wrote.
    expect(statSync(join(OUT, String(manifest["download"]).split("/").at(-1) ?? "")).isFile()).toBe(true);
  });
});

describe("the release zip", () => {
  it("unpacks to one folder named by the id, with the stamped system.json at its root", () => {
    const names = Object.keys(zip);
    const id = manifest["id"] as string;
    for (const name of names) {
      expect(name.startsWith(`${id}/`), name).toBe(true);
      expect(name.split("/")).not.toContain("..");
      expect(name).not.toContain("\\");
    }
    const inside = zip[`${id}/system.json`];
    expect(inside).toBeDefined();
    expect(strFromU8(inside ?? new Uint8Array())).toBe(readFileSync(join(OUT, "system.json"), "utf8"));
    expect(zip[`${id}/LICENSE`]).toBeDefined();
  });

  it("holds every file the manifest lists (modules, styles, languages) and every pack's database", () => {
    const id = manifest["id"] as string;
    const listed = [
      ...strings(manifest["esmodules"]),
      ...strings(manifest["styles"]),
      ...(manifest["languages"] as { path: string }[]).map((l) => l.path),
    ];
    for (const path of listed) {
      const file = zip[`${id}/${path}`];
      expect(file, path).toBeDefined();
      expect(file?.length ?? 0, path).toBeGreaterThan(0);
    }
    // A pack's path is a LevelDB folder: it opens from its CURRENT file.
    for (const pack of manifest["packs"] as { path: string }[]) {
      expect(zip[`${id}/${pack.path}/CURRENT`], pack.path).toBeDefined();
      expect(Object.keys(zip).some((n) => n.startsWith(`${id}/${pack.path}/`) && n.endsWith(".ldb"))).toBe(
        true,
      );
    }
    // Source maps and LevelDB's LOCK stay out, as in the build's own zip.
    expect(Object.keys(zip).filter((n) => n.endsWith(".map") || n.endsWith("/LOCK"))).toEqual([]);
  });

  it("comes with this version's changelog section as the release notes", () => {
    const notes = readFileSync(join(OUT, "notes.md"), "utf8");
    expect(notes).toBe(script.changelogEntry(readFileSync(join(ROOT, "CHANGELOG.md"), "utf8"), "0.2.0"));
    expect(notes).toMatch(/### Added/);
  });
});

describe("the release refuses", () => {
  it("a tag that disagrees with package.json's version, naming both, and writes nothing", () => {
    const before = readFileSync(join(OUT, "system.json"), "utf8");
    const run = spawnSync("node", ["scripts/release.mjs", "--repo", REPO, "--tag", "v9.9.9"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("the tag v9.9.9 says 9.9.9 but package.json's version is 0.2.0");
    expect(readFileSync(join(OUT, "system.json"), "utf8")).toBe(before);
  });

  it("a tag that is not v and a semantic version, a repository that is not OWNER/NAME, missing arguments", () => {
    for (const tag of ["0.2.0", "v0.2", "v0.2.0.1", "v01.2.0", "release"])
      expect(() => script.versionOfTag(tag), tag).toThrow(/not "v" followed by a semantic version/);
    expect(script.versionOfTag("v1.0.0-beta.1")).toBe("1.0.0-beta.1");
    for (const repo of ["tempo", "a/b/c", "../x", "owner/..", "owner/na me", ""])
      expect(() => script.checkRepo(repo), repo).toThrow(/not GitHub's OWNER\/NAME/);
    const run = spawnSync("node", ["scripts/release.mjs", "--tag", TAG], { cwd: ROOT, encoding: "utf8" });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("usage: npm run release -- --repo OWNER/NAME --tag vX.Y.Z");
  });

  it("a system.json whose version differs from the tag's", () => {
    expect(() => script.checkVersions("v0.3.0", "0.3.0", "0.2.0")).toThrow(
      "the tag v0.3.0 says 0.3.0 but system.json's version is 0.2.0",
    );
    expect(script.checkVersions("v0.3.0", "0.3.0", "0.3.0")).toBe("0.3.0");
  });

  it("a version the changelog has no section for, or an empty one", () => {
    const text =
      "# Changelog\n\n## [Unreleased]\n\n- a fix\n\n## [0.2.0] - 2026-11-28\n\n### Added\n\n- it\n";
    expect(() => script.changelogEntry(text, "0.3.0")).toThrow('CHANGELOG.md has no section "## [0.3.0]"');
    expect(() => script.changelogEntry(text.replace("- it\n", ""), "0.2.0")).not.toThrow();
    expect(() => script.changelogEntry("## [0.3.0]\n\n## [0.2.0]\n- x\n", "0.3.0")).toThrow("is empty");
    // 0.2.0 is not 0.2.01 nor 0.2.0-beta.
    expect(() => script.changelogEntry("## [0.2.0-beta]\n- x\n", "0.2.0")).toThrow("no section");
    expect(script.changelogEntry(text, "0.2.0")).toBe("### Added\n\n- it\n");
  });
});

describe("stamping follows the repository and tag given", () => {
  it("any repository and tag: every address is on that repository, the download on that tag", () => {
    const stamped = script.stampManifest(
      { id: "tempo", version: "0.0.0", title: "Tempo" },
      {
        repo: "someone/tempo-fork",
        tag: "v1.4.2",
      },
    );
    expect(stamped["version"]).toBe("1.4.2");
    expect(stamped["download"]).toBe(
      "https://github.com/someone/tempo-fork/releases/download/v1.4.2/tempo.zip",
    );
    expect(stamped["manifest"]).toBe(
      "https://github.com/someone/tempo-fork/releases/latest/download/system.json",
    );
    for (const field of ["url", "bugs", "changelog", "readme", "license"])
      expect(String(stamped[field])).toMatch(/^https:\/\/github\.com\/someone\/tempo-fork(\/|$)/);
    expect(stamped["id"]).toBe("tempo");
  });
});

describe("npm run changelog moves Unreleased under the version", () => {
  const text = [
    "# Changelog",
    "",
    "## [Unreleased]",
    "",
    "### Fixed",
    "",
    "- a fix",
    "",
    "## [0.2.0] - 2026-11-28",
    "",
    "- first",
    "",
  ].join("\n");

  it("under a dated heading, leaving an empty Unreleased on top and older versions as they were", () => {
    const moved = changelog.moveUnreleased(text, "0.3.0", "2026-12-01");
    expect(moved).toBe(
      [
        "# Changelog",
        "",
        "## [Unreleased]",
        "",
        "## [0.3.0] - 2026-12-01",
        "",
        "### Fixed",
        "",
        "- a fix",
        "",
        "## [0.2.0] - 2026-11-28",
        "",
        "- first",
        "",
      ].join("\n"),
    );
    expect(script.changelogEntry(moved, "0.3.0")).toBe("### Fixed\n\n- a fix\n");
  });

  it("refuses a version not newer than the latest, one already there, a bad version or date, and an empty Unreleased", () => {
    expect(() => changelog.moveUnreleased(text, "0.1.9", "2026-12-01")).toThrow("not newer than 0.2.0");
    expect(() => changelog.moveUnreleased(text, "0.2.0", "2026-12-01")).toThrow("already has a section");
    expect(() => changelog.moveUnreleased(text, "0.3", "2026-12-01")).toThrow("not a semantic version");
    expect(() => changelog.moveUnreleased(text, "0.3.0", "1 Dec")).toThrow("not a date");
    const empty = text.replace("### Fixed\n\n- a fix\n\n", "");
    expect(() => changelog.moveUnreleased(empty, "0.3.0", "2026-12-01")).toThrow(
      "Unreleased section is empty",
    );
  });
});
