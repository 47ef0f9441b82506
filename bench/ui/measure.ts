/**
 * How one command is timed in the page (npm run bench:ui), as a person feels it (issue 45):
 *
 * - The gesture is raw input: CDP `Input.dispatchMouseEvent` moves the mouse over the control,
 *   presses and releases it (a drop: the token pressed and dragged over the cell untimed, then the
 *   release timed), so the browser hit-tests, queues and dispatches it as it does a person's click,
 *   behind whatever task the page is running.
 * - It comes at a person's moment, not only from an idle page: the player's pauses (play.ts) are
 *   "once the page is idle" and a few hundred ms after the last command, whatever is still running.
 * - **inp**: the Event Timing API's duration of the gesture's events (PerformanceObserver type
 *   "event", durationThreshold 16, entries with an interactionId): from the input's hardware
 *   timestamp to the next paint after its handlers. An interaction under the threshold reports no
 *   entry and counts as 16 ms.
 * - **busy**: the main thread's task time (CDP `Performance.getMetrics` TaskDuration, in thread
 *   time) from just before the input until the page is idle again (the frame after it drawn, a
 *   task after that, and an idle callback), which holds the script, style, layout, paint and
 *   whatever the command left for later; **script** is the ScriptDuration part of it.
 * - **idle share** (`idleShare`): TaskDuration over a few quiet seconds of a fight nobody touches,
 *   from a second after the last command.
 */
import type { CDPSession, Page } from "playwright-core";

/** What is pressed: an element's centre, or a point (client coordinates). */
export interface Gesture {
  kind: "click" | "drop";
  selector: string;
  x?: number;
  y?: number;
}

/** When the gesture comes: once the page is idle, or this many ms after the last one, come what may. */
export type Moment = "idle" | number;

export interface Timing {
  /** Input to the next paint (Event Timing duration of the gesture's events), ms. */
  inp: number;
  /** The main thread's task time from the input until the page is idle (CDP TaskDuration delta), ms. */
  busy: number;
  /** The script part of it (CDP ScriptDuration delta), ms. */
  script: number;
}

type Metrics = Record<string, number>;

async function metrics(cdp: CDPSession): Promise<Metrics> {
  const { metrics: list } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** The smallest duration the Event Timing API reports (its durationThreshold floor). */
export const EVENT_THRESHOLD = 16;

/**
 * The CDP session the metrics and input go through; Performance is enabled once per page, and the
 * page's Event Timing observer keeps every event entry with an interactionId.
 */
export async function openMetrics(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  // Thread time, not wall time: a CDP figure is the main thread's own CPU, whatever else the
  // machine runs meanwhile.
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  await page.evaluate((threshold) => {
    const kept: { name: string; startTime: number; duration: number; interactionId: number }[] = [];
    (window as unknown as { __benchEvents: typeof kept }).__benchEvents = kept;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[])
        if (e.interactionId > 0)
          kept.push({
            name: e.name,
            startTime: e.startTime,
            duration: e.duration,
            interactionId: e.interactionId,
          });
    }).observe({ type: "event", durationThreshold: threshold, buffered: true } as PerformanceObserverInit);
  }, EVENT_THRESHOLD);
  return cdp;
}

/**
 * Wait until the page is idle: the last command's frame drawn, what it left for after the frame
 * (focus, scrolling, rows drawn when idle) done, and the Event Timing entries of that frame handed
 * to the observer.
 */
export function settled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done) =>
        requestAnimationFrame(() =>
          setTimeout(
            () =>
              requestIdleCallback(() => requestAnimationFrame(() => setTimeout(done, 0)), { timeout: 1000 }),
            0,
          ),
        ),
      ),
  );
}

/** The client point at an element's centre, scrolled into its panel's view first (untimed). */
async function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const at = await page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = el.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }, selector);
  if (!at) throw new Error(`nothing matches ${selector}`);
  return at;
}

const mouse = (
  cdp: CDPSession,
  type: "mouseMoved" | "mousePressed" | "mouseReleased",
  at: { x: number; y: number },
) =>
  cdp.send("Input.dispatchMouseEvent", {
    type,
    x: at.x,
    y: at.y,
    button: type === "mouseMoved" ? "none" : "left",
    buttons: type === "mouseReleased" ? 0 : type === "mousePressed" ? 1 : 0,
    clickCount: type === "mouseMoved" ? 0 : 1,
  });

/** When each page's last gesture was released (Date.now()), for a gesture timed a pause after it. */
const released = new WeakMap<Page, number>();

/** Press and release (a click), or release (a drop already pressed and dragged), as raw input. */
async function press(
  cdp: CDPSession,
  page: Page,
  gesture: Gesture,
  at: { x: number; y: number },
): Promise<void> {
  if (gesture.kind === "click") await mouse(cdp, "mousePressed", at);
  await mouse(cdp, "mouseReleased", at);
  released.set(page, Date.now());
}

/** Where a gesture is pressed: a click at its control's centre (the mouse moved there), a drop where it was dragged. */
async function pointOf(page: Page, cdp: CDPSession, gesture: Gesture): Promise<{ x: number; y: number }> {
  if (gesture.kind !== "click") return { x: gesture.x!, y: gesture.y! };
  const at = await centreOf(page, gesture.selector);
  await mouse(cdp, "mouseMoved", at);
  return at;
}

/**
 * A gesture sent as raw input and not timed nor waited for: the first of a person's two quick
 * gestures, the second of which is timed a pause after it (`timeGesture` with a number).
 */
export async function fire(page: Page, cdp: CDPSession, gesture: Gesture): Promise<void> {
  await press(cdp, page, gesture, await pointOf(page, cdp, gesture));
}

/**
 * Dispatch one gesture as raw input and time it (see the file's comment). `moment` "idle": once
 * the page is idle; a number: that many ms after the page's last gesture was released, without
 * waiting for the page, whatever it is still doing.
 */
export async function timeGesture(
  page: Page,
  cdp: CDPSession,
  gesture: Gesture,
  moment: Moment = "idle",
): Promise<Timing> {
  if (moment === "idle") await settled(page);
  const since = await page.evaluate(() => performance.now());
  const at = await pointOf(page, cdp, gesture);
  if (moment !== "idle") {
    const wait = (released.get(page) ?? 0) + moment - Date.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
  }
  const before = await metrics(cdp);
  await press(cdp, page, gesture, at);
  await settled(page);
  const after = await metrics(cdp);
  const inp = await page.evaluate(
    ({ since, floor }) => {
      const events = (window as unknown as { __benchEvents: { startTime: number; duration: number }[] })
        .__benchEvents;
      const mine = events.filter((e) => e.startTime >= since);
      return Math.max(floor, ...mine.map((e) => e.duration));
    },
    { since, floor: EVENT_THRESHOLD },
  );
  const delta = (name: string) => ((after[name] ?? 0) - (before[name] ?? 0)) * 1000;
  return { inp, busy: delta("TaskDuration"), script: delta("ScriptDuration") };
}

/**
 * Press a token and drag it over a cell with the mouse, without releasing (untimed: that is the
 * ruler, not the command); the point to release at is returned.
 */
export async function pressAndDrag(
  page: Page,
  cdp: CDPSession,
  who: string,
  cell: string,
): Promise<{ x: number; y: number }> {
  const points = await page.evaluate(
    ({ who, cell }) => {
      const token = document.querySelector(`[data-pg=map] g[data-id="${CSS.escape(who)}"] .pg-token-disc`);
      const target = document.querySelector(`.pg-grid [data-cell="${CSS.escape(cell)}"]`);
      if (!token || !target) return null;
      target.scrollIntoView({ block: "nearest", inline: "nearest" });
      const centre = (el: Element) => {
        const box = el.getBoundingClientRect();
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      };
      return { from: centre(token), to: centre(target) };
    },
    { who, cell },
  );
  if (!points) throw new Error(`cannot drag ${who} to ${cell}: the token or the cell is not on the map`);
  await mouse(cdp, "mouseMoved", points.from);
  await mouse(cdp, "mousePressed", points.from);
  // Halfway, then over the cell: a person's drag passes through the cells between.
  await cdp.send("Input.dispatchMouseEvent", {
    type: "mouseMoved",
    x: (points.from.x + points.to.x) / 2,
    y: (points.from.y + points.to.y) / 2,
    button: "left",
    buttons: 1,
  });
  await cdp.send("Input.dispatchMouseEvent", {
    type: "mouseMoved",
    x: points.to.x,
    y: points.to.y,
    button: "left",
    buttons: 1,
  });
  return points.to;
}

/**
 * The main thread's busy share (task time over wall time) over `ms` of a page nobody touches,
 * from a second after the last command (its deferred work, rows drawn and the session kept when
 * idle, has had its time).
 */
export async function idleShare(page: Page, cdp: CDPSession, ms: number): Promise<number> {
  await settled(page);
  await page.waitForTimeout(1000);
  const before = await metrics(cdp);
  const began = Date.now();
  await page.waitForTimeout(ms);
  const after = await metrics(cdp);
  const wall = Date.now() - began;
  return (((after["TaskDuration"] ?? 0) - (before["TaskDuration"] ?? 0)) * 1000) / wall;
}
