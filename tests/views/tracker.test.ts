import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type Command,
  type CombatantSetup,
  type EncounterState,
  type RulesetId,
} from "../../src/engine";
import { trackerView, type TrackerOptions } from "../../src/views/tracker";
import { TEMPLATE_PATHS } from "../../src/views/templates";
import { elements, i18n, render, unescape } from "../foundry/sheets/handlebars";

/** A fight made and driven through the engine, as the adapter would, with scripted dice. */
function fight(
  ruleset: RulesetId,
  combatants: CombatantSetup[],
  steps: Command[],
  dice: number[],
  options: Record<string, string> = {},
  grid: "hex" | "none" = "none",
): EncounterState {
  const rules = getRuleset(ruleset);
  let state = createEncounter({ ruleset, options, combatants, grid: { type: grid } }, rules);
  const port = new ScriptedDice(dice);
  for (const command of steps) {
    const result = apply(state, command, port, rules);
    if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
    state = result.state;
  }
  return state;
}

const flowPair: CombatantSetup[] = [
  { id: "ana", name: "Ana", side: "party", pc: true, stats: { agility: 1 } },
  { id: "orc", name: "Orc", side: "foes", stats: { agility: 0 } },
];

function opts(over: Partial<TrackerOptions> = {}): TrackerOptions {
  return { i18n, isGM: true, owned: [], ...over };
}

describe("trackerView", () => {
  it("says when the combat has no grid (no scene, or a gridless one) so nothing spatial is judged, and draws that line", () => {
    const gridless = trackerView(fight("flow", flowPair, [{ type: "start" }], [9, 4]), opts());
    expect(gridless.isGridless).toBe(true);
    expect(gridless.gridless).toBe(i18n.localize("TEMPO.Tracker.Gridless"));
    const html = render(TEMPLATE_PATHS.tracker, { tempo: gridless });
    expect(elements(html, "p").map((p) => p.attrs["class"])).toContain("tempo-tracker__gridless");
    const onHex = trackerView(fight("flow", flowPair, [{ type: "start" }], [9, 4], {}, "hex"), opts());
    expect(onHex.isGridless).toBe(false);
    expect(render(TEMPLATE_PATHS.tracker, { tempo: onHex })).not.toContain("tempo-tracker__gridless");
  });

  it("lists combatants in the engine's order with their initiative, the current one marked (flow: 1d10+Agility)", () => {
    // Dice: ana 9 + 1 = 10, orc 4 + 0 = 4.
    const state = fight("flow", flowPair, [{ type: "start" }], [9, 4]);
    const view = trackerView(state, opts());
    expect(view.combatants.map((c) => [c.id, c.initiative, c.current])).toEqual([
      ["ana", "10", true],
      ["orc", "4", false],
    ]);
    expect(view.round).toBe("Round 1");
    expect(view.ruleset).toEqual({ id: "flow", label: "Flow" });
    expect(view.combatants[0]?.cssClass).toContain("active");
  });

  it('shows each combatant\'s pools as pips for the GM (flow: "5 AP per round", "2 RP", "2 FP at start of combat")', () => {
    const state = fight("flow", flowPair, [{ type: "start" }], [9, 4]);
    const ana = trackerView(state, opts()).combatants[0];
    expect(ana?.pools.map((p) => [p.id, p.value, p.max])).toEqual([
      ["ap", 5, 5],
      ["rp", 2, 2],
      ["fp", 2, 2],
    ]);
    expect(ana?.pools[0]?.pips.filter((p) => p.cssClass.includes("is-filled"))).toHaveLength(5);
    expect(ana?.pools[0]?.ariaLabel).toBe("Ana: AP 5 of 5");
  });

  it("shows a player the pools of their own combatants only", () => {
    const state = fight("flow", flowPair, [{ type: "start" }], [9, 4]);
    const view = trackerView(state, opts({ isGM: false, owned: ["ana"] }));
    expect(view.combatants.map((c) => [c.id, c.hasPools])).toEqual([
      ["ana", true],
      ["orc", false],
    ]);
  });

  it("hides hidden combatants from players and marks them for the GM", () => {
    const state = fight("flow", flowPair, [{ type: "start" }], [9, 4]);
    const docs = [
      { id: "ana", name: "Ana" },
      { id: "orc", name: "Orc", hidden: true },
    ];
    expect(trackerView(state, opts({ isGM: false, combatants: docs })).combatants.map((c) => c.id)).toEqual([
      "ana",
    ]);
    const gm = trackerView(state, opts({ combatants: docs })).combatants[1];
    expect(gm?.markers.map((m) => m.id)).toEqual(["hidden"]);
  });

  it('marks the surprised (rating: "Surprised characters do not roll 1d6 for initiative")', () => {
    const state = fight(
      "rating",
      [
        { id: "hero", name: "Hero", side: "party", pc: true, stats: { initiativeRating: 3, luck: 2 } },
        {
          id: "scout",
          name: "Scout",
          side: "foes",
          surprised: true,
          stats: { initiativeRating: 2, luck: 0 },
        },
      ],
      [{ type: "start" }],
      [4],
    );
    const view = trackerView(state, opts());
    const scout = view.combatants.find((c) => c.id === "scout");
    expect(scout?.markers.map((m) => m.id)).toContain("surprised");
    expect(scout?.ariaLabel).toContain("Surprised");
  });

  it("marks the defeated and keeps them after those who act", () => {
    const state = fight(
      "flow",
      flowPair,
      [{ type: "start" }, { type: "setDefeated", who: "orc", defeated: true }],
      [9, 4],
    );
    const orc = trackerView(state, opts()).combatants.find((c) => c.id === "orc");
    expect(orc?.markers.map((m) => m.id)).toEqual(["defeated"]);
    expect(orc?.cssClass).toContain("defeated");
  });

  it('shows rating\'s AP refresh mode in force (rating: "replenish their AP at the start of their Turn")', () => {
    const setup: CombatantSetup[] = [
      { id: "hero", name: "Hero", side: "party", pc: true, stats: { initiativeRating: 3 } },
    ];
    const byTurn = fight("rating", setup, [{ type: "start" }], [4], { apRefresh: "turn" });
    const byRound = fight("rating", setup, [{ type: "start" }], [4]);
    expect(trackerView(byTurn, opts()).options.map((o) => o.text)).toContain(
      "AP refresh: at the start of each Turn (optional rule)",
    );
    expect(trackerView(byRound, opts()).options.map((o) => o.text)).toContain(
      "AP refresh: at the start of each round",
    );
  });

  it('shows segments\' stages and the HIGH/LOW groups after the d6 rolls (segments: "The group with the highest roll acts first")', () => {
    const state = fight(
      "segments",
      [
        { id: "fighter", name: "Fighter", side: "party", pc: true, stats: { dexterity: 12 } },
        { id: "orc", name: "Orc", side: "foes", stats: { dexterity: 10 } },
      ],
      [{ type: "start" }, { type: "next" }],
      [5, 2],
    );
    const view = trackerView(state, opts());
    expect(view.stages?.steps.find((s) => s.current)?.id).toBe("high");
    expect(view.stages?.steps.map((s) => s.id)).toEqual([
      "declare",
      "fast",
      "multi",
      "high",
      "low",
      "multiRest",
      "spells",
      "end",
    ]);
    expect(view.segments?.steps).toHaveLength(10);
    expect(view.segments?.steps.find((s) => s.current)?.label).toBe("Segment 1");
    expect(view.groups.map((g) => [g.side, g.label])).toEqual([
      ["party", "party: HIGH"],
      ["foes", "foes: LOW"],
    ]);
  });

  it("offers the GM the group roll while segments' declarations are open", () => {
    const state = fight(
      "segments",
      [{ id: "fighter", name: "Fighter", side: "party", pc: true, stats: { dexterity: 12 } }],
      [{ type: "start" }],
      [],
    );
    const view = trackerView(state, opts());
    expect(view.stages?.steps.find((s) => s.current)?.id).toBe("declare");
    expect(view.controls.map((c) => [c.action, c.label])).toEqual([
      ["tempoNext", "Close declarations and roll group initiative"],
    ]);
    expect(trackerView(state, opts({ isGM: false })).controls).toEqual([]);
  });

  it("shows the phases of the 12-second Turn with the current one (phases: Turn of 4 Phases + post-turn)", () => {
    const state = fight(
      "phases",
      [
        { id: "a", name: "A", side: "party", pc: true, stats: { combatValue: 12 } },
        { id: "b", name: "B", side: "foes", stats: { combatValue: 9 } },
      ],
      [{ type: "start" }],
      [],
    );
    const view = trackerView(state, opts());
    expect(view.round).toBe("Turn 1");
    expect(view.phases?.steps.map((s) => s.id)).toEqual(["1", "2", "3", "4", "postTurn"]);
    expect(view.phases?.steps.find((s) => s.current)?.ariaCurrent).toBe("step");
  });

  it('gives the marching lead take/cede buttons, then shows the choice (marching: "the lead person ... chooses either to take initiative or cede initiative")', () => {
    const setup: CombatantSetup[] = [
      { id: "lead", name: "Lead", side: "party", pc: true, marching: 1, stats: { agility: 1 } },
      { id: "gob", name: "Goblin", side: "foes", at: null, stats: { agility: 0 } },
    ];
    const choosing = fight("marching", setup, [{ type: "start" }], []);
    const player = trackerView(choosing, opts({ isGM: false, owned: ["lead"] }));
    expect(player.controls.map((c) => [c.action, c.who, c.value])).toEqual([
      ["tempoChoose", "lead", "take"],
      ["tempoChoose", "lead", "cede"],
    ]);
    const taken = fight(
      "marching",
      setup,
      [{ type: "start" }, { type: "choose", who: "lead", initiative: "take" }],
      [],
    );
    const view = trackerView(taken, opts());
    expect(view.marchingChoice).toBe("The lead took initiative: the party acts first");
    expect(view.stages?.steps.find((s) => s.current)?.id).toBe("turns");
  });

  it("disables turn-taking controls while reactions are open and says who is being waited for", () => {
    const state = fight(
      "flow",
      [
        { id: "ana", name: "Ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", name: "Orc", side: "foes", at: [1, 0], stats: { agility: 0 } },
      ],
      [{ type: "start" }, { type: "move", who: "ana", path: [[-1, 0]] }],
      [9, 4],
      {},
      "hex",
    );
    const view = trackerView(state, opts());
    expect(state.offers.length).toBeGreaterThan(0);
    expect(view.waiting).toBe("Waiting for Orc's reaction");
    expect(view.controls.find((c) => c.action === "tempoNext")?.disabled).toBe(true);
  });

  it("before the start lists the combat's combatants from their documents", () => {
    const view = trackerView(null, opts({ combatants: [{ id: "x", name: "Xan", img: "x.webp" }] }));
    expect(view.started).toBe(false);
    expect(view.status).toBe("Not started");
    expect(view.combatants.map((c) => [c.name, c.hasImg, c.hasInitiative])).toEqual([["Xan", true, false]]);
  });
});

describe("the tracker's link to how the ruleset plays", () => {
  it("links the running combat's own ruleset, not the world's", () => {
    const state = fight("flow", flowPair, [{ type: "start" }], [9, 4]);
    const view = trackerView(state, opts({ ruleset: "marching" }));
    expect(view.howto?.ruleset).toBe("flow");
    expect(view.howto?.label).toBe("How Flow plays");
    expect(view.howto?.uuid).toBe("Compendium.tempo.tempo-rules.JournalEntry.O7JgpnmXsXVotc8f");
    expect(view.howto?.source).toBe("packs/_source/tempo-rules/howto-flow.yml");
  });

  it("links the world's ruleset before a combat starts, and nothing when the host does not say", () => {
    expect(trackerView(null, opts({ ruleset: "phases" })).howto?.label).toBe("How Phases plays");
    expect(trackerView(null, opts()).howto).toBeNull();
  });

  it("renders the link with the action and ruleset the host opens it by", () => {
    const html = render(TEMPLATE_PATHS.tracker, { tempo: trackerView(null, opts({ ruleset: "segments" })) });
    const links = elements(html, "a").filter((a) => a.attrs["data-action"] === "tempoHowto");
    expect(links.map((a) => [a.attrs["data-ruleset"], a.text.replace(/<[^>]*>/g, "").trim()])).toEqual([
      ["segments", "How Segments plays"],
    ]);
  });
});

describe("templates/tracker/tracker.hbs rendered with Handlebars", () => {
  it("shows the order, initiative, pips, markers and the GM's control", () => {
    const state = fight(
      "flow",
      flowPair,
      [{ type: "start" }, { type: "apply", who: "orc", condition: "readied", rounds: null }],
      [9, 4],
    );
    const html = render(TEMPLATE_PATHS.tracker, { tempo: trackerView(state, opts()) });
    const rows = elements(html, "li").filter((li) => li.attrs["data-combatant-id"]);
    expect(rows.map((r) => r.attrs["data-combatant-id"])).toEqual(["ana", "orc"]);
    expect(unescape(rows[0]?.attrs["aria-label"] ?? "")).toBe(
      "Ana, side party, initiative 10, acting now, 2 of 2 RP left for reactions",
    );
    expect(rows[0]?.attrs["aria-current"]).toBe("true");
    const meters = elements(html, "span").filter((s) => s.attrs["role"] === "meter");
    // The acting combatant's row opens with meters; the others show their points as numbers.
    expect(meters.map((m) => unescape(m.attrs["aria-label"] ?? ""))).toEqual([
      "Ana: AP 5 of 5",
      "Ana: RP 2 of 2",
      "Ana: FP 2",
    ]);
    const nums = elements(html, "span").filter((s) => s.attrs["class"] === "tempo-num");
    expect(nums.map((n) => unescape(n.attrs["title"] ?? ""))).toContain("Orc: RP 2 of 2");
    expect(
      elements(html, "span")
        .filter((s) => s.attrs["data-marker"] === "readied")
        .map((s) => s.text),
    ).toEqual(["Readied"]);
    const buttons = elements(html, "button");
    expect(buttons.filter((b) => b.attrs["data-action"] === "tempoNext").map((b) => b.text)).toEqual([
      "Next turn",
    ]);
    expect(html).not.toContain("TEMPO.");
  });

  it("shows the segment, the current stage as aria-current and the groups", () => {
    const state = fight(
      "segments",
      [
        { id: "fighter", name: "Fighter", side: "party", pc: true, stats: { dexterity: 12 } },
        { id: "orc", name: "Orc", side: "foes", stats: { dexterity: 10 } },
      ],
      [{ type: "start" }, { type: "next" }],
      [5, 2],
    );
    const html = render(TEMPLATE_PATHS.tracker, { tempo: trackerView(state, opts()) });
    const current = elements(html, "li").filter((li) => li.attrs["aria-current"] === "step");
    expect(current.map((li) => li.attrs["aria-label"])).toEqual(["Segment 1", "HIGH group"]);
    expect(current.map((li) => li.text)).toEqual(["1", "HIGH group"]);
    expect(html).toContain("party: HIGH");
    expect(html).not.toContain("TEMPO.");
  });

  it("renders a disabled button as disabled", () => {
    const state = fight(
      "flow",
      [
        { id: "ana", name: "Ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", name: "Orc", side: "foes", at: [1, 0], stats: { agility: 0 } },
      ],
      [{ type: "start" }, { type: "move", who: "ana", path: [[-1, 0]] }],
      [9, 4],
      {},
      "hex",
    );
    const html = render(TEMPLATE_PATHS.tracker, { tempo: trackerView(state, opts()) });
    const next = elements(html, "button").filter((b) => b.attrs["data-action"] === "tempoNext");
    expect(next.map((b) => "disabled" in b.attrs)).toEqual([true]);
    expect(html).toContain('role="status"');
  });
});

/** n combatants, alternating party and foes, with agility giving distinct initiative. */
function crowd(n: number): CombatantSetup[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    name: `Combatant number ${i}`,
    side: i % 2 === 0 ? "party" : "foes",
    pc: i % 2 === 0,
    stats: { agility: 0 },
  }));
}

describe("the compact tracker: one line per combatant", () => {
  for (const n of [1, 6, 20]) {
    it(`renders ${n} combatant(s) as ${n} rows, each one line, only the acting one opened`, () => {
      const state = fight(
        "flow",
        crowd(n),
        [{ type: "start" }],
        Array.from({ length: 200 }, (_, i) => (i % 10) + 1),
      );
      const view = trackerView(state, opts());
      expect(view.combatants).toHaveLength(n);
      expect(view.combatants.filter((c) => c.expanded).map((c) => c.id)).toEqual([state.current]);
      const html = render(TEMPLATE_PATHS.tracker, { tempo: view });
      const rows = elements(html, "li").filter((li) => li.attrs["data-combatant-id"]);
      expect(rows).toHaveLength(n);
      expect(elements(html, "div").filter((d) => d.attrs["class"] === "tempo-combatant__line")).toHaveLength(
        n,
      );
      expect(
        elements(html, "div").filter((d) => d.attrs["class"] === "tempo-combatant__detail"),
      ).toHaveLength(1);
      // Meters (pips) only in the opened row: three pools of flow, once.
      expect(elements(html, "span").filter((s) => s.attrs["role"] === "meter")).toHaveLength(3);
      // Every row's points as numbers on its line.
      expect(elements(html, "span").filter((s) => s.attrs["class"] === "tempo-num")).toHaveLength(3 * n);
    });
  }

  it("colours each side by the order sides appear, and numbers the marching order", () => {
    const state = fight(
      "marching",
      [
        { id: "lead", name: "Lead", side: "party", pc: true, marching: 1 },
        { id: "back", name: "Back", side: "party", pc: true, marching: 2 },
        { id: "gob", name: "Goblin", side: "goblins" },
      ],
      [{ type: "start" }],
      [],
    );
    const rows = trackerView(state, opts()).combatants;
    expect(rows.map((r) => [r.id, r.sideClass, r.marching, r.hasMarching])).toEqual([
      ["lead", "tempo-side--0", "1", true],
      ["back", "tempo-side--0", "2", true],
      ["gob", "tempo-side--1", "", false],
    ]);
    expect(rows[0]?.marchingLabel).toBe("marching order 1");
  });

  it("after the GM's setCombatant mid-fight, shows the new side colour, marching number and unseen mark", () => {
    const state = fight(
      "marching",
      [
        { id: "lead", name: "Lead", side: "party", pc: true, marching: 1 },
        { id: "back", name: "Back", side: "party", pc: true, marching: 2 },
        { id: "gob", name: "Goblin", side: "goblins" },
      ],
      [
        { type: "start" },
        { type: "choose", who: "lead", initiative: "take" },
        { type: "setCombatant", who: "back", side: "goblins", marching: 5, unseen: true },
      ],
      [],
    );
    const back = trackerView(state, opts()).combatants.find((r) => r.id === "back");
    expect([back?.sideClass, back?.marching, back?.markers.map((m) => m.id)]).toEqual([
      "tempo-side--1",
      "5",
      ["unseen"],
    ]);
    // Players are not told who is unseen.
    const seenByPlayer = trackerView(state, opts({ isGM: false })).combatants.find((r) => r.id === "back");
    expect(seenByPlayer?.markers.map((m) => m.id)).toEqual([]);
  });

  it("shows each engine condition with its rounds left, and one lasting until removed without a number", () => {
    const state = fight(
      "flow",
      flowPair,
      [
        { type: "start" },
        { type: "apply", who: "orc", condition: "prone", rounds: 2 },
        { type: "apply", who: "orc", condition: "grappled", rounds: null },
      ],
      [9, 4],
    );
    const orc = trackerView(state, opts()).combatants.find((c) => c.id === "orc");
    expect(orc?.markers.map((m) => [m.short, m.label])).toEqual([
      ["Prone 2", "Prone, 2 rounds left"],
      ["Grappled", "Grappled"],
    ]);
  });

  it("marks the surprised, and the unseen for the GM only, before the fight from the combatant documents", () => {
    const docs = [{ id: "x", name: "Xan", side: "party", surprised: true, unseen: true, marching: 3 }];
    const gm = trackerView(null, opts({ combatants: docs })).combatants[0];
    expect(gm?.markers.map((m) => m.id)).toEqual(["surprised", "unseen"]);
    expect(gm?.marching).toBe("3");
    const player = trackerView(null, opts({ isGM: false, combatants: docs })).combatants[0];
    expect(player?.markers.map((m) => m.id)).toEqual(["surprised"]);
  });
});

describe("tracker controls: who sees them, and what they send", () => {
  it("gives the GM − and + on every pool of the acting row, each sending adjustPool for that pool", () => {
    const state = fight("flow", flowPair, [{ type: "start" }], [9, 4]);
    const ana = trackerView(state, opts()).combatants[0];
    expect(ana?.pools.flatMap((p) => p.buttons.map((b) => [b.action, b.who, b.pool, b.delta]))).toEqual([
      ["tempoAdjustPool", "ana", "ap", -1],
      ["tempoAdjustPool", "ana", "ap", 1],
      ["tempoAdjustPool", "ana", "rp", -1],
      ["tempoAdjustPool", "ana", "rp", 1],
      ["tempoAdjustPool", "ana", "fp", -1],
      ["tempoAdjustPool", "ana", "fp", 1],
    ]);
    expect(ana?.pools[0]?.buttons[0]?.label).toBe("Take 1 AP from Ana");
  });

  it("gives a player no pool buttons and no setup button, even for their own combatant", () => {
    const state = fight("flow", flowPair, [{ type: "start" }], [9, 4]);
    const view = trackerView(state, opts({ isGM: false, owned: ["ana"] }));
    const ana = view.combatants[0];
    expect(ana?.hasPools).toBe(true);
    expect(ana?.pools.every((p) => p.buttons.length === 0 && !p.hasButtons)).toBe(true);
    expect(view.combatants.some((c) => c.canSetup)).toBe(false);
    const html = render(TEMPLATE_PATHS.tracker, { tempo: view });
    const actions = elements(html, "button").map((b) => b.attrs["data-action"]);
    expect(actions).not.toContain("tempoAdjustPool");
    expect(actions).not.toContain("tempoSetup");
  });

  it("gives the GM a setup button on every row, naming the combatant, before and during the fight", () => {
    const before = trackerView(null, opts({ combatants: [{ id: "x", name: "Xan" }] }));
    expect(before.combatants.map((c) => [c.canSetup, c.setupLabel])).toEqual([[true, "Tempo setup of Xan"]]);
    const state = fight("flow", flowPair, [{ type: "start" }], [9, 4]);
    const html = render(TEMPLATE_PATHS.tracker, { tempo: trackerView(state, opts()) });
    const setup = elements(html, "button").filter((b) => b.attrs["data-action"] === "tempoSetup");
    expect(setup.map((b) => b.attrs["data-who"])).toEqual(["ana", "orc"]);
  });
});
