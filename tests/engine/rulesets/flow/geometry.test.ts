import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EnemyCells,
  indexOf,
  inReach,
  interceptCandidates,
  interceptCell,
  interceptSpots,
  isOpen,
  pushBackCell,
  sceneIndex,
  straightAway,
  threatenersOf,
} from "../../../../src/engine/rulesets/flow/geometry";
import type { CombatantSetup, EncounterState, GridDescription } from "../../../../src/engine/state";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";
import { runs } from "../../../support/fast-check";

/**
 * flow's questions to the grid asked directly (src/engine/rulesets/flow/geometry.ts), on scenes
 * laid out by hand. Hex cells are axial [q, r]; the neighbours of a hex, in the grid's order, are
 * +[1, 0], +[1, -1], +[0, -1], +[-1, 0], +[-1, 1], +[0, 1]; the distance between two hexes is
 * (|dq| + |dr| + |dq + dr|) / 2. A Large hex creature covers its anchor, anchor + [1, 0] and
 * anchor + [0, 1].
 */

function scene(combatants: CombatantSetup[], grid: GridDescription = { type: "hex" }): EncounterState {
  return new Table(combatants, [], grid).state;
}

function who(state: EncounterState, id: string) {
  const found = combatantIn(state, id);
  if (!found) throw new Error(`no combatant ${id}`);
  return found;
}

/** ana (party) attacked in melee by orc from [1, 0]; bob (party) stands at `bob`. */
function melee(bob: [number, number], extra: CombatantSetup[] = []): EncounterState {
  return scene([
    { id: "ana", side: "party", at: [0, 0] },
    { id: "bob", side: "party", at: bob },
    { id: "orc", side: "foes", at: [1, 0] },
    ...extra,
  ]);
}

function interceptFor(state: EncounterState, isMelee: boolean, hexes = 3) {
  return interceptCell(state, who(state, "bob"), who(state, "orc"), who(state, "ana"), isMelee, hexes);
}

describe('flow Intercept, melee: "if you cannot move to be adjacent to BOTH of them with 3 hexes of movement, you may not perform Intercept"', () => {
  it("the spots are the hexes beside both the target and the attacker, in the grid's neighbour order", () => {
    const state = melee([-2, 0]);
    // Of [0, 0]'s neighbours, [1, 0] is orc's own hex (distance 0 from orc), [0, -1], [-1, 0] and
    // [-1, 1] are 2 from orc; [1, -1] and [0, 1] are 1 from both.
    expect(interceptSpots(state, who(state, "orc"), who(state, "ana"), true)).toEqual([
      [1, -1],
      [0, 1],
    ]);
  });

  it("reaches a spot exactly 3 hexes off, and not one 3 hexes off with only 2 hexes of movement", () => {
    // cat stands on [1, -1], so [0, 1] is the one open spot; bob at [-3, 1] is 3 from it.
    const state = melee([-3, 1], [{ id: "cat", side: "party", at: [1, -1] }]);
    expect(interceptFor(state, true, 3)).toEqual([0, 1]);
    expect(interceptFor(state, true, 2)).toBeNull();
  });

  it("a spot 4 hexes off is out of reach of 3 hexes of movement", () => {
    // bob at [-3, 0]: 4 from [1, -1] ((4 + 1 + 3) / 2) and 4 from [0, 1] ((3 + 1 + 4) / 2).
    const state = melee([-3, 0]);
    expect(interceptFor(state, true, 3)).toBeNull();
  });

  it("walks through an ally's hex but not through an enemy's", () => {
    // From [-3, 1] to [0, 1] (dq 3, dr 0) the only 3-step path is straight along [1, 0]:
    // [-2, 1], [-1, 1], [0, 1]. cat (ally) on [1, -1] closes the other spot.
    const ally = melee(
      [-3, 1],
      [
        { id: "cat", side: "party", at: [1, -1] },
        { id: "dog", side: "party", at: [-2, 1] },
      ],
    );
    expect(interceptFor(ally, true)).toEqual([0, 1]);
    const enemy = melee(
      [-3, 1],
      [
        { id: "cat", side: "party", at: [1, -1] },
        { id: "rat", side: "foes", at: [-2, 1] },
      ],
    );
    expect(interceptFor(enemy, true)).toBeNull();
  });

  it("takes the nearest spot, ties settled by the walk's neighbour order", () => {
    // bob at [-2, 0] is 3 from both spots. Step 1 (neighbour order, kept when a spot is still
    // within 2): [-1, 0], [-1, -1], [-2, 1]. Step 2 from [-1, 0]: [0, 0] (ana, an ally) first.
    // Step 3 from [0, 0]: [1, 0] is orc's (an enemy), then [1, -1], a spot.
    expect(interceptFor(melee([-2, 0]), true)).toEqual([1, -1]);
  });

  it("an interceptor already standing on a spot stays there", () => {
    // bob's own hex counts as open for bob.
    expect(interceptFor(melee([0, 1]), true)).toEqual([0, 1]);
  });

  it("a spot someone else stands on is not open; with both spots taken there is no Intercept", () => {
    const state = melee(
      [-2, 0],
      [
        { id: "cat", side: "party", at: [1, -1] },
        { id: "dog", side: "party", at: [0, 1] },
      ],
    );
    expect(interceptFor(state, true)).toBeNull();
  });

  it("beside a Large target: any of its hexes counts as adjacent", () => {
    // ana (Large) covers [0, 0], [1, 0], [0, 1]; orc at [2, -1] touches [1, 0]. The hexes beside
    // both are [1, -1] (1 from orc, 1 from [0, 0] and [1, 0]) and [2, 0] (1 from orc and from
    // [1, 0] only). bob at [2, 2] is 2 from [2, 0] and 4 from [1, -1] ((1 + 3 + 4) / 2).
    const state = scene([
      { id: "ana", side: "party", at: [0, 0], size: "large" },
      { id: "bob", side: "party", at: [2, 2] },
      { id: "orc", side: "foes", at: [2, -1] },
    ]);
    expect(interceptFor(state, true)).toEqual([2, 0]);
  });

  it("beside a Large attacker: any of its hexes counts as adjacent", () => {
    // orc (Large) covers [1, -1], [2, -1], [1, 0]. Beside ana [0, 0] and orc: [0, -1] (1 from
    // [1, -1], 2 from [1, 0]) and [0, 1] (1 from [1, 0], 2 from [1, -1]). bob at [-2, 0] is 2
    // from [0, -1] ((2 + 1 + 1) / 2) and 3 from [0, 1].
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "bob", side: "party", at: [-2, 0] },
      { id: "orc", side: "foes", at: [1, -1], size: "large" },
    ]);
    expect(interceptFor(state, true)).toEqual([0, -1]);
  });

  it("nobody unplaced intercepts", () => {
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "bob", side: "party", at: null },
      { id: "orc", side: "foes", at: [1, 0] },
    ]);
    expect(interceptFor(state, true)).toBeNull();
  });
});

describe('flow Intercept, ranged: "you must be able to stand directly between your ally and the attacking enemy within 3 hexes"', () => {
  /** ana at [0, 0] shot at by orc from [4, 0]: the hexes between are [1, 0], [2, 0], [3, 0]. */
  function ranged(bob: [number, number], extra: CombatantSetup[] = []): EncounterState {
    return scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "bob", side: "party", at: bob },
      { id: "orc", side: "foes", at: [4, 0] },
      ...extra,
    ]);
  }

  it("the spots are the hexes on the line between them, from the target's side, neither end included", () => {
    const state = ranged([0, 3]);
    expect(interceptSpots(state, who(state, "orc"), who(state, "ana"), false)).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
  });

  it("stands on the line, on a hex within 3", () => {
    // bob at [2, 3]: 4 from [1, 0] ((1 + 3 + 4) / 2), 3 from [2, 0]; cat closes [3, 0].
    const state = ranged([2, 3], [{ id: "cat", side: "party", at: [3, 0] }]);
    expect(interceptFor(state, false)).toEqual([2, 0]);
    expect(interceptFor(state, false, 2)).toBeNull();
  });
});

describe("flow Intercept candidates: who could intercept, found by a range query", () => {
  it("melee: anyone within 3 + 1 hexes of the target, since it must end beside the target", () => {
    // bob at [0, 4] is 4 from ana and 3 from the spot [0, 1]: a candidate, and the walk finds it.
    const state = melee([0, 4]);
    const index = indexOf(state);
    expect(interceptCandidates(state, who(state, "orc"), who(state, "ana"), true, 3, index)).toContain("bob");
    expect(interceptFor(state, true)).toEqual([0, 1]);
    // At [0, 5] bob is 5 from ana: not a candidate.
    const far = melee([0, 5]);
    expect(interceptCandidates(far, who(far, "orc"), who(far, "ana"), true, 3, indexOf(far))).not.toContain(
      "bob",
    );
  });

  it("ranged: anyone within 3 hexes of a hex of the line, however far from the target", () => {
    // orc shoots from [6, 0]; bob at [5, 2] is 2 from [5, 0] on the line, 7 from ana.
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "bob", side: "party", at: [5, 2] },
      { id: "orc", side: "foes", at: [6, 0] },
    ]);
    expect(
      interceptCandidates(state, who(state, "orc"), who(state, "ana"), false, 3, indexOf(state)),
    ).toContain("bob");
    expect(interceptFor(state, false)).toEqual([5, 0]);
  });

  it("lists them in roster order, whichever hex of the line found them", () => {
    // orc shoots ana from [6, 0]: the line is [1, 0] to [5, 0]. bob at [1, 2] is within 3 of
    // [1, 0] ... [3, 0]; zed at [5, 3] only of [5, 0] ((0 + 3 + 3) / 2 = 3), being 5 from [3, 0].
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "zed", side: "party", at: [5, 3] },
      { id: "bob", side: "party", at: [1, 2] },
      { id: "orc", side: "foes", at: [6, 0] },
      // gob stands 3 behind the attacker, 4 from [5, 0]: the attacker's own hex is not between.
      { id: "gob", side: "foes", at: [9, 0] },
    ]);
    expect(
      interceptCandidates(state, who(state, "orc"), who(state, "ana"), false, 3, indexOf(state)),
    ).toEqual(["ana", "zed", "bob", "orc"]);
  });

  it("lists them in roster order (melee)", () => {
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "zed", side: "party", at: [0, 3] },
      { id: "bob", side: "party", at: [-1, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
    ]);
    expect(interceptCandidates(state, who(state, "orc"), who(state, "ana"), true, 3, indexOf(state))).toEqual(
      ["ana", "zed", "bob", "orc"],
    );
  });
});

describe('flow threat: "These actions only provoke Reaction Attacks if they happen within your Threat Range"', () => {
  it("the enemies threatening a combatant, in roster order, its allies not among them", () => {
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "rat", side: "foes", at: [0, 1] },
      { id: "bob", side: "party", at: [-1, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
      { id: "gob", side: "foes", at: [3, 0] },
    ]);
    expect(threatenersOf(state, who(state, "ana")).map((c) => c.id)).toEqual(["rat", "orc"]);
  });

  it("a Large enemy threatens 2 hexes off; an unplaced or gridless combatant is threatened by nobody", () => {
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "ogre", side: "foes", at: [2, 0], size: "large" },
      { id: "ghost", side: "party", at: null },
    ]);
    expect(threatenersOf(state, who(state, "ana")).map((c) => c.id)).toEqual(["ogre"]);
    expect(threatenersOf(state, who(state, "ghost"))).toEqual([]);
    const gridless = scene(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      { type: "none" },
    );
    expect(threatenersOf(gridless, who(gridless, "ana"))).toEqual([]);
  });

  it("reach: a melee attack reaches any hex of a Large target; a gridless scene or an unplaced token counts as in reach", () => {
    // ogre (Large) at [2, 0] covers [2, 0], [3, 0], [2, 1]. ana at [1, 1] is 1 from [2, 0] and
    // [2, 1] but 2 from [3, 0]; far at [0, 1] is 2 from [2, 0] and [2, 1], 3 from [3, 0].
    const state = scene([
      { id: "ana", side: "party", at: [1, 1] },
      { id: "ogre", side: "foes", at: [2, 0], size: "large" },
      { id: "far", side: "party", at: [0, 1] },
      { id: "ghost", side: "party", at: null },
    ]);
    expect(inReach(state, who(state, "ana"), who(state, "ogre"))).toBe(true);
    expect(inReach(state, who(state, "far"), who(state, "ogre"))).toBe(false);
    expect(inReach(state, who(state, "ghost"), who(state, "ogre"))).toBe(true);
    expect(inReach(state, who(state, "ana"), who(state, "ghost"))).toBe(true);
    const gridless = scene(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [9, 0] },
      ],
      { type: "none" },
    );
    expect(inReach(gridless, who(gridless, "ana"), who(gridless, "orc"))).toBe(true);
  });

  it("a gridless scene has no index to measure with; a grid scene's is the one of its state", () => {
    const gridless = scene([{ id: "ana", side: "party", at: [0, 0] }], { type: "none" });
    expect(sceneIndex(gridless)).toBeUndefined();
    const state = scene([{ id: "ana", side: "party", at: [0, 0] }]);
    expect(sceneIndex(state)).toBe(indexOf(state));
  });
});

describe('flow room: "You may not end your movement in the same square as any other enemy or ally"', () => {
  it("a Large creature needs every hex of its footprint free of others", () => {
    const state = scene([
      { id: "ogre", side: "foes", at: [0, 0], size: "large" },
      { id: "ana", side: "party", at: [4, 1] },
    ]);
    const ogre = who(state, "ogre");
    // At [3, 0] the ogre would cover [3, 0], [4, 0], [3, 1]: all free. At [3, 1], [4, 1] is ana's.
    expect(isOpen(state, ogre, [3, 0])).toBe(true);
    expect(isOpen(state, ogre, [3, 1])).toBe(false);
    // Its own hexes do not block it: [1, 0] overlaps [0, 0]'s footprint at [1, 0].
    expect(isOpen(state, ogre, [1, 0])).toBe(true);
  });
});

describe('flow Shove: "push back 1 hex"', () => {
  it("pushes to the hex straight away from the shover when it is free, and nowhere when it is taken", () => {
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [0, 1] },
      { id: "rat", side: "foes", at: [1, 1] },
    ]);
    // From [0, 0] through [0, 1] the next hex is [0, 2].
    expect(pushBackCell(state, who(state, "ana"), who(state, "orc"))).toEqual([0, 2]);
    // rat shoved by orc from [0, 1] through [1, 1] (direction [1, 0]) goes to [2, 1].
    expect(pushBackCell(state, who(state, "orc"), who(state, "rat"))).toEqual([2, 1]);
    const blocked = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [0, 1] },
      { id: "rat", side: "foes", at: [0, 2] },
    ]);
    expect(pushBackCell(blocked, who(blocked, "ana"), who(blocked, "orc"))).toBeNull();
  });

  it("an unplaced shover pushes nowhere; from the target's own hex there is no direction", () => {
    const state = scene([
      { id: "ana", side: "party", at: null },
      { id: "orc", side: "foes", at: [0, 1] },
    ]);
    expect(pushBackCell(state, who(state, "ana"), who(state, "orc"))).toBeNull();
    expect(straightAway(state, [2, 2], [2, 2])).toBeNull();
  });

  it("on a hex grid the direction is measured on the plane, not on the axial coordinates", () => {
    const state = scene([]);
    // From [0, 0] to [1, 1] (pointy-top centres (0, 0) and (1.5·√3, 1.5)): 30° below the east
    // axis, exactly between east [1, 0] and south-east [0, 1]: the first in neighbour order.
    expect(straightAway(state, [0, 0], [1, 1])).toEqual([2, 1]);
    // From [0, 0] to [-1, 2] (centres (0, 0) and (0, 3)): straight south, between [0, 1] and [-1, 1]
    // (60° off each): [-1, 1] comes first in neighbour order.
    expect(straightAway(state, [0, 0], [-1, 2])).toEqual([-2, 3]);
    // From [0, 0] to [3, -1] (centre (2.5·√3, -1.5)): 19.1° above east; [1, -1] points 60° above
    // east (40.9° off), so east [1, 0] (19.1° off) wins.
    expect(straightAway(state, [0, 0], [3, -1])).toEqual([4, -1]);
  });
});

describe("flow geometry off the grid and in corner cases", () => {
  it("on a gridless scene nobody has a spot to intercept from, nor a hex to be pushed to", () => {
    const gridless = scene(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bob", side: "party", at: [-1, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      { type: "none" },
    );
    const [ana, bob, orc] = [who(gridless, "ana"), who(gridless, "bob"), who(gridless, "orc")];
    const index = indexOf(melee([-1, 0]));
    expect(interceptSpots(gridless, orc, ana, true)).toEqual([]);
    expect(interceptSpots(gridless, orc, ana, false)).toEqual([]);
    expect(interceptCandidates(gridless, orc, ana, true, 3, index)).toEqual([]);
    expect(interceptCandidates(gridless, orc, ana, false, 3, index)).toEqual([]);
    expect(interceptCell(gridless, bob, orc, ana, true, 3)).toBeNull();
    expect(pushBackCell(gridless, ana, orc)).toBeNull();
  });

  it("an unplaced attacker leaves no line of fire to stand on", () => {
    const state = scene([
      { id: "ana", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: null },
    ]);
    expect(interceptSpots(state, who(state, "orc"), who(state, "ana"), false)).toEqual([]);
    expect(
      interceptCandidates(state, who(state, "orc"), who(state, "ana"), false, 3, indexOf(state)),
    ).toEqual([]);
  });

  it("a shover on the target's own hex (another scene level) has no direction to push in", () => {
    const state = scene([
      { id: "ana", side: "party", at: [0, 0], level: "upper" },
      { id: "orc", side: "foes", at: [0, 0], level: "lower" },
    ]);
    expect(pushBackCell(state, who(state, "ana"), who(state, "orc"))).toBeNull();
  });

  it("on a square grid the direction is the square's own: straight on, or the closest of the eight", () => {
    const square = scene([], { type: "square" });
    // (2, -1) is 26.6° above east: 18.4° off the diagonal [1, -1], 26.6° off east.
    expect(straightAway(square, [0, 0], [2, -1])).toEqual([3, -2]);
    // Due east from [0, 1]: the square east of [1, 1].
    expect(straightAway(square, [0, 1], [1, 1])).toEqual([2, 1]);
  });
});

describe('flow Intercept, "if you cannot move to be adjacent to BOTH of them with 3 hexes of movement, you may not perform Intercept": one attack\'s search asks the index once per cell (EnemyCells), and finds what a search of its own finds', () => {
  it("for every body on crowded scenes of two sides on two levels, whichever side it is on, melee and ranged", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            q: fc.integer({ min: -5, max: 5 }),
            r: fc.integer({ min: -5, max: 5 }),
            side: fc.constantFrom("party", "foes"),
            upstairs: fc.boolean(),
            size: fc.constantFrom("medium" as const, "medium" as const, "large" as const),
          }),
          { minLength: 4, maxLength: 40 },
        ),
        fc.boolean(),
        (placed, isMelee) => {
          const seen = new Set<string>(["0,0", "1,0"]);
          const crowd: CombatantSetup[] = [];
          placed.forEach((p, i) => {
            if (seen.has(`${p.q},${p.r}`)) return;
            seen.add(`${p.q},${p.r}`);
            crowd.push({
              id: `c${i}`,
              side: p.side,
              at: [p.q, p.r],
              size: p.size,
              ...(p.upstairs ? { level: "balcony" } : {}),
            });
          });
          const state = scene([
            { id: "ana", side: "party", at: [0, 0] },
            { id: "orc", side: "foes", at: isMelee ? [1, 0] : [4, -2] },
            ...crowd,
          ]);
          const index = indexOf(state);
          const ana = who(state, "ana");
          const orc = who(state, "orc");
          const spots = interceptSpots(state, orc, ana, isMelee);
          const enemies = new EnemyCells();
          for (const c of state.combatants) {
            if (c.id === "ana" || c.id === "orc") continue;
            const shared = interceptCell(state, c, orc, ana, isMelee, 3, index, spots, enemies);
            expect(shared, c.id).toEqual(interceptCell(state, c, orc, ana, isMelee, 3, index, spots));
          }
        },
      ),
      { numRuns: runs(150) },
    );
  });
});
