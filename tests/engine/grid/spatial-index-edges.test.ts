import { describe, expect, it } from "vitest";
import { type Body, buildSpatialIndex, sameGrid, withBodies } from "../../../src/engine/grid";

/**
 * The spatial index where its speed-ups could change an answer: cells far from the origin (kept
 * under other keys than the cells near it), bodies in different buckets, threat shapes cached per
 * grid measure, and scene levels. Expected answers are read off the rule the index serves: flow,
 * "Reach 1 ... threaten enemies within 1 hex, which is all adjacent hexes to the creature".
 */

const HEX = { type: "hex" } as const;
const medium = (
  id: string,
  side: string,
  anchor: readonly [number, number],
  extra: Partial<Body> = {},
): Body => ({
  id,
  side,
  anchor,
  size: "medium",
  reach: 1,
  ...extra,
});

describe("spatial index: far cells and near cells are never confused", () => {
  // Near the origin a cell is kept under a number (x * 2^15 + y); [0, 32768] would share the number
  // of [1, 0], and [0, 32769] that of [1, 1], if far cells were not kept apart.
  it("finds nobody on a far cell whose near twin is taken, and no threat there", () => {
    const index = buildSpatialIndex(HEX, [medium("orc", "foes", [1, 0])]);
    expect(index.occupantAt([1, 0])).toBe("orc");
    expect(index.occupantAt([0, 32768])).toBeUndefined();
    expect(index.occupantsAt([0, 32768])).toEqual([]);
    // [1, 1] is adjacent to [1, 0], so the orc threatens it; its far twin it does not.
    expect(index.threatenersOf([1, 1])).toEqual(["orc"]);
    expect(index.threatenersOf([0, 32769])).toEqual([]);
  });

  it("answers for a body standing far from the origin, negative coordinates included", () => {
    const index = buildSpatialIndex(HEX, [
      medium("far", "foes", [-40000, 5]),
      medium("near", "foes", [0, 0]),
    ]);
    expect(index.occupantAt([-40000, 5])).toBe("far");
    expect(index.threatenersOf([-39999, 5])).toEqual(["far"]);
    expect(index.threatenersOf([1, 0])).toEqual(["near"]);
    expect(index.within([-40000, 6], 1)).toEqual(["far"]);
  });
});

describe("spatial index: buckets far from the origin", () => {
  // Cells are filed in buckets of 8 x 8; a bucket near the origin is kept under a number
  // (bx * 2^15 + by), so bucket [0, 32768] (cells from [0, 262144]) would share the number of
  // bucket [1, 0] (cells [8..15, 0..7]) if far buckets were not kept apart.
  it("finds a body in a far bucket after a near bucket with the same small-number key was searched", () => {
    const index = buildSpatialIndex(HEX, [
      medium("near", "foes", [9, 0]),
      medium("far", "foes", [0, 262144]),
    ]);
    expect(index.occupantAt([9, 0])).toBe("near");
    expect(index.occupantAt([0, 262144])).toBe("far");
    expect(index.threatenersOf([1, 262144])).toEqual(["far"]);
  });
});

describe("spatial index: every bucket searched is its own", () => {
  it("finds bodies in neighbouring buckets of one column, near and far, each in its own", () => {
    // [0, 0] and [0, 12] lie in buckets [0, 0] and [0, 1]; [0, 262144] and [0, 262160] in the far
    // buckets [0, 32768] and [0, 32770].
    const index = buildSpatialIndex(HEX, [
      medium("a", "foes", [0, 0]),
      medium("b", "foes", [0, 12]),
      medium("c", "foes", [0, 262144]),
      medium("d", "foes", [0, 262160]),
    ]);
    expect(index.occupantAt([0, 0])).toBe("a");
    expect(index.occupantAt([0, 12])).toBe("b");
    expect(index.occupantAt([0, 262144])).toBe("c");
    expect(index.occupantAt([0, 262160])).toBe("d");
  });
});

describe("spatial index: a cell just beside a body's threat range", () => {
  // Reach 1 from [0, 0] is the six adjacent hexes (flow: "all adjacent hexes to the creature").
  // [2, -1] and [-2, 1] are 2 hexes away, just outside the box of cells the threat is kept in,
  // on the right and on the left; they must not read a neighbouring row of that box.
  it("finds no threat on the hexes two steps away either side", () => {
    const index = buildSpatialIndex(HEX, [medium("x", "foes", [0, 0])]);
    expect(index.threatenersOf([2, -1])).toEqual([]);
    expect(index.threatenersOf([-2, 1])).toEqual([]);
    expect(index.threatenersOf([1, -1])).toEqual(["x"]);
    expect(index.threatenersOf([-1, 1])).toEqual(["x"]);
  });
});

describe("spatial index: bodies in different buckets", () => {
  it("lists the bodies within a radius in body order, whichever bucket is searched first", () => {
    // b0 stands east of b1; the box around [10, 0] is searched west first.
    const index = buildSpatialIndex(HEX, [medium("b0", "a", [20, 0]), medium("b1", "a", [0, 0])]);
    expect(index.within([10, 0], 10)).toEqual(["b0", "b1"]);
    expect(index.within([10, 0], 9)).toEqual([]);
    expect(index.within([19, 0], 1)).toEqual(["b0"]);
  });
});

describe("spatial index: threat shapes per grid measure", () => {
  it("measures a square grid's diagonals by its own rule even after an index on the other rule", () => {
    // Reach 2 from [0, 0]: the square [2, 2] is 2 away when diagonals cost 1, 3 away under 5/10/5.
    const body = { id: "pike", side: "foes", anchor: [0, 0] as const, size: "medium" as const, reach: 2 };
    const equidistant = buildSpatialIndex({ type: "square", diagonals: "equidistant" }, [body]);
    expect(equidistant.threatenersOf([2, 2])).toEqual(["pike"]);
    const alternating = buildSpatialIndex({ type: "square", diagonals: "alternating" }, [body]);
    expect(alternating.threatenersOf([2, 2])).toEqual([]);
    expect(alternating.threatenersOf([2, 1])).toEqual(["pike"]);
  });

  it("knows which grid descriptions measure alike", () => {
    expect(sameGrid({ type: "square" }, { type: "square", diagonals: "equidistant" })).toBe(true);
    expect(sameGrid({ type: "square" }, { type: "square", diagonals: "alternating" })).toBe(false);
    expect(
      sameGrid({ type: "square", diagonals: "alternating" }, { type: "square", diagonals: "alternating" }),
    ).toBe(true);
    // Hex grids ignore the diagonal rule.
    expect(sameGrid({ type: "hex" }, { type: "hex", diagonals: "alternating" })).toBe(true);
    expect(sameGrid({ type: "hex" }, { type: "square" })).toBe(false);
  });
});

describe("spatial index: scene levels", () => {
  // The index's contract: "bodies on different levels neither threaten nor block each other".
  it("counts as enemies only known bodies of other sides on the same level", () => {
    const index = buildSpatialIndex(HEX, [
      medium("a", "party", [0, 0], { level: "ground" }),
      medium("b", "foes", [1, 0], { level: "ground" }),
      medium("c", "foes", [0, 1], { level: "roof" }),
      medium("d", "party", [-1, 0], { level: "ground" }),
    ]);
    expect(index.isEnemy("a", "b")).toBe(true);
    expect(index.isEnemy("a", "c")).toBe(false);
    expect(index.isEnemy("a", "d")).toBe(false);
    expect(index.isEnemy("a", "ghost")).toBe(false);
    expect(index.isEnemy("ghost", "b")).toBe(false);
    expect(index.sameLevel("a", "d")).toBe(true);
    expect(index.sameLevel("b", "c")).toBe(false);
    expect(index.sameLevel("a", "ghost")).toBe(false);
    expect(index.sameLevel("ghost", "a")).toBe(false);
  });
});

describe("spatial index: one rebuilt after a move (withBodies)", () => {
  const grid = { type: "hex" } as const;
  const bodies: Body[] = [
    { id: "ana", side: "party", anchor: [0, 0], size: "medium", reach: 1 },
    { id: "orc", side: "foes", anchor: [3, 0], size: "medium", reach: 1 },
    { id: "ogre", side: "foes", anchor: [20, 20], size: "large", reach: 2 },
  ];

  it("answers as an index built afresh from the moved bodies", () => {
    const before = buildSpatialIndex(grid, bodies);
    // Fill some buckets first: the rebuilt index must not keep any of them.
    expect(before.threatenersOf([2, 0])).toEqual(["orc"]);
    const moved = bodies.map((b) => (b.id === "orc" ? { ...b, anchor: [1, 0] as const } : b));
    const rebuilt = withBodies(before, moved);
    const fresh = buildSpatialIndex(grid, moved);
    for (const cell of [
      [2, 0],
      [1, 0],
      [0, 1],
      [19, 20],
      [3, 0],
    ] as const) {
      expect(rebuilt.threatenersOf(cell)).toEqual(fresh.threatenersOf(cell));
      expect(rebuilt.occupantsAt(cell)).toEqual(fresh.occupantsAt(cell));
    }
    expect(rebuilt.threatenersOf([0, 0])).toEqual(["orc"]);
    expect(rebuilt.rankOf("ogre")).toBe(2);
    expect(rebuilt.isEnemy("ana", "orc")).toBe(true);
  });

  it("refuses bodies with other ids or in another order", () => {
    const before = buildSpatialIndex(grid, bodies);
    expect(() => withBodies(before, [...bodies].reverse())).toThrow(/withBodies/);
    expect(() => withBodies(before, bodies.slice(1))).toThrow(/withBodies/);
  });
});

describe("spatial index: far buckets that a narrower small-key range would confuse", () => {
  // Buckets are 8 x 8 cells. A bucket near the origin gets the number bx * 2^15 + by, which is only
  // unique while by stays within (-2^14, 2^14); beyond, the bucket gets a string key. Each pair
  // below is two buckets whose numbers would be equal if a far bucket were given a number too:
  // each body must still be found in its own bucket, whichever bucket is searched first.
  const pairs: [string, readonly [number, number], readonly [number, number]][] = [
    // bucket [-1, 0] and bucket [0, -32768]: -32768 either way
    ["far below", [-5, 2], [3, -262140]],
    // bucket [0, -16384] and bucket [1, -49152]: -16384 either way
    ["far below, both", [3, -131069], [11, -393212]],
    // bucket [1, 16384] and bucket [0, 49152]: 49152 either way
    ["far above, both", [11, 131075], [3, 393219]],
    // bucket [8192, 0] and bucket [0, 1]: 1 if bx were scaled by 2 / 2^14
    ["far east", [65539, 3], [3, 11]],
    // bucket [1, 0] and bucket [0, 8192]: 8192 if bx were scaled by 2^13
    ["far south", [11, 3], [3, 65539]],
  ];

  it.each(pairs)("finds each body in its own bucket (%s)", (_name, first, second) => {
    for (const order of [
      [first, second],
      [second, first],
    ] as const) {
      const index = buildSpatialIndex(HEX, [medium("one", "foes", first), medium("two", "foes", second)]);
      for (const cell of order) {
        expect(index.occupantAt(cell)).toBe(cell === first ? "one" : "two");
      }
      // flow: Reach 1 threatens "all adjacent hexes to the creature".
      expect(index.threatenersOf([first[0] + 1, first[1]])).toEqual(["one"]);
      expect(index.threatenersOf([second[0], second[1] + 1])).toEqual(["two"]);
    }
  });
});

describe("spatial index: withBodies keeps the index it started from as it was", () => {
  const ana = medium("ana", "party", [0, 0]);
  const orc = medium("orc", "foes", [12, 3]);

  it("finds a body moved into another bucket where it now stands, and the old index where it stood", () => {
    const before = buildSpatialIndex(HEX, [ana, orc]);
    // The first question makes the threat boxes of every body: the rebuilt index starts from them.
    expect(before.occupantAt([0, 0])).toBe("ana");
    const moved = withBodies(before, [ana, { ...orc, anchor: [40, 40] }]);
    expect(moved.occupantAt([40, 40])).toBe("orc");
    expect(moved.threatenersOf([41, 40])).toEqual(["orc"]);
    expect(moved.occupantAt([12, 3])).toBeUndefined();
    expect(moved.threatenersOf([13, 3])).toEqual([]);
    // The index before the move is a snapshot: it still answers for the bodies it was built from.
    expect(before.occupantAt([12, 3])).toBe("orc");
    expect(before.threatenersOf([13, 3])).toEqual(["orc"]);
    expect(before.occupantAt([40, 40])).toBeUndefined();
  });

  it("threatens by a body's new reach after it changes weapon, and the old index by the old reach", () => {
    // flow: a Reach 2 weapon threatens the hexes 2 away; Reach 1 only the adjacent ones.
    const near = medium("orc", "foes", [3, 0]);
    const before = buildSpatialIndex(HEX, [ana, near]);
    expect(before.threatenersOf([5, 0])).toEqual([]);
    const pike = withBodies(before, [ana, { ...near, reach: 2 }]);
    expect(pike.threatenersOf([5, 0])).toEqual(["orc"]);
    // [1, 0] is also beside ana; answers come in body order.
    expect(pike.threatenersOf([1, 0])).toEqual(["ana", "orc"]);
    expect(pike.threatenersOf([6, 0])).toEqual([]);
    expect(before.threatenersOf([5, 0])).toEqual([]);
    expect(before.threatenersOf([4, 0])).toEqual(["orc"]);
  });

  it("covers a body's new footprint after it grows, and the old index its old one", () => {
    // A Large hex creature stands on its anchor, the hex east of it and the hex south-east (docs/grid.md).
    const near = medium("orc", "foes", [3, 0]);
    const before = buildSpatialIndex(HEX, [ana, near]);
    expect(before.occupantsAt([3, 0])).toEqual(["orc"]);
    const large = withBodies(before, [ana, { ...near, size: "large" }]);
    expect(large.occupantsAt([4, 0])).toEqual(["orc"]);
    expect(large.occupantsAt([3, 1])).toEqual(["orc"]);
    expect(before.occupantsAt([4, 0])).toEqual([]);
    expect(before.threatenersOf([4, 0])).toEqual(["orc"]);
    expect(before.threatenersOf([5, 0])).toEqual([]);
  });

  it("refuses fewer bodies even when those it has keep their ids and order", () => {
    const before = buildSpatialIndex(HEX, [ana, orc]);
    expect(() => withBodies(before, [ana])).toThrow(
      "Tempo grid: withBodies needs the same bodies, in the same order",
    );
    expect(() => withBodies(before, [ana, orc, medium("elf", "party", [5, 5])])).toThrow(
      "Tempo grid: withBodies needs the same bodies, in the same order",
    );
  });
});
