/**
 * The architecture check (issue 41; .dependency-cruiser.cjs, run by `npm run lint`): the real
 * tree keeps every rule, and a deliberately broken tree fails each rule it breaks, naming the
 * offending import. The broken tree is a small copy of the layout in a temporary folder, cruised
 * with the project's own configuration.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = resolve(__dirname, "..");
const CONFIG = join(ROOT, ".dependency-cruiser.cjs");
const DEPCRUISE = join(ROOT, "node_modules", "dependency-cruiser", "bin", "dependency-cruise.mjs");

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}

/** Cruise `src` under `cwd` with the project's rules; the violations depcruise reports. */
function cruise(cwd: string): Violation[] {
  const out = execFileSync(
    process.execPath,
    [DEPCRUISE, "src", "--config", CONFIG, "--output-type", "json", "--no-progress"],
    { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(out) as { summary: { violations: Violation[] } };
  return result.summary.violations;
}

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A temporary project with these files (path → text) and a tsconfig like the project's. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tempo-architecture-"));
  made.push(dir);
  const all: Record<string, string> = {
    "tsconfig.json": JSON.stringify({
      compilerOptions: { module: "ESNext", moduleResolution: "bundler", strict: true, noEmit: true },
      include: ["src/**/*.ts"],
    }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The clean miniature: each layer imports one below it. */
const CLEAN: Record<string, string> = {
  "src/engine/index.ts": "export const engine = 1;\n",
  "src/views/view.ts": 'import { engine } from "../engine";\nexport const view = engine;\n',
  "src/foundry/data/model.ts": 'import { engine } from "../../engine";\nexport const model = engine;\n',
  "src/foundry/store/log.ts": 'import { model } from "../data/model";\nexport const log = model;\n',
  "src/foundry/channel/writer.ts": 'import { log } from "../store/log";\nexport const writer = log;\n',
  "src/foundry/table/hooks.ts":
    'import { writer } from "../channel/writer";\nimport { view } from "../../views/view";\nexport const hooks = writer + view;\n',
  "src/playground/main.ts": 'import { view } from "../views/view";\nexport const main = view;\n',
};

describe("the architecture check (.dependency-cruiser.cjs)", () => {
  it("finds no circle and no layer broken in the real src", () => {
    expect(cruise(ROOT)).toEqual([]);
  }, 120_000);

  it("passes the clean miniature of the layout", () => {
    expect(cruise(tree(CLEAN))).toEqual([]);
  }, 60_000);

  it("fails a deliberately added upward import in the adapter (store → table), naming it", () => {
    const dir = tree({
      ...CLEAN,
      "src/foundry/store/log.ts":
        'import { model } from "../data/model";\nimport type { hooks } from "../table/hooks";\nexport const log = model;\nexport type Hooks = typeof hooks;\n',
    });
    const violations = cruise(dir);
    const upward = violations.find((v) => v.rule.name === "foundry-layer-store");
    expect(upward).toMatchObject({ from: "src/foundry/store/log.ts", to: "src/foundry/table/hooks.ts" });
  }, 60_000);

  it("fails an import circle made of type-only imports", () => {
    const dir = tree({
      ...CLEAN,
      "src/views/a.ts": 'import type { B } from "./b";\nexport interface A { b?: B }\n',
      "src/views/b.ts": 'import type { A } from "./a";\nexport interface B { a?: A }\n',
    });
    const circles = cruise(dir).filter((v) => v.rule.name === "no-circular");
    // depcruise reports a circle once, from one of its files to the next.
    expect(circles).toHaveLength(1);
    expect([circles[0]?.from, circles[0]?.to].sort()).toEqual(["src/views/a.ts", "src/views/b.ts"]);
  }, 60_000);

  it("fails the engine importing the adapter, the views importing the adapter, and the adapter and playground importing each other", () => {
    const dir = tree({
      ...CLEAN,
      "src/engine/leak.ts": 'import { model } from "../foundry/data/model";\nexport const leak = model;\n',
      "src/views/leak.ts": 'import { log } from "../foundry/store/log";\nexport const leak = log;\n',
      "src/foundry/table/leak.ts":
        'import { main } from "../../playground/main";\nexport const leak = main;\n',
      "src/playground/leak.ts":
        'import { hooks } from "../foundry/table/hooks";\nexport const leak = hooks;\n',
    });
    const broken = cruise(dir).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(broken).toEqual(
      expect.arrayContaining([
        "engine-pure: src/engine/leak.ts -> src/foundry/data/model.ts",
        "views-only-engine: src/views/leak.ts -> src/foundry/store/log.ts",
        "foundry-not-playground: src/foundry/table/leak.ts -> src/playground/main.ts",
        "playground-not-foundry: src/playground/leak.ts -> src/foundry/table/hooks.ts",
      ]),
    );
  }, 60_000);

  it("fails src importing tests/", () => {
    const dir = tree({
      ...CLEAN,
      "tests/helper.ts": "export const helper = 1;\n",
      "src/views/uses-test.ts": 'import { helper } from "../../tests/helper";\nexport const x = helper;\n',
    });
    const broken = cruise(dir).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
    expect(broken).toContain("src-not-tests: src/views/uses-test.ts -> tests/helper.ts");
  }, 60_000);
});
