#!/usr/bin/env node
/**
 * Browser tests: serve the playground with Vite on a free localhost port and drive Debian's
 * Chromium with playwright-core through what a person does at the table: drag a token out of a
 * threatened hex and answer the reaction prompt, spend AP from the sheet until the buttons disable,
 * advance phases and segments from the tracker; and what a newcomer meets first, at 1280x720,
 * 1400x900 and 1920x1080 in every ruleset: the acting combatant's first action on screen and hit
 * at its centre, a keyboard-opened prompt holding focus and giving it back, text contrast measured
 * in the page (WCAG AA), a reload that keeps the fight; and a GM's first hour (issue 30): at
 * 1280x720 the tracker shows six combatants, the Try-this steps are whole and toasts cover no
 * control; a reload mid-fight shows the same chat (every ruleset, at 1280x720 and 1920x1080); the
 * whole fight from the keyboard alone (skip link, J, Ctrl+Z) at both sizes; Undo, Previous turn and
 * Previous round; a large token refused at the map's corner. Every step leaves a screenshot in
 * test-artifacts/browser/. The last line is `N passed, N failed`; any failure exits non-zero.
 *
 *   npm run test:browser            all flows
 *   node scripts/browser-tests.mjs reaction    only flows whose name contains "reaction"
 */
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createServer as createNetServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ARTIFACTS = join(ROOT, "test-artifacts", "browser");
const CHROMIUM = process.env.TEMPO_CHROMIUM ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Each flow gets this long; the whole run takes about two minutes on an idle machine, five on a busy one. */
const FLOW_TIMEOUT_MS = 30_000;
const VIEWPORT = { width: 1680, height: 1050 };

if (!existsSync(CHROMIUM)) {
  console.error(`Chromium was not found at ${CHROMIUM}.`);
  console.error("Install Debian's package:   sudo apt-get install -y chromium");
  console.error("(or point TEMPO_CHROMIUM at a Chromium binary)");
  console.log("0 passed, 1 failed");
  process.exit(1);
}

const { chromium } = await import("playwright-core");
const { createServer } = await import("vite");

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createNetServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

class Failure extends Error {}
function expect(condition, message) {
  if (!condition) throw new Failure(message);
}

// ------------------------------------------------------------------------------------------------
// Page helpers: everything goes through the page as a person would (clicks, drags, keys); the
// engine state is read through the page's console handle `window.tempo` only to check results.
// ------------------------------------------------------------------------------------------------

/** Open the playground on a ruleset and seed and wait until it has rendered. */
async function open(page, ruleset, seed, extra = "") {
  // The dev server compiles modules on the first load: give it longer than a click.
  await page.goto(`${baseUrl}/?ruleset=${ruleset}&seed=${seed}${extra}`, { timeout: 20_000 });
  await page.waitForSelector("#playground[data-ready=true]", { timeout: 15_000 });
  const picked = await page.evaluate(() => window.tempo.session.state.ruleset);
  expect(
    picked === ruleset,
    `ruleset ${ruleset} is not registered in the engine (the picker opened ${picked})`,
  );
}

const state = (page) => page.evaluate(() => window.tempo.session.state);
/** A combatant of a state read from the page: the state lists them in roster order (engine/record.ts). */
const combatantIn = (s, id) => s.combatants.find((c) => c.id === id);
const localize = (page, key, data) =>
  page.evaluate(([k, d]) => (d ? window.tempo.loc.format(k, d) : window.tempo.loc.localize(k)), [key, data]);

/** The tracker's highlighted steps (phase, segment, stage) as a person reads them. */
async function currentSteps(page) {
  // A compact step shows a short text ("1") and carries its full name as its accessible name.
  return page
    .locator('[data-pg=tracker] [aria-current="step"]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute("aria-label") ?? e.textContent ?? "").trim()));
}

/** The system tracker template's button for a command, where it has one; else the playground's bar. */
const TEMPLATE_ACTIONS = { next: "tempoNext", endTurn: "tempoEndTurn" };
async function clickTracker(page, command) {
  const theirs = TEMPLATE_ACTIONS[command]
    ? page.locator(`[data-pg=tracker] [data-action="${TEMPLATE_ACTIONS[command]}"]`)
    : null;
  const button =
    theirs && (await theirs.count()) > 0
      ? theirs.first()
      : page.locator(`[data-pg=tracker] [data-pg-command="${command}"]`);
  await button.waitFor({ state: "visible", timeout: 5000 });
  expect(
    await button.isEnabled(),
    `tracker button ${command} is disabled: ${await button.getAttribute("title")}`,
  );
  await button.click();
}

/** Answer every open reaction prompt by declining, until none is left. */
async function declineAll(page, shoot, label) {
  for (let i = 0; i < 8; i++) {
    const prompt = page.locator("[data-pg=prompt]");
    if (!(await prompt.isVisible())) return;
    if (shoot && i === 0) await shoot(`${label}-prompt`);
    await prompt.locator("[data-action=tempoDecline]").click();
    await page.waitForTimeout(50);
  }
  throw new Failure("a reaction prompt kept coming back after declining");
}

/** The centre of a map cell on screen. */
async function cellCentre(page, key) {
  const box = await page.locator(`.pg-grid [data-cell="${key}"]`).boundingBox();
  expect(box, `cell ${key} is not on the map`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Action buttons on the sheet: the system template's (data-action=takeAction) or the playground's. */
const ACTION_BUTTONS = "[data-pg=sheet] [data-action=takeAction]";
const actionButton = (page, id) =>
  page.locator(`[data-pg=sheet] [data-action=takeAction][data-action-id="${id}"]`).first();

const HEX_NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, -1],
  [0, 1],
  [1, -1],
  [-1, 1],
];

/**
 * WCAG 2 contrast of every piece of text inside `selector`, measured in the page: the text's
 * computed colour over the backgrounds behind it (composited up the ancestors, opacity included),
 * against 4.5:1 (3:1 for large text: 24 px, or 18.66 px bold). Disabled controls count too.
 * Returns the texts that fall short.
 */
async function lowContrast(page, selector) {
  return page.evaluate((sel) => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const lum = ([r, g, b]) => {
      const f = (v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el) => {
      const layers = [];
      for (let e = el; e; e = e.parentElement) layers.push(parse(getComputedStyle(e).backgroundColor));
      let colour = [255, 255, 255, 1];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const opacity = (el) => {
      let o = 1;
      for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const out = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const seen = new Set();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || seen.has(el) || node.textContent.trim() === "") continue;
        seen.add(el);
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (style.visibility === "hidden" || box.width < 2 || box.height < 2) continue;
        if (el.closest(".tempo-visually-hidden, .pg-sr-only, [hidden]")) continue;
        const bg = background(el);
        const fg = parse(style.color);
        const text = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
        const [l1, l2] = [lum(text), lum(bg)].sort((a, b) => b - a);
        const ratio = (l1 + 0.05) / (l2 + 0.05);
        const size = parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5))
          out.push(`"${node.textContent.trim().slice(0, 40)}" ${ratio.toFixed(2)}:1 at ${size}px`);
      }
    }
    return out;
  }, selector);
}

/** Whether a click at the centre of the element lands on it (nothing paints over it or catches it). */
async function hitAtCentre(locator) {
  return locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const inView = box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
    const hit = document.elementFromPoint(x, y);
    return {
      inView,
      hit: !!hit && (hit === el || el.contains(hit)),
      what: hit ? hit.outerHTML.slice(0, 80) : "",
    };
  });
}

/** The free neighbouring cells of a hex combatant, by the map's keyboard keys. */
function freeHexKeys(s, who) {
  const [q, r] = combatantIn(s, who).at;
  const occupied = new Set(
    Object.values(s.combatants)
      .filter((c) => c.at)
      .map((c) => `${c.at[0]},${c.at[1]}`),
  );
  const keys = { d: [1, 0], a: [-1, 0], q: [0, -1], e: [1, -1], z: [-1, 1], c: [0, 1] };
  return Object.entries(keys).filter(([, [dq, dr]]) => !occupied.has(`${q + dq},${r + dr}`));
}

/**
 * What a newcomer reads before Start: three "try this" steps, the ruleset's How-it-plays pages
 * (the rules journal's), and map help that matches the ruleset (rating: no movement, no drag).
 */
async function checkTeaching(page, shoot, ruleset, withDialog) {
  const steps = await page.locator("[data-pg=try] li").allTextContents();
  expect(
    steps.length === 3 && steps.every((t) => t.length > 20 && !t.includes("TEMPO.")),
    `${ruleset}: the try-this steps are ${JSON.stringify(steps)}`,
  );
  if (withDialog) {
    await page.locator("[data-pg=howto]").click();
    const dialog = page.locator("[data-pg=dialog]");
    await dialog.waitFor({ state: "visible" });
    const text = (await dialog.locator(".pg-howto-content").allTextContents()).join(" ");
    expect(text.length > 200, `${ruleset}: the How-it-plays dialog shows no journal page`);
    await shoot(`${ruleset}-howto`);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  }
  const moves = await page.evaluate(() => window.tempo.ruleset.moveModes.length > 0);
  const help = (await page.locator("[data-pg=help]").textContent()) ?? "";
  const noMove = await localize(page, "TEMPO.Playground.Map.HelpNoMovement");
  expect((help === noMove) === !moves, `${ruleset}: the map help says "${help}"`);
}

/** A ruleset without movement: pressing and moving a token draws no ruler, tints no threat, moves nothing. */
async function checkNoDrag(page, ruleset) {
  const s = await state(page);
  const who = s.current ?? s.roster[0];
  const box = await page.locator(`.pg-token[data-id="${who}"]`).boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 2, box.y + box.height / 2, { steps: 4 });
  const ruler = await page.locator(".pg-ruler-label, .pg-provoke").count();
  await page.mouse.up();
  expect(ruler === 0, `${ruleset}: dragging a token draws a ruler`);
  expect((await page.locator(".pg-threat-cell").count()) === 0, `${ruleset}: threat is tinted`);
  expect((await page.locator(".pg-toast-refusal").count()) === 0, `${ruleset}: a drag was sent and refused`);
  expect(
    JSON.stringify(combatantIn(await state(page), who).at) === JSON.stringify(combatantIn(s, who).at),
    `${ruleset}: the token moved`,
  );
}

/** Whether a box lies inside another (screen rectangles), to a pixel. */
const inside = (a, b) =>
  a.left >= b.left - 1 && a.top >= b.top - 1 && a.right <= b.right + 1 && a.bottom <= b.bottom + 1;

/**
 * Room (issue 30): the tracker shows `rows` combatants whole inside its panel without scrolling,
 * every "Try this" step lies whole on screen inside the map panel, and a toast covers no control
 * (a refused Undo raises one).
 */
async function checkRoom(page, ruleset, rows) {
  const seen = await page.evaluate(() => {
    const panel = document.querySelector("[data-pg=tracker]").getBoundingClientRect();
    return [...document.querySelectorAll("[data-pg=tracker] [data-combatant-id]")].filter((row) => {
      const b = row.getBoundingClientRect();
      return b.height > 0 && b.top >= panel.top - 1 && b.bottom <= panel.bottom + 1;
    }).length;
  });
  expect(seen >= rows, `${ruleset}: the tracker shows ${seen} combatants whole, fewer than ${rows}`);
  const steps = await page.evaluate(() => {
    const panel = document.querySelector(".pg-map-panel").getBoundingClientRect();
    return [...document.querySelectorAll("[data-pg=learn] [data-pg=try] li")].map((li) => {
      const b = li.getBoundingClientRect();
      return {
        whole:
          b.height > 0 &&
          b.top >= Math.max(0, panel.top) - 1 &&
          b.bottom <= Math.min(innerHeight, panel.bottom) + 1,
        text: li.textContent.slice(0, 30),
      };
    });
  });
  const cut = steps.filter((st) => !st.whole).map((st) => st.text);
  expect(steps.length === 3 && cut.length === 0, `${ruleset}: Try-this steps cut off: ${cut.join(" | ")}`);
  await page.locator('[data-pg=tracker] [data-pg-command="undo"]').click();
  const toast = page.locator(".pg-toast").last();
  await toast.waitFor();
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
  expect(covered.length === 0, `${ruleset}: a toast covers ${covered.join(" | ")}`);
}

/** A reload mid-fight shows the very same fight and chat: every card with its rolls and results. */
async function checkReload(page, shoot, ruleset) {
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
  expect(
    JSON.stringify(await state(page)) === JSON.stringify(before),
    `${ruleset}: the reload changed the fight`,
  );
  const chatAfter = await chat();
  expect(chatAfter === chatBefore, `${ruleset}: after a reload the chat reads differently`);
  await shoot(`${ruleset}-reloaded`);
}

/** Press Tab (or Shift+Tab) until `test` holds for the focused element; false after `max` presses. */
async function tabUntil(page, test, arg, { back = false, max = 80 } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await page.evaluate(test, arg)) return true;
  }
  return false;
}

/** Where focus is, in words a failure message can show. */
const focusedOn = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? el.outerHTML.slice(0, 90) : "nothing";
  });

/** The sizes a person plays at, from a small laptop up. */
const SIZES = [
  { width: 1280, height: 720 },
  { width: 1400, height: 900 },
  { width: 1920, height: 1080 },
];

/**
 * One size, every ruleset: after Start, the acting combatant's sheet shows, its first action is on
 * screen and is what a click at its centre hits; the tracker's turn controls are not covered; the
 * page has no sideways scroll; token labels are unique and the tracker shows the same ones.
 */
function layoutFlow(size, index) {
  // The first size also checks what each ruleset teaches (the try-this steps, the pages, no drag).
  const teach = index === 0;
  return {
    name: `layout ${size.width}x${size.height}: every ruleset, picked from the header, starts; its acting combatant's first action is on screen and takes the click at its centre${teach ? "; each ruleset shows its try-this steps and How-it-plays pages, and rating offers no drag" : ""}`,
    // Five rulesets, each started (and at two sizes reloaded mid-fight): longer than one flow.
    timeout: 120_000,
    async run(page, shoot) {
      await page.setViewportSize(size);
      await open(page, "flow", 7);
      const rulesets = await page.evaluate(() => window.tempo.constructor.registered());
      const options = await page.locator("#pg-ruleset option").evaluateAll((els) => els.map((e) => e.value));
      expect(
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
        const placed = Object.values((await state(page)).combatants).filter((c) => c.at).length;
        const tokens = await page.locator(".pg-token").count();
        expect(tokens === placed, `${ruleset}: ${tokens} tokens on the map for ${placed} placed combatants`);
        expect(
          page.url().includes(`ruleset=${ruleset}`),
          `${ruleset}: the address does not name the ruleset`,
        );
        if (teach) await checkTeaching(page, shoot, ruleset, true);
        await clickTracker(page, "start");
        if (teach && !(await page.evaluate(() => window.tempo.ruleset.moveModes.length > 0)))
          await checkNoDrag(page, ruleset);
        const s = await state(page);
        const acting = s.current ?? (await page.evaluate(() => window.tempo.selected));
        await page.locator(`[data-pg=sheet][data-combatant="${acting}"]`).waitFor({ timeout: 5000 });
        const first = page.locator(ACTION_BUTTONS).first();
        await first.waitFor({ timeout: 5000 });
        const where = await hitAtCentre(first);
        expect(where.inView, `${ruleset}: the first action of ${acting} is off screen`);
        expect(where.hit, `${ruleset}: a click on the first action lands on ${where.what}`);
        for (const control of ["tempoNext", "endTurn"]) {
          const button =
            control === "tempoNext"
              ? page.locator('[data-pg=tracker] [data-action="tempoNext"]')
              : page.locator('[data-pg=tracker] [data-pg-command="endTurn"]');
          if ((await button.count()) === 0) continue;
          const at = await hitAtCentre(button.first());
          expect(
            at.inView && at.hit,
            `${ruleset}: the tracker's ${control} is covered or off screen (${at.what})`,
          );
          const title = await button.first().getAttribute("title");
          expect(title && !title.startsWith("TEMPO."), `${ruleset}: ${control} does not say what it does`);
        }
        // Scrolled to its end, the sheet still paints over nothing: every token takes its own click.
        await page.locator("[data-pg=sheet]").evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        for (const id of s.roster.filter((c) => combatantIn(s, c).at)) {
          const disc = page.locator(`.pg-token[data-id="${id}"] .pg-token-disc`);
          const at = await hitAtCentre(disc);
          if (at.inView) expect(at.hit, `${ruleset}: ${id}'s token is covered by ${at.what}`);
        }
        await page.locator("[data-pg=sheet]").evaluate((el) => el.scrollTo(0, 0));
        await page.evaluate(() => window.scrollTo(0, 0));
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        expect(wide <= 0, `${ruleset}: the page scrolls sideways by ${wide}px`);
        const labels = await page.locator(".pg-token-label").allTextContents();
        expect(
          new Set(labels).size === labels.length,
          `${ruleset}: token labels repeat: ${labels.join(" ")}`,
        );
        const portraits = await page
          .locator("[data-pg=tracker] img.tempo-combatant__img")
          .evaluateAll((imgs) => imgs.map((i) => decodeURIComponent(i.getAttribute("src") ?? "")));
        for (const label of labels)
          expect(
            portraits.some((src) => src.includes(`>${label}</text>`)),
            `${ruleset}: the tracker has no portrait labelled ${label}`,
          );
        const hasPools = await page.evaluate(() => window.tempo.ruleset.pools.length > 0);
        const poolsBox = await page.locator("[data-pg=sheet] .tempo-sheet__pools").count();
        expect(poolsBox === (hasPools ? 1 : 0), `${ruleset}: the sheet shows ${poolsBox} points boxes`);
        await checkRoom(page, ruleset, Math.min(6, s.roster.length));
        await shoot(`${ruleset}`);
        if (size.width === 1280 || size.width === 1920) await checkReload(page, shoot, ruleset);
      }
    },
  };
}

/**
 * Keyboard only (issue 30), at one size: Tab's first stop is the skip link; Start is reached with
 * Tab and pressed with Enter, and focus stays in the tracker; tabbing past every token leaves the
 * acting combatant on the sheet (focus alone selects nothing); the acting token moves with a key
 * and Enter; Ctrl+Z is refused while the prompt is open; the prompt is answered from the keyboard;
 * J jumps to the acting combatant's actions and Enter attacks, focus staying on the sheet; End
 * turn is reached with Shift+Tab and focus stays on it; Ctrl+Z undoes the end of the turn.
 */
function keyboardFlow(size) {
  return {
    name: `keyboard ${size.width}x${size.height}: start, move, answer a prompt, attack, end turn and undo without a mouse; focus never drops to the page`,
    timeout: 60_000,
    async run(page, shoot) {
      await page.setViewportSize(size);
      await open(page, "flow", 11);
      const inBody = () =>
        page.evaluate(() => document.activeElement === document.body || !document.activeElement);
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => document.activeElement?.getAttribute("data-pg") === "skip"),
        `the first Tab stop is ${await focusedOn(page)}, not the skip link`,
      );
      await shoot("skip-link");
      const atStart = await tabUntil(page, () =>
        document.activeElement?.matches('[data-pg=tracker] [data-pg-command="start"]'),
      );
      expect(atStart, "Tab never reached Start combat");
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => window.tempo.session.state.status === "active");
      expect(!(await inBody()), "after Start focus dropped to the page");
      expect(
        await page.evaluate(() => !!document.activeElement?.closest("[data-pg=tracker]")),
        `after Start focus is on ${await focusedOn(page)}, not in the tracker`,
      );
      let s = await state(page);
      const mover = s.current;
      // Tab forward past every token: the sheet stays on whoever acts.
      let tokensSeen = 0;
      await page.locator("[data-pg=skip]").focus();
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press("Tab");
        const onToken = await page.evaluate(() => document.activeElement?.classList.contains("pg-token"));
        if (onToken) tokensSeen += 1;
        else if (tokensSeen > 0) break;
      }
      expect(tokensSeen >= s.roster.length - 1, `Tab met ${tokensSeen} tokens`);
      const sheetOf = () => page.locator("[data-pg=sheet]").getAttribute("data-combatant");
      expect(
        (await sheetOf()) === mover,
        `tabbing past the tokens left ${await sheetOf()} on the sheet, not ${mover}`,
      );
      // Back to the acting token, a step away, Enter: the reaction prompt takes focus.
      const onMover = await tabUntil(
        page,
        (id) => document.activeElement?.matches(`.pg-token[data-id="${id}"]`),
        mover,
        { back: true, max: 20 },
      );
      expect(onMover, `Shift+Tab never reached ${mover}'s token`);
      const free = freeHexKeys(s, mover);
      await page.keyboard.press(free[0][0]);
      await page.keyboard.press("Enter");
      const prompt = page.locator("[data-pg=prompt]");
      await prompt.waitFor({ state: "visible" });
      expect(
        await page.evaluate(() => !!document.activeElement?.closest("[data-pg=prompt]")),
        "the prompt did not take focus",
      );
      const offers = (await state(page)).offers.length;
      await page.keyboard.press("Control+z");
      await page.locator(".pg-toast-refusal").last().waitFor();
      expect((await state(page)).offers.length === offers, "Ctrl+Z with a prompt open changed the offers");
      await shoot("prompt");
      // The first prompt is answered with its first reaction (Enter), the rest declined (Tab to Decline).
      await page.keyboard.press("Enter");
      for (let i = 0; i < 6 && (await prompt.isVisible()); i++) {
        await page.waitForTimeout(60);
        if (!(await prompt.isVisible())) break;
        const onDecline = await tabUntil(
          page,
          () => document.activeElement?.getAttribute("data-action") === "tempoDecline",
          null,
          { max: 10 },
        );
        expect(onDecline, "Tab never reached the prompt's Decline");
        await page.keyboard.press("Enter");
      }
      await prompt.waitFor({ state: "hidden" });
      expect(!(await inBody()), "after the prompt focus dropped to the page");
      // J: the acting combatant's first action that can be taken now; Enter attacks.
      s = await state(page);
      expect(s.current === mover, `after moving it is ${s.current}'s turn`);
      await page.keyboard.press("j");
      const action = await page.evaluate(() => document.activeElement?.getAttribute("data-action-id"));
      expect(action, `J put focus on ${await focusedOn(page)}, not an action`);
      await shoot("jumped");
      const logBefore = await page.evaluate(() => window.tempo.session.log.length);
      await page.keyboard.press("Enter");
      await page.waitForFunction((n) => window.tempo.session.log.length > n, logBefore);
      const acted = await page.evaluate(() => window.tempo.session.log.at(-1));
      expect(acted.refusal === null, `Enter on ${action} was refused: ${JSON.stringify(acted.refusal)}`);
      for (let i = 0; i < 6 && (await prompt.isVisible()); i++) {
        const onDecline = await tabUntil(
          page,
          () => document.activeElement?.getAttribute("data-action") === "tempoDecline",
          null,
          { max: 10 },
        );
        expect(onDecline, "Tab never reached the prompt's Decline after the attack");
        await page.keyboard.press("Enter");
        await page.waitForTimeout(60);
      }
      expect(
        await page.evaluate(() => !!document.activeElement?.closest("[data-pg=sheet]")),
        `after the action focus is on ${await focusedOn(page)}, not on the sheet`,
      );
      await shoot("acted");
      // End turn: a few Shift+Tabs back from the sheet; focus stays on it for the next combatant.
      const onEnd = await tabUntil(
        page,
        () => document.activeElement?.matches('[data-pg=tracker] [data-pg-command="endTurn"]'),
        null,
        { back: true, max: 40 },
      );
      expect(onEnd, "Shift+Tab never reached End turn");
      await page.keyboard.press("Enter");
      await page.waitForFunction((who) => window.tempo.session.state.current !== who, mover);
      for (let i = 0; i < 6 && (await prompt.isVisible()); i++) {
        await prompt.locator("[data-action=tempoDecline]").focus();
        await page.keyboard.press("Enter");
        await page.waitForTimeout(60);
      }
      expect(!(await inBody()), "after End turn focus dropped to the page");
      await shoot("ended");
      // Ctrl+Z: the end of the turn is undone, and a toast says so.
      if (await page.evaluate(() => document.activeElement?.matches("input, select, textarea")))
        await page.locator("[data-pg=skip]").focus();
      const ended = await state(page);
      await page.keyboard.press("Control+z");
      await page.locator(".pg-toast-info").last().waitFor();
      s = await state(page);
      expect(
        s.current === mover && ended.current !== mover,
        `Ctrl+Z left the turn with ${s.current}, not back with ${mover}`,
      );
      const toast = (await page.locator(".pg-toast-info").last().textContent()) ?? "";
      expect(toast.length > 0 && !toast.includes("TEMPO."), `the undo toast reads "${toast}"`);
      await shoot("undone");
    },
  };
}

// ------------------------------------------------------------------------------------------------
// Flows
// ------------------------------------------------------------------------------------------------

const flows = [
  ...SIZES.map(layoutFlow),
  {
    name: "focus: a prompt opened from the keyboard takes focus on its first reaction, Escape only asks, and focus returns to the token; sheet and prompt text meet 4.5:1",
    timeout: 45_000,
    async run(page, shoot) {
      await page.setViewportSize({ width: 1400, height: 900 });
      await open(page, "flow", 11);
      await clickTracker(page, "start");
      let s = await state(page);
      const mover = s.current;
      const free = freeHexKeys(s, mover);
      expect(free.length > 0, `${mover} has no free neighbouring hex`);
      const token = page.locator(`.pg-token[data-id="${mover}"]`);
      await token.focus();
      await page.keyboard.press(free[0][0]);
      await page.keyboard.press("Enter");
      const prompt = page.locator("[data-pg=prompt]");
      await prompt.waitFor({ state: "visible" });
      const focus = () =>
        page.evaluate(() => {
          const el = document.activeElement;
          return {
            inPrompt: !!el?.closest("[data-pg=prompt]"),
            action: el?.getAttribute("data-action") ?? "",
            token: el?.classList.contains("pg-token") ? el.getAttribute("data-id") : null,
            firstReaction:
              el === document.querySelector("[data-pg=prompt] [data-action=tempoReact]:not([disabled])"),
          };
        });
      let f = await focus();
      expect(
        f.inPrompt && f.firstReaction,
        `focus is on ${JSON.stringify(f)}, not the prompt's first reaction`,
      );
      const dialog = prompt.locator('[role="alertdialog"]');
      expect((await dialog.count()) === 1, "the prompt is not an alertdialog for screen readers");
      const named = await dialog.evaluate((el) => {
        const id = el.getAttribute("aria-labelledby");
        return (
          (id && document.getElementById(id)?.textContent?.trim()) || el.getAttribute("aria-label") || ""
        );
      });
      expect(named.length > 0, "the prompt has no accessible name");
      // It covers none of what it competes with: the tracker's controls and the pool labels.
      for (const selector of [
        '[data-pg=tracker] [data-action="tempoNext"]',
        '[data-pg=tracker] [data-pg-command="endTurn"]',
        "[data-pg=tracker] .tempo-pool__name",
        "[data-pg=sheet] .tempo-pool__name",
      ]) {
        const all = page.locator(selector);
        for (let i = 0; i < Math.min(await all.count(), 6); i++) {
          const at = await hitAtCentre(all.nth(i));
          if (at.inView) expect(at.hit, `the prompt (or something) covers ${selector}: ${at.what}`);
        }
      }
      const low = [
        ...(await lowContrast(page, "[data-pg=prompt]")),
        ...(await lowContrast(page, "[data-pg=sheet]")),
      ];
      expect(low.length === 0, `text below WCAG AA contrast: ${low.slice(0, 6).join("; ")}`);
      await shoot("prompt-focused");
      // Escape asks; it does not decline.
      const offers = (await state(page)).offers.length;
      await page.keyboard.press("Escape");
      await prompt.locator("[data-action=pgConfirmDecline]").waitFor();
      expect((await state(page)).offers.length === offers, "Escape declined without asking");
      f = await focus();
      expect(
        f.action === "pgKeepChoosing",
        `after Escape focus is on ${JSON.stringify(f)}, not Keep choosing`,
      );
      await shoot("escape-asks");
      await page.keyboard.press("Escape");
      await prompt.locator("[data-action=pgConfirmDecline]").waitFor({ state: "detached" });
      f = await focus();
      expect(f.firstReaction, "a second Escape does not bring focus back to the first reaction");
      expect((await state(page)).offers.length === offers, "the second Escape declined");
      // Decline from the keyboard, each prompt in turn: focus goes back to the moved token.
      for (let i = 0; i < 6 && (await prompt.isVisible()); i++) {
        f = await focus();
        expect(f.inPrompt, `prompt ${i + 1} opened without taking focus (${JSON.stringify(f)})`);
        await prompt.locator("[data-action=tempoDecline]").focus();
        await page.keyboard.press("Enter");
        await page.waitForTimeout(80);
      }
      expect(!(await prompt.isVisible()), "a prompt is still open after declining them all");
      f = await focus();
      expect(
        f.token === mover,
        `after the prompt closed focus is on ${JSON.stringify(f)}, not ${mover}'s token`,
      );
      s = await state(page);
      expect(s.offers.length === 0, "offers are still open");
      await shoot("focus-back");
    },
  },
  ...[
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ].map(keyboardFlow),
  {
    name: "going back: Undo is refused while reactions are asked, then undoes the move; Previous turn and Previous round go back, each with a toast saying what was undone",
    timeout: 45_000,
    async run(page, shoot) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await open(page, "flow", 11);
      await clickTracker(page, "start");
      let s = await state(page);
      const mover = s.current;
      const free = freeHexKeys(s, mover);
      const startAt = combatantIn(s, mover).at;
      await page.locator(`.pg-token[data-id="${mover}"]`).focus();
      await page.keyboard.press(free[0][0]);
      await page.keyboard.press("Enter");
      const prompt = page.locator("[data-pg=prompt]");
      await prompt.waitFor({ state: "visible" });
      const offers = (await state(page)).offers.length;
      const history = (id) => page.locator(`[data-pg=tracker] [data-pg-command="${id}"]`);
      await history("undo").click();
      const refusal = page.locator(".pg-toast-refusal").last();
      await refusal.waitFor();
      const why = await refusal.textContent();
      expect(
        why === (await localize(page, "TEMPO.Playground.Undo.OffersOpen")),
        `Undo with offers open said "${why}"`,
      );
      expect((await state(page)).offers.length === offers, "a refused Undo changed the offers");
      await shoot("undo-refused");
      await declineAll(page, null, "undo");
      await page.locator(".pg-toast").evaluateAll((els) => els.forEach((e) => e.remove()));
      await history("undo").click();
      const info = page.locator(".pg-toast-info").last();
      await info.waitFor();
      s = await state(page);
      expect(
        JSON.stringify(combatantIn(s, mover).at) === JSON.stringify(startAt),
        `Undo left ${mover} at ${combatantIn(s, mover).at}, not ${startAt}`,
      );
      const moverName = combatantIn(s, mover).name;
      const said = (await info.textContent()) ?? "";
      expect(said.includes(moverName), `the Undo toast does not say whose move was undone: "${said}"`);
      await shoot("undone");
      // Previous turn: back to before the end of the mover's turn.
      await clickTracker(page, "endTurn");
      await declineAll(page, null, "undo");
      expect((await state(page)).current !== mover, "End turn did not pass the turn");
      await page.locator(".pg-toast").evaluateAll((els) => els.forEach((e) => e.remove()));
      await history("previousTurn").click();
      await info.waitFor();
      s = await state(page);
      expect(s.current === mover, `Previous turn gave the turn to ${s.current}, not ${mover}`);
      const back = (await page.locator(".pg-toast-info").last().textContent()) ?? "";
      expect(back.includes(moverName), `the Previous turn toast does not name ${moverName}: "${back}"`);
      await shoot("previous-turn");
      // Previous round: from round 2 back into round 1.
      for (let i = 0; i < 30 && (await state(page)).round === 1; i++) {
        await clickTracker(page, "next");
        await declineAll(page, null, "undo");
      }
      expect((await state(page)).round === 2, "the fight never reached round 2");
      await page.locator(".pg-toast").evaluateAll((els) => els.forEach((e) => e.remove()));
      await history("previousRound").click();
      await page.locator(".pg-toast-info").last().waitFor();
      s = await state(page);
      expect(s.round === 1 && s.status === "active", `Previous round left round ${s.round} (${s.status})`);
      await shoot("previous-round");
    },
  },
  {
    name: "map edge: a large token dragged to the map's corner is refused on the ruler before the drop and stays put; the ruler's label stays inside the map",
    timeout: 45_000,
    async run(page, shoot) {
      await page.setViewportSize({ width: 1280, height: 720 });
      await open(page, "flow", 11);
      await clickTracker(page, "start");
      let s = await state(page);
      const large = s.roster.find((id) => combatantIn(s, id).size === "large");
      expect(large, "the flow sample has no large combatant");
      for (let i = 0; i < 12 && (await state(page)).current !== large; i++) {
        await clickTracker(page, "next");
        await declineAll(page, null, "edge");
      }
      s = await state(page);
      expect(s.current === large, `${large}'s turn never came`);
      const startAt = combatantIn(s, large).at;
      const corner = await page.locator(".pg-grid [data-cell]").last().getAttribute("data-cell");
      const token = page.locator(`.pg-token[data-id="${large}"] .pg-token-disc`);
      const box = await token.boundingBox();
      const to = await cellCentre(page, corner);
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 6 });
      const label = page.locator(".pg-ruler-label");
      await label.waitFor();
      const text = (await label.textContent()) ?? "";
      const name = combatantIn(s, large).name;
      const expected = await localize(page, "TEMPO.Refusal.FootprintOutsideScene", { who: name });
      expect(text === expected, `the ruler at the corner says "${text}", not "${expected}"`);
      expect(
        (await page.locator(".pg-ruler-label.pg-path-refused").count()) === 1,
        "the ruler is not marked refused",
      );
      const plate = await page.locator(".pg-ruler-plate").boundingBox();
      const map = await page.locator(".pg-map").boundingBox();
      expect(
        plate &&
          map &&
          plate.x >= map.x - 1 &&
          plate.y >= map.y - 1 &&
          plate.x + plate.width <= map.x + map.width + 1 &&
          plate.y + plate.height <= map.y + map.height + 1,
        `the ruler's label is clipped by the map's edge (${JSON.stringify(plate)} in ${JSON.stringify(map)})`,
      );
      await shoot("corner-refused");
      await page.mouse.up();
      s = await state(page);
      expect(
        JSON.stringify(combatantIn(s, large).at) === JSON.stringify(startAt),
        `${large} moved to ${combatantIn(s, large).at}`,
      );
      // The same drop from the keyboard: the engine's refusal, never a token hanging off the map.
      expect(
        (await page.evaluate(() => window.tempo.session.state.grid.bounds)) !== undefined,
        "the map gives the engine no bounds",
      );
    },
  },
  {
    name: "nothing lost: a reload keeps the fight, switching ruleset asks first, New encounter starts over",
    timeout: 45_000,
    async run(page, shoot) {
      await open(page, "flow", 5);
      await clickTracker(page, "start");
      await clickTracker(page, "endTurn");
      await declineAll(page, null, "reload");
      const before = await state(page);
      const accepted = () =>
        page.evaluate(() => window.tempo.session.log.filter((l) => l.refusal === null).length);
      const done = await accepted();
      expect(done >= 2 && before.status === "active", "the fight did not get going before the reload");
      const chatBefore = await page.locator("[data-pg=chat-list]").evaluate((el) => el.innerText);
      await page.reload();
      await page.waitForSelector("#playground[data-ready=true]");
      const after = await state(page);
      expect(JSON.stringify(after) === JSON.stringify(before), "the reload lost or changed the fight");
      const chatAfter = await page.locator("[data-pg=chat-list]").evaluate((el) => el.innerText);
      expect(
        chatAfter === chatBefore,
        `the reload changed the chat:\n${chatBefore.slice(0, 300)}\n---\n${chatAfter.slice(0, 300)}`,
      );
      expect((await accepted()) === done, "the reload lost commands from the log");
      await shoot("reloaded");
      // Switching ruleset mid-fight asks; keeping the fight changes nothing.
      await page.locator("#pg-ruleset").selectOption("phases");
      await page.locator("[data-pg=confirm-keep]").click();
      expect((await state(page)).ruleset === "flow", "keeping the fight switched the ruleset anyway");
      expect(
        (await page.locator("#pg-ruleset").inputValue()) === "flow",
        "the picker does not show the fight's ruleset after keeping it",
      );
      expect(JSON.stringify(await state(page)) === JSON.stringify(before), "keeping the fight changed it");
      // New encounter asks too, then starts over; a reload keeps the fresh start.
      await page.locator("[data-pg=restart]").click();
      await shoot("asks");
      await page.locator("[data-pg=confirm-leave]").click();
      let s = await state(page);
      expect(s.status === "setup" && (await accepted()) === 0, `New encounter left the fight ${s.status}`);
      await page.reload();
      await page.waitForSelector("#playground[data-ready=true]");
      s = await state(page);
      expect(s.status === "setup", `after New encounter and a reload the encounter is ${s.status}`);
      // A saved fight that does not replay is not loaded: the page says so and starts fresh.
      await page.evaluate(() =>
        localStorage.setItem(
          "tempo.playground.session",
          JSON.stringify({ format: "tempo-playground-session", version: 1, ruleset: "flow" }),
        ),
      );
      await page.goto(page.url().replace(/\?.*$/, ""));
      await page.waitForSelector("#playground[data-ready=true]");
      const toast = page.locator(".pg-toast-error").first();
      await toast.waitFor();
      const said = (await toast.textContent()) ?? "";
      expect(said.length > 0 && !said.includes("TEMPO."), `no localised word about the bad save: "${said}"`);
      expect((await state(page)).status === "setup", "a bad save left the page without an encounter");
    },
  },
  {
    name: "reaction: dragging a token out of a threatened hex prompts a Reaction Attack that spends RP and rolls in chat",
    async run(page, shoot) {
      await open(page, "flow", 11);
      await shoot("loaded");
      await clickTracker(page, "start");
      let s = await state(page);
      expect(s.status === "active" && s.current, "Start did not begin combat with someone's turn");
      const mover = s.current;
      await shoot("started");

      // An empty neighbouring hex: leaving the mover's hex provokes whoever threatens it.
      const token = page.locator(`.pg-token[data-id="${mover}"]`);
      const [q, r] = (await token.getAttribute("data-cell")).split(",").map(Number);
      const occupied = new Set(
        Object.values(s.combatants)
          .filter((c) => c.at)
          .map((c) => `${c.at[0]},${c.at[1]}`),
      );
      const box = await token.boundingBox();
      const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      let dropped = null;
      for (const [dq, dr] of HEX_NEIGHBOURS) {
        const key = `${q + dq},${r + dr}`;
        if (occupied.has(key) || (await page.locator(`.pg-grid [data-cell="${key}"]`).count()) === 0)
          continue;
        const to = await cellCentre(page, key);
        await page.mouse.move(from.x, from.y);
        await page.mouse.down();
        await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
        await page.mouse.move(to.x, to.y, { steps: 3 });
        const refused = await page.locator(".pg-ruler-label.pg-path-refused").count();
        const provokes = await page.locator(".pg-provoke").count();
        if (refused === 0 && provokes > 0) {
          const label = await page.locator(".pg-ruler-label").textContent();
          expect(/\d/.test(label ?? ""), `the ruler shows no cost: "${label}"`);
          await shoot("drag-ruler");
          await page.mouse.up();
          dropped = key;
          break;
        }
        // Not this hex: bring the token back to where it stands, so dropping it moves nothing.
        await page.mouse.move(from.x, from.y, { steps: 2 });
        await page.mouse.up();
      }
      expect(dropped, `no neighbouring hex of ${mover} gave a legal, provoking move`);

      const prompt = page.locator("[data-pg=prompt]");
      await prompt.waitFor({ state: "visible", timeout: 5000 });
      s = await state(page);
      const reactor = await prompt.getAttribute("data-who");
      expect(
        reactor && combatantIn(s, reactor).side !== combatantIn(s, mover).side,
        "the prompt is not for an enemy of the mover",
      );
      expect(
        s.offers.some((o) => o.who === reactor && o.with === "reactionAttack"),
        "no Reaction Attack was offered",
      );
      const seconds = await prompt.locator("[data-tempo-seconds]").textContent();
      expect(/1[45]/.test(seconds ?? ""), `the prompt countdown does not start at 15 s: "${seconds}"`);
      const rpBefore = combatantIn(s, reactor).pools.rp;
      await shoot("prompt");

      const chatBefore = await page.locator("[data-pg=chat-list] > li").count();
      await prompt.locator('[data-reaction="reactionAttack"] [data-action=tempoReact]').click();
      await page.waitForTimeout(100);
      // The mover may now Dodge/Parry the Reaction Attack ("Reaction Chains"): decline it.
      await declineAll(page, shoot, "chain");
      s = await state(page);
      expect(
        combatantIn(s, reactor).pools.rp === rpBefore - 1,
        `RP of ${reactor} went from ${rpBefore} to ${combatantIn(s, reactor).pools.rp}, not down by 1`,
      );
      const cards = page.locator("[data-pg=chat-list] > li");
      expect((await cards.count()) > chatBefore, "no chat card for the reaction");
      const reactCard = page.locator('[data-pg=chat-list] > li[data-command="react"]').first();
      await reactCard.waitFor({ state: "visible", timeout: 3000 });
      const dice = await reactCard.locator(".pg-die, .dice-roll, [data-die], .tempo-die").count();
      expect(dice > 0, "the reaction's chat card shows no die");
      await shoot("resolved");
    },
  },
  {
    name: "keyboard: a token moved with the keys waits at the prompt, the countdown pauses, and declining lets the move finish",
    async run(page, shoot) {
      await open(page, "flow", 11);
      await clickTracker(page, "start");
      let s = await state(page);
      const mover = s.current;
      const [q, r] = combatantIn(s, mover).at;
      const occupied = new Set(
        Object.values(s.combatants)
          .filter((c) => c.at)
          .map((c) => `${c.at[0]},${c.at[1]}`),
      );
      // Keys of the pointy-top hex directions (see the map's keyboard help).
      const keys = { d: [1, 0], a: [-1, 0], q: [0, -1], e: [1, -1], z: [-1, 1], c: [0, 1] };
      const free = Object.entries(keys).find(([, [dq, dr]]) => !occupied.has(`${q + dq},${r + dr}`));
      expect(free, `${mover} has no free neighbouring hex`);
      const [key, [dq, dr]] = free;
      // Someone whose turn it is not tries first: the engine refuses, and a localised toast says why.
      const other =
        s.order.find((id) => id !== mover && combatantIn(s, id).side === combatantIn(s, mover).side) ??
        s.order.find((id) => id !== mover);
      const [oq, or] = combatantIn(s, other).at;
      const otherFree = Object.entries(keys).find(([, [a, b]]) => !occupied.has(`${oq + a},${or + b}`));
      expect(otherFree, `${other} has no free neighbouring hex`);
      await page.locator(`.pg-token[data-id="${other}"]`).focus();
      await page.keyboard.press(otherFree[0]);
      await page.keyboard.press("Enter");
      const toast = page.locator(".pg-toast-refusal").last();
      await toast.waitFor();
      const said = (await toast.textContent()) ?? "";
      expect(said.length > 0 && !said.includes("TEMPO."), `the refusal toast is not localised: "${said}"`);
      await shoot("refused");
      await page.locator(`.pg-token[data-id="${mover}"]`).focus();
      await page.keyboard.press(key);
      await page.locator(".pg-ruler-label").waitFor();
      await shoot("keyboard-plan");
      await page.keyboard.press("Enter");
      const prompt = page.locator("[data-pg=prompt]");
      await prompt.waitFor({ state: "visible" });
      await prompt.locator("[data-action=tempoPauseCountdown]").click();
      // The bar's width is the time left; paused, it stays where it is.
      const clock = async () =>
        `${await prompt.locator(".tempo-prompt__fill").getAttribute("style")} ${await prompt.locator("[data-tempo-seconds]").textContent()}`;
      const paused = await clock();
      await page.waitForTimeout(1300);
      const still = await clock();
      expect(paused === still, `the paused countdown moved from ${paused} to ${still}`);
      await prompt.locator("[data-action=tempoResumeCountdown]").click();
      await page.waitForTimeout(1300);
      const running = await clock();
      expect(running !== still, `the resumed countdown stayed at ${running}`);
      await shoot("prompt-paused");
      await declineAll(page, null, "keyboard");
      s = await state(page);
      expect(
        combatantIn(s, mover).at[0] === q + dq && combatantIn(s, mover).at[1] === r + dr,
        `${mover} is at ${combatantIn(s, mover).at}, not at ${q + dq},${r + dr}`,
      );
      expect(s.offers.length === 0, "offers are still open after declining");
      await shoot("moved");
    },
  },
  {
    name: "timeout: an unanswered reaction prompt declines itself when the countdown runs out",
    async run(page, shoot) {
      await open(page, "flow", 11, "&prompt=2");
      await clickTracker(page, "start");
      let s = await state(page);
      const mover = s.current;
      const [q, r] = combatantIn(s, mover).at;
      const occupied = new Set(
        Object.values(s.combatants)
          .filter((c) => c.at)
          .map((c) => `${c.at[0]},${c.at[1]}`),
      );
      const keys = { d: [1, 0], a: [-1, 0], q: [0, -1], e: [1, -1], z: [-1, 1], c: [0, 1] };
      const free = Object.entries(keys).find(([, [dq, dr]]) => !occupied.has(`${q + dq},${r + dr}`));
      expect(free, `${mover} has no free neighbouring hex`);
      await page.locator(`.pg-token[data-id="${mover}"]`).focus();
      await page.keyboard.press(free[0]);
      await page.keyboard.press("Enter");
      const prompt = page.locator("[data-pg=prompt]");
      await prompt.waitFor({ state: "visible" });
      const reactor = await prompt.getAttribute("data-who");
      const rp = combatantIn(s, reactor).pools.rp;
      await shoot("waiting");
      // Nobody clicks: each prompt that comes up declines itself after 2 s.
      await prompt.waitFor({ state: "hidden", timeout: 12_000 });
      s = await state(page);
      expect(s.offers.length === 0, "offers are still open");
      expect(combatantIn(s, reactor).pools.rp === rp, `${reactor} spent RP without answering`);
      const declined = await page.evaluate(
        () =>
          window.tempo.session.log.filter(
            (l) => l.command.type === "react" && l.command.with === "decline" && !l.refusal,
          ).length,
      );
      expect(declined >= 1, "no decline was sent when the countdown ran out");
      await shoot("declined");
    },
  },
  {
    name: "sheet: taking actions from the sheet until AP runs out disables the AP buttons",
    async run(page, shoot) {
      await open(page, "flow", 23);
      await clickTracker(page, "start");
      const who = (await state(page)).current;
      await page.locator(`[data-pg=sheet][data-combatant="${who}"]`).waitFor({ timeout: 5000 });
      await shoot("sheet-start");
      const costs = await page.evaluate(() =>
        Object.fromEntries(Object.values(window.tempo.ruleset.actions).map((a) => [a.id, a.cost?.ap ?? 0])),
      );
      // Actions that end the turn or need set-up are left out: the point is spending AP.
      const skip = new Set(["totalDefense"]);
      for (let round = 0; round < 12; round++) {
        const ap = combatantIn(await state(page), who).pools.ap;
        if (ap === 0) break;
        const enabled = await page
          .locator(`${ACTION_BUTTONS}`)
          .evaluateAll((els) =>
            els.filter((e) => !e.hasAttribute("disabled")).map((e) => e.getAttribute("data-action-id")),
          );
        const pick = ["attack", "flowState", ...enabled].find(
          (id) => enabled.includes(id) && !skip.has(id) && (costs[id] ?? 0) > 0,
        );
        if (!pick) break;
        await actionButton(page, pick).click();
        await page.waitForTimeout(60);
        await declineAll(page, round === 0 ? shoot : null, "sheet");
        const after = combatantIn(await state(page), who).pools.ap;
        expect(after < ap, `clicking ${pick} did not spend AP (${ap} -> ${after})`);
        if (round === 0) await shoot("sheet-spent-some");
      }
      const s = await state(page);
      const ap = combatantIn(s, who).pools.ap;
      const buttons = await page.locator(ACTION_BUTTONS).evaluateAll((els) =>
        els.map((e) => ({
          id: e.getAttribute("data-action-id"),
          disabled: e.hasAttribute("disabled"),
        })),
      );
      expect(buttons.length > 0, "the sheet shows no action buttons");
      const wrong = buttons.filter((b) => (costs[b.id] ?? 0) > ap && !b.disabled);
      expect(
        wrong.length === 0,
        `with ${ap} AP left these still look usable: ${wrong.map((b) => b.id).join(", ")}`,
      );
      expect(ap < 2, `AP did not run down (${ap} left)`);
      const apShown = await page
        .locator(
          '[data-pg=sheet] [role=meter][data-pool="ap"], [data-pg=sheet] [data-pool="ap"] [role=meter]',
        )
        .first()
        .getAttribute("aria-valuenow");
      expect(apShown === String(ap), `the sheet's AP meter shows ${apShown} but the engine has ${ap}`);
      await shoot("sheet-ap-out");
    },
  },
  {
    name: "phases: the tracker advances through the four Phases to Post-Turn and the next Turn",
    async run(page, shoot) {
      await open(page, "phases", 5);
      await clickTracker(page, "start");
      let s = await state(page);
      expect(s.round === 1 && s.phase === 1, `Start gave round ${s.round} phase ${s.phase}`);
      const showsPhase = async (phase) => {
        const label = await localize(page, `TEMPO.Tracker.Phase.${phase}`);
        const steps = await currentSteps(page);
        expect(
          !label.startsWith("TEMPO.") && steps.includes(label),
          `the tracker highlights ${JSON.stringify(steps)}, not "${label}"`,
        );
      };
      await showsPhase(1);
      await shoot("phase-1");
      const seen = [1];
      for (let i = 0; i < 40 && !(s.round === 2 && s.phase === 1); i++) {
        await clickTracker(page, "next");
        s = await state(page);
        if (seen[seen.length - 1] !== s.phase) {
          seen.push(s.phase);
          await showsPhase(s.phase);
          await shoot(`phase-${s.phase}`);
        }
      }
      expect(
        JSON.stringify(seen) === JSON.stringify([1, 2, 3, 4, "postTurn", 1]),
        `phases went ${seen.join(" → ")}`,
      );
      expect(s.round === 2, `after Post-Turn the Turn is ${s.round}, not 2`);
    },
  },
  {
    name: "segments: the tracker goes from declarations through HIGH and LOW group initiative to the end of the round",
    async run(page, shoot) {
      await open(page, "segments", 3);
      await clickTracker(page, "start");
      let s = await state(page);
      expect(s.stage === "declare", `Start opened stage ${s.stage}, not declare`);
      const showsStage = async () => {
        const steps = await currentSteps(page);
        const stage = await localize(page, `TEMPO.Tracker.Stage.${s.stage}`);
        expect(
          !stage.startsWith("TEMPO.") && steps.includes(stage),
          `the tracker highlights ${JSON.stringify(steps)}, not stage "${stage}"`,
        );
        if (s.segment !== null) {
          const segment = await localize(page, "TEMPO.Tracker.SegmentNumber", { n: s.segment });
          expect(
            steps.includes(segment),
            `the tracker highlights ${JSON.stringify(steps)}, not "${segment}"`,
          );
        }
      };
      await showsStage();
      await shoot("declare");
      const stages = [s.stage];
      for (let i = 0; i < 30 && !(s.round === 2); i++) {
        await clickTracker(page, "next");
        await declineAll(page, null, "segments");
        s = await state(page);
        if (stages[stages.length - 1] !== s.stage) {
          stages.push(s.stage);
          await showsStage();
          await shoot(`stage-${stages.length}-${s.stage}`);
        }
      }
      expect(stages.includes("high") && stages.includes("end"), `stages went ${stages.join(" → ")}`);
      expect(
        s.round === 2 && s.stage === "declare",
        `the next round did not open at declare (round ${s.round}, ${s.stage})`,
      );
    },
  },
  {
    name: "replay: a downloaded session loads back to the same state",
    async run(page, shoot) {
      await open(page, "flow", 99);
      await clickTracker(page, "start");
      await clickTracker(page, "endTurn");
      await declineAll(page, null, "replay");
      const before = await state(page);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.locator("[data-pg=download]").click(),
      ]);
      const file = join(ARTIFACTS, "replay-session.json");
      await download.saveAs(file);
      await open(page, "flow", 1);
      await page.locator("[data-pg=load-file]").setInputFiles(file);
      await page.waitForFunction(
        (seq) => window.tempo.session.state.seq === seq && window.tempo.session.seed === 99,
        before.seq,
        { timeout: 5000 },
      );
      const after = await state(page);
      expect(
        JSON.stringify(after) === JSON.stringify(before),
        "the loaded session's state differs from the saved one",
      );
      await shoot("loaded-back");
    },
  },
];

// ------------------------------------------------------------------------------------------------
// Run
// ------------------------------------------------------------------------------------------------

const filter = process.argv[2];
const chosen = filter ? flows.filter((f) => f.name.includes(filter)) : flows;
rmSync(ARTIFACTS, { recursive: true, force: true });
mkdirSync(ARTIFACTS, { recursive: true });

const port = await freePort();
const server = await createServer({
  configFile: join(ROOT, "vite.playground.config.ts"),
  logLevel: "error",
  server: { port, strictPort: true, host: "127.0.0.1", hmr: false },
});
await server.listen();
const baseUrl = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });

let passed = 0;
let failed = 0;
const started = Date.now();
try {
  for (const [index, flow] of chosen.entries()) {
    const context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(5000);
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const prefix = String(index + 1).padStart(2, "0") + "-" + flow.name.split(":")[0];
    let step = 0;
    const shoot = async (label) => {
      step += 1;
      await page.screenshot({
        path: join(ARTIFACTS, `${prefix}-${String(step).padStart(2, "0")}-${label}.png`),
      });
    };
    const t0 = Date.now();
    try {
      await Promise.race([
        flow.run(page, shoot),
        new Promise((_, reject) =>
          setTimeout(
            () => reject(new Failure(`timed out after ${(flow.timeout ?? FLOW_TIMEOUT_MS) / 1000} s`)),
            flow.timeout ?? FLOW_TIMEOUT_MS,
          ),
        ),
      ]);
      expect(errors.length === 0, `the page threw: ${errors.join(" | ")}`);
      passed += 1;
      console.log(`✓ ${flow.name} (${Date.now() - t0} ms)`);
    } catch (error) {
      failed += 1;
      console.log(
        `✗ ${flow.name}\n    ${error instanceof Failure ? error.message : (error?.stack ?? error)}`,
      );
      await page.screenshot({ path: join(ARTIFACTS, `${prefix}-FAILED.png`) }).catch(() => {});
    } finally {
      await context.close();
    }
  }

  // The sheet and tracker screenshots of scripts/screenshots.mjs (the system's templates and CSS
  // in light and dark themes), kept as test artefacts with this run's.
  const shots = join(ROOT, "scripts", "screenshots.mjs");
  if (!filter && existsSync(shots)) {
    const name =
      "screenshots: the sheet, weapon sheet, tracker (compact with 6 and 20 combatants), the combatant setup dialog and a token with engine conditions render in light and dark themes (scripts/screenshots.mjs)";
    try {
      const mod = await import(pathToFileURL(shots).href);
      expect(
        typeof mod.captureScreenshots === "function",
        "scripts/screenshots.mjs exports no captureScreenshots",
      );
      const files = await mod.captureScreenshots({
        outDir: join(ROOT, "test-artifacts", "screenshots"),
        executablePath: CHROMIUM,
      });
      expect(
        Array.isArray(files) && files.length > 0 && files.every((f) => existsSync(f)),
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
          const file = join(ROOT, "test-artifacts", "screenshots", `${shot}-${theme}.png`);
          expect(files.includes(file) && existsSync(file), `no ${shot}-${theme}.png was written`);
        }
      passed += 1;
      console.log(`✓ ${name}: ${files.length} files`);
    } catch (error) {
      failed += 1;
      console.log(`✗ ${name}\n    ${error instanceof Failure ? error.message : (error?.stack ?? error)}`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`browser run took ${((Date.now() - started) / 1000).toFixed(1)} s; screenshots in ${ARTIFACTS}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
