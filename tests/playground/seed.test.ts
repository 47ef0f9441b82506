/**
 * The header's dice seed (issue 45): a seed is a whole number the dice take (0 to 2^32 - 1); a
 * typed value that is not one is refused, never wrapped (-5 was 4294967291) or rounded (1e30 was 0).
 */
import { describe, expect, it } from "vitest";

import { MAX_SEED, parseSeed } from "../../src/playground/config";

describe("a typed dice seed", () => {
  it("takes a whole number from 0 to the dice's largest 32-bit seed", () => {
    expect(parseSeed("0")).toBe(0);
    expect(parseSeed(" 77 ")).toBe(77);
    expect(parseSeed("007")).toBe(7);
    expect(parseSeed(String(MAX_SEED))).toBe(4294967295);
  });

  it("refuses a negative, a fraction, an exponent, a seed too large, text and nothing", () => {
    for (const typed of [
      "-5",
      "2.5",
      "1e30",
      "1e3",
      "4294967296",
      "99999999999",
      "abc",
      "",
      " ",
      "+3",
      "0x10",
    ])
      expect(parseSeed(typed), typed).toBeNull();
  });
});
