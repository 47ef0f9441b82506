import { describe, expect, it } from "vitest";
import { gain, payCosts, requireCosts, requirePool, setPool, spend } from "../../../src/engine/core/pools";
import { coreContext, refusalOf } from "./context";
import { combatantIn } from "../../../src/engine/record";

/** Pools (AP, RP, FP): "pools never go negative", and a refusal pays nothing (DESIGN quality bars). */

describe("requirePool", () => {
  it("accepts exactly the amount held and refuses one more, naming the pool's refusal", () => {
    const ctx = coreContext();
    const ana = combatantIn(ctx.state, "ana")!;
    expect(ana.pools).toEqual({ ap: 5, rp: 2, fp: 2 });
    expect(() => requirePool(ana, "ap", 5)).not.toThrow();
    expect(refusalOf(() => requirePool(ana, "ap", 6))).toEqual({
      key: "TEMPO.Refusal.NotEnoughAP",
      data: { who: "ana", pool: "ap", need: 6, have: 5 },
    });
    expect(refusalOf(() => requirePool(ana, "rp", 3)).key).toBe("TEMPO.Refusal.NotEnoughRP");
    expect(refusalOf(() => requirePool(ana, "fp", 3)).key).toBe("TEMPO.Refusal.NotEnoughFP");
  });

  it("counts a pool the combatant does not have as empty, with the generic refusal", () => {
    const ana = combatantIn(coreContext().state, "ana")!;
    expect(() => requirePool(ana, "mana", 0)).not.toThrow();
    expect(refusalOf(() => requirePool(ana, "mana", 1))).toEqual({
      key: "TEMPO.Refusal.NotEnoughPool",
      data: { who: "ana", pool: "mana", need: 1, have: 0 },
    });
  });

  it("checks every cost: refuses on the one that cannot be paid", () => {
    const ana = combatantIn(coreContext().state, "ana")!;
    expect(() => requireCosts(ana, { ap: 5, rp: 2 })).not.toThrow();
    expect(refusalOf(() => requireCosts(ana, { ap: 1, rp: 3 })).key).toBe("TEMPO.Refusal.NotEnoughRP");
  });
});

describe("spend and payCosts", () => {
  it("takes the amount and reports what is left", () => {
    const ctx = coreContext();
    spend(ctx, "ana", "ap", 2, "attack");
    expect(combatantIn(ctx.state, "ana")?.pools.ap).toBe(3);
    expect(ctx.events).toEqual([
      { type: "poolSpent", who: "ana", pool: "ap", amount: 2, reason: "attack", value: 3 },
    ]);
  });

  it("spends nothing and says nothing for a zero or negative amount", () => {
    const ctx = coreContext();
    spend(ctx, "ana", "ap", 0, "free");
    spend(ctx, "ana", "ap", -2, "odd");
    expect(combatantIn(ctx.state, "ana")?.pools.ap).toBe(5);
    expect(ctx.events).toEqual([]);
  });

  it("refuses to spend more than is held and leaves the pool as it was", () => {
    const ctx = coreContext();
    expect(refusalOf(() => spend(ctx, "ana", "rp", 3, "riposte")).key).toBe("TEMPO.Refusal.NotEnoughRP");
    expect(combatantIn(ctx.state, "ana")?.pools.rp).toBe(2);
    expect(ctx.events).toEqual([]);
  });

  it("pays nothing when any one cost cannot be paid, and every cost when all can", () => {
    const ctx = coreContext();
    expect(refusalOf(() => payCosts(ctx, "ana", { ap: 2, fp: 3 }, "flowState")).key).toBe(
      "TEMPO.Refusal.NotEnoughFP",
    );
    expect(combatantIn(ctx.state, "ana")?.pools).toEqual({ ap: 5, rp: 2, fp: 2 });
    payCosts(ctx, "ana", { ap: 2, fp: 2 }, "flowState");
    expect(combatantIn(ctx.state, "ana")?.pools).toEqual({ ap: 3, rp: 2, fp: 0 });
    expect(ctx.events.map((e) => [e.pool, e.amount, e.value])).toEqual([
      ["ap", 2, 3],
      ["fp", 2, 0],
    ]);
  });
});

describe("gain", () => {
  it("adds without a cap, and up to the cap when one is given, reporting what was added", () => {
    const ctx = coreContext();
    gain(ctx, "ana", "fp", 3, "hit");
    expect(combatantIn(ctx.state, "ana")?.pools.fp).toBe(5);
    gain(ctx, "ana", "rp", 3, "refill", 3);
    expect(combatantIn(ctx.state, "ana")?.pools.rp).toBe(3);
    expect(ctx.events).toEqual([
      { type: "poolGained", who: "ana", pool: "fp", amount: 3, reason: "hit", value: 5 },
      { type: "poolGained", who: "ana", pool: "rp", amount: 1, reason: "refill", value: 3 },
    ]);
  });

  it("says nothing when the pool is already at its cap", () => {
    const ctx = coreContext();
    gain(ctx, "ana", "rp", 1, "criticalReaction", 2);
    expect(combatantIn(ctx.state, "ana")?.pools.rp).toBe(2);
    expect(ctx.events).toEqual([]);
  });

  it("starts a pool the combatant lacks from zero", () => {
    const ctx = coreContext();
    gain(ctx, "ana", "mana", 2, "ritual");
    expect(combatantIn(ctx.state, "ana")?.pools.mana).toBe(2);
    expect(ctx.events[0]).toMatchObject({ amount: 2, value: 2 });
  });
});

describe("setPool", () => {
  it("sets the value and never below zero", () => {
    const ctx = coreContext();
    setPool(ctx, "ana", "ap", 1, "forfeit");
    setPool(ctx, "bo", "fp", -3, "decay");
    expect(combatantIn(ctx.state, "ana")?.pools.ap).toBe(1);
    expect(combatantIn(ctx.state, "bo")?.pools.fp).toBe(0);
    expect(ctx.events).toEqual([
      { type: "poolSet", who: "ana", pool: "ap", value: 1, reason: "forfeit" },
      { type: "poolSet", who: "bo", pool: "fp", value: 0, reason: "decay" },
    ]);
  });

  it("says nothing when the value does not change, but creates a missing pool even at zero", () => {
    const ctx = coreContext();
    setPool(ctx, "ana", "ap", 5, "refill");
    expect(ctx.events).toEqual([]);
    setPool(ctx, "ana", "mana", 0, "setup");
    expect(combatantIn(ctx.state, "ana")?.pools.mana).toBe(0);
    expect(ctx.events).toEqual([{ type: "poolSet", who: "ana", pool: "mana", value: 0, reason: "setup" }]);
  });
});
