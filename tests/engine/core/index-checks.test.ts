import { afterEach, describe, expect, it, vi } from "vitest";
import { coreHandlers } from "../../../src/engine/apply";
import { engineChecks, type Context } from "../../../src/engine/context";
import { changeCombatant, draftOf } from "../../../src/engine/core/combatants";
import { bodiesOf, spatialIndexOf } from "../../../src/engine/core/movement";
import type { Body } from "../../../src/engine/grid";
import type { Ruleset } from "../../../src/engine/ruleset";
import type { EncounterState } from "../../../src/engine/state";
import { acting, anaWaits, threeOnAGrid } from "./fixture";
import { combatantIn } from "../../../src/engine/record";

/**
 * The bodies on the grid inside a command (core/movement.ts bodiesOf, spatialIndexOf, carryIndex):
 * read from the state the command started from, with those it moved (ctx.moved) read afresh; who
 * leaves the grid, falls or is removed has no body, and on a gridless scene nobody has one. With
 * engineChecks.indexes on (the test suite's setting), a body a handler changed without ctx.moved
 * makes the command fail; with it off, nothing compares them.
 */

function acted(state: EncounterState, ruleset: Ruleset): EncounterState {
  const result = anaWaits(state, ruleset);
  if (!result.ok) expect.fail(result.refusal.key);
  return result.state;
}

/** Each body as [id, anchor]. */
const places = (bodies: readonly Body[]) => bodies.map((b) => [b.id, [b.anchor[0], b.anchor[1]]]);

function drafted(ctx: Context, id: string) {
  const c = draftOf(ctx.state, id);
  if (!c) throw new Error(`no ${id}`);
  return c;
}

afterEach(() => {
  engineChecks.indexes = true;
  vi.restoreAllMocks();
});

describe("bodiesOf inside a command", () => {
  it("gives every standing body, the moved one at its new cell, in roster order", () => {
    const seen: Record<string, unknown> = {};
    acted(
      threeOnAGrid(),
      acting((ctx) => {
        seen.before = places(bodiesOf(ctx.state));
        drafted(ctx, "ana").at = [1, 0];
        ctx.moved("ana");
        seen.after = places(bodiesOf(ctx.state));
      }),
    );
    expect(seen).toEqual({
      before: [
        ["ana", [0, 0]],
        ["orc", [4, 0]],
        ["bo", [0, 4]],
      ],
      after: [
        ["ana", [1, 0]],
        ["orc", [4, 0]],
        ["bo", [0, 4]],
      ],
    });
  });

  it("leaves out a combatant the command took off the grid, and one it removed", () => {
    const seen: Record<string, unknown> = {};
    acted(
      threeOnAGrid(),
      acting((ctx) => {
        coreHandlers.place?.(ctx, { type: "place", who: "bo", at: null });
        seen.placed = places(spatialIndexOf(ctx.state).bodies);
        coreHandlers.removeCombatant?.(ctx, { type: "removeCombatant", who: "orc" });
        seen.removed = places(spatialIndexOf(ctx.state).bodies);
        seen.bodies = places(bodiesOf(ctx.state));
      }),
    );
    expect(seen).toEqual({
      placed: [
        ["ana", [0, 0]],
        ["orc", [4, 0]],
      ],
      removed: [["ana", [0, 0]]],
      bodies: [["ana", [0, 0]]],
    });
  });

  it("on a gridless scene, gives no body even to a combatant given a place in the command", () => {
    const seen: Record<string, unknown> = {};
    acted(
      threeOnAGrid("none"),
      acting((ctx) => {
        drafted(ctx, "ana").at = [1, 0];
        ctx.moved("ana");
        seen.bodies = places(bodiesOf(ctx.state));
        seen.index = places(spatialIndexOf(ctx.state).bodies);
      }),
    );
    expect(seen).toEqual({ bodies: [], index: [] });
  });

  it("when somebody joins the grid, rebuilds from the roster without the fallen or those off the grid", () => {
    const start = threeOnAGrid();
    // The orc has fallen where it stood and Bo is off the grid when the command starts.
    const base: EncounterState = structuredClone(start);
    const orc = combatantIn(base, "orc");
    const bo = combatantIn(base, "bo");
    if (!orc || !bo) throw new Error("no orc or bo");
    orc.defeated = true;
    bo.at = null;
    const seen: Record<string, unknown> = {};
    acted(
      base,
      acting((ctx) => {
        coreHandlers.addCombatant?.(ctx, {
          type: "addCombatant",
          combatant: { id: "elf", name: "Elf", side: "party", at: [2, 2] },
        });
        seen.index = places(spatialIndexOf(ctx.state).bodies);
      }),
    );
    expect(seen).toEqual({
      index: [
        ["ana", [0, 0]],
        ["elf", [2, 2]],
      ],
    });
  });
});

describe("the index a command leaves to the next state", () => {
  it("holds the cell of a combatant who changed sides without moving, after the command's draft is gone", () => {
    // A side is part of a body: changeCombatant notes ctx.moved, and Ana's cell is read from the draft.
    const next = acted(
      threeOnAGrid(),
      acting((ctx) => {
        changeCombatant(ctx, { type: "setCombatant", who: "ana", side: "foes" });
        spatialIndexOf(ctx.state);
      }),
    );
    expect(spatialIndexOf(next).bodies.map((b) => [b.id, b.side, [b.anchor[0], b.anchor[1]]])).toEqual([
      ["ana", "foes", [0, 0]],
      ["orc", "foes", [4, 0]],
      ["bo", "party", [0, 4]],
    ]);
  });

  it("holds, after a combatant joined, the cell of one who changed sides without moving", () => {
    const next = acted(
      threeOnAGrid(),
      acting((ctx) => {
        changeCombatant(ctx, { type: "setCombatant", who: "ana", side: "foes" });
        coreHandlers.addCombatant?.(ctx, {
          type: "addCombatant",
          combatant: { id: "elf", name: "Elf", side: "party", at: [2, 2] },
        });
        spatialIndexOf(ctx.state);
      }),
    );
    expect(spatialIndexOf(next).bodies.map((b) => [b.id, b.side, [b.anchor[0], b.anchor[1]]])).toEqual([
      ["ana", "foes", [0, 0]],
      ["orc", "foes", [4, 0]],
      ["bo", "party", [0, 4]],
      ["elf", "party", [2, 2]],
    ]);
  });
});

/** Moves the orc to [3, 0] without ctx.moved (the bug engineChecks.indexes catches). */
function sneak(ctx: Context): void {
  drafted(ctx, "orc").at = [3, 0];
}

/** Puts the orc back at [4, 0], so only a check made before this finds the change. */
function unsneak(ctx: Context): void {
  drafted(ctx, "orc").at = [4, 0];
}

const MESSAGE =
  "Tempo: a handler changed a body on the grid without ctx.moved: " +
  '[{"id":"ana","side":"party","anchor":[0,0],"size":"medium","reach":1},' +
  '{"id":"orc","side":"foes","anchor":[4,0],"size":"medium","reach":1},' +
  '{"id":"bo","side":"party","anchor":[0,4],"size":"medium","reach":1}] vs ' +
  '[{"id":"ana","side":"party","anchor":[0,0],"size":"medium","reach":1},' +
  '{"id":"orc","side":"foes","anchor":[3,0],"size":"medium","reach":1},' +
  '{"id":"bo","side":"party","anchor":[0,4],"size":"medium","reach":1}]';

describe("engineChecks.indexes on: a body changed without ctx.moved fails the command", () => {
  it.each([
    // The orc is put back after the read: only the read's own check can find the change.
    ["bodiesOf", (ctx: Context) => (bodiesOf(ctx.state), unsneak(ctx))],
    ["spatialIndexOf", (ctx: Context) => (spatialIndexOf(ctx.state), unsneak(ctx))],
    ["the next state's index", () => undefined],
  ])("found by %s, it is refused as Internal and the change is logged", (_, read) => {
    expect(engineChecks.indexes).toBe(true);
    const start = threeOnAGrid();
    spatialIndexOf(start);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = anaWaits(
      start,
      acting((ctx) => {
        sneak(ctx);
        read(ctx);
      }),
    );
    expect(result.ok ? "" : result.refusal.key).toBe("TEMPO.Refusal.Internal");
    expect(result.state).toBe(start);
    expect(logged).toHaveBeenCalledTimes(1);
    const error = logged.mock.calls[0]?.[1];
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(MESSAGE);
  });

  it("found by spatialIndexOf after another combatant's move, it is refused as Internal", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = anaWaits(
      threeOnAGrid(),
      acting((ctx) => {
        drafted(ctx, "ana").at = [1, 0];
        ctx.moved("ana");
        sneak(ctx);
        spatialIndexOf(ctx.state);
        unsneak(ctx);
      }),
    );
    expect(result.ok ? "" : result.refusal.key).toBe("TEMPO.Refusal.Internal");
    expect(logged).toHaveBeenCalledTimes(1);
    expect((logged.mock.calls[0]?.[1] as Error).message).toMatch(
      /^Tempo: a handler changed a body on the grid without ctx\.moved: .*"anchor":\[4,0\].* vs .*"anchor":\[3,0\]/,
    );
  });
});

describe("engineChecks.indexes off: the bodies of the base serve unchecked", () => {
  it("bodiesOf and spatialIndexOf keep a body changed without ctx.moved where the base had it", () => {
    engineChecks.indexes = false;
    const start = threeOnAGrid();
    spatialIndexOf(start);
    const seen: Record<string, unknown> = {};
    const next = acted(
      start,
      acting((ctx) => {
        sneak(ctx);
        seen.bodies = places(bodiesOf(ctx.state));
        seen.orc = spatialIndexOf(ctx.state).occupantsAt([4, 0]);
        drafted(ctx, "ana").at = [1, 0];
        ctx.moved("ana");
        seen.moved = places(spatialIndexOf(ctx.state).bodies);
      }),
    );
    expect(seen).toEqual({
      bodies: [
        ["ana", [0, 0]],
        ["orc", [4, 0]],
        ["bo", [0, 4]],
      ],
      orc: ["orc"],
      moved: [
        ["ana", [1, 0]],
        ["orc", [4, 0]],
        ["bo", [0, 4]],
      ],
    });
    expect(combatantIn(next, "orc")?.at).toEqual([3, 0]);
  });

  it("the next state takes the base's index, not compared with its own bodies", () => {
    engineChecks.indexes = false;
    const start = threeOnAGrid();
    const kept = spatialIndexOf(start);
    const next = acted(start, acting(sneak));
    expect(spatialIndexOf(next)).toBe(kept);
  });
});
