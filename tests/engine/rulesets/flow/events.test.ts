import { describe, expect, it } from "vitest";
import { Table, duel } from "./helpers";

/**
 * The events flow's lasting states emit, checked whole: the host turns each into a chat card or a
 * token update, so its every field is what a player reads.
 */

describe("flow Ready Action events", () => {
  it("records the readied action, its target and its trigger", () => {
    const t = duel();
    const events = t.do({
      type: "ready",
      who: "ana",
      action: "attack",
      trigger: { who: "orc", verb: "attack" },
    });
    expect(events).toContainEqual({
      type: "actionReadied",
      who: "ana",
      action: "attack",
      target: "orc",
      trigger: { who: "orc", verb: "attack" },
    });
  });

  it("readies an action without a target with none (Flow State takes no target)", () => {
    const t = duel();
    const events = t.do({
      type: "ready",
      who: "ana",
      action: "flowState",
      trigger: { who: "orc", verb: "act" },
    });
    expect(events).toContainEqual(expect.objectContaining({ type: "actionReadied", target: null }));
  });

  it('cancels the wait when the readier acts on its turn ("cancel the Readied Action at no cost")', () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    t.do({ type: "endTurn", who: "orc" });
    const events = t.do({ type: "act", who: "ana", action: "draw" });
    expect(events).toContainEqual({ type: "readyCancelled", who: "ana", action: "attack", reason: "acted" });
  });

  it("replaces a readied action readied again, saying so", () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    t.do({ type: "endTurn", who: "orc" });
    const events = t.do({
      type: "ready",
      who: "ana",
      action: "shove",
      trigger: { who: "orc", verb: "move" },
    });
    expect(events).toContainEqual({
      type: "readyCancelled",
      who: "ana",
      action: "attack",
      reason: "replaced",
    });
    expect(t.c("ana").ext.readied).toEqual({
      action: "shove",
      target: "orc",
      trigger: { who: "orc", verb: "move" },
    });
  });

  it("cancels a fallen readier's wait, and says who felled it", () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    const events = t.do({ type: "setDefeated", who: "ana", defeated: true });
    expect(events).toContainEqual({ type: "defeatedChanged", who: "ana", defeated: true, by: null });
    expect(events).toContainEqual({
      type: "readyCancelled",
      who: "ana",
      action: "attack",
      reason: "defeated",
    });
    expect(t.conditions("ana")).toEqual([]);
  });

  it('moves the readier just before its trigger in the order ("Your initiative position moves to that point")', () => {
    // Initiative 1d10 + Agility: gob 9 + 2 = 11, orc 8 + 0 = 8, ana 2 + 1 = 3.
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [5, 0] },
        { id: "gob", side: "foes", at: [6, 0], stats: { agility: 2 } },
      ],
      [2, 8, 9],
    );
    t.do({ type: "start" });
    expect(t.state.order).toEqual(["gob", "orc", "ana"]);
    t.do({ type: "endTurn", who: "gob" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "ready", who: "ana", action: "flowState", trigger: { who: "gob", verb: "act" } });
    // Round 2: gob acts first and sets off ana's readied Flow State.
    const events = t.do({ type: "act", who: "gob", action: "draw" });
    expect(events).toContainEqual({
      type: "initiativeMoved",
      who: "ana",
      before: "gob",
      initiative: 11,
      order: ["ana", "gob", "orc"],
    });
    expect(t.c("ana").initiative).toBe(11);
  });
});

describe("flow grapple and feint events", () => {
  it('announces the grapple and both sides grappled ("On success, both characters are grappled")', () => {
    const t = duel();
    const events = t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    expect(events).toContainEqual({ type: "grappleStarted", who: "ana", target: "orc" });
    expect(t.c("ana").ext.grappling).toEqual({ target: "orc", since: 1 });
    expect(t.c("orc").ext.grappledBy).toBe("ana");
  });

  it("ends the grapple when the grappler falls, saying why", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    const events = t.do({ type: "setDefeated", who: "ana", defeated: true });
    expect(events).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "defeated" });
    expect(t.conditions("orc")).toEqual([]);
    expect(t.c("orc").ext.grappledBy).toBeUndefined();
  });

  it("records a won Feint against its target, once however often it is won", () => {
    const t = duel();
    const events = t.do({ type: "act", who: "ana", action: "feint", target: "orc", outcome: "success" });
    expect(events).toContainEqual({ type: "feinted", who: "ana", target: "orc" });
    expect(t.c("ana").ext.feints).toEqual(["orc"]);
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "act", who: "ana", action: "feint", target: "orc", outcome: "success" });
    expect(t.c("ana").ext.feints).toEqual(["orc"]);
  });

  it("records nothing for a lost Feint", () => {
    const t = duel();
    const events = t.do({ type: "act", who: "ana", action: "feint", target: "orc", outcome: "fail" });
    expect(events.map((e) => e.type)).not.toContain("feinted");
    expect(t.c("ana").ext.feints).toBeUndefined();
  });
});

describe("flow: a combatant falls", () => {
  it("withdraws its own offers and the Reaction Attacks against it, saying why, and keeps the others", () => {
    // bob and ana stand by the orc; the orc moves away from both, provoking both (Reaction Attack).
    const t = new Table(
      [
        { id: "orc", side: "foes", at: [1, 0], stats: { agility: 3 } },
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bob", side: "party", at: [2, 0] },
      ],
      [9, 1, 2],
    );
    t.do({ type: "start" });
    t.do({
      type: "move",
      who: "orc",
      path: [
        [1, 1],
        [1, 2],
      ],
    });
    expect(t.offers()).toEqual(["ana/reactionAttack/orc", "bob/reactionAttack/orc"]);
    const events = t.do({ type: "setDefeated", who: "ana", defeated: true });
    expect(events.filter((e) => e.type === "offerWithdrawn").map((e) => [e.who, e.with, e.reason])).toEqual([
      ["ana", "reactionAttack", "defeated"],
    ]);
    expect(t.offers()).toEqual(["bob/reactionAttack/orc"]);
    const fall = t.do({ type: "setDefeated", who: "orc", defeated: true });
    expect(fall.filter((e) => e.type === "offerWithdrawn").map((e) => [e.who, e.with, e.reason])).toEqual([
      ["bob", "reactionAttack", "defeated"],
    ]);
    expect(t.offers()).toEqual([]);
  });

  it("a second fall changes nothing and says nothing", () => {
    const t = duel();
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    const again = t.do({ type: "setDefeated", who: "orc", defeated: true });
    expect(again.filter((e) => e.type === "defeatedChanged")).toEqual([]);
  });

  it("frees a combatant the GM marked grappled when it falls (no grappler on record)", () => {
    const t = duel();
    t.do({ type: "apply", who: "orc", condition: "grappled", rounds: null });
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    expect(t.conditions("orc")).toEqual([]);
  });

  it("ends the grapple on the grappler's side when the held one falls", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    const events = t.do({ type: "setDefeated", who: "orc", defeated: true });
    expect(events).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "defeated" });
    expect(t.conditions("ana")).toEqual([]);
    expect(t.c("ana").ext.grappling).toBeUndefined();
  });
});

describe("flow: the GM's hand on lasting states", () => {
  it("removing the grappled condition ends the grapple, saying the GM removed it", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    const events = t.do({ type: "removeCondition", who: "orc", condition: "grappled" });
    expect(events).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "removed" });
  });

  it("removing the readied condition cancels the readied action, saying so", () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    const events = t.do({ type: "removeCondition", who: "ana", condition: "readied" });
    expect(events).toContainEqual({
      type: "readyCancelled",
      who: "ana",
      action: "attack",
      reason: "cancelled",
    });
  });

  it("removing a grappled combatant ends the grapple and takes it out of the initiative order", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    const events = t.do({ type: "removeCombatant", who: "orc" });
    expect(events).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "removed" });
    expect(t.conditions("ana")).toEqual([]);
    expect(t.state.ext).toMatchObject({ initiativeOrder: ["ana"] });
    expect(t.state.order).toEqual(["ana"]);
  });

  it("placing the two out of reach ends the grapple, placed apart", () => {
    const t = duel();
    t.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    const events = t.do({ type: "place", who: "orc", at: [5, 0] });
    expect(events).toContainEqual({ type: "grappleEnded", who: "ana", target: "orc", reason: "placedApart" });
    const near = duel();
    near.do({ type: "act", who: "ana", action: "grapple", target: "orc", outcome: "success" });
    near.do({ type: "place", who: "orc", at: [0, 1] });
    expect(near.conditions("orc")).toEqual(["grappled"]);
  });
});
