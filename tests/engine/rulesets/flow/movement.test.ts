import { describe, expect, it } from "vitest";
import { flow } from "../../../../src/engine/rulesets/flow";
import { Table, duel } from "./helpers";

describe("flow movement", () => {
  it('costs 1 AP per Move Speed hexes started (flow: "1 AP per Move Speed")', () => {
    const t = duel({ orc: { at: [0, 5] } });
    t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    expect(t.pools("ana").ap).toBe(4);
    t.do({ type: "move", who: "ana", path: [[-6, 0]] });
    expect(t.pools("ana").ap).toBe(4);
    t.do({ type: "move", who: "ana", path: [[-7, 0]] });
    expect(t.pools("ana").ap).toBe(3);
  });

  it('refuses movement beyond 2 AP worth in a turn and changes nothing (flow: "maximum 2 AP/turn")', () => {
    const t = duel({ orc: { at: [0, 5] } });
    expect(t.refused({ type: "move", who: "ana", path: [[-13, 0]] })).toBe("TEMPO.Refusal.FlowMoveTooFar");
    t.do({ type: "move", who: "ana", path: [[-12, 0]] });
    expect(t.pools("ana").ap).toBe(3);
  });

  it('caps movement per round, whatever ends the turn (flow: "The most a player can move per round is 2 AP worth of movement (~12 hexes), plus an additional Hex of movement from Take a Step for a total of 13 hexes")', () => {
    // ana moves 2 AP worth, then readies a move on orc's move: `ready` ends her turn, yet the
    // readied move fires in the same round, so she has no movement left but her Take a Step.
    const t = duel({ orc: { at: [0, 5] } });
    t.do({ type: "move", who: "ana", path: [[-12, 0]] });
    t.do({ type: "ready", who: "ana", action: "move", trigger: { who: "orc", verb: "move" } });
    // She keeps the readied move's 1 AP (readyAp: forfeit), yet has no movement left this round.
    expect(t.pools("ana").ap).toBe(1);
    t.do({ type: "move", who: "orc", path: [[0, 4]] });
    expect(t.offers()).toEqual(["ana/readiedMove/orc"]);
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[-13, 0]] })).toEqual({
      key: "TEMPO.Refusal.FlowMoveTooFar",
      data: { who: "ana", max: 0, need: 1 },
    });
    t.do({ type: "react", who: "ana", with: "decline", against: "orc" });
    expect(t.c("orc").at).toEqual([0, 4]);
    // Next round the count starts again: the same readied move, had it waited, would go 12 hexes.
    t.do({ type: "endTurn", who: "orc" });
    expect(t.state.round).toBe(2);
    t.do({ type: "move", who: "ana", path: [[-24, 0]] });
    expect(t.c("ana").at).toEqual([-24, 0]);
  });

  it("refuses an enemy's hex, an occupied end hex, a gap in the path and an empty path", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [2, 0] },
        { id: "bob", side: "party", at: [0, 1] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    expect(t.refused({ type: "move", who: "ana", path: [[3, 0]] })).toBe("TEMPO.Refusal.MoveEnemyCell");
    expect(t.refused({ type: "move", who: "ana", path: [[0, 1]] })).toBe("TEMPO.Refusal.MoveOccupiedEnd");
    expect(t.refused({ type: "move", who: "ana", path: [[0, 0]] })).toBe("TEMPO.Refusal.FlowMoveEmpty");
    expect(t.refused({ type: "move", who: "ana", path: [[-1, 0]], mode: "withdraw" })).toBe(
      "TEMPO.Refusal.FlowMoveModeUnsupported",
    );
  });

  it("refuses to move on a gridless scene", () => {
    const t = new Table(
      [
        { id: "ana", side: "party" },
        { id: "orc", side: "foes" },
      ],
      [9, 4],
      { type: "none" },
    );
    t.do({ type: "start" });
    expect(t.refused({ type: "move", who: "ana", path: [[1, 0]] })).toBe("TEMPO.Refusal.NoGrid");
  });

  it("holds the mover on the hex it leaves and resumes when the offer is answered", () => {
    const t = duel();
    const events = t.do({ type: "move", who: "ana", path: [[-3, 0]] });
    expect(t.c("ana").at).toEqual([0, 0]);
    expect(events).toContainEqual(expect.objectContaining({ type: "movePaused", who: "ana", at: [0, 0] }));
    expect(t.state.offers[0]?.cell).toEqual([0, 0]);
    const done = t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.c("ana").at).toEqual([-3, 0]);
    expect(done).toContainEqual(
      expect.objectContaining({ type: "moved", who: "ana", from: [0, 0], to: [-3, 0] }),
    );
    expect(t.state.pending).toEqual([]);
  });

  it("offers no Reaction Attack to an enemy without RP, nor for entering a threatened hex", () => {
    const t = duel({ orc: { at: [3, 0] } });
    t.do({ type: "move", who: "ana", path: [[2, 0]] });
    expect(t.offers()).toEqual([]);
    expect(t.c("ana").at).toEqual([2, 0]);
    t.do({ type: "adjustPool", who: "orc", pool: "rp", delta: -2 });
    t.do({ type: "move", who: "ana", path: [[0, 0]] });
    expect(t.offers()).toEqual([]);
  });

  it("stops a move whose mover is killed by the Reaction Attack", () => {
    const t = duel();
    t.do({ type: "move", who: "ana", path: [[-3, 0]] });
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "kill" });
    const events = t.do({ type: "react", who: "ana", with: "decline" });
    expect(t.c("ana").at).toEqual([0, 0]);
    expect(t.c("ana").defeated).toBe(true);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "moveStopped", who: "ana", reason: "defeated" }),
    );
    expect(t.state.pending).toEqual([]);
  });

  it("rolls the Reaction Attack unmodified on Melee when no outcome is given", () => {
    const t = duel({ orc: { skills: { melee: 40 } } }, [41]);
    t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    t.do({ type: "react", who: "orc", with: "reactionAttack" });
    expect(t.event("checkRolled")).toMatchObject({
      who: "orc",
      skill: 40,
      roll: 41,
      level: "fail",
      edge: null,
    });
    expect(t.c("ana").at).toEqual([-1, 0]);
  });
});

describe("flow Take a Step and Tumble Through", () => {
  it('steps one hex for 1 AP without provoking, once per round (flow: "Usable once per round")', () => {
    const t = duel();
    expect(t.refused({ type: "move", who: "ana", path: [[-2, 0]], mode: "step" })).toBe(
      "TEMPO.Refusal.FlowStepTooFar",
    );
    t.do({ type: "move", who: "ana", path: [[-1, 0]], mode: "step" });
    expect(t.offers()).toEqual([]);
    expect(t.pools("ana").ap).toBe(4);
    expect(t.refused({ type: "move", who: "ana", path: [[-2, 0]], mode: "step" })).toBe(
      "TEMPO.Refusal.FlowOncePerRound",
    );
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "move", who: "ana", path: [[-2, 0]], mode: "step" });
    expect(t.c("ana").at).toEqual([-2, 0]);
  });

  it("rolls Agility for Tumble Through and costs 1 AP either way", () => {
    const t = duel({ ana: { stats: { agility: 1 }, skills: { agility: 40 } } }, [41]);
    t.do({
      type: "move",
      who: "ana",
      path: [
        [1, 0],
        [2, 0],
      ],
      mode: "tumble",
    });
    expect(t.pools("ana").ap).toBe(4);
    expect(t.c("ana").at).toEqual([0, 0]);
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
  });

  it("refuses Tumble Through when the hex beyond is taken", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [2, 0] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    expect(t.refused({ type: "move", who: "ana", path: [[2, 0]], mode: "tumble" })).toBe(
      "TEMPO.Refusal.FlowTumbleBlocked",
    );
  });
});

describe("flow previewMove (the ruler)", () => {
  it("shows the AP cost and the hex where each enemy with RP would be offered a Reaction Attack, once per enemy", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "wolf", side: "foes", at: [-1, -1] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    const before = JSON.stringify(t.state);
    const preview = flow.previewMove?.(
      t.state,
      "ana",
      [
        [1, -1],
        [0, -1],
        [-1, 0],
      ],
      "normal",
    );
    expect(preview?.refusal).toBeNull();
    expect(preview?.cost).toEqual({ ap: 1 });
    expect(preview?.provocations).toEqual([
      { cell: [0, 0], step: 0, by: ["orc"] },
      { cell: [0, -1], step: 2, by: ["wolf"] },
    ]);
    expect(JSON.stringify(t.state)).toBe(before);
  });

  it("shows a step as provoking nothing and a refused path with its reason", () => {
    const t = duel();
    expect(flow.previewMove?.(t.state, "ana", [[-1, 0]], "step")).toMatchObject({
      cost: { ap: 1 },
      provocations: [],
      refusal: null,
    });
    expect(flow.previewMove?.(t.state, "ana", [[1, 0]], "normal")?.refusal?.key).toBe(
      "TEMPO.Refusal.MoveEnemyCell",
    );
    expect(flow.previewMove?.(t.state, "orc", [[2, 0]], "normal")?.refusal?.key).toBe(
      "TEMPO.Refusal.NotYourTurn",
    );
  });

  it("shows a tumble's possible Reaction Attack from the enemy tumbled through", () => {
    const t = duel();
    expect(
      flow.previewMove?.(
        t.state,
        "ana",
        [
          [1, 0],
          [2, 0],
        ],
        "tumble",
      ),
    ).toMatchObject({
      cost: { ap: 1 },
      provocations: [{ cell: [0, 0], step: 0, by: ["orc"] }],
    });
  });
});

describe("flow moves and the fallen", () => {
  it("withdraws the other Reaction Attacks against a mover who falls, and stops the move", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [-1, 1] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    t.do({ type: "move", who: "ana", path: [[0, -2]] });
    expect(t.offers()).toEqual(["gob/reactionAttack/ana", "orc/reactionAttack/ana"]);
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "kill" });
    const events = t.do({ type: "react", who: "ana", with: "decline" });
    expect(t.offers()).toEqual([]);
    expect(t.state.pending).toEqual([]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "moveStopped", who: "ana", reason: "defeated" }),
    );
    expect(t.pools("gob").rp).toBe(2);
  });
});
