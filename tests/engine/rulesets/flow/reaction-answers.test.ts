import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";

/**
 * flow reactions as they are answered (src/engine/rulesets/flow/reactions.ts): Intercept's "take
 * their place", the attack an interceptor takes, and which offers an answer closes ("You may not
 * perform multiple Reactions against a single attack").
 */

const ofType = (events: EngineEvent[], type: string) => events.filter((e) => e.type === type);

/**
 * orc (first, on 9) at [1, 0] attacks ana at [0, 0]. The hexes beside both are [1, -1] and [0, 1];
 * bob stands at [-1, 1], cat on [0, 1], so bob's one spot is [1, -1] (reached round ana in three
 * hexes: [-1, 0], [0, -1], [1, -1]), and straight away from it through ana's hex is [-1, 1]: bob's
 * own hex.
 */
function behindAna(): Table {
  const t = new Table(
    [
      { id: "ana", side: "party", at: [0, 0] },
      { id: "bob", side: "party", at: [-1, 1] },
      { id: "cat", side: "party", at: [0, 1] },
      { id: "orc", side: "foes", at: [1, 0] },
    ],
    [2, 3, 1, 9],
  );
  t.do({ type: "start" });
  expect(t.state.current).toBe("orc");
  t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
  return t;
}

describe('flow Intercept, "move your ally 1 hex away from your movement direction, and take their place"', () => {
  it("pushes the ally into the hex the interceptor left", () => {
    const t = behindAna();
    expect(t.offers()).toContain("bob/intercept/orc");
    t.do({ type: "react", who: "bob", with: "intercept", effect: "takePlace", outcome: "success" });
    expect(ofType(t.events, "moved").map((e) => [e.who, e.from, e.to, e.mode])).toEqual([
      ["bob", [-1, 1], [1, -1], "intercept"],
      ["ana", [0, 0], [-1, 1], "interceptPush"],
      ["bob", [1, -1], [0, 0], "intercept"],
    ]);
    // "you take the full damage of the attack from the enemy, and your ally takes no damage"
    expect(t.event("attackResolved")).toStrictEqual({
      type: "attackResolved",
      attacker: "orc",
      target: "ana",
      level: "normal",
      reactionAttack: false,
      melee: true,
      spell: false,
      hit: true,
      victim: "bob",
      multiplier: 1,
      killed: false,
      interceptedBy: "bob",
      reactor: "bob",
      reaction: "intercept",
    });
  });

  it("refuses to take the place when someone else stands in the hex the ally would be pushed to, naming the interceptor", () => {
    // dan at [-1, 1] and bob at [-2, 1]: bob still reaches only [1, -1] ([0, 1] is cat's), and the
    // hex straight away, [-1, 1], is dan's.
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bob", name: "Bob", side: "party", at: [-2, 1] },
        { id: "cat", side: "party", at: [0, 1] },
        { id: "dan", side: "party", at: [-1, 1] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [2, 3, 1, 4, 9],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toContain("bob/intercept/orc");
    expect(
      t.refusedWhole({
        type: "react",
        who: "bob",
        with: "intercept",
        effect: "takePlace",
        outcome: "success",
      }),
    ).toEqual({ key: "TEMPO.Refusal.FlowTakePlaceBlocked", data: { who: "Bob" } });
  });
});

describe('flow Reaction Attacks against one move ("moves OUT of any hex you threaten")', () => {
  /** ana (first) at [0, 0] between orc at [1, 0] and gob at [-1, 0]. */
  function flanked(): Table {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [-1, 0] },
      ],
      [9, 4, 3],
    );
    t.do({ type: "start" });
    return t;
  }

  it("closes only the answering reactor's offer; the other threatener keeps its own", () => {
    const t = flanked();
    // Leaving [0, 0], which both threaten, provokes both, though [0, 1] is still beside orc.
    t.do({ type: "move", who: "ana", path: [[0, 1]] });
    expect(t.offers()).toEqual(["gob/reactionAttack/ana", "orc/reactionAttack/ana"]);
    const events = t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "fail" });
    expect(ofType(events, "offerWithdrawn")).toEqual([
      {
        type: "offerWithdrawn",
        offer: expect.any(String),
        who: "orc",
        with: "reactionAttack",
        reason: "answered",
      },
    ]);
    expect(t.offers()).toEqual(["gob/reactionAttack/ana"]);
  });
});

describe('flow Reaction Attacks against a spell ("casting a spell" within your Threat Range)', () => {
  /** orc (first, on 9) at [1, 0] casts at ana [0, 0], with bob at [2, 0] beside it too. */
  function casting(extra: CombatantSetup[] = []): Table {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bob", side: "party", at: [2, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
        ...extra,
      ],
      [2, 3, 9, ...extra.map(() => 1)],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "cast", target: "ana", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/reactionAttack/orc", "bob/reactionAttack/orc"]);
    return t;
  }

  it("leaves the other threatener's offer open when one answers", () => {
    const t = casting();
    t.do({ type: "react", who: "ana", with: "reactionAttack", outcome: "fail" });
    expect(t.offers()).toEqual(["bob/reactionAttack/orc"]);
  });

  it("leaves it open too when an ally of the caster intercepts the Reaction Attack (Intercept closes that attack's offers only)", () => {
    // gob at [2, -1] is one hex from [1, -1], beside both ana and orc.
    const t = casting([{ id: "gob", side: "foes", at: [2, -1] }]);
    t.do({ type: "react", who: "ana", with: "reactionAttack", outcome: "hit" });
    expect(t.offers()).toEqual([
      "bob/reactionAttack/orc",
      "gob/intercept/ana",
      "orc/dodge/ana",
      "orc/parry/ana",
    ]);
    t.do({ type: "react", who: "gob", with: "intercept", outcome: "success" });
    expect(t.offers()).toEqual(["bob/reactionAttack/orc"]);
  });
});
