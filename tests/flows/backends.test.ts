/**
 * The simulated table and the live server run the same flow definitions (issue 35): the live
 * suite's spec registers one Playwright test per flow of tests/flows/flows.ts and runs that very
 * flow object, as tests/flows/flows.test.ts does on the table. And npm run test:live without a
 * Foundry build skips with exit 0, naming what it needs.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { describe, expect, it, vi } from "vitest";

import type { Backend } from "./backend";
import { FLOWS, FLOW_NAMES } from "./flows";

const ROOT = resolve(__dirname, "../..");

/** The live spec's tests as it registers them with the fixtures' `test` (mocked: no browser, no server). */
const registered: { name: string; fn: (fixtures: { backend: Backend }) => Promise<void> }[] = [];
vi.mock("../live/fixtures", () => {
  const test = Object.assign(
    (name: string, fn: (fixtures: { backend: Backend }) => Promise<void>) =>
      void registered.push({ name, fn }),
    { info: () => ({ annotations: [] as unknown[] }), fail: () => undefined },
  );
  return { test };
});

describe("both backends load the same flow definitions", () => {
  it("the live spec registers one test per flow, by the flow's name, in order", async () => {
    await import("../live/flows.spec");
    expect(registered.map((t) => t.name)).toEqual(FLOW_NAMES);
  });

  it("each live test runs the flow object the table runs, with the live backend it is given", async () => {
    const backend = { name: "stand-in" } as Backend;
    for (const [i, flow] of FLOWS.entries()) {
      const run = vi.spyOn(flow, "run").mockResolvedValue(undefined);
      await registered[i]?.fn({ backend });
      expect(run).toHaveBeenCalledWith(backend);
      run.mockRestore();
    }
  });

  it("the table's test file runs every flow of the same module", () => {
    const source = readFileSync(resolve(__dirname, "flows.test.ts"), "utf8");
    expect(source).toMatch(/import \{ FLOWS \} from "\.\/flows";/);
    expect(source).toMatch(/for \(const flow of FLOWS\)/);
  });
});

describe("npm run test:live without a Foundry build", () => {
  const run = (env: Record<string, string>) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        ([key]) => !key.startsWith("FOUNDRY_") && key !== "TEMPO_LIVE_BUILDS",
      ),
    );
    return spawnSync(process.execPath, ["scripts/test-live.mjs"], {
      cwd: ROOT,
      env: { ...clean, ...env },
      encoding: "utf8",
    });
  };

  it("skips with exit 0 and names the build, the licence key it needs", () => {
    const result = run({});
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/test:live skipped/);
    for (const need of ["FOUNDRY_ZIP", "FOUNDRY_PATH", "FOUNDRY_LICENSE_KEY"])
      expect(result.stdout).toContain(need);
  });

  it("offers a signed license.json instead of the key, and says signing a key needs Foundry's licence server", () => {
    const result = run({});
    expect(result.stdout).toContain(
      "FOUNDRY_LICENSE_JSON: a Config/license.json already signed on this host",
    );
    expect(result.stdout).toContain("signing it needs internet access to Foundry's licence server");
    // A signed licence given in place of the key: the key is no longer asked for.
    const signed = run({
      FOUNDRY_ZIP: "/nonexistent/FoundryVTT-Node-14.zip",
      FOUNDRY_LICENSE_JSON: ROOT + "/system.json",
    });
    expect(signed.status).toBe(0);
    expect(signed.stdout).not.toContain("FOUNDRY_LICENSE_KEY:");
  });

  it("skips with exit 0 and names an unpacked build without main.mjs or main.js", () => {
    const result = run({ FOUNDRY_PATH: resolve(ROOT, "docs"), FOUNDRY_LICENSE_KEY: "X" });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("no main.mjs or main.js in");
  });

  it("skips with exit 0 and names a given build that does not exist, running no server", () => {
    const result = run({ FOUNDRY_ZIP: "/nonexistent/FoundryVTT-Node-13.zip", FOUNDRY_LICENSE_KEY: "X" });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("/nonexistent/FoundryVTT-Node-13.zip does not exist");
    expect(result.stdout).not.toContain("FOUNDRY_LICENSE_KEY:");
  });
});
