/**
 * Render by change (issue 31): a command that changes one combatant redraws that combatant's
 * tracker row and nothing else of the tracker; selecting a combatant only moves the selection's
 * class; an undo redraws what it undid (the same row, the undone chat card gone) without drawing
 * the map again. Counted with a MutationObserver on the tracker, as the DOM sees it.
 */
import type { Page } from "@playwright/test";

import { clickTracker, combatantIn, ok, open, state, test } from "./support";

/** Start counting the elements added to and removed from the tracker (rows by their combatant). */
async function watchTracker(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { trackerChanges: string[]; trackerWatch?: MutationObserver };
    w.trackerWatch?.disconnect();
    w.trackerChanges = [];
    const name = (n: Node, how: string) =>
      n instanceof HTMLElement ? `${how} ${n.dataset["combatantId"] ?? `${n.tagName}.${n.className}`}` : null;
    w.trackerWatch = new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          const text = name(n, "+");
          if (text) w.trackerChanges.push(text);
        }
        for (const n of r.removedNodes) {
          const text = name(n, "-");
          if (text) w.trackerChanges.push(text);
        }
      }
    });
    const tracker = document.querySelector("[data-pg=tracker]");
    if (tracker) w.trackerWatch.observe(tracker, { childList: true, subtree: true });
  });
}

const trackerChanges = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...(window as unknown as { trackerChanges: string[] }).trackerChanges].sort());

test("render by change: spending one combatant's point redraws its tracker row alone; selecting redraws no row; undo redraws that row again and keeps the map", async ({
  page,
  shoot,
}) => {
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  let s = await state(page);
  const other = s.roster.find((id) => id !== s.current);
  ok(other, "nobody but the acting combatant");
  const row = page.locator(`[data-pg=tracker] [data-combatant-id="${other}"]`);

  await watchTracker(page);
  await row.locator(".tempo-combatant__name").click();
  await page.waitForFunction((id) => window.tempo.selected === id, other);
  ok(
    await row.evaluate((el) => el.classList.contains("is-selected")),
    `${other}'s row is not marked selected`,
  );
  const onSelect = await trackerChanges(page);
  ok(onSelect.length === 0, `selecting ${other} redrew tracker elements: ${onSelect.join(", ")}`);

  const pool = Object.keys(combatantIn(s, other).pools)[0];
  ok(pool, `${other} has no pool`);
  const before = combatantIn(s, other).pools[pool] ?? 0;
  const cards = await page.locator("[data-pg=chat-list] > li").count();
  // A new encounter draws the map's cells again; an undo must not.
  const cell = await page.evaluateHandle(() => document.querySelector("[data-pg=map] .pg-cell"));
  await watchTracker(page);
  await page
    .locator(`[data-pg=sheet] [data-action=spendPool][data-pool="${pool}"]:not([disabled])`)
    .or(page.locator(`[data-pg=sheet] [data-pool-delta="-1"][data-pool-id="${pool}"]:not([disabled])`))
    .first()
    .click();
  await page.waitForFunction(
    ([id, p, v]) =>
      (window.tempo.session.state.combatants.find((c) => c.id === id)?.pools[p as string] ?? v) <
      (v as number),
    [other, pool, before] as const,
  );
  const onSpend = await trackerChanges(page);
  ok(
    JSON.stringify(onSpend) === JSON.stringify([`+ ${other}`, `- ${other}`]),
    `spending ${other}'s ${pool} changed these tracker elements: ${onSpend.join(", ")}`,
  );
  await shoot("spent");

  await watchTracker(page);
  await page.locator("[data-pg=tracker] [data-pg-command=undo]").click();
  await page.locator(".pg-toast-info").last().waitFor();
  s = await state(page);
  ok(
    combatantIn(s, other).pools[pool] === before,
    `undo left ${other}'s ${pool} at ${combatantIn(s, other).pools[pool]}`,
  );
  const onUndo = await trackerChanges(page);
  ok(
    JSON.stringify(onUndo) === JSON.stringify([`+ ${other}`, `- ${other}`]),
    `undoing the spend changed these tracker elements: ${onUndo.join(", ")}`,
  );
  ok(
    (await page.locator("[data-pg=chat-list] > li").count()) === cards,
    "the undone command's chat card is still there",
  );
  ok(await cell.evaluate((el) => el?.isConnected === true), "undo drew the map's cells again");
  await shoot("undone");
});
