import { describe, expect, it } from "vitest";
import {
  groupOf,
  isSurprised,
  maxApOf,
  objectField,
  stat,
  stringList,
} from "../../../../src/engine/rulesets/rating/setup";
import { Table } from "./helpers";

/** One NPC set up by rating, with the stats and tags given. */
function setUp(
  extra: { stats?: Record<string, number>; tags?: string[]; pc?: boolean; surprised?: boolean } = {},
) {
  return new Table([{ id: "x", side: "foes", ...extra }]).c("x");
}

describe('rating max AP ("The maximum number of times that a character can act during a round is determined by their max AP")', () => {
  it("sets both the AP pool and its maximum to maxAp, down to 1 AP", () => {
    expect([setUp({ stats: { maxAp: 1 } }).pools, setUp({ stats: { maxAp: 1 } }).maxPools]).toEqual([
      { ap: 1 },
      { ap: 1 },
    ]);
    expect([setUp({ stats: { maxAp: 4 } }).pools, setUp({ stats: { maxAp: 4 } }).maxPools]).toEqual([
      { ap: 4 },
      { ap: 4 },
    ]);
  });

  it("gives 3 AP to a character whose maxAp is missing or 0 (the text gives no number: docs/rulesets/rating.md)", () => {
    expect(setUp().pools).toEqual({ ap: 3 });
    expect(setUp().maxPools).toEqual({ ap: 3 });
    expect(setUp({ stats: { maxAp: 0 } }).pools).toEqual({ ap: 3 });
    expect(setUp({ stats: { maxAp: 0 } }).maxPools).toEqual({ ap: 3 });
  });

  it("reads a maxAp that is not a whole number of at least 1 as the default 3", () => {
    const c = setUp();
    for (const bad of [2.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      c.stats.maxAp = bad;
      expect(maxApOf(c)).toBe(3);
    }
    c.stats.maxAp = 2;
    expect(maxApOf(c)).toBe(2);
  });
});

describe('rating groups ("The GM ... should roll once for larger groups of similar NPCs")', () => {
  it("files an NPC tagged group:<name> under that group, in its ext", () => {
    expect(setUp({ tags: ["shield", "group:wolves"] }).ext).toEqual({ group: "wolves" });
  });

  it("files no group for a PC (PCs roll alone), a bare group: tag or other tags", () => {
    expect(setUp({ pc: true, tags: ["group:wolves"] }).ext).toEqual({});
    expect(setUp({ tags: ["group:"] }).ext).toEqual({});
    expect(setUp({ tags: ["shield"] }).ext).toEqual({});
    expect(setUp({ tags: ["wolves-group:"] }).ext).toEqual({});
  });

  it("prefers the ext field group to a tag, and falls back to the tag when the field is empty or not a name", () => {
    const c = setUp({ tags: ["group:wolves"] });
    c.ext.group = "pack";
    expect(groupOf(c)).toBe("pack");
    c.ext.group = "";
    expect(groupOf(c)).toBe("wolves");
    c.ext.group = 7;
    expect(groupOf(c)).toBe("wolves");
    c.tags = [];
    expect(groupOf(c)).toBeNull();
    c.ext.group = "pack";
    c.pc = true;
    expect(groupOf(c)).toBeNull();
  });
});

describe('rating surprise ("The GM should determine which characters count as being surprised")', () => {
  it("counts a combatant set up as surprised, or given the surprised condition, and no other", () => {
    expect(isSurprised(setUp({ surprised: true }))).toBe(true);
    const c = setUp();
    expect(isSurprised(c)).toBe(false);
    c.conditions = [{ id: "surprised", rounds: null }];
    expect(isSurprised(c)).toBe(true);
    c.conditions = [{ id: "prone", rounds: null }];
    expect(isSurprised(c)).toBe(false);
  });
});

describe("rating's readers of stats and ext fields", () => {
  it("reads a missing or non-finite stat as 0 (an Initiative Rating or Luck the sheet does not give adds nothing)", () => {
    const c = setUp({ stats: { luck: 2, initiativeRating: 5 } });
    expect(stat(c, "luck")).toBe(2);
    expect(stat(c, "initiativeRating")).toBe(5);
    expect(stat(c, "agility")).toBe(0);
    c.stats.luck = Number.NaN;
    expect(stat(c, "luck")).toBe(0);
    c.stats.luck = Number.NEGATIVE_INFINITY;
    expect(stat(c, "luck")).toBe(0);
  });

  it("reads an ext field as an object only when it is one", () => {
    const ext = { obj: { a: 1 }, list: [1], text: "a", none: null, zero: 0 };
    expect(objectField(ext, "obj")).toEqual({ a: 1 });
    for (const key of ["list", "text", "none", "zero", "missing"]) expect(objectField(ext, key)).toBeNull();
  });

  it("reads an ext field as a list of strings, dropping anything else", () => {
    const ext = { ids: ["e1", 2, "e3", null], text: "e1", obj: { 0: "e1" } };
    expect(stringList(ext, "ids")).toEqual(["e1", "e3"]);
    expect(stringList(ext, "text")).toEqual([]);
    expect(stringList(ext, "obj")).toEqual([]);
    expect(stringList(ext, "missing")).toEqual([]);
  });
});
