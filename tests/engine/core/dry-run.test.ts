import { describe, expect, it } from "vitest";
import { apply, refusalOf } from "../../../src/engine/apply";
import { ScriptedDice } from "../../../src/engine/dice";
import { draftOf } from "../../../src/engine/core/combatants";
import { refuse } from "../../../src/engine/refusal";
import { acting, threeOnAGrid } from "./fixture";

/**
 * A dry run (apply.ts refusalOf): the answer apply would give, without a next state. It stops once
 * the handler is done or has said the command is decided (ctx.decided), dropping its draft; the
 * state asked about never changes.
 */
const wait = { type: "act", who: "ana", action: "wait" } as const;

describe("refusalOf: a dry run", () => {
  it("gives the refusal apply gives, and null where apply accepts, leaving the state as it was", () => {
    const state = threeOnAGrid();
    const text = JSON.stringify(state);
    const spends = acting((ctx) => {
      const ana = draftOf(ctx.state, "ana");
      if (!ana) throw new Error("no ana");
      if ((ana.pools.ap ?? 0) < 5) refuse("NotEnoughAP", { who: "Ana" });
      ana.pools.ap = 0;
    });
    expect(refusalOf(state, wait, new ScriptedDice([]), spends)).toEqual(
      (() => {
        const r = apply(state, wait, new ScriptedDice([]), spends);
        return r.ok ? null : r.refusal;
      })(),
    );
    const accepts = acting((ctx) => {
      const ana = draftOf(ctx.state, "ana");
      if (ana) ana.pools.ap = 0;
    });
    expect(refusalOf(state, wait, new ScriptedDice([]), accepts)).toBeNull();
    expect(JSON.stringify(state)).toBe(text);
  });

  it("stops where the handler says the command is decided; a real apply goes on past it", () => {
    const state = threeOnAGrid();
    const reached: string[] = [];
    const decidedThenMore = acting((ctx) => {
      reached.push("checks");
      ctx.decided();
      reached.push("consequences");
      const ana = draftOf(ctx.state, "ana");
      if (ana) ana.pools.ap = 0;
    });
    expect(refusalOf(state, wait, new ScriptedDice([]), decidedThenMore)).toBeNull();
    expect(reached).toEqual(["checks"]);
    const applied = apply(state, wait, new ScriptedDice([]), decidedThenMore);
    expect(reached).toEqual(["checks", "checks", "consequences"]);
    expect(applied.ok && applied.state.combatants.find((c) => c.id === "ana")?.pools.ap).toBe(0);
  });

  it("still refuses a command refused before it is decided", () => {
    const refusedFirst = acting((ctx) => {
      refuse("NotYourTurn", { who: "Ana" });
      ctx.decided();
    });
    expect(refusalOf(threeOnAGrid(), wait, new ScriptedDice([]), refusedFirst)?.key).toBe(
      "TEMPO.Refusal.NotYourTurn",
    );
  });
});
