import { describe, expect, it } from "vitest";

import { createEncounter, getRuleset } from "../../../src/engine";
import {
  cellOfOffset,
  combatantSetup,
  GRID_TYPES,
  gridDescription,
  type ActorData,
  type CombatantData,
} from "../../../src/foundry/documents/setup";

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
    expect(state.combatants["b"]?.size).toBe("large");
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
