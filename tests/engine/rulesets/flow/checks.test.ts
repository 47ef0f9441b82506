import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  actorWins,
  edgeOf,
  isSuccess,
  levelOf,
  outcomeLevel,
  raise,
  rankOf,
  reactorWins,
  skillOf,
  type Level,
} from "../../../../src/engine/rulesets/flow/checks";
import { newCombatant } from "../../../../src/engine/core/combatants";

describe("flow skill checks (d100 under the skill)", () => {
  it("grades a roll against skill 60 into the four success levels and two failures", () => {
    expect(levelOf(1, 60)).toBe("critical");
    expect(levelOf(6, 60)).toBe("critical");
    expect(levelOf(7, 60)).toBe("major");
    expect(levelOf(12, 60)).toBe("major");
    expect(levelOf(13, 60)).toBe("hard");
    expect(levelOf(30, 60)).toBe("hard");
    expect(levelOf(31, 60)).toBe("normal");
    expect(levelOf(60, 60)).toBe("normal");
    expect(levelOf(61, 60)).toBe("fail");
    expect(levelOf(100, 60)).toBe("critFail");
  });

  it("never grades a better roll (lower) worse than a worse one", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 150 }),
        (a, b, skill) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          return rankOf(levelOf(lo, skill)) >= rankOf(levelOf(hi, skill));
        },
      ),
    );
  });

  it("reads stipulated outcomes: a hit is a Normal Success, a crit a Critical Success", () => {
    expect(outcomeLevel("hit")).toBe("normal");
    expect(outcomeLevel("success")).toBe("normal");
    expect(outcomeLevel("kill")).toBe("normal");
    expect(outcomeLevel("crit")).toBe("critical");
    expect(outcomeLevel("miss")).toBe("fail");
    expect(outcomeLevel("critFail")).toBe("critFail");
  });

  it('raises a success one level for a larger attacker, never a failure (flow: "considered to be 1 success level higher")', () => {
    expect(raise("normal", 1)).toBe("hard");
    expect(raise("critical", 1)).toBe("critical");
    expect(raise("fail", 1)).toBe("fail");
  });

  it('resolves the Large-creature example: Normal parry against a Normal attack raised to Hard loses (flow: "the Large creature\'s attack hits")', () => {
    expect(reactorWins("normal", "normal")).toBe(true);
    expect(reactorWins("normal", raise("normal", 1))).toBe(false);
  });

  it("lets the acting side win an opposed check only with a better success", () => {
    expect(actorWins("hard", "normal")).toBe(true);
    expect(actorWins("normal", "normal")).toBe(false);
    expect(actorWins("fail", "critFail")).toBe(false);
  });

  // docs/rulesets/flow.md, Dice: "a roll of at most a tenth of the skill (always a 1) is a Critical
  // Success ... 100 is a critical failure".
  it("grades a 1 critical even under a skill below 10, whose tenth rounds to 0", () => {
    expect(levelOf(1, 5)).toBe("critical");
    expect(levelOf(1, 0)).toBe("critical");
    // skill 5: a fifth is 1, a half 2, so a 2 is Hard, a 3 Normal, a 6 a failure.
    expect(levelOf(2, 5)).toBe("hard");
    expect(levelOf(3, 5)).toBe("normal");
    expect(levelOf(6, 5)).toBe("fail");
  });

  it("grades a 100 a critical failure even under a skill of 100 or more", () => {
    expect(levelOf(100, 100)).toBe("critFail");
    expect(levelOf(100, 150)).toBe("critFail");
    // skill 150: a tenth is 15, a fifth 30, a half 75, so 99 is Normal.
    expect(levelOf(99, 150)).toBe("normal");
    expect(levelOf(15, 150)).toBe("critical");
    expect(levelOf(16, 150)).toBe("major");
  });

  it("counts Normal, Hard, Major and Critical as successes and the two failures as not", () => {
    const levels: Level[] = ["critFail", "fail", "normal", "hard", "major", "critical"];
    expect(levels.map(isSuccess)).toEqual([false, false, true, true, true, true]);
  });

  it("raises a success by as many levels as asked, no higher than Critical", () => {
    expect(raise("hard", 1)).toBe("major");
    expect(raise("normal", 2)).toBe("major");
    expect(raise("major", 2)).toBe("critical");
    expect(raise("critFail", 1)).toBe("critFail");
  });

  it("lets a reaction win only with a success at least as good as the attack's", () => {
    expect(reactorWins("hard", "normal")).toBe(true);
    expect(reactorWins("normal", "hard")).toBe(false);
    // A failed defence loses even against a failed attack.
    expect(reactorWins("fail", "fail")).toBe(false);
    expect(reactorWins("fail", "critFail")).toBe(false);
  });

  it("lets the acting side win with a better success, never with a failure", () => {
    expect(actorWins("critical", "major")).toBe(true);
    expect(actorWins("normal", "fail")).toBe(true);
    expect(actorWins("major", "critical")).toBe(false);
    expect(actorWins("fail", "critFail")).toBe(false);
  });

  // flow.txt: Feint gains "Advantage", a Disarm is made "at Disadvantage"; flow.md: both cancel out.
  it("rolls with Advantage or Disadvantage only when one is present without the other", () => {
    expect(edgeOf(true, false)).toBe("advantage");
    expect(edgeOf(false, true)).toBe("disadvantage");
    expect(edgeOf(true, true)).toBeNull();
    expect(edgeOf(false, false)).toBeNull();
  });

  it('reads a skill the combatant lacks as 50 (docs/rulesets/flow.md: percentile skills, "50 each" by default)', () => {
    const c = newCombatant({ id: "ana", side: "party", skills: { melee: 70 } });
    expect(skillOf(c, "melee")).toBe(70);
    expect(skillOf(c, "ranged")).toBe(50);
  });
});
