import { describe, expect, it } from "vitest";
import { changeCombatant, newCombatant, readCombatant } from "../../../src/engine/core/combatants";
import {
  addCondition,
  removeCondition,
  tickAllConditions,
  tickConditions,
} from "../../../src/engine/core/conditions";
import { offer, openPending } from "../../../src/engine/core/offers";
import { place } from "../../../src/engine/core/place";
import { coreContext, refusalOf } from "./context";
import { combatantIn } from "../../../src/engine/record";

/**
 * Core helpers every ruleset uses: reading and building combatants, the GM's setCombatant and
 * place, and conditions. The context is the core fixture's: ana and bo (party), orc (foes), on a
 * hex grid at [0, 0], [0, 1] and [1, 0].
 */

describe("readCombatant: a combatant to read", () => {
  it("refuses an unknown id (UnknownCombatant), naming it", () => {
    const ctx = coreContext();
    expect(refusalOf(() => readCombatant(ctx.state, "nobody"))).toEqual({
      key: "TEMPO.Refusal.UnknownCombatant",
      data: { who: "nobody" },
    });
  });
});

describe("newCombatant: a combatant built from the host's setup", () => {
  it("fills every field the setup leaves out with its default: no tags, no level key, on no cell", () => {
    expect(newCombatant({ id: "elf", side: "party" })).toStrictEqual({
      id: "elf",
      name: "elf",
      side: "party",
      pc: false,
      at: null,
      size: "medium",
      reach: 0,
      stats: {},
      skills: {},
      tags: [],
      pools: {},
      maxPools: {},
      initiative: null,
      conditions: [],
      surprised: false,
      marching: null,
      unseen: false,
      defeated: false,
      usage: {},
      ext: {},
    });
  });

  it("keeps the setup's tags and level", () => {
    const made = newCombatant({ id: "elf", side: "party", tags: ["archer"], level: "upper" });
    expect(made.tags).toEqual(["archer"]);
    expect(made.level).toBe("upper");
  });
});

describe("changeCombatant: the GM's setCombatant (a side is not changed under an open offer)", () => {
  it("refuses a command naming nothing to change (NothingToChange), naming the combatant", () => {
    const ctx = coreContext();
    expect(refusalOf(() => changeCombatant(ctx, { type: "setCombatant", who: "ana" }))).toEqual({
      key: "TEMPO.Refusal.NothingToChange",
      data: { who: "ana" },
    });
  });

  it("refuses the side of the one an open offer is against (SideWhileHeld), though the held action is another's", () => {
    const ctx = coreContext();
    // Bo's action is held; the orc is offered a reaction against Ana.
    const held = openPending(ctx, "attack", "bo", {});
    offer(ctx, "orc", "block", "ana", held);
    expect(refusalOf(() => changeCombatant(ctx, { type: "setCombatant", who: "ana", side: "foes" }))).toEqual(
      {
        key: "TEMPO.Refusal.SideWhileHeld",
        data: { who: "ana" },
      },
    );
  });

  it("refuses the side of one whose own action is held though no offer is open (SideWhileHeld)", () => {
    const ctx = coreContext();
    openPending(ctx, "attack", "ana", {});
    expect(refusalOf(() => changeCombatant(ctx, { type: "setCombatant", who: "ana", side: "foes" }))).toEqual(
      {
        key: "TEMPO.Refusal.SideWhileHeld",
        data: { who: "ana" },
      },
    );
  });

  it("changes the side of one who is no party to the open offer nor the held action", () => {
    const ctx = coreContext();
    // Bo's action is held and the orc is offered a reaction against Bo: Ana is in neither.
    const held = openPending(ctx, "attack", "bo", {});
    offer(ctx, "orc", "block", "bo", held);
    expect(changeCombatant(ctx, { type: "setCombatant", who: "ana", side: "foes" })).toEqual({
      side: "foes",
    });
    expect(combatantIn(ctx.state, "ana")?.side).toBe("foes");
    expect(ctx.events.at(-1)).toEqual({ type: "combatantChanged", who: "ana", side: "foes" });
  });

  it("a marching place equal to the present one (none) changes nothing and emits nothing", () => {
    const ctx = coreContext();
    expect(combatantIn(ctx.state, "ana")?.marching).toBeNull();
    expect(changeCombatant(ctx, { type: "setCombatant", who: "ana", marching: null })).toEqual({});
    expect(ctx.events).toEqual([]);
  });
});

describe("place: the GM's hand", () => {
  it("refuses to place a combatant whose own action is held (PlaceWhileHeld), naming it", () => {
    const ctx = coreContext();
    openPending(ctx, "attack", "ana", {});
    expect(refusalOf(() => place(ctx, { type: "place", who: "ana", at: [2, 0] }))).toEqual({
      key: "TEMPO.Refusal.PlaceWhileHeld",
      data: { who: "ana" },
    });
  });

  it("keeps the level of a combatant placed without one", () => {
    const ctx = coreContext();
    place(ctx, { type: "place", who: "ana", at: [2, 0], level: "upper" });
    place(ctx, { type: "place", who: "ana", at: [3, 0] });
    expect(combatantIn(ctx.state, "ana")?.at).toEqual([3, 0]);
    expect(combatantIn(ctx.state, "ana")?.level).toBe("upper");
  });
});

describe("conditions: added, removed, and timed ones ticking down by the round", () => {
  it("removing one condition keeps the others", () => {
    const ctx = coreContext();
    addCondition(ctx, "ana", "prone");
    addCondition(ctx, "ana", "dazed", 2);
    removeCondition(ctx, "ana", "prone");
    expect(combatantIn(ctx.state, "ana")?.conditions).toEqual([{ id: "dazed", rounds: 2 }]);
  });

  it("a tick ends a timed condition at zero and leaves a condition without rounds as it is", () => {
    const ctx = coreContext();
    addCondition(ctx, "ana", "prone");
    addCondition(ctx, "ana", "dazed", 1);
    tickConditions(ctx, "ana");
    expect(combatantIn(ctx.state, "ana")?.conditions).toEqual([{ id: "prone", rounds: null }]);
    expect(ctx.events.at(-1)).toEqual({ type: "conditionRemoved", who: "ana", condition: "dazed" });
  });

  it("the round's tick reaches a combatant with a timed condition beside an untimed one", () => {
    const ctx = coreContext();
    addCondition(ctx, "ana", "prone");
    addCondition(ctx, "ana", "dazed", 2);
    addCondition(ctx, "orc", "slowed", 1);
    tickAllConditions(ctx);
    expect(combatantIn(ctx.state, "ana")?.conditions).toEqual([
      { id: "prone", rounds: null },
      { id: "dazed", rounds: 1 },
    ]);
    expect(combatantIn(ctx.state, "orc")?.conditions).toEqual([]);
  });
});
