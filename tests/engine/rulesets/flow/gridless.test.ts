import { describe, expect, it } from "vitest";
import { Table } from "./helpers";

/**
 * Without a grid (or a token's place) the engine cannot measure: "These actions only provoke
 * Reaction Attacks if they happen within your Threat Range", and nobody can be shown to stand in
 * anybody's Threat Range, so casting and standing up provoke nothing; an attack is taken as melee.
 */

function table(grid: "none" | "hex", anaAt: [number, number] | null) {
  const t = new Table(
    [
      {
        id: "ana",
        side: "party",
        pc: true,
        at: grid === "none" ? null : anaAt,
        stats: { agility: 1 },
        skills: { melee: 40, ranged: 70 },
      },
      { id: "orc", side: "foes", at: grid === "none" ? null : [1, 0] },
    ],
    [9, 4],
    { type: grid },
  );
  t.do({ type: "start" });
  return t;
}

describe("flow without a place to measure from", () => {
  it("casting on a gridless scene offers no Reaction Attack", () => {
    const t = table("none", null);
    t.do({ type: "act", who: "ana", action: "cast", target: "orc" });
    expect(t.offers()).toEqual([]);
    expect(t.event("spellCast")).toMatchObject({ who: "ana", target: "orc" });
  });

  it("casting by an unplaced token beside a placed enemy offers no Reaction Attack", () => {
    const t = table("hex", null);
    t.do({ type: "act", who: "ana", action: "cast", target: "orc" });
    expect(t.offers()).toEqual([]);
  });

  it("casting within the enemy's Threat Range on a grid does offer one", () => {
    const t = table("hex", [0, 0]);
    t.do({ type: "act", who: "ana", action: "cast", target: "orc" });
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
  });

  it("an attack on a gridless scene is taken as melee (Melee skill, no range)", () => {
    const t = table("none", null);
    const events = t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    expect(events).toContainEqual(expect.objectContaining({ type: "attackResolved", melee: true }));
  });
});
