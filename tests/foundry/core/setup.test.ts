import { describe, expect, it } from "vitest";

import { createEncounter, getRuleset, combatantIn } from "../../../src/engine";
import { insideScene } from "../../../src/engine/schema";
import {
  cellOfOffset,
  combatantSetup,
  GRID_TYPES,
  gridDescription,
  sceneBounds,
  type ActorData,
  type CombatantData,
} from "../../../src/foundry/store/setup";

function combatant(over: Partial<CombatantData["system"]> = {}, id = "c1"): CombatantData {
  return {
    id,
    name: "",
    hidden: false,
    system: { side: "", marching: null, surprised: false, unseen: false, ...over },
  };
}

function actor(over: Partial<ActorData> = {}, system: Partial<ActorData["system"]> = {}): ActorData {
  return {
    type: "character",
    name: "Ana",
    hasPlayerOwner: true,
    system: {
      size: "medium",
      stats: { agility: 2, maxAp: 5, weaponRange: 0, weaponSpeed: 3 },
      skills: { melee: 40 },
      traits: { shield: true, multiAttack: false },
      weapon: { reach: 0, range: 0, speed: 0 },
      ...system,
    },
    ...over,
  };
}

describe("combatantSetup (combatant and actor documents → the engine's CombatantSetup)", () => {
  it("takes the actor's stats, skills, size and set traits as tags, and the combatant's flags", () => {
    const setup = combatantSetup(combatant({ surprised: true, marching: 2 }), actor(), [1, 2]);
    expect(setup).toEqual({
      id: "c1",
      name: "Ana",
      side: "party",
      pc: true,
      at: [1, 2],
      surprised: true,
      marching: 2,
      unseen: false,
      size: "medium",
      reach: 0,
      stats: { agility: 2, maxAp: 5, weaponRange: 0, weaponSpeed: 3 },
      skills: { melee: 40 },
      tags: ["shield"],
    });
  });

  it("puts characters on the party's side and NPCs on the foes' unless the combatant names a side", () => {
    expect(combatantSetup(combatant(), actor(), null).side).toBe("party");
    expect(combatantSetup(combatant(), actor({ type: "npc", hasPlayerOwner: false }), null).side).toBe(
      "foes",
    );
    expect(combatantSetup(combatant({ side: " rivals " }), actor(), null).side).toBe("rivals");
  });

  it('counts an NPC with a player owner as a PC (rating: "Luck bonus (meaning PCs beat NPCs)")', () => {
    expect(combatantSetup(combatant(), actor({ type: "npc", hasPlayerOwner: true }), null).pc).toBe(true);
    expect(combatantSetup(combatant(), actor({ type: "npc", hasPlayerOwner: false }), null).pc).toBe(false);
  });

  it("lets an equipped weapon's reach, range and speed stand for the weapon stats the rules read", () => {
    const setup = combatantSetup(combatant(), actor({}, { weapon: { reach: 2, range: 12, speed: 7 } }), null);
    expect(setup.reach).toBe(2);
    expect(setup.stats?.["weaponRange"]).toBe(12);
    expect(setup.stats?.["weaponSpeed"]).toBe(7);
  });

  it("joins a combatant without an actor as itself, on the foes' side", () => {
    const setup = combatantSetup({ ...combatant(), name: "Trap" }, null, null);
    expect(setup).toMatchObject({ id: "c1", name: "Trap", side: "foes", pc: false });
    expect(setup.stats).toBeUndefined();
  });

  it("refuses nothing the engine would refuse: a setup made from documents creates an encounter", () => {
    const setups = [
      combatantSetup(combatant({}, "a"), actor(), [0, 0]),
      combatantSetup(
        combatant({}, "b"),
        actor({ type: "npc", hasPlayerOwner: false }, { size: "large" }),
        [3, 0],
      ),
    ];
    const state = createEncounter(
      { ruleset: "flow", grid: { type: "hex" }, combatants: setups },
      getRuleset("flow"),
    );
    expect(state.roster).toEqual(["a", "b"]);
    expect(combatantIn(state, "b")?.size).toBe("large");
  });
});

describe("the scene's grid as engine data", () => {
  it("maps Foundry's grid types: gridless, square (with its diagonal rule) and the four hex layouts", () => {
    expect(gridDescription(null)).toEqual({ type: "none" });
    expect(gridDescription({ type: GRID_TYPES.GRIDLESS })).toEqual({ type: "none" });
    expect(gridDescription({ type: GRID_TYPES.SQUARE, diagonals: 0 })).toEqual({
      type: "square",
      diagonals: "equidistant",
    });
    expect(gridDescription({ type: GRID_TYPES.SQUARE, diagonals: 4 })).toEqual({
      type: "square",
      diagonals: "alternating",
    });
    for (const type of [2, 3, 4, 5]) expect(gridDescription({ type })).toEqual({ type: "hex" });
  });

  it("turns a token's grid offset into the engine's cell: axial on hex rows, [x, y] on squares", () => {
    // Odd-row hex (HEXODDR): row 1 is shifted right, so offset (i 1, j 0) is axial q = 0 - (1 - 1) / 2 = 0.
    expect(cellOfOffset(GRID_TYPES.HEXODDR, { i: 1, j: 0 })).toEqual([0, 1]);
    expect(cellOfOffset(GRID_TYPES.HEXODDR, { i: 2, j: 3 })).toEqual([2, 2]);
    expect(cellOfOffset(GRID_TYPES.SQUARE, { i: 4, j: 7 })).toEqual([7, 4]);
    expect(cellOfOffset(GRID_TYPES.GRIDLESS, { i: 4, j: 7 })).toBeNull();
  });
});

describe("the scene's extent as the engine's bounds (cells lie inside the scene)", () => {
  it("bounds a square scene by its canvas rows and columns, [x, y] from 0", () => {
    expect(gridDescription({ type: GRID_TYPES.SQUARE, diagonals: 0, rows: 8, columns: 10 })).toEqual({
      type: "square",
      diagonals: "equidistant",
      bounds: { min: [0, 0], max: [9, 7] },
    });
  });

  it("bounds a hex scene by the axial box around its offset cells, one cell wider for the cut edge hexes", () => {
    // HEXODDR, offsets i -1..4, j -1..5: q = j - (i - (i & 1)) / 2 runs from -1 - 2 = -3 (i 4) to 5 + 1 = 6 (i -1).
    expect(sceneBounds({ type: GRID_TYPES.HEXODDR, rows: 4, columns: 5 })).toEqual({
      min: [-3, -1],
      max: [6, 4],
    });
    // HEXODDQ, offsets i -1..4, j -1..5: r = i - (j - (j & 1)) / 2 runs from -1 - 2 = -3 (j 5) to 4 + 1 = 5 (j -1).
    expect(sceneBounds({ type: GRID_TYPES.HEXODDQ, rows: 4, columns: 5 })).toEqual({
      min: [-1, -3],
      max: [5, 5],
    });
    expect(gridDescription({ type: GRID_TYPES.HEXEVENR, rows: 4, columns: 5 })).toHaveProperty("bounds");
  });

  it("keeps every token cell of the canvas inside the bounds and a far cell outside, on all four hex layouts", () => {
    for (const type of [2, 3, 4, 5]) {
      const bounds = sceneBounds({ type, rows: 6, columns: 7 });
      for (let i = 0; i < 6; i++) {
        for (let j = 0; j < 7; j++) {
          const cell = cellOfOffset(type, { i, j });
          expect(cell && insideScene(cell, bounds)).toBe(true);
        }
      }
      expect(insideScene([40, 40], bounds)).toBe(false);
      expect(insideScene([-40, 0], bounds)).toBe(false);
    }
  });

  it("leaves the grid unbounded when the scene's size is unknown or not a whole count of cells", () => {
    expect(gridDescription({ type: GRID_TYPES.SQUARE, diagonals: 0 })).not.toHaveProperty("bounds");
    expect(sceneBounds({ type: GRID_TYPES.SQUARE, rows: 0, columns: 5 })).toBeUndefined();
    expect(sceneBounds({ type: GRID_TYPES.HEXODDR, rows: 2.5, columns: 5 })).toBeUndefined();
    expect(sceneBounds({ type: GRID_TYPES.GRIDLESS, rows: 4, columns: 5 })).toBeUndefined();
  });
});
