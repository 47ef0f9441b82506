import { describe, expect, it } from "vitest";
import { Table } from "./helpers";

/**
 * rating.txt: "Further ties can be resolved by contested Luck Rolls or at the GM's discretion."
 * With `ties: gm` the GM orders still-tied combatants with `delay { who, until }`, before either
 * has taken its turn this round.
 */

const npc = (id: string) => ({ id, side: "foes", stats: { initiativeRating: 2, luck: 1 } });

/** a, b and x each roll 3 (initiative 5), tied on every fixed key: roster order a, b, x; a acts first. */
function threeTied(): Table {
  return new Table([npc("a"), npc("b"), npc("x")], [3, 3, 3], { ties: "gm" }).do({ type: "start" });
}

describe("rating: the GM's order for tied combatants", () => {
  it("moves one tied combatant just before another, announcing the new order", () => {
    const t = threeTied();
    expect(t.state.order).toEqual(["a", "b", "x"]);
    t.do({ type: "delay", who: "x", until: "b" });
    expect(t.state.order).toEqual(["a", "x", "b"]);
    expect(t.ofType("orderChanged")).toEqual([
      { type: "orderChanged", order: ["a", "x", "b"], reason: "gmTieBreak", who: "x", until: "b" },
    ]);
    // a's turn is under way and stays a's: only moving before the current one takes the turn.
    expect(t.state.current).toBe("a");
    expect(t.ofType("turnStarted")).toEqual([]);
  });

  it("gives the turn to one moved before the combatant whose turn it is and who has not acted", () => {
    const t = threeTied().do({ type: "next" });
    expect(t.state.current).toBe("b");
    t.do({ type: "delay", who: "x", until: "b" });
    expect(t.state.order).toEqual(["a", "x", "b"]);
    expect(t.state.current).toBe("x");
  });

  it("refuses to move one before itself", () => {
    const t = threeTied();
    expect(t.refused({ type: "delay", who: "b", until: "b" })).toEqual({
      key: "TEMPO.Refusal.NotTied",
      data: { who: "b", until: "b" },
    });
  });

  it("refuses to move one before a combatant whose turn has passed this round", () => {
    const t = threeTied().do({ type: "next" });
    expect(t.refused({ type: "delay", who: "x", until: "a" })).toEqual({
      key: "TEMPO.Refusal.TurnAlreadyTaken",
      data: { who: "x", until: "a" },
    });
  });

  it("refuses to move the combatant whose turn has passed, even before one still to come", () => {
    const t = threeTied().do({ type: "next" });
    expect(t.refused({ type: "delay", who: "a", until: "x" }).key).toBe("TEMPO.Refusal.TurnAlreadyTaken");
  });
});
