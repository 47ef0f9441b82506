import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { apply } from "../../../src/engine/apply";
import { createEncounter, SetupError } from "../../../src/engine/encounter";
import { DiceExhausted, DieOutOfRange, ScriptedDice, SeededDice } from "../../../src/engine/dice";
import type { EncounterState } from "../../../src/engine/state";
import { coreTestRuleset as ruleset } from "./fixture";
import { combatantIn } from "../../../src/engine/record";

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

function started(): EncounterState {
  const state = createEncounter(
    {
      ruleset: "flow",
      combatants: [
        { id: "ana", side: "party", pc: true },
        { id: "orc", side: "foes" },
      ],
    },
    ruleset,
  );
  const result = apply(state, { type: "start" }, new ScriptedDice([6, 2]), ruleset);
  if (!result.ok) throw new Error(result.refusal.key);
  return result.state;
}

describe("apply (DESIGN: 'Applying a command to a state gives a new state plus a list of events, or a refusal')", () => {
  it("never changes the state it is given, even when the handler changes its copy", () => {
    const state = deepFreeze(started());
    const result = apply(
      state,
      { type: "act", who: "ana", action: "attack", target: "orc" },
      new ScriptedDice([]),
      ruleset,
    );
    expect(result.ok).toBe(true);
    expect(combatantIn(state, "ana")?.pools.ap).toBe(3);
    if (result.ok) expect(combatantIn(result.state, "ana")?.pools.ap).toBe(1);
  });

  it("refuses with a localisation key and returns the very same state object", () => {
    const state = started();
    const result = apply(
      state,
      { type: "act", who: "orc", action: "attack", target: "ana" },
      new ScriptedDice([]),
      ruleset,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.refusal.key).toBe("TEMPO.Refusal.NotYourTurn");
      expect(result.state).toBe(state);
    }
  });

  it("refuses an unknown combatant by name", () => {
    const result = apply(started(), { type: "endTurn", who: "ghost" }, new ScriptedDice([]), ruleset);
    expect(result.ok ? null : result.refusal).toEqual({
      key: "TEMPO.Refusal.UnknownCombatant",
      data: { who: "ghost" },
    });
  });

  it("refuses turn commands before the encounter starts, and a second start", () => {
    const fresh = createEncounter({ ruleset: "flow", combatants: [{ id: "ana", side: "party" }] }, ruleset);
    const early = apply(fresh, { type: "endTurn", who: "ana" }, new ScriptedDice([]), ruleset);
    expect(early.ok ? null : early.refusal.key).toBe("TEMPO.Refusal.NotStarted");
    const twice = apply(started(), { type: "start" }, new ScriptedDice([]), ruleset);
    expect(twice.ok ? null : twice.refusal.key).toBe("TEMPO.Refusal.AlreadyStarted");
  });

  it("refuses a verb the ruleset gives no meaning to", () => {
    const result = apply(started(), { type: "seize", who: "ana" }, new ScriptedDice([]), ruleset);
    expect(result.ok ? null : result.refusal.key).toBe("TEMPO.Refusal.NotInRuleset");
  });

  it("refuses to spend more than a pool holds, so pools never go negative", () => {
    let state = started();
    const first = apply(
      state,
      { type: "act", who: "ana", action: "attack", target: "orc" },
      new ScriptedDice([]),
      ruleset,
    );
    if (!first.ok) throw new Error("first attack refused");
    const declined = apply(
      first.state,
      { type: "react", who: "orc", with: "decline" },
      new ScriptedDice([]),
      ruleset,
    );
    if (!declined.ok) throw new Error("decline refused");
    state = declined.state;
    const second = apply(
      state,
      { type: "act", who: "ana", action: "attack", target: "orc" },
      new ScriptedDice([]),
      ruleset,
    );
    expect(second.ok ? null : second.refusal).toEqual({
      key: "TEMPO.Refusal.NotEnoughAP",
      data: { who: "ana", pool: "ap", need: 2, have: 1 },
    });
  });

  it("holds turn-taking commands while a reaction offer is open", () => {
    const attacked = apply(
      started(),
      { type: "act", who: "ana", action: "attack", target: "orc" },
      new ScriptedDice([]),
      ruleset,
    );
    if (!attacked.ok) throw new Error("attack refused");
    expect(attacked.state.offers.map((o) => [o.who, o.with, o.against])).toEqual([["orc", "block", "ana"]]);
    const end = apply(attacked.state, { type: "endTurn", who: "ana" }, new ScriptedDice([]), ruleset);
    expect(end.ok ? null : end.refusal.key).toBe("TEMPO.Refusal.ReactionsPending");
  });

  it("refuses an answer to an offer that is not open (late or duplicate answers change nothing)", () => {
    const state = started();
    const result = apply(state, { type: "react", who: "orc", with: "block" }, new ScriptedDice([]), ruleset);
    expect(result.ok ? null : result.refusal.key).toBe("TEMPO.Refusal.NoSuchOffer");
  });

  it("withdraws the offers of a combatant who leaves the encounter", () => {
    const attacked = apply(
      started(),
      { type: "act", who: "ana", action: "attack", target: "orc" },
      new ScriptedDice([]),
      ruleset,
    );
    if (!attacked.ok) throw new Error("attack refused");
    const removed = apply(
      attacked.state,
      { type: "removeCombatant", who: "orc" },
      new ScriptedDice([]),
      ruleset,
    );
    expect(removed.ok).toBe(true);
    if (removed.ok) {
      expect(removed.state.offers).toEqual([]);
      expect(removed.state.order).toEqual(["ana"]);
    }
  });

  it("adds and times conditions through the core for every ruleset", () => {
    const result = apply(
      started(),
      { type: "apply", who: "orc", condition: "prone", rounds: 2 },
      new ScriptedDice([]),
      ruleset,
    );
    expect(result.ok && combatantIn(result.state, "orc")?.conditions).toEqual([{ id: "prone", rounds: 2 }]);
    const bad = apply(
      started(),
      { type: "apply", who: "orc", condition: "prone", rounds: 0 },
      new ScriptedDice([]),
      ruleset,
    );
    expect(bad.ok ? null : bad.refusal.key).toBe("TEMPO.Refusal.BadDuration");
  });

  it("ends the encounter and refuses everything after", () => {
    const ended = apply(started(), { type: "end" }, new ScriptedDice([]), ruleset);
    if (!ended.ok) throw new Error("end refused");
    const after = apply(ended.state, { type: "endTurn", who: "ana" }, new ScriptedDice([]), ruleset);
    expect(after.ok ? null : after.refusal.key).toBe("TEMPO.Refusal.CombatEnded");
  });
});

describe("createEncounter", () => {
  it("rejects an unknown option and a duplicate id with a setup error naming them", () => {
    expect(() =>
      createEncounter({ ruleset: "flow", options: { speed: "fast" }, combatants: [] }, ruleset),
    ).toThrow(SetupError);
    expect(() =>
      createEncounter(
        {
          ruleset: "flow",
          combatants: [
            { id: "a", side: "x" },
            { id: "a", side: "y" },
          ],
        },
        ruleset,
      ),
    ).toThrow(/DuplicateCombatant/);
  });

  it("gives surprised combatants the surprised condition", () => {
    const state = createEncounter(
      { ruleset: "flow", combatants: [{ id: "a", side: "x", surprised: true }] },
      ruleset,
    );
    expect(combatantIn(state, "a")?.conditions).toEqual([{ id: "surprised", rounds: null }]);
  });
});

describe("dice port (DESIGN: 'tests answer with scripted values')", () => {
  it("scripted dice run out with an error naming the die, and refuse impossible values", () => {
    const dice = new ScriptedDice([3, 7]);
    expect(dice.roll(6)).toBe(3);
    expect(() => dice.roll(6)).toThrow(DieOutOfRange);
    expect(new ScriptedDice([]).roll.bind(new ScriptedDice([]), 10)).toThrow(DiceExhausted);
  });

  it("seeded dice stay on the die and repeat from the same seed", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 100 }), (seed, faces) => {
        const a = new SeededDice(seed);
        const b = new SeededDice(seed);
        for (let i = 0; i < 20; i += 1) {
          const value = a.roll(faces);
          expect(value).toBe(b.roll(faces));
          expect(value >= 1 && value <= faces && Number.isInteger(value)).toBe(true);
        }
      }),
    );
  });

  it("an engine error that is not a refusal (dice used up) reaches the host", () => {
    const fresh = createEncounter({ ruleset: "flow", combatants: [{ id: "a", side: "x" }] }, ruleset);
    expect(() => apply(fresh, { type: "start" }, new ScriptedDice([]), ruleset)).toThrow(DiceExhausted);
  });
});
