import { afterEach, describe, expect, it, vi } from "vitest";
import { apply } from "../../../src/engine/apply";
import { playerChoiceRefusal } from "../../../src/engine/choices";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { RULESETS } from "../../../src/engine/rulesets";
import type { Ruleset } from "../../../src/engine/ruleset";
import type { EncounterState } from "../../../src/engine/state";
import { coreTestRuleset as ruleset } from "./fixture";

function flowRuleset(): Ruleset {
  const found = RULESETS.flow;
  if (!found) throw new Error("flow is registered");
  return found;
}

function started(): EncounterState {
  const state = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", side: "party", pc: true, at: [0, 0] },
        { id: "orc", side: "foes", at: [3, 0] },
      ],
    },
    ruleset,
  );
  const result = apply(state, { type: "start" }, new ScriptedDice([6, 2]), ruleset);
  if (!result.ok) throw new Error(result.refusal.key);
  return result.state;
}

/** Apply junk, check it was refused with the same state object, and return the refusal key. */
function refusedKey(state: EncounterState, command: unknown, rules: Ruleset = ruleset): string {
  const snapshot = JSON.stringify(state);
  const result = apply(state, command, new ScriptedDice([]), rules);
  expect(result.ok).toBe(false);
  expect(result.state).toBe(state);
  expect(JSON.stringify(result.state)).toBe(snapshot);
  return result.ok ? "" : result.refusal.key;
}

describe("apply checks every command against its schema before any handler runs", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses values that are not commands at all", () => {
    const state = started();
    for (const junk of [null, undefined, 7, "next", [], [{ type: "next" }], { type: 5 }, {}]) {
      expect(refusedKey(state, junk)).toBe("TEMPO.Refusal.NotACommand");
    }
    expect(refusedKey(state, { type: "fly" })).toBe("TEMPO.Refusal.UnknownCommandType");
    expect(refusedKey(state, { type: "toString" })).toBe("TEMPO.Refusal.UnknownCommandType");
  });

  it("takes prototype names as ids of nothing: no combatant, action or reaction is inherited", () => {
    const state = started();
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      expect(refusedKey(state, { type: "endTurn", who: name })).toBe("TEMPO.Refusal.UnknownCombatant");
      expect(refusedKey(state, { type: "setDefeated", who: name, defeated: true })).toBe(
        "TEMPO.Refusal.UnknownCombatant",
      );
      expect(refusedKey(state, { type: "act", who: "ana", action: name })).toBe(
        "TEMPO.Refusal.UnknownAction",
      );
      expect(refusedKey(state, { type: "react", who: "orc", with: name })).toBe(
        "TEMPO.Refusal.UnknownReaction",
      );
      expect(refusedKey(state, { type: "setOption", option: name, value: "x" })).toBe(
        "TEMPO.Refusal.UnknownOption",
      );
      expect(refusedKey(state, { type: "adjustPool", who: "ana", pool: name, delta: 1 })).toBe(
        "TEMPO.Refusal.UnknownPool",
      );
    }
    expect(Object.prototype).not.toHaveProperty("defeated");
  });

  it("refuses a field the command does not take, and a field it needs but lacks", () => {
    const state = started();
    expect(refusedKey(state, { type: "endTurn", who: "ana", junk: "x".repeat(1_000_000) })).toBe(
      "TEMPO.Refusal.UnexpectedField",
    );
    expect(refusedKey(state, JSON.parse('{"type":"endTurn","who":"ana","__proto__":{"x":1}}'))).toBe(
      "TEMPO.Refusal.UnexpectedField",
    );
    expect(refusedKey(state, { type: "move", who: "ana" })).toBe("TEMPO.Refusal.MissingField");
    expect(refusedKey(state, { type: "move", who: "ana", path: "0,1" })).toBe("TEMPO.Refusal.BadField");
  });

  it("refuses numbers that are not whole, finite and bounded", () => {
    const state = started();
    for (const delta of [0.5, NaN, Infinity, -Infinity, 1e9, "1"]) {
      expect(refusedKey(state, { type: "adjustPool", who: "ana", pool: "ap", delta })).toBe(
        "TEMPO.Refusal.BadField",
      );
    }
    expect(refusedKey(state, { type: "move", who: "ana", path: [[0.5, 0.5]] })).toBe("TEMPO.Refusal.BadCell");
  });

  it("turns an error inside a handler into the Internal refusal, logged, with the state unchanged", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken: Ruleset = {
      ...ruleset,
      handlers: {
        ...ruleset.handlers,
        endTurn() {
          throw new TypeError("a bug");
        },
      },
    };
    const state = started();
    const result = apply(state, { type: "endTurn", who: "ana" }, new ScriptedDice([]), broken);
    expect(result.ok ? null : result.refusal).toEqual({
      key: "TEMPO.Refusal.Internal",
      data: { command: "endTurn" },
    });
    expect(result.state).toBe(state);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it("refuses a state of another ruleset instead of throwing", () => {
    const state = { ...started(), ruleset: "rating" as const };
    expect(refusedKey(state, { type: "next" })).toBe("TEMPO.Refusal.WrongRuleset");
  });
});

describe("playerChoiceRefusal (issue 12: no player-supplied results)", () => {
  const flow = flowRuleset();
  const rating = RULESETS.rating as Ruleset;
  const segments = RULESETS.segments as Ruleset;

  it("leaves the outcome of an act or a react to the GM", () => {
    expect(
      playerChoiceRefusal({ type: "act", who: "ana", action: "attack", outcome: "kill" }, flow)?.key,
    ).toBe("TEMPO.Refusal.OutcomeIsGMs");
    expect(
      playerChoiceRefusal({ type: "react", who: "ana", with: "dodge", outcome: "crit" }, flow)?.key,
    ).toBe("TEMPO.Refusal.OutcomeIsGMs");
  });

  it('refuses a cost on a fixed-cost action (flow: "Attacking/Casting a Spell: 2 AP")', () => {
    expect(playerChoiceRefusal({ type: "act", who: "ana", action: "attack", cost: 0 }, flow)?.key).toBe(
      "TEMPO.Refusal.CostNotYours",
    );
    expect(playerChoiceRefusal({ type: "act", who: "ana", action: "free", cost: 0 }, rating)?.key).toBe(
      "TEMPO.Refusal.CostNotYours",
    );
  });

  it('lets the actor say the AP cost in rating ("Various abilities will cost AP")', () => {
    expect(playerChoiceRefusal({ type: "act", who: "hero", action: "primary", cost: 2 }, rating)).toBeNull();
  });

  it("lets the actor say a spell's casting time in segments, but not an attack's", () => {
    expect(
      playerChoiceRefusal({ type: "declare", who: "mage", action: "cast", time: 3 }, segments),
    ).toBeNull();
    expect(
      playerChoiceRefusal({ type: "declare", who: "mage", action: "attack", time: 0 }, segments)?.key,
    ).toBe("TEMPO.Refusal.TimeNotYours");
  });

  it("refuses what is not a command, and what names an inherited action", () => {
    expect(playerChoiceRefusal(null, flow)?.key).toBe("TEMPO.Refusal.NotACommand");
    expect(playerChoiceRefusal({ type: "act", who: "a", action: "constructor", cost: 1 }, rating)?.key).toBe(
      "TEMPO.Refusal.CostNotYours",
    );
  });
});
