import { describe, expect, it } from "vitest";
import { Table } from "./helpers";

/**
 * phases' attack roll through the engine with scripted dice: "The attacker rolls 3d6 and adds their
 * OCV ... The target number is 10 plus the defender's DCV" (OCV and DCV 3 unless given). Expected
 * sums and needs are worked out by hand.
 */

function strike(hero: Record<string, number>, thug: Record<string, number>, dice: number[]) {
  const t = new Table(
    [
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8, ...hero } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6, ...thug } },
    ],
    dice,
    { grid: { type: "hex" } },
  ).do({ type: "start" });
  t.do({ type: "act", who: "hero", action: "strike", target: "thug" });
  expect(t.dice.remaining).toBe(0);
  return t.eventsOf("attackResolved")[0];
}

describe("phases attack rolls (3d6 + OCV against 10 + DCV)", () => {
  it("adds all three dice: 1 + 2 + 6 = 9 reaches OCV 5 against DCV 4 (needs 9)", () => {
    expect(strike({ ocv: 5 }, { dcv: 4 }, [1, 2, 6])).toMatchObject({ roll: 9, needed: 9, hit: true });
    expect(strike({ ocv: 5 }, { dcv: 4 }, [1, 2, 5])).toMatchObject({ roll: 8, needed: 9, hit: false });
  });

  it("rolls the three dice as the attacker's attack roll", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      ],
      [6, 5, 4],
      { grid: { type: "hex" } },
    ).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "strike", target: "thug" });
    expect(t.eventsOf("diceRolled")).toEqual([
      { type: "diceRolled", faces: 6, result: 6, purpose: "attack", who: "hero" },
      { type: "diceRolled", faces: 6, result: 5, purpose: "attack", who: "hero" },
      { type: "diceRolled", faces: 6, result: 4, purpose: "attack", who: "hero" },
    ]);
  });

  it("uses OCV 3 and DCV 3 when not given: 3d6 must reach 10", () => {
    expect(strike({}, {}, [4, 4, 2])).toMatchObject({ roll: 10, needed: 10, hit: true, outcome: "hit" });
    expect(strike({}, {}, [4, 4, 1])).toMatchObject({ roll: 9, needed: 10, hit: false, outcome: "miss" });
  });

  it("counts a higher OCV for the attacker and a higher DCV for the defender", () => {
    // OCV 7 against DCV 3: 10 + 3 - 7 = 6. OCV 3 against DCV 7: 14.
    expect(strike({ ocv: 7 }, {}, [2, 2, 2])).toMatchObject({ roll: 6, needed: 6, hit: true });
    expect(strike({}, { dcv: 7 }, [5, 5, 3])).toMatchObject({ roll: 13, needed: 14, hit: false });
  });
});
