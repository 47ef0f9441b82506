import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import { flow } from "../../../../src/engine/rulesets/flow";
import type { Command } from "../../../../src/engine/commands";
import type { Cell, CombatantSetup, CombatantState } from "../../../../src/engine/state";
import { Table } from "./helpers";

/**
 * The edges of flow's movement (src/engine/rulesets/flow/movement.ts): Tumble Through ("Requirement:
 * Adjacent to an enemy", "move directly through the enemy's Hex to the other side of them", "can
 * NOT be used against enemies larger than Medium size", "If you fail your Agility Check, you must
 * stay where you are, and this attempted action will provoke Reaction Attacks from only the enemy
 * you attempted this on"), a readied move ("When the trigger happens, you act immediately at that
 * point in the initiative order, and perform the action you specified"), a move held by Reaction
 * Attacks ("moves OUT of any hex you threaten") and the ruler's preview. Names differ from ids, as
 * a refusal's message shows names.
 */

const ANA: CombatantSetup = {
  id: "ana",
  name: "Ana",
  side: "party",
  pc: true,
  at: [0, 0],
  stats: { agility: 1 },
  skills: { agility: 40 },
};
const ORC: CombatantSetup = { id: "orc", name: "Grosh", side: "foes", at: [1, 0] };

/** Ana (Agility skill 40) and Grosh the orc; Ana acts first (initiative dice 9 + 1 against 4). */
function duel(
  extra: { ana?: Partial<CombatantSetup>; orc?: Partial<CombatantSetup> } = {},
  dice: number[] = [],
): Table {
  const t = new Table(
    [
      { ...ANA, ...extra.ana },
      { ...ORC, ...extra.orc },
    ],
    [9, 4, ...dice],
  );
  t.do({ type: "start" });
  return t;
}

/** Ana's Tumble Through: into the enemy's hex `through`, then on to `beyond`. */
function tumble(through: Cell, beyond: Cell): Command {
  return { type: "move", who: "ana", path: [through, beyond], mode: "tumble" };
}

describe("flow Tumble Through refusals name the tumbler", () => {
  it('refuses a tumble through a hex no enemy stands on, naming the mover ("Requirement: Adjacent to an enemy")', () => {
    const t = duel({ orc: { at: [0, 5] } });
    expect(t.refusedWhole(tumble([1, 0], [2, 0]))).toEqual({
      key: "TEMPO.Refusal.FlowTumbleNoEnemy",
      data: { who: "Ana" },
    });
  });

  it('refuses a path that does not end straight beyond the enemy, naming the mover ("to the other side of them")', () => {
    // Through Grosh at [1, 0] from [0, 0], the other side is [2, 0]; [1, 1] is beside him.
    const t = duel();
    expect(t.refusedWhole(tumble([1, 0], [1, 1]))).toEqual({
      key: "TEMPO.Refusal.FlowTumbleNoEnemy",
      data: { who: "Ana" },
    });
  });

  it('refuses to tumble through a Large enemy, naming the mover and the enemy ("can NOT be used against enemies larger than Medium size")', () => {
    const t = duel({ orc: { size: "large" } });
    expect(t.refusedWhole(tumble([1, 0], [2, 0]))).toEqual({
      key: "TEMPO.Refusal.FlowTumbleTooLarge",
      data: { who: "Ana", target: "Grosh" },
    });
  });
});

describe('flow Tumble Through: "through the enemy\'s Hex to the other side of them", anywhere on the map', () => {
  it("lands on the hex straight beyond an enemy away from the origin", () => {
    // Ana at [2, 1], Grosh at [3, 1]: the hex beyond him is [3 + (3 - 2), 1 + (1 - 1)] = [4, 1].
    // d100 12 under Agility 40 succeeds.
    const t = duel({ ana: { at: [2, 1] }, orc: { at: [3, 1] } }, [12]);
    const events = t.do(tumble([3, 1], [4, 1]));
    expect(t.c("ana").at).toEqual([4, 1]);
    expect(events).toContainEqual({
      type: "moved",
      who: "ana",
      from: [2, 1],
      to: [4, 1],
      path: [
        [2, 1],
        [3, 1],
        [4, 1],
      ],
      mode: "tumble",
    });
  });

  it("lands on the hex straight beyond along the other axis, the enemy's other side", () => {
    // Ana at [1, 1], Grosh at [1, 2]: beyond him is [1, 3].
    const t = duel({ ana: { at: [1, 1] }, orc: { at: [1, 2] } }, [12]);
    t.do(tumble([1, 2], [1, 3]));
    expect(t.c("ana").at).toEqual([1, 3]);
  });
});

describe('flow failed Tumble Through ("provoke Reaction Attacks from only the enemy you attempted this on")', () => {
  it("holds the attempted tumble through the enemy as provoked until that enemy's Reaction Attack is answered", () => {
    // d100 41 over Agility 40 fails: Ana stays at [0, 0].
    const t = duel({}, [41]);
    t.do(tumble([1, 0], [2, 0]));
    expect(t.c("ana").at).toEqual([0, 0]);
    expect(t.state.pending).toEqual([
      {
        id: expect.any(String),
        kind: "provoked",
        actor: "ana",
        data: { action: "tumble", target: "orc", outcome: null },
      },
    ]);
    expect(t.state.offers).toEqual([
      {
        id: expect.any(String),
        who: "orc",
        with: "reactionAttack",
        against: "ana",
        trigger: t.state.pending[0]?.id,
        cell: [0, 0],
      },
    ]);
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.state.pending).toEqual([]);
    expect(t.c("ana").at).toEqual([0, 0]);
  });
});

describe("flow moves held by Reaction Attacks", () => {
  it("keeps in the held move where it started, what is left to walk, what was walked and who was offered", () => {
    // Grosh at [1, 0] threatens [0, 0]: leaving it (step 0) holds Ana there with all of the path
    // [0, 0] .. [-3, 0] still to walk.
    const t = duel();
    t.do({ type: "move", who: "ana", path: [[-3, 0]] });
    expect(t.state.pending).toEqual([
      {
        id: expect.any(String),
        kind: "move",
        actor: "ana",
        data: {
          mode: "normal",
          from: [0, 0],
          rest: [
            [0, 0],
            [-1, 0],
            [-2, 0],
            [-3, 0],
          ],
          walked: [[0, 0]],
          offered: ["orc"],
        },
      },
    ]);
  });

  it('stops a held move whose path an enemy has come to stand on ("you cannot move through an enemy hex")', () => {
    // While Ana is held at [0, 0], the GM puts the goblin on [-2, 0], on her path.
    const t = new Table([ANA, ORC, { id: "gob", name: "Snag", side: "foes", at: [0, 5] }], [9, 4, 1]);
    t.do({ type: "start" });
    t.do({ type: "move", who: "ana", path: [[-3, 0]] });
    t.do({ type: "place", who: "gob", at: [-2, 0] });
    const events = t.do({ type: "react", who: "orc", with: "decline" });
    expect(events).toContainEqual({
      type: "moveStopped",
      who: "ana",
      at: [0, 0],
      reason: "EnemyCell",
      path: [[0, 0]],
    });
    expect(t.c("ana").at).toEqual([0, 0]);
    expect(t.state.pending).toEqual([]);
    expect(t.offers()).toEqual([]);
    // The move's 1 AP stays spent.
    expect(t.pools("ana").ap).toBe(4);
  });
});

describe("flow moves and what waits on them", () => {
  it("a move that no readied action waits on is carried out at once: nothing is held, no id taken", () => {
    const t = duel({ orc: { at: [0, 5] } });
    const seq = t.state.seq;
    t.do({ type: "move", who: "ana", path: [[-2, 0]] });
    expect(t.c("ana").at).toEqual([-2, 0]);
    expect(t.state.pending).toEqual([]);
    expect(t.state.seq).toBe(seq);
  });

  it("nobody moves on their own while a reaction offered to them is open", () => {
    // Grosh attacks Ana on his turn: her Dodge, Parry and Riposte wait for an answer.
    const t = duel();
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc"]);
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[-1, 0]] })).toEqual({
      key: "TEMPO.Refusal.ReactionsPending",
      data: { count: 3 },
    });
  });
});

describe('flow readied move ("perform the action you specified")', () => {
  const withdrawn = (events: EngineEvent[]) =>
    events.filter((e) => e.type === "offerWithdrawn").map((e) => [e.who, e.with, e.reason]);
  const sets = (events: EngineEvent[], who: string) =>
    events.filter((e) => e.type === "poolSet" && e.who === who).map((e) => [e.pool, e.value, e.reason]);

  /** Initiative: Ana 2, Grosh 9. Round 2: Ana readies a move on Grosh's move, and Grosh moves. */
  function readiedMove(): Table {
    const t = new Table(
      [
        { ...ANA, stats: {}, at: [0, 0] },
        { ...ORC, at: [4, 0] },
      ],
      [2, 9],
    );
    t.do({ type: "start" });
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "ready", who: "ana", action: "move", trigger: { who: "orc", verb: "move" } });
    t.do({ type: "move", who: "orc", path: [[3, 0]] });
    expect(t.offers()).toEqual(["ana/readiedMove/orc"]);
    return t;
  }

  it("refuses a readied move that is a step or a tumble, naming the mode", () => {
    const t = readiedMove();
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[-1, 0]], mode: "step" })).toEqual({
      key: "TEMPO.Refusal.FlowMoveModeUnsupported",
      data: { mode: "step" },
    });
    expect(t.refusedWhole(tumble([1, 0], [2, 0]))).toEqual({
      key: "TEMPO.Refusal.FlowMoveModeUnsupported",
      data: { mode: "tumble" },
    });
  });

  it("answers the readied move's offer with the move, then forfeits the AP the readier kept", () => {
    const t = readiedMove();
    const events = t.do({ type: "move", who: "ana", path: [[1, 0]] });
    expect(withdrawn(events)).toEqual([["ana", "readiedMove", "answered"]]);
    // 5 AP, 1 paid for the move, the other 4 gone: the readied action was her turn.
    expect(sets(events, "ana")).toEqual([["ap", 0, "forfeited"]]);
    expect(t.c("ana").at).toEqual([1, 0]);
    expect(t.c("orc").at).toEqual([3, 0]);
  });
});

describe("flow previewMove: refusals", () => {
  it("shows a move by someone not in the fight as refused, with no path", () => {
    const t = duel();
    expect(flow.previewMove?.(t.state, "nobody", [[1, 0]], "normal")).toEqual({
      cells: [],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.UnknownCombatant", data: { who: "nobody" } },
    });
  });

  it("lets an error that is not a refusal through, rather than showing it as the move's refusal", () => {
    // A broken state (Ana has no pools): a bug to surface, not a reason the ruler can show.
    const t = duel();
    const { pools: _pools, ...ana } = t.c("ana");
    const broken = { ...t.state, combatants: { ...t.state.combatants, ana: ana as CombatantState } };
    expect(() => flow.previewMove?.(broken, "ana", [[-1, 0]], "normal")).toThrow(TypeError);
  });
});
