/**
 * Issue 29 ("Nothing a player does bypasses the engine"), the stored fight: reading stored data
 * never throws inside a hook, two writers heal, and the log stays small. Each attack is tried on
 * the simulated table as a module, a bug or a racing GM would make it.
 */
import { describe, expect, it } from "vitest";

import { ScriptedDice, replay, stateBack, type EncounterState } from "../../../src/engine";
import type { StoredCombat } from "../../../src/foundry/store/stored";
import { TRIM_CHUNK } from "../../../src/foundry/store/horizon";
import { type LogEntry } from "../../../src/foundry/store/log";
import { ROLES, TABLE_TIMEOUT_MS, USERS, createTable, savedFiles, type Client, type Table } from "./index";
import { START_DICE, flowWorld } from "./worlds";

interface TableCombat {
  nextTurn(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
  previousRound(): Promise<unknown>;
  encounter: EncounterState | null;
  update(data: Record<string, unknown>): Promise<unknown>;
}

function combat(table: Table, client: Client = table.gm): TableCombat {
  return table.combat(client, "combat1") as unknown as TableCombat;
}

async function startedTable(): Promise<Table> {
  const table = await createTable({ world: flowWorld() });
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

async function press(table: Table, what: "nextTurn" | "previousTurn" | "previousRound"): Promise<void> {
  await table.run(table.gm, () => combat(table)[what]());
  await table.settle();
}

describe("a stored piece another module or a bug wrote (issue 29)", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a malformed `system.last` throws in no client's Combat#_onUpdate: the GM is told once, players not, and the fight goes on", async () => {
    const table = await startedTable();
    const seq = table.system("combat1")["seq"] as number;
    const bad = JSON.stringify({ seq: seq + 1, entries: [null, { command: 5, events: "x" }], rewound: 0 });
    // A module on the GM's client writes a `last` no Tempo version wrote, with a new seq.
    await table.run(table.gm, () => combat(table).update({ system: { seq: seq + 1, last: bad } }));
    await table.settle();
    await table.run(table.gm, () => combat(table).update({ system: { seq: seq + 2, last: bad } }));
    await table.settle();
    expect(table.gm.noticeKeys("warn")).toEqual(["TEMPO.Stored.Unreadable"]);
    for (const player of [table.p1, table.p2]) expect(player.noticeKeys()).toEqual([]);
    await press(table, "nextTurn");
    expect(table.encounter().current).toBe("bob");
    expect(combat(table, table.p1).encounter?.current).toBe("bob");
  });

  it("a state piece that is not the engine's (a combatant's text a module rewrote) throws in no hook, is reported to the GM once, and reads as no fight", async () => {
    const table = await startedTable();
    const seq = table.system("combat1")["seq"] as number;
    await table.run(table.gm, () =>
      combat(table).update({
        system: { seq: seq + 1, combatants: { orc: '{"id":5}' }, state: { order: "{" } },
      }),
    );
    await table.settle();
    expect(table.gm.noticeKeys("warn")).toEqual(["TEMPO.Stored.Unreadable"]);
    expect(table.p1.noticeKeys()).toEqual([]);
    expect(combat(table, table.p1).encounter).toBeNull();
  });
});

/** The archived log of combat1 as the world setting holds it, unpacked with the held log. */
function exported(table: Table): { initial: EncounterState; entries: LogEntry[] } | null {
  return table.run(table.gm, (tempo) => {
    const stored = (table.combat(table.gm, "combat1") as unknown as { stored: StoredCombat | null }).stored;
    if (!stored) return null;
    const system = table.system("combat1");
    return tempo.archive.fullLog(
      system["initial"],
      tempo.archive.archiveOf("combat1"),
      stored.base,
      stored.log,
    );
  });
}

function replayed(full: { initial: EncounterState; entries: LogEntry[] }): EncounterState {
  return replay(
    full.initial,
    full.entries.map((e) => e.command),
    new ScriptedDice(full.entries.flatMap((e) => e.dice)),
  ).state;
}

async function pressMany(table: Table, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) await press(table, "nextTurn");
}

describe("a log that stays small (issue 29)", { timeout: 120_000 }, () => {
  it("moves the log before the horizon out of the Combat, with a checkpoint there; an exported full log replays to the stored state", async () => {
    const table = await createTable({
      world: { ...flowWorld(), settings: { "tempo.ruleset": "flow", "tempo.logRounds": 1 } },
    });
    table.roll(...START_DICE);
    await table.begin();
    await pressMany(table, TRIM_CHUNK + 10);
    const system = table.stored("combat1")["system"] as Record<string, unknown>;
    const base = system["base"] as number;
    expect(base).toBeGreaterThanOrEqual(TRIM_CHUNK);
    const keys = Object.keys(system["log"] as object).map((k) => Number(k.slice(1)));
    expect(Math.min(...keys)).toBe(base);
    expect(keys.length).toBeLessThan(TRIM_CHUNK);
    // The checkpoint is the state after the first `base` commands.
    const full = exported(table);
    expect(full?.entries).toHaveLength(base + keys.length);
    const upToBase = {
      initial: full?.initial as EncounterState,
      entries: full?.entries.slice(0, base) ?? [],
    };
    expect(JSON.parse(system["checkpoint"] as string)).toEqual(replayed(upToBase));
    expect(replayed(full as { initial: EncounterState; entries: LogEntry[] })).toEqual(table.encounter());
    // Every client reads the same state from the held log.
    expect(combat(table, table.p1).encounter).toEqual(table.encounter());
  });

  it("goes back within the horizon, and says plainly that going back past it is too far back (nothing changes)", async () => {
    const table = await createTable({
      world: { ...flowWorld(), settings: { "tempo.ruleset": "flow", "tempo.logRounds": 1 } },
    });
    table.roll(...START_DICE);
    await table.begin();
    await pressMany(table, TRIM_CHUNK + 10);
    const system = () => table.stored("combat1")["system"] as Record<string, unknown>;
    const base = system()["base"] as number;
    expect(base).toBeGreaterThan(0);
    const round = table.encounter().round;
    await press(table, "previousRound");
    expect(table.encounter().round).toBe(round - 1);
    // Back round by round until the horizon: the state there is the checkpoint's.
    for (let i = 0; i < 20 && table.gm.noticeKeys("warn").length === 0; i += 1)
      await press(table, "previousRound");
    expect(table.gm.noticeKeys("warn")).toEqual(["TEMPO.Refusal.TooFarBack"]);
    expect(table.encounter()).toEqual(JSON.parse(system()["checkpoint"] as string));
    expect(system()["base"]).toBe(base);
    expect(Object.keys(system()["log"] as object)).toEqual([]);
    await press(table, "previousTurn");
    expect(table.gm.noticeKeys("warn")).toEqual(["TEMPO.Refusal.TooFarBack", "TEMPO.Refusal.TooFarBack"]);
  });

  it("keeps nothing outside the Combat when the GM drops the log before the horizon", async () => {
    const settings = { "tempo.ruleset": "flow", "tempo.logRounds": 1, "tempo.logBeyond": "drop" };
    const table = await createTable({ world: { ...flowWorld(), settings } });
    table.roll(...START_DICE);
    await table.begin();
    await pressMany(table, TRIM_CHUNK + 10);
    expect((table.stored("combat1")["system"] as Record<string, unknown>)["base"]).toBeGreaterThan(0);
    expect(table.server.settings.get("tempo.logArchive")).toBeUndefined();
    expect(exported(table)).toBeNull();
  });

  it("goes on with a fight stored before the horizon (no base, no checkpoint, a long log): it loads, and its next write moves the horizon", async () => {
    const settings20 = { "tempo.ruleset": "flow", "tempo.logRounds": 20 };
    const first = await createTable({ world: { ...flowWorld(), settings: settings20 } });
    first.roll(...START_DICE);
    await first.begin();
    await pressMany(first, TRIM_CHUNK + 10);
    const source = structuredClone(first.stored("combat1"));
    const system = source["system"] as Record<string, unknown>;
    expect(system["base"]).toBe(0);
    delete system["base"];
    delete system["checkpoint"];
    const now = first.encounter();
    const settings = { "tempo.ruleset": "flow", "tempo.logRounds": 1 };
    const table = await createTable({ world: { ...flowWorld(), combats: [source], settings } });
    expect(combat(table).encounter).toEqual(now);
    await press(table, "previousTurn");
    await press(table, "nextTurn");
    expect(table.encounter()).toEqual(now);
    const stored = table.stored("combat1")["system"] as Record<string, unknown>;
    expect(stored["base"]).toBeGreaterThan(0);
    const full = exported(table);
    expect(full && replayed(full)).toEqual(table.encounter());
  });
});

describe("two writers (issue 29)", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("two GM clients writing from one seq in the same tick: the active GM rebuilds the state from the log, and replay and undo agree with the table again", async () => {
    const users = [...USERS, { _id: "gm2", name: "Second GM", role: ROLES.GAMEMASTER }];
    const table = await createTable({ world: { ...flowWorld(), users } });
    table.roll(...START_DICE);
    await table.begin();
    const other = await table.connect("gm2", "Second GM");
    // The second GM's client believes it is the active GM: a connection change racing the write.
    table.run(other, (_t, c) =>
      Object.defineProperty(c.game.users, "activeGM", {
        configurable: true,
        get: () => c.game.users.get("gm2"),
      }),
    );
    const adjust = (client: Client, who: string, delta: number) =>
      table.run(client, (tempo) =>
        tempo.commands.submit(table.combat(client, "combat1"), {
          type: "adjustPool",
          who,
          pool: "ap",
          delta,
        }),
      );
    const answers = await Promise.all([adjust(table.gm, "orc", -1), adjust(other, "bob", -2)]);
    table.run(other, (_t, c) => delete (c.game.users as unknown as Record<string, unknown>)["activeGM"]);
    await table.settle();
    expect(answers.map((a) => a.ok)).toEqual([true, true]);
    // Both wrote `e1`: the state the table holds is the log's again, replayed with its dice.
    const system = table.system("combat1");
    const log = system["log"] as LogEntry[];
    expect(log.map((e) => e.command.type)).toEqual(["start", "adjustPool"]);
    const full = { initial: system["initial"] as EncounterState, entries: log };
    expect(table.encounter()).toEqual(replayed(full));
    // Going back restores the pieces the log's own entries changed.
    const back = stateBack(
      table.encounter(),
      log.map((e) => e.undo),
      1,
    );
    expect(back).toEqual(replayed({ ...full, entries: log.slice(0, 1) }));
    expect(table.gm.noticeKeys("warn")).toContain("TEMPO.Stored.Healed");
    expect(table.p1.noticeKeys()).toEqual([]);
    for (const client of [table.p1, other])
      expect(combat(table, client).encounter).toEqual(table.encounter());
    // The fight goes on from the healed state.
    await press(table, "nextTurn");
    expect(table.encounter().current).toBe("bob");
  });

  it("a forged heal request changes nothing: the GM checks its own copy and finds the table consistent", async () => {
    const table = await startedTable();
    const before = structuredClone(table.stored("combat1"));
    const answer = await table.run(table.forger, (_t, c) =>
      c.game.users.get("gm")?.query("tempo.heal", { combatId: "combat1" }),
    );
    await table.settle();
    expect(answer).toEqual({ checked: true });
    expect(table.stored("combat1")).toEqual(before);
    expect(table.gm.noticeKeys()).toEqual([]);
  });
});

describe("the whole log of a fight, exported and archived (issue 29)", { timeout: 120_000 }, () => {
  it("the GM exports the whole log, archive and held entries; replaying the file gives the stored state", async () => {
    const settings = { "tempo.ruleset": "flow", "tempo.logRounds": 1 };
    const table = await createTable({ world: { ...flowWorld(), settings } });
    table.roll(...START_DICE);
    await table.begin();
    await pressMany(table, TRIM_CHUNK + 10);
    savedFiles.length = 0;
    table.run(table.gm, () => (combat(table) as unknown as { exportLog(): void }).exportLog());
    expect(savedFiles).toHaveLength(1);
    const file = JSON.parse(savedFiles[0]?.data ?? "null") as {
      initial: EncounterState;
      entries: LogEntry[];
    };
    expect(file.entries).toHaveLength(table.system("combat1")["seq"] as number);
    expect(replayed(file)).toEqual(table.encounter());
    // A player exports nothing.
    table.run(table.p1, () => (combat(table, table.p1) as unknown as { exportLog(): void }).exportLog());
    expect(savedFiles).toHaveLength(1);
    expect(table.p1.noticeKeys("warn")).toEqual(["TEMPO.Refusal.GMOnly"]);
  });

  it("the end of the combat archives its whole log, which replays to its last state", async () => {
    const settings = { "tempo.ruleset": "flow", "tempo.logRounds": 1 };
    const table = await createTable({ world: { ...flowWorld(), settings } });
    table.roll(...START_DICE);
    await table.begin();
    await pressMany(table, TRIM_CHUNK + 10);
    const last = structuredClone(table.encounter());
    await table.run(table.gm, () => (combat(table) as unknown as { delete(): Promise<unknown> }).delete());
    await table.settle();
    expect(table.server.sources.Combat.has("combat1")).toBe(false);
    const full = table.run(table.gm, (tempo) => tempo.archive.endedLog("combat1"));
    expect(full && replayed(full)).toEqual(last);
  });
});
