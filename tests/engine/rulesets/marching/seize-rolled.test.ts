import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { foe, pc, Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * marching.txt: "If two parties act nearly simultaneously and order matters, each may make an AGL
 * check to spend their reaction and seize initiative." The AGL check is a d20 at most 10 + Agility
 * (surprised: one less). Expected targets and results are worked out by hand.
 */

/** lead's turn is starting; the goblin (later in the order and the roster) seizes; the lead rolls at once (seizeOpponent: rolls). */
function contest(dice: number[], extra: Partial<Record<string, Partial<CombatantSetup>>> = {}) {
  return new Table(
    [
      pc("lead", 1, [0, 0], extra.lead),
      pc("second", 2, [0, 1]),
      foe("goblin", [2, 0], extra.goblin),
      foe("orc", [4, 0]),
    ],
    dice,
    { seizeOpponent: "rolls" },
  )
    .do({ type: "start" })
    .do({ type: "choose", who: "lead", initiative: "take" });
}

describe("marching AGL checks for seizing, rolled", () => {
  it("adds Agility to the target: Agility 3 makes 13 a success, 14 a failure", () => {
    const hit = contest([15, 13], { goblin: { stats: { agility: 3 } } }).do({ type: "seize", who: "goblin" });
    expect(hit.ofType("seizeContested")[0]).toMatchObject({
      checks: [
        { who: "lead", die: 15, target: 10, success: false },
        { who: "goblin", die: 13, target: 13, success: true },
      ],
      first: "goblin",
    });
    const miss = contest([15, 14], { goblin: { stats: { agility: 3 } } }).do({
      type: "seize",
      who: "goblin",
    });
    // Both fail: the lower die (14) goes first.
    expect(miss.ofType("seizeContested")[0]).toMatchObject({
      checks: [{ success: false }, { die: 14, target: 13, success: false }],
      first: "goblin",
    });
  });

  it("announces a won seizure and gives the seizer the turn before the opponent", () => {
    const t = contest([9, 2]).do({ type: "seize", who: "goblin" });
    expect(t.ofType("initiativeSeized")).toEqual([{ type: "initiativeSeized", who: "goblin", from: "lead" }]);
    expect(t.ofType("orderChanged")).toEqual([
      { type: "orderChanged", order: ["goblin", "lead", "second", "orc"], reason: "seize", who: "goblin" },
    ]);
    expect(t.state.current).toBe("goblin");
    expect(t.ofType("turnStarted").map((e) => e.who)).toEqual(["goblin"]);
  });

  it("leaves the order alone when the opponent wins", () => {
    const t = contest([2, 9]).do({ type: "seize", who: "goblin" });
    expect(t.ofType("seizeContested")[0]).toMatchObject({ first: "lead" });
    expect(t.ofType("orderChanged")).toEqual([]);
    expect(t.state.order).toEqual(["lead", "second", "goblin", "orc"]);
    expect(t.state.current).toBe("lead");
  });

  it("announces acting together with the order it makes", () => {
    const t = contest([6, 6]).do({ type: "seize", who: "goblin" });
    expect(t.ofType("orderChanged")).toEqual([
      { type: "orderChanged", order: ["lead", "goblin", "second", "orc"], reason: "seize", who: "goblin" },
    ]);
    expect(t.ofType("seizeContested")[0]).toMatchObject({ first: null });
  });

  it("keeps the opponent first when the seizer fails alone (the opponent has no reaction to roll)", () => {
    const t = contest([11]);
    combatantIn(t.state, "lead")!.usage["round:reaction"] = 1;
    t.do({ type: "seize", who: "goblin" });
    expect(t.ofType("seizeContested")[0]).toMatchObject({
      checks: [{ who: "goblin", die: 11, target: 10, success: false }],
      first: "lead",
    });
    expect(t.state.current).toBe("lead");
  });

  it("refuses a seizure once the opponent has taken its primary action", () => {
    const t = contest([3, 9]);
    t.do({ type: "act", who: "lead", action: "primary" });
    expect(t.refused({ type: "seize", who: "goblin" })).toEqual({
      key: "TEMPO.Refusal.TooLateToSeize",
      data: { who: "lead" },
    });
  });

  it("starts the frantic clock for a player character who seizes the turn", () => {
    const t = new Table([pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("goblin", [2, 0])], [3, 15], {
      frantic: "on",
      seizeOpponent: "rolls",
    }).do({ type: "start" });
    t.do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.state.current).toBe("goblin");
    // lead rolls 3, the goblin 15 (rolled in combatants order): lead wins and takes the turn.
    t.do({ type: "seize", who: "lead" });
    expect(t.state.current).toBe("lead");
    expect(t.ofType("franticClockStarted")).toMatchObject([{ who: "lead", step: "announce" }]);
    expect(t.dice.remaining).toBe(0);
  });
});
