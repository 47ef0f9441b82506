import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/**
 * The static import graph of the project's TypeScript, read with TypeScript's own pre-processor
 * (`ts.preProcessFile`: imports, re-exports and dynamic `import()` with a literal). Used to find the
 * modules no test loads.
 */

export const ROOT = resolve(import.meta.dirname, "../..");

/** Every .ts file below `dir` (declaration files left out: nothing to load). */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .sort();
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, join(base, "index.ts"), base.replace(/\.js$/, ".ts")])
    if (existsSync(candidate) && statSync(candidate).isFile() && candidate.endsWith(".ts")) return candidate;
  return null;
}

/** The project files a file imports directly. */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return info.importedFiles
    .map((ref) => resolveImport(file, ref.fileName))
    .filter((path): path is string => path !== null);
}

/** Every project file reachable from `entries` through imports. */
export function reachableFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...importsOf(file));
  }
  return seen;
}

/** Modules below `dir` that no test file (tests/**\/*.test.ts) loads, as paths from the root. */
export function modulesNoTestLoads(dir: string): string[] {
  const tests = tsFiles(resolve(ROOT, "tests")).filter((f) => f.endsWith(".test.ts"));
  const loaded = reachableFrom(tests);
  return tsFiles(resolve(ROOT, dir))
    .filter((f) => !loaded.has(f))
    .map((f) => relative(ROOT, f));
}
