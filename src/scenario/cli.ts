import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runScenario } from "./run";

/** Every *.yaml below a folder, sorted so output is stable. */
function yamlFiles(dir: string): string[] {
  if (!existsSync(dir)) throw new Error(`no such folder: ${dir}`);
  if (statSync(dir).isFile()) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return yamlFiles(path);
      return entry.name.endsWith(".yaml") || entry.name.endsWith(".yml") ? [path] : [];
    });
}

/**
 * `npm run scenarios -- DIR...` runs every scenario below each DIR. `--with-shared` adds
 * ../shared/scenarios when that folder exists (the project's CI layout).
 */
function main(args: string[]): number {
  const dirs = args.filter((a) => !a.startsWith("--"));
  if (args.includes("--with-shared")) {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
    const shared = resolve(root, "../shared/scenarios");
    if (existsSync(shared)) dirs.push(shared);
  }
  if (dirs.length === 0) {
    console.error("usage: npm run scenarios -- DIR...");
    return 2;
  }
  let passed = 0;
  let failed = 0;
  for (const file of dirs.flatMap(yamlFiles)) {
    const result = runScenario(readFileSync(file, "utf8"));
    const where = relative(process.cwd(), file);
    if (result.passed) {
      passed += 1;
      console.log(`ok   ${where}`);
    } else {
      failed += 1;
      console.log(`FAIL ${where}: ${result.name}`);
      for (const f of result.failures) console.log(`     ${f}`);
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 || passed === 0 ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
