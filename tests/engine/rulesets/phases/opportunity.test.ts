import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * phases' attacks of opportunity (rules/phases.txt). Hex neighbours of [q, r]: [q±1, r], [q, r±1],
 * [q+1, r-1], [q-1, r+1]; everybody has reach 1, so threatens the six hexes around it.
 */
const hex = { grid: { type: "hex" as const } };
const table = (combatants: CombatantSetup[], dice: number[] = []) =>
  new Table(combatants, dice, hex).do({ type: "start" });

describe('phases: "You threaten all hexes into which you can make a melee attack"', () => {
  it("an ally next to the mover threatens nothing it could provoke", () => {
    const t = table([
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8 } },
      { id: "ally", side: "party", at: [1, 0], stats: { combatValue: 7 } },
      { id: "thug", side: "foes", at: [5, 0], stats: { combatValue: 6 } },
    ]);
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    t.do({ type: "act", who: "hero", action: "pickUp" });
    expect(t.state.offers).toEqual([]);
    expect(t.eventsOf("reactionOffered")).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
  });

  it("leaving the hexes of two enemies offers both, in roster order, and holds the move where it provoked", () => {
    // [0, 0] is next to the thug's [1, 0] and the goon's [-1, 1]; [0, -1] is next to neither.
    const t = table([
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      { id: "goon", side: "foes", at: [-1, 1], stats: { combatValue: 5 } },
    ]);
    t.do({ type: "move", who: "hero", path: [[0, -2]] });
    const pending = t.state.pending[0];
    expect(t.state.pending).toEqual([
      {
        id: pending?.id,
        kind: "move",
        actor: "hero",
        data: {
          rest: [
            [0, -1],
            [0, -2],
          ],
          origin: [0, 0],
        },
      },
    ]);
    expect(t.eventsOf("reactionOffered").map((e) => [e.who, e.against, e.kind, e.cell])).toEqual([
      ["thug", "hero", "move", [0, 0]],
      ["goon", "hero", "move", [0, 0]],
    ]);
    expect(t.eventsOf("movePaused")).toEqual([
      { type: "movePaused", who: "hero", at: [0, 0], pending: pending?.id },
    ]);
    t.do({ type: "react", who: "goon", with: "decline" });
    expect(combatantIn(t.state, "hero")?.at).toEqual([0, 0]);
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "miss" });
    expect(combatantIn(t.state, "hero")?.at).toEqual([0, -2]);
    expect(t.state.pending).toEqual([]);
    expect(t.eventsOf("moved")).toEqual([
      {
        type: "moved",
        who: "hero",
        from: [0, 0],
        to: [0, -2],
        path: [
          [0, 0],
          [0, -1],
          [0, -2],
        ],
      },
    ]);
  });

  it("a move that provokes a second enemy further on is held again there", () => {
    // Leaving [0, 0] provokes the thug at [1, 0]; the hero walks on through [-1, 0] and [-2, 0] to
    // [-3, 0]: [-2, 0] (not [-1, 0]) is next to the goon's [-2, -1], so leaving it provokes the goon.
    const t = table([
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      { id: "goon", side: "foes", at: [-2, -1], stats: { combatValue: 5 } },
    ]);
    t.do({ type: "move", who: "hero", path: [[-3, 0]] });
    expect(t.state.offers.map((o) => o.who)).toEqual(["thug"]);
    t.do({ type: "react", who: "thug", with: "decline" });
    expect(t.state.offers.map((o) => [o.who, o.cell])).toEqual([["goon", [-2, 0]]]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
    t.do({ type: "react", who: "goon", with: "decline" });
    expect(combatantIn(t.state, "hero")?.at).toEqual([-3, 0]);
    expect(t.eventsOf("moved")).toEqual([
      {
        type: "moved",
        who: "hero",
        from: [0, 0],
        to: [-3, 0],
        path: [
          [-2, 0],
          [-3, 0],
        ],
      },
    ]);
  });
});

describe("phases: who may take an attack of opportunity", () => {
  const three = (thug: Partial<CombatantSetup> = {}) =>
    table([
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 }, ...thug },
      { id: "goon", side: "foes", at: [6, 0], stats: { combatValue: 5 } },
    ]);

  it.each(["unconscious", "paralysed"])("nobody %s takes one: the move goes on unheld", (condition) => {
    const t = three().do({ type: "apply", who: "thug", condition, rounds: null });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.offers).toEqual([]);
    expect(t.state.pending).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
  });

  it("the defeated take none", () => {
    const t = three().do({ type: "setDefeated", who: "thug", defeated: true });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.offers).toEqual([]);
  });

  it('"you cannot make an attack of opportunity if you have used the dodge manoeuvre"', () => {
    const t = table([
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 9 } },
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 6 } },
    ]);
    t.do({ type: "act", who: "thug", action: "dodge" }).next();
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
  });

  it("a block is no dodge: the blocker still takes its attack of opportunity", () => {
    const t = table([
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 9 } },
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 6 } },
    ]);
    t.do({ type: "act", who: "thug", action: "block" }).next();
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.offers.map((o) => o.who)).toEqual(["thug"]);
  });

  it("the unaware take none during the Surprise Phase", () => {
    const t = table([
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "thug", side: "foes", at: [1, 0], surprised: true, stats: { combatValue: 6 } },
    ]);
    expect(t.state.phase).toBe("surprise");
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
  });

  it('"If you have the Combat Reflexes skill you can make more than one attack of opportunity in each Phase": one more per level', () => {
    const t = table([
      { id: "ana", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "ben", side: "party", at: [2, -1], stats: { combatValue: 8 } },
      { id: "cid", side: "party", at: [1, 1], stats: { combatValue: 7 } },
      { id: "vet", side: "foes", at: [1, 0], stats: { combatValue: 3 }, skills: { combatReflexes: 1 } },
    ]);
    t.do({ type: "move", who: "ana", path: [[-2, 0]] });
    t.do({ type: "react", who: "vet", with: "attackOfOpportunity", outcome: "miss" });
    expect(combatantIn(t.state, "ana")?.at).toEqual([-2, 0]);
    t.next();
    t.do({ type: "move", who: "ben", path: [[4, -2]] });
    expect(t.state.offers.map((o) => o.who)).toEqual(["vet"]);
    t.do({ type: "react", who: "vet", with: "attackOfOpportunity", outcome: "miss" });
    // Two taken: level 1 allows 1 + 1, so the third mover provokes nobody.
    t.next();
    t.do({ type: "move", who: "cid", path: [[1, 3]] });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "cid")?.at).toEqual([1, 3]);
    // A new Phase gives the reflexes back.
    t.next(2);
    expect(t.state).toMatchObject({ phase: 2, current: "ana" });
    t.do({ type: "move", who: "ana", path: [[0, 0]] });
    t.do({ type: "act", who: "ana", action: "pickUp" });
    expect(t.state.offers.map((o) => o.who)).toEqual(["vet"]);
  });

  it("the limit reached withdraws the reactor's other open offers", () => {
    // Leaving [0, 0] provokes the thug ([1, 0]) and the goon ([-1, 1]); the goon has already
    // used its one attack of opportunity, so only the thug is offered.
    const t = table([
      { id: "goon", side: "foes", at: [-1, 1], stats: { combatValue: 10 } },
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "ally", side: "party", at: [-2, 1], stats: { combatValue: 8 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
    ]);
    t.next();
    t.do({ type: "act", who: "hero", action: "pickUp" });
    expect(t.state.offers.map((o) => o.who)).toEqual(["goon", "thug"]);
    t.do({ type: "react", who: "goon", with: "attackOfOpportunity", outcome: "miss" });
    t.do({ type: "react", who: "thug", with: "decline" });
    t.next();
    t.do({ type: "act", who: "ally", action: "pickUp" });
    expect(t.state.offers).toEqual([]);
    t.do({ type: "move", who: "ally", path: [[-3, 0]] });
    expect(t.state.offers).toEqual([]);
  });
});

describe('phases: actions that "divert your attention from the battle" in a threatened hex', () => {
  const duel = (heroSetup: Partial<CombatantSetup> = {}, dice: number[] = []) =>
    table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 }, ...heroSetup },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      ],
      dice,
    );

  it('"Yes (skill check negates)": a successful skill check provokes nothing, any other outcome provokes', () => {
    const t = duel();
    t.do({ type: "act", who: "hero", action: "drawFocus", outcome: "success" });
    expect(t.state.offers).toEqual([]);
    t.do({ type: "act", who: "hero", action: "reload" });
    expect(t.state.pending.map((p) => [p.kind, p.actor, p.data])).toEqual([
      ["act", "hero", { action: "reload" }],
    ]);
    expect(t.eventsOf("reactionOffered").map((e) => [e.who, e.kind, e.cell])).toEqual([
      ["thug", "act", [0, 0]],
    ]);
  });

  it('"Pick up an item | Yes": it provokes whatever the outcome', () => {
    const t = duel();
    t.do({ type: "act", who: "hero", action: "pickUp", outcome: "success" });
    expect(t.state.offers.map((o) => o.who)).toEqual(["thug"]);
  });

  it.each(["strike", "dodge", "block", "recover"])('"%s" provokes nothing (the table says No)', (action) => {
    const t = duel();
    t.do({
      type: "act",
      who: "hero",
      action,
      ...(action === "strike" ? { target: "thug", outcome: "miss" as const } : {}),
    });
    expect(t.state.offers).toEqual([]);
  });

  it("the provoking action completes once the attack of opportunity is declined: standing up leaves prone", () => {
    const t = duel().do({ type: "apply", who: "hero", condition: "prone", rounds: null });
    t.do({ type: "act", who: "hero", action: "standUp" });
    expect(t.conditions("hero")).toEqual(["prone"]);
    t.do({ type: "react", who: "thug", with: "decline" });
    expect(t.conditions("hero")).toEqual([]);
    expect(t.state.pending).toEqual([]);
  });

  it("an attack of opportunity that kills stops the provoking action: the dead do not stand up", () => {
    const t = duel().do({ type: "apply", who: "hero", condition: "prone", rounds: null });
    t.do({ type: "act", who: "hero", action: "standUp" });
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "kill" });
    expect(combatantIn(t.state, "hero")?.defeated).toBe(true);
    expect(t.conditions("hero")).toEqual(["prone"]);
    expect(t.state.pending).toEqual([]);
    expect(t.eventsOf("defeatedChanged")).toEqual([{ type: "defeatedChanged", who: "hero", defeated: true }]);
  });

  it("the attack of opportunity is rolled like any attack: 3d6 + OCV against 10 + DCV", () => {
    // thug OCV 5 against hero DCV 4: needs 10 + 4 - 5 = 9 on 3d6; 2 + 3 + 4 = 9 hits.
    const t = table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9, dcv: 4 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6, ocv: 5 } },
      ],
      [2, 3, 4],
    );
    t.do({ type: "act", who: "hero", action: "pickUp" });
    const offerId = t.state.offers[0]?.id;
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity" });
    expect(t.eventsOf("reactionResolved")).toEqual([
      { type: "reactionResolved", who: "thug", with: "attackOfOpportunity", against: "hero", offer: offerId },
    ]);
    expect(t.eventsOf("attackResolved")).toEqual([
      {
        type: "attackResolved",
        who: "thug",
        target: "hero",
        with: "attackOfOpportunity",
        outcome: "hit",
        hit: true,
        roll: 9,
        needed: 9,
        ocv: 5,
        dcv: 4,
      },
    ]);
    expect(t.dice.remaining).toBe(0);
  });
});

describe("phases: an attack that kills", () => {
  it('marks the target defeated ("kill"), and a "crit" is a hit that does not', () => {
    const t = table([
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      { id: "goon", side: "foes", at: [0, 1], stats: { combatValue: 5 } },
    ]);
    t.do({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "crit" });
    expect(t.eventsOf("attackResolved").at(-1)).toMatchObject({ outcome: "crit", hit: true, roll: null });
    expect(combatantIn(t.state, "goon")?.defeated).toBe(false);
    t.next();
    expect(t.state.current).toBe("thug");
    t.do({ type: "act", who: "thug", action: "attack", target: "hero", outcome: "kill" });
    expect(t.eventsOf("attackResolved").at(-1)).toMatchObject({ outcome: "kill", hit: true });
    expect(combatantIn(t.state, "hero")?.defeated).toBe(true);
    expect(t.eventsOf("defeatedChanged")).toEqual([{ type: "defeatedChanged", who: "hero", defeated: true }]);
  });

  it("an attack of opportunity that kills the mover withdraws the other threateners' offers and stops the move", () => {
    const t = table([
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      { id: "goon", side: "foes", at: [-1, 1], stats: { combatValue: 5 } },
    ]);
    t.do({ type: "move", who: "hero", path: [[0, -2]] });
    const goonOffer = t.state.offers.find((o) => o.who === "goon")?.id;
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "kill" });
    expect(t.eventsOf("offerWithdrawn")).toContainEqual({
      type: "offerWithdrawn",
      offer: goonOffer,
      who: "goon",
      with: "attackOfOpportunity",
      reason: "defeated",
    });
    expect(t.state.offers).toEqual([]);
    expect(t.state.pending).toEqual([]);
    expect(t.eventsOf("moveStopped")).toEqual([
      { type: "moveStopped", who: "hero", at: [0, 0], reason: "defeated" },
    ]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([0, 0]);
  });

  it("the GM defeating a held mover stops its move", () => {
    const t = table([
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
    ]);
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    t.do({ type: "setDefeated", who: "hero", defeated: true });
    t.do({ type: "react", who: "thug", with: "decline" });
    expect(t.eventsOf("moveStopped")).toEqual([
      { type: "moveStopped", who: "hero", at: [0, 0], reason: "defeated" },
    ]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([0, 0]);
    expect(t.state.pending).toEqual([]);
  });
});
