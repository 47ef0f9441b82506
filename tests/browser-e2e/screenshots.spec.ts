/**
 * The sheet and tracker pictures of scripts/screenshots.mjs (the system's templates and CSS in
 * light and dark themes), kept as test artefacts under test-artifacts/screenshots/.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { CHROMIUM } from "./chromium";
import { ok, test } from "./support";

type Capture = (options: { outDir: string; executablePath: string }) => Promise<unknown>;

test("screenshots: the sheet, weapon sheet, tracker (compact with 6 and 20 combatants), the combatant setup dialog and a token with engine conditions render in light and dark themes (scripts/screenshots.mjs)", async ({
  browserName,
}) => {
  test.setTimeout(180_000);
  ok(browserName === "chromium", "the screenshots are taken with Chromium");
  const mod = (await import(pathToFileURL(resolve("scripts", "screenshots.mjs")).href)) as {
    captureScreenshots?: Capture;
  };
  ok(typeof mod.captureScreenshots === "function", "scripts/screenshots.mjs exports no captureScreenshots");
  const outDir = resolve("test-artifacts", "screenshots");
  const files = await mod.captureScreenshots({ outDir, executablePath: CHROMIUM });
  ok(
    Array.isArray(files) && files.length > 0 && files.every((f) => typeof f === "string" && existsSync(f)),
    "no screenshot files were written",
  );
  // Issue 14's pictures, each in both themes, kept as artefacts.
  for (const shot of [
    "tracker-6",
    "tracker-20",
    "combatant-setup",
    "combatant-setup-live",
    "token-conditions",
  ])
    for (const theme of ["light", "dark"]) {
      const file = resolve(outDir, `${shot}-${theme}.png`);
      ok(files.includes(file) && existsSync(file), `no ${shot}-${theme}.png was written`);
    }
});
