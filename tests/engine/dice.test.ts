import { describe, expect, it } from "vitest";
import {
  DiceExhausted,
  DicePortError,
  DieOutOfRange,
  RecordingDice,
  ScriptedDice,
  SeededDice,
} from "../../src/engine/dice";

/**
 * The dice port (src/engine/dice.ts): "the only source of chance in the engine". Tests script it,
 * the playground seeds it, logs record it; each must answer exactly as it says.
 */

describe("ScriptedDice: answers from a list, in order", () => {
  it("gives its values in order and counts what was used and what is left", () => {
    const dice = new ScriptedDice([3, 20, 1]);
    expect(dice.used).toBe(0);
    expect(dice.remaining).toBe(3);
    expect(dice.roll(6)).toBe(3);
    expect(dice.roll(20)).toBe(20);
    expect(dice.used).toBe(2);
    expect(dice.remaining).toBe(1);
    expect(dice.asked).toEqual([6, 20]);
  });

  it("throws DiceExhausted naming the die asked for once no value is left", () => {
    const dice = new ScriptedDice([4]);
    dice.roll(4);
    let thrown: unknown;
    try {
      dice.roll(8);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DiceExhausted);
    expect((thrown as DiceExhausted).faces).toBe(8);
    expect((thrown as DiceExhausted).name).toBe("DiceExhausted");
    expect((thrown as DiceExhausted).message).toBe("a d8 was needed but no scripted die is left");
    expect(dice.used).toBe(1);
    expect(dice.asked).toEqual([4]);
  });

  it.each([
    [0, 6],
    [7, 6],
    [2.5, 6],
    [-1, 20],
    [21, 20],
  ])("refuses a scripted %s that a d%s cannot show, without using it", (value, faces) => {
    const dice = new ScriptedDice([value, 1]);
    let thrown: unknown;
    try {
      dice.roll(faces);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DieOutOfRange);
    expect((thrown as DieOutOfRange).faces).toBe(faces);
    expect((thrown as DieOutOfRange).value).toBe(value);
    expect((thrown as DieOutOfRange).name).toBe("DieOutOfRange");
    expect((thrown as DieOutOfRange).message).toBe(`scripted value ${value} cannot come from a d${faces}`);
    expect(dice.used).toBe(0);
    expect(dice.asked).toEqual([]);
  });

  it("accepts both ends of a die's range: 1 and its number of faces", () => {
    const dice = new ScriptedDice([1, 6, 1, 100]);
    expect([dice.roll(6), dice.roll(6), dice.roll(100), dice.roll(100)]).toEqual([1, 6, 1, 100]);
    expect(dice.remaining).toBe(0);
  });
});

describe("SeededDice: a seeded generator a session replays from its seed", () => {
  it("rolls the same sequence from the same seed, and another from another seed", () => {
    const roll = (seed: number) => {
      const dice = new SeededDice(seed);
      return Array.from({ length: 20 }, () => dice.roll(100));
    };
    expect(roll(42)).toEqual(roll(42));
    expect(roll(42)).not.toEqual(roll(43));
  });

  it("advances its position by mulberry32's constant 0x6d2b79f5 per roll, modulo 2^32", () => {
    const dice = new SeededDice(-1);
    // -1 >>> 0 is 4294967295.
    expect(dice.position).toBe(4294967295);
    dice.roll(6);
    // (4294967295 + 1831565813) mod 4294967296 = 1831565812.
    expect(dice.position).toBe(1831565812);
    dice.roll(6);
    expect(dice.position).toBe(3663131625);
  });

  it("only shows faces a die has, and every face of a d6 about equally often", () => {
    const dice = new SeededDice(7);
    const counts = new Map<number, number>();
    for (let i = 0; i < 6000; i += 1) {
      const value = dice.roll(6);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // A fair d6 over 6,000 rolls shows each face 1,000 times, give or take a few dozen.
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(850);
      expect(count).toBeLessThan(1150);
    }
  });

  it("shows both ends of a d2 and a d20, and nothing past them", () => {
    const dice = new SeededDice(1);
    const d20 = new Set(Array.from({ length: 2000 }, () => dice.roll(20)));
    expect(Math.min(...d20)).toBe(1);
    expect(Math.max(...d20)).toBe(20);
    expect(d20.size).toBe(20);
    const d2 = new Set(Array.from({ length: 200 }, () => dice.roll(2)));
    expect([...d2].sort()).toEqual([1, 2]);
  });

  it("rolls d100s spread over the whole range, not crowded at one end", () => {
    const dice = new SeededDice(2026);
    const rolls = Array.from({ length: 4000 }, () => dice.roll(100));
    const low = rolls.filter((r) => r <= 50).length;
    // Half the faces of a d100 are 50 or less: about 2,000 of 4,000 rolls.
    expect(low).toBeGreaterThan(1800);
    expect(low).toBeLessThan(2200);
    const mean = rolls.reduce((a, b) => a + b, 0) / rolls.length;
    // A d100's mean is 50.5.
    expect(mean).toBeGreaterThan(48);
    expect(mean).toBeLessThan(53);
  });
  it("rolls as the published mulberry32 generator does, scaled to the die", () => {
    // bryc's reference mulberry32 (github.com/bryc/code, jshash/PRNGs.md), written out here as the
    // oracle: a seeded session must replay the same dice in any host that implements the generator.
    const reference = (seed: number) => {
      let a = seed >>> 0;
      return () => {
        a = (a + 0x6d2b79f5) | 0;
        let t = Math.imul(a ^ (a >>> 15), 1 | a);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
    };
    for (const seed of [0, 1, 12345, 4294967295]) {
      const next = reference(seed);
      const dice = new SeededDice(seed);
      for (let i = 0; i < 50; i += 1) expect(dice.roll(1000)).toBe(1 + Math.floor(next() * 1000));
    }
  });
});

describe("RecordingDice: records every die rolled through another port", () => {
  it("answers with the inner port's value and records the die and the value, in order", () => {
    const dice = new RecordingDice(new ScriptedDice([5, 17]));
    expect(dice.roll(6)).toBe(5);
    expect(dice.roll(20)).toBe(17);
    expect(dice.rolls).toEqual([
      { faces: 6, value: 5 },
      { faces: 20, value: 17 },
    ]);
  });

  it("records nothing for a roll the inner port failed", () => {
    const dice = new RecordingDice(new ScriptedDice([]));
    expect(() => dice.roll(6)).toThrow(DiceExhausted);
    expect(dice.rolls).toEqual([]);
  });
});

describe("DicePortError: carries a host's own dice error out of a handler", () => {
  it("keeps the host's error and names itself", () => {
    const inner = new Error("roll me a d20");
    const carried = new DicePortError(inner);
    expect(carried.error).toBe(inner);
    expect(carried.name).toBe("DicePortError");
    expect(carried.message).toBe("the dice port failed");
  });
});
