/**
 * What a newcomer meets first, at 1280x720, 1400x900 and 1920x1080 in every ruleset: the acting
 * combatant's first action on screen and hit at its centre, the tracker's controls uncovered, no
 * sideways scroll, unique token labels; at 1280x720 the tracker shows six combatants, the Try-this
 * steps are whole and toasts cover no control (issue 30); at the first size what each ruleset
 * teaches; at 1280x720 and 1920x1080 a reload mid-fight shows the same fight and chat. Issue 45:
 * nothing under 11 px nor cut at any size; a toast floats (no panel moves when one comes); at
 * 1024x640 the map is the largest panel with tokens a finger can take; at 1280x720 an open prompt
 * leaves the map and its tokens where they were.
 */
import type { Page } from "@playwright/test";

import {
  ACTION_BUTTONS,
  boxOf,
  clickTracker,
  combatantIn,
  declineAll,
  dragToProvoke,
  hitAtCentre,
  localize,
  ok,
  open,
  state,
  test,
  unreadable,
  type Shoot,
} from "./support";

/**
 * What a newcomer reads before Start: three "try this" steps, the ruleset's How-it-plays pages
 * (the rules journal's), and map help that matches the ruleset (rating: no movement, no drag).
 */
async function checkTeaching(page: Page, shoot: Shoot, ruleset: string): Promise<void> {
  const steps = await page.locator("[data-pg=try] li").allTextContents();
  ok(
    steps.length === 3 && steps.every((t) => t.length > 20 && !t.includes("TEMPO.")),
    `${ruleset}: the try-this steps are ${JSON.stringify(steps)}`,
  );
  await page.locator("[data-pg=howto]").click();
  const dialog = page.locator("[data-pg=dialog]");
  await dialog.waitFor({ state: "visible" });
  const text = (await dialog.locator(".pg-howto-content").allTextContents()).join(" ");
  ok(text.length > 200, `${ruleset}: the How-it-plays dialog shows no journal page`);
  await shoot(`${ruleset}-howto`);
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "hidden" });
  const moves = await page.evaluate(() => window.tempo.ruleset.moveModes.length > 0);
  const help = (await page.locator("[data-pg=help]").textContent()) ?? "";
  const noMove = await localize(page, "TEMPO.Playground.Map.HelpNoMovement");
  ok((help === noMove) === !moves, `${ruleset}: the map help says "${help}"`);
}

/** A ruleset without movement: pressing and moving a token draws no ruler, tints no threat, moves nothing. */
async function checkNoDrag(page: Page, ruleset: string): Promise<void> {
  const s = await state(page);
  const who = s.current ?? s.roster[0];
  const box = await boxOf(page.locator(`.pg-token[data-id="${who}"]`), `${who}'s token`);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 2, box.y + box.height / 2, { steps: 4 });
  const ruler = await page.locator(".pg-ruler-label, .pg-provoke").count();
  await page.mouse.up();
  ok(ruler === 0, `${ruleset}: dragging a token draws a ruler`);
  ok((await page.locator(".pg-threat-cell").count()) === 0, `${ruleset}: threat is tinted`);
  ok((await page.locator(".pg-toast-refusal").count()) === 0, `${ruleset}: a drag was sent and refused`);
  ok(
    JSON.stringify(combatantIn(await state(page), who).at) === JSON.stringify(combatantIn(s, who).at),
    `${ruleset}: the token moved`,
  );
}

/**
 * Room (issue 30): the tracker shows `rows` combatants whole inside its panel without scrolling,
 * every "Try this" step lies whole on screen inside the map panel, and a toast covers no control
 * (a refused Undo raises one).
 */
async function checkRoom(page: Page, ruleset: string, rows: number): Promise<void> {
  const seen = await page.evaluate(() => {
    const panel = document.querySelector("[data-pg=tracker]")!.getBoundingClientRect();
    return [...document.querySelectorAll("[data-pg=tracker] [data-combatant-id]")].filter((row) => {
      const b = row.getBoundingClientRect();
      return b.height > 0 && b.top >= panel.top - 1 && b.bottom <= panel.bottom + 1;
    }).length;
  });
  ok(seen >= rows, `${ruleset}: the tracker shows ${seen} combatants whole, fewer than ${rows}`);
  const steps = await page.evaluate(() => {
    const panel = document.querySelector(".pg-map-panel")!.getBoundingClientRect();
    return [...document.querySelectorAll("[data-pg=learn] [data-pg=try] li")].map((li) => {
      const b = li.getBoundingClientRect();
      return {
        whole:
          b.height > 0 &&
          b.top >= Math.max(0, panel.top) - 1 &&
          b.bottom <= Math.min(innerHeight, panel.bottom) + 1,
        text: (li.textContent ?? "").slice(0, 30),
      };
    });
  });
  const cut = steps.filter((st) => !st.whole).map((st) => st.text);
  ok(steps.length === 3 && cut.length === 0, `${ruleset}: Try-this steps cut off: ${cut.join(" | ")}`);
  const before = await panelBoxes(page);
  await page.locator('[data-pg=tracker] [data-pg-command="undo"]').click();
  const toast = page.locator(".pg-toast").last();
  await toast.waitFor();
  const after = await panelBoxes(page);
  ok(after === before, `${ruleset}: a toast moved the panels: ${before} -> ${after}`);
  const covered = await toast.evaluate((el) => {
    const t = el.getBoundingClientRect();
    const controls = document.querySelectorAll(
      "button, select, input, a[href], [tabindex]:not([tabindex='-1']), .pg-token",
    );
    return [...controls]
      .filter((c) => !el.contains(c))
      .filter((c) => {
        const b = c.getBoundingClientRect();
        return b.width > 0 && b.left < t.right && b.right > t.left && b.top < t.bottom && b.bottom > t.top;
      })
      .map((c) => c.outerHTML.slice(0, 60));
  });
  ok(covered.length === 0, `${ruleset}: a toast covers ${covered.join(" | ")}`);
}

/** Where each panel and the map stand, as one string to compare. */
const panelBoxes = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [".pg-map-host", "[data-pg=tracker]", "[data-pg=sheet]", "[data-pg=chat]"]
      .map((sel) => {
        const b = document.querySelector(sel)!.getBoundingClientRect();
        return [b.left, b.top, b.width, b.height].map((v) => v.toFixed(1)).join(",");
      })
      .join(" | "),
  );

/** A reload mid-fight shows the very same fight and chat: every card with its rolls and results. */
async function checkReload(page: Page, shoot: Shoot, ruleset: string): Promise<void> {
  // Something with a roll or a result first: the acting combatant's first action that can be taken.
  const enabled = page.locator(`${ACTION_BUTTONS}:not([disabled])`).first();
  if ((await enabled.count()) > 0) {
    await enabled.click();
    await declineAll(page, null, ruleset);
  }
  const before = await state(page);
  const chat = () => page.locator("[data-pg=chat-list]").evaluate((el) => el.innerHTML);
  const chatBefore = await chat();
  await page.reload();
  await page.waitForSelector("#playground[data-ready=true]");
  ok(
    JSON.stringify(await state(page)) === JSON.stringify(before),
    `${ruleset}: the reload changed the fight`,
  );
  const chatAfter = await chat();
  ok(chatAfter === chatBefore, `${ruleset}: after a reload the chat reads differently`);
  await shoot(`${ruleset}-reloaded`);
}

/** The sizes a person plays at, from a small laptop up. */
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1400, height: 900 },
  { width: 1920, height: 1080 },
];

for (const [index, size] of SIZES.entries()) {
  // The first size also checks what each ruleset teaches (the try-this steps, the pages, no drag).
  const teach = index === 0;
  test(`layout ${size.width}x${size.height}: every ruleset, picked from the header, starts; its acting combatant's first action is on screen and takes the click at its centre${teach ? "; each ruleset shows its try-this steps and How-it-plays pages, and rating offers no drag" : ""}`, async ({
    page,
    shoot,
  }) => {
    // Five rulesets, each started (and at two sizes reloaded mid-fight): longer than one flow.
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await open(page, "flow", 7);
    const rulesets = await page.evaluate(() => window.tempo.constructor.registered());
    const options = await page
      .locator("#pg-ruleset option")
      .evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    ok(
      JSON.stringify(options) === JSON.stringify(rulesets),
      `the picker lists ${options} but the engine has ${rulesets}`,
    );
    for (const ruleset of rulesets) {
      // Pick the ruleset as a person does; a fight is running from the second on, so it asks.
      if ((await state(page)).ruleset !== ruleset) {
        await page.locator("#pg-ruleset").selectOption(ruleset);
        await page.locator("[data-pg=confirm-leave]").click();
        await page.waitForFunction((r) => window.tempo.session.state.ruleset === r, ruleset);
      }
      const placed = (await state(page)).combatants.filter((c) => c.at).length;
      const tokens = await page.locator(".pg-token").count();
      ok(tokens === placed, `${ruleset}: ${tokens} tokens on the map for ${placed} placed combatants`);
      ok(page.url().includes(`ruleset=${ruleset}`), `${ruleset}: the address does not name the ruleset`);
      if (teach) await checkTeaching(page, shoot, ruleset);
      await clickTracker(page, "start");
      if (teach && !(await page.evaluate(() => window.tempo.ruleset.moveModes.length > 0)))
        await checkNoDrag(page, ruleset);
      const s = await state(page);
      const acting = s.current ?? (await page.evaluate(() => window.tempo.selected));
      await page.locator(`[data-pg=sheet][data-combatant="${acting}"]`).waitFor({ timeout: 5000 });
      const first = page.locator(ACTION_BUTTONS).first();
      await first.waitFor({ timeout: 5000 });
      const where = await hitAtCentre(first);
      ok(where.inView, `${ruleset}: the first action of ${acting} is off screen`);
      ok(where.hit, `${ruleset}: a click on the first action lands on ${where.what}`);
      for (const control of ["tempoNext", "endTurn"]) {
        const button =
          control === "tempoNext"
            ? page.locator('[data-pg=tracker] [data-action="tempoNext"]')
            : page.locator('[data-pg=tracker] [data-pg-command="endTurn"]');
        if ((await button.count()) === 0) continue;
        const at = await hitAtCentre(button.first());
        ok(at.inView && at.hit, `${ruleset}: the tracker's ${control} is covered or off screen (${at.what})`);
        const title = await button.first().getAttribute("title");
        ok(title && !title.startsWith("TEMPO."), `${ruleset}: ${control} does not say what it does`);
      }
      // Scrolled to its end, the sheet still paints over nothing: every token takes its own click.
      await page.locator("[data-pg=sheet]").evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      for (const id of s.roster.filter((c) => combatantIn(s, c).at)) {
        const disc = page.locator(`.pg-token[data-id="${id}"] .pg-token-disc`);
        const at = await hitAtCentre(disc);
        if (at.inView) ok(at.hit, `${ruleset}: ${id}'s token is covered by ${at.what}`);
      }
      await page.locator("[data-pg=sheet]").evaluate((el) => el.scrollTo(0, 0));
      await page.evaluate(() => window.scrollTo(0, 0));
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      ok(wide <= 0, `${ruleset}: the page scrolls sideways by ${wide}px`);
      const unread = await unreadable(page, "#playground");
      ok(unread.length === 0, `${ruleset}: text a person cannot read whole: ${unread.join("; ")}`);
      const labels = await page.locator(".pg-token-label").allTextContents();
      ok(new Set(labels).size === labels.length, `${ruleset}: token labels repeat: ${labels.join(" ")}`);
      const portraits = await page
        .locator("[data-pg=tracker] img.tempo-combatant__img")
        .evaluateAll((imgs) => imgs.map((i) => decodeURIComponent(i.getAttribute("src") ?? "")));
      for (const label of labels)
        ok(
          portraits.some((src) => src.includes(`>${label}</text>`)),
          `${ruleset}: the tracker has no portrait labelled ${label}`,
        );
      const hasPools = await page.evaluate(() => window.tempo.ruleset.pools.length > 0);
      const poolsBox = await page.locator("[data-pg=sheet] .tempo-sheet__pools").count();
      ok(poolsBox === (hasPools ? 1 : 0), `${ruleset}: the sheet shows ${poolsBox} points boxes`);
      await checkRoom(page, ruleset, Math.min(6, s.roster.length));
      await shoot(`${ruleset}`);
      if (size.width === 1280 || size.width === 1920) await checkReload(page, shoot, ruleset);
    }
  });
}

/** The map's box and its tokens' boxes on screen. */
const mapBoxes = (page: Page) =>
  page.evaluate(() => {
    const box = (el: Element) => {
      const b = el.getBoundingClientRect();
      return { x: b.x, y: b.y, width: b.width, height: b.height };
    };
    return {
      host: box(document.querySelector(".pg-map-host")!),
      tokens: Object.fromEntries(
        [...document.querySelectorAll("[data-pg=map] g.pg-token")].map((g) => [
          g.getAttribute("data-id"),
          box(g.querySelector(".pg-token-disc")!),
        ]),
      ) as Record<string, { x: number; y: number; width: number; height: number }>,
    };
  });

test("layout 1024x640: in every ruleset the map is the largest panel, its tokens at least 28 px; nothing is cut, scrolls sideways or reads under 11 px; the first action takes its click", async ({
  page,
  shoot,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1024, height: 640 });
  await open(page, "flow", 7);
  const rulesets = await page.evaluate(() => window.tempo.constructor.registered());
  for (const ruleset of rulesets) {
    if ((await state(page)).ruleset !== ruleset) {
      await page.locator("#pg-ruleset").selectOption(ruleset);
      await page.locator("[data-pg=confirm-leave]").click();
      await page.waitForFunction((r) => window.tempo.session.state.ruleset === r, ruleset);
    }
    for (const moment of ["before", "after"] as const) {
      if (moment === "after") await clickTracker(page, "start");
      const room = await page.evaluate(() => {
        const area = (sel: string) => {
          const b = document.querySelector(sel)!.getBoundingClientRect();
          return Math.round(b.width * b.height);
        };
        return {
          map: area(".pg-map-host"),
          tracker: area("[data-pg=tracker]"),
          sheet: area("[data-pg=sheet]"),
          chat: area("[data-pg=chat]"),
        };
      });
      ok(
        room.map > room.tracker && room.map > room.sheet && room.map > room.chat,
        `${ruleset} ${moment} Start: the map is not the largest panel: ${JSON.stringify(room)}`,
      );
      const { tokens } = await mapBoxes(page);
      // A small or tiny creature's token is drawn at 0.8 of a medium one's (map.ts).
      const sizes = new Map((await state(page)).combatants.map((c) => [c.id, c.size]));
      const least = (id: string) => (["small", "tiny"].includes(sizes.get(id) ?? "") ? 28 * 0.8 : 28);
      const small = Object.entries(tokens).filter(([id, b]) => b.width < least(id));
      ok(
        small.length === 0,
        `${ruleset} ${moment} Start: tokens under 28 px: ${small.map(([id, b]) => `${id} ${b.width.toFixed(0)}`).join(", ")}`,
      );
      const unread = await unreadable(page, "#playground");
      ok(unread.length === 0, `${ruleset} ${moment} Start: ${unread.join("; ")}`);
      await shoot(`1024-${ruleset}-${moment}`);
    }
    const first = page.locator(ACTION_BUTTONS).first();
    await first.waitFor({ timeout: 5000 });
    await first.scrollIntoViewIfNeeded();
    const where = await hitAtCentre(first);
    ok(where.inView && where.hit, `${ruleset}: the first action is off screen or covered (${where.what})`);
  }
});

test("layout 1280x720: an open reaction prompt leaves the map its size and every token where it was, and shows whole with its answers in reach", async ({
  page,
  shoot,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, "flow", 11, "&prompt=300");
  await clickTracker(page, "start");
  const before = await mapBoxes(page);
  await dragToProvoke(page);
  await shoot("prompt-open");
  const after = await mapBoxes(page);
  const near = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    Math.abs(a.x - b.x) < 0.6 && Math.abs(a.y - b.y) < 0.6 && Math.abs(a.width - b.width) < 0.6;
  ok(
    near(after.host, before.host),
    `the map moved or shrank: ${JSON.stringify(before.host)} -> ${JSON.stringify(after.host)}`,
  );
  const mover = (await state(page)).current;
  const moved = Object.keys(before.tokens).filter(
    (id) => id !== mover && !near(after.tokens[id]!, before.tokens[id]!),
  );
  ok(moved.length === 0, `tokens changed size or place when the prompt opened: ${moved.join(", ")}`);
  const prompt = await page.locator("[data-pg=prompt]").evaluate((el) => {
    const b = el.getBoundingClientRect();
    return b.top >= 0 && b.bottom <= innerHeight + 1 && b.left >= 0 && b.right <= innerWidth + 1;
  });
  ok(prompt, "the prompt is not whole on screen");
  const answers = page.locator("[data-pg=prompt] button");
  for (let i = 0; i < (await answers.count()); i++) {
    const at = await hitAtCentre(answers.nth(i));
    ok(at.inView && at.hit, `the prompt's button ${i} is off screen or covered (${at.what})`);
  }
  const unread = await unreadable(page, "#playground");
  ok(unread.length === 0, `with the prompt open: ${unread.join("; ")}`);
});
