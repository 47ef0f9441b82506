/**
 * Accessibility checked by a maintained tool (issue 45): axe-core (@axe-core/playwright) runs over
 * the whole playground in every ruleset, before the fight and during it, and with a reaction prompt
 * open wherever the first turn can raise one (flow and phases; segments opens with declarations,
 * rating has no movement, marching's first step provokes nobody), and finds no serious or critical violation (axe's impact levels; WCAG 2.x A and AA rules
 * and axe's best practices).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

import { ACTION_BUTTONS, clickTracker, dragToProvoke, ok, open, test } from "./support";

/** The serious and critical violations axe finds on the page now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}; ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ""}`,
    );
}

/** Open a reaction prompt: a provoking step where the ruleset moves, else the first attack's defence. */
async function openPrompt(page: Page): Promise<boolean> {
  const prompt = page.locator("[data-pg=prompt]");
  const moves = await page.evaluate(() => window.tempo.ruleset.moveModes.length > 0);
  if (moves) {
    try {
      await dragToProvoke(page);
      return true;
    } catch {
      // No provoking step from where the acting combatant stands: an attack, below.
    }
  }
  const attack = page.locator(`${ACTION_BUTTONS}[data-action-id="attack"]:not([disabled])`).first();
  if ((await attack.count()) === 0) return false;
  await attack.click();
  return prompt.isVisible();
}

/** The rulesets, as the engine registers them (the header's picker lists the same). */
const RULESETS = ["flow", "rating", "segments", "phases", "marching"];
/** Where the first turn can raise a reaction prompt: a step out of a foe's reach provokes. */
const PROMPTS = new Set(["flow", "phases"]);

for (const ruleset of RULESETS)
  test(`a11y ${ruleset}: axe finds no serious or critical violation before the fight, during it${PROMPTS.has(ruleset) ? " and with a prompt open" : ""}`, async ({
    page,
    shoot,
  }) => {
    // axe walks the whole page three times: on a loaded machine each walk takes seconds.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await open(page, ruleset, 11, "&prompt=300");
    const registered = await page.evaluate(() => window.tempo.constructor.registered());
    ok(
      JSON.stringify([...registered].sort()) === JSON.stringify([...RULESETS].sort()),
      `the engine registers ${registered.join(", ")}: this flow checks ${RULESETS.join(", ")}`,
    );
    const found = (await violations(page)).map((v) => `before the fight: ${v}`);
    await clickTracker(page, "start");
    found.push(...(await violations(page)).map((v) => `during the fight: ${v}`));
    if (PROMPTS.has(ruleset)) {
      ok(await openPrompt(page), `${ruleset}: no reaction prompt opened`);
      await shoot("prompt");
      found.push(...(await violations(page)).map((v) => `with a prompt open: ${v}`));
    }
    ok(found.length === 0, `axe found in ${ruleset}:\n${found.join("\n")}`);
  });
