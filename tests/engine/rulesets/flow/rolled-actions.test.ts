import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";

/**
 * Flow action checks through their rolled paths (d100 under the skill; levels as in
 * docs/rulesets/flow.md "Dice"): the gang-up bonus and who counts for it, and the opposed Athletics
 * of Shove. Expected skills and levels are worked out by hand.
 */

/** ana (Melee 50) attacks orc at [1, 0] with an ally placed as given; initiative ana 9, bob 1, orc 4. */
function gangUp(bob: Partial<CombatantSetup>, roll: number): Table {
  const t = new Table(
    [
      { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 }, skills: { melee: 50 } },
      { id: "bob", side: "party", at: [2, -1], ...bob },
      { id: "orc", side: "foes", at: [1, 0] },
    ],
    [9, 1, 4, roll],
  );
  t.do({ type: "start" });
  return t;
}

describe('flow gang-up ("When 2 or more allies are threatening the same enemy ... +10 Melee bonus")', () => {
  it("adds 10 when an ally threatens the target: 55 under Melee 60 hits", () => {
    const t = gangUp({}, 55);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ skill: 60, roll: 55, level: "normal" });
    expect(t.offers()).toContain("orc/dodge/ana");
  });

  it("adds nothing for an ally out of reach of the target: 55 over Melee 50 misses", () => {
    const t = gangUp({ at: [4, -1] }, 55);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ skill: 50, roll: 55, level: "fail" });
    expect(t.event("attackResolved")).toMatchObject({ hit: false });
  });

  it("adds nothing for a defeated ally beside the target", () => {
    const t = gangUp({}, 55);
    t.do({ type: "setDefeated", who: "bob", defeated: true });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ skill: 50 });
  });

  it("adds nothing for an enemy of the attacker beside the target", () => {
    const t = gangUp({ side: "foes" }, 55);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ skill: 50 });
  });

  it("adds nothing to a ranged attack, even with an ally beside the target", () => {
    // orc stands 4 hexes off (beyond ana's reach): Ranged 50, no gang-up.
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 }, skills: { ranged: 50 } },
        { id: "bob", side: "party", at: [3, 0] },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
      [9, 1, 4, 55],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("checkRolled")).toMatchObject({ skill: 50, level: "fail" });
  });
});

describe('flow Shove rolled ("Opposed Athletics")', () => {
  it("pushes the target back when the shover's level beats the target's", () => {
    // ana's Athletics 60: 30 is Hard; orc's Athletics 40: 39 is Normal. Hard beats Normal: from
    // Hard up the shove both pushes back and knocks prone.
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 }, skills: { athletics: 60 } },
        { id: "orc", side: "foes", at: [1, 0], skills: { athletics: 40 } },
      ],
      [9, 4, 30, 39],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "shove", target: "orc" });
    expect(t.events.filter((e) => e.type === "checkRolled").map((e) => [e.who, e.skill, e.level])).toEqual([
      ["ana", 60, "hard"],
      ["orc", 40, "normal"],
    ]);
    expect(t.event("contestResolved")).toMatchObject({ won: true, level: "hard" });
    expect(t.c("orc").at).toEqual([2, 0]);
    expect(t.conditions("orc")).toEqual(["prone"]);
  });

  it("fails when the target's level equals the shover's (ties go to the resisting side)", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 }, skills: { athletics: 60 } },
        { id: "orc", side: "foes", at: [1, 0], skills: { athletics: 60 } },
      ],
      [9, 4, 40, 45],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "shove", target: "orc" });
    expect(t.event("contestResolved")).toMatchObject({ won: false, level: "normal" });
    expect(t.c("orc").at).toEqual([1, 0]);
    expect(t.conditions("orc")).toEqual([]);
  });
});
