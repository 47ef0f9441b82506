import { create } from "mutative";
import { describe, expect, it } from "vitest";
import { apply } from "../../../src/engine/apply";
import type { Command } from "../../../src/engine/commands";
import { createContext } from "../../../src/engine/context";
import { combatant, requireAble } from "../../../src/engine/core/combatants";
import { addCondition, hasCondition, removeCondition } from "../../../src/engine/core/conditions";
import {
  planPath,
  requireLegalPath,
  requireWalkable,
  spatialIndexOf,
  stepsOf,
} from "../../../src/engine/core/movement";
import { changeOption } from "../../../src/engine/core/options";
import { place } from "../../../src/engine/core/place";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { getRuleset } from "../../../src/engine/registry";
import { flow } from "../../../src/engine/rulesets/flow";
import type { EncounterState } from "../../../src/engine/state";
import { coreContext, refusalOf } from "./context";
import { combatantIn } from "../../../src/engine/record";

/**
 * The core helpers every ruleset builds on, checked where the rulesets' own tests only reach them
 * through a stipulated fight: the GM's option switch, the refusals' data, the path bounds.
 */

const marching = getRuleset("marching");

/** mutative's create, typed for the encounter as apply types it (its Draft type is too deep). */
const produce = create as unknown as (
  base: EncounterState,
  recipe: (draft: EncounterState) => void,
) => EncounterState;

function marchingFight(): EncounterState {
  return createEncounter(
    {
      ruleset: "marching",
      grid: { type: "square" },
      combatants: [
        { id: "lead", side: "party", pc: true, at: [0, 0] },
        { id: "goblin", side: "foes", at: [3, 0] },
      ],
    },
    marching,
  );
}

function run(state: EncounterState, command: Command) {
  return apply(state, command, new ScriptedDice([]), marching);
}

describe("setOption: the GM changes a ruleset option mid-encounter (core/options.ts)", () => {
  // marching.txt: "If the table is moving too slowly, the GM may switch to frantic combat."
  it("records the new value in the encounter's options and says so", () => {
    const result = run(marchingFight(), { type: "setOption", option: "seizeOpponent", value: "rolls" });
    if (!result.ok) expect.fail(result.refusal.key);
    expect(result.state.options.seizeOpponent).toBe("rolls");
    expect(result.events).toEqual([{ type: "optionChanged", option: "seizeOpponent", value: "rolls" }]);
  });

  it("switches frantic combat on, the option the text gives the GM", () => {
    const result = run(marchingFight(), { type: "setOption", option: "frantic", value: "on" });
    if (!result.ok) expect.fail(result.refusal.key);
    expect(result.state.options.frantic).toBe("on");
    expect(result.events[0]).toEqual({ type: "optionChanged", option: "frantic", value: "on" });
  });

  it("changes nothing and says nothing when the option already has that value", () => {
    const state = marchingFight();
    expect(state.options.seizeOpponent).toBe("asks");
    const result = run(state, { type: "setOption", option: "seizeOpponent", value: "asks" });
    if (!result.ok) expect.fail(result.refusal.key);
    expect(result.state.options.seizeOpponent).toBe("asks");
    expect(result.events).toEqual([]);
  });

  it("refuses a value the option does not declare (BadOptionValue, naming the choices) and changes nothing", () => {
    const state = marchingFight();
    const result = run(state, { type: "setOption", option: "frantic", value: "sometimes" });
    if (result.ok) expect.fail("a value frantic does not declare was accepted");
    expect(result.refusal).toEqual({
      key: "TEMPO.Refusal.BadOptionValue",
      data: { option: "frantic", value: "sometimes", choices: "off, on" },
    });
    expect(state.options.frantic).toBe("off");
  });

  it("refuses, when called past the command schema, an option the ruleset does not declare (UnknownOption)", () => {
    // flow declares no options; the schema refuses this before a handler runs, changeOption again.
    const ctx = coreContext();
    expect(refusalOf(() => changeOption(ctx, "frantic", "on"))).toEqual({
      key: "TEMPO.Refusal.UnknownOption",
      data: { option: "frantic", ruleset: "flow" },
    });
  });
});

describe("core refusals carry the data their text names", () => {
  it("refuses an id that names no combatant, inherited names included (UnknownCombatant)", () => {
    const ctx = coreContext();
    expect(refusalOf(() => combatant(ctx.state, "nobody"))).toEqual({
      key: "TEMPO.Refusal.UnknownCombatant",
      data: { who: "nobody" },
    });
    expect(refusalOf(() => combatant(ctx.state, "constructor")).key).toBe("TEMPO.Refusal.UnknownCombatant");
    expect(combatant(ctx.state, "bo").id).toBe("bo");
  });

  it("refuses, past the command schema, a place at a cell that is not two whole numbers (BadCell)", () => {
    const ctx = coreContext();
    expect(refusalOf(() => place(ctx, { type: "place", who: "ana", at: [0.5, 2] }))).toEqual({
      key: "TEMPO.Refusal.BadCell",
      data: { at: "[0.5,2]" },
    });
    expect(combatantIn(ctx.state, "ana")?.at).toEqual([0, 0]);
  });

  it("refuses a command for a defeated combatant, naming it (Defeated)", () => {
    const ctx = coreContext();
    const ana = combatant(ctx.state, "ana");
    ana.name = "Ana the Bold";
    requireAble(ana);
    ana.defeated = true;
    expect(refusalOf(() => requireAble(ana))).toEqual({
      key: "TEMPO.Refusal.Defeated",
      data: { who: "Ana the Bold" },
    });
  });
});

describe("planning a path: the bounds on a move's work (core/movement.ts)", () => {
  it("refuses a mover with no cell (NotOnGrid), naming it", () => {
    const ctx = coreContext();
    combatant(ctx.state, "orc").at = null;
    expect(refusalOf(() => planPath(ctx.state, "orc", [[2, 0]]))).toEqual({
      key: "TEMPO.Refusal.NotOnGrid",
      data: { who: "orc" },
    });
  });

  it("refuses more waypoints than one command may carry (PathTooLong, 256)", () => {
    // Standing still: every waypoint is the start cell, so only the count can be refused.
    const waypoints = Array.from({ length: 257 }, () => [0, 0] as const);
    expect(refusalOf(() => requireWalkable({ type: "hex" }, [0, 0], waypoints, "ana"))).toEqual({
      key: "TEMPO.Refusal.PathTooLong",
      data: { max: 256 },
    });
    // 256 waypoints are within the bound.
    expect(() => requireWalkable({ type: "hex" }, [0, 0], waypoints.slice(0, 256), "ana")).not.toThrow();
  });

  it("refuses a path longer than anyone may walk in one command (MoveTooLong, 100 cells)", () => {
    expect(
      refusalOf(() =>
        requireWalkable(
          { type: "hex" },
          [0, 0],
          [
            [60, 0],
            [0, 0],
          ],
          "Ana",
        ),
      ),
    ).toEqual({
      key: "TEMPO.Refusal.MoveTooLong",
      data: { who: "Ana", max: 100 },
    });
    // 60 out and 40 back is exactly 100 cells.
    expect(() =>
      requireWalkable(
        { type: "hex" },
        [0, 0],
        [
          [60, 0],
          [20, 0],
        ],
        "Ana",
      ),
    ).not.toThrow();
  });

  it("refuses a waypoint outside the scene's bounds (OutsideScene), naming the cell", () => {
    const grid = { type: "square", bounds: { min: [0, 0], max: [9, 9] } } as const;
    expect(
      refusalOf(() =>
        requireWalkable(
          grid,
          [0, 0],
          [
            [3, 3],
            [10, 3],
          ],
          "ana",
        ),
      ),
    ).toEqual({
      key: "TEMPO.Refusal.OutsideScene",
      data: { command: "move", field: "path", at: [10, 3] },
    });
  });

  it("builds a state's spatial index once and hands the same one back (the host's current state)", () => {
    const { state } = coreContext();
    const host = structuredClone(state);
    expect(spatialIndexOf(host)).toBe(spatialIndexOf(host));
  });

  it("inside a command, serves the index of the state it started from until a body moves (ctx.moved)", () => {
    const state = structuredClone(coreContext().state);
    produce(state, (draft) => {
      const ctx = createContext(draft, flow, new ScriptedDice([]), state);
      expect(spatialIndexOf(draft)).toBe(spatialIndexOf(state));
      combatant(draft, "ana").at = [3, 3];
      ctx.moved("ana");
      const after = spatialIndexOf(draft);
      expect(after).not.toBe(spatialIndexOf(state));
      expect(after.occupantAt([3, 3])).toBe("ana");
      expect(after.occupantAt([0, 0])).toBeUndefined();
      expect(spatialIndexOf(draft)).toBe(after);
    });
  });

  it("a context that changes its state in place gets an index of the state as it is now", () => {
    const ctx = coreContext();
    expect(spatialIndexOf(ctx.state).occupantAt([0, 0])).toBe("ana");
    combatant(ctx.state, "ana").at = [3, 3];
    expect(spatialIndexOf(ctx.state).occupantAt([3, 3])).toBe("ana");
  });
});

describe("planning a path: steps and the reason a path is refused", () => {
  // flow.txt: "you cannot move through an enemy hex unless you attempt to Tumble Through".
  it("refuses a path into an enemy's hex, naming the hex (MoveEnemyCell)", () => {
    const ctx = coreContext();
    const plan = planPath(ctx.state, "ana", [[2, 0]]);
    expect(stepsOf(plan)).toBe(2);
    expect(refusalOf(() => requireLegalPath(plan))).toEqual({
      key: "TEMPO.Refusal.MoveEnemyCell",
      data: { at: [1, 0] },
    });
  });

  it("counts the cells walked after the start, none for standing still", () => {
    const ctx = coreContext();
    expect(stepsOf(planPath(ctx.state, "ana", [[-1, 0]]))).toBe(1);
    expect(stepsOf(planPath(ctx.state, "ana", []))).toBe(0);
  });
});

describe("conditions: added once, refreshed, removed (core/conditions.ts)", () => {
  it("adds a condition once and says so, refreshing its duration when added again", () => {
    const ctx = coreContext();
    addCondition(ctx, "ana", "prone", 2);
    addCondition(ctx, "ana", "grappled");
    addCondition(ctx, "ana", "prone", 1);
    expect(combatant(ctx.state, "ana").conditions).toEqual([
      { id: "prone", rounds: 1 },
      { id: "grappled", rounds: null },
    ]);
    expect(ctx.events.filter((e) => e.type === "conditionAdded")).toEqual([
      { type: "conditionAdded", who: "ana", condition: "prone", rounds: 2 },
      { type: "conditionAdded", who: "ana", condition: "grappled", rounds: null },
      { type: "conditionAdded", who: "ana", condition: "prone", rounds: 1 },
    ]);
    expect(hasCondition(combatant(ctx.state, "ana"), "prone")).toBe(true);
    expect(hasCondition(combatant(ctx.state, "ana"), "blinded")).toBe(false);
  });

  it("removes only a condition that is there, and says nothing otherwise", () => {
    const ctx = coreContext();
    addCondition(ctx, "bo", "prone");
    removeCondition(ctx, "bo", "blinded");
    expect(ctx.events.filter((e) => e.type === "conditionRemoved")).toEqual([]);
    removeCondition(ctx, "bo", "prone");
    expect(ctx.events.filter((e) => e.type === "conditionRemoved")).toEqual([
      { type: "conditionRemoved", who: "bo", condition: "prone" },
    ]);
    expect(combatant(ctx.state, "bo").conditions).toEqual([]);
  });
});
