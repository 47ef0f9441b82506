/**
 * npm run bench:ui (scripts/bench-ui.mjs builds and serves the playground, then calls `runUiBench`):
 * Debian's Chromium, through playwright-core, plays each ruleset's commands at N = 6, 50 and 200
 * (`/?ruleset=<id>&n=<N>&seed=<s>`, the Crowd sample) over fresh pages, and prints the table and
 * the closing lines (report.ts). A benchmark, not a test: it checks nothing but that the page
 * accepted each command it timed.
 */
import { chromium } from "playwright-core";

import { CHROMIUM, CHROMIUM_ARGS } from "../../tests/browser-e2e/chromium";
import { play, type Run } from "./play";
import { report } from "./report";

/** The rulesets played, with their attack action: flow (one turn order) and phases (a turn of phases). */
const RULESETS = [
  { ruleset: "flow", attack: "attack" },
  { ruleset: "phases", attack: "attack" },
];
export const SIZES = [6, 50, 200];
/**
 * How many times the pages the largest N is played on: its provoking step (the goal's closest
 * figure) is found on about one turn a page, as only the crowd's front rank has a foe in reach.
 */
const BIG_PAGES = 2;
const SEED = 7;

export interface UiBenchOptions {
  baseUrl: string;
  /**
   * Fresh pages per ruleset at N = 6 and 50 (each gives one first Start); N = 200 gets twice as
   * many (BIG_PAGES), since a crowd's acting combatant finds a foe in reach on about one turn a page.
   */
  pages?: number;
  /** Turns per page. */
  turns?: number;
  /** Only these rulesets (default: all of RULESETS). */
  rulesets?: readonly string[];
  log?: (line: string) => void;
}

export async function runUiBench(options: UiBenchOptions): Promise<string[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const runs: Run[] = [];
  try {
    const wanted = options.rulesets ?? RULESETS.map((r) => r.ruleset);
    const unknown = wanted.filter((id) => !RULESETS.some((r) => r.ruleset === id));
    if (unknown.length > 0)
      throw new Error(
        `bench:ui plays ${RULESETS.map((r) => r.ruleset).join(", ")}, not ${unknown.join(", ")}`,
      );
    for (const { ruleset, attack } of RULESETS.filter((r) => wanted.includes(r.ruleset))) {
      for (const n of SIZES) {
        const began = Date.now();
        const run = await play(browser, {
          baseUrl: options.baseUrl,
          ruleset,
          n,
          seed: SEED,
          pages: (options.pages ?? 4) * (n === SIZES[SIZES.length - 1] ? BIG_PAGES : 1),
          turns: options.turns ?? 3,
          attack,
          anySize: n === SIZES[0],
        });
        runs.push(run);
        log(
          `  ${ruleset} N = ${n}: ${run.note ?? `${[...run.samples.values()].flat().length} samples`} (${((Date.now() - began) / 1000).toFixed(1)} s)`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return report(runs, SIZES);
}
