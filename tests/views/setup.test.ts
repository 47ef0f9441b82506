import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type EncounterState,
  type RulesetId,
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

  it("during the fight locks what the engine read at the start, and says why", () => {
    const view = setupView("ana", "Ana", values, started("flow"), i18n);
    expect(view.fields.map((f) => [f.name, f.disabled])).toEqual([
      ["side", true],
      ["surprised", false],
      ["marching", true],
      ["unseen", true],
    ]);
    expect(view.hasNote).toBe(true);
  });

  it("during the fight sends the GM's logged apply / removeCondition of surprised where the ruleset has it", () => {
    const state = started("rating");
    expect(setupChanges("orc", { ...values, surprised: true }, state)).toEqual({
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
    expect(setupChanges("orc", { ...values, surprised: false }, applied.state).commands).toEqual([
      { type: "removeCondition", who: "orc", condition: "surprised" },
    ]);
    expect(setupView("orc", "Orc", values, applied.state, i18n).fields[1]?.checked).toBe(true);
  });
});
