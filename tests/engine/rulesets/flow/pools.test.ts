import { describe, expect, it } from "vitest";
import { flow } from "../../../../src/engine/rulesets/flow";
import { duel, Table } from "./helpers";

/**
 * flow's pools (src/engine/rulesets/flow/pools.ts): "5 AP per round", "Full RP (usually 2, unless
 * abilities grant more)", "2 FP at start of combat", "FP decay: Lose 1 FP (unless Flow State was
 * used)", "Gain 1 FP from a successful reaction (once per round)".
 */

describe("flow pools: when each fills", () => {
  it('AP refill as each round begins, RP at the start of one\'s turn, FP only at the start of combat ("Players regain their RP at the start of their turn")', () => {
    expect(flow.pools.map((p) => [p.id, p.refillsAt({})])).toEqual([
      ["ap", "roundStart"],
      ["rp", "turnStart"],
      ["fp", "combatStart"],
    ]);
  });

  it('a combatant starts with 5 AP, 2 RP and 2 FP, which are also its full pools ("Every player starts combat with Full RP (usually 2 ...)")', () => {
    const t = new Table([{ id: "ana", side: "party" }]);
    expect(t.c("ana").pools).toEqual({ ap: 5, rp: 2, fp: 2 });
    expect(t.c("ana").maxPools).toEqual({ ap: 5, rp: 2, fp: 2 });
  });

  it('the maxAp and maxRp stats raise the allotment and full RP ("It is possible to start a round with more than 5")', () => {
    const t = new Table([{ id: "ana", side: "party", stats: { maxAp: 7, maxRp: 3 } }]);
    expect(t.c("ana").pools).toEqual({ ap: 7, rp: 3, fp: 2 });
    expect(t.c("ana").maxPools).toEqual({ ap: 7, rp: 3, fp: 2 });
  });
});

describe('flow FP decay: "Lose 1 FP (unless Flow State was used)"', () => {
  it("decays 2, 1, then stops at 0 without refusing the end of the turn", () => {
    const t = duel();
    const fpLost = () =>
      t.events
        .filter((e) => e.type === "poolSpent" && e.who === "ana" && e.pool === "fp")
        .map((e) => e.amount);
    t.do({ type: "endTurn", who: "ana" });
    expect(fpLost()).toEqual([1]);
    expect(t.pools("ana").fp).toBe(1);
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "endTurn", who: "ana" });
    expect(fpLost()).toEqual([1]);
    expect(t.pools("ana").fp).toBe(0);
    t.do({ type: "endTurn", who: "orc" });
    // At 0 FP there is nothing to lose: no event, and the turn still ends.
    t.do({ type: "endTurn", who: "ana" });
    expect(fpLost()).toEqual([]);
    expect(t.pools("ana").fp).toBe(0);
    expect(t.state.current).toBe("orc");
  });
});

describe('flow RP at the start of a turn: "Players regain their RP at the start of their turn"', () => {
  it('RP above full (given "temporarily for a round") is kept, not cut back to full', () => {
    const t = duel();
    t.do({ type: "adjustPool", who: "orc", pool: "rp", delta: 2 });
    expect(t.pools("orc").rp).toBe(4);
    const events = t.do({ type: "endTurn", who: "ana" });
    expect(t.state.current).toBe("orc");
    expect(t.pools("orc").rp).toBe(4);
    expect(events.filter((e) => e.type === "poolSet" && e.who === "orc" && e.pool === "rp")).toEqual([]);
  });
});
