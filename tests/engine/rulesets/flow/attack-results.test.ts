import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import { duel } from "./helpers";

/**
 * What a landed attack reports and pays: its FP reason ("Gain 2 FP from attacks that hit, 3 FP from
 * crits", "Gain 1 FP from a killing blow on an enemy combatant"), the hit's outcome and multiplier, and who
 * reacted. Rolls are d100 under Melee (flow: "Critical: 1/10 of skill").
 */

const fp = (events: EngineEvent[]) =>
  events.filter((e) => e.type === "poolGained" && e.pool === "fp").map((e) => [e.who, e.amount, e.reason]);

describe("flow landed attacks", () => {
  it("a rolled critical hit pays the critical FP and doubles the damage", () => {
    // Melee 50: a 3 is a Critical Success (3 <= 5).
    const t = duel({ ana: { skills: { melee: 50 } } }, [3]);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
    const events = t.do({ type: "react", who: "orc", with: "dodge", outcome: "fail" });
    expect(fp(events)).toContainEqual(["ana", 3, "criticalHit"]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "attackResolved",
        hit: true,
        level: "critical",
        multiplier: 2,
        killed: false,
      }),
    );
  });

  it("a plain hit pays the hit's FP, at 1x, and names the reaction that failed", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    const events = t.do({ type: "react", who: "orc", with: "parry", outcome: "fail" });
    expect(fp(events)).toEqual([["ana", 2, "hit"]]);
    expect(events).toContainEqual({
      type: "attackResolved",
      attacker: "ana",
      target: "orc",
      level: "normal",
      reactionAttack: false,
      melee: true,
      spell: false,
      hit: true,
      victim: "orc",
      multiplier: 1,
      killed: false,
      reactor: "orc",
      reaction: "parry",
    });
  });

  it("a killing blow on a foe pays its FP and fells the victim", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "kill" });
    const events = t.do({ type: "react", who: "orc", with: "dodge", outcome: "fail" });
    expect(fp(events)).toEqual([
      ["ana", 2, "hit"],
      ["ana", 1, "killingBlow"],
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "attackResolved", killed: true, victim: "orc" }),
    );
    expect(t.c("orc").defeated).toBe(true);
  });

  it("a stipulated crit is a critical hit whatever level", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "crit" });
    const events = t.do({ type: "react", who: "orc", with: "dodge", outcome: "fail" });
    expect(fp(events)).toEqual([["ana", 3, "criticalHit"]]);
  });
});
