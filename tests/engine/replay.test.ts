import { describe, expect, it } from "vitest";
import type { Command } from "../../src/engine/commands";
import { ScriptedDice } from "../../src/engine/dice";
import { createEncounter } from "../../src/engine/encounter";
import { getRuleset } from "../../src/engine/registry";
import { replay } from "../../src/engine/replay";
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

/** Where a state stands: its round and whose turn it is. */
function standing(state: EncounterState): [number, string | null] {
  return [state.round, state.current];
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
