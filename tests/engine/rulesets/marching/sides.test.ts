/**
 * Who the party is, who leads, and when a side is unseen (src/engine/rulesets/marching/sides.ts),
 * read straight from states: marching.txt "Before combat, the party should have a marching order
 * showing who is where" and "the lead person, usually the first in marching order or the vanguard".
 */
import { describe, expect, it } from "vitest";

import { createEncounter, combatantIn } from "../../../../src/engine";
import { marching } from "../../../../src/engine/rulesets/marching";
import {
  leadOf,
  monstersOf,
  nearestDistance,
  nearestFirst,
  partyOf,
  partySide,
  sideUnseen,
} from "../../../../src/engine/rulesets/marching/sides";
import type { CombatantSetup, EncounterState, GridDescription } from "../../../../src/engine/state";

function encounter(
  combatants: CombatantSetup[],
  changes: Record<string, { defeated?: boolean; unseen?: boolean }> = {},
  grid: GridDescription = { type: "square" },
): EncounterState {
  const state = structuredClone(createEncounter({ ruleset: "marching", grid, combatants }, marching));
  for (const [id, change] of Object.entries(changes)) {
    const i = state.roster.indexOf(id);
    const c = state.combatants[i];
    if (!c) throw new Error(id);
    state.combatants[i] = { ...c, ...change };
  }
  return state;
}

const member = (id: string, side: string, extra: Partial<CombatantSetup> = {}): CombatantSetup => ({
  id,
  side,
  ...extra,
});

describe("marching: the party and its lead", () => {
  it("the party is the side of the first player character in marching order, not the first in the roster", () => {
    const state = encounter([
      member("scout", "rangers", { pc: true, marching: 2 }),
      member("knight", "guard", { pc: true, marching: 1 }),
    ]);
    expect(partySide(state)).toBe("guard");
    expect(partyOf(state).map((c) => c.id)).toEqual(["knight"]);
    expect(monstersOf(state).map((c) => c.id)).toEqual(["scout"]);
  });

  it("a defeated player character no longer decides the party: the next standing one does", () => {
    const state = encounter(
      [
        member("scout", "rangers", { pc: true, marching: 2 }),
        member("knight", "guard", { pc: true, marching: 1 }),
      ],
      { knight: { defeated: true } },
    );
    expect(partySide(state)).toBe("rangers");
  });

  it("without player characters, the party is the side of whoever has a marching place, a defeated one skipped", () => {
    const state = encounter(
      [
        member("orc", "foes"),
        member("mule", "caravan", { marching: 1 }),
        member("guide", "locals", { marching: 2 }),
      ],
      { mule: { defeated: true } },
    );
    expect(partySide(state)).toBe("locals");
  });

  it("with no player character and no marching place, the party is the first combatant's side; nobody at all: none", () => {
    expect(partySide(encounter([member("orc", "foes"), member("elf", "woods")]))).toBe("foes");
    expect(partySide(encounter([]))).toBeNull();
    expect(leadOf(encounter([]))).toBeNull();
  });

  it("the lead is the party's first standing member in marching order; those without a place come after", () => {
    const state = encounter(
      [
        member("tail", "party", { pc: true }),
        member("second", "party", { pc: true, marching: 2 }),
        member("first", "party", { pc: true, marching: 1 }),
        member("orc", "foes", { marching: 1 }),
      ],
      { first: { defeated: true } },
    );
    expect(leadOf(state)).toBe("second");
    const gone = encounter(
      [member("tail", "party", { pc: true }), member("first", "party", { pc: true, marching: 1 })],
      { first: { defeated: true } },
    );
    expect(leadOf(gone)).toBe("tail");
  });
});

describe("marching: unseen sides and distances", () => {
  it('a side is unseen only when every standing member is unseen ("If one side is unseen by the other, the unseen side cedes initiative")', () => {
    const state = encounter(
      [member("a", "foes", { unseen: true }), member("b", "foes", { unseen: true }), member("c", "foes")],
      { c: { defeated: true } },
    );
    const foes = Object.values(state.combatants);
    expect(sideUnseen(foes)).toBe(true);
    expect(sideUnseen(foes.map((c) => (c.id === "b" ? { ...c, unseen: false } : c)))).toBe(false);
    // A side with nobody standing is not an unseen side.
    expect(sideUnseen(foes.map((c) => ({ ...c, defeated: true })))).toBe(false);
    expect(sideUnseen([])).toBe(false);
  });

  it("the distance to the nearest enemy skips the defeated, and is Infinity off the grid", () => {
    const state = encounter(
      [
        member("hero", "party", { pc: true, marching: 1, at: [0, 0] }),
        member("near", "foes", { at: [2, 0] }),
        member("far", "foes", { at: [5, 0] }),
      ],
      { near: { defeated: true } },
    );
    const c = (id: string) => combatantIn(state, id)!;
    expect(nearestDistance(state, c("hero"), [c("near"), c("far")])).toBe(5);
    const off = encounter(
      [member("hero", "party", { pc: true, marching: 1 }), member("far", "foes")],
      {},
      { type: "none" },
    );
    expect(nearestDistance(off, combatantIn(off, "hero")!, [combatantIn(off, "far")!])).toBe(Infinity);
  });

  it('monsters at the same distance from the party act nearest-first, then clockwise from north around their point of contact ("radiating outward clockwise in a spiral")', () => {
    // The hero stands at (0, 0); four monsters 2 squares from it, on each side.
    const state = encounter([
      member("hero", "party", { pc: true, marching: 1, at: [0, 0] }),
      member("west", "foes", { at: [-2, 0] }),
      member("east", "foes", { at: [2, 0] }),
      member("north", "foes", { at: [0, -2] }),
      member("south", "foes", { at: [0, 2] }),
    ]);
    const monsters = monstersOf(state);
    const party = partyOf(state);
    // All four are 2 from the hero, so the spiral decides. Its centre, the point of contact, is the
    // first in roster order of those nearest the party: west, at (-2, 0). Around it: north (2
    // across and 2 up: 2 squares, 45 degrees clockwise from north) and south (2 squares, 135
    // degrees) come before east (4 squares away).
    expect(nearestFirst(state, monsters, party).map((c) => c.id)).toEqual(["west", "north", "south", "east"]);
  });
});
