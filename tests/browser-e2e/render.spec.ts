/**
 * Render by change (issue 31): a command that changes one combatant redraws that combatant's
 * tracker row and nothing else of the tracker; selecting a combatant only moves the selection's
 * class; an undo redraws what it undid (the same row, the undone chat card gone) without drawing
 * the map again. Counted with a MutationObserver on the tracker, as the DOM sees it.
 */
import type { Page } from "@playwright/test";

import { clickTracker, combatantIn, currentSteps, ok, open, state, test } from "./support";

/**
 * Start counting what the tracker's DOM sees change: each row written to (an element added,
 * removed, re-attributed or re-texted in it, or the row itself added or removed) by its combatant;
 * anything outside the rows by its tag and class. Moving the selection's class on a row is not a
 * redraw and is not counted.
 */
async function watchTracker(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { trackerChanges: Set<string>; trackerWatch?: MutationObserver };
    w.trackerWatch?.disconnect();
    w.trackerChanges = new Set();
    const nameOf = (n: Node | null): string | null => {
      const el = n instanceof Element ? n : (n?.parentElement ?? null);
      if (!el) return null;
      const row = el.closest<HTMLElement>("[data-combatant-id]");
      return row ? `row ${row.dataset["combatantId"]}` : `${el.tagName}.${el.className}`;
    };
    w.trackerWatch = new MutationObserver((records) => {
      for (const r of records) {
        const onRow = r.target instanceof HTMLElement && r.target.dataset["combatantId"] !== undefined;
        if (r.type === "attributes" && onRow && r.attributeName === "class") continue;
        if (
          r.type === "childList" &&
          !(r.target instanceof Element && r.target.closest("[data-combatant-id]"))
        ) {
          // Rows (or other elements) added to or taken from the list itself.
          for (const n of [...r.addedNodes, ...r.removedNodes]) {
            const text = n instanceof HTMLElement ? nameOf(n) : null;
            if (text) w.trackerChanges.add(text);
          }
          continue;
        }
        const text = nameOf(r.target);
        if (text) w.trackerChanges.add(text);
      }
    });
    const tracker = document.querySelector("[data-pg=tracker]");
    if (tracker)
      w.trackerWatch.observe(tracker, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      });
  });
}

const trackerChanges = (page: Page): Promise<string[]> =>
  page.evaluate(() => [...(window as unknown as { trackerChanges: Set<string> }).trackerChanges].sort());

/** Spend one of `who`'s `pool` from the sheet's button (the template's, or the GM's pool bar) and wait for it. */
async function spendOne(page: Page, who: string, pool: string, before: number): Promise<void> {
  await page
    .locator(`[data-pg=sheet] [data-action=spendPool][data-pool="${pool}"]:not([disabled])`)
    .or(page.locator(`[data-pg=sheet] [data-pool-delta="-1"][data-pool-id="${pool}"]:not([disabled])`))
    .first()
    .click();
  await page.waitForFunction(
    ([id, p, v]) =>
      (window.tempo.session.state.combatants.find((c) => c.id === id)?.pools[p as string] ?? v) <
      (v as number),
    [who, pool, before] as const,
  );
}

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
  await spendOne(page, other, pool, before);
  const onSpend = await trackerChanges(page);
  ok(
    JSON.stringify(onSpend) === JSON.stringify([`row ${other}`]),
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
    JSON.stringify(onUndo) === JSON.stringify([`row ${other}`]),
    `undoing the spend changed these tracker elements: ${onUndo.join(", ")}`,
  );
  ok(
    (await page.locator("[data-pg=chat-list] > li").count()) === cards,
    "the undone command's chat card is still there",
  );
  ok(await cell.evaluate((el) => el?.isConnected === true), "undo drew the map's cells again");
  await shoot("undone");
});

test("render by change: a command lays the sheet over itself part by part; the parts it did not change, and the portrait, are the same elements", async ({
  page,
}) => {
  await open(page, "flow", 11);
  await clickTracker(page, "start");
  const s = await state(page);
  const me = s.current;
  ok(me, "nobody acts after the start");
  const pool = Object.keys(combatantIn(s, me).pools)[0];
  ok(pool, `${me} has no pool`);
  // Handles on the sheet's parts as drawn now (the header's portrait, the stats, the weapons).
  await page.evaluate(() => {
    const sheet = document.querySelector("[data-pg=sheet] .tempo-sheet-host > *")!;
    Object.assign(window, {
      sheetParts: {
        portrait: sheet.querySelector(".tempo-sheet__portrait"),
        stats: sheet.querySelector(".tempo-sheet__stats"),
        weapons: sheet.querySelector(".tempo-sheet__weapons"),
        pools: sheet.querySelector(".tempo-sheet__pools"),
        text: sheet.querySelector(".tempo-sheet__pools")?.textContent ?? "",
      },
    });
  });
  const before = combatantIn(s, me).pools[pool] ?? 0;
  await spendOne(page, me, pool, before);
  const kept = await page.evaluate(() => {
    const parts = (window as unknown as { sheetParts: Record<string, Element | null | string> }).sheetParts;
    const live = (el: unknown) => el instanceof Element && el.isConnected;
    const pools = document.querySelector("[data-pg=sheet] .tempo-sheet__pools");
    return {
      portrait: live(parts["portrait"]),
      stats: live(parts["stats"]),
      weapons: live(parts["weapons"]),
      poolsRedrawn: (pools?.textContent ?? "") !== parts["text"],
    };
  });
  ok(kept.poolsRedrawn, `spending ${me}'s ${pool} did not change the sheet's pools`);
  ok(kept.portrait, "the sheet's portrait was made again for a spent point");
  ok(kept.stats && kept.weapons, `parts the spend did not change were made again: ${JSON.stringify(kept)}`);
});

test("render by change: a command that changes the tracker's header lays it over itself; the playground's bar stays the same element, beside the template's controls", async ({
  page,
}) => {
  await open(page, "phases", 5);
  await clickTracker(page, "start");
  const stepsBefore = await currentSteps(page);
  await page.evaluate(() => {
    Object.assign(window, {
      headerParts: {
        header: document.querySelector("[data-pg=tracker] .tempo-tracker__structure"),
        bar: document.querySelector("[data-pg=tracker] [data-pg=tracker-controls]"),
      },
    });
  });
  // Next moves the phases' highlighted step and who acts: the header's HTML and the bar's names change.
  let s = await state(page);
  const phase = s.phase;
  for (let i = 0; i < 40 && s.phase === phase; i++) {
    await clickTracker(page, "next");
    s = await state(page);
  }
  ok(s.phase !== phase, `Next never left phase ${String(phase)}`);
  const stepsAfter = await currentSteps(page);
  ok(
    JSON.stringify(stepsAfter) !== JSON.stringify(stepsBefore),
    `the header still highlights ${JSON.stringify(stepsAfter)}`,
  );
  const kept = await page.evaluate(() => {
    const parts = (window as unknown as { headerParts: Record<string, Element | null> }).headerParts;
    const header = document.querySelector("[data-pg=tracker] .tempo-tracker__structure");
    const bar = document.querySelector("[data-pg=tracker] [data-pg=tracker-controls]");
    return {
      header: header !== null && header === parts["header"],
      bar: bar !== null && bar === parts["bar"],
      bars: document.querySelectorAll("[data-pg=tracker] [data-pg=tracker-controls]").length,
      besideControls: bar?.previousElementSibling?.classList.contains("tempo-tracker__controls") === true,
    };
  });
  ok(kept.header, "the tracker's header was made again instead of laid over itself");
  ok(kept.bar && kept.bars === 1, `the playground's bar was made again (${kept.bars} bars)`);
  ok(kept.besideControls, "the playground's bar is not beside the template's controls");
  // Its buttons are written in place, and say what they do now: End turn names who acts now.
  const acting = s.current ? combatantIn(s, s.current).name : null;
  const endTurn = await page
    .locator("[data-pg=tracker] [data-pg=tracker-controls] [data-pg-command=endTurn]")
    .getAttribute("title");
  ok(acting === null || (endTurn ?? "").includes(acting), `End turn says "${endTurn}", not naming ${acting}`);
});
