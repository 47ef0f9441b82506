import { describe, expect, it } from "vitest";
import { coreHandlers } from "../../../src/engine/apply";
import { draftOf } from "../../../src/engine/core/combatants";
import { spatialIndexOf } from "../../../src/engine/core/movement";
import type { SpatialIndex } from "../../../src/engine/grid";
import type { Ruleset } from "../../../src/engine/ruleset";
import type { Cell, EncounterState } from "../../../src/engine/state";
import type { Context } from "../../../src/engine/context";
import { acting, anaWaits, threeOnAGrid } from "./fixture";
import { combatantIn } from "../../../src/engine/record";

/**
 * The scene's index inside a command and after it (core/movement.ts spatialIndexOf, carryIndex):
 * the index of the state a command started from serves until a handler moves a body; then the
 * bodies of those it moved are read afresh, a body that joins the grid takes its roster place,
 * and the index the command ends with is the next state's.
 */

function act(state: EncounterState, ruleset: Ruleset): EncounterState {
  const result = anaWaits(state, ruleset);
  if (!result.ok) throw new Error(result.refusal.key);
  return result.state;
}

const ids = (index: SpatialIndex) => index.bodies.map((b) => b.id);

/** Inside a command: put `who` on `cell`, as a handler does (a draft of it, then ctx.moved). */
function moveTo(ctx: Context, who: string, cell: Cell): void {
  const c = draftOf(ctx.state, who);
  if (!c) throw new Error(`no ${who}`);
  c.at = cell;
  ctx.moved(who);
}

describe("the scene's index inside a command", () => {
  it("takes a combatant who joins the grid in its roster place, from the moment it joins", () => {
    const seen: Record<string, unknown> = {};
    act(
      threeOnAGrid(),
      acting((ctx) => {
        seen.before = ids(spatialIndexOf(ctx.state));
        coreHandlers.addCombatant?.(ctx, {
          type: "addCombatant",
          combatant: { id: "elf", name: "Elf", side: "party", at: [2, 2] },
        });
        const index = spatialIndexOf(ctx.state);
        seen.after = ids(index);
        seen.at = index.occupantsAt([2, 2]);
        seen.elfRank = index.rankOf("elf");
      }),
    );
    expect(seen).toEqual({
      before: ["ana", "orc", "bo"],
      after: ["ana", "orc", "bo", "elf"],
      at: ["elf"],
      elfRank: 3,
    });
  });

  it("reads the moved combatant's body afresh and keeps every other body of the index it started from", () => {
    const seen: Record<string, unknown> = {};
    act(
      threeOnAGrid(),
      acting((ctx) => {
        const base = spatialIndexOf(ctx.base);
        moveTo(ctx, "ana", [1, 0]);
        const index = spatialIndexOf(ctx.state);
        seen.anaAt = index.occupantsAt([1, 0]);
        seen.emptied = index.occupantsAt([0, 0]);
        seen.orcShared = index.body("orc") === base.body("orc");
        seen.boShared = index.body("bo") === base.body("bo");
        seen.anaShared = index.body("ana") === base.body("ana");
        seen.baseAna = base.occupantsAt([0, 0]);
      }),
    );
    expect(seen).toEqual({
      anaAt: ["ana"],
      emptied: [],
      orcShared: true,
      boShared: true,
      anaShared: false,
      baseAna: ["ana"],
    });
  });

  it("leaves out a body whose combatant falls, keeping the others in order", () => {
    const seen: Record<string, unknown> = {};
    act(
      threeOnAGrid(),
      acting((ctx) => {
        const orc = draftOf(ctx.state, "orc");
        if (!orc) throw new Error("no orc");
        orc.defeated = true;
        ctx.moved("orc");
        const index = spatialIndexOf(ctx.state);
        seen.ids = ids(index);
        seen.at = index.occupantsAt([4, 0]);
      }),
    );
    expect(seen).toEqual({ ids: ["ana", "bo"], at: [] });
  });
});

describe("the index a command ends with", () => {
  it("is the very index of the state it started from when nobody moved", () => {
    const before = threeOnAGrid();
    const kept = spatialIndexOf(before);
    // Ana pays an AP: a combatant changes, but no body on the grid.
    const after = act(
      before,
      acting((ctx) => {
        const ana = draftOf(ctx.state, "ana");
        if (ana) ana.pools.ap = (ana.pools.ap ?? 0) - 1;
      }),
    );
    expect(after).not.toBe(before);
    expect(combatantIn(after, "ana")?.pools.ap).toBe(2);
    expect(spatialIndexOf(after)).toBe(kept);
  });

  it("is the one the command built after its last move, and a move after that is never served stale", () => {
    let built: SpatialIndex | undefined;
    const carried = act(
      threeOnAGrid(),
      acting((ctx) => {
        moveTo(ctx, "ana", [1, 0]);
        built = spatialIndexOf(ctx.state);
      }),
    );
    expect(spatialIndexOf(carried)).toBe(built);

    let stale: SpatialIndex | undefined;
    const movedAgain = act(
      threeOnAGrid(),
      acting((ctx) => {
        moveTo(ctx, "ana", [1, 0]);
        stale = spatialIndexOf(ctx.state);
        moveTo(ctx, "ana", [2, 0]);
      }),
    );
    const index = spatialIndexOf(movedAgain);
    expect(index).not.toBe(stale);
    expect(index.occupantsAt([2, 0])).toEqual(["ana"]);
    expect(index.occupantsAt([1, 0])).toEqual([]);
  });

  it("inside the command, serves the index built after the last move until the next move", () => {
    const seen: Record<string, unknown> = {};
    act(
      threeOnAGrid(),
      acting((ctx) => {
        moveTo(ctx, "ana", [1, 0]);
        const first = spatialIndexOf(ctx.state);
        seen.again = spatialIndexOf(ctx.state) === first;
        moveTo(ctx, "ana", [2, 0]);
        const second = spatialIndexOf(ctx.state);
        seen.rebuilt = second !== first;
        seen.at = second.occupantsAt([2, 0]);
      }),
    );
    expect(seen).toEqual({ again: true, rebuilt: true, at: ["ana"] });
  });

  it("after a move made once its index was built, is made from the start's index when first asked for: the unmoved bodies are the start's own", () => {
    const start = threeOnAGrid();
    const base = spatialIndexOf(start);
    const after = act(
      start,
      acting((ctx) => {
        moveTo(ctx, "ana", [1, 0]);
        spatialIndexOf(ctx.state);
        moveTo(ctx, "ana", [2, 0]);
      }),
    );
    const index = spatialIndexOf(after);
    expect(ids(index)).toEqual(["ana", "orc", "bo"]);
    expect(index.occupantsAt([2, 0])).toEqual(["ana"]);
    expect(index.occupantsAt([0, 0])).toEqual([]);
    expect(index.body("orc")).toBe(base.body("orc"));
    expect(index.body("bo")).toBe(base.body("bo"));
    expect(spatialIndexOf(after)).toBe(index);
  });

  it("after a join or a fall made once its index was built, is made in roster order without the fallen", () => {
    const joined = act(
      threeOnAGrid(),
      acting((ctx) => {
        spatialIndexOf(ctx.state);
        coreHandlers.addCombatant?.(ctx, {
          type: "addCombatant",
          combatant: { id: "elf", name: "Elf", side: "party", at: [2, 2] },
        });
      }),
    );
    expect(ids(spatialIndexOf(joined))).toEqual(["ana", "orc", "bo", "elf"]);
    expect(spatialIndexOf(joined).occupantsAt([2, 2])).toEqual(["elf"]);

    const fell = act(
      threeOnAGrid(),
      acting((ctx) => {
        moveTo(ctx, "ana", [1, 0]);
        spatialIndexOf(ctx.state);
        const orc = draftOf(ctx.state, "orc");
        if (!orc) throw new Error("no orc");
        orc.defeated = true;
        ctx.moved("orc");
      }),
    );
    expect(ids(spatialIndexOf(fell))).toEqual(["ana", "bo"]);
    expect(spatialIndexOf(fell).occupantsAt([4, 0])).toEqual([]);
    expect(spatialIndexOf(fell).occupantsAt([1, 0])).toEqual(["ana"]);
  });
});
