/**
 * Each ruleset's own words, everywhere a player reads them (issue 46): a walk of each ruleset's
 * sample fight (start, actions, moves, reactions, the GM's next) collects every chat line, prompt,
 * tracker control and option the views make, renders them through the Foundry templates, adds the
 * playground's history buttons and toasts, the ruleset's own lang keys and its "How <ruleset>
 * plays" page, and finds no term of another ruleset's vocabulary.
 *
 * The vocabulary is the rule texts' own terms (rules/*.txt), each listed with the texts that use
 * it: a term is foreign to a ruleset whose text never says it. "Flow's RP" are "Reaction Points",
 * segments' "free attack" is in no other text, phases alone speaks of OCV and DCV, and so on.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

import {
  apply,
  availableActions,
  createEncounter,
  getRuleset,
  RULESET_IDS,
  SeededDice,
  type Cell,
  type Command,
  type EncounterState,
  type RulesetId,
} from "../../src/engine";
import { ENCOUNTERS } from "../../src/playground/encounters";
import { Localization, type LangTree } from "../../src/playground/i18n";
import { historyButtons, undoneText } from "../../src/playground/undone";
import { chatCard } from "../../src/views/chat";
import { commandLabel } from "../../src/views/labels";
import { howtoSource } from "../../src/views/howto";
import { promptView } from "../../src/views/prompt";
import { TEMPLATE_PATHS } from "../../src/views/templates";
import { trackerView } from "../../src/views/tracker";
import { render, unescape } from "../foundry/sheets/handlebars";
import { i18n } from "../support/i18n";

/** Each term and the rule texts that say it (checked against rules/*.txt, whole words, case kept). */
const VOCABULARY: readonly (readonly [string, readonly RulesetId[]])[] = [
  // flow.txt
  ["RP", ["flow"]],
  ["FP", ["flow"]],
  ["Flow State", ["flow"]],
  ["Reaction Attack", ["flow"]],
  ["Riposte", ["flow"]],
  ["Intercept", ["flow"]],
  ["Take a Step", ["flow"]],
  ["Tumble Through", ["flow"]],
  ["Total Defense", ["flow"]],
  ["Feint", ["flow"]],
  ["Parry", ["flow"]],
  ["Move Speed", ["flow"]],
  ["AP", ["flow", "rating"]],
  // rating.txt
  ["Initiative Rating", ["rating"]],
  ["Luck", ["rating"]],
  ["Extended Action", ["rating"]],
  // segments.txt
  ["segment", ["segments"]],
  ["HIGH", ["segments"]],
  ["LOW", ["segments"]],
  ["Free Attack", ["segments"]],
  ["free attack", ["segments"]],
  ["Immediate Attack", ["segments"]],
  ["group initiative", ["segments"]],
  ["Group initiative", ["segments"]],
  // phases.txt
  ["Phase", ["phases"]],
  ["OCV", ["phases"]],
  ["DCV", ["phases"]],
  ["Combat Value", ["phases"]],
  ["attack of opportunity", ["phases"]],
  ["Attack of Opportunity", ["phases"]],
  ["Post-Turn", ["phases"]],
  ["1-hex step", ["phases"]],
  ["Combat Reflexes", ["phases"]],
  // marching.txt
  ["seize", ["marching"]],
  ["Seize", ["marching"]],
  ["AGL", ["marching"]],
];

/** The terms `ruleset`'s own text never says. */
function foreignTerms(ruleset: RulesetId): string[] {
  return VOCABULARY.filter(([, owners]) => !owners.includes(ruleset)).map(([term]) => term);
}

const wordRe = (term: string) =>
  new RegExp(`(?<![A-Za-z0-9-])${term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9])`);

/** Each text with the foreign terms found in it. */
function offences(ruleset: RulesetId, texts: Iterable<string>): string[] {
  const terms = foreignTerms(ruleset);
  const found = new Set<string>();
  for (const text of texts)
    for (const term of terms) if (wordRe(term).test(text)) found.add(`${term}: ${text}`);
  return [...found];
}

const LANG = JSON.parse(readFileSync(resolve(__dirname, "../../lang/en.json"), "utf8")) as LangTree;
const playground = new Localization(LANG);

const NEIGHBOURS: readonly Cell[] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, -1],
  [-1, 1],
];

/** HTML to the words a reader sees (tags dropped, attributes a screen reader reads kept). */
function words(html: string): string[] {
  const attrs = [...html.matchAll(/(?:title|aria-label)="([^"]*)"/g)].map((m) => unescape(m[1] ?? ""));
  const text = unescape(html)
    .replace(/<[^>]*>/g, "\n")
    .split("\n")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  return [...attrs, ...text];
}

/**
 * Play `ruleset`'s sample fight for a while: every command the views would offer a player (the
 * first action each can take, a step where the ruleset has one, each reaction offered, the GM's
 * next) and every text a player reads on the way.
 */
function walk(ruleset: RulesetId): string[] {
  const sample = ENCOUNTERS[ruleset][0];
  if (!sample) throw new Error(ruleset);
  const rules = getRuleset(ruleset);
  const dice = new SeededDice(46);
  let state: EncounterState = createEncounter(sample.setup, rules);
  const texts: string[] = [];
  const seen = (s: EncounterState) => {
    const tracker = trackerView(s, { i18n, isGM: true });
    texts.push(...words(render(TEMPLATE_PATHS.tracker, { tempo: tracker })));
    for (const who of new Set(s.offers.map((o) => o.who))) {
      const prompt = promptView(
        s,
        who,
        s.offers.filter((o) => o.who === who),
        { i18n, seconds: 10, total: 15, paused: false },
      );
      texts.push(...words(render(TEMPLATE_PATHS.prompt, { tempo: prompt })));
    }
  };
  const tryCommand = (command: Command): boolean => {
    const result = apply(state, command, dice, rules);
    if (!result.ok) return false;
    const before = state;
    state = result.state;
    const card = chatCard({ command, events: result.events }, state, i18n);
    if (card) texts.push(...words(render(TEMPLATE_PATHS.chatCard, { tempo: card })));
    // The playground's toast after undoing it, going back a turn and a round.
    const line = { command, refusal: null, events: result.events, rolls: [] };
    for (const kind of ["undo", "turn", "round"] as const)
      texts.push(undoneText(playground, kind, [line], before, state));
    seen(state);
    return true;
  };
  seen(state);
  tryCommand({ type: "start" });
  // marching: the lead first chooses to take the initiative ("the party's lead decides").
  if (state.stage === "choose") {
    const lead = state.combatants.find((c) => c.side === "party" && !c.defeated);
    if (lead) tryCommand({ type: "choose", who: lead.id, initiative: "take" });
  }
  const stepped = new Set<string>();
  for (let i = 0; i < 60 && state.status === "active"; i++) {
    const offer = state.offers[0];
    if (offer) {
      if (!tryCommand({ type: "react", who: offer.who, with: offer.with, against: offer.against }))
        tryCommand({ type: "react", who: offer.who, with: "decline", against: offer.against });
      continue;
    }
    const who = state.current;
    if (who === null) {
      if (!tryCommand({ type: "next" })) break;
      continue;
    }
    // A step, once each, where the ruleset has one: its own name in the log.
    const at = state.combatants.find((c) => c.id === who)?.at;
    if (rules.moveModes.includes("step") && at && !stepped.has(who)) {
      stepped.add(who);
      if (
        NEIGHBOURS.some(([q, r]) =>
          tryCommand({ type: "move", who, path: [[at[0] + q, at[1] + r]], mode: "step" }),
        )
      )
        continue;
    }
    const open = availableActions(state, who).filter((a) => a.refusal === null);
    const pick = open.find((a) => a.action.kind === "attack") ?? open[0];
    const taken =
      pick !== undefined &&
      tryCommand(
        pick.verb === "declare"
          ? { type: "declare", who, action: pick.action.id, ...(pick.target ? { target: pick.target } : {}) }
          : { type: "act", who, action: pick.action.id, ...(pick.target ? { target: pick.target } : {}) },
      );
    if (!taken && !tryCommand({ type: "next" })) break;
  }
  return texts;
}

/** The lang entries that belong to one ruleset: its options, settings, sample fights and roll lines. */
function ownLang(ruleset: RulesetId): string[] {
  const lang = LANG as unknown as { TEMPO: Record<string, Record<string, unknown>> };
  const out: string[] = [];
  const strings = (v: unknown): void => {
    if (typeof v === "string") out.push(v);
    else if (v && typeof v === "object") for (const x of Object.values(v)) strings(x);
  };
  const cap = ruleset.charAt(0).toUpperCase() + ruleset.slice(1);
  strings(lang.TEMPO["Option"]?.[ruleset]);
  strings(
    lang.TEMPO["Chat"]?.["MoveMode"] && (lang.TEMPO["Chat"]["MoveMode"] as Record<string, unknown>)[ruleset],
  );
  for (const [key, value] of Object.entries(lang.TEMPO["Settings"] ?? {}))
    if (key.startsWith(cap)) strings(value);
  return out;
}

describe("each ruleset's own words (rules/*.txt) in every button, toast, prompt and chat line", () => {
  it("the vocabulary lists no term twice", () => {
    const terms = VOCABULARY.map(([t]) => t);
    expect(new Set(terms).size).toBe(terms.length);
  });

  it.each(RULESET_IDS)(
    "%s: a played fight's tracker, prompts and chat cards (Foundry templates) say no other ruleset's term",
    (id) => {
      const texts = walk(id);
      expect(texts.length).toBeGreaterThan(1000);
      expect(offences(id, texts)).toEqual([]);
    },
  );

  it.each(RULESET_IDS)(
    "%s: the playground's history buttons and their hints say no other ruleset's term",
    (id) => {
      const texts = historyButtons(id).flatMap(([, label, hint]) => [
        i18n.localize(label),
        i18n.localize(hint),
      ]);
      expect(offences(id, texts)).toEqual([]);
    },
  );

  it.each(RULESET_IDS)(
    "%s: its options, settings and move names (lang) say no other ruleset's term",
    (id) => {
      const texts = ownLang(id);
      expect(texts.length).toBeGreaterThan(0);
      expect(offences(id, texts)).toEqual([]);
    },
  );

  it.each(RULESET_IDS)("%s: its How-it-plays page says no other ruleset's term", (id) => {
    const page = readFileSync(resolve(__dirname, "../..", howtoSource(id)), "utf8");
    expect(offences(id, words(page))).toEqual([]);
  });

  it("phases' history says Turn for its 12-second cycle and action for a character's go, not round and turn", () => {
    const state = createEncounter(
      ENCOUNTERS.phases[0]?.setup ?? { ruleset: "phases", combatants: [] },
      getRuleset("phases"),
    );
    const started = apply(state, { type: "start" }, new SeededDice(1), getRuleset("phases"));
    if (!started.ok) throw new Error(started.refusal.key);
    const line = { command: { type: "start" } as const, refusal: null, events: [], rolls: [] };
    expect(undoneText(playground, "round", [line], started.state, state)).toBe(
      "Back to Turn 1: 1 command undone.",
    );
    expect(undoneText(playground, "turn", [line], started.state, state)).toMatch(
      /^Back to .+'s action in Turn 1: 1 command undone\.$/,
    );
    expect(historyButtons("phases").map(([, label]) => i18n.localize(label))).toEqual([
      "Undo",
      "Redo",
      "Previous action",
      "Previous Turn",
    ]);
    expect(historyButtons("flow").map(([, label]) => i18n.localize(label))).toEqual([
      "Undo",
      "Redo",
      "Previous turn",
      "Previous round",
    ]);
  });

  it('segments: a prompt offering Free Attack and Immediate Attack says what each spends ("Creatures executing a free attack do not otherwise affect any of their other actions"; "must have an available major action")', () => {
    const rules = getRuleset("segments");
    let state = createEncounter(
      {
        ruleset: "segments",
        grid: { type: "square" },
        combatants: [
          { id: "fighter", name: "Fighter", side: "party", pc: true, at: [0, 0] },
          { id: "orc", name: "Orc", side: "foes", at: [1, 0] },
        ],
      },
      rules,
    );
    const commands: Command[] = [
      { type: "start" },
      { type: "declare", who: "fighter", action: "flee" },
      { type: "next" },
      {
        type: "move",
        who: "fighter",
        path: [
          [-1, 0],
          [-2, 0],
        ],
      },
    ];
    const dice = new SeededDice(3);
    for (const command of commands) {
      const result = apply(state, command, dice, rules);
      if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
      state = result.state;
    }
    const view = promptView(state, "orc", state.offers, { i18n, seconds: 10, total: 15, paused: false });
    expect(view.choices.map((c) => [c.label, c.cost, c.ariaLabel])).toEqual([
      [
        "Free Attack",
        "no action spent; one a segment, one per opponent a round",
        "Free Attack (no action spent; one a segment, one per opponent a round) against Fighter",
      ],
      [
        "Immediate Attack",
        "uses your major action this round",
        "Immediate Attack (uses your major action this round) against Fighter",
      ],
    ]);
  });

  it.each([
    ["flow", "step", "Ana: Take a Step"],
    ["flow", "normal", "Ana moves"],
    ["phases", "step", "Ana: 1-hex step"],
  ] as const)("%s: a %s move is logged by the ruleset's own name for it (%s)", (ruleset, mode, title) => {
    const rules = getRuleset(ruleset);
    const state = createEncounter(
      {
        ruleset,
        grid: { type: "hex" },
        combatants: [
          {
            id: "ana",
            name: "Ana",
            side: "party",
            pc: true,
            at: [0, 0],
            stats: { agility: 5, combatValue: 9 },
          },
          { id: "orc", name: "Orc", side: "foes", at: [3, 0], stats: { combatValue: 1 } },
        ],
      },
      rules,
    );
    const dice = new SeededDice(7);
    const started = apply(state, { type: "start" }, dice, rules);
    if (!started.ok) throw new Error(started.refusal.key);
    expect(started.state.current).toBe("ana");
    const command: Command = { type: "move", who: "ana", path: [[-1, 0]], mode };
    const moved = apply(started.state, command, dice, rules);
    if (!moved.ok) throw new Error(moved.refusal.key);
    // The log line's label (the playground's chat) and the card's title, where the move makes a card.
    expect(`Ana: ${i18n.localize(commandLabel(ruleset, command))}`).toBe(
      mode === "normal" ? "Ana: Move" : title,
    );
    const card = chatCard({ command, events: moved.events }, moved.state, i18n);
    if (card) expect(card.title).toBe(title);
    const line = { command, refusal: null, events: moved.events, rolls: [] };
    expect(undoneText(playground, "undo", [line], moved.state, started.state)).toBe(
      `Undone: ${mode === "normal" ? "Move" : title.slice("Ana: ".length)} by Ana.`,
    );
  });

  it("finds a foreign term where one is: a flow term in phases, a phases term in flow", () => {
    expect(offences("phases", ["Moving as Take a Step (1 hex) never provokes"])).toEqual([
      "Take a Step: Moving as Take a Step (1 hex) never provokes",
    ]);
    expect(offences("flow", ["Comet rolls 11 on 3d6 + OCV 4"])).toEqual([
      "OCV: Comet rolls 11 on 3d6 + OCV 4",
    ]);
    // A word that merely contains a term is not the term ("segments", "APs" are other words).
    expect(offences("flow", ["Segments", "LOWER"])).toEqual([]);
  });
});
