import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import { Table, duel } from "./helpers";

/**
 * What a flow move reports: its events whole, the reason its AP are spent, and the refusals with the
 * names and numbers their messages show. flow: "Movement: 1 AP to move full Move Speed",
 * "Take a Step: 1 AP, 1 hex, does not provoke, usable once per round", "Tumble Through: Agility check".
 */

const spent = (events: EngineEvent[]) =>
  events.filter((e) => e.type === "poolSpent").map((e) => [e.who, e.pool, e.amount, e.reason]);

describe("flow move events", () => {
  it("a step reports the move from and to its hexes, of mode step, paid as a step", () => {
    const t = duel({ orc: { at: [0, 5] } });
    const events = t.do({ type: "move", who: "ana", path: [[1, 0]], mode: "step" });
    expect(events).toContainEqual({
      type: "moved",
      who: "ana",
      from: [0, 0],
      to: [1, 0],
      path: [
        [0, 0],
        [1, 0],
      ],
      mode: "step",
    });
    expect(spent(events)).toEqual([["ana", "ap", 1, "takeStep"]]);
  });

  it("a normal move is paid as a move", () => {
    const t = duel({ orc: { at: [0, 5] } });
    const events = t.do({ type: "move", who: "ana", path: [[3, 0]] });
    expect(spent(events)).toEqual([["ana", "ap", 1, "move"]]);
    expect(t.c("ana").at).toEqual([3, 0]);
  });

  it("a tumble rolls Agility for tumbling through, reports it, and moves beyond the enemy on a success", () => {
    // d100 under Agility 40: 12 is a success (Hard: 12 <= 20).
    const t = duel({ ana: { stats: { agility: 1 }, skills: { agility: 40 } } }, [12]);
    const events = t.do({
      type: "move",
      who: "ana",
      path: [
        [1, 0],
        [2, 0],
      ],
      mode: "tumble",
    });
    expect(spent(events)).toEqual([["ana", "ap", 1, "tumbleThrough"]]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "checkRolled", who: "ana", purpose: "tumbleThrough", skill: 40 }),
    );
    expect(events).toContainEqual({
      type: "tumbled",
      who: "ana",
      through: "orc",
      success: true,
      level: "hard",
    });
    expect(events).toContainEqual({
      type: "moved",
      who: "ana",
      from: [0, 0],
      to: [2, 0],
      path: [
        [0, 0],
        [1, 0],
        [2, 0],
      ],
      mode: "tumble",
    });
  });
});

describe("flow move refusals name what their messages show", () => {
  it('a second step in a round names the mover and the step ("usable once per round")', () => {
    const t = new Table(
      [
        { id: "ana", name: "Ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [0, 5] },
      ],
      [9, 4],
    );
    t.do({ type: "start" });
    t.do({ type: "move", who: "ana", path: [[1, 0]], mode: "step" });
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[2, 0]], mode: "step" })).toEqual({
      key: "TEMPO.Refusal.FlowOncePerRound",
      data: { who: "Ana", action: "takeStep" },
    });
  });

  it('a move past 2 AP of movement names how far is left and how far was asked ("maximum 2 AP/turn")', () => {
    const t = new Table(
      [
        { id: "ana", name: "Ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [0, 9] },
      ],
      [9, 4],
    );
    t.do({ type: "start" });
    // Move Speed 6: 2 AP of movement is 12 hexes; 3 walked leave 9.
    t.do({ type: "move", who: "ana", path: [[3, 0]] });
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[13, 0]] })).toEqual({
      key: "TEMPO.Refusal.FlowMoveTooFar",
      data: { who: "Ana", max: 9, need: 10 },
    });
  });

  it("a move mode flow does not have is named", () => {
    const t = duel({ orc: { at: [0, 5] } });
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[1, 0]], mode: "withdraw" })).toEqual({
      key: "TEMPO.Refusal.FlowMoveModeUnsupported",
      data: { mode: "withdraw" },
    });
  });

  it("a tumble into a taken hex names the tumbler and the hex", () => {
    const t = new Table(
      [
        { id: "ana", name: "Ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [2, 0] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    expect(
      t.refusedWhole({
        type: "move",
        who: "ana",
        path: [
          [1, 0],
          [2, 0],
        ],
        mode: "tumble",
      }),
    ).toEqual({ key: "TEMPO.Refusal.FlowTumbleBlocked", data: { who: "Ana", at: [2, 0] } });
  });
});
