import { describe, expect, it, vi } from "vitest";

import {
  apply,
  checkpointLog,
  createEncounter,
  getRuleset,
  ScriptedDice,
  reversePatch,
  type Command,
  type EncounterState,
  combatantIn,
  combatantsById,
} from "../../../src/engine";
import { spatialIndexOf } from "../../../src/engine/core/movement";
import {
  STORAGE_LAYOUT,
  combatUpdateData,
  combatWrite,
  type StoredPieces,
} from "../../../src/foundry/store/pieces";
import { consistentPrefix, healing } from "../../../src/foundry/store/healing";
import { encounterStateOf, isEncounterState, readLog, type LogEntry } from "../../../src/foundry/store/log";
import { keepWritten, readState, readStoredLog, storedCaches } from "../../../src/foundry/store/caches";
import { rewind } from "../../../src/foundry/store/horizon";
import { turnIndex, turnOrder, turnRank } from "../../../src/foundry/store/turns";
import { mirrorUpdates } from "../../../src/foundry/rules/mirror";

const flow = getRuleset("flow");

function initial(): EncounterState {
  return createEncounter(
    {
      ruleset: "flow",
      combatants: [
        { id: "ana", name: "Ana", side: "party", pc: true, stats: { agility: 1 } },
        { id: "orc", name: "Orc", side: "foes", stats: { agility: 0 } },
      ],
    },
    flow,
  );
}

/** Run entries from the initial state, as the log replays. */
function run(start: EncounterState, log: LogEntry[]): EncounterState {
  let state = start;
  for (const entry of log) {
    const result = apply(state, entry.command, new ScriptedDice(entry.dice), flow);
    if (!result.ok) throw new Error(result.refusal.key);
    state = result.state;
  }
  return state;
}

const entry = (command: Command, dice: number[] = []): LogEntry => ({ command, dice, userId: "gm" });

// ana 10, orc 4; two rounds of two turns each, ana spending AP in round 2.
const LOG: LogEntry[] = [
  entry({ type: "start" }, [9, 4]),
  entry({ type: "next" }),
  entry({ type: "next" }),
  entry({ type: "adjustPool", who: "ana", pool: "ap", delta: -2 }),
];

describe("Foundry's turn order mirrors the engine's", () => {
  it("puts the engine's order first, then the rest of the roster, then ids the engine does not know", () => {
    const state = run(initial(), LOG.slice(0, 1));
    const reversed = { ...state, order: ["orc", "ana"] };
    expect(turnOrder(reversed, ["ana", "zed", "orc"])).toEqual(["orc", "ana", "zed"]);
    expect(turnOrder({ ...state, order: ["orc"] }, ["ana", "orc"])).toEqual(["orc", "ana"]);
    expect(turnOrder(null, ["b", "a"])).toEqual(["b", "a"]);
  });

  it("ranks combatants for _sortCombatants the same way", () => {
    const state = { ...run(initial(), LOG.slice(0, 1)), order: ["orc"] };
    const ids = ["zed", "ana", "orc"];
    expect([...ids].sort((a, b) => turnRank(state, a) - turnRank(state, b))).toEqual(turnOrder(state, ids));
  });

  it("points Foundry's turn at the engine's current combatant, null between turns", () => {
    const state = run(initial(), LOG.slice(0, 2));
    expect(state.current).toBe("orc");
    expect(turnIndex(state, ["orc", "ana"])).toBe(1);
    expect(turnIndex({ ...state, current: null }, ["orc", "ana"])).toBeNull();
  });

  it("updates only the combatants whose initiative differs from the engine's", () => {
    const state = run(initial(), LOG.slice(0, 1));
    expect(
      mirrorUpdates(state, [
        { id: "ana", initiative: 10, defeated: false },
        { id: "orc", initiative: null, defeated: false },
        { id: "ghost", initiative: 3, defeated: false },
      ]),
    ).toEqual([{ _id: "orc", initiative: 4 }]);
  });
});

/** The writer's checkpoints along a log (every 2 entries, so a rewind replays across one). */
const along = (log: LogEntry[]) => checkpointLog(initial(), log, 2).checkpoints;
/** A stored combat at the end of a log whose entries carry no reverse patches (an older version's). */
const atEnd = (log: LogEntry[]) => ({ state: run(initial(), log), log });

describe("rewind (previousTurn / previousRound replay the log from the nearest checkpoint)", () => {
  it("goes back to before the last command that changed the turn, dropping what followed it", () => {
    const back = rewind(atEnd(LOG), () => along(LOG), "turn");
    // The last turn change is entry 2 (round 2 begins with ana); the adjustment after it goes too.
    expect(back?.keep).toBe(2);
    expect(back?.state).toEqual(run(initial(), LOG.slice(0, 2)));
    expect(back?.state.current).toBe("orc");
  });

  it("goes back a round to before the command that began the current round", () => {
    const back = rewind(atEnd(LOG), () => along(LOG), "round");
    expect(back?.keep).toBe(2);
    expect(back?.state.round).toBe(1);
  });

  it("never undoes the start: nothing to go back to in the first turn", () => {
    expect(rewind(atEnd(LOG.slice(0, 1)), () => along(LOG.slice(0, 1)), "turn")).toBeNull();
    expect(rewind(atEnd(LOG.slice(0, 2)), () => along(LOG.slice(0, 2)), "round")).toBeNull();
  });

  it("replays with each entry's own dice, so the state is exactly the table's (replay determinism)", () => {
    const log = [...LOG, entry({ type: "next" })];
    const back = rewind(atEnd(log), () => along(log), "turn");
    expect(back?.state).toEqual(run(initial(), LOG));
  });

  it("fails loudly when the stored log does not replay", () => {
    const log = [entry({ type: "next" }), entry({ type: "next" })];
    expect(() => rewind({ state: initial(), log }, () => along(log), "turn")).toThrow("does not replay");
  });
});

/** The log as the writer stores it now: each entry with the reverse patch of its change. */
function patched(log: LogEntry[]): LogEntry[] {
  let state = initial();
  return log.map((e) => {
    const after = run(state, [e]);
    const out = { ...e, undo: reversePatch(state, after) };
    state = after;
    return out;
  });
}

const noReplay = () => {
  throw new Error("replayed although every entry it goes back over has its reverse patch");
};

describe("rewind from the entries' reverse patches (no replay, whoever writes and whenever it loaded)", () => {
  it("goes back to before the last turn change from the stored state alone", () => {
    const log = patched(LOG);
    const back = rewind({ state: run(initial(), LOG), log }, noReplay, "turn");
    expect(back?.keep).toBe(2);
    expect(back?.state).toEqual(run(initial(), LOG.slice(0, 2)));
  });

  it("goes back a round, and never undoes the start", () => {
    const log = patched(LOG);
    expect(rewind({ state: run(initial(), LOG), log }, noReplay, "round")?.state.round).toBe(1);
    expect(
      rewind({ state: run(initial(), LOG.slice(0, 2)), log: log.slice(0, 2) }, noReplay, "round"),
    ).toBeNull();
  });

  it("needs no patch on the entries it does not go back over (a log begun by an older version)", () => {
    const log = [...LOG.slice(0, 2), ...patched(LOG).slice(2)];
    const back = rewind({ state: run(initial(), LOG), log }, noReplay, "turn");
    expect(back?.state).toEqual(run(initial(), LOG.slice(0, 2)));
  });

  it("replays from checkpoints where an entry it must look past has no patch", () => {
    const log = [...patched(LOG).slice(0, 3), LOG[3] as LogEntry];
    const back = rewind({ state: run(initial(), LOG), log }, () => along(LOG), "turn");
    expect(back?.keep).toBe(2);
    expect(back?.state).toEqual(run(initial(), LOG.slice(0, 2)));
  });
});

describe("reading stored data", () => {
  it("recognises an encounter state and refuses other shapes", () => {
    expect(isEncounterState(initial())).toBe(true);
    expect(isEncounterState({ ...initial(), ruleset: "chess" })).toBe(false);
    expect(isEncounterState({ ...initial(), status: "paused" })).toBe(false);
    expect(isEncounterState(null)).toBe(false);
    // The combatants are a list of combatants, each with its id.
    expect(isEncounterState({ ...initial(), combatants: {} })).toBe(false);
    expect(isEncounterState({ ...initial(), combatants: [null] })).toBe(false);
  });

  it("reads a whole stored state (the initial state) listed or, as Tempo stored it before, by id", () => {
    const state = initial();
    const text = JSON.parse(JSON.stringify(state)) as unknown;
    expect(encounterStateOf(text)).toEqual(state);
    // The record by id an older version stored, in whatever key order: listed in roster order.
    const byId = combatantsById(state);
    const older = { ...state, combatants: { orc: byId["orc"], ana: byId["ana"] } };
    expect(encounterStateOf(JSON.parse(JSON.stringify(older)))).toEqual(state);
    expect(encounterStateOf({ ...older, ruleset: "chess" })).toBeNull();
    expect(encounterStateOf("not a state")).toBeNull();
    expect(encounterStateOf(null)).toBeNull();
  });

  it("reads the log from JSON text or a parsed array; a malformed entry makes it unusable", () => {
    expect(readLog(JSON.stringify(LOG))).toEqual(LOG);
    expect(readLog(LOG)).toEqual(LOG);
    expect(readLog(null)).toEqual([]);
    expect(readLog([{ command: { type: "next" }, dice: ["6"] }])).toBeNull();
    expect(readLog("{not json")).toBeNull();
  });
});

describe("reading the stored log costs what the last write added (issue 29: a log that stays small)", () => {
  const pieces = (entries: readonly LogEntry[], base = 0): Record<string, string> =>
    Object.fromEntries(entries.map((e, i) => [`e${base + i}`, JSON.stringify(e)]));

  it("parses and checks only the entries not seen before, and gives the same array for the same pieces", () => {
    const cache = storedCaches().log;
    const first = pieces(LOG.slice(0, 3));
    expect(readStoredLog(first, 3, cache)).toEqual(LOG.slice(0, 3));
    const parse = vi.spyOn(JSON, "parse");
    try {
      const second = { ...first, ...pieces(LOG.slice(3), 3) };
      const read = readStoredLog(second, 4, cache);
      expect(read).toEqual(LOG);
      // One new entry: one text parsed.
      expect(parse).toHaveBeenCalledTimes(1);
      expect(readStoredLog(second, 4, cache)).toBe(read);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });

  it("reads the log from its horizon (`base`): keys below it are skipped, a gap or a key far beyond makes it unusable", () => {
    const cache = storedCaches().log;
    expect(readStoredLog(pieces(LOG.slice(2), 2), 1, cache, 2)).toEqual(LOG.slice(2));
    expect(readStoredLog({ ...pieces(LOG.slice(2), 2), e0: JSON.stringify(LOG[0]) }, 2, cache, 2)).toEqual(
      LOG.slice(2),
    );
    expect(readStoredLog({ e2: JSON.stringify(LOG[2]), e4: JSON.stringify(LOG[3]) }, 3, cache, 2)).toBeNull();
    expect(
      readStoredLog({ e2: JSON.stringify(LOG[2]), e999999999: JSON.stringify(LOG[3]) }, 4, cache, 2),
    ).toBeNull();
    expect(readStoredLog({ e2: JSON.stringify({ command: 5 }) }, 5, cache, 2)).toBeNull();
  });
});

describe("two writers: the log's last consistent prefix (issue 29)", () => {
  const tagged = (e: LogEntry, write: string): LogEntry => ({ ...e, write });

  it("stops where an entry neither begins its write nor follows an entry of the same write", () => {
    // Writer A wrote e1 and e2 (write "1.a"); writer B, decided from the same seq, overwrote e1.
    const log = [
      tagged(LOG[0] as LogEntry, "0.s"),
      tagged(LOG[1] as LogEntry, "1.b"),
      tagged(LOG[2] as LogEntry, "1.a"),
    ];
    expect(consistentPrefix(log, 0)).toBe(2);
    expect(
      consistentPrefix([log[0] as LogEntry, tagged(LOG[1] as LogEntry, "1.a"), log[2] as LogEntry], 0),
    ).toBe(3);
    // Entries an older version logged name no write and are taken as they are; indices are absolute.
    expect(consistentPrefix(LOG, 0)).toBe(4);
    expect(consistentPrefix([tagged(LOG[2] as LogEntry, "7.x"), tagged(LOG[3] as LogEntry, "7.x")], 7)).toBe(
      2,
    );
  });

  it("rebuilds the state from the checkpoint through the consistent prefix, and leaves an agreeing table alone", () => {
    const log = [
      tagged(LOG[0] as LogEntry, "0.s"),
      tagged(LOG[1] as LogEntry, "1.b"),
      tagged(LOG[2] as LogEntry, "1.a"),
    ];
    const healed = healing({ log, base: 0, checkpoint: initial() }, true);
    expect(healed).toEqual({ keep: 2, state: run(initial(), LOG.slice(0, 2)), dropped: 1 });
    expect(healing({ log: log.slice(0, 2), base: 0, checkpoint: initial() }, true)).toBeNull();
    // A state that disagrees with its digest is rebuilt even where the log is consistent.
    expect(healing({ log: log.slice(0, 2), base: 0, checkpoint: initial() }, false)?.dropped).toBe(0);
  });
});

describe("the writer reads its own write back (issue 15: a command starts from the state the engine made)", () => {
  /** A started combat as a client holds it after the start's write: its pieces and its log. */
  function held(): { pieces: StoredPieces; seq: number; state: EncounterState; log: LogEntry[] } {
    const state = run(initial(), LOG.slice(0, 1));
    const write = combatWrite(
      state,
      { state: initial(), initial: initial(), log: [], base: 0, saved: false },
      { keep: 0, append: LOG.slice(0, 1) },
      { entries: [], rewound: false },
      1,
      ["ana", "orc"],
    );
    const data = combatUpdateData(write, { layout: 0, state: null, combatants: null, log: null });
    const pieces: StoredPieces = {
      layout: STORAGE_LAYOUT,
      state: data.system.state,
      combatants: data.system.combatants,
      log: data.system.log,
    };
    return {
      pieces,
      seq: 1,
      state: readState({ ...pieces, seq: 1 }, storedCaches()) as EncounterState,
      log: LOG.slice(0, 1),
    };
  }

  /** Foundry's merge of an object field's update, key by key, with `-=` deletions (mergeObject). */
  function merged(field: unknown, update: Record<string, unknown>): Record<string, unknown> {
    const out = { ...(field as Record<string, unknown>) };
    for (const [key, value] of Object.entries(update))
      if (key.startsWith("-=")) delete out[key.slice(2)];
      else out[key] = value;
    return out;
  }

  interface Written {
    made: EncounterState;
    before: EncounterState;
    index: ReturnType<typeof spatialIndexOf>;
    read: EncounterState | null;
    caches: ReturnType<typeof storedCaches>;
    log: Record<string, unknown>;
    entries: readonly LogEntry[];
  }

  /** One `adjustPool` applied by the writer: the state the engine made, and the document after. */
  function written(keep: boolean, alter?: (update: ReturnType<typeof combatUpdateData>) => void): Written {
    const { pieces, seq, log } = held();
    const caches = storedCaches();
    const before = readState({ ...pieces, seq }, caches) as EncounterState;
    // The scene's index of the state before, as an earlier command (or the ruler) built it.
    const index = spatialIndexOf(before);
    const command: Command = { type: "adjustPool", who: "ana", pool: "ap", delta: -1 };
    const result = apply(before, command, new ScriptedDice([]), flow);
    if (!result.ok) throw new Error(result.refusal.key);
    const write = combatWrite(
      result.state,
      { state: before, initial: initial(), log, base: 0, saved: true },
      { keep: log.length, append: [entry(command)] },
      { entries: [], rewound: false },
      seq + 1,
      ["ana", "orc"],
    );
    const update = combatUpdateData(write, pieces);
    if (keep) keepWritten(caches, update, write);
    alter?.(update);
    const system = {
      state: merged(pieces.state, update.system.state),
      combatants: merged(pieces.combatants, update.system.combatants),
      seq: seq + 1,
    };
    return {
      made: result.state,
      before,
      index,
      read: readState(system, caches),
      caches,
      log: merged(pieces.log, update.system.log),
      entries: write.system.log,
    };
  }

  it("reads the state the engine made, sharing what the command left alone, with the scene's index it carried", () => {
    const { made, before, read } = written(true);
    expect(read).toBe(made);
    // Only Ana's pools changed: her stats and Orc are the very objects read before the write.
    expect(combatantIn(read, "ana")?.stats).toBe(combatantIn(before, "ana")?.stats);
    expect(combatantIn(read, "orc")).toBe(combatantIn(before, "orc"));
    expect(combatantIn(read, "ana")?.pools["ap"]).toBe(4);
  });

  it("carries the scene's index from one command to the next: the next command builds none", () => {
    const { index, read } = written(true);
    // adjustPool moves nobody: the index of the state before is the one of the state after.
    expect(spatialIndexOf(read as EncounterState)).toBe(index);
  });

  it("a client that did not write (a player) reads an equal state of its own", () => {
    const { made, before, read, index } = written(false);
    expect(read).not.toBe(made);
    expect(spatialIndexOf(read as EncounterState)).not.toBe(index);
    expect(read).toEqual(made);
    expect(combatantIn(read, "ana")?.stats).not.toBe(combatantIn(before, "ana")?.stats);
  });

  it("parses a piece stored otherwise than written, and then reads no part of the write as the engine's", () => {
    const { made, read } = written(true, (update) => {
      const text = update.system.combatants["ana"] as string;
      update.system.combatants["ana"] = text.replace('"ap":4', '"ap":3');
    });
    expect(read).not.toBe(made);
    expect(combatantIn(read, "ana")?.pools["ap"]).toBe(3);
    expect(combatantIn(read, "orc")).toEqual(combatantIn(made, "orc"));
  });

  it("reads the log entries it wrote as the very entries it logged", () => {
    const { caches, log, entries } = written(true);
    const read = readStoredLog(log, 2, caches.log);
    expect(read).toHaveLength(2);
    expect(read?.[1]).toBe(entries[1]);
  });
});
