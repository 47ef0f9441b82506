import { describe, expect, it } from "vitest";
import type { EngineEvent } from "../../../../src/engine/events";
import type { CombatantSetup, GridDescription } from "../../../../src/engine/state";
import { Table, duel } from "./helpers";

/**
 * flow readied actions as they fire (src/engine/rulesets/flow/settle.ts): "When the trigger
 * happens, you act immediately at that point in the initiative order, and perform the action you
 * specified." What a readied move asks for on and off the grid, the AP the readier forfeits, a wait
 * given up while another readier's action is answered, and the held command going on afterwards.
 */

const ofType = (events: EngineEvent[], type: string) => events.filter((e) => e.type === type);

/** ana (first, 9 + 1) readies a move on orc's next action; orc (4) then draws. */
function readiedMoveOn(
  ana: Partial<CombatantSetup>,
  grid: GridDescription,
  options: Record<string, string> = {},
): Table {
  const t = new Table(
    [
      { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 }, ...ana },
      { id: "orc", side: "foes", at: [1, 0] },
    ],
    [9, 4],
    grid,
    options,
  );
  t.do({ type: "start" });
  t.do({ type: "ready", who: "ana", action: "move", trigger: { who: "orc", verb: "act" } });
  t.do({ type: "act", who: "orc", action: "draw" });
  return t;
}

describe('flow readied moves ("you act immediately at that point in the initiative order")', () => {
  it("moves an unplaced readier on a grid by the action, with no path to ask for", () => {
    const t = readiedMoveOn({ at: null }, { type: "hex" }, { readyAp: "keep" });
    expect(t.offers()).toEqual([]);
    expect(ofType(t.events, "actionTaken")).toEqual([
      { type: "actionTaken", who: "ana", action: "move", target: null, cost: 1, readied: true },
      { type: "actionTaken", who: "orc", action: "draw", target: null, cost: 1, readied: false },
    ]);
    // 5 AP kept (readyAp: keep), 1 paid for the move, the other 4 forfeited: the readied action was her turn.
    expect(ofType(t.events, "poolSet")).toEqual([
      { type: "poolSet", who: "ana", pool: "ap", value: 0, reason: "forfeited" },
    ]);
    expect(t.state.pending).toEqual([]);
  });

  it("moves a readier on a gridless scene by the action, though its token has a cell", () => {
    const t = readiedMoveOn({}, { type: "none" });
    expect(t.offers()).toEqual([]);
    expect(ofType(t.events, "actionTaken").map((e) => [e.who, e.action, e.readied])).toEqual([
      ["ana", "move", true],
      ["orc", "draw", false],
    ]);
    expect(t.pools("ana").ap).toBe(0);
  });

  it("holds a placed readier's move on a grid as a readied move, over the trigger's held action", () => {
    const t = readiedMoveOn({}, { type: "hex" });
    expect(t.offers()).toEqual(["ana/readiedMove/orc"]);
    expect(t.state.pending.map((p) => [p.kind, p.actor, p.data])).toEqual([
      ["resume", "orc", { command: { type: "act", who: "orc", action: "draw" } }],
      [
        "readiedMove",
        "ana",
        { readier: "ana", action: "move", target: null, trigger: { who: "orc", verb: "act" } },
      ],
    ]);
  });
});

describe("flow readied actions and the command they held", () => {
  it("lets the held attack go on as the attacker's own action, not a readied one", () => {
    // As in ready.test.ts "fires just before the trigger's action": ana's shove rolls 90 against 10.
    const t = duel({}, [90, 10]);
    t.do({ type: "ready", who: "ana", action: "shove", trigger: { who: "orc", verb: "attack" } });
    const events = t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(ofType(events, "actionTaken")).toEqual([
      { type: "actionTaken", who: "ana", action: "shove", target: "orc", cost: 1, readied: true },
      { type: "actionTaken", who: "orc", action: "attack", target: "ana", cost: 2, readied: false },
    ]);
  });

  it('does not fire a wait the GM cancelled while another readier\'s attack was answered ("cancel the Readied Action")', () => {
    // Initiative: ana 9, bob 8, orc 1. Both ready an attack on orc's next action.
    // The readiers fire in initiative order: ana's attack first, rolling 10 under Melee 50: Hard
    // (at most 25), a hit, which orc may answer; bob's waits below it.
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], skills: { melee: 50 } },
        { id: "bob", side: "party", at: [1, -1], skills: { melee: 50 } },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [9, 8, 1, 10],
    );
    t.do({ type: "start" });
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "act" } });
    t.do({ type: "ready", who: "bob", action: "attack", trigger: { who: "orc", verb: "act" } });
    t.do({ type: "act", who: "orc", action: "draw" });
    expect(ofType(t.events, "readyTriggered").map((e) => e.who)).toEqual(["ana"]);
    expect(t.offers()).toEqual(["orc/dodge/ana", "orc/parry/ana", "orc/riposte/ana"]);
    t.do({ type: "removeCondition", who: "bob", condition: "readied" });
    const events = t.do({ type: "react", who: "orc", with: "decline" });
    expect(ofType(events, "readyTriggered")).toEqual([]);
    expect(ofType(events, "actionTaken").map((e) => e.who)).toEqual(["orc"]);
    // Nothing fired for bob: the readied attack's 2 AP he kept are not spent.
    expect(t.pools("bob").ap).toBe(2);
    expect(t.diceLeft).toBe(0);
  });
});

describe('flow: a readied move is one Move action ("perform the action you specified"; "Movement: 1 AP to move full Move Speed")', () => {
  /** ana (first) readies a move on orc's move under `readyAp`; orc moves; ana's move is offered. */
  function readiedMoveUnder(readyAp: string, moveSpeed?: number): Table {
    const t = new Table(
      [
        {
          id: "ana",
          name: "Ana",
          side: "party",
          pc: true,
          at: [0, 0],
          stats: { agility: 1, ...(moveSpeed ? { moveSpeed } : {}) },
        },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
      [9, 4],
      { type: "hex" },
      { readyAp },
    );
    t.do({ type: "start" });
    t.do({ type: "ready", who: "ana", action: "move", trigger: { who: "orc", verb: "move" } });
    t.do({ type: "move", who: "orc", path: [[3, 0]] });
    expect(t.offers()).toEqual(["ana/readiedMove/orc"]);
    return t;
  }

  it.each(["keep", "forfeit"])(
    "refuses a readied move beyond Move Speed with readyAp %s, naming the most it may go, and changes nothing",
    (readyAp) => {
      const t = readiedMoveUnder(readyAp);
      expect(t.refusedWhole({ type: "move", who: "ana", path: [[-7, 0]] })).toEqual({
        key: "TEMPO.Refusal.FlowReadiedMoveTooFar",
        data: { who: "Ana", max: 6, need: 7 },
      });
      const events = t.do({ type: "move", who: "ana", path: [[-6, 0]] });
      // Move Speed itself is one Move action, 1 AP; then the orc's held move goes on.
      expect(ofType(events, "poolSpent").map((e) => [e.who, e.pool, e.amount])).toEqual([
        ["ana", "ap", 1],
        ["orc", "ap", 1],
      ]);
      expect(t.c("ana").at).toEqual([-6, 0]);
      expect(t.pools("ana").ap).toBe(0);
    },
  );

  it("measures the readied move by the readier's own Move Speed", () => {
    const t = readiedMoveUnder("keep", 3);
    expect(t.refusedWhole({ type: "move", who: "ana", path: [[-4, 0]] })).toEqual({
      key: "TEMPO.Refusal.FlowReadiedMoveTooFar",
      data: { who: "Ana", max: 3, need: 4 },
    });
    t.do({ type: "move", who: "ana", path: [[-3, 0]] });
    expect(t.c("ana").at).toEqual([-3, 0]);
  });
});
