/**
 * What the playground's browser flows share (playwright.config.ts, project "playground"): the
 * `test` fixture (a page with the script's 5 s default wait, numbered screenshots kept under
 * test-artifacts/browser/, and a check that the page threw nothing), and page helpers. Everything
 * goes through the page as a person would (clicks, drags, keys); the engine state is read through
 * the page's console handle `window.tempo` (src/playground/main.ts) only to check results.
 */
import { join, resolve } from "node:path";

import { test as base, type Locator, type Page } from "@playwright/test";

/** Where every flow's screenshots go (cleared once per run by global-setup.ts). */
export const ARTIFACTS = resolve("test-artifacts", "browser");

/** The pieces of `window.tempo` the flows read; the playground sets it for the console. */
export interface PgCombatant {
  id: string;
  name: string;
  side: string;
  size?: string;
  at?: [number, number] | null;
  pools: Record<string, number>;
}
export interface PgState {
  ruleset: string;
  status: string;
  current: string | null;
  roster: string[];
  order: string[];
  combatants: PgCombatant[];
  offers: { who: string; with: string }[];
  round: number;
  phase: number | string;
  stage: string;
  segment: number | null;
  seq: number;
  grid: { bounds?: unknown };
}
export interface PgLogEntry {
  command: { type: string; with?: string };
  refusal: unknown;
}
interface TempoConsole {
  session: { state: PgState; log: PgLogEntry[]; seed: number };
  loc: { format(key: string, data: Record<string, unknown>): string; localize(key: string): string };
  ruleset: {
    moveModes: unknown[];
    pools: unknown[];
    actions: Record<string, { id: string; cost?: { ap?: number } }>;
  };
  selected: string | null;
  constructor: { registered(): string[] };
}
declare global {
  interface Window {
    /** The playground's console handle (src/playground/main.ts); read by the browser flows only. */
    tempo: TempoConsole;
  }
}

/** A failed check, with what went wrong in words. */
export function ok(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Save a numbered screenshot of the page under test-artifacts/browser/. */
export type Shoot = (label: string) => Promise<void>;

export const test = base.extend<{ shoot: Shoot; pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await use(errors);
  },
  shoot: async ({ page, pageErrors }, use, testInfo) => {
    page.setDefaultTimeout(5000);
    const prefix = testInfo.title.split(":")[0]!.trim().replace(/\W+/g, "-");
    let step = 0;
    await use(async (label) => {
      step += 1;
      await page.screenshot({
        path: join(ARTIFACTS, `${prefix}-${String(step).padStart(2, "0")}-${label}.png`),
      });
    });
    if (testInfo.status !== testInfo.expectedStatus)
      await page.screenshot({ path: join(ARTIFACTS, `${prefix}-FAILED.png`) }).catch(() => undefined);
    else ok(pageErrors.length === 0, `the page threw: ${pageErrors.join(" | ")}`);
  },
});

/** Open the playground on a ruleset and seed and wait until it has rendered. */
export async function open(page: Page, ruleset: string, seed: number, extra = ""): Promise<void> {
  // The dev server compiles modules on the first load: give it longer than a click.
  await page.goto(`/?ruleset=${ruleset}&seed=${seed}${extra}`, { timeout: 20_000 });
  await page.waitForSelector("#playground[data-ready=true]", { timeout: 15_000 });
  const picked = await page.evaluate(() => window.tempo.session.state.ruleset);
  ok(picked === ruleset, `ruleset ${ruleset} is not registered in the engine (the picker opened ${picked})`);
}

export const state = (page: Page): Promise<PgState> => page.evaluate(() => window.tempo.session.state);

/** A combatant of a state read from the page: the state lists them in roster order (engine/record.ts). */
export function combatantIn(s: PgState, id: string | null | undefined): PgCombatant {
  const found = s.combatants.find((c) => c.id === id);
  ok(found, `no combatant ${id} in the state`);
  return found;
}

/** Where a combatant stands; a check fails when it is off the map. */
export function placeOf(s: PgState, id: string | null | undefined): [number, number] {
  const at = combatantIn(s, id).at;
  ok(at, `${id} is not on the map`);
  return at;
}

export const localize = (page: Page, key: string, data?: Record<string, unknown>): Promise<string> =>
  page.evaluate(([k, d]) => (d ? window.tempo.loc.format(k, d) : window.tempo.loc.localize(k)), [
    key,
    data,
  ] as const);

/** The tracker's highlighted steps (phase, segment, stage) as a person reads them. */
export function currentSteps(page: Page): Promise<string[]> {
  // A compact step shows a short text ("1") and carries its full name as its accessible name.
  return page
    .locator('[data-pg=tracker] [aria-current="step"]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute("aria-label") ?? e.textContent ?? "").trim()));
}

/** The system tracker template's button for a command, where it has one; else the playground's bar. */
const TEMPLATE_ACTIONS: Record<string, string> = { next: "tempoNext", endTurn: "tempoEndTurn" };
export async function clickTracker(page: Page, command: string): Promise<void> {
  const action = TEMPLATE_ACTIONS[command];
  const theirs = action ? page.locator(`[data-pg=tracker] [data-action="${action}"]`) : null;
  const button =
    theirs && (await theirs.count()) > 0
      ? theirs.first()
      : page.locator(`[data-pg=tracker] [data-pg-command="${command}"]`);
  await button.waitFor({ state: "visible", timeout: 5000 });
  ok(
    await button.isEnabled(),
    `tracker button ${command} is disabled: ${await button.getAttribute("title")}`,
  );
  await button.click();
}

/** Answer every open reaction prompt by declining, until none is left. */
export async function declineAll(page: Page, shoot: Shoot | null, label: string): Promise<void> {
  for (let i = 0; i < 8; i++) {
    const prompt = page.locator("[data-pg=prompt]");
    if (!(await prompt.isVisible())) return;
    if (shoot && i === 0) await shoot(`${label}-prompt`);
    await prompt.locator("[data-action=tempoDecline]").click();
    await page.waitForTimeout(50);
  }
  throw new Error("a reaction prompt kept coming back after declining");
}

/** The centre of a map cell on screen. */
export async function cellCentre(page: Page, key: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.pg-grid [data-cell="${key}"]`).boundingBox();
  ok(box, `cell ${key} is not on the map`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The on-screen box of a locator; a check fails when it is not rendered. */
export async function boxOf(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  ok(box, `${what} is not on screen`);
  return box;
}

/** Action buttons on the sheet: the system template's (data-action=takeAction) or the playground's. */
export const ACTION_BUTTONS = "[data-pg=sheet] [data-action=takeAction]";
export const actionButton = (page: Page, id: string): Locator =>
  page.locator(`[data-pg=sheet] [data-action=takeAction][data-action-id="${id}"]`).first();

export const HEX_NEIGHBOURS: [number, number][] = [
  [1, 0],
  [-1, 0],
  [0, -1],
  [0, 1],
  [1, -1],
  [-1, 1],
];

/** Keys of the pointy-top hex directions (see the map's keyboard help). */
export const HEX_KEYS: Record<string, [number, number]> = {
  d: [1, 0],
  a: [-1, 0],
  q: [0, -1],
  e: [1, -1],
  z: [-1, 1],
  c: [0, 1],
};

/** The cells someone stands on, as "q,r" keys. */
export function occupiedCells(s: PgState): Set<string> {
  return new Set(s.combatants.flatMap((c) => (c.at ? [`${c.at[0]},${c.at[1]}`] : [])));
}

/** The free neighbouring cells of a hex combatant, by the map's keyboard keys. */
export function freeHexKeys(s: PgState, who: string | null): [string, [number, number]][] {
  const [q, r] = placeOf(s, who);
  const occupied = occupiedCells(s);
  return Object.entries(HEX_KEYS).filter(([, [dq, dr]]) => !occupied.has(`${q + dq},${r + dr}`));
}

/**
 * WCAG 2 contrast of every piece of text inside `selector`, measured in the page: the text's
 * computed colour over the backgrounds behind it (composited up the ancestors, opacity included),
 * against 4.5:1 (3:1 for large text: 24 px, or 18.66 px bold). Disabled controls count too.
 * Returns the texts that fall short.
 */
export function lowContrast(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    type Rgba = [number, number, number, number];
    const parse = (c: string): Rgba => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1]!
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]!, p[1]!, p[2]!, p.length > 3 ? p[3]! : 1];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + under[i]! * under[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const lum = ([r, g, b]: Rgba) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const background = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = e.parentElement)
        layers.push(parse(getComputedStyle(e).backgroundColor));
      let colour: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const opacity = (el: Element) => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const out: string[] = [];
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const seen = new Set<Element>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        const words = (node.textContent ?? "").trim();
        if (!el || seen.has(el) || words === "") continue;
        seen.add(el);
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (style.visibility === "hidden" || box.width < 2 || box.height < 2) continue;
        if (el.closest(".tempo-visually-hidden, .pg-sr-only, [hidden]")) continue;
        const bg = background(el);
        const fg = parse(style.color);
        const text = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], bg);
        const [l1, l2] = [lum(text), lum(bg)].sort((a, b) => b - a) as [number, number];
        const ratio = (l1 + 0.05) / (l2 + 0.05);
        const size = parseFloat(style.fontSize);
        const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
        if (ratio < (large ? 3 : 4.5)) out.push(`"${words.slice(0, 40)}" ${ratio.toFixed(2)}:1 at ${size}px`);
      }
    }
    return out;
  }, selector);
}

/** Whether a click at the centre of the element lands on it (nothing paints over it or catches it). */
export function hitAtCentre(locator: Locator): Promise<{ inView: boolean; hit: boolean; what: string }> {
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

/** Press Tab (or Shift+Tab) until `check` holds for the focused element; false after `max` presses. */
export async function tabUntil(
  page: Page,
  check: (arg: string | null) => boolean | undefined,
  arg: string | null,
  { back = false, max = 80 } = {},
): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await page.evaluate(check, arg)) return true;
  }
  return false;
}

/** Where focus is, in words a failure message can show. */
export const focusedOn = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? el.outerHTML.slice(0, 90) : "nothing";
  });

/** Remove every toast, so the next one waited for is new. */
export const clearToasts = (page: Page): Promise<void> =>
  page.locator(".pg-toast").evaluateAll((els) => els.forEach((e) => e.remove()));

/**
 * Text a person cannot read whole (issue 45): text under 11 px on screen (an SVG text's size
 * scaled as the map is drawn), text cut by a box that clips it (overflow hidden or clip, or an
 * ellipsis) and boxes that scroll sideways (the page, a panel, anything with overflow-x auto).
 * Each finding reads "<what>: <text> (<figure>)".
 */
export function unreadable(page: Page, selector = "body"): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join(".")} "${(el.textContent ?? "").trim().slice(0, 30)}"`;
    const seen = new Set<Element>();
    for (const root of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || seen.has(el) || (node.textContent ?? "").trim() === "") continue;
        seen.add(el);
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        if (style.visibility === "hidden" || box.width < 1 || box.height < 1) continue;
        if (el.closest(".tempo-visually-hidden, .pg-sr-only, [hidden], title, option")) continue;
        let px = parseFloat(style.fontSize);
        if (el instanceof SVGGraphicsElement) px *= el.getScreenCTM()?.a ?? 1;
        if (px < 10.95) out.push(`small: ${name(el)} (${px.toFixed(1)} px)`);
        // Cut: a box between the text and the page clips it where it does not scroll.
        for (let up: Element | null = el; up && up !== document.body; up = up.parentElement) {
          const s = getComputedStyle(up);
          const clips = (v: string) => v === "hidden" || v === "clip";
          if (up instanceof HTMLElement && (clips(s.overflowX) || s.textOverflow === "ellipsis")) {
            if (up.scrollWidth > up.clientWidth + 1) {
              out.push(`cut: ${name(el)} (${up.scrollWidth} px in ${up.clientWidth} px)`);
              break;
            }
          }
          if (s.overflowX === "auto" || s.overflowX === "scroll") break;
        }
      }
    }
    const sideways = [document.documentElement, ...document.querySelectorAll<HTMLElement>(`${sel} *`)].filter(
      (el) => {
        const s = getComputedStyle(el);
        const scrolls = el === document.documentElement || s.overflowX === "auto" || s.overflowX === "scroll";
        return scrolls && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1;
      },
    );
    for (const el of sideways)
      out.push(
        `sideways: ${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join(".")} (${el.scrollWidth} px in ${el.clientWidth} px)`,
      );
    return [...new Set(out)];
  }, selector);
}

/**
 * Drag the acting combatant one hex out of a threatened hex, so a foe's reaction prompt opens (the
 * flow sample at seed 11: the mover starts beside a foe). Returns the hex it was dropped on.
 */
export async function dragToProvoke(page: Page): Promise<string> {
  const s = await state(page);
  const mover = s.current;
  ok(mover, "nobody acts: Start first");
  const token = page.locator(`.pg-token[data-id="${mover}"]`);
  const [q, r] = ((await token.getAttribute("data-cell")) ?? "").split(",").map(Number) as [number, number];
  const occupied = occupiedCells(s);
  const box = await boxOf(token, `${mover}'s token`);
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  for (const [dq, dr] of HEX_NEIGHBOURS) {
    const key = `${q + dq},${r + dr}`;
    if (occupied.has(key) || (await page.locator(`.pg-grid [data-cell="${key}"]`).count()) === 0) continue;
    const to = await cellCentre(page, key);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 3 });
    await page.mouse.move(to.x, to.y, { steps: 3 });
    const refused = await page.locator(".pg-ruler-label.pg-path-refused").count();
    const provokes = await page.locator(".pg-provoke").count();
    if (refused === 0 && provokes > 0) {
      await page.mouse.up();
      await page.locator("[data-pg=prompt]").waitFor({ state: "visible", timeout: 5000 });
      return key;
    }
    await page.mouse.move(from.x, from.y, { steps: 2 });
    await page.mouse.up();
  }
  throw new Error(`no neighbouring hex of ${mover} gave a legal, provoking move`);
}
