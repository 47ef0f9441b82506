/**
 * Scene levels (issue 13: Foundry v14 scenes have levels; tokens on different levels neither
 * threaten nor block each other). A combatant's setup may name its level; `place` may change it.
 */
import { describe, expect, it } from "vitest";

import { apply } from "../../../src/engine/apply";
import { LIMITS } from "../../../src/engine/bounds";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { buildSpatialIndex } from "../../../src/engine/grid";
import { getRuleset } from "../../../src/engine/registry";
import { combatantSetupFault } from "../../../src/engine/schema";
import type { CombatantSetup, EncounterState } from "../../../src/engine/state";
import { combatantIn } from "../../../src/engine/record";

const flow = getRuleset("flow");

/** Ana at [0, 0] and an orc at [2, 1] on a square grid; the orc on `orcLevel` (absent: Ana's). */
function fight(orcLevel?: string, anaLevel?: string): EncounterState {
  const ana: CombatantSetup = { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } };
  const orc: CombatantSetup = { id: "orc", side: "foes", at: [2, 1] };
  const state = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "square" },
      combatants: [
        anaLevel === undefined ? ana : { ...ana, level: anaLevel },
        orcLevel === undefined ? orc : { ...orc, level: orcLevel },
      ],
    },
    flow,
  );
  const started = apply(state, { type: "start" }, new ScriptedDice([9, 4]), flow);
  if (!started.ok) throw new Error(started.refusal.key);
  return started.state;
}

const WALK: [number, number][] = [
  [1, 0],
  [2, 0],
  [3, 0],
];

describe("combatants on different scene levels", () => {
  it("an orc on the same level holds Ana's walk past it (the reference case)", () => {
    const result = apply(fight(), { type: "move", who: "ana", path: WALK }, new ScriptedDice([]), flow);
    expect(result.ok && result.state.offers.map((o) => o.who)).toEqual(["orc"]);
    expect(result.ok && combatantIn(result.state, "ana")?.at).toEqual([1, 0]);
  });

  it("an orc on another level does not threaten Ana: her walk past it provokes nothing", () => {
    const result = apply(
      fight("balcony"),
      { type: "move", who: "ana", path: WALK },
      new ScriptedDice([]),
      flow,
    );
    expect(result.ok && result.state.offers).toEqual([]);
    expect(result.ok && combatantIn(result.state, "ana")?.at).toEqual([3, 0]);
  });

  it("an orc on another level does not block: Ana may walk through and stop on the cell below it", () => {
    const through = apply(
      fight("balcony", "ground"),
      {
        type: "move",
        who: "ana",
        path: [
          [1, 1],
          [2, 1],
        ],
      },
      new ScriptedDice([]),
      flow,
    );
    expect(through.ok && combatantIn(through.state, "ana")?.at).toEqual([2, 1]);
    const same = apply(
      fight("ground", "ground"),
      {
        type: "move",
        who: "ana",
        path: [
          [1, 1],
          [2, 1],
        ],
      },
      new ScriptedDice([]),
      flow,
    );
    expect(same.ok).toBe(false);
  });

  it("the spatial index calls bodies on different levels neither enemies nor on the same level", () => {
    const index = buildSpatialIndex({ type: "square", diagonals: "equidistant" }, [
      { id: "a", side: "party", anchor: [0, 0], size: "medium", reach: 1, level: "ground" },
      { id: "b", side: "foes", anchor: [1, 0], size: "medium", reach: 1, level: "balcony" },
      { id: "c", side: "foes", anchor: [0, 1], size: "medium", reach: 1, level: "ground" },
    ]);
    expect(index.isEnemy("a", "b")).toBe(false);
    expect(index.sameLevel("a", "b")).toBe(false);
    expect(index.isEnemy("a", "c")).toBe(true);
    expect(index.sameLevel("a", "c")).toBe(true);
  });

  it("place puts the orc on Ana's level, where it threatens her again", () => {
    const placed = apply(
      fight("balcony", "ground"),
      { type: "place", who: "orc", at: [2, 1], level: "ground" },
      new ScriptedDice([]),
      flow,
    );
    if (!placed.ok) throw new Error(placed.refusal.key);
    expect(combatantIn(placed.state, "orc")?.level).toBe("ground");
    const walk = apply(placed.state, { type: "move", who: "ana", path: WALK }, new ScriptedDice([]), flow);
    expect(walk.ok && walk.state.offers.map((o) => o.who)).toEqual(["orc"]);
  });

  it("refuses a setup whose level is not a bounded safe id (the field named)", () => {
    expect(combatantSetupFault({ id: "ana", side: "party", level: "ground" })).toBeNull();
    expect(combatantSetupFault({ id: "ana", side: "party", level: "__proto__" })).toBe("level");
    expect(combatantSetupFault({ id: "ana", side: "party", level: "x".repeat(LIMITS.wordLength + 1) })).toBe(
      "level",
    );
    expect(combatantSetupFault({ id: "ana", side: "party", level: 7 })).toBe("level");
  });
});
