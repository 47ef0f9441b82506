import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runScenario } from "../../src/scenario/run";

/**
 * Every YAML scenario, run through the runner's API so Vitest (and so mutation testing, which only
 * sees Vitest) checks it: the project's own tests/scenarios and, when the folder exists,
 * ../shared/scenarios (the same folders `npm run scenarios` runs). One test per file, named by it.
 */

const ROOT = resolve(import.meta.dirname, "../..");
const FOLDERS = [resolve(ROOT, "tests/scenarios"), resolve(ROOT, "../shared/scenarios")].filter((dir) =>
  existsSync(dir),
);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".yaml") || name.endsWith(".yml"))
    .sort()
    .map((name) => join(dir, name));
}

const files = FOLDERS.flatMap(yamlFiles);

describe("YAML scenarios", () => {
  it("finds the project's own scenarios", () => {
    // The project ships scenarios for each of its five rulesets; none found means a broken path.
    const own = files.filter((f) => f.startsWith(resolve(ROOT, "tests/scenarios")));
    const rulesets = new Set(own.map((f) => relative(resolve(ROOT, "tests/scenarios"), f).split(/[\\/]/)[0]));
    expect([...rulesets].sort()).toEqual(["flow", "marching", "phases", "rating", "segments"]);
  });

  it("names the refusal in every rejecting step of the project's own scenarios (rejects: NotYourTurn, not true)", () => {
    const own = files.filter((f) => f.startsWith(resolve(ROOT, "tests/scenarios")));
    const unnamed = own.filter((f) =>
      /^\s*rejects:\s*true\b|[{,]\s*rejects:\s*true\b/m.test(readFileSync(f, "utf8")),
    );
    expect(unnamed.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))("%s", (_name, file) => {
    const result = runScenario(readFileSync(file, "utf8"));
    expect(result.failures).toEqual([]);
    expect(result.passed).toBe(true);
  });
});
