import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import { Table, duel } from "./helpers";

/**
 * flow round structure at its edges (src/engine/rulesets/flow/round.ts): the Surprise Round's
 * refusal and its end, "Lose 1 FP per round at end of turn", the per-turn limits ("maximum 2
 * AP/turn") counted afresh each turn, and the GM's next turn when nobody is left to act.
 */

const ofType = (events: EngineEvent[], type: string) => events.filter((e) => e.type === type);

describe('flow combat start ("5 AP per round", "2 RP per round", "2 FP at start of combat")', () => {
  it("fills every pool the GM changed before the fight, as a combat start", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [9, 4],
    );
    t.do({ type: "adjustPool", who: "ana", pool: "ap", delta: -2 });
    t.do({ type: "adjustPool", who: "ana", pool: "rp", delta: -1 });
    t.do({ type: "adjustPool", who: "ana", pool: "fp", delta: -1 });
    const events = t.do({ type: "start" });
    expect(ofType(events, "poolSet")).toEqual([
      { type: "poolSet", who: "ana", pool: "ap", value: 5, reason: "combatStart" },
      { type: "poolSet", who: "ana", pool: "rp", value: 2, reason: "combatStart" },
      { type: "poolSet", who: "ana", pool: "fp", value: 2, reason: "combatStart" },
    ]);
  });
});

describe('flow Surprise Round ("only the surprising party may act in that round")', () => {
  function surprise(): Table {
    // Initiative: ana 3, Orc 9; the orc is surprised, so only ana acts in round 1.
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", name: "Orc", side: "foes", at: [1, 0], surprised: true },
      ],
      [3, 9],
    );
    t.do({ type: "start" });
    return t;
  }

  it("names the surprised combatant in its refusal", () => {
    const t = surprise();
    expect(t.refusedWhole({ type: "act", who: "orc", action: "flowState" })).toEqual({
      key: "TEMPO.Refusal.FlowSurprised",
      data: { who: "Orc" },
    });
  });

  it('gives the surprised their FP at the first normal round as a combat start ("they get their 2 free FP at the start of the first normal round")', () => {
    const t = surprise();
    const events = t.do({ type: "endTurn", who: "ana" });
    expect(ofType(events, "poolSet").filter((e) => e.who === "orc")).toEqual([
      { type: "poolSet", who: "orc", pool: "fp", value: 2, reason: "combatStart" },
      { type: "poolSet", who: "orc", pool: "ap", value: 5, reason: "roundStart" },
      // The orc is first in round 2: its RP come back as its turn starts.
      { type: "poolSet", who: "orc", pool: "rp", value: 2, reason: "turnStart" },
    ]);
  });
});

describe("flow rounds after the first", () => {
  it("adds the surprised's 2 free FP to what the GM gave it during the Surprise Round", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0], surprised: true },
      ],
      [3, 9],
    );
    t.do({ type: "start" });
    t.do({ type: "adjustPool", who: "orc", pool: "fp", delta: 1 });
    t.do({ type: "endTurn", who: "ana" });
    // 0 FP in the Surprise Round, +1 from the GM, +2 at the first normal round.
    expect(t.pools("orc").fp).toBe(3);
  });

  it("leaves a surprised condition the GM gives in a normal round alone at the round's end, and its bearer in the order", () => {
    const t = duel();
    t.do({ type: "apply", who: "orc", condition: "surprised", rounds: null });
    t.do({ type: "endTurn", who: "ana" });
    const events = t.do({ type: "endTurn", who: "orc" });
    expect(t.conditions("orc")).toEqual(["surprised"]);
    expect(ofType(events, "roundStarted")).toEqual([
      { type: "roundStarted", round: 2, surprise: false, order: ["ana", "orc"] },
    ]);
    // orc: 2 FP, less 1 at the end of its turn; nothing given back at the round's end.
    expect(t.pools("orc").fp).toBe(1);
  });

  it("opens the next round on the GM's next turn when nobody is left to take one", () => {
    const t = duel();
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    t.do({ type: "setDefeated", who: "ana", defeated: true });
    t.do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe(null);
    expect(t.do({ type: "next" })).toEqual([
      { type: "roundEnded", round: 2 },
      { type: "roundStarted", round: 3, surprise: false, order: ["ana", "orc"] },
    ]);
  });
});

describe('flow move limits ("1 AP per Move Speed; maximum 2 AP/turn", "per round")', () => {
  /** A gridless duel: ana (first) moves by the action. */
  function gridless(): Table {
    const t = new Table(
      [
        { id: "ana", side: "party", stats: { agility: 1 } },
        { id: "orc", side: "foes" },
      ],
      [9, 4],
      { type: "none" },
    );
    t.do({ type: "start" });
    return t;
  }

  it('refuses a readied move after two moves on the readier\'s own turn: the count is per round, whatever ended the turn (flow: "The most a player can move per round is 2 AP worth of movement")', () => {
    const t = gridless();
    t.do({ type: "act", who: "ana", action: "move" });
    t.do({ type: "act", who: "ana", action: "move" });
    t.do({ type: "ready", who: "ana", action: "move", trigger: { who: "orc", verb: "act" } });
    t.do({ type: "act", who: "orc", action: "draw" });
    expect(ofType(t.events, "actionTaken").map((e) => [e.who, e.action])).toEqual([["orc", "draw"]]);
    expect(ofType(t.events, "readyFailed")).toEqual([
      { type: "readyFailed", who: "ana", action: "move", refusal: "TEMPO.Refusal.FlowMoveTooFar" },
    ]);
  });

  it("gives the readier two moves on its next turn after a readied move fired out of turn", () => {
    const t = gridless();
    t.do({ type: "ready", who: "ana", action: "move", trigger: { who: "orc", verb: "act" } });
    t.do({ type: "act", who: "orc", action: "draw" });
    t.do({ type: "endTurn", who: "orc" });
    expect(t.state.current).toBe("ana");
    t.do({ type: "act", who: "ana", action: "move" });
    t.do({ type: "act", who: "ana", action: "move" });
    // 5 AP in round 2, 2 spent on the moves.
    expect(t.pools("ana").ap).toBe(3);
  });
});
