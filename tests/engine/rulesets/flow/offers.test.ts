import { describe, expect, it } from "vitest";
import { Table } from "./helpers";

/**
 * Offers open to several reactors at once (flow): each reactor answers for itself, in any order,
 * and what nobody answered stays open. "You may not perform multiple Reactions against a single
 * attack" closes the other offers against one attack only, never those against another trigger.
 */

/**
 * ana (party, 2 RP) stands between orc at [1, 0] and gob at [-1, 1]; both threaten her hex. Dice:
 * initiative ana 9, orc 4, gob 3, so ana acts first.
 */
function flanked(): Table {
  const t = new Table(
    [
      { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1, maxRp: 2 } },
      { id: "orc", side: "foes", at: [1, 0] },
      { id: "gob", side: "foes", at: [-1, 1] },
    ],
    [9, 4, 3],
  );
  t.do({ type: "start" });
  return t;
}

/** ana walks off north-west, out of both foes' reach: leaving her hex provokes both. */
function walkAway(t: Table): void {
  t.do({
    type: "move",
    who: "ana",
    path: [
      [0, -1],
      [0, -2],
    ],
  });
}

describe("flow offers to several reactors at once", () => {
  it("offers a Reaction Attack to every foe whose reach the mover leaves", () => {
    const t = flanked();
    walkAway(t);
    expect(t.offers()).toEqual(["gob/reactionAttack/ana", "orc/reactionAttack/ana"]);
    expect(t.c("ana").at).toEqual([0, 0]);
  });

  for (const [first, second] of [
    ["orc", "gob"],
    ["gob", "orc"],
  ] as const) {
    it(`leaves ${second}'s Reaction Attack open when ${first} answers first, then lets ${second} answer`, () => {
      const t = flanked();
      walkAway(t);
      t.do({ type: "react", who: first, with: "reactionAttack", outcome: "miss" });
      expect(t.offers()).toEqual([`${second}/reactionAttack/ana`]);
      expect(t.c("ana").at).toEqual([0, 0]);
      t.do({ type: "react", who: second, with: "reactionAttack", outcome: "miss" });
      expect(t.offers()).toEqual([]);
      // Both answered, nobody hit: the held move resumes to its end.
      expect(t.c("ana").at).toEqual([0, -2]);
    });

    it(`leaves ${second}'s offer open when ${first} declines, and withdraws only ${first}'s`, () => {
      const t = flanked();
      walkAway(t);
      t.do({ type: "react", who: first, with: "decline" });
      expect(t.offers()).toEqual([`${second}/reactionAttack/ana`]);
      expect(t.c("ana").at).toEqual([0, 0]);
      t.do({ type: "react", who: second, with: "decline" });
      expect(t.offers()).toEqual([]);
      expect(t.c("ana").at).toEqual([0, -2]);
    });

    it(`keeps ${second}'s Reaction Attack open while ana answers ${first}'s hit, whichever hits first`, () => {
      const t = flanked();
      walkAway(t);
      t.do({ type: "react", who: first, with: "reactionAttack", outcome: "hit" });
      // The hit opens an attack ana may answer; the other foe's offer against her move is untouched.
      expect(t.offers()).toEqual(
        [`${second}/reactionAttack/ana`, `ana/dodge/${first}`, `ana/parry/${first}`].sort(),
      );
      t.do({ type: "react", who: "ana", with: "dodge", outcome: "success" });
      // Answering the attack closes the other offers against that attack only.
      expect(t.offers()).toEqual([`${second}/reactionAttack/ana`]);
      expect(t.pools("ana").rp).toBe(1);
      t.do({ type: "react", who: second, with: "reactionAttack", outcome: "miss" });
      expect(t.offers()).toEqual([]);
      expect(t.c("ana").at).toEqual([0, -2]);
    });
  }

  it("answers two attacks by different foes separately: declining one foe leaves the other's offers open", () => {
    const t = flanked();
    walkAway(t);
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "hit" });
    t.do({ type: "react", who: "gob", with: "reactionAttack", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/dodge/gob", "ana/dodge/orc", "ana/parry/gob", "ana/parry/orc"]);
    t.do({ type: "react", who: "ana", with: "decline", against: "orc" });
    expect(t.offers()).toEqual(["ana/dodge/gob", "ana/parry/gob"]);
    // Triggers settle last-in first-out: orc's declined attack waits under gob's open one.
    expect(t.event("attackResolved")).toBeUndefined();
    const events = t.do({ type: "react", who: "ana", with: "parry", against: "gob", outcome: "success" });
    expect(t.offers()).toEqual([]);
    expect(t.pools("ana").rp).toBe(1);
    expect(events.filter((e) => e.type === "attackResolved").map((e) => [e.attacker, e.hit])).toEqual([
      ["gob", false],
      ["orc", true],
    ]);
  });

  it("answers the attack named by `against` when the same reaction is offered against two foes", () => {
    const t = flanked();
    walkAway(t);
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "hit" });
    t.do({ type: "react", who: "gob", with: "reactionAttack", outcome: "hit" });
    t.do({ type: "react", who: "ana", with: "dodge", against: "gob", outcome: "success" });
    expect(t.event("reactionResolved")).toMatchObject({
      who: "ana",
      with: "dodge",
      against: "gob",
      won: true,
    });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc"]);
    t.do({ type: "react", who: "ana", with: "dodge", against: "orc", outcome: "fail" });
    expect(t.event("reactionResolved")).toMatchObject({ who: "ana", against: "orc", won: false });
    expect(t.offers()).toEqual([]);
    expect(t.pools("ana").rp).toBe(0);
  });
});
