/**
 * The playground's shape (docs/design.md, "The playground"): one owner (playground.ts) imports the
 * views (panels/*); no view imports the owner or the page's entry, and no module of the playground
 * imports itself back through others. The import graph is read with the TypeScript compiler's own
 * `preProcessFile` (type-only imports count: a view that needs the owner's type is still tied to it).
 */
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve("src/playground");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Each playground module (by its path under src/playground) and the playground modules it imports. */
function importGraph(root: string, files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, false);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => resolve(dirname(file), name.endsWith(".ts") ? name : `${name}.ts`))
      .filter((path) => known.has(path))
      .map((path) => relative(root, path));
    graph.set(relative(root, file), [...new Set(targets)]);
  }
  return graph;
}

/** The first import cycle found, as the modules around it ("a.ts → b.ts → a.ts"), or null. */
function findCycle(graph: ReadonlyMap<string, readonly string[]>): string | null {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node].join(" → ");
    state.set(node, "open");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

const graph = importGraph(ROOT, sources(ROOT));

describe("the playground's import graph", () => {
  it("has no import cycle (it names the modules around one when there is)", () => {
    expect(findCycle(graph)).toBeNull();
  });

  it("finds a cycle where there is one, and names it", () => {
    const circle = new Map([
      ["main.ts", ["panels.ts"]],
      ["panels.ts", ["chat.ts"]],
      ["chat.ts", ["main.ts"]],
      ["dom.ts", []],
    ]);
    expect(findCycle(circle)).toBe("chat.ts → main.ts → panels.ts → chat.ts");
    expect(
      findCycle(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toBeNull();
  });

  it("reads the real imports: the owner imports every view", () => {
    const owner = graph.get("playground.ts") ?? [];
    for (const view of ["tracker", "sheet", "prompt", "chat", "header", "status", "toasts", "dialogs"])
      expect(owner).toContain(`panels/${view}.ts`);
  });

  it("has views that never import the owner or the page's entry", () => {
    const views = [...graph].filter(([file]) => file.startsWith("panels/") || file === "views.ts");
    expect(views.length).toBeGreaterThan(5);
    for (const [file, targets] of views) {
      expect(targets, file).not.toContain("playground.ts");
      expect(targets, file).not.toContain("main.ts");
    }
  });

  it("keeps every view small enough to read at once (at most 400 lines)", () => {
    for (const file of graph.keys()) {
      if (!file.startsWith("panels/")) continue;
      const lines = readFileSync(join(ROOT, file), "utf8").split("\n").length;
      expect(lines, file).toBeLessThanOrEqual(400);
    }
  });
});
