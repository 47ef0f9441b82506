/**
 * The views use one set of words for time and the grid (issue 17): the sheet names the round,
 * Turn, Phase and Segment as the tracker does, the prompt says "square" on a square grid, and a
 * ruleset without points shows no Points box.
 */
import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type EncounterState,
  combatantIn,
} from "../../src/engine";
import { i18n } from "../support/i18n";
import { refusalText, sheetView, type SheetInput } from "../../src/views/sheet";
import { trackerView } from "../../src/views/tracker";
import { promptView } from "../../src/views/prompt";
import { ENCOUNTERS } from "../../src/playground/encounters";

function started(id: "phases" | "segments"): EncounterState {
  const sample = ENCOUNTERS[id][0];
  if (!sample) throw new Error(id);
  const ruleset = getRuleset(id);
  const result = apply(
    createEncounter(sample.setup, ruleset),
    { type: "start" },
    new ScriptedDice(Array(20).fill(3)),
    ruleset,
  );
  if (!result.ok) throw new Error(result.refusal.key);
  return result.state;
}

function sheetOf(state: EncounterState, who: string): ReturnType<typeof sheetView> {
  const c = combatantIn(state, who);
  if (!c) throw new Error(who);
  const input: SheetInput = {
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
  };
  return sheetView(input, i18n);
}

describe("words shared by the sheet, the tracker and the prompt", () => {
  it("phases: the sheet says Turn and Phase where the tracker does (phases: 'a 12-second Turn of 4 Phases')", () => {
    const state = started("phases");
    const who = state.current;
    if (!who) throw new Error("nobody acts");
    const tracker = trackerView(state, { i18n, isGM: true });
    const step = tracker.phases?.steps.find((s) => s.current)?.label;
    expect(tracker.round).toBe("Turn 1");
    expect(step).toBe("Phase 1");
    expect(sheetOf(state, who).status).toBe(`${tracker.round}, ${step}: you act`);
  });

  it("segments: the sheet names the segment the tracker highlights, and shows no Points box", () => {
    const state = started("segments");
    const who = state.roster[0];
    if (!who) throw new Error("no combatant");
    const tracker = trackerView(state, { i18n, isGM: true });
    const segment = tracker.segments?.steps.find((s) => s.current)?.label;
    const sheet = sheetOf(state, who);
    expect(sheet.status).toBe(`${tracker.round}, ${segment}`);
    expect(sheet.hasPools).toBe(false);
  });

  it("a move prompt on a square grid says square, on a hex grid hex", () => {
    const state = started("segments");
    const [mover, reactor] = state.roster;
    if (!mover || !reactor) throw new Error("two combatants needed");
    const held: EncounterState = {
      ...state,
      pending: [{ id: "t1", kind: "move", actor: mover, data: {} }],
    };
    const offer = { id: "o1", who: reactor, with: "attack", against: mover, trigger: "t1", cell: null };
    const options = { i18n, seconds: 10, total: 15, paused: false };
    expect(promptView(held, reactor, [offer], options).prompt).toContain("leaves a square");
    const hex = { ...held, grid: { type: "hex" as const } };
    expect(promptView(hex, reactor, [offer], options).prompt).toContain("leaves a hex");
  });

  it("a prompt opens focused on the first reaction that can be taken, or on Decline when none can", () => {
    const state = started("segments");
    const [mover, reactor] = state.roster;
    if (!mover || !reactor) throw new Error("two combatants needed");
    const held: EncounterState = {
      ...state,
      pending: [{ id: "t1", kind: "move", actor: mover, data: {} }],
    };
    const options = { i18n, seconds: 10, total: 15, paused: false };
    // No offer the engine would take: nothing to choose, so Decline has the focus.
    const none = promptView(held, reactor, [], options);
    expect(none.choices.some((c) => c.autofocus)).toBe(false);
    expect(none.decline.autofocus).toBe(true);
  });
});

describe("refusal sentences, remembered per localizer", () => {
  it("words the same refusal once, and another localizer's (another language's) in its own words", () => {
    let formats = 0;
    const counting = {
      localize: (key: string) => i18n.localize(key),
      format: (key: string, data: Readonly<Record<string, unknown>>) => {
        formats += 1;
        return i18n.format(key, data);
      },
      pluralRules: new Intl.PluralRules("en"),
    };
    const waiting = { key: "TEMPO.Refusal.ReactionsPending", data: { count: 2 } };
    const first = refusalText(waiting, counting);
    const asked = formats;
    expect(asked).toBeGreaterThan(0);
    expect(refusalText({ key: waiting.key, data: { count: 2 } }, counting)).toBe(first);
    expect(formats).toBe(asked);
    expect(refusalText({ key: waiting.key, data: { count: 1 } }, counting)).not.toBe(first);
    const other = {
      localize: (key: string) => `«${key}»`,
      format: (key: string) => `«${key}»`,
    };
    expect(refusalText(waiting, other)).not.toBe(first);
  });

  it("does not remember a refusal its localizer has no words for yet", () => {
    let formats = 0;
    const empty = {
      localize: (key: string) => key,
      format: (key: string) => {
        formats += 1;
        return key;
      },
    };
    const unknown = { key: "TEMPO.Refusal.NotYourTurn", data: { who: "Ana" } };
    expect(refusalText(unknown, empty)).toBe(unknown.key);
    const once = formats;
    refusalText(unknown, empty);
    expect(formats).toBeGreaterThan(once);
  });
});

describe("refusals name commands by their labels", () => {
  it("a player's GM-only command is refused with the command's name, not its internal type", () => {
    const text = refusalText({ key: "TEMPO.Refusal.GMOnly", data: { command: "apply" } }, i18n);
    expect(text).toBe("Only a GM can do that (Condition).");
  });
});
