/**
 * Nothing on the page costs anything while nobody acts (issue 45, "Speed as a person feels it"):
 * the acting token's emphasis used to animate `stroke-opacity` on an SVG circle, which repainted
 * the whole map every frame (40–60% of the main thread at N = 200, with nobody touching anything).
 * In the Crowd of 200, once the fight has started and the tracker's deferred rows are drawn, a
 * trace of the renderer's main thread over two quiet seconds holds no paint and almost no work;
 * every animation still running is one the compositor runs alone (opacity or transform of an HTML
 * element, never an SVG one); with `prefers-reduced-motion` nothing moves at all; and a Next turn
 * costs a few paints, not a frame of the map for as long as the turn lasts.
 */
import type { Browser, Page } from "@playwright/test";

import { clickTracker, ok, open, test } from "./support";

const N = 200;

/** What the renderer's main thread did while `act` ran: its busy time and how often it painted. */
async function traced(
  browser: Browser,
  page: Page,
  act: () => Promise<void>,
): Promise<{ busy: number; paints: number; ms: number }> {
  await browser.startTracing(page, { categories: ["devtools.timeline"] });
  const began = Date.now();
  await act();
  const ms = Date.now() - began;
  const events = (
    JSON.parse((await browser.stopTracing()).toString()) as {
      traceEvents: {
        name: string;
        ph: string;
        pid: number;
        tid: number;
        dur?: number;
        args: { name?: string };
      }[];
    }
  ).traceEvents;
  const main = events.find((e) => e.name === "thread_name" && e.args.name === "CrRendererMain");
  ok(main, "the trace has no renderer main thread");
  const mine = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const busy = mine.filter((e) => e.name === "RunTask" && e.ph === "X").reduce((s, e) => s + (e.dur ?? 0), 0);
  return { busy: busy / 1000, paints: mine.filter((e) => e.name === "Paint").length, ms };
}

/** The animations running in the page: what they animate and on which kind of element. */
function running(
  page: Page,
): Promise<{ on: string; svg: boolean; properties: string[]; endless: boolean }[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => a.playState === "running")
      .map((a) => {
        const effect = a.effect as KeyframeEffect;
        const target = effect.target;
        const properties = [
          ...new Set(
            effect
              .getKeyframes()
              .flatMap((k) =>
                Object.keys(k).filter(
                  (p) => !["offset", "easing", "composite", "computedOffset"].includes(p),
                ),
              ),
          ),
        ];
        return {
          on: target ? `${target.tagName}.${[...target.classList].join(".")}` : "?",
          svg: target instanceof SVGElement,
          properties,
          endless: effect.getComputedTiming().iterations === Infinity,
        };
      }),
  );
}

/** Open the Crowd of 200, start the fight, and wait until the tracker has drawn every row. */
async function startCrowd(page: Page): Promise<void> {
  page.setDefaultTimeout(20_000);
  await open(page, "flow", 7, `&n=${N}`);
  await clickTracker(page, "start");
  await page.waitForFunction(() => window.tempo.session.state.status === "active");
  // Deferred work finishes: the rows drawn while the page is idle are all drawn, then it stops.
  await page.waitForFunction(
    () => document.querySelectorAll("[data-pg=tracker] .pg-row-pending").length === 0,
  );
  await page.waitForTimeout(500);
}

test("idle: a started Crowd of 200 left alone paints nothing and keeps the main thread free; only compositor animations run", async ({
  page,
  browser,
  shoot,
}) => {
  test.setTimeout(120_000);
  await startCrowd(page);
  await shoot("started");
  const animations = await running(page);
  const painted = animations.filter(
    (a) => a.svg || a.properties.some((p) => p !== "opacity" && p !== "transform"),
  );
  ok(painted.length === 0, `animations that repaint: ${JSON.stringify(painted)}`);
  ok(
    animations.some((a) => a.on.includes("pg-beacon")),
    `the acting token's beacon does not pulse: ${JSON.stringify(animations)}`,
  );
  const quiet = await traced(browser, page, () => page.waitForTimeout(2000));
  ok(quiet.paints <= 2, `the page painted ${quiet.paints} times in ${quiet.ms} ms while nobody acted`);
  // 2% is the goal (docs/performance.md); a shared, loaded machine is given five times that.
  ok(
    quiet.busy <= quiet.ms * 0.1,
    `the main thread was busy ${quiet.busy.toFixed(0)} ms of ${quiet.ms} ms while nobody acted`,
  );
  // A Next turn paints what changed, once or a few times, then the page is quiet again.
  const acting = await page.evaluate(() => window.tempo.session.state.current);
  const next = await traced(browser, page, async () => {
    await clickTracker(page, "next");
    await page.waitForFunction((was) => window.tempo.session.state.current !== was, acting);
    await page.waitForTimeout(1500);
  });
  ok(next.paints <= 12, `a Next turn painted ${next.paints} times in ${next.ms} ms`);
  await shoot("after-next");
});

test("idle: with prefers-reduced-motion nothing on the page moves, and the acting token is still marked", async ({
  page,
  shoot,
}) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await startCrowd(page);
  const animations = await running(page);
  ok(animations.length === 0, `animations run under reduced motion: ${JSON.stringify(animations)}`);
  const beacon = page.locator("[data-pg=map] .pg-beacon");
  ok(await beacon.isVisible(), "the acting token's beacon is not shown");
  const acting = await page.evaluate(() => window.tempo.session.state.current);
  const [b, t] = [
    await beacon.boundingBox(),
    await page.locator(`[data-pg=map] g.pg-token[data-id="${acting}"] .pg-token-disc`).boundingBox(),
  ];
  ok(b && t, "the beacon or c1's token has no box");
  const centre = (r: { x: number; y: number; width: number; height: number }) => [
    r.x + r.width / 2,
    r.y + r.height / 2,
  ];
  const [[bx, by], [tx, ty]] = [centre(b), centre(t)];
  ok(
    Math.abs(bx! - tx!) < 2 && Math.abs(by! - ty!) < 2 && b.width > t.width,
    `the beacon (${JSON.stringify(b)}) is not round the acting token (${JSON.stringify(t)})`,
  );
  await shoot("reduced-motion");
});
