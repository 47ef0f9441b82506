/**
 * The Crowd (issue 31) in Chromium at N = 200: `?ruleset=flow&n=200` opens the flow Crowd; every
 * one of the 200 tokens can be reached and clicked (brought into view by scrolling the map at its
 * opening zoom, and all at once after Fit: `elementFromPoint` at each token's centre hits that
 * token); the view pans (dragging empty ground, arrow keys) and zooms (+, −, Ctrl+wheel, Fit) and
 * keeps its zoom through re-renders; dragging c1 one hex back at a zoom of its own is a provoking
 * move (the pointer-to-hex maths holds under zoom and scroll), its prompt opens and is answered,
 * and Undo puts c1 back; the long tracker scrolls inside its panel, the page staying one screen high.
 */
import type { Page } from "@playwright/test";

import { clickTracker, declineAll, ok, open, placeOf, state, test, type PgState } from "./support";

const N = 200;

/** The part of the page's console handle (window.tempo.map, src/playground/map.ts) this flow reads. */
interface MapHandle {
  scale: number;
  fitted: boolean;
  view: HTMLElement;
}

/** The map's zoom (screen pixels per SVG unit) and scroll, read from the page. */
function view(page: Page): Promise<{ scale: number; fitted: boolean; left: number; top: number }> {
  return page.evaluate(() => {
    const map = (window as unknown as { tempo: { map: MapHandle } }).tempo.map;
    return { scale: map.scale, fitted: map.fitted, left: map.view.scrollLeft, top: map.view.scrollTop };
  });
}

/**
 * Which tokens are not under the pointer at their centres (`elementFromPoint` hits another element
 * or none). With `scroll`, the map's view is scrolled across the whole map a view at a time, as a
 * person pans it, and a token counts as reached when it is hit at any of those places.
 */
function unreachable(page: Page, scroll: boolean): Promise<string[]> {
  return page.evaluate((panAcross) => {
    const viewEl = document.querySelector<HTMLElement>("[data-pg=map] .pg-map-view")!;
    const left = new Set(window.tempo.session.state.roster);
    const look = () => {
      const v = viewEl.getBoundingClientRect();
      for (const id of [...left]) {
        const t = document
          .querySelector(`[data-pg=map] g[data-id="${id}"] .pg-token-disc`)!
          .getBoundingClientRect();
        const x = (t.left + t.right) / 2;
        const y = (t.top + t.bottom) / 2;
        if (x < v.left || x > v.right || y < v.top || y > v.bottom) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit?.closest("g.pg-token")?.getAttribute("data-id") === id) left.delete(id);
      }
    };
    if (!panAcross) look();
    else {
      const stepX = Math.max(1, viewEl.clientWidth * 0.8);
      const stepY = Math.max(1, viewEl.clientHeight * 0.8);
      for (let top = 0; top < viewEl.scrollHeight; top += stepY)
        for (let x = 0; x < viewEl.scrollWidth; x += stepX) {
          viewEl.scrollTo(x, top);
          look();
        }
    }
    return [...left];
  }, scroll);
}

/** Open the flow Crowd of 200 at a window size and start the fight: c1 acts first. */
async function startCrowd(page: Page, size: { width: number; height: number }): Promise<PgState> {
  // A page of 200 combatants renders every click in tens of milliseconds on a quiet machine, but
  // several times that on a loaded one: each wait gets longer than the flows' 5 s.
  page.setDefaultTimeout(20_000);
  await page.setViewportSize(size);
  // A long countdown: on a busy machine the prompt must not decline itself before it is answered.
  await open(page, "flow", 7, `&n=${N}&prompt=300`);
  let s = await state(page);
  ok(s.roster.length === N, `the crowd has ${s.roster.length} combatants, not ${N}`);
  ok(
    s.roster[0] === "c1" && s.roster[N - 1] === `c${N}`,
    `the crowd's ids are ${s.roster.slice(0, 3).join(",")}...`,
  );
  ok(
    (await page.locator("[data-pg=map] g.pg-token").count()) === N,
    "the map does not draw a token per combatant",
  );
  await clickTracker(page, "start");
  await page.waitForFunction(() => window.tempo.session.state.status === "active");
  s = await state(page);
  ok(s.current === "c1", `c1 does not act first (${s.current} does)`);

  return s;
}

/**
 * The long tracker scrolls inside its panel, the page staying one screen high; scrolled to its last
 * row, the round line and the controls (End turn, Next turn) are still in view at its top.
 */
async function checkTracker(page: Page): Promise<void> {
  const room = await page.evaluate(() => {
    const panel = document.querySelector<HTMLElement>("[data-pg=tracker]")!;
    panel.scrollTop = panel.scrollHeight;
    const p = panel.getBoundingClientRect();
    const inPanel = (el: Element | null) => {
      const b = el?.getBoundingClientRect();
      return !!b && b.height > 0 && b.top >= p.top - 1 && b.bottom <= p.bottom + 1;
    };
    const rows = panel.querySelectorAll("[data-combatant-id]");
    const last = rows[rows.length - 1] ?? null;
    const under = last
      ? document.elementFromPoint(p.left + p.width / 2, last.getBoundingClientRect().top + 4)
      : null;
    return {
      page: document.scrollingElement!.scrollHeight,
      screen: innerHeight,
      scrolls: panel.scrollHeight > panel.clientHeight + 1,
      controls: inPanel(panel.querySelector('[data-pg-command="endTurn"]')),
      next: inPanel(panel.querySelector('[data-action="tempoNext"]')),
      lastRow: inPanel(last) && !!under && last!.contains(under),
    };
  });
  ok(room.page <= room.screen + 1, `the page grew to ${room.page}px in a ${room.screen}px window`);
  ok(room.scrolls, "the tracker of 200 does not scroll inside its panel");
  ok(
    room.controls && room.next,
    `the tracker's controls scrolled away with its rows: ${JSON.stringify(room)}`,
  );
  ok(room.lastRow, "the tracker's last row cannot be scrolled into view (or the controls cover it)");
  const rows = page.locator("[data-pg=tracker] [data-combatant-id]");
  ok((await rows.count()) === N, `the tracker lists ${await rows.count()} rows`);
}

test("crowd 1920x1080: the tracker of 200 scrolls inside its panel, and Fit shows every token, each one clickable", async ({
  page,
  shoot,
}) => {
  test.setTimeout(120_000);
  await startCrowd(page, { width: 1920, height: 1080 });
  await checkTracker(page);
  await page.locator('[data-pg=map] [data-pg-zoom="fit"]').click();
  const misses = await unreachable(page, false);
  ok(misses.length === 0, `tokens not reachable after Fit: ${misses.join(", ")}`);
  await shoot("fit");
});

test("crowd 1280x720: 200 combatants, every token reachable, pan and zoom, a provoking move, its prompt and Undo", async ({
  page,
  shoot,
}) => {
  test.setTimeout(120_000);
  let s = await startCrowd(page, { width: 1280, height: 720 });
  await checkTracker(page);

  // The map opens fitted, or, where Fit would draw tokens too small to work with, at a zoom of
  // its own scrolled to the acting c1; either way c1 is under the pointer at its centre.
  const opening = await view(page);
  ok(opening.scale >= 0.5 - 1e-6, `the map opens at ${opening.scale} pixels a unit, too small to work with`);
  ok(
    !(await unreachable(page, false)).includes("c1"),
    "the acting c1 is not in view at the map's opening zoom",
  );
  const scrolledMisses = await unreachable(page, true);
  ok(scrolledMisses.length === 0, `tokens not reachable by scrolling the map: ${scrolledMisses.join(", ")}`);

  // Fit: the whole map in view, every token hit at its centre.
  await page.locator('[data-pg=map] [data-pg-zoom="fit"]').click();
  const fitted = await view(page);
  ok(fitted.fitted, "Fit does not fit the map");
  const fitMisses = await unreachable(page, false);
  ok(fitMisses.length === 0, `tokens not reachable after Fit: ${fitMisses.join(", ")}`);
  await shoot("fit");

  // + zooms in; Ctrl+wheel zooms in further about the pointer; arrow keys and dragging the ground pan.
  await page.locator('[data-pg=map] [data-pg-zoom="in"]').click();
  await page.locator('[data-pg=map] [data-pg-zoom="in"]').click();
  await page.locator('[data-pg=map] [data-pg-zoom="in"]').click();
  const zoomed = await view(page);
  ok(!zoomed.fitted && zoomed.scale > fitted.scale * 1.5, `+ did not zoom in: ${JSON.stringify(zoomed)}`);
  const mapBox = (await page.locator("[data-pg=map] .pg-map-view").boundingBox())!;
  await page.mouse.move(mapBox.x + mapBox.width / 2, mapBox.y + mapBox.height / 2);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -300);
  await page.keyboard.up("Control");
  await page.waitForFunction(
    (before) => (window as unknown as { tempo: { map: MapHandle } }).tempo.map.scale > before * 1.1,
    zoomed.scale,
  );
  const wheeled = await view(page);
  await page.locator("[data-pg=map] .pg-map-view").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  const keyed = await view(page);
  ok(
    keyed.left > wheeled.left && keyed.top > wheeled.top,
    `arrow keys did not pan: ${JSON.stringify([wheeled, keyed])}`,
  );
  // An empty cell (no token on it) to grab the ground by: the view's top-left cell is a margin.
  await page.evaluate(() =>
    (window as unknown as { tempo: { map: MapHandle } }).tempo.map.view.scrollTo(0, 0),
  );
  const ground = (await page.locator('[data-pg=map] .pg-grid [data-cell="0,0"]').boundingBox())!;
  await page.mouse.move(ground.x + ground.width / 2, ground.y + ground.height / 2);
  await page.mouse.down();
  await page.mouse.move(ground.x + ground.width / 2 - 80, ground.y + ground.height / 2 - 60, { steps: 4 });
  await page.mouse.up();
  const dragged = await view(page);
  ok(dragged.left >= 79 && dragged.top >= 59, `dragging the ground did not pan: ${JSON.stringify(dragged)}`);

  // The provoking move at this zoom: c1 comes into view (it is current), and is dragged one hex back.
  const from = placeOf(s, "c1");
  const back: [number, number] = [from[0] - 1, from[1]];
  const c1 = page.locator('[data-pg=map] g[data-id="c1"] .pg-token-disc');
  await c1.scrollIntoViewIfNeeded();
  const start = (await c1.boundingBox())!;
  const target = (await page
    .locator(`[data-pg=map] .pg-grid [data-cell="${back[0]},${back[1]}"]`)
    .boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 5 });
  // The ruler follows the pointer to the very hex under it, and marks the provocation.
  await page.locator(".pg-ruler-label").waitFor();
  ok((await page.locator(".pg-provoke").count()) > 0, "the ruler does not mark leaving the orc's hex");
  // The map redraws by change: from the drop to the open prompt, only the tokens of combatants the
  // move changed (c1) or who may now react are touched, not all 200.
  await page.evaluate(() => {
    const touched = new Set<string>();
    const layer = document.querySelector("[data-pg=map] .pg-tokens")!;
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const id = (r.target instanceof Element ? r.target : r.target.parentElement)
          ?.closest("g.pg-token")
          ?.getAttribute("data-id");
        if (id) touched.add(id);
      }
    });
    observer.observe(layer, { subtree: true, attributes: true, childList: true, characterData: true });
    Object.assign(window, { crowdTouched: { touched, observer } });
  });
  await page.mouse.up();
  // In one step, so the prompt's countdown has no time to run out on a busy machine: the prompt is
  // open, and the tokens touched so far are read (the observer stops before the answer redraws).
  const touched = await page
    .waitForFunction(() => {
      const prompt = document.querySelector<HTMLElement>("[data-pg=prompt]");
      if (!prompt || prompt.hidden || !prompt.querySelector("[data-action=tempoDecline]")) return null;
      const { touched: ids, observer } = (
        window as unknown as { crowdTouched: { touched: Set<string>; observer: MutationObserver } }
      ).crowdTouched;
      observer.disconnect();
      return [...ids];
    })
    .then((handle) => handle.jsonValue() as Promise<string[]>);
  s = await state(page);
  ok(s.offers.length > 0, "the move out of the orc's hex drew no reaction offer");
  const mayChange = new Set(["c1", ...s.offers.map((o) => o.who)]);
  ok(
    touched.length > 0 && touched.every((id) => mayChange.has(id)),
    `the move redrew tokens ${touched.join(", ")}; only ${[...mayChange].join(", ")} changed`,
  );
  const kept = await view(page);
  ok(
    Math.abs(kept.scale - wheeled.scale) < 1e-6,
    `the zoom changed with the move: ${wheeled.scale} → ${kept.scale}`,
  );
  await declineAll(page, null, "crowd");
  // Declined: the move goes on to the very hex it was dropped on.
  s = await state(page);
  ok(
    JSON.stringify(placeOf(s, "c1")) === JSON.stringify(back),
    `c1 went to ${placeOf(s, "c1")}, not the hex dropped on (${back})`,
  );
  await clickTracker(page, "undo");
  await page.waitForFunction((at) => {
    const c = window.tempo.session.state.combatants.find((x) => x.id === "c1");
    return JSON.stringify(c?.at) === at;
  }, JSON.stringify(from));
  s = await state(page);
  ok(
    s.offers.length === 0 && s.current === "c1",
    `after Undo: offers ${s.offers.length}, current ${s.current}`,
  );
  await shoot("undone");
});

test("crowd ?n=: every ruleset's Crowd opens at the size asked, ?encounter= opens one by its id; a count out of 2..400 is named in a toast and the default sample opens", async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(20_000);
  for (const ruleset of await page
    .goto("/?seed=3", { timeout: 20_000 })
    .then(() => page.waitForSelector("#playground[data-ready=true]"))
    .then(() => page.evaluate(() => window.tempo.constructor.registered()))) {
    await open(page, ruleset, 3, "&n=20");
    const s = await state(page);
    ok(s.roster.length === 20, `${ruleset}: ?n=20 opened ${s.roster.length} combatants`);
    ok(
      (await page.evaluate(
        () => (window as unknown as { tempo: { encounter: { id: string } } }).tempo.encounter.id,
      )) === `crowd-${ruleset}-20`,
      `${ruleset}: ?n=20 did not open crowd-${ruleset}-20`,
    );
    ok(
      (await page.locator("[data-pg=map] g.pg-token").count()) === 20,
      `${ruleset}: the map does not draw the crowd's 20 tokens`,
    );
    // The address now names the crowd by its id (a stale n never overrides a later pick).
    const address = new URL(page.url()).searchParams;
    ok(
      !address.has("n") && address.get("encounter") === `crowd-${ruleset}-20`,
      `${ruleset}: the address after ?n=20 is ${page.url()}`,
    );
    // The encounter picker names the running crowd with its size, not the listed Crowd of 200.
    const picked = await page.locator("#pg-encounter").evaluate((el) => {
      const select = el as HTMLSelectElement;
      return { value: select.value, text: select.selectedOptions[0]?.textContent ?? "" };
    });
    ok(
      picked.value === `crowd-${ruleset}-20` && picked.text === "Crowd of 20",
      `${ruleset}: the encounter picker shows ${JSON.stringify(picked)} for the crowd of 20`,
    );
  }
  // A saved or shared link names the crowd by its id, any allowed size.
  await open(page, "phases", 3, "&encounter=crowd-phases-30");
  const named = await state(page);
  ok(named.roster.length === 30, `?encounter=crowd-phases-30 opened ${named.roster.length} combatants`);
  await open(page, "flow", 3, "&n=1000");
  const s = await state(page);
  ok(s.roster.length < 20, `?n=1000 opened ${s.roster.length} combatants, not the default sample`);
  const expected = await page.evaluate(() =>
    window.tempo.loc.format("TEMPO.Playground.Toast.BadCrowdSize", { n: "1000", min: 2, max: 400 }),
  );
  const toast = page.locator(".pg-toast").filter({ hasText: expected });
  ok((await toast.count()) === 1, `no toast says "${expected}"`);
});

test("crowd start: the tracker draws the rows in view with the Start and the rest when idle; the map writes only what a token shows differently and moves the turn's marks", async ({
  page,
}) => {
  test.setTimeout(120_000);
  page.setDefaultTimeout(20_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, "flow", 7, `&n=${N}&prompt=300`);
  // Every write to the tokens, by attribute, from the Start's click to the end of its command.
  const drawn = await page.evaluate(() => {
    const writes = new Map<string, number>();
    const layer = document.querySelector("[data-pg=map] .pg-tokens")!;
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const what = r.type === "attributes" ? (r.attributeName ?? "") : r.type;
        writes.set(what, (writes.get(what) ?? 0) + 1);
      }
    });
    observer.observe(layer, { subtree: true, attributes: true, childList: true, characterData: true });
    document.querySelector<HTMLElement>('[data-pg=tracker] [data-pg-command="start"]')!.click();
    const records = observer.takeRecords();
    observer.disconnect();
    for (const r of records) {
      const what = r.type === "attributes" ? (r.attributeName ?? "") : r.type;
      writes.set(what, (writes.get(what) ?? 0) + 1);
    }
    const panel = document.querySelector<HTMLElement>("[data-pg=tracker]")!;
    const rows = [...panel.querySelectorAll<HTMLElement>("[data-combatant-id]")];
    const current = window.tempo.session.state.current;
    const box = panel.getBoundingClientRect();
    const inView = rows.filter((row) => {
      const b = row.getBoundingClientRect();
      return b.bottom > box.top && b.top < box.bottom;
    });
    return {
      rows: rows.length,
      pending: rows.filter((r) => r.classList.contains("pg-row-pending")).length,
      currentDrawn: rows.some(
        (r) => r.dataset["combatantId"] === current && !r.classList.contains("pg-row-pending"),
      ),
      inViewPending: inView.filter((r) => r.classList.contains("pg-row-pending")).length,
      inView: inView.length,
      named: rows.every((r) => (r.textContent ?? "").trim().length > 0 && r.hasAttribute("aria-label")),
      writes: Object.fromEntries(writes),
    };
  });
  ok(drawn.rows === N, `the tracker lists ${drawn.rows} rows with the Start, not ${N}`);
  ok(
    drawn.pending > N / 2,
    `the Start drew ${N - drawn.pending} of ${N} rows from the template at once (only those in view should be)`,
  );
  ok(drawn.currentDrawn, "the acting combatant's row waits to be drawn");
  ok(
    drawn.inView > 0 && drawn.inViewPending === 0,
    `${drawn.inViewPending} of the ${drawn.inView} rows in view wait to be drawn`,
  );
  ok(drawn.named, "a waiting row has no name or no label");
  // Nobody moved, changed side or colour at the Start: no token is placed or painted again.
  for (const attr of ["transform", "r", "fill", "font-size", "childList"])
    ok(
      !drawn.writes[attr],
      `the Start wrote ${attr} on ${drawn.writes[attr]} tokens: ${JSON.stringify(drawn.writes)}`,
    );

  // Scrolled to the bottom at once, the rows shown there are drawn before they are painted, or
  // within a few frames; left alone, every row is soon the template's.
  const scrolled = await page.evaluate(async () => {
    const panel = document.querySelector<HTMLElement>("[data-pg=tracker]")!;
    panel.scrollTop = panel.scrollHeight;
    for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
    const box = panel.getBoundingClientRect();
    return [...panel.querySelectorAll<HTMLElement>("[data-combatant-id]")].filter((row) => {
      const b = row.getBoundingClientRect();
      return b.bottom > box.top && b.top < box.bottom && row.classList.contains("pg-row-pending");
    }).length;
  });
  ok(scrolled === 0, `${scrolled} rows scrolled into view still wait to be drawn`);
  await page.waitForFunction(
    () => document.querySelectorAll("[data-pg=tracker] .pg-row-pending").length === 0,
  );
  const rows = page.locator("[data-pg=tracker] [data-combatant-id]");
  ok((await rows.count()) === N, `after drawing when idle the tracker lists ${await rows.count()} rows`);
  ok(
    (await page.locator("[data-pg=tracker] [data-combatant-id] [data-action=tempoSetup]").count()) === N,
    "a row drawn when idle has no setup button",
  );

  // The map looks only at the tokens a command changed (and who was or is now selected, acting or
  // reacting): the turn passing on moves the acting and selected marks, with none left behind.
  for (const command of ["endTurn", "next"]) {
    await clickTracker(page, command);
    await declineAll(page, null, "crowd");
  }
  const marks = await page.evaluate(() => ({
    current: [...document.querySelectorAll("[data-pg=map] g.pg-token.pg-current")].map((g) =>
      g.getAttribute("data-id"),
    ),
    selected: [...document.querySelectorAll("[data-pg=map] g.pg-token.pg-selected")].map((g) =>
      g.getAttribute("data-id"),
    ),
    state: window.tempo.session.state.current,
    chosen: window.tempo.selected,
  }));
  ok(marks.state !== "c1", "the turn did not pass on from c1");
  ok(
    JSON.stringify(marks.current) === JSON.stringify(marks.state ? [marks.state] : []),
    `tokens marked acting: ${marks.current.join(", ")}; acting: ${marks.state}`,
  );
  ok(
    JSON.stringify(marks.selected) === JSON.stringify(marks.chosen ? [marks.chosen] : []),
    `tokens marked selected: ${marks.selected.join(", ")}; selected: ${marks.chosen}`,
  );
});
