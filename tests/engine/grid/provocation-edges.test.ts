import { describe, expect, it } from "vitest";
import {
  type Body,
  buildSpatialIndex,
  checkPathLegality,
  findPathProvocations,
} from "../../../src/engine/grid";

/**
 * The provocation walk and the legality check where a path does not move, where a large mover
 * leaves cells threatened by several enemies, and where tokens are stacked. flow: "moves OUT of any
 * hex you threaten"; "You may not end your movement in the same square as any other enemy or ally".
 */

const HEX = { type: "hex" } as const;
const body = (
  id: string,
  side: string,
  anchor: readonly [number, number],
  extra: Partial<Body> = {},
): Body => ({
  id,
  side,
  anchor,
  size: "medium",
  reach: 1,
  ...extra,
});

describe("findPathProvocations: only leaving a cell provokes", () => {
  it("a step that stays in its cell leaves nothing, even next to an enemy", () => {
    // The orc at [1, 0] threatens the hero's hex [0, 0]; staying there is not moving out of it.
    const index = buildSpatialIndex(HEX, [body("hero", "party", [0, 0]), body("orc", "foes", [1, 0])]);
    expect(
      findPathProvocations(index, HEX, "hero", [
        [0, 0],
        [0, 0],
      ]),
    ).toEqual([]);
    // The same hero stepping away does provoke (the control case).
    expect(
      findPathProvocations(index, HEX, "hero", [
        [0, 0],
        [-1, 0],
      ]),
    ).toEqual([{ step: 0, from: [0, 0], to: [-1, 0], threateners: ["orc"] }]);
  });

  it("lists the enemies a Large mover provokes in body order, not in the order its cells are left", () => {
    // The Large ogre stands on [0, 0], [1, 0] and [0, 1]; stepping to [0, -1] it stands on
    // [0, -1], [1, -1] and [0, 0], so it leaves [1, 0] first, then [0, 1]. Only the bat at [2, 0]
    // threatens [1, 0]; only the rat at [-1, 2] threatens [0, 1] (each is 2 hexes from the other cell).
    const index = buildSpatialIndex(HEX, [
      body("rat", "foes", [-1, 2]),
      body("bat", "foes", [2, 0]),
      body("ogre", "party", [0, 0], { size: "large" }),
    ]);
    expect(
      findPathProvocations(index, HEX, "ogre", [
        [0, 0],
        [0, -1],
      ]),
    ).toEqual([{ step: 0, from: [0, 0], to: [0, -1], threateners: ["rat", "bat"] }]);
  });
});

describe("checkPathLegality: a one-cell path", () => {
  it("is no movement and always legal, even on a cell shared with a stacked ally", () => {
    // Foundry lets tokens stack outside combat; the spatial index lists both occupants.
    const index = buildSpatialIndex(HEX, [body("ally", "party", [0, 0]), body("hero", "party", [0, 0])]);
    expect(index.occupantsAt([0, 0])).toEqual(["ally", "hero"]);
    expect(checkPathLegality(index, HEX, "hero", [[0, 0]])).toEqual({ ok: true });
    // Walking away and back ends on the ally: refused (the control case).
    expect(
      checkPathLegality(index, HEX, "hero", [
        [0, 0],
        [1, 0],
        [0, 0],
      ]),
    ).toEqual({ ok: false, reason: "OccupiedEnd", at: [0, 0] });
  });
});
