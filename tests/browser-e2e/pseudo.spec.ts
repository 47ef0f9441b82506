/**
 * Long words (issue 45): with a pseudo-locale made from lang/en.json at test time (every string
 * about 40% longer, accented: tests/browser-e2e/pseudo-locale.ts) served in place of the English
 * file, every panel of the playground renders without text cut by a box or a box that scrolls
 * sideways, in every ruleset before and during the fight and with a prompt open, at 1280x720 and
 * 1024x640: a translation can come later without breaking the layout.
 */
import type { Page } from "@playwright/test";

import { clickTracker, dragToProvoke, ok, open, state, test, unreadable } from "./support";
import { pseudoLocale } from "./pseudo-locale";

/** Serve the pseudo-locale wherever the page asks for the English lang file. */
async function speakPseudo(page: Page): Promise<void> {
  const body = pseudoLocale();
  await page.route("**/systems/tempo/lang/en.json*", (route) =>
    route.fulfill({ status: 200, contentType: "application/json; charset=utf-8", body }),
  );
}

for (const size of [
  { width: 1280, height: 720 },
  { width: 1024, height: 640 },
]) {
  test(`pseudo-locale ${size.width}x${size.height}: 40% longer, accented words fit every panel in every ruleset, before and during the fight and with a prompt open`, async ({
    page,
    shoot,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await speakPseudo(page);
    await open(page, "flow", 11, "&prompt=300");
    // The page speaks the pseudo-locale: the tracker's Start reads as the lang file's, grown.
    const start = (await page.locator('[data-pg=tracker] [data-pg-command="start"]').textContent())?.trim();
    const english = await page.evaluate(() => window.tempo.loc.localize("TEMPO.Playground.Tracker.Start"));
    ok(
      start !== undefined && /[áéíöüţš]/.test(start) && english === start,
      `the page does not speak the pseudo-locale: Start reads "${start}" (${english})`,
    );
    const found: string[] = [];
    const rulesets = await page.evaluate(() => window.tempo.constructor.registered());
    for (const ruleset of rulesets) {
      if ((await state(page)).ruleset !== ruleset) {
        await page.locator("#pg-ruleset").selectOption(ruleset);
        await page.locator("[data-pg=confirm-leave]").click();
        await page.waitForFunction((r) => window.tempo.session.state.ruleset === r, ruleset);
      }
      found.push(...(await unreadable(page, "#playground")).map((f) => `${ruleset} before: ${f}`));
      await clickTracker(page, "start");
      found.push(...(await unreadable(page, "#playground")).map((f) => `${ruleset} during: ${f}`));
      await shoot(`${ruleset}`);
      if (ruleset === "flow") {
        await dragToProvoke(page);
        found.push(...(await unreadable(page, "#playground")).map((f) => `${ruleset} prompt: ${f}`));
        await shoot(`${ruleset}-prompt`);
      }
    }
    ok(found.length === 0, `with 40% longer words:\n${[...new Set(found)].join("\n")}`);
  });
}
