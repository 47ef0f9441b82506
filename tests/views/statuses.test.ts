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
import {
  conditionOf,
  fightEndStatuses,
  statusChanges,
  statusCommand,
  statusRounds,
  statusSync,
  TEMPO_STATUSES,
  tokenConditions,
} from "../../src/views/statuses";
import { i18n } from "../support/i18n";
import en from "../../lang/en.json";

function fight(
  ruleset: RulesetId,
  steps: Command[] = [],
  dice: number[] = [5, 2, 6, 1, 4, 3],
): EncounterState {
  const rules = getRuleset(ruleset);
  let state = createEncounter(
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
  const port = new ScriptedDice(dice);
  for (const command of [{ type: "start" } as Command, ...steps]) {
    const result = apply(state, command, port, rules);
    if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
    state = result.state;
  }
  return state;
}

describe("token statuses for engine conditions (issue 14, conditions both ways)", () => {
  it("registers one status per condition any ruleset gives meaning, each named from lang/en.json with a core icon", () => {
    const ids = TEMPO_STATUSES.map((s) => s.id);
    for (const id of ["surprised", "grappled", "prone", "totalDefense", "readied", "delayed", "aborted"])
      expect(ids).toContain(id);
    // phases' "paralysed" is core's own "paralysis" status.
    expect(ids).toContain("paralysis");
    expect(ids).not.toContain("paralysed");
    expect(new Set(ids).size).toBe(ids.length);
    const conditions = (en as { TEMPO: { Condition: Record<string, string> } }).TEMPO.Condition;
    for (const s of TEMPO_STATUSES) {
      expect(conditions[s.name.replace("TEMPO.Condition.", "")], s.id).toBeTypeOf("string");
      expect(s.img).toMatch(/^icons\/svg\/[a-z-]+\.svg$/);
    }
  });

  it("a status means a condition only where the ruleset gives it meaning (flow: prone; rating: only surprised)", () => {
    expect(conditionOf("prone", fight("flow"))).toBe("prone");
    expect(conditionOf("prone", fight("rating"))).toBeNull();
    expect(conditionOf("surprised", fight("rating"))).toBe("surprised");
    expect(conditionOf("paralysis", fight("phases"))).toBe("paralysed");
    expect(conditionOf("blind", fight("flow"))).toBeNull();
  });

  it("a GM's toggle in a running fight is the logged apply / removeCondition; nothing when the engine already agrees", () => {
    const state = fight("flow");
    expect(statusCommand(state, "orc", "prone", true, 2)).toEqual({
      type: "apply",
      who: "orc",
      condition: "prone",
      rounds: 2,
    });
    expect(statusCommand(state, "orc", "prone", false, null)).toBeNull();
    const prone = fight("flow", [{ type: "apply", who: "orc", condition: "prone", rounds: null }]);
    // The status the engine's own change puts on the token comes back and sends nothing: no loop.
    expect(statusCommand(prone, "orc", "prone", true, null)).toBeNull();
    expect(statusCommand(prone, "orc", "prone", false, null)).toEqual({
      type: "removeCondition",
      who: "orc",
      condition: "prone",
    });
  });

  it("sends nothing outside a running fight, for someone not in it, or for a status the ruleset gives no meaning", () => {
    const rules = getRuleset("flow");
    const before = createEncounter({ ruleset: "flow", combatants: [{ id: "orc", side: "foes" }] }, rules);
    expect(statusCommand(before, "orc", "prone", true, null)).toBeNull();
    expect(statusCommand(null, "orc", "prone", true, null)).toBeNull();
    expect(statusCommand(fight("flow"), "goblin", "prone", true, null)).toBeNull();
    expect(statusCommand(fight("rating"), "orc", "prone", true, null)).toBeNull();
    const ended = apply(fight("flow"), { type: "end" }, new ScriptedDice([]), rules);
    expect(ended.ok && statusCommand(ended.state, "orc", "prone", true, null)).toBeNull();
  });

  it("the duration is the effect's own rounds, else the world's default, 0 meaning until removed", () => {
    expect(statusRounds(3, 0)).toBe(3);
    expect(statusRounds(null, 2)).toBe(2);
    expect(statusRounds(undefined, 0)).toBeNull();
    expect(statusRounds(0, 0)).toBeNull();
    expect(statusRounds(1.5, 4)).toBe(4);
  });

  it("a condition the engine adds or ends shows on, or clears from, the token (conditionAdded / conditionRemoved)", () => {
    const rules = getRuleset("flow");
    const applied = apply(
      fight("flow"),
      { type: "apply", who: "orc", condition: "prone", rounds: 1 },
      new ScriptedDice([]),
      rules,
    );
    if (!applied.ok) throw new Error(applied.refusal.key);
    expect(statusChanges(applied.events)).toEqual([{ who: "orc", status: "prone", active: true }]);
    const removed = apply(
      applied.state,
      { type: "removeCondition", who: "orc", condition: "prone" },
      new ScriptedDice([]),
      rules,
    );
    expect(removed.ok && statusChanges(removed.events)).toEqual([
      { who: "orc", status: "prone", active: false },
    ]);
  });

  it('a condition ending by its duration clears the status (marching: "At the end of your turn, any condition you have advances by 1 round")', () => {
    const rules = getRuleset("marching");
    let state = fight("marching", [
      { type: "choose", who: "ana", initiative: "take" },
      { type: "apply", who: "ana", condition: "surprised", rounds: 1 },
    ]);
    const ended = apply(state, { type: "next" }, new ScriptedDice([]), rules);
    if (!ended.ok) throw new Error(ended.refusal.key);
    state = ended.state;
    expect(combatantIn(state, "ana")?.conditions).toEqual([]);
    expect(statusChanges(ended.events)).toContainEqual({ who: "ana", status: "surprised", active: false });
  });

  it("after an undo, a token shows the engine's conditions and loses the ruleset's statuses the engine does not hold, keeping the GM's others", () => {
    const state = fight("flow", [{ type: "apply", who: "orc", condition: "grappled", rounds: null }]);
    expect(statusSync(state, "orc", new Set(["prone", "blind"]))).toEqual({
      on: ["grappled"],
      off: ["prone"],
    });
    expect(statusSync(state, "orc", new Set(["grappled"]))).toEqual({ on: [], off: [] });
  });

  it("a token shows each engine condition with its rounds left, and one lasting until removed without a number", () => {
    const state = fight("flow", [
      { type: "apply", who: "orc", condition: "prone", rounds: 2 },
      { type: "apply", who: "orc", condition: "grappled", rounds: null },
    ]);
    expect(tokenConditions(state, "orc", i18n)).toEqual([
      { id: "prone", status: "prone", short: "Prone 2", label: "Prone, 2 rounds left" },
      { id: "grappled", status: "grappled", short: "Grappled", label: "Grappled" },
    ]);
    expect(tokenConditions(state, "ana", i18n)).toEqual([]);
    expect(tokenConditions(state, "nobody", i18n)).toEqual([]);
  });

  it("when the fight ends, the token loses combat-time and timed conditions, and keeps the body's (prone) and the GM's own", () => {
    const state = fight("flow", [
      { type: "apply", who: "orc", condition: "prone", rounds: null },
      { type: "apply", who: "orc", condition: "grappled", rounds: 2 },
      { type: "apply", who: "orc", condition: "delayed", rounds: null },
    ]);
    const present = new Set(["prone", "grappled", "delayed", "blind"]);
    expect(fightEndStatuses(state, "orc", present)).toEqual(["grappled", "delayed"]);
    // Only statuses the token shows are cleared; someone not in the fight has none to clear.
    expect(fightEndStatuses(state, "orc", new Set(["prone"]))).toEqual([]);
    expect(fightEndStatuses(state, "nobody", present)).toEqual([]);
  });
});
