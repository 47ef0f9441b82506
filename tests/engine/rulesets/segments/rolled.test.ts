import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";

/**
 * segments' attack roll through the engine with scripted dice: "a d20 ... against the target's
 * Armour Class", the needed roll read from the attacker's AAC0 ("AAC0 minus AC"; stats aac0 20 and
 * ac 10 unless given). Expected needs are worked out by hand from the AAC0 table.
 */

/** fighter (party) rolls 5 to orc's 2 for group initiative, so acts in HIGH, then attacks orc. */
function attack(fighter: Partial<CombatantSetup>, orc: Partial<CombatantSetup>, d20: number) {
  const t = new Table(
    [
      { id: "fighter", side: "party", pc: true, ...fighter },
      { id: "orc", side: "foes", ...orc },
    ],
    [5, 2, d20],
  );
  t.do({ type: "start" }).next();
  t.do({ type: "act", who: "fighter", action: "attack", target: "orc" });
  expect(t.dice.remaining).toBe(0);
  return t.eventsOf("attackResolved")[0];
}

describe("segments attack rolls (d20 against AC, AAC0 table)", () => {
  it("needs AAC0 20 minus AC 10 = 10 by default: 10 hits, 9 misses", () => {
    expect(attack({}, {}, 10)).toMatchObject({ roll: 10, needed: 10, hit: true, outcome: "hit" });
    expect(attack({}, {}, 9)).toMatchObject({ roll: 9, needed: 10, hit: false, outcome: "miss" });
  });

  it("reads the attacker's AAC0 and the target's AC: AAC0 17 against AC 4 needs 13", () => {
    expect(attack({ stats: { aac0: 17 } }, { stats: { ac: 4 } }, 13)).toMatchObject({
      needed: 13,
      hit: true,
    });
    expect(attack({ stats: { aac0: 17 } }, { stats: { ac: 4 } }, 12)).toMatchObject({
      needed: 13,
      hit: false,
    });
  });

  it('adds the attack bonus to the die ("hit on a roll of 18, 19, or 20" with +2 against a need of 20)', () => {
    // AAC0 20 against AC 0 needs 20: with +2, 18 reaches it and 17 does not.
    expect(attack({ stats: { attackBonus: 2 } }, { stats: { ac: 0 } }, 18)).toMatchObject({
      needed: 20,
      hit: true,
    });
    expect(attack({ stats: { attackBonus: 2 } }, { stats: { ac: 0 } }, 17)).toMatchObject({
      needed: 20,
      hit: false,
    });
  });

  it('caps the need at 20 for six steps, then climbs ("a sequence of six 20s before a 21 is required")', () => {
    // AAC0 20 against AC -5 needs 25, read as 20; against AC -6 it needs 26 - 5 = 21.
    expect(attack({ stats: { attackBonus: 1 } }, { stats: { ac: -5 } }, 19)).toMatchObject({
      needed: 20,
      hit: true,
    });
    expect(attack({ stats: { attackBonus: 1 } }, { stats: { ac: -6 } }, 19)).toMatchObject({
      needed: 21,
      hit: false,
    });
  });

  it('hits on a natural 20 and misses on a natural 1 whatever the need ("a natural 20 rolled always hits")', () => {
    // AAC0 20 against AC -10 needs 30 - 5 = 25: only the natural 20 hits.
    expect(attack({}, { stats: { ac: -10 } }, 20)).toMatchObject({ needed: 25, hit: true });
    // A +15 bonus would reach 10 from a 1, but "a natural 1 rolled on the d20 always misses".
    expect(attack({ stats: { attackBonus: 15 } }, {}, 1)).toMatchObject({ needed: 10, hit: false });
  });
});

describe("segments free attacks roll too", () => {
  it("rolls a d20 for a free attack answered without an outcome", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0], stats: { aac0: 19 } },
      ],
      [5, 2, 9],
      { grid: { type: "square" } },
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    expect(t.state.offers.map((o) => `${o.who}/${o.with}`)).toEqual([
      "orc/freeAttack",
      "orc/immediateAttack",
    ]);
    t.do({ type: "react", who: "orc", with: "freeAttack" });
    // AAC0 19 against the fighter's AC 10 needs 9: the 9 hits.
    expect(t.eventsOf("attackResolved")[0]).toMatchObject({
      who: "orc",
      target: "fighter",
      roll: 9,
      needed: 9,
      hit: true,
    });
  });
});
