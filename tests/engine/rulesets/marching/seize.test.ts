import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { firstOf } from "../../../../src/engine/rulesets/marching/seize";
import { foe, pc, Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * lead's turn is starting; the goblin (later in the order and in the roster) wants to go first.
 * With `seizeOpponent: rolls` the contested lead rolls at once (the default asks it first).
 */
function contest(
  dice: number[],
  extra: Partial<Record<string, Partial<CombatantSetup>>> = {},
  seizeOpponent: "rolls" | "asks" = "rolls",
) {
  return new Table(
    [
      pc("lead", 1, [0, 0], extra.lead),
      pc("second", 2, [0, 1]),
      foe("goblin", [2, 0], extra.goblin),
      foe("orc", [4, 0]),
    ],
    dice,
    { seizeOpponent },
  )
    .do({ type: "start" })
    .do({ type: "choose", who: "lead", initiative: "take" });
}

describe('marching: seizing initiative ("each may make an AGL check to spend their reaction and seize initiative")', () => {
  it("rolls a d20 AGL check for both, in combatants order, and spends both reactions", () => {
    const t = contest([7, 3]).do({ type: "seize", who: "goblin" });
    expect(t.dice.asked).toEqual([20, 20]);
    expect(t.ofType("seizeContested")[0]).toMatchObject({
      who: "goblin",
      against: "lead",
      checks: [
        { who: "lead", die: 7, target: 10, success: true },
        { who: "goblin", die: 3, target: 10, success: true },
      ],
    });
    expect(t.c("lead").usage["round:reaction"]).toBe(1);
    expect(t.c("goblin").usage["round:reaction"]).toBe(1);
  });

  it('puts the lowest successful die first when both succeed ("If both succeed, the lowest successful die result acts first")', () => {
    const t = contest([7, 3]).do({ type: "seize", who: "goblin" });
    expect(t.state.current).toBe("goblin");
    expect(t.state.order).toEqual(["goblin", "lead", "second", "orc"]);
    t.do({ type: "act", who: "goblin", action: "primary" }).do({ type: "next" });
    expect(t.state.current).toBe("lead");
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("orc");
  });

  it('puts the lowest die first when both fail ("If both fail, the lowest die result acts first")', () => {
    expect(contest([15, 12]).do({ type: "seize", who: "goblin" }).state.current).toBe("goblin");
    const kept = contest([12, 15]).do({ type: "seize", who: "goblin" });
    expect(kept.state.current).toBe("lead");
    expect(kept.state.order).toEqual(["lead", "second", "goblin", "orc"]);
  });

  it('puts the success first when one fails ("If one succeeds and one fails, the success acts first")', () => {
    expect(contest([11, 9]).do({ type: "seize", who: "goblin" }).state.current).toBe("goblin");
    expect(contest([5, 11]).do({ type: "seize", who: "goblin" }).state.current).toBe("lead");
  });

  it('makes equal rolls simultaneous unless only one succeeded ("If both roll the same, resolve simultaneously unless only one succeeded")', () => {
    const both = contest([6, 6]).do({ type: "seize", who: "goblin" });
    expect(both.ofType("actingTogether")).toEqual([{ type: "actingTogether", who: ["lead", "goblin"] }]);
    expect(both.state.ext.together).toMatchObject({ who: ["lead", "goblin"] });
    expect(both.state.order).toEqual(["lead", "goblin", "second", "orc"]);
    expect(contest([14, 14]).do({ type: "seize", who: "goblin" }).state.ext.together).toMatchObject({
      who: ["lead", "goblin"],
    });
    // lead (Agility 1) succeeds on 11, the goblin (Agility 0) fails on 11.
    const one = contest([11, 11], { lead: { stats: { agility: 1 } } }).do({ type: "seize", who: "goblin" });
    expect(one.state.ext.together).toBeNull();
    expect(one.state.current).toBe("lead");
  });

  it("decides the four cases in firstOf", () => {
    const k = (who: string, die: number, success: boolean) => ({ who, die, target: 10, success });
    expect(firstOf(k("a", 8, true), k("b", 3, true))).toBe("b");
    expect(firstOf(k("a", 12, false), k("b", 18, false))).toBe("a");
    expect(firstOf(k("a", 12, false), k("b", 18, true))).toBe("b");
    expect(firstOf(k("a", 5, true), k("b", 5, true))).toBeNull();
    expect(firstOf(k("a", 11, true), k("b", 11, false))).toBe("a");
  });

  it('takes 1 off a surprised combatant\'s AGL check ("target suffers -1 AGL checks/saves")', () => {
    const t = contest([15, 10], { goblin: { surprised: true } }).do({ type: "seize", who: "goblin" });
    expect(t.ofType("seizeContested")[0]).toMatchObject({
      checks: [{ who: "lead" }, { who: "goblin", die: 10, target: 9, success: false }],
    });
    expect(t.state.current).toBe("goblin"); // both failed: 10 is the lower die
  });

  it("lets the seizer go first on a success alone when the opponent has no reaction left to roll with", () => {
    const u = contest([4]);
    // The lead spent its reaction earlier this round (as if it had answered an attack).
    combatantIn(u.state, "lead")!.usage["round:reaction"] = 1;
    u.do({ type: "seize", who: "goblin" });
    expect(u.dice.asked).toEqual([20]);
    expect(u.state.current).toBe("goblin");
  });

  it("refuses to seize without a reaction, once the opponent has acted, from one who already had its turn, or in the choose stage", () => {
    const t = contest([3, 9]);
    expect(t.refused({ type: "seize", who: "lead" }).key).toBe("TEMPO.Refusal.AlreadyYourTurn");
    t.do({ type: "seize", who: "goblin" }); // lead 3 beats goblin 9
    expect(t.refused({ type: "seize", who: "goblin" }).key).toBe("TEMPO.Refusal.ReactionUsed");
    t.do({ type: "act", who: "lead", action: "move" });
    expect(t.refused({ type: "seize", who: "orc" }).key).toBe("TEMPO.Refusal.TooLateToSeize");
    t.do({ type: "next" });
    expect(t.refused({ type: "seize", who: "lead" }).key).toBe("TEMPO.Refusal.AlreadyHadTurn");
    const fresh = new Table([pc("lead", 1, [0, 0]), foe("orc", [3, 0])], [], { seizeOpponent: "rolls" }).do({
      type: "start",
    });
    expect(fresh.refused({ type: "seize", who: "orc" }).key).toBe("TEMPO.Refusal.ChooseInitiativeFirst");
  });
});

describe('marching: acting together ("If two characters act simultaneously, this is allowed. They must choose whether to act or move first.")', () => {
  const together = () => contest([6, 6]).do({ type: "seize", who: "goblin" });

  it("lets both act in the one turn and records what each chose to do first", () => {
    const t = together();
    t.do({ type: "move", who: "goblin", path: [[3, 0]] });
    expect(t.ofType("togetherChoice")).toEqual([{ type: "togetherChoice", who: "goblin", first: "move" }]);
    t.do({ type: "act", who: "lead", action: "primary" });
    expect(t.ofType("togetherChoice")).toEqual([{ type: "togetherChoice", who: "lead", first: "act" }]);
    expect(t.state.ext.together).toMatchObject({ first: { goblin: "move", lead: "act" } });
    t.do({ type: "endTurn", who: "goblin" });
    expect(t.state.current).toBe("second");
    expect(t.state.ext.together).toBeNull();
    expect(t.refused({ type: "act", who: "goblin", action: "primary" }).key).toBe(
      "TEMPO.Refusal.NotYourTurn",
    );
  });

  it('makes simultaneous attacks take effect together: no reaction between them, and a killed attacker still strikes ("Attacks made simultaneously generally take effect simultaneously")', () => {
    const t = together();
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin", outcome: "kill" });
    expect(t.state.offers).toEqual([]);
    expect(t.ofType("attackResolved")[0]).toMatchObject({ simultaneous: true, outcome: "kill" });
    expect(t.c("goblin").defeated).toBe(false);
    t.do({ type: "act", who: "goblin", action: "attack", target: "lead", outcome: "hit" });
    t.do({ type: "next" });
    expect(t.c("goblin").defeated).toBe(true);
    expect(t.state.current).toBe("second");
  });

  it('walks both moves 5 feet at a time and stops the second mover before a clash ("If both move at the same time, resolve movement 5 feet at a time. If movement conflicts, resolve it as an overrun.")', () => {
    const t = together();
    t.do({
      type: "move",
      who: "lead",
      path: [
        [1, 1],
        [2, 2],
      ],
    });
    t.do({
      type: "move",
      who: "goblin",
      path: [
        [1, 1],
        [0, 2],
      ],
    });
    expect(t.ofType("simultaneousMovement")).toEqual([
      { type: "simultaneousMovement", who: ["lead", "goblin"], feetPerStep: 5 },
    ]);
    expect(t.ofType("overrun")).toEqual([{ type: "overrun", who: ["lead", "goblin"], at: [1, 1], step: 1 }]);
    expect(t.c("goblin").at).toEqual([2, 0]);
    expect(t.c("lead").at).toEqual([2, 2]);
  });

  it("lets paths that never meet run in full", () => {
    const t = together();
    t.do({ type: "move", who: "lead", path: [[0, -1]] });
    t.do({
      type: "move",
      who: "goblin",
      path: [
        [3, 0],
        [4, 1],
      ],
    });
    expect(t.ofType("overrun")).toEqual([]);
    expect(t.c("goblin").at).toEqual([4, 1]);
  });

  it("refuses delay and a new seize while two act together", () => {
    const t = together();
    expect(t.refused({ type: "delay", who: "lead" }).key).toBe("TEMPO.Refusal.ActingTogether");
    expect(t.refused({ type: "seize", who: "orc" }).key).toBe("TEMPO.Refusal.ActingTogether");
  });
});

describe('marching: the contested combatant "may" take up a seize (option seizeOpponent: asks, the default)', () => {
  it("offers the contested combatant the contest; taking it up rolls both checks and spends both reactions", () => {
    const t = contest([7, 3], {}, "asks").do({ type: "seize", who: "goblin" });
    expect(t.dice.asked).toEqual([]);
    expect(t.state.offers).toMatchObject([{ who: "lead", with: "reaction", against: "goblin" }]);
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe(
      "TEMPO.Refusal.ReactionsPending",
    );
    t.do({ type: "react", who: "lead", with: "reaction" });
    expect(t.dice.asked).toEqual([20, 20]);
    expect(t.state.current).toBe("goblin");
    expect(t.c("lead").usage["round:reaction"]).toBe(1);
  });

  it('declining keeps the contested combatant\'s reaction: the seizer rolls alone ("each may make an AGL check to spend their reaction")', () => {
    const t = contest([3], {}, "asks").do({ type: "seize", who: "goblin" });
    t.do({ type: "react", who: "lead", with: "decline" });
    expect(t.dice.asked).toEqual([20]);
    expect(t.state.current).toBe("goblin");
    expect(t.c("lead").usage["round:reaction"]).toBeUndefined();
    expect(t.c("goblin").usage["round:reaction"]).toBe(1);
    const failed = contest([15], {}, "asks").do({ type: "seize", who: "goblin" });
    failed.do({ type: "react", who: "lead", with: "decline" });
    expect(failed.state.current).toBe("lead");
  });
});
