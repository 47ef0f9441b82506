import { describe, expect, it } from "vitest";
import { DEFENCES, FLOW_ACTIONS, FLOW_REACTIONS } from "../../../../src/engine/rulesets/flow/catalog";
import { getRuleset } from "../../../../src/engine/registry";

/**
 * flow's catalogue read against the rule text, entry by entry: each action's AP cost ("Attacking/
 * Casting a Spell: 2 AP", "Using Class Abilities 2 AP", "Drawing/Sheathing an item: 1 AP each",
 * "Drinking a potion from your bag: 2 AP", "Using a Magic Item: 1-2 AP", the Special Actions
 * table), what it may be aimed at, and which choices the actor states; each reaction's RP cost
 * ("Dodge/Parry/Block/Reaction Attack for 1 RP each", "Riposte/Intercept for 2 RP each").
 * The hosts list actions by `id` and group them by `kind`, so those are checked too.
 */

describe("flow's action catalogue", () => {
  it.each([
    ["attack", 2, "attack", "enemy", undefined, undefined],
    ["cast", 2, "attack", "any", undefined, undefined],
    ["classAbility", 2, "action", "any", ["cost"], undefined],
    ["draw", 1, "action", "none", undefined, undefined],
    ["sheathe", 1, "action", "none", undefined, undefined],
    ["drinkPotion", 2, "action", "none", undefined, undefined],
    ["useItem", 2, "action", "none", ["cost"], undefined],
    ["disarm", 2, "special", "enemy", undefined, undefined],
    ["feint", 1, "special", "enemy", undefined, ["oncePerRound"]],
    ["flowState", 1, "special", "none", undefined, undefined],
    ["grapple", 2, "special", "enemy", undefined, undefined],
    ["shove", 1, "special", "enemy", undefined, ["oncePerRound"]],
    ["totalDefense", 3, "special", "none", undefined, undefined],
    ["standUp", 1, "action", "none", undefined, undefined],
    ["move", 1, "move", "none", undefined, undefined],
  ])("%s costs %s AP, is a(n) %s action aimed at %s", (id, ap, kind, target, chosen, limits) => {
    const def = FLOW_ACTIONS[id];
    expect(def?.id).toBe(id);
    expect(def?.cost).toEqual({ ap });
    expect(def?.kind).toBe(kind);
    expect(def?.target).toBe(target);
    expect(def?.chosen).toEqual(chosen);
    expect(def?.limits).toEqual(limits);
  });

  it("holds those fifteen actions and no other, and is the ruleset's own", () => {
    expect(Object.keys(FLOW_ACTIONS).sort()).toEqual(
      [
        "attack",
        "cast",
        "classAbility",
        "draw",
        "sheathe",
        "drinkPotion",
        "useItem",
        "disarm",
        "feint",
        "flowState",
        "grapple",
        "shove",
        "totalDefense",
        "standUp",
        "move",
      ].sort(),
    );
    expect(getRuleset("flow").actions).toBe(FLOW_ACTIONS);
  });
});

describe("flow's reaction catalogue", () => {
  it.each([
    ["dodge", { rp: 1 }],
    ["parry", { rp: 1 }],
    ["block", { rp: 1 }],
    ["reactionAttack", { rp: 1 }],
    ["riposte", { rp: 2 }],
    ["intercept", { rp: 2 }],
    // A readied move about to fire is answered with a move; it costs no RP.
    ["readiedMove", {}],
  ])("%s costs %j", (id, cost) => {
    expect(FLOW_REACTIONS[id]).toEqual({ id, cost });
  });

  it("defends against an attack with Dodge, Parry, Block or Riposte (Intercept protects another)", () => {
    expect(DEFENCES).toEqual(["dodge", "parry", "block", "riposte"]);
    expect(Object.keys(FLOW_REACTIONS)).toHaveLength(7);
  });
});
