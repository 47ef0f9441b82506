import { describe, expect, it } from "vitest";
import type { Command } from "../../src/engine/commands";
import { ScriptedDice } from "../../src/engine/dice";
import { createEncounter } from "../../src/engine/encounter";
import { getRuleset } from "../../src/engine/registry";
import { Checkpoints, checkpointLog, replay, type Step } from "../../src/engine/replay";
import type { EncounterState } from "../../src/engine/state";

/**
 * Logs and going back (src/engine/replay.ts), on a small flow fight worked out by hand: ana
 * (agility 3) and orc (agility 0) roll a d10 each at the start, ana 7 + 3 = 10, orc 1 + 0 = 1, so
 * ana acts first every round. Each endTurn passes the turn on; orc's ends the round.
 */

const flow = getRuleset("flow");

function fight(): EncounterState {
  return createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 3 } },
        { id: "orc", side: "foes", at: [4, 0], stats: { agility: 0 } },
      ],
    },
    flow,
  );
}

/**
 * Five steps and where each leaves the fight (round, whose turn):
 * after 0: (0, nobody); 1: (1, ana); 2: (1, orc); 3: (2, ana); 4: (2, orc); 5: (3, ana).
 */
const STEPS: Step[] = [
  { command: { type: "start" }, dice: [7, 1] },
  { command: { type: "endTurn", who: "ana" }, dice: [] },
  { command: { type: "endTurn", who: "orc" }, dice: [] },
  { command: { type: "endTurn", who: "ana" }, dice: [] },
  { command: { type: "endTurn", who: "orc" }, dice: [] },
];

/** Where a state stands: its round and whose turn it is. */
function standing(state: EncounterState): [number, string | null] {
  return [state.round, state.current];
}

/** The error `fn` throws (failing the test when it throws none). */
function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  expect.fail("expected an error, but nothing was thrown");
}

describe("replay: runs a list of commands and logs each", () => {
  it("logs a refused command with its refusal and no events, and goes on from the state before it", () => {
    const refused: Command = { type: "endTurn", who: "orc" };
    const commands: Command[] = [{ type: "start" }, refused, { type: "endTurn", who: "ana" }];
    const { state, log } = replay(fight(), commands, new ScriptedDice([7, 1]));
    expect(log).toHaveLength(3);
    expect(log[1]).toStrictEqual({
      command: refused,
      refusal: { key: "TEMPO.Refusal.NotYourTurn", data: { who: "orc" } },
      events: [],
    });
    expect(log[0]?.refusal).toBeNull();
    expect(log[2]?.refusal).toBeNull();
    expect(log[2]?.events.map((e) => e.type)).toEqual(["poolSpent", "poolSet", "turnEnded", "turnStarted"]);
    expect(standing(state)).toEqual([1, "orc"]);
  });
});

describe("Checkpoints: the interval between kept states", () => {
  it.each([0, -1, 1.5])("refuses an interval of %s with a RangeError naming it", (every) => {
    const error = thrown(() => new Checkpoints(fight(), every));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe(`checkpoint interval ${every}`);
  });

  it("takes an interval of 1: every state is kept, and each is found", () => {
    const { checkpoints } = checkpointLog(fight(), STEPS, 1);
    expect(checkpoints.every).toBe(1);
    expect(checkpoints.length).toBe(5);
    expect(standing(checkpoints.stateAt(STEPS, 4))).toEqual([2, "orc"]);
  });
});

describe("Checkpoints.truncate: a rewind keeps only the first steps", () => {
  it.each([5, 6, 100])("truncating at %s, at or beyond the 5 recorded steps, keeps all of them", (steps) => {
    const { checkpoints } = checkpointLog(fight(), STEPS, 2);
    checkpoints.truncate(steps);
    expect(checkpoints.length).toBe(5);
    // Step 4 (orc's endTurn) started ana's turn and round 3.
    expect(checkpoints.lastChange("turn")).toBe(4);
    expect(checkpoints.lastChange("round")).toBe(4);
    expect(standing(checkpoints.stateAt(STEPS, 5))).toEqual([3, "ana"]);
  });

  it("truncating below the length forgets the later steps: their states and their turns", () => {
    const { checkpoints } = checkpointLog(fight(), STEPS, 2);
    checkpoints.truncate(2);
    expect(checkpoints.length).toBe(2);
    // Step 1 (ana's endTurn) started orc's turn in the same round; step 0 is never counted.
    expect(checkpoints.lastChange("turn")).toBe(1);
    expect(checkpoints.lastChange("round")).toBeNull();
    expect(standing(checkpoints.stateAt(STEPS, 2))).toEqual([1, "orc"]);
    const error = thrown(() => checkpoints.stateAt(STEPS, 3));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe("no state after 3 of 2 steps");
  });

  it("truncating at 3 with an interval of 2 keeps the checkpoint after 2 and replays step 2 from it", () => {
    const { checkpoints } = checkpointLog(fight(), STEPS, 2);
    checkpoints.truncate(3);
    expect(checkpoints.length).toBe(3);
    expect(checkpoints.lastChange("turn")).toBe(2);
    expect(checkpoints.lastChange("round")).toBe(2);
    expect(standing(checkpoints.stateAt(STEPS, 3))).toEqual([2, "ana"]);
  });

  it("truncating below zero keeps no step", () => {
    const { checkpoints } = checkpointLog(fight(), STEPS, 2);
    checkpoints.truncate(-1);
    expect(checkpoints.length).toBe(0);
    expect(checkpoints.lastChange("turn")).toBeNull();
    expect(standing(checkpoints.stateAt(STEPS, 0))).toEqual([0, null]);
  });
});

describe("Checkpoints.stateAt: the state after n steps of the recorded log", () => {
  it("gives the state after each number of steps, as applying the steps one by one does", () => {
    const { checkpoints } = checkpointLog(fight(), STEPS, 2);
    const expected: [number, string | null][] = [
      [0, null],
      [1, "ana"],
      [1, "orc"],
      [2, "ana"],
      [2, "orc"],
      [3, "ana"],
    ];
    expect([0, 1, 2, 3, 4, 5].map((n) => standing(checkpoints.stateAt(STEPS, n)))).toEqual(expected);
  });

  it.each([
    ["below zero", -1, STEPS],
    ["not a whole number", 1.5, STEPS],
    ["beyond the recorded steps, though the log is longer", 6, [...STEPS, STEPS[1] as Step]],
    ["beyond the log it is given, though recorded", 4, STEPS.slice(0, 3)],
  ])("refuses n %s with a RangeError naming n and the recorded length", (_, n, steps) => {
    const { checkpoints } = checkpointLog(fight(), STEPS, 2);
    const error = thrown(() => checkpoints.stateAt(steps, n));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe(`no state after ${n} of 5 steps`);
  });

  it("throws, naming the refusal, the step and its command, when a step of the log is refused", () => {
    const { checkpoints } = checkpointLog(fight(), STEPS, 8);
    // Not the log recorded: at step 1 orc tries to end ana's turn.
    const other: Step[] = [...STEPS];
    other[1] = { command: { type: "endTurn", who: "orc" }, dice: [] };
    const error = thrown(() => checkpoints.stateAt(other, 2));
    expect(error.message).toBe(
      'Tempo: the log does not replay (TEMPO.Refusal.NotYourTurn at step 1, "endTurn")',
    );
  });
});
