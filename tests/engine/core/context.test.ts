import { describe, expect, it } from "vitest";
import { apply } from "../../../src/engine/apply";
import { createContext, readOnlyContext } from "../../../src/engine/context";
import { DieOutOfRange, ScriptedDice, type DicePort } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import type { EncounterState } from "../../../src/engine/state";
import { coreTestRuleset } from "./fixture";

/**
 * A command's context (src/engine/context.ts): the dice it rolls, the checks that change nothing,
 * and the reads that take no draft (peek, rosterView, someItem, itemsOf, held).
 */

function setup(): EncounterState {
  return createEncounter(
    {
      ruleset: "flow",
      combatants: [
        { id: "ana", side: "party" },
        { id: "orc", side: "foes" },
      ],
    },
    coreTestRuleset,
  );
}

/** The error `fn` throws (failing the test when it throws none). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  expect.fail("expected an error, but nothing was thrown");
}

/** A dice port that always answers `value`, whatever the die. */
function always(value: number): DicePort {
  return { roll: () => value };
}

describe("ctx.roll: a die from the host's dice port", () => {
  it.each([0, 7, 2.5, NaN])(
    "a port that answers %s for a d6 makes apply throw the host its DieOutOfRange",
    (value) => {
      const error = thrown(() => apply(setup(), { type: "start" }, always(value), coreTestRuleset));
      expect(error).toBeInstanceOf(DieOutOfRange);
      expect((error as DieOutOfRange).faces).toBe(6);
      expect((error as DieOutOfRange).value).toBe(value);
    },
  );

  it("a port that answers 6 for a d6 is taken: both combatants' initiative is 6", () => {
    const result = apply(setup(), { type: "start" }, always(6), coreTestRuleset);
    if (!result.ok) expect.fail(result.refusal.key);
    expect(result.state.combatants.ana?.initiative).toBe(6);
    expect(result.state.combatants.orc?.initiative).toBe(6);
  });

  it("reports a roll for no one as a diceRolled event without a who key, and one for someone with it", () => {
    const ctx = createContext(setup(), coreTestRuleset, new ScriptedDice([4, 5]));
    expect(ctx.roll(6, "morale")).toBe(4);
    expect(ctx.roll(8, "initiative", "ana")).toBe(5);
    expect(ctx.events).toStrictEqual([
      { type: "diceRolled", faces: 6, result: 4, purpose: "morale" },
      { type: "diceRolled", faces: 8, result: 5, purpose: "initiative", who: "ana" },
    ]);
    expect("who" in (ctx.events[0] as object)).toBe(false);
  });
});

describe("readOnlyContext: a context for checks that change nothing", () => {
  it("starts with no events, no moved body and geometry version 0, over the state it was given", () => {
    const state = setup();
    const ctx = readOnlyContext(state, coreTestRuleset);
    expect(ctx.state).toBe(state);
    expect(ctx.base).toBe(state);
    expect(ctx.events).toStrictEqual([]);
    expect(ctx.geometry).toStrictEqual({ moved: new Set(), version: 0 });
  });

  it.each([
    ["emit an event", (ctx: ReturnType<typeof readOnlyContext>) => ctx.emit({ type: "combatStarted" })],
    ["roll a die", (ctx: ReturnType<typeof readOnlyContext>) => ctx.roll(6, "initiative", "ana")],
    ["take an id", (ctx: ReturnType<typeof readOnlyContext>) => ctx.nextId("offer")],
    ["move a body", (ctx: ReturnType<typeof readOnlyContext>) => ctx.moved("ana")],
  ])("throws an Error saying a read-only check tried to %s", (what, attempt) => {
    const state = setup();
    const ctx = readOnlyContext(state, coreTestRuleset);
    const error = thrown(() => attempt(ctx));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`Tempo: a read-only check tried to ${what}`);
    expect(ctx.events).toStrictEqual([]);
    expect(state.seq).toBe(0);
  });
});
