import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

import { inlineCss, minifyBundle } from "../../../vite.config";

const ROOT = resolve(__dirname, "../../..");
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as Record<string, unknown>;

describe("system.json", () => {
  it("declares Tempo from the first v13 build with the movement API it uses, verified only as far as docs/foundry.md says (the v13 API types it checks against), with the files the build writes", () => {
    expect(manifest["id"]).toBe("tempo");
    expect(manifest["title"]).toBe("Tempo");
    expect(manifest["compatibility"]).toEqual({ minimum: "13.341", verified: "13.345" });
    expect(manifest["esmodules"]).toEqual(["tempo.mjs"]);
    expect(manifest["styles"]).toEqual(["tempo.css"]);
    const vite = readFileSync(join(ROOT, "vite.config.ts"), "utf8");
    expect(vite).toContain('fileName: () => "tempo.mjs"');
    expect(vite).toContain('"tempo.css"');
  });

  it("points its language at a file that exists", () => {
    expect(manifest["languages"]).toEqual([{ lang: "en", name: "English", path: "lang/en.json" }]);
    expect(existsSync(join(ROOT, "lang/en.json"))).toBe(true);
  });

  it("declares the actor and item types the data models register; Combat and Combatant use the default base type; the action's description is an HTML field (documentTypes htmlFields)", () => {
    expect(manifest["documentTypes"]).toEqual({
      Actor: { character: {}, npc: {} },
      Item: { weapon: {}, action: { htmlFields: ["description"] } },
    });
  });

  it("sets a hex grid of 5 ft cells (type 2 = CONST.GRID_TYPES.HEXODDR)", () => {
    expect(manifest["grid"]).toEqual({ type: 2, distance: 5, units: "ft" });
  });

  it("keeps each pack under packs/<name> with a localised label and the version the package has", () => {
    const packs = manifest["packs"] as { name: string; path: string; label: string; type: string }[];
    expect(packs.map((p) => [p.name, p.type])).toEqual([
      ["tempo-actions", "Item"],
      ["tempo-conditions", "JournalEntry"],
      ["tempo-actors", "Actor"],
      ["tempo-rules", "JournalEntry"],
    ]);
    for (const p of packs) {
      expect(p.path).toBe(`packs/${p.name}`);
      expect(p.label).toMatch(/^TEMPO\.Pack\./);
    }
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(manifest["version"]).toBe(pkg.version);
  });
});

describe("the stylesheet build", () => {
  it("inlines @import lines recursively, once per file", () => {
    const dir = mkdtempSync(join(tmpdir(), "tempo-css-"));
    writeFileSync(
      join(dir, "tempo.css"),
      '@import "a.css";\n.tempo { color: red; }\n@import url("b.css");\n',
    );
    writeFileSync(join(dir, "a.css"), '@import "b.css";\n.a {}\n');
    writeFileSync(join(dir, "b.css"), ".b {}\n");
    const css = inlineCss(join(dir, "tempo.css"));
    expect(css).not.toContain("@import");
    expect(css.match(/\.b \{\}/g)).toHaveLength(1);
    expect(css.indexOf(".b {}")).toBeLessThan(css.indexOf(".a {}"));
    expect(css).toContain(".tempo { color: red; }");
  });
});

describe("the release bundle", () => {
  it("is minified whitespace and all, and keeps class names (Foundry registers sheets by class name)", async () => {
    const plugin = minifyBundle();
    const render = plugin.renderChunk as (
      code: string,
      chunk: { fileName: string },
    ) => Promise<{ code: string; map: { mappings: string } }>;
    const source = [
      "class TempoCombatSheet {",
      "  static label(localisedTitle) {",
      "    const withPrefix = `Tempo: ${localisedTitle}`;",
      "    return withPrefix;",
      "  }",
      "}",
      "export { TempoCombatSheet };",
      "",
    ].join("\n");
    const out = await render(source, { fileName: "tempo.mjs" });
    expect(out.code.trim().split("\n")).toHaveLength(1);
    expect(out.code).not.toContain("withPrefix");
    expect(out.code).toContain('"TempoCombatSheet"');
    expect(out.map.mappings.length).toBeGreaterThan(0);
  });

  it("writes its source map without pointing the bundle at it, and the zip leaves maps out", async () => {
    const config = (await import("../../../vite.config")).default as { build: { sourcemap: unknown } };
    expect(config.build.sourcemap).toBe("hidden");
    // @ts-expect-error: a plain Node script without type declarations
    const zip = (await import("../../../scripts/zip.mjs")) as { isLeftOut(name: string): boolean };
    expect(zip.isLeftOut("tempo.mjs.map")).toBe(true);
    expect(zip.isLeftOut("LOCK")).toBe(true);
    expect(zip.isLeftOut("tempo.mjs")).toBe(false);
    expect(zip.isLeftOut("system.json")).toBe(false);
  });
});
