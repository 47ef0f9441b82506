/**
 * Issue 30, "The map": a move is refused where any cell of the mover's space would lie outside the
 * scene's bounds (GridSpec.bounds), not only where its anchor would: a large token dropped in a
 * corner does not hang off the map (TEMPO.Refusal.FootprintOutsideScene, core/movement.ts
 * requireWalkable). A medium combatant may stand on the last cell.
 */
import { describe, expect, it } from "vitest";

import { apply } from "../../../src/engine/apply";
import { planPath } from "../../../src/engine/core/movement";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import type { GridSpec } from "../../../src/engine/grid";
import { combatantIn } from "../../../src/engine/record";
import { RefusalError } from "../../../src/engine/refusal";
import { getRuleset } from "../../../src/engine/registry";
import type { EncounterState } from "../../../src/engine/state";

const flow = getRuleset("flow");

/** A large ogre (acting first) and a medium Ana on a bounded grid, the fight started. */
function fight(grid: GridSpec): EncounterState {
  const state = createEncounter(
    {
      ruleset: "flow",
      grid,
      combatants: [
        { id: "ogre", side: "foes", at: [0, 0], size: "large", stats: { agility: 3, moveSpeed: 12 } },
        { id: "ana", side: "party", pc: true, at: [5, 0], stats: { agility: 0 } },
      ],
    },
    flow,
  );
  const started = apply(state, { type: "start" }, new ScriptedDice([9, 1]), flow);
  if (!started.ok) throw new Error(started.refusal.key);
  expect(started.state.current).toBe("ogre");
  return started.state;
}

function planRefusal(state: EncounterState, who: string, to: [number, number]): string | null {
  try {
    planPath(state, who, [to]);
    return null;
  } catch (error) {
    if (error instanceof RefusalError) return error.refusal.key;
    throw error;
  }
}

const SQUARE: GridSpec = { type: "square", bounds: { min: [0, 0], max: [5, 5] } };

describe("a combatant's space inside the scene", () => {
  it("refuses a large combatant's move to the last square, whose 2x2 space would leave the scene, and changes nothing", () => {
    const state = fight(SQUARE);
    const result = apply(state, { type: "move", who: "ogre", path: [[5, 5]] }, new ScriptedDice([]), flow);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      // The refusal names the mover and the waypoint its space would not fit at.
      expect(result.refusal).toEqual({
        key: "TEMPO.Refusal.FootprintOutsideScene",
        data: { who: "ogre", at: [5, 5] },
      });
      expect(result.state).toBe(state);
    }
  });

  it("takes the large combatant's move where its whole space fits, up to the scene's edge", () => {
    const result = apply(
      fight(SQUARE),
      { type: "move", who: "ogre", path: [[4, 4]] },
      new ScriptedDice([]),
      flow,
    );
    expect(result.ok).toBe(true);
    if (result.ok) expect(combatantIn(result.state, "ogre")?.at).toEqual([4, 4]);
  });

  it("lets a medium combatant plan a walk to the last square", () => {
    expect(planRefusal(fight(SQUARE), "ana", [5, 5])).toBeNull();
  });

  it("on a hex grid, refuses a large space (anchor, east and south-east) anchored on the last row", () => {
    const hex: GridSpec = { type: "hex", bounds: { min: [0, 0], max: [6, 4] } };
    const state = fight(hex);
    expect(planRefusal(state, "ogre", [2, 4])).toBe("TEMPO.Refusal.FootprintOutsideScene");
    expect(planRefusal(state, "ogre", [2, 3])).toBeNull();
    expect(planRefusal(state, "ana", [2, 4])).toBeNull();
  });

  it("asks nothing of a grid without bounds", () => {
    expect(planRefusal(fight({ type: "square" }), "ogre", [40, 40])).toBeNull();
  });
});
