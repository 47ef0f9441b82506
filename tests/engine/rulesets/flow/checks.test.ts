import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  actorWins,
  levelOf,
  outcomeLevel,
  raise,
  rankOf,
  reactorWins,
} from "../../../../src/engine/rulesets/flow/checks";

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
});
