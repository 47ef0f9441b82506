import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type EncounterState,
  type RulesetId,
  combatantIn,
} from "../../src/engine";
import { setupChanges, setupView, type SetupValues } from "../../src/views/setup";
import { TEMPLATE_PATHS } from "../../src/views/templates";
import { elements, i18n, render } from "../foundry/sheets/handlebars";

const values: SetupValues = { side: "party", marching: 2, surprised: false, unseen: true };

function started(ruleset: RulesetId): EncounterState {
  const rules = getRuleset(ruleset);
  const made = createEncounter(
    {
      ruleset,
      grid: { type: "none" },
      combatants: [
        { id: "ana", name: "Ana", side: "party", pc: true, marching: 1 },
        { id: "orc", name: "Orc", side: "foes" },
      ],
    },
    rules,
  );
  const result = apply(made, { type: "start" }, new ScriptedDice([5, 2, 4, 1, 6, 3]), rules);
  if (!result.ok) throw new Error(result.refusal.key);
  return result.state;
}

describe("the GM's combatant setup dialog", () => {
  it("before the fight shows the document's side, surprised, marching place and unseen, all editable", () => {
    const view = setupView("ana", "Ana", values, null, i18n);
    expect(view.title).toBe("Tempo setup of Ana");
    expect(view.fields.map((f) => [f.name, f.input, f.value, f.checked, f.disabled])).toEqual([
      ["side", "text", "party", false, false],
      ["surprised", "checkbox", "", false, false],
      ["marching", "number", "2", false, false],
      ["unseen", "checkbox", "", true, false],
    ]);
    const html = render(TEMPLATE_PATHS.combatantSetup, { tempo: view });
    expect(elements(html, "input").map((i) => [i.attrs["name"], i.attrs["type"]])).toEqual([
      ["side", "text"],
      ["surprised", "checkbox"],
      ["marching", "number"],
      ["unseen", "checkbox"],
    ]);
    expect(html).not.toContain("TEMPO.");
  });

  it("before the fight saves to the Combatant document (trimmed side, a marching place of 1 or more)", () => {
    const out = setupChanges("ana", { side: " wolves ", marching: 0, surprised: true, unseen: false }, null);
    expect(out).toEqual({
      document: { side: "wolves", marching: null, surprised: true, unseen: false },
      commands: [],
    });
  });

  it("during the fight shows the engine's values, all editable where the ruleset gives them meaning, and says how a change counts", () => {
    const state = started("flow");
    const view = setupView("ana", "Ana", { ...values, side: "document side" }, state, i18n);
    expect(view.fields.map((f) => [f.name, f.value, f.checked, f.disabled])).toEqual([
      ["side", "party", false, false],
      ["surprised", "", false, false],
      ["marching", "1", false, false],
      ["unseen", "", false, false],
    ]);
    expect(view.hasNote).toBe(true);
    expect(view.note).toBe(i18n.localize("TEMPO.Setup.Live"));
  });

  it("during the fight locks surprised where the ruleset gives it no meaning, and says so", () => {
    // flow, rating, segments, phases and marching all give "surprised" meaning; a ruleset that did not would lock it.
    for (const id of ["flow", "rating", "segments", "phases", "marching"] as const)
      expect(setupView("ana", "Ana", values, started(id), i18n).fields[1]?.disabled, id).toBe(
        !getRuleset(id).conditions.includes("surprised"),
      );
  });

  it("during the fight sends one logged setCombatant with only what differs from the engine's values", () => {
    const state = started("marching");
    const out = setupChanges(
      "orc",
      { side: " wolves ", marching: 3, surprised: false, unseen: false },
      state,
    );
    expect(out).toEqual({
      document: null,
      commands: [{ type: "setCombatant", who: "orc", side: "wolves", marching: 3 }],
    });
    const same = setupChanges("ana", { side: "party", marching: 1, surprised: false, unseen: false }, state);
    expect(same).toEqual({ document: null, commands: [] });
    // A blank side keeps the engine's (everyone has one); a place below 1 is none.
    expect(
      setupChanges("ana", { side: " ", marching: 0, surprised: false, unseen: true }, state).commands,
    ).toEqual([{ type: "setCombatant", who: "ana", marching: null, unseen: true }]);
  });

  it("the setCombatant it sends is taken by the engine: the tracker then shows the new side", () => {
    const state = started("flow");
    const [command] = setupChanges(
      "orc",
      { side: "party", marching: null, surprised: false, unseen: false },
      state,
    ).commands;
    const result = apply(state, command, new ScriptedDice([]), getRuleset("flow"));
    expect(result.ok && combatantIn(result.state, "orc")?.side).toBe("party");
  });

  it("during the fight sends the GM's logged apply / removeCondition of surprised where the ruleset has it", () => {
    const state = started("rating");
    const orc: SetupValues = { side: "foes", marching: null, surprised: false, unseen: false };
    expect(setupChanges("orc", { ...orc, surprised: true }, state)).toEqual({
      document: null,
      commands: [{ type: "apply", who: "orc", condition: "surprised", rounds: null }],
    });
    const applied = apply(
      state,
      { type: "apply", who: "orc", condition: "surprised", rounds: null },
      new ScriptedDice([]),
      getRuleset("rating"),
    );
    if (!applied.ok) throw new Error(applied.refusal.key);
    expect(setupChanges("orc", orc, applied.state).commands).toEqual([
      { type: "removeCondition", who: "orc", condition: "surprised" },
    ]);
    expect(setupView("orc", "Orc", values, applied.state, i18n).fields[1]?.checked).toBe(true);
  });
});
