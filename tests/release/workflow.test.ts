/**
 * The release workflow holds no logic of its own: each step is a published action (checkout) or
 * one call of a project command (.ci/run, an npm script package.json defines, GitHub's CLI
 * attaching what `npm run release` wrote), so what a release does is what `npm run release` does
 * here, where tests/release/release.test.ts checks it.
 */
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = resolve(__dirname, "../..");
const workflow = parse(readFileSync(join(ROOT, ".github/workflows/release.yml"), "utf8")) as {
  on: Record<string, { types?: string[] }>;
  permissions: Record<string, string>;
  jobs: Record<string, { container?: string; steps: { uses?: string; run?: string }[] }>;
};
const scripts = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts;

describe("the release workflow (.github/workflows/release.yml)", () => {
  it("runs when a release is published, and may write the release's assets", () => {
    expect(Object.keys(workflow.on)).toEqual(["release"]);
    expect(workflow.on["release"]?.types).toEqual(["published"]);
    expect(workflow.permissions).toEqual({ contents: "write" });
  });

  it("only calls project commands, in order: install and test, release, attach", () => {
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const runs = steps.flatMap((s) => (s.run === undefined ? [] : [s.run.trim()]));
    for (const step of steps)
      if (step.uses !== undefined) expect(step.uses).toMatch(/^actions\/checkout@v\d+$/);
    expect(runs).toEqual([
      "apt-get update -qq && apt-get install -y -qq gh",
      ".ci/run",
      'npm run release -- --repo "$GITHUB_REPOSITORY" --tag "$TAG"',
      'gh release upload "$TAG" dist/release/system.json dist/release/tempo.zip --clobber --repo "$GITHUB_REPOSITORY"',
    ]);
    // .ci/run is npm ci and npm test (with Debian's Chromium for the browser tests).
    const ci = readFileSync(join(ROOT, ".ci/run"), "utf8");
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
    expect(scripts["release"]).toBe("npm run build && node scripts/release.mjs");
  });

  it("runs in Debian, whose chromium package the browser tests drive", () => {
    for (const job of Object.values(workflow.jobs)) expect(job.container).toMatch(/bookworm|bullseye|trixie/);
  });
});
