/**
 * View-model benchmark: what the views the playground and Foundry share (src/views: trackerView,
 * sheetView, promptView, chatCard) cost for one command's new state, at N = 6, 50 and 200
 * combatants, per ruleset (bench/scale.ts's hex scenes: N combatants on two sides, started).
 *
 * Each figure is the median ms of building one view model for the state a command made, as the
 * host renders it after the command: the tracker with a TrackerMemo warmed by the state before
 * (as Foundry's tracker and the playground hold one), the sheet of the combatant who acted, the
 * prompt of the first reactor asked (a provoking move), the chat card of the command. Each is
 * warmed (100 untimed builds) and timed 31 times; the tracker's memo is given the state before
 * the command, untimed, ahead of each timed build, so the build is the one a host makes after the
 * command. Each timed build is given a copy of the command's state that the engine has answered
 * no legality check for yet (`check` remembers its answers per state), as a host's first build
 * after a command is. The host's documents (name and picture) are one list kept between builds. The last
 * line names the worst figure at N = 200 of the commands that change a few combatants, and the
 * start's (which changes every combatant, so every row is new):
 *   views: <worst ms> ms at N=200 (<view>, <ruleset> <command>); the start, every row new: <ms> ms (<view>, <ruleset>)
 *
 * Run alone: `npm run bench -- bench/views.ts` (scripts/bench.mjs bundles it as the system ships),
 * or within `npm run bench` (bench/run.ts).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import {
  SeededDice,
  apply,
  combatantIn,
  type Command,
  type EncounterState,
  type Ruleset,
} from "../src/engine";
import { spatialIndexOf } from "../src/engine/core/movement";
import type { EngineEvent } from "../src/engine/events";
import { Localization, type LangTree } from "../src/playground/i18n";
import { chatCard } from "../src/views/chat";
import { promptView } from "../src/views/prompt";
import { sheetView, type SheetInput } from "../src/views/sheet";
import {
  TrackerMemo,
  trackerView,
  type TrackerCombatantDoc,
  type TrackerOptions,
} from "../src/views/tracker";
import { fmt } from "./provocation";
import { COMMAND_KINDS, RULESET_ORDER, median, rulesetOf, scenario, scene } from "./scale";

export const VIEW_SIZES = [6, 50, 200] as const;
export const VIEWS = ["tracker", "sheet", "prompt", "chat"] as const;
export type ViewName = (typeof VIEWS)[number];

type Kind = "start" | (typeof COMMAND_KINDS)[number];

const i18n = new Localization(
  JSON.parse(readFileSync(resolve(process.cwd(), "lang/en.json"), "utf8")) as LangTree,
);

/** Median ms of `run` after `warm` untimed calls; `before` runs untimed ahead of each call. */
function timed(run: () => void, before: () => void, samples = 31, warm = 100): number {
  for (let k = 0; k < warm; k++) {
    before();
    run();
  }
  const times: number[] = [];
  for (let k = 0; k < samples; k++) {
    before();
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return median(times);
}

interface Timed {
  kind: Kind;
  before: EncounterState;
  command: Command;
  after: EncounterState;
  events: EngineEvent[];
}

/**
 * The commands timed for one ruleset and size: the start of a new scene, then each kind
 * bench/scale.ts finds on the started scene (its state before, the command, the state after).
 */
function commandsOf(ruleset: Ruleset, n: number): Timed[] {
  const out: Timed[] = [];
  const push = (kind: Kind, before: EncounterState, command: Command) => {
    const result = apply(before, command, new SeededDice(7), ruleset);
    if (result.ok) out.push({ kind, before, command, after: result.state, events: result.events });
  };
  push("start", scene(ruleset, n), { type: "start" });
  const found = scenario(ruleset, n);
  for (const kind of COMMAND_KINDS) {
    const c = found.commands[kind];
    if (c) push(kind, c.state, c.command);
  }
  return out;
}

/**
 * The state a command made, as a host first asks about it: `check` remembers its answers per
 * state (queries.ts), so each timed build gets a copy the engine has answered nothing for, with
 * the scene's index the command carried to the state (made untimed, as the command made it).
 */
function unasked(state: EncounterState): EncounterState {
  const copy = { ...state };
  spatialIndexOf(copy);
  return copy;
}

/** The host's documents of the roster: one picture each, as the tracker is given them. */
function docsOf(state: EncounterState): TrackerCombatantDoc[] {
  return state.roster.map((id) => ({
    id,
    name: combatantIn(state, id)?.name ?? id,
    img: "icons/svg/mystery-man.svg",
  }));
}

export interface Worst {
  ms: number;
  view: ViewName;
  ruleset: string;
  command: string;
}

export interface ViewFigures {
  /** Lines of the table, for printing. */
  lines: string[];
  /** The worst figure at N = 200 of the commands that change a few combatants (all but the start). */
  worst: Worst;
  /** The worst figure at N = 200 of the start, which changes every combatant (every row is new). */
  start: Worst;
}

export function viewFigures(): ViewFigures {
  const lines: string[] = [];
  const worst: Worst = { ms: 0, view: "tracker", ruleset: "", command: "" };
  const start: Worst = { ms: 0, view: "tracker", ruleset: "", command: "start" };
  const pad = (s: string, w = 10) => s.padStart(w);
  lines.push(`view models: median ms for one command's new state (tracker memo warmed by the state before)`);
  lines.push(`${pad("", 28)}${["N", ...VIEWS].map((h) => pad(h)).join("")}`);
  for (const id of RULESET_ORDER) {
    const ruleset = rulesetOf(id);
    for (const n of VIEW_SIZES) {
      for (const { kind, before, command, after, events } of commandsOf(ruleset, n)) {
        const docs = docsOf(after);
        const options: TrackerOptions = { i18n, isGM: true, owned: after.roster, combatants: docs };
        const memo = new TrackerMemo();
        const figures: Record<ViewName, number | null> = {
          tracker: null,
          sheet: null,
          prompt: null,
          chat: null,
        };
        let shown = after;
        figures.tracker = timed(
          () => trackerView(shown, options, memo),
          () => {
            trackerView(before, options, memo);
            shown = unasked(after);
          },
        );
        const who = "who" in command && typeof command.who === "string" ? command.who : after.current;
        const c = who ? combatantIn(after, who) : undefined;
        if (who && c) {
          const input: SheetInput = {
            subject: {
              id: who,
              name: c.name,
              img: "",
              type: c.pc ? "character" : "npc",
              setup: { id: who, name: c.name, side: c.side, pc: c.pc, stats: { ...c.stats } },
              stats: { ...c.stats },
              skills: {},
              pools: {},
              weapons: [],
            },
            ruleset: after.ruleset,
            options: {},
            encounter: { state: after, combatantId: who },
            canControl: true,
            isGM: true,
            editable: false,
            target: "target" in command && typeof command.target === "string" ? command.target : null,
          };
          figures.sheet = timed(
            () => sheetView(input, i18n),
            () => {
              if (input.encounter) input.encounter.state = unasked(after);
            },
          );
        }
        const offer = after.offers[0];
        if (offer) {
          const asked = after.offers.filter((o) => o.who === offer.who);
          let state = after;
          figures.prompt = timed(
            () => promptView(state, offer.who, asked, { i18n, seconds: 30, total: 30, paused: false }),
            () => {
              state = unasked(after);
            },
          );
        }
        const entry = { command, events };
        figures.chat = timed(
          () => chatCard(entry, after, i18n),
          () => {},
        );
        lines.push(
          `${pad(`${id} ${kind}`, 28)}${[String(n), ...VIEWS.map((v) => (figures[v] === null ? "-" : fmt(figures[v])))].map((c) => pad(c)).join("")}`,
        );
        const into = kind === "start" ? start : worst;
        if (n === 200)
          for (const v of VIEWS) {
            const ms = figures[v];
            if (ms !== null && ms > into.ms) Object.assign(into, { ms, view: v, ruleset: id, command: kind });
          }
      }
    }
  }
  return { lines, worst, start };
}

/**
 * `views: <worst ms> ms at N=200 (<view>, <ruleset> <command>)`, over every command but the start,
 * then the start's worst: the start changes every combatant, so its rows are all new.
 */
export function viewsLastLine(figures: ViewFigures): string {
  const { worst, start } = figures;
  return `views: ${fmt(worst.ms)} ms at N=200 (${worst.view}, ${worst.ruleset} ${worst.command}); the start, every row new: ${fmt(start.ms)} ms (${start.view}, ${start.ruleset})`;
}

// Run alone (node scripts/bench.mjs bench/views.ts): the table and its last line.
if (process.argv.some((a) => a.endsWith("views.ts") || a.endsWith("views.mjs"))) {
  const figures = viewFigures();
  for (const line of figures.lines) console.log(line);
  console.log(viewsLastLine(figures));
}
