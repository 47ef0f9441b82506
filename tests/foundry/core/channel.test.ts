import { describe, expect, it } from "vitest";

import { createEncounter, getRuleset, type Command, type EncounterState } from "../../../src/engine";
import {
  decide,
  isCommandAnswer,
  isCommandBody,
  readStored,
  serialized,
  type StoredCombat,
} from "../../../src/foundry/commands";
import type { DieRoller } from "../../../src/foundry/dice";
import { combatUpdateData, permission, type CombatWrite } from "../../../src/foundry/documents/sync";

function roller(values: number[]): DieRoller {
  let i = 0;
  return async (faces) => {
    const value = values[i++];
    if (value === undefined) throw new Error("test roller ran out");
    return { faces, value };
  };
}

const IDS = ["ana", "orc", "bob"];

function fresh(): StoredCombat {
  const initial = createEncounter(
    {
      ruleset: "flow",
      combatants: [
        { id: "ana", name: "Ana", side: "party", pc: true, stats: { agility: 1 } },
        { id: "orc", name: "Orc", side: "foes", stats: { agility: 0 } },
        { id: "bob", name: "Bob", side: "party", pc: true, stats: { agility: 0 } },
      ],
    },
    getRuleset("flow"),
  );
  return { state: initial, initial, log: [], seq: 0, ids: IDS };
}

/** What the Combat holds after a write, read back as the GM's client would read it. */
function storedAfter(write: CombatWrite): StoredCombat {
  const data = combatUpdateData(write);
  const stored = readStored(data.system, IDS);
  if (!stored) throw new Error("write did not read back");
  return stored;
}

async function started(): Promise<StoredCombat> {
  // ana 9+1 = 10, orc 4, bob 2.
  const decision = await decide(fresh(), [{ type: "start" }], roller([9, 4, 2]), "gm");
  if (!decision.ok) throw new Error(decision.refusal.key);
  return storedAfter(decision.write);
}

describe("decide (the GM's client applying commands)", () => {
  it("writes the state, Foundry's round and turn, the log with the dice used, and the events to announce", async () => {
    const decision = await decide(fresh(), [{ type: "start" }], roller([9, 4, 2]), "gm");
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const { write } = decision;
    expect(write.round).toBe(1);
    expect(write.system.state.order).toEqual(["ana", "orc", "bob"]);
    expect(write.turn).toBe(0);
    expect(write.system.log).toEqual([{ command: { type: "start" }, dice: [9, 4, 2], userId: "gm" }]);
    expect(write.system.seq).toBe(1);
    expect(write.system.last.seq).toBe(1);
    expect(write.system.last.entries[0]?.events.map((e) => e.type)).toContain("turnStarted");
    expect(decision.dice.map((d) => d.faces)).toEqual([10, 10, 10]);
  });

  it("sets Foundry's turn to the engine's current combatant in the engine's order", async () => {
    const stored = await started();
    const decision = await decide(stored, [{ type: "next" }], roller([]), "gm");
    if (!decision.ok) throw new Error(decision.refusal.key);
    expect(decision.write.system.state.current).toBe("orc");
    expect(decision.write.turn).toBe(1);
  });

  it("writes nothing when the engine refuses, and returns its refusal", async () => {
    const stored = await started();
    const decision = await decide(stored, [{ type: "endTurn", who: "orc" }], roller([]), "u1");
    expect(decision).toEqual({
      ok: false,
      refusal: { key: "TEMPO.Refusal.NotYourTurn", data: { who: "Orc" } },
    });
  });

  it("applies a list of commands all or nothing", async () => {
    const stored = await started();
    const commands: Command[] = [{ type: "next" }, { type: "endTurn", who: "ana" }];
    const decision = await decide(stored, commands, roller([]), "gm");
    expect(decision.ok).toBe(false);
  });

  it("keeps pressing next until the round changes (nextRound), logging each press", async () => {
    const stored = await started();
    const round = stored.state.round;
    const decision = await decide(stored, [], roller([]), "gm", (s) =>
      s.round === round && s.status === "active" ? { type: "next" } : null,
    );
    if (!decision.ok) throw new Error(decision.refusal.key);
    expect(decision.write.round).toBe(round + 1);
    expect(decision.write.system.log.slice(1).map((e) => e.command.type)).toEqual(["next", "next", "next"]);
    expect(decision.write.system.seq).toBe(4);
  });

  it("finishes the round in one press whatever the number of combatants (phases: 4 phases of 60 turns)", async () => {
    // phases: every one of the Turn's Phases gives each combatant a turn (Combat Value sets the order).
    const combatants = Array.from({ length: 60 }, (_, k) => ({
      id: `c${k}`,
      side: k % 2 === 0 ? "party" : "foes",
      stats: { combatValue: k % 7 },
    }));
    const initial = createEncounter({ ruleset: "phases", combatants }, getRuleset("phases"));
    const ids = combatants.map((c) => c.id);
    let rolled = 0;
    const dice: DieRoller = async (faces) => ({ faces, value: (rolled++ % faces) + 1 });
    const begun = await decide(
      { state: initial, initial, log: [], seq: 0, ids },
      [{ type: "start" }],
      dice,
      "gm",
    );
    if (!begun.ok) throw new Error(begun.refusal.key);
    const { state, log, seq } = begun.write.system;
    const round = state.round;
    const decision = await decide({ state, initial, log, seq, ids }, [], dice, "gm", (s) =>
      s.round === round && s.status === "active" ? { type: "next" } : null,
    );
    if (!decision.ok) throw new Error(decision.refusal.key);
    expect(decision.write.round).toBe(round + 1);
    // More presses than the old fixed guard of 200 allowed.
    expect(decision.write.system.log.length - log.length).toBeGreaterThan(200);
  });

  it("refuses an empty request rather than writing an unchanged state", async () => {
    const stored = await started();
    const decision = await decide(stored, [], roller([]), "gm");
    expect(decision).toEqual({ ok: false, refusal: { key: "TEMPO.Refusal.NothingToDo", data: {} } });
  });
});

describe("readStored", () => {
  it("reads a combat's JSON text back into the same state", async () => {
    const stored = await started();
    const text = combatUpdateData({
      round: 1,
      turn: 0,
      system: {
        ruleset: "flow",
        state: stored.state,
        initial: stored.initial,
        log: stored.log,
        last: { seq: 1, entries: [], rewound: false },
        seq: 1,
      },
    });
    expect(typeof text.system.state).toBe("string");
    expect(readStored(text.system, IDS)?.state).toEqual(stored.state);
  });

  it("gives null before the start or for data the engine cannot read", () => {
    expect(readStored({ state: null, initial: null, log: [], seq: 0 }, IDS)).toBeNull();
    const broken: Partial<EncounterState> = { version: 1, ruleset: "flow" };
    expect(readStored({ state: broken, initial: broken, log: [], seq: 0 }, IDS)).toBeNull();
    const s = fresh().state;
    expect(readStored({ state: s, initial: s, log: [{ command: "start" }], seq: 0 }, IDS)).toBeNull();
  });
});

describe("the query payloads", () => {
  it("accepts a well-formed request and answer and refuses others", () => {
    expect(isCommandBody({ combatId: "c", command: { type: "next" } })).toBe(true);
    expect(isCommandBody({ command: { type: "next" } })).toBe(false);
    expect(isCommandBody({ combatId: "c", command: "next" })).toBe(false);
    expect(isCommandAnswer({ ok: true, refusal: null })).toBe(true);
    expect(isCommandAnswer({ ok: false, refusal: { key: "TEMPO.Refusal.NotYourTurn", data: {} } })).toBe(
      true,
    );
    expect(isCommandAnswer({ ok: false })).toBe(false);
    expect(isCommandAnswer(null)).toBe(false);
  });
});

describe("permission (the GM's check of a player's command)", () => {
  const owns = (id: string) => id === "ana";
  const name = (id: string) => id.toUpperCase();

  it("lets a GM give any command", () => {
    expect(permission({ type: "next" }, { isGM: true }, owns, name)).toBeNull();
    expect(permission({ type: "endTurn", who: "orc" }, { isGM: true }, owns, name)).toBeNull();
  });

  it("lets a player command a combatant whose actor they own", () => {
    expect(
      permission({ type: "act", who: "ana", action: "attack", target: "orc" }, { isGM: false }, owns, name),
    ).toBeNull();
    expect(permission({ type: "react", who: "ana", with: "dodge" }, { isGM: false }, owns, name)).toBeNull();
  });

  it("refuses a player's command for someone else's combatant", () => {
    expect(permission({ type: "move", who: "orc", path: [[1, 1]] }, { isGM: false }, owns, name)).toEqual({
      key: "TEMPO.Refusal.NotYourCombatant",
      data: { who: "ORC" },
    });
  });

  it("refuses the GM's commands (next, pool adjustments, conditions, ruleset options) from a player, even for their own combatant", () => {
    for (const command of [
      { type: "next" },
      { type: "adjustPool", who: "ana", pool: "ap", delta: 3 },
      { type: "apply", who: "ana", condition: "prone", rounds: 1 },
      { type: "setOption", option: "frantic", value: "on" },
    ] satisfies Command[]) {
      expect(permission(command, { isGM: false }, owns, name)?.key).toBe("TEMPO.Refusal.GMOnly");
    }
  });
});

describe("serialized (one GM command at a time)", () => {
  it("runs tasks in the order they arrive, each after the previous one ends, even when one fails", async () => {
    const order: string[] = [];
    const slow = serialized(async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push("first");
    });
    const failing = serialized(async () => {
      order.push("second");
      throw new Error("refused");
    });
    const third = serialized(async () => {
      order.push("third");
      return 3;
    });
    await slow;
    await expect(failing).rejects.toThrow("refused");
    expect(await third).toBe(3);
    expect(order).toEqual(["first", "second", "third"]);
  });
});
