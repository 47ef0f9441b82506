/**
 * How one command is timed in the page (npm run bench:ui): once the page is idle (the command
 * before it drawn and done), the click (or the drop of a dragged token) is dispatched inside
 * `page.evaluate`; `performance.now()` is read before it and after the
 * synchronous work and every microtask it queued, and the animation-frame callbacks it asked for
 * are added: that is the **script** figure, the "click to settled DOM" (with any layout
 * the page's own code forces on the way, as a click costs it). Then a layout is forced
 * (`document.body.offsetHeight`), so the style and layout the command caused happen before the
 * second CDP reading. Around the same evaluate, CDP `Performance.getMetrics` (in thread time) gives
 * the main thread's ScriptDuration, RecalcStyleDuration and LayoutDuration; their deltas are the
 * **CDP script** and **style+layout** figures (with the evaluate's own few tenths of a ms).
 */
import type { CDPSession, Page } from "playwright-core";

/** What is dispatched, on which element, where (client coordinates for pointer events). */
export interface Gesture {
  kind: "click" | "pointerup";
  selector: string;
  x?: number;
  y?: number;
}

export interface Timing {
  /** Click to the end of the synchronous work and its microtasks (performance.now), ms. */
  script: number;
  /** The main thread's script time around the same click (CDP ScriptDuration delta), ms. */
  cdpScript: number;
  /** Style recalculation plus layout around the click (CDP deltas, the forced layout included), ms. */
  styleLayout: number;
}

type Metrics = Record<string, number>;

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** The CDP session the metrics are read from; Performance must be enabled once per page. */
export async function openMetrics(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  // Thread time, not wall time: a CDP figure is the main thread's own CPU, whatever else the
  // machine runs meanwhile (the script figure, read with performance.now, is wall time).
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  return cdp;
}

/**
 * Wait until the page is idle: the last command's frame drawn, what it left for after the frame
 * (focus, scrolling, rows drawn when idle) done. A person's clicks are seconds apart; a sample
 * starts from a settled page, as theirs do, not in the tail of the command before it.
 */
function settled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() =>
          setTimeout(() => requestIdleCallback(() => done(), { timeout: 1000 }), 0),
        ),
      ),
  );
}

/** Dispatch one gesture in the page and time it (see the file's comment). */
export async function timeGesture(page: Page, cdp: CDPSession, gesture: Gesture): Promise<Timing> {
  await settled(page);
  const before = await metrics(cdp);
  const inPage = await page.evaluate(async (g: Gesture) => {
    const el = document.querySelector(g.selector);
    if (!el) return { error: `nothing matches ${g.selector}` };
    const at = { clientX: g.x ?? 0, clientY: g.y ?? 0 };
    const event =
      g.kind === "click"
        ? new MouseEvent("click", { bubbles: true, cancelable: true, composed: true, view: window, ...at })
        : new PointerEvent("pointerup", {
            bubbles: true,
            cancelable: true,
            composed: true,
            view: window,
            pointerId: 1,
            pointerType: "mouse",
            isPrimary: true,
            button: 0,
            buttons: 0,
            ...at,
          });
    // A page may leave part of its update to the next frame's requestAnimationFrame callbacks:
    // one callback asked for before the click and one after it bracket the callbacks the click
    // asked for, and their work is the click's too (the wait for the frame is not).
    const frameOpens = new Promise<number>((done) => requestAnimationFrame(() => done(performance.now())));
    const t0 = performance.now();
    el.dispatchEvent(event);
    // The microtasks the click queued run before this function's continuations; each await lets
    // one more level of microtasks queued by microtasks run. (A task boundary instead would let
    // the browser draw a frame first and count its painting as the click's.)
    for (let depth = 0; depth < 32; depth++) await null;
    const t1 = performance.now();
    const frameCallbacksDone = new Promise<number>((done) =>
      requestAnimationFrame(() => done(performance.now())),
    );
    const [opened, closed] = await Promise.all([frameOpens, frameCallbacksDone]);
    const script = t1 - t0 + (closed - opened);
    void document.body.offsetHeight;
    return { script };
  }, gesture);
  const after = await metrics(cdp);
  if ("error" in inPage) throw new Error(inPage.error);
  const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return {
    script: inPage.script,
    cdpScript: delta("ScriptDuration"),
    styleLayout: delta("RecalcStyleDuration") + delta("LayoutDuration"),
  };
}

/** Press a token and drag it over a cell without releasing (untimed: the ruler, not the command). */
export async function pressAndDrag(page: Page, who: string, cell: string): Promise<{ x: number; y: number }> {
  const at = await page.evaluate(
    ({ who, cell }) => {
      const token = document.querySelector(`[data-pg=map] g[data-id="${CSS.escape(who)}"]`);
      const target = document.querySelector(`.pg-grid [data-cell="${CSS.escape(cell)}"]`);
      const svg = token?.closest("svg");
      if (!token || !target || !svg) return null;
      const centre = (el: Element) => {
        const box = el.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      };
      const from = centre(token.querySelector(".pg-token-disc") ?? token);
      const to = centre(target);
      const pointer = { bubbles: true, cancelable: true, composed: true, view: window, pointerId: 1 };
      const mouse = { pointerType: "mouse", isPrimary: true, button: 0, buttons: 1 };
      token.dispatchEvent(
        new PointerEvent("pointerdown", { ...pointer, ...mouse, clientX: from.x, clientY: from.y }),
      );
      svg.dispatchEvent(
        new PointerEvent("pointermove", { ...pointer, ...mouse, button: -1, clientX: to.x, clientY: to.y }),
      );
      return to;
    },
    { who, cell },
  );
  if (!at) throw new Error(`cannot drag ${who} to ${cell}: the token or the cell is not on the map`);
  return at;
}
