import { describe, expect, it } from "vitest";
import { Table, duel } from "./helpers";

/**
 * The GM's commands as flow wraps them (src/engine/rulesets/flow/index.ts): a newcomer rolls
 * initiative ("Everyone rolls 1d10 + Agility Modifier", "Initiative proceeds from highest to lowest
 * roll"); a grapple lasts "Until ... the effect is broken" and "Neither can move independently".
 */

describe("flow: a combatant joining the fight", () => {
  it("rolls no initiative before the fight has started (the start rolls for everyone)", () => {
    const t = new Table([{ id: "ana", side: "party", at: [0, 0] }], [9]);
    t.do({ type: "addCombatant", combatant: { id: "gob", side: "foes", at: [3, 0] } });
    expect(t.c("gob").initiative).toBeNull();
    expect(t.diceLeft).toBe(1);
    expect(t.state.status).not.toBe("active");
  });

  it('on a tie is placed as ties are resolved at the start: higher Agility first, then a d10 roll-off ("Ties are resolved as normal")', () => {
    // ana 9 + 1 = 10, orc 4 + 0 = 4. gob rolls 3 + 1 = 4, the orc's number with more Agility.
    const t = duel({}, [3]);
    t.do({ type: "addCombatant", combatant: { id: "gob", side: "foes", at: [6, 0], stats: { agility: 1 } } });
    expect(t.state.ext).toMatchObject({ initiativeOrder: ["ana", "gob", "orc"] });
    expect(t.diceLeft).toBe(0);
    // imp rolls 4 + 0 = 4: equal Agility with the orc, so the two roll off (orc 6, imp 2): after it.
    const u = duel({}, [4, 6, 2]);
    u.do({ type: "addCombatant", combatant: { id: "imp", side: "foes", at: [6, 0] } });
    expect(u.event("initiativeTieRolled")).toEqual({
      type: "initiativeTieRolled",
      who: ["orc", "imp"],
      rolls: [6, 2],
    });
    expect(u.state.ext).toMatchObject({ initiativeOrder: ["ana", "orc", "imp"] });
    expect(u.state.order).toEqual(["ana", "orc", "imp"]);
  });

  it("a newcomer whose place is already past (before the current combatant) waits for the next round", () => {
    // gob rolls 10 + 1 = 11, above ana's 10, while ana is acting: first from round 2 on.
    const t = duel({}, [10]);
    t.do({ type: "addCombatant", combatant: { id: "gob", side: "foes", at: [6, 0], stats: { agility: 1 } } });
    expect(t.c("gob").initiative).toBe(11);
    expect(t.state.ext).toMatchObject({ initiativeOrder: ["gob", "ana", "orc"] });
    expect(t.state.order).toEqual(["ana", "orc"]);
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.state.round).toBe(2);
    expect(t.state.order).toEqual(["gob", "ana", "orc"]);
  });

  it("a newcomer whose place is still to come joins this round's order, without a newcomer who waits for the next round", () => {
    // ana 10 (acting), orc 4. gob rolls 10 + 1 = 11: before ana, so from round 2 on. wolf rolls
    // 2 + 0 = 2: after orc, still to come this round.
    const t = duel({}, [10, 2]);
    t.do({ type: "addCombatant", combatant: { id: "gob", side: "foes", at: [6, 0], stats: { agility: 1 } } });
    t.do({ type: "addCombatant", combatant: { id: "wolf", side: "foes", at: [7, 0] } });
    expect(t.state.ext).toMatchObject({ initiativeOrder: ["gob", "ana", "orc", "wolf"] });
    expect(t.state.order).toEqual(["ana", "orc", "wolf"]);
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.state.current).toBe("wolf");
  });

  it("a newcomer joining a round in which nobody is left to act (all have fallen) takes its place in that round's order", () => {
    // ana 9 + 1 = 10, orc 4, both fallen before the start: round 1 has no current combatant.
    // gob rolls 6: between ana and orc.
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [9, 4, 6],
    );
    t.do({ type: "setDefeated", who: "ana", defeated: true });
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    t.do({ type: "start" });
    expect(t.state.current).toBeNull();
    t.do({ type: "addCombatant", combatant: { id: "gob", side: "foes", at: [6, 0] } });
    expect(t.c("gob").initiative).toBe(6);
    expect(t.state.ext).toMatchObject({ initiativeOrder: ["ana", "gob", "orc"] });
    expect(t.state.order).toEqual(["ana", "gob", "orc"]);
  });
});

describe("flow: the GM's commands on a saved state that still names someone no longer in the fight", () => {
  // A state edited by hand or saved by another version: the order, or a grapple, names "gone",
  // who is not among the combatants. The commands go on as if "gone" were not named.
  it("a newcomer is placed by initiative; the one named but gone is left out of this round's order", () => {
    // ana 10, orc 4; gob rolls 2: after orc.
    const t = duel({}, [2]);
    t.state = { ...t.state, ext: { ...t.state.ext, initiativeOrder: ["ana", "orc", "gone"] } };
    t.do({ type: "addCombatant", combatant: { id: "gob", side: "foes", at: [6, 0] } });
    expect(t.c("gob").initiative).toBe(2);
    expect(t.state.order).toEqual(["ana", "orc", "gob"]);
  });

  it("placing a combatant whose grapple names one who is gone moves it and ends no grapple", () => {
    const grappling = duel();
    const ana = grappling.c("ana");
    grappling.state = {
      ...grappling.state,
      combatants: grappling.state.combatants.map((c) =>
        c.id === "ana" ? { ...ana, ext: { ...ana.ext, grappling: { target: "gone", since: 1 } } } : c,
      ),
    };
    const events = grappling.do({ type: "place", who: "ana", at: [-3, 0] });
    expect(grappling.c("ana").at).toEqual([-3, 0]);
    expect(events.map((e) => e.type)).not.toContain("grappleEnded");
    const held = duel();
    const orc = held.c("orc");
    held.state = {
      ...held.state,
      combatants: held.state.combatants.map((c) =>
        c.id === "orc" ? { ...orc, ext: { ...orc.ext, grappledBy: "gone" } } : c,
      ),
    };
    const again = held.do({ type: "place", who: "orc", at: [4, 0] });
    expect(held.c("orc").at).toEqual([4, 0]);
    expect(again.map((e) => e.type)).not.toContain("grappleEnded");
  });
});

describe("flow: the GM's other commands", () => {
  it("removes a combatant before the fight has started (no initiative order yet)", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "gob", side: "foes", at: [3, 0] },
      ],
      [9],
    );
    t.do({ type: "removeCombatant", who: "gob" });
    expect(t.state.roster).toEqual(["ana"]);
    expect(t.state.ext).not.toHaveProperty("initiativeOrder");
  });

  it("refuses to remove or change a combatant that is not there", () => {
    const t = duel();
    expect(t.refused({ type: "removeCombatant", who: "nobody" })).toBe("TEMPO.Refusal.UnknownCombatant");
    expect(t.refused({ type: "removeCondition", who: "nobody", condition: "prone" })).toBe(
      "TEMPO.Refusal.UnknownCombatant",
    );
  });

  it("raises a fallen combatant again when the GM sets it undefeated", () => {
    const t = duel();
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    const events = t.do({ type: "setDefeated", who: "orc", defeated: false });
    expect(t.c("orc").defeated).toBe(false);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "defeatedChanged", who: "orc", defeated: false }),
    );
  });

  it("removes any other condition as it is (prone)", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "shove", target: "orc", outcome: "success", effect: "prone" });
    expect(t.conditions("orc")).toEqual(["prone"]);
    t.do({ type: "removeCondition", who: "orc", condition: "prone" });
    expect(t.conditions("orc")).toEqual([]);
  });
});

describe('flow: the GM placing grapplers ("Neither can move independently"; "Until ... the effect is broken")', () => {
  it("placing the grappler out of reach of the one it holds ends the grapple", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    const events = t.do({ type: "place", who: "ana", at: [-4, 0] });
    expect(events).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "placedApart" });
    expect(t.conditions("ana")).toEqual([]);
    expect(t.conditions("orc")).toEqual([]);
  });

  it("placing the held one off the grid ends the grapple", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    const events = t.do({ type: "place", who: "orc", at: null });
    expect(events).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "placedApart" });
  });

  it("placing one side on the grid while the other is off it ends the grapple", () => {
    // An unplaced grappler cannot be measured, so its grapple was taken as in reach.
    const off = duel({ ana: { at: null } });
    off.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(off.conditions("orc")).toEqual(["grappled"]);
    const events = off.do({ type: "place", who: "orc", at: [2, 0] });
    expect(events).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "placedApart" });
    // The same with the held one off the grid and the grappler placed.
    const held = duel({ orc: { at: null } });
    held.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(held.conditions("orc")).toEqual(["grappled"]);
    const again = held.do({ type: "place", who: "ana", at: [1, 0] });
    expect(again).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "placedApart" });
  });
});
