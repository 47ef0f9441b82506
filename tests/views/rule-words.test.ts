/**
 * Words that match the rules (issue 30): rating and marching have no reach or threat, so their
 * sheets, prompts and tracker never speak of reach, threatened cells or acting "within reach";
 * marching's reaction has no cost, so its accessible name has no empty cost in it; flow's
 * end-of-turn FP decay is a loss ("Lose 1 FP"), not something a combatant spends.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type Command,
  type EncounterState,
  type RulesetId,
  combatantIn,
} from "../../src/engine";
import { ENCOUNTERS } from "../../src/playground/encounters";
import { chatCard } from "../../src/views/chat";
import { howtoSource } from "../../src/views/howto";
import { promptView } from "../../src/views/prompt";
import { sheetView, type SheetInput } from "../../src/views/sheet";
import { trackerView } from "../../src/views/tracker";
import { i18n } from "../support/i18n";

function sampleState(id: RulesetId): EncounterState {
  const sample = ENCOUNTERS[id][0];
  if (!sample) throw new Error(id);
  return createEncounter(sample.setup, getRuleset(id));
}

function sheetFor(state: EncounterState, who: string, reach = 2): ReturnType<typeof sheetView> {
  const input: SheetInput = {
    subject: {
      id: who,
      name: who,
      img: "",
      type: "character",
      setup: { id: who, side: "party" },
      stats: {},
      skills: {},
      pools: {},
      weapons: [
        {
          id: "spear",
          name: "Spear",
          img: "",
          kind: "melee",
          reach,
          range: 0,
          damage: "1d8",
          equipped: true,
        },
      ],
    },
    ruleset: state.ruleset,
    options: {},
    encounter: null,
    canControl: true,
    isGM: true,
    editable: false,
  };
  return sheetView(input, i18n);
}

const REACH_WORDS = /reach|threat/i;

describe("rulesets without reach or provoking never speak of them", () => {
  it.each(["rating", "marching"] as const)(
    "%s: the sheet has no Reach and threat section and no weapon reach",
    (id) => {
      const sheet = sheetFor(sampleState(id), "hero");
      expect(sheet.hasReach).toBe(false);
      expect(sheet.weapons[0]?.details).not.toMatch(REACH_WORDS);
    },
  );

  it.each(["flow", "segments", "phases"] as const)("%s: the sheet shows reach and a weapon's reach", (id) => {
    const sheet = sheetFor(sampleState(id), "hero");
    expect(sheet.hasReach).toBe(true);
    expect(sheet.weapons[0]?.details).toContain("Reach 2");
  });

  it("marching: a prompt to seize the initiative names no reach and no empty cost", () => {
    const state = sampleState("marching");
    const offer = { id: "o1", who: "lead", with: "reaction", against: "goblin1", trigger: "t1", cell: null };
    const held: EncounterState = {
      ...state,
      status: "active",
      pending: [{ id: "t1", kind: "seize", actor: "goblin1", data: {} }],
      offers: [offer],
    };
    const view = promptView(held, "lead", [offer], { i18n, seconds: 10, total: 15, paused: false });
    expect(view.prompt).toBe("Goblin Sneak acts; Vanguard Tor may answer.");
    expect(view.choices.map((c) => c.ariaLabel)).toEqual(["Reaction against Goblin Sneak"]);
  });

  it("flow: an action's prompt still says it is done within reach", () => {
    const state = sampleState("flow");
    const held: EncounterState = {
      ...state,
      pending: [{ id: "t1", kind: "action", actor: "grukk", data: {} }],
    };
    const offer = {
      id: "o1",
      who: "ana",
      with: "reactionAttack",
      against: "grukk",
      trigger: "t1",
      cell: null,
    };
    const view = promptView(held, "ana", [offer], { i18n, seconds: 10, total: 15, paused: false });
    expect(view.prompt).toBe("Grukk acts within reach of Ana Brightshield.");
  });

  it.each(["rating", "marching"] as const)("%s: a gridless combat's note names positions only", (id) => {
    const state = { ...sampleState(id), grid: { type: "none" as const } };
    const note = trackerView(state, { i18n, isGM: true }).gridless;
    expect(note).toBe("This combat has no grid (no scene, or a gridless one): positions are not judged.");
  });
});

describe("flow's FP decay is a loss, not spending", () => {
  it('the end of a turn without Flow State reads "loses 1 FP", with its rule', () => {
    const ruleset = getRuleset("flow");
    let state = sampleState("flow");
    const run = (command: Command, dice: number[] = []): ReturnType<typeof chatCard> => {
      const result = apply(state, command, new ScriptedDice(dice), ruleset);
      if (!result.ok) throw new Error(result.refusal.key);
      state = result.state;
      return chatCard({ command, events: result.events }, state, i18n);
    };
    run({ type: "start" }, [9, 1, 1, 1, 1, 1, 2, 3, 4, 5, 6, 7]);
    const who = state.current;
    if (!who) throw new Error("nobody acts");
    const card = run({ type: "endTurn", who });
    const name = combatantIn(state, who)?.name ?? who;
    const lines = card?.pools.map((p) => p.text) ?? [];
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`${name} loses 1 FP as the turn ends without Flow State (1 left).`);
  });
});

describe("a reason several actions share is said once, above the actions", () => {
  function sheetOf(state: EncounterState, who: string): ReturnType<typeof sheetView> {
    const c = combatantIn(state, who);
    if (!c) throw new Error(who);
    return sheetView(
      {
        subject: {
          id: who,
          name: c.name,
          img: "",
          type: "character",
          setup: { id: who, side: c.side },
          stats: {},
          skills: {},
          pools: {},
          weapons: [],
        },
        ruleset: state.ruleset,
        options: {},
        encounter: { state, combatantId: who },
        canControl: true,
        isGM: true,
        editable: false,
      },
      i18n,
    );
  }

  it("before the fight: 'The combat has not started yet.' once, every action pointing at it", () => {
    const sheet = sheetOf(sampleState("flow"), "ana");
    expect(sheet.actionNotes.map((n) => n.text)).toEqual(["The combat has not started yet."]);
    const note = sheet.actionNotes[0];
    for (const a of sheet.actions) {
      expect(a.disabled).toBe(true);
      expect(a.showReason).toBe(false);
      expect(a.reasonId).toBe(note?.id);
      expect(a.reason).toBe("The combat has not started yet.");
    }
  });

  it("while a reaction is open: 'Waiting for 1 reaction to be answered first.', in the singular, once", () => {
    const ruleset = getRuleset("flow");
    const start = apply(
      sampleState("flow"),
      { type: "start" },
      new ScriptedDice([10, 2, 6, 3, 8, 5]),
      ruleset,
    );
    if (!start.ok) throw new Error(start.refusal.key);
    let state = start.state;
    const who = state.current ?? "";
    const foe =
      state.roster.find((id) => combatantIn(state, id)?.side !== combatantIn(state, who)?.side) ?? "";
    const held: EncounterState = {
      ...state,
      pending: [{ id: "t1", kind: "action", actor: who, data: {} }],
      offers: [{ id: "o1", who: foe, with: "reactionAttack", against: who, trigger: "t1", cell: null }],
    };
    state = held;
    const sheet = sheetOf(state, who);
    expect(sheet.actionNotes.map((n) => n.text)).toContain("Waiting for 1 reaction to be answered first.");
    const rows = sheet.actions.filter((a) => a.reason === "Waiting for 1 reaction to be answered first.");
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((a) => !a.showReason)).toBe(true);
  });

  it("a reason only one action gives stays under that action", () => {
    const ruleset = getRuleset("flow");
    const start = apply(
      sampleState("flow"),
      { type: "start" },
      new ScriptedDice([10, 2, 6, 3, 8, 5]),
      ruleset,
    );
    if (!start.ok) throw new Error(start.refusal.key);
    const who = start.state.current ?? "";
    const sheet = sheetOf(start.state, who);
    const counts = new Map<string, number>();
    for (const a of sheet.actions) if (a.disabled) counts.set(a.reason, (counts.get(a.reason) ?? 0) + 1);
    for (const a of sheet.actions.filter((x) => x.disabled)) {
      const shared = (counts.get(a.reason) ?? 0) > 1;
      expect(a.showReason).toBe(!shared);
      expect(sheet.actionNotes.some((n) => n.text === a.reason)).toBe(shared);
    }
    expect(sheet.actions.some((a) => a.disabled && a.showReason)).toBe(true);
  });
});

describe("phases: 'How Phases plays' and the 'Move as' choice agree on the 1-hex step", () => {
  const page = readFileSync(resolve(__dirname, "../..", howtoSource("phases")), "utf8");
  const ruleset = getRuleset("phases");

  it("the page names each way of moving by the label the choice shows", () => {
    // The playground's Move as labels and Foundry's movement action for the step say the same.
    expect(i18n.localize("TEMPO.Playground.MoveMode.step")).toBe(i18n.localize("TEMPO.Movement.Action.step"));
    for (const mode of ruleset.moveModes) {
      const label = i18n.localize(`TEMPO.Playground.MoveMode.${mode}`);
      expect(page, mode).toContain(`<em>${label}</em>`);
    }
  });

  it('the page says what phases says provokes: a normal move out of a threatened hex, not "the 1-hex step" or "the withdraw action"', () => {
    expect(page).toContain(
      "Moving as <em>Step (1 hex)</em> or <em>Withdraw</em> never provokes; a <em>Normal move</em> out of a threatened hex does, even of a single hex.",
    );
    expect(page).toContain("if you move no other distance in that Phase");
  });
});

describe("a disabled tracker control says why", () => {
  it("Next while a reaction is open: 'Waiting for 1 reaction to be answered first.' as its title", () => {
    const ruleset = getRuleset("flow");
    const start = apply(
      sampleState("flow"),
      { type: "start" },
      new ScriptedDice([10, 2, 6, 3, 8, 5]),
      ruleset,
    );
    if (!start.ok) throw new Error(start.refusal.key);
    const who = start.state.current ?? "";
    const foe =
      start.state.roster.find(
        (id) => combatantIn(start.state, id)?.side !== combatantIn(start.state, who)?.side,
      ) ?? "";
    const held: EncounterState = {
      ...start.state,
      pending: [{ id: "t1", kind: "action", actor: who, data: {} }],
      offers: [{ id: "o1", who: foe, with: "reactionAttack", against: who, trigger: "t1", cell: null }],
    };
    const next = trackerView(held, { i18n, isGM: true }).controls.find((c) => c.action === "tempoNext");
    expect(next?.disabled).toBe(true);
    expect(next?.reason).toBe("Waiting for 1 reaction to be answered first.");
    const free = trackerView(start.state, { i18n, isGM: true }).controls.find(
      (c) => c.action === "tempoNext",
    );
    expect(free).toMatchObject({ disabled: false, reason: "" });
  });

  it("a pool's spend button at 0 says there is nothing left to spend", () => {
    const ruleset = getRuleset("flow");
    const start = apply(
      sampleState("flow"),
      { type: "start" },
      new ScriptedDice([10, 2, 6, 3, 8, 5]),
      ruleset,
    );
    if (!start.ok) throw new Error(start.refusal.key);
    const ana = combatantIn(start.state, "ana");
    if (!ana) throw new Error("ana");
    const empty: EncounterState = {
      ...start.state,
      combatants: start.state.combatants.map((c) =>
        c.id === "ana" ? { ...c, pools: { ...c.pools, rp: 0 } } : c,
      ),
    };
    const row = trackerView(empty, { i18n, isGM: true }).combatants.find((c) => c.id === "ana");
    const spendRp = row?.pools.flatMap((p) => p.buttons).find((b) => b.pool === "rp" && b.delta === -1);
    expect(spendRp).toMatchObject({ disabled: true, reason: "Ana Brightshield has no RP left to spend." });
  });
});
