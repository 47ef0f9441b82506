import { describe, expect, it } from "vitest";
import { modulesNoTestLoads } from "../support/import-graph";

/**
 * Every module of the Foundry adapter is loaded by some test (directly or through what it
 * imports), tempo.ts included: code no test loads is code nobody checks. Read from the static
 * import graph (tests/support/import-graph.ts).
 */
describe("test reach of the Foundry adapter", () => {
  it("loads every module of src/foundry from some test", () => {
    expect(modulesNoTestLoads("src/foundry")).toEqual([]);
  });

  it("loads src/tempo.ts, the system's entry, from some test", () => {
    expect(modulesNoTestLoads("src").filter((f) => !f.includes("/", "src/".length))).toEqual([]);
  });

  it("sees a module that no test loads", () => {
    // The check itself: the playground's entry is loaded by the browser, not by a Vitest test.
    expect(modulesNoTestLoads("src/playground")).toContain("src/playground/main.ts");
  });
});
