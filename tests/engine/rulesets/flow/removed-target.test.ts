import { describe, expect, it } from "vitest";
import { Table, orcHitsAna } from "./helpers";

/**
 * An attack whose target the GM removes ends with it: nobody is left to take the hit, so an ally's
 * "Intercept: 2 RP to move up to 3 hexes to take an attack for an adjacent ally" can no longer be
 * answered. Its offer is withdrawn (reason removed) and the attack dropped, so the fight goes on
 * instead of waiting forever on an offer whose answer the engine would refuse.
 */
function attacked(): Table {
  // orc (first, on 9) attacks ana at [0, 0] from [1, 0]; bob may intercept from [-2, 0].
  const t = orcHitsAna();
  expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc", "bob/intercept/orc"]);
  return t;
}

describe("flow: removing an attack's target", () => {
  it("withdraws the ally's Intercept with the target's own offers and drops the attack", () => {
    const t = attacked();
    const trigger = t.state.pending[0]?.id;
    const events = t.do({ type: "removeCombatant", who: "ana" });
    expect(t.offers()).toEqual([]);
    expect(t.state.pending.map((p) => p.id)).not.toContain(trigger);
    expect(t.state.pending).toEqual([]);
    expect(events.filter((e) => e.type === "offerWithdrawn").map((e) => [e.who, e.with, e.reason])).toEqual([
      ["bob", "intercept", "removed"],
      ["ana", "dodge", "removed"],
      ["ana", "parry", "removed"],
      ["ana", "riposte", "removed"],
    ]);
    // Nothing resolves the attack: its victim has left the fight.
    expect(events.some((e) => e.type === "attackResolved")).toBe(false);
  });

  it("the fight goes on: the attacker ends its turn, and bob keeps the RP it never spent", () => {
    const t = attacked();
    t.do({ type: "removeCombatant", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.state.current).toBe("bob");
    expect(t.pools("bob").rp).toBe(2);
  });

  it("removing a bystander leaves the attack and every offer against it open", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bob", side: "party", at: [-2, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "cat", side: "neutral", at: [9, 9] },
      ],
      [2, 3, 9, 1],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    const before = t.offers();
    t.do({ type: "removeCombatant", who: "cat" });
    expect(t.offers()).toEqual(before);
    expect(t.state.pending).toHaveLength(1);
  });
});
