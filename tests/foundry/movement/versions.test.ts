/**
 * One adapter for Foundry v13 and v14, by the shape of what Foundry hands over rather than its
 * version: detection modes (v13 array, v14 object keyed by mode id), movement action descriptors
 * (v14 `costMultiplier` without a cost function), the ruler label's cost (core may leave it out).
 */
import { describe, expect, it } from "vitest";

import { costMultiplierOf, isGmPlacement, labelCost } from "../../../src/foundry/rules/paths";
import { detectionModesOf, perceives, type SightData } from "../../../src/foundry/rules/sight";

const invisibleMover: SightData = { hidden: false, statuses: ["invisible"], detectionModes: [] };

function reactorWith(raw: unknown): SightData {
  return { hidden: false, statuses: [], detectionModes: detectionModesOf(raw) };
}

describe("detection modes in both shapes", () => {
  it("reads v13's array of { id, enabled, range } (TokenDocument#detectionModes, v13)", () => {
    expect(
      detectionModesOf([
        { id: "basicSight", enabled: true, range: 30 },
        { id: "seeInvisibility", enabled: false, range: 10 },
      ]),
    ).toEqual([
      { id: "basicSight", enabled: true },
      { id: "seeInvisibility", enabled: false },
    ]);
  });

  it("reads v14's object keyed by mode id with { enabled, range } (TokenDetectionMode, v14)", () => {
    expect(
      detectionModesOf({
        basicSight: { enabled: true, range: 30 },
        senseAll: { enabled: true, range: null },
      }),
    ).toEqual([
      { id: "basicSight", enabled: true },
      { id: "senseAll", enabled: true },
    ]);
  });

  it("reads nothing (no modes) from a missing or malformed value instead of throwing in preMoveToken", () => {
    expect(detectionModesOf(undefined)).toEqual([]);
    expect(detectionModesOf(null)).toEqual([]);
    expect(detectionModesOf(7)).toEqual([]);
  });

  it.each([
    ["v13", [{ id: "seeAll", enabled: true, range: null }]],
    ["v14", { seeAll: { enabled: true, range: null } }],
  ])("a reactor with See All (seeAll) perceives an invisible mover (%s shape)", (_shape, raw) => {
    expect(perceives(reactorWith(raw), invisibleMover, false)).toBe(true);
  });

  it.each([
    ["v13", [{ id: "seeInvisibility", enabled: true, range: 30 }]],
    ["v14", { seeInvisibility: { enabled: true, range: 30 } }],
  ])("a reactor that sees invisibility perceives an invisible mover (%s shape)", (_shape, raw) => {
    expect(perceives(reactorWith(raw), invisibleMover, false)).toBe(true);
  });

  it.each([
    [
      "v13",
      [
        { id: "basicSight", enabled: true, range: 30 },
        { id: "seeAll", enabled: false, range: 5 },
      ],
    ],
    ["v14", { basicSight: { enabled: true, range: 30 }, seeAll: { enabled: false, range: 5 } }],
  ])("plain sight, or a disabled See All, does not perceive an invisible mover (%s shape)", (_shape, raw) => {
    expect(perceives(reactorWith(raw), invisibleMover, false)).toBe(false);
  });
});

describe("movement action descriptors (v14 costMultiplier)", () => {
  it("keeps core's doubled cost of an action that has a costMultiplier and no cost function", () => {
    expect(costMultiplierOf({ costMultiplier: 2 })).toBe(2);
  });

  it("leaves the pricing to an action's own cost function where it has one (v13 configs, v14 custom ones)", () => {
    expect(costMultiplierOf({ getCostFunction: () => () => 3, costMultiplier: 2 })).toBeNull();
  });

  it("applies no multiplier where the action has none, or a value that is not a finite non-negative number", () => {
    expect(costMultiplierOf({})).toBeNull();
    expect(costMultiplierOf({ costMultiplier: Number.NaN })).toBeNull();
    expect(costMultiplierOf({ costMultiplier: -1 })).toBeNull();
    expect(costMultiplierOf({ costMultiplier: "2" })).toBeNull();
  });
});

describe("the ruler label's cost", () => {
  it("puts Tempo's cost in core's cost context, keeping its units, when core gave one", () => {
    expect(labelCost({ total: "5", units: "ft" }, "1 AP")).toEqual({ total: "1 AP", units: "ft" });
  });

  it("builds the cost context when core left it out of the waypoint's label (no TypeError on a drag)", () => {
    expect(labelCost(undefined, "1 AP")).toEqual({ total: "1 AP", units: "" });
  });
});

describe("the GM's hand: which moves are placements (the engine's place: no AP, no reactions)", () => {
  const drag = { isGM: true, method: "dragging", teleport: false, override: false };

  it("places a GM's teleport, Token Config position edit and paste", () => {
    expect(isGmPlacement({ ...drag, teleport: true })).toBe(true);
    expect(isGmPlacement({ ...drag, method: "config" })).toBe(true);
    expect(isGmPlacement({ ...drag, method: "paste" })).toBe(true);
  });

  it("places a GM's drag only with the GM override held; without it the drag is a walk the engine judges", () => {
    expect(isGmPlacement({ ...drag, override: true })).toBe(true);
    expect(isGmPlacement(drag)).toBe(false);
    expect(isGmPlacement({ ...drag, method: "keyboard" })).toBe(false);
  });

  it("never places a player's move, whatever its method or action", () => {
    for (const move of [
      { ...drag, isGM: false, teleport: true },
      { ...drag, isGM: false, method: "config" },
      { ...drag, isGM: false, override: true },
    ])
      expect(isGmPlacement(move)).toBe(false);
  });
});
