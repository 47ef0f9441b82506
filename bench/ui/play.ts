/**
 * The commands npm run bench:ui times, played in the playground as a person plays them: Start, then
 * turn after turn a plain step dragged on the map and Undo, an attack on the nearest enemy from the
 * sheet and a provoking step with the prompt's Decline (each first every other turn), End turn and
 * Next turn; every other turn a person's quick pairs (QUICK): the step, the provoking step and End
 * turn are sent untimed and Undo, the answer and Next turn timed a pause after them, without
 * waiting for the page. After the turns the fight is left alone a few seconds and the page's busy
 * share read. Each is timed only when the page accepted it (measure.ts says how); everything
 * between (declining a defender's prompt, finding a step) is untimed. The page is read through its
 * console handle `window.tempo` only to choose the next step and to check what a command did.
 */
import type { Browser, CDPSession, Page } from "playwright-core";

import { neighbourSteps } from "../../src/engine/grid";
import {
  fire,
  idleShare,
  openMetrics,
  pressAndDrag,
  timeGesture,
  type Gesture,
  type Moment,
  type Timing,
} from "./measure";

export const COMMANDS = [
  "start",
  "move",
  "provoking move",
  "answer",
  "attack",
  "end turn",
  "next turn",
  "undo",
] as const;
export type CommandName = (typeof COMMANDS)[number];

export type Samples = Map<CommandName, Timing[]>;

/** What one ruleset at one N gave: the samples, or why it could not be played. */
export interface Run {
  ruleset: string;
  n: number;
  samples: Samples;
  combatants: number;
  /** Each page's main-thread busy share (0..1) over a few quiet seconds of its fight, nobody acting. */
  idle: number[];
  note: string | null;
}

export interface PlayOptions {
  baseUrl: string;
  ruleset: string;
  n: number;
  seed: number;
  /** Fresh pages (each gives one first Start). */
  pages: number;
  /** Turns played per page after the Start. */
  turns: number;
  /** Play the sample the page opens even when its size is not `n` (N = 6 before the Crowd). */
  anySize?: boolean;
  /** The attack action's id in this ruleset. */
  attack: string;
}

interface Tempo {
  session: {
    state: {
      current: string | null;
      status: string;
      roster: string[];
      offers: unknown[];
      grid: { type: string };
      combatants: { id: string; side: string; at?: [number, number] | null; defeated?: boolean }[];
    };
    log: { refusal: unknown }[];
  };
  preview?(id: string, waypoints: [number, number][]): { provocations: unknown[]; refusal: unknown } | null;
}
type TempoWindow = { tempo: Tempo };

const PROMPT = "[data-pg=prompt]";
const DECLINE = `${PROMPT} [data-action=tempoDecline]`;

/** The system tracker's button for a command where it has one, else the playground's bar. */
function trackerButton(command: "next" | "endTurn" | "start" | "undo"): string[] {
  const templated = { next: "tempoNext", endTurn: "tempoEndTurn" } as Record<string, string>;
  const own = `[data-pg=tracker] [data-pg-command="${command}"]`;
  const action = templated[command];
  return action ? [`[data-pg=tracker] [data-action="${action}"]`, own] : [own];
}

/** The first of the selectors that matches an enabled element, or null. */
function enabled(page: Page, selectors: string[]): Promise<string | null> {
  return page.evaluate((list) => {
    for (const s of list) {
      const el = document.querySelector(s);
      if (el && !(el as HTMLButtonElement).disabled) return s;
    }
    return null;
  }, selectors);
}

const accepted = (page: Page): Promise<number> =>
  page.evaluate(
    () => (window as unknown as TempoWindow).tempo.session.log.filter((l) => l.refusal === null).length,
  );

const current = (page: Page): Promise<string | null> =>
  page.evaluate(() => (window as unknown as TempoWindow).tempo.session.state.current);

const promptOpen = (page: Page): Promise<boolean> =>
  page.evaluate((sel) => {
    const el = document.querySelector<HTMLElement>(sel);
    return !!el && !el.hidden && el.childElementCount > 0;
  }, PROMPT);

/** Decline every open prompt (untimed), as the table moves on. */
async function declineAll(page: Page): Promise<void> {
  for (let i = 0; i < 12 && (await promptOpen(page)); i++) {
    await page.evaluate((sel) => document.querySelector<HTMLElement>(sel)?.click(), DECLINE);
  }
  if (await promptOpen(page)) throw new Error("a reaction prompt kept coming back after declining");
}

/** A neighbouring cell the mover may step to that provokes, and one that does not (the ruler's own answer). */
function steps(page: Page, who: string): Promise<{ provoking: string | null; plain: string | null }> {
  // The engine's steps to a cell's neighbours (the page's function cannot import them: it is sent).
  const directions = { hex: neighbourSteps({ type: "hex" }), square: neighbourSteps({ type: "square" }) };
  return page.evaluate(
    ({ id, directions }) => {
      const tempo = (window as unknown as TempoWindow).tempo;
      const s = tempo.session.state;
      const me = s.combatants.find((c) => c.id === id);
      const out = { provoking: null as string | null, plain: null as string | null };
      if (!me?.at) return out;
      const from = me.at;
      // The provoking step taken is the one farthest from every enemy: out of reach, a plain step can follow.
      const enemies = s.combatants.filter((c) => c.side !== me.side && !c.defeated && c.at);
      const apart = ([q, r]: [number, number]) =>
        Math.min(
          ...enemies.map(({ at }) => {
            const [dq, dr] = [q - at![0], r - at![1]];
            return s.grid.type === "hex"
              ? (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2
              : Math.max(Math.abs(dq), Math.abs(dr));
          }),
        );
      let farthest = -1;
      // The page's ruler preview when the console handle has it; else the ruler on the map itself,
      // drawn by a press and a drag over the cell and cancelled (its refusal and its ! marks).
      const svg = document.querySelector("[data-pg=map] svg");
      const token = document.querySelector(`[data-pg=map] g[data-id="${CSS.escape(id)}"]`);
      const ask = (cell: [number, number], key: string): { refused: boolean; provokes: boolean } | null => {
        if (typeof tempo.preview === "function") {
          const p = tempo.preview(id, [cell]);
          return p && { refused: !!p.refusal, provokes: p.provocations.length > 0 };
        }
        const target = document.querySelector(`.pg-grid [data-cell="${key}"]`);
        if (!svg || !token || !target) return null;
        const centre = (el: Element) => {
          const box = el.getBoundingClientRect();
          return { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
        };
        const pointer = {
          bubbles: true,
          cancelable: true,
          pointerId: 1,
          pointerType: "mouse",
          isPrimary: true,
        };
        token.dispatchEvent(
          new PointerEvent("pointerdown", { ...pointer, button: 0, buttons: 1, ...centre(token) }),
        );
        svg.dispatchEvent(
          new PointerEvent("pointermove", { ...pointer, button: -1, buttons: 1, ...centre(target) }),
        );
        const drawn = !!document.querySelector(".pg-ruler-label");
        const answer = {
          refused: !!document.querySelector(".pg-ruler-label.pg-path-refused"),
          provokes: !!document.querySelector(".pg-provoke"),
        };
        svg.dispatchEvent(new PointerEvent("pointercancel", pointer));
        return drawn ? answer : null;
      };
      const occupied = new Set(s.combatants.flatMap((c) => (c.at ? [`${c.at[0]},${c.at[1]}`] : [])));
      // One cell away first; a plain step may have to go two or three cells to leave every reach.
      for (let reach = 1; reach <= 3 && !out.plain; reach++) {
        for (const [dq, dr] of s.grid.type === "hex" ? directions.hex : directions.square) {
          const cell: [number, number] = [from[0] + dq * reach, from[1] + dr * reach];
          const key = `${cell[0]},${cell[1]}`;
          if (occupied.has(key) || !document.querySelector(`.pg-grid [data-cell="${key}"]`)) continue;
          const p = ask(cell, key);
          if (!p || p.refused) continue;
          if (p.provokes) {
            if (reach === 1 && apart(cell) > farthest) {
              farthest = apart(cell);
              out.provoking = key;
            }
          } else out.plain ??= key;
        }
      }
      return out;
    },
    { id: who, directions },
  );
}

class Player {
  constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
    readonly samples: Samples,
  ) {}

  private keep(name: CommandName, timing: Timing): void {
    const list = this.samples.get(name) ?? [];
    list.push(timing);
    this.samples.set(name, list);
  }

  /**
   * Click the first enabled of `selectors`; timed at `moment` (from an idle page, or a pause after
   * the last gesture) and kept when `done` says the page did it, or, with `untimed`, only sent: the
   * first of two quick clicks, the second timed.
   */
  async click(
    name: CommandName,
    selectors: string[],
    done: () => Promise<boolean>,
    moment: Moment | "untimed" = "idle",
  ): Promise<boolean> {
    const selector = await enabled(this.page, selectors);
    if (!selector) return false;
    const gesture: Gesture = { kind: "click", selector };
    if (moment === "untimed") {
      await fire(this.page, this.cdp, gesture);
      return done();
    }
    const timing = await timeGesture(this.page, this.cdp, gesture, moment);
    const ok = await done();
    if (ok) this.keep(name, timing);
    return ok;
  }

  /** Drag the mover one cell with the mouse and drop it (timed unless `untimed`); kept as `name` when `done` holds. */
  async drop(
    name: CommandName,
    who: string,
    cell: string,
    done: () => Promise<boolean>,
    untimed = false,
  ): Promise<boolean> {
    const at = await pressAndDrag(this.page, this.cdp, who, cell);
    const gesture: Gesture = { kind: "drop", selector: "[data-pg=map] svg", ...at };
    if (untimed) {
      await fire(this.page, this.cdp, gesture);
      return done();
    }
    const timing = await timeGesture(this.page, this.cdp, gesture);
    const ok = await done();
    if (ok) this.keep(name, timing);
    return ok;
  }
}

/**
 * A person's quick pairs, on every other turn: the second gesture is timed this many ms after the
 * first (sent, not timed), with no wait for the page in between: Undo soon after a step, the
 * prompt's answer once read, Next turn straight after End turn.
 */
export const QUICK = { undo: 300, answer: 600, next: 150 } as const;

/** How long the page is left alone at the end of each page's turns, its busy share read (ms). */
export const QUIET_MS = 3000;

/** One fresh page: boot, the first Start, then `turns` turns. */
async function playPage(
  browser: Browser,
  options: PlayOptions,
  samples: Samples,
  idle: number[],
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1680, height: 1050 } });
  // tsx compiles this file keeping function names (`__name(fn, "name")`), also inside the
  // functions handed to page.evaluate: the page gets the same helper as a no-op.
  await context.addInitScript({ content: "globalThis.__name = (fn) => fn;" });
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    // A long countdown: a prompt is answered by the bench, never by the clock.
    const url = `${options.baseUrl}/?ruleset=${options.ruleset}&n=${options.n}&seed=${options.seed}&prompt=3600`;
    await page.goto(url, { timeout: 60_000 });
    await page.waitForSelector("#playground[data-ready=true]", { timeout: 60_000 });
    const size = await page.evaluate(
      () => (window as unknown as TempoWindow).tempo.session.state.roster.length,
    );
    if (size !== options.n && !options.anySize) return size;
    // Let the boot's own tasks finish before the first click.
    await page.waitForTimeout(300);
    const player = new Player(page, await openMetrics(page), samples);
    let count = await accepted(page);
    const grew = async () => {
      const now = await accepted(page);
      const ok = now > count;
      count = now;
      return ok;
    };
    if (!(await player.click("start", trackerButton("start"), grew)))
      throw new Error(`Start was not accepted in ${options.ruleset} at N = ${options.n}`);
    await declineAll(page);
    count = await accepted(page);
    for (let turn = 0, tries = 0; turn < options.turns && tries < options.turns * 4; tries++) {
      const who = await current(page);
      if (!who) {
        // Between turns (declarations, a stage nobody acts in): Next turn moves the fight on.
        const moved = await player.click("next turn", trackerButton("next"), grew);
        await declineAll(page);
        count = await accepted(page);
        if (!moved) break;
        continue;
      }
      turn += 1;
      // Every other turn, a person's quick pairs (QUICK): the first gesture sent untimed.
      const quick = turn % 2 === 0;
      // A step that provokes nobody (when the mover stands in no enemy's reach), then Undo.
      let stepped = false;
      const plainStep = async () => {
        const cell = (await steps(page, who)).plain;
        if (!cell) return;
        stepped = await player.drop(
          "move",
          who,
          cell,
          async () => (await grew()) && !(await promptOpen(page)),
          quick,
        );
        await declineAll(page);
        count = await accepted(page);
        if (stepped)
          await player.click(
            "undo",
            trackerButton("undo"),
            async () => {
              const now = await accepted(page);
              const ok = now < count;
              count = now;
              return ok;
            },
            quick ? QUICK.undo : "idle",
          );
      };
      // An attack on the nearest enemy, from the sheet (its defender's prompt is declined untimed).
      const attack = async () => {
        const button = `[data-pg=sheet] [data-action=takeAction][data-action-id="${options.attack}"]`;
        await player.click("attack", [button], grew);
        await declineAll(page);
        count = await accepted(page);
      };
      // A step out of an enemy's reach: the prompt opens; its Decline is the answer timed.
      const provoke = async () => {
        const cell = (await steps(page, who)).provoking;
        if (!cell) return;
        const opened = await player.drop(
          "provoking move",
          who,
          cell,
          async () => {
            await grew();
            return promptOpen(page);
          },
          quick,
        );
        if (opened) await player.click("answer", [DECLINE], grew, quick ? QUICK.answer : "idle");
        await declineAll(page);
        count = await accepted(page);
      };
      await plainStep();
      // Every other turn attacks first: an attack may end the turn (phases), a step may leave the
      // target's reach (flow).
      if (turn % 2 === 1) {
        await attack();
        await provoke();
      } else {
        await provoke();
        await attack();
      }
      // Out of reach now, a plain step can follow when there was none before.
      if (!stepped) await plainStep();
      const ended = await player.click(
        "end turn",
        trackerButton("endTurn"),
        grew,
        quick ? "untimed" : "idle",
      );
      if (!quick || !ended) {
        await declineAll(page);
        count = await accepted(page);
      }
      await player.click("next turn", trackerButton("next"), grew, quick && ended ? QUICK.next : "idle");
      await declineAll(page);
      count = await accepted(page);
    }
    // The fight left alone: what the page costs while nobody acts.
    if (await page.evaluate(() => (window as unknown as TempoWindow).tempo.session.state.status === "active"))
      idle.push(await idleShare(page, player.cdp, QUIET_MS));
    if (errors.length > 0) throw new Error(`the page threw: ${errors.join(" | ")}`);
    return size;
  } finally {
    await context.close();
  }
}

/** Play one ruleset at one N over fresh pages; a page without the N asked for is noted, not timed. */
export async function play(browser: Browser, options: PlayOptions): Promise<Run> {
  const samples: Samples = new Map();
  const idle: number[] = [];
  let combatants = 0;
  for (let p = 0; p < options.pages; p++) {
    combatants = await playPage(browser, options, samples, idle);
    if (combatants !== options.n && options.anySize) continue;
    if (combatants !== options.n)
      return {
        ruleset: options.ruleset,
        n: options.n,
        samples: new Map(),
        combatants,
        idle: [],
        note: `the page opened ${combatants} combatants for n=${options.n} (no Crowd sample of that size)`,
      };
  }
  const note =
    combatants === options.n
      ? null
      : `the page opened its default sample of ${combatants} combatants for n=${options.n} (no Crowd sample); timed on it`;
  return { ruleset: options.ruleset, n: options.n, samples, combatants, idle, note };
}
