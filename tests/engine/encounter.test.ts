import { describe, expect, it } from "vitest";
import { createEncounter, isRulesetId, resolveOptions, SetupError } from "../../src/engine/encounter";
import { refuse, RefusalError } from "../../src/engine/refusal";
import { getRuleset } from "../../src/engine/registry";
import type { CombatantSetup } from "../../src/engine/state";
import { combatantIn } from "../../src/engine/record";

/**
 * An encounter's setup as it enters the engine (src/engine/encounter.ts): a malformed setup is the
 * host's input gone wrong, thrown as a SetupError whose key and data are the message shown
 * (lang/en.json, TEMPO.Setup.*), naming the ruleset, option, combatant or field at fault.
 */

function setupError(run: () => unknown): { key: string; data: Record<string, string>; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof SetupError)
      return { key: error.key, data: error.data, message: `${error.name}: ${error.message}` };
    throw error;
  }
  throw new Error("no SetupError thrown");
}

const ana: CombatantSetup = { id: "ana", side: "party" };
const orc: CombatantSetup = { id: "orc", side: "foes" };

describe("createEncounter: a new encounter, not yet started", () => {
  it("starts in setup at round 0 with no turn, order, offer or pending trigger, in roster order", () => {
    const state = createEncounter({ ruleset: "flow", combatants: [orc, ana] }, getRuleset("flow"));
    expect(state).toMatchObject({
      version: 1,
      ruleset: "flow",
      options: {},
      grid: { type: "none" },
      status: "setup",
      round: 0,
      phase: null,
      segment: null,
      stage: null,
      order: [],
      current: null,
      groups: null,
      roster: ["orc", "ana"],
      offers: [],
      pending: [],
      seq: 0,
    });
    // The combatants are listed in roster order (engine/record.ts).
    expect(state.combatants.map((c) => c.id)).toEqual(["orc", "ana"]);
  });

  it("lets the ruleset fill each combatant's pools (flow: 5 AP, 2 RP, 2 FP at the start)", () => {
    const state = createEncounter({ ruleset: "flow", combatants: [ana] }, getRuleset("flow"));
    expect(combatantIn(state, "ana")?.pools).toEqual({ ap: 5, rp: 2, fp: 2 });
  });

  it("refuses the same id twice, naming it", () => {
    expect(
      setupError(() => createEncounter({ ruleset: "flow", combatants: [ana, ana] }, getRuleset("flow"))),
    ).toEqual({
      key: "TEMPO.Setup.DuplicateCombatant",
      data: { who: "ana" },
      message: 'SetupError: TEMPO.Setup.DuplicateCombatant {"who":"ana"}',
    });
  });

  it("refuses a combatant out of bounds, naming it by id and the field at fault", () => {
    const bad = { id: "ana", side: "party", stats: { agility: 1.5 } } as CombatantSetup;
    expect(
      setupError(() => createEncounter({ ruleset: "flow", combatants: [orc, bad] }, getRuleset("flow"))),
    ).toMatchObject({
      key: "TEMPO.Setup.BadCombatant",
      data: { who: "ana", field: "stats.agility" },
    });
  });

  it("names a combatant with no readable id by its place in the list", () => {
    const noId = { side: "party" } as unknown as CombatantSetup;
    const emptyId = { id: "", side: "party" } as CombatantSetup;
    expect(
      setupError(() => createEncounter({ ruleset: "flow", combatants: [orc, noId] }, getRuleset("flow")))
        .data,
    ).toEqual({
      who: "#2",
      field: "id",
    });
    expect(
      setupError(() => createEncounter({ ruleset: "flow", combatants: [emptyId] }, getRuleset("flow"))).data,
    ).toEqual({
      who: "#1",
      field: "id",
    });
    expect(
      setupError(() =>
        createEncounter(
          { ruleset: "flow", combatants: [null as unknown as CombatantSetup] },
          getRuleset("flow"),
        ),
      ).data,
    ).toEqual({ who: "#1", field: "combatant" });
  });

  it("shortens a long id to 64 characters in the message", () => {
    const long = { id: "x".repeat(100), side: "party", size: "colossal" } as unknown as CombatantSetup;
    expect(
      setupError(() => createEncounter({ ruleset: "flow", combatants: [long] }, getRuleset("flow"))).data,
    ).toEqual({
      who: "x".repeat(64),
      field: "id",
    });
  });

  it("refuses a setup without a list of combatants, and a malformed grid naming its field", () => {
    expect(setupError(() => createEncounter({ ruleset: "flow" } as never, getRuleset("flow")))).toMatchObject(
      {
        key: "TEMPO.Setup.BadCombatant",
        data: { who: "", field: "combatants" },
      },
    );
    expect(setupError(() => createEncounter(null as never, getRuleset("flow")))).toMatchObject({
      key: "TEMPO.Setup.BadCombatant",
      data: { who: "", field: "combatants" },
    });
    expect(
      setupError(() =>
        createEncounter(
          { ruleset: "flow", grid: { type: "triangle" } as never, combatants: [] },
          getRuleset("flow"),
        ),
      ),
    ).toMatchObject({ key: "TEMPO.Setup.BadGrid", data: { field: "type" } });
  });

  it("keeps its own copy of the grid and of each setup, so the host's objects stay the host's", () => {
    const grid = { type: "square" as const, diagonals: "alternating" as const };
    const setup: CombatantSetup = { id: "ana", side: "party", at: [2, 3] };
    const state = createEncounter({ ruleset: "flow", grid, combatants: [setup] }, getRuleset("flow"));
    expect(state.grid).toEqual({ type: "square", diagonals: "alternating" });
    expect(state.grid).not.toBe(grid);
    expect(combatantIn(state, "ana")?.at).toEqual([2, 3]);
    expect(combatantIn(state, "ana")?.at).not.toBe(setup.at);
  });
});

describe("resolveOptions: a ruleset's options, defaults filled", () => {
  const rating = getRuleset("rating");

  it("fills every option's default when none is given (rating: AP refresh by round, Luck ties, PCs first then the higher Luck between PCs, the surprised take no free actions, one reaction attempt per reactor)", () => {
    expect(resolveOptions(rating)).toEqual({
      apRefresh: "round",
      ties: "luck",
      luckBonus: "pcThenLuck",
      surprisedFree: "forbidden",
      reactionAttempts: "perReactor",
    });
  });

  it("takes a given choice and keeps the other defaults", () => {
    expect(resolveOptions(rating, { apRefresh: "turn" })).toEqual({
      apRefresh: "turn",
      ties: "luck",
      luckBonus: "pcThenLuck",
      surprisedFree: "forbidden",
      reactionAttempts: "perReactor",
    });
  });

  it("refuses an option the ruleset does not have, and one inherited from Object, naming the ruleset", () => {
    expect(setupError(() => resolveOptions(rating, { speed: "fast" }))).toMatchObject({
      key: "TEMPO.Setup.UnknownOption",
      data: { ruleset: "rating", option: "speed" },
    });
    expect(setupError(() => resolveOptions(rating, { toString: "x" }))).toMatchObject({
      key: "TEMPO.Setup.UnknownOption",
      data: { ruleset: "rating", option: "toString" },
    });
  });

  it("refuses a value that is not one of the option's choices, naming it", () => {
    expect(setupError(() => resolveOptions(rating, { ties: "coin" }))).toEqual({
      key: "TEMPO.Setup.BadOptionValue",
      data: { ruleset: "rating", option: "ties", value: "coin" },
      message: 'SetupError: TEMPO.Setup.BadOptionValue {"ruleset":"rating","option":"ties","value":"coin"}',
    });
  });

  it("refuses options that are not an object, shortening what it shows to 64 characters", () => {
    expect(setupError(() => resolveOptions(rating, "o".repeat(80) as never))).toMatchObject({
      key: "TEMPO.Setup.UnknownOption",
      data: { ruleset: "rating", option: "o".repeat(64) },
    });
    expect(setupError(() => resolveOptions(rating, null as never))).toMatchObject({
      key: "TEMPO.Setup.UnknownOption",
      data: { ruleset: "rating", option: "null" },
    });
  });
});

describe("rulesets by id", () => {
  it("knows the five rulesets and nothing else", () => {
    expect(["flow", "rating", "segments", "phases", "marching"].every(isRulesetId)).toBe(true);
    expect(isRulesetId("chess")).toBe(false);
    expect(isRulesetId("constructor")).toBe(false);
  });

  it("refuses an unknown ruleset, naming it", () => {
    expect(setupError(() => getRuleset("chess"))).toMatchObject({
      key: "TEMPO.Setup.UnknownRuleset",
      data: { ruleset: "chess" },
    });
    expect(getRuleset("segments").id).toBe("segments");
  });
});

describe("refusals thrown inside a handler", () => {
  it("carry the full key and data, and name themselves RefusalError", () => {
    let thrown: unknown;
    try {
      refuse("NotYourTurn", { who: "Ana" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RefusalError);
    expect((thrown as RefusalError).refusal).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "Ana" },
    });
    expect((thrown as RefusalError).name).toBe("RefusalError");
    expect((thrown as RefusalError).message).toBe("TEMPO.Refusal.NotYourTurn");
    // An answer, not a fault: no stack is recorded for it (issue 31: the sheet's dry runs).
    expect(thrown).not.toBeInstanceOf(Error);
    expect(String(thrown)).toBe("RefusalError: TEMPO.Refusal.NotYourTurn");
  });
});
