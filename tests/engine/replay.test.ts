import { describe, expect, it } from "vitest";
import type { Command } from "../../src/engine/commands";
import { ScriptedDice } from "../../src/engine/dice";
import { createEncounter } from "../../src/engine/encounter";
import { getRuleset } from "../../src/engine/registry";
import {
  Checkpoints,
  checkpointLog,
  lastChangeBack,
  replay,
  reversePatch,
  stateBack,
  type ReversePatch,
  type Step,
} from "../../src/engine/replay";
import type { EncounterState } from "../../src/engine/state";
import { combatantIn } from "../../src/engine/record";

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

/** The fight before it starts: the state the hand-made steps below change. */
const START = fight();

/** START with a change made by hand, sharing every other piece (a step as reversePatch sees it). */
function changed(change: (state: Record<string, unknown>) => void): EncounterState {
  const state: Record<string, unknown> = { ...START };
  change(state);
  return state as unknown as EncounterState;
}

describe("reversePatch: what a step changed, as the text it had before", () => {
  it("holds a changed top-level field and a changed combatant, never the list of combatants itself", () => {
    const before = fight();
    const ana = combatantIn(before, "ana");
    if (!ana) throw new Error("no ana");
    const after = {
      ...before,
      round: 1,
      combatants: before.combatants.map((c) => (c === ana ? { ...ana, initiative: 10 } : c)),
    };
    expect(reversePatch(before, after)).toStrictEqual({
      state: { round: "0" },
      combatants: { ana: JSON.stringify(ana) },
    });
  });

  it("holds null for a field the step created, and going back removes the field", () => {
    const before = fight();
    const after = { ...before, added: 5 } as EncounterState;
    const patch = reversePatch(before, after);
    expect(patch).toStrictEqual({ state: { added: null }, combatants: {} });
    const back = stateBack(after, [patch], 0) as EncounterState;
    expect("added" in back).toBe(false);
    expect(back).toStrictEqual(before);
  });

  it("holds the text of a field the step removed or left undefined, and going back restores it", () => {
    const before = changed((s) => {
      s.ext = { note: 1 };
    });
    const removed = changed((s) => {
      delete s.ext;
    });
    const undefinedExt = changed((s) => {
      s.ext = undefined;
    });
    for (const after of [removed, undefinedExt]) {
      const patch = reversePatch(before, after);
      expect(patch).toStrictEqual({ state: { ext: '{"note":1}' }, combatants: {} });
      expect(stateBack(after, [patch], 0)).toEqual(before);
    }
  });

  it("holds nothing for a field that was undefined and is gone: going back gives the very same state", () => {
    const before = changed((s) => {
      s.extra = undefined;
    });
    const after = START;
    const patch = reversePatch(before, after);
    expect(patch).toStrictEqual({ state: {}, combatants: {} });
    expect(stateBack(after, [patch], 0)).toBe(after);
  });
});

describe("stateBack: going back by reverse patches", () => {
  const none: ReversePatch = { state: {}, combatants: {} };

  it.each([
    [-1, "no state after -1 of 1 steps"],
    [1.5, "no state after 1.5 of 1 steps"],
    [2, "no state after 2 of 1 steps"],
  ])("refuses to keep %s steps of 1 with a RangeError naming both", (keep, message) => {
    const error = thrown(() => stateBack(fight(), [none], keep));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe(message);
  });

  it("gives back the very same state when no step it goes back over changed anything", () => {
    const state = fight();
    expect(stateBack(state, [none, none], 0)).toBe(state);
    expect(stateBack(state, [none, none], 2)).toBe(state);
  });

  it("a patch of top-level fields only keeps the very list of combatants", () => {
    const state = fight();
    const back = stateBack(state, [{ state: { round: "4", current: '"orc"' }, combatants: {} }], 0);
    expect(back?.round).toBe(4);
    expect(back?.current).toBe("orc");
    expect(back?.combatants).toBe(state.combatants);
  });

  it("a patch of one combatant keeps the others as the very objects they were", () => {
    const state = fight();
    const back = stateBack(state, [{ state: {}, combatants: { ana: '{"id":"ana","initiative":3}' } }], 0);
    expect(combatantIn(back, "ana")).toStrictEqual({ id: "ana", initiative: 3 });
    expect(combatantIn(back, "orc")).toBe(combatantIn(state, "orc"));
    expect(back?.round).toBe(0);
  });
});

describe("lastChangeBack: the last turn's start, read from the patches", () => {
  const none: ReversePatch = { state: {}, combatants: {} };

  it("a turn field going from missing to null is no new turn: turnMark reads both as null", () => {
    const before = changed((s) => {
      delete s.current;
    });
    const after = START;
    const patch = reversePatch(before, after);
    expect(patch.state).toStrictEqual({ current: null });
    expect(lastChangeBack(after, [none, patch], "turn")).toBeNull();
  });

  it("a turn field going from null to someone is a new turn", () => {
    const before = changed((s) => {
      s.round = 1;
    });
    const after = changed((s) => {
      s.round = 1;
      s.current = "ana";
    });
    const patch = reversePatch(before, after);
    expect(patch.state).toStrictEqual({ current: "null" });
    expect(lastChangeBack(after, [none, patch, none], "turn")).toBe(1);
    expect(lastChangeBack(after, [none, patch, none], "round")).toBeNull();
  });

  it("a round going from 1 to 2 is a new round", () => {
    const after = changed((s) => {
      s.round = 2;
    });
    const patches: ReversePatch[] = [none, { state: { round: "1" }, combatants: {} }, none];
    expect(lastChangeBack(after, patches, "round")).toBe(1);
  });
});
