import { describe, expect, it } from "vitest";
import { straightAway } from "../../../../src/engine/rulesets/flow/geometry";
import type { Cell } from "../../../../src/engine/state";
import { duel, Table } from "./helpers";

const HEX_DIRECTIONS: Cell[] = [
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, 0],
  [-1, 1],
  [0, 1],
];

describe('flow Shove: "Before Rolling: Choose either Push Back OR Knock Prone"', () => {
  it.each(HEX_DIRECTIONS)(
    'pushes "back 1 hex" straight away from an adjacent shover, direction [%i, %i]',
    (dq, dr) => {
      const t = duel({ orc: { at: [dq, dr] } });
      t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success", effect: "push" });
      expect(t.c("orc").at).toEqual([2 * dq, 2 * dr]);
      expect(t.conditions("orc")).toEqual([]);
    },
  );

  it("from two hexes off, pushes to the neighbour closest to straight on; between two directions, the first in neighbour order", () => {
    const hex = { grid: { type: "hex" as const }, ruleset: "flow" as const, options: {} };
    const state = { ...new Table([]).state, ...hex };
    expect(straightAway(state, [0, 0], [2, 0])).toEqual([3, 0]);
    expect(straightAway(state, [0, 0], [0, 2])).toEqual([0, 3]);
    // [2, -1] lies exactly between the directions [1, 0] and [1, -1]: the first in neighbour order.
    expect(straightAway(state, [0, 0], [2, -1])).toEqual([3, -1]);
    const square = { ...state, grid: { type: "square" as const } };
    expect(straightAway(square, [0, 0], [1, 1])).toEqual([2, 2]);
    // Direction (2, 1) is 26.6 degrees off the axis, 18.4 off the diagonal: the diagonal wins.
    expect(straightAway(square, [0, 0], [2, 1])).toEqual([3, 2]);
  });

  it('"Normal Success: Achieve chosen effect": prone knocks prone without a push', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success", effect: "prone" });
    expect(t.c("orc").at).toEqual([1, 0]);
    expect(t.conditions("orc")).toEqual(["prone"]);
  });

  it("a chosen push fails only when the hex straight back is taken, and nothing else happens", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "rat", side: "foes", at: [2, 0] },
      ],
      [9, 4, 3],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success", effect: "push" });
    expect(t.c("orc").at).toEqual([1, 0]);
    expect(t.conditions("orc")).toEqual([]);
    expect(t.event("shoved")).toMatchObject({ pushedTo: null, prone: false, pushBlocked: true });
  });

  it('"Hard Success+: Can choose to do both effects": both from Hard up; one chosen effect stays one; both on a Normal success pushes', () => {
    const crit = duel();
    crit.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "crit", effect: "both" });
    expect(crit.c("orc").at).toEqual([2, 0]);
    expect(crit.conditions("orc")).toEqual(["prone"]);
    const pushOnly = duel();
    pushOnly.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "crit", effect: "push" });
    expect(pushOnly.conditions("orc")).toEqual([]);
    const normal = duel();
    normal.do({
      type: "act",
      who: "ana",
      action: "shove",
      target: "orc",
      outcome: "success",
      effect: "both",
    });
    expect(normal.c("orc").at).toEqual([2, 0]);
    expect(normal.conditions("orc")).toEqual([]);
  });

  it("refuses a choice the action does not have", () => {
    const t = duel();
    expect(
      t.refused({
        type: "act",
        who: "ana",
        action: "shove",
        target: "orc",
        outcome: "success",
        effect: "fly",
      }),
    ).toBe("TEMPO.Refusal.FlowBadEffect");
    expect(t.refused({ type: "act", who: "ana", action: "draw", effect: "inHand" })).toBe(
      "TEMPO.Refusal.FlowBadEffect",
    );
  });
});

/** orc [1, 0] attacks ana [0, 0]; bob [-2, 0] can intercept; orc acts first. */
function interception(
  extra: { id: string; side: string; at: Cell }[] = [],
  dice: number[] = [],
  options: Record<string, string> = {},
) {
  const t = new Table(
    [
      { id: "ana", side: "party", pc: true, at: [0, 0] },
      { id: "bob", side: "party", pc: true, at: [-2, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
      ...extra,
    ],
    [2, 3, 9, ...extra.map(() => 1), ...dice],
    { type: "hex" },
    options,
  );
  t.do({ type: "start" });
  return t;
}

describe("flow Intercept", () => {
  it('"you may optionally choose to move your ally 1 hex away from your movement direction, and take their place"', () => {
    const t = interception();
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    t.do({ type: "react", who: "bob", with: "intercept", outcome: "success", effect: "takePlace" });
    // bob reaches [1, -1]; straight on through ana's hex is [-1, 1].
    expect(t.c("bob").at).toEqual([0, 0]);
    expect(t.c("ana").at).toEqual([-1, 1]);
    expect(t.event("attackResolved")).toMatchObject({ victim: "bob", interceptedBy: "bob" });
  });

  it("refuses to take the ally's place when the hex beyond the ally is taken, and any other choice", () => {
    const t = interception([{ id: "rock", side: "scenery", at: [-1, 1] }]);
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(
      t.refused({ type: "react", who: "bob", with: "intercept", outcome: "success", effect: "takePlace" }),
    ).toBe("TEMPO.Refusal.FlowTakePlaceBlocked");
    expect(
      t.refused({ type: "react", who: "ana", with: "dodge", outcome: "success", effect: "takePlace" }),
    ).toBe("TEMPO.Refusal.FlowBadEffect");
  });

  it('is offered against a Reaction Attack on an ally: Reaction Chains bar only "the defending player" from advanced reactions', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0] },
        { id: "bob", side: "party", pc: true, at: [-2, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [10, 5, 1],
    );
    t.do({ type: "start" });
    t.do({ type: "move", who: "ana", path: [[-1, 1]] });
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "bob/intercept/orc"]);
  });

  it("one reactor's failed answer leaves the others' offers open (\"You may not perform multiple Reactions\" limits each reactor)", () => {
    const t = interception();
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    t.do({ type: "react", who: "ana", with: "dodge", outcome: "fail" });
    expect(t.offers()).toEqual(["bob/intercept/orc"]);
    t.do({ type: "react", who: "bob", with: "intercept", outcome: "success" });
    expect(t.offers()).toEqual([]);
    expect(t.event("attackResolved")).toMatchObject({ victim: "bob", reaction: "intercept" });
  });

  it('a defence that wins leaves nothing to intercept; with interceptLost: closes, an Intercept closes the defender\'s offers ("No other reactions may be used as a result of this")', () => {
    const won = interception();
    won.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    won.do({ type: "react", who: "ana", with: "dodge", outcome: "success" });
    expect(won.offers()).toEqual([]);
    expect(won.event("attackResolved")).toMatchObject({ hit: false, avoidedBy: "dodge" });
    const first = interception([], [], { interceptLost: "closes" });
    first.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    first.do({ type: "react", who: "bob", with: "intercept", outcome: "fail" });
    expect(first.offers()).toEqual([]);
    expect(first.event("attackResolved")).toMatchObject({ victim: "ana" });
  });
});

describe('flow "attacking with your non-dominant hand will yield a -10 to your Melee skill on attack"', () => {
  it("a rolled off-hand melee attack is at -10: 45 misses against Melee 50", () => {
    const t = duel({ orc: { stats: { maxRp: 0 } } }, [45, 45]);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", effect: "offHand" });
    expect(t.event("attackResolved")).toMatchObject({ hit: false });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    expect(t.event("attackResolved")).toMatchObject({ hit: true });
  });

  it.each(["finesse", "brawl", "ambidextrous"])(
    '"Finesse and Brawl weapons do not have this penalty. There is a Perk to remove this detriment": tag %s',
    (tag) => {
      const t = duel({ ana: { tags: [tag] }, orc: { stats: { maxRp: 0 } } }, [45]);
      t.do({ type: "act", who: "ana", action: "attack", target: "orc", effect: "offHand" });
      expect(t.event("attackResolved")).toMatchObject({ hit: true });
    },
  );

  it("a ranged off-hand attack has no Melee penalty", () => {
    const t = duel({ orc: { at: [4, 0], stats: { maxRp: 0 } } }, [45]);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", effect: "offHand" });
    expect(t.event("attackResolved")).toMatchObject({ hit: true, melee: false });
  });
});

describe('flow "Drinking a potion from your bag: 2 AP (1 AP to draw potion, 1 AP to drink)"', () => {
  it("costs 2 AP from the bag and 1 AP for a potion already in hand", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "drinkPotion", effect: "inHand" });
    expect(t.pools("ana").ap).toBe(4);
    t.do({ type: "act", who: "ana", action: "drinkPotion", effect: "fromBag" });
    expect(t.pools("ana").ap).toBe(2);
    t.do({ type: "act", who: "ana", action: "drinkPotion" });
    expect(t.pools("ana").ap).toBe(0);
  });
});

describe('flow Ready: "Define a specific trigger condition and choose an action"', () => {
  /** orc first (9), ana (2) readies in round 1; round 2 opens on the orc. */
  function readied(action: string, orcAt: Cell = [4, 0], grid: "hex" | "none" = "hex") {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, ...(grid === "hex" ? { at: [0, 0] as Cell } : {}) },
        { id: "orc", side: "foes", ...(grid === "hex" ? { at: orcAt } : {}) },
      ],
      [2, 9],
      { type: grid },
    );
    t.do({ type: "start" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "ready", who: "ana", action, trigger: { who: "orc", verb: "move" } });
    return t;
  }

  it("a readied move fires before the trigger's move: the readier chooses its path, then the trigger goes on", () => {
    const t = readied("move");
    t.do({
      type: "move",
      who: "orc",
      path: [
        [3, 0],
        [2, 0],
      ],
    });
    expect(t.offers()).toEqual(["ana/readiedMove/orc"]);
    expect(t.c("orc").at).toEqual([4, 0]);
    expect(t.refused({ type: "react", who: "ana", with: "readiedMove" })).toBe(
      "TEMPO.Refusal.FlowReadiedMoveNeedsPath",
    );
    t.do({ type: "move", who: "ana", path: [[1, 0]] });
    expect(t.c("ana").at).toEqual([1, 0]);
    expect(t.c("orc").at).toEqual([2, 0]);
    expect(t.pools("ana").ap).toBe(0);
    expect(t.state.order).toEqual(["ana", "orc"]);
  });

  it("a readied move may be declined: the trigger's move goes on", () => {
    const t = readied("move");
    t.do({ type: "move", who: "orc", path: [[3, 0]] });
    t.do({ type: "react", who: "ana", with: "decline" });
    expect(t.c("orc").at).toEqual([3, 0]);
    expect(t.c("ana").at).toEqual([0, 0]);
  });

  it('on a gridless scene the move is the action "move" (1 AP, "maximum 2 AP/turn") and a readied one fires at once', () => {
    const t = readied("move", [4, 0], "none");
    t.do({ type: "act", who: "orc", action: "move" });
    expect(t.event("readyTriggered")).toMatchObject({ who: "ana", action: "move" });
    expect(t.pools("orc").ap).toBe(4);
    t.do({ type: "act", who: "orc", action: "move" });
    expect(t.refused({ type: "act", who: "orc", action: "move" })).toBe("TEMPO.Refusal.FlowMoveTooFar");
  });

  it("on a grid, the action move is refused: a token moves along a path", () => {
    const t = duel();
    expect(t.refused({ type: "act", who: "ana", action: "move" })).toBe("TEMPO.Refusal.FlowMoveNeedsPath");
  });

  it('Tumble Through, "without triggering Reactions", does not set off a readied action', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [1, 0] },
        { id: "cid", side: "party", pc: true, at: [0, 3] },
        { id: "orc", side: "foes", at: [2, 0] },
      ],
      [2, 1, 9, 10],
    );
    t.do({ type: "start" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "ready", who: "cid", action: "attack", trigger: { who: "orc", verb: "move" } });
    t.do({
      type: "move",
      who: "orc",
      path: [
        [1, 0],
        [0, 0],
      ],
      mode: "tumble",
    });
    expect(t.c("orc").at).toEqual([0, 0]);
    expect(t.conditions("cid")).toEqual(["readied"]);
  });
});
