import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import { Table, duel } from "./helpers";

/**
 * Why a pool changed is part of its event (`poolSet`, `poolSpent`): the chat log says "Ana's AP
 * are forfeited", not just a new number. Each case follows one line of the round structure.
 */

const sets = (events: EngineEvent[], who: string) =>
  events.filter((e) => e.type === "poolSet" && e.who === who).map((e) => [e.pool, e.value, e.reason]);

describe("flow pool changes name their reason", () => {
  it("opens round 1 in initiative order with the pools the setup already filled (no change to report)", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, stats: { agility: 1 } },
        { id: "orc", side: "foes" },
      ],
      [9, 4],
    );
    const events = t.do({ type: "start" });
    expect(sets(events, "orc")).toEqual([]);
    expect(t.pools("orc")).toEqual({ ap: 5, rp: 2, fp: 2 });
    expect(events).toContainEqual({ type: "roundStarted", round: 1, surprise: false, order: ["ana", "orc"] });
  });

  it('empties the surprised side\'s pools for the Surprise Round ("start the Surprise round with 0 AP, 0 RP, and 0 FP")', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [5, 0], surprised: true },
      ],
      [9, 4],
    );
    const events = t.do({ type: "start" });
    expect(sets(events, "orc")).toEqual([
      ["ap", 0, "surprised"],
      ["rp", 0, "surprised"],
      ["fp", 0, "surprised"],
    ]);
    expect(events).toContainEqual({ type: "roundStarted", round: 1, surprise: true, order: ["ana"] });
    t.do({ type: "endTurn", who: "ana" });
    // "they get their 2 free FP at the start of the first normal round of combat"; the RP wait for
    // the orc's own turn ("regain their RP at the start of their turn").
    expect(sets(t.events, "orc")).toEqual([
      ["fp", 2, "combatStart"],
      ["ap", 5, "roundStart"],
    ]);
    t.do({ type: "endTurn", who: "ana" });
    expect(sets(t.events, "orc")).toEqual([["rp", 2, "turnStart"]]);
  });

  it('forfeits unused AP and decays 1 FP at the end of a turn ("Any unused AP ... is forfeited", "FP decay")', () => {
    const t = duel();
    const events = t.do({ type: "endTurn", who: "ana" });
    expect(events).toContainEqual({
      type: "poolSpent",
      who: "ana",
      pool: "fp",
      amount: 1,
      reason: "fpDecay",
      value: 1,
    });
    expect(sets(events, "ana")).toEqual([["ap", 0, "forfeited"]]);
    expect(events).toContainEqual({ type: "turnEnded", who: "ana", round: 1 });
  });

  it('gives AP back to everyone as a new round begins ("5 AP per round")', () => {
    const t = duel();
    t.do({ type: "endTurn", who: "ana" });
    const events = t.do({ type: "endTurn", who: "orc" });
    expect(sets(events, "ana")).toContainEqual(["ap", 5, "roundStart"]);
    expect(sets(events, "orc")).toContainEqual(["ap", 5, "roundStart"]);
    expect(events).toContainEqual({ type: "roundEnded", round: 1 });
  });

  it('ends Total Defense at the start of the next turn and sets RP back to full ("until the beginning of your next turn")', () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "totalDefense" });
    expect(t.pools("ana").rp).toBe(3);
    const events = t.do({ type: "endTurn", who: "orc" });
    expect(sets(events, "ana")).toContainEqual(["rp", 2, "totalDefenseEnded"]);
    expect(t.conditions("ana")).toEqual([]);
  });

  it("regains spent RP at the start of the reactor's own turn", () => {
    const t = duel();
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    t.do({ type: "react", who: "ana", with: "dodge", outcome: "fail" });
    expect(t.pools("ana").rp).toBe(1);
    const events = t.do({ type: "endTurn", who: "orc" });
    expect(sets(events, "ana")).toContainEqual(["rp", 2, "turnStart"]);
  });
});

describe("flow round structure events", () => {
  it("announces the start of combat", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, stats: { agility: 1 } },
        { id: "orc", side: "foes" },
      ],
      [9, 4],
    );
    expect(t.do({ type: "start" })).toContainEqual({ type: "combatStarted" });
  });

  it('resolves ongoing effects only for a combatant that has some ("Ongoing effects resolve")', () => {
    const t = duel();
    expect(t.do({ type: "endTurn", who: "ana" }).map((e) => e.type)).not.toContain("ongoingEffectsResolved");
  });

  it("plays round 2 as a normal round with everyone, the formerly surprised included", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [5, 0], surprised: true },
      ],
      [9, 4],
    );
    t.do({ type: "start" });
    const events = t.do({ type: "endTurn", who: "ana" });
    expect(events).toContainEqual({ type: "roundStarted", round: 2, surprise: false, order: ["ana", "orc"] });
    expect(t.conditions("orc")).toEqual([]);
    t.do({ type: "endTurn", who: "ana" });
    // The orc acts in round 2 (no longer surprised): a Flow State is accepted on its turn.
    t.do({ type: "act", who: "orc", action: "flowState" });
    expect(t.pools("orc").ap).toBe(4);
  });

  it('keeps a grapple with exactly 2 AP at the start of the next turn ("Must spend 2 AP per round")', () => {
    // An allotment of 2 AP a round (the maxAp stat): round 2 opens with exactly the upkeep.
    const t = duel({ ana: { stats: { agility: 1, maxAp: 2 } } });
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    t.do({ type: "endTurn", who: "ana" });
    const events = t.do({ type: "endTurn", who: "orc" });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "poolSpent",
        who: "ana",
        pool: "ap",
        amount: 2,
        reason: "maintainGrapple",
      }),
    );
    expect(t.conditions("orc")).toEqual(["grappled"]);
  });

  it("lets the GM's next open the next round when nobody is current", () => {
    const t = duel();
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.state.round).toBe(2);
    t.do({ type: "next" });
    expect(t.state.current).toBe("orc");
  });
});
