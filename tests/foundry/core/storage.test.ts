/**
 * What a Combat stores, on the simulated table (issue 15, "writes the size of the change"): each
 * write carries only what its commands changed, going back still works from the log, a GM who
 * reloads reads the same state, and a combat stored in the previous layout goes on.
 */
import { describe, expect, it } from "vitest";

import {
  ScriptedDice,
  replay,
  type Command,
  type EncounterState,
  combatantIn,
  combatantsById,
} from "../../../src/engine";
import { spatialIndexOf } from "../../../src/engine/core/movement";
import { TABLE_TIMEOUT_MS, createTable, withMovement, type Source, type Table } from "../table";
import { START_DICE, battleWorld, flowWorld } from "../table/worlds";

interface TableCombat {
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
  encounter: EncounterState | null;
}

function combat(table: Table, client = table.gm): TableCombat {
  return table.combat(client, "combat1") as unknown as TableCombat;
}

async function startedTable(world = flowWorld()): Promise<Table> {
  const table = await createTable({ world });
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

async function press(table: Table, what: "nextTurn" | "previousTurn"): Promise<void> {
  await table.run(table.gm, () => combat(table)[what]());
  await table.settle();
}

function log(table: Table): unknown[] {
  return table.system("combat1")["log"] as unknown[];
}

/** The system data of the latest Combat update that `matches`, as the writer passed it to Combat#update. */
function lastWriteOf(
  table: Table,
  matches: (system: Record<string, unknown>) => boolean,
): Record<string, Record<string, unknown>> {
  const update = table.server.updates
    .filter((u) => u.name === "Combat" && matches((u.data["system"] ?? {}) as Record<string, unknown>))
    .at(-1);
  if (!update) throw new Error("no such combat update");
  return update.data["system"] as Record<string, Record<string, unknown>>;
}

/** The system data of the latest Combat update, as the writer passed it to Combat#update. */
function lastWrite(table: Table): Record<string, Record<string, unknown>> {
  const update = table.server.updates.filter((u) => u.name === "Combat").at(-1);
  if (!update) throw new Error("no combat update");
  return update.data["system"] as Record<string, Record<string, unknown>>;
}

describe(
  "what a Combat stores (issue 15: writes the size of the change)",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    it("writes the initial state once, with the start", async () => {
      const table = await startedTable();
      expect(typeof lastWrite(table)["initial"]).toBe("string");
      await press(table, "nextTurn");
      expect(lastWrite(table)).not.toHaveProperty("initial");
      expect(
        table.server.updates.filter((u) => u.name === "Combat" && "initial" in (u.data["system"] as object)),
      ).toHaveLength(1);
    });

    it("writes only the pieces a command changed and its one new log entry", async () => {
      const table = await startedTable();
      await table.run(table.gm, (tempo) =>
        tempo.commands.submit(table.combat(table.gm, "combat1"), {
          type: "adjustPool",
          who: "orc",
          pool: "ap",
          delta: -1,
        }),
      );
      await table.settle();
      const write = lastWrite(table);
      expect(Object.keys(write["combatants"] ?? {})).toEqual(["orc"]);
      expect(Object.keys(write["state"] ?? {})).toEqual([]);
      expect(Object.keys(write["log"] ?? {})).toEqual(["e1"]);
      expect(write["seq"]).toBe(2);
      // The stored combat is the whole state: the unchanged pieces stayed.
      expect(table.encounter().roster.slice().sort()).toEqual(["ana", "bob", "orc"]);
      const held = combat(table).encounter;
      expect(combatantIn(table.encounter(), "orc")?.pools["ap"]).toBe(combatantIn(held, "orc")?.pools["ap"]);
      expect(log(table)).toHaveLength(2);
    });

    it("the GM's client goes on from the state the engine made (its scene index carried); a player reads its own copy", async () => {
      const table = await startedTable();
      const gmBefore = combat(table).encounter as EncounterState;
      const p1Before = combat(table, table.p1).encounter as EncounterState;
      const gmIndex = spatialIndexOf(gmBefore);
      const p1Index = spatialIndexOf(p1Before);
      await press(table, "nextTurn");
      const gmAfter = combat(table).encounter as EncounterState;
      const p1After = combat(table, table.p1).encounter as EncounterState;
      expect(gmAfter).not.toBe(gmBefore);
      expect(gmAfter).toEqual(p1After);
      // `next` moves nobody: the writer's next command finds the scene's index already built.
      expect(spatialIndexOf(gmAfter)).toBe(gmIndex);
      expect(spatialIndexOf(p1After)).not.toBe(p1Index);
      // A combatant the write changed is a new object whose unchanged parts (stats) are the very
      // objects read before; one it left alone is the very same object.
      const changed = Object.keys(lastWrite(table)["combatants"] ?? {});
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.length).toBeLessThan(gmAfter.combatants.length);
      const who = changed[0] as string;
      const untouched = gmAfter.roster.find((id) => !changed.includes(id)) as string;
      expect(combatantIn(gmAfter, untouched)).toBe(combatantIn(gmBefore, untouched));
      expect(combatantIn(gmAfter, who)).not.toBe(combatantIn(gmBefore, who));
      expect(combatantIn(gmAfter, who)?.stats).toBe(combatantIn(gmBefore, who)?.stats);
      expect(combatantIn(p1After, who)?.stats).not.toBe(combatantIn(p1Before, who)?.stats);
    });

    it("goes back a turn by deleting the later log entries by key, and every client reads the earlier state", async () => {
      const table = await startedTable();
      const afterStart = table.encounter();
      await press(table, "nextTurn");
      const beforeSecond = structuredClone(combat(table).encounter);
      await press(table, "nextTurn");
      expect(log(table)).toHaveLength(3);
      await press(table, "previousTurn");
      expect(lastWrite(table)["log"]).toEqual({ "-=e2": null });
      expect(log(table)).toHaveLength(2);
      expect(table.encounter()).toEqual(beforeSecond);
      expect(combat(table, table.p1).encounter).toEqual(beforeSecond);
      await press(table, "previousTurn");
      expect(table.encounter()).toEqual(afterStart);
      expect(log(table)).toHaveLength(1);
    });

    it("a GM who reloads reads the same state, and goes back a turn from the stored log", async () => {
      const table = await startedTable();
      await press(table, "nextTurn");
      const beforeLast = structuredClone(combat(table).encounter);
      await press(table, "nextTurn");
      const now = structuredClone(combat(table).encounter);
      await table.reload(table.gm);
      expect(combat(table).encounter).toEqual(now);
      await press(table, "previousTurn");
      expect(combat(table).encounter).toEqual(beforeLast);
      expect(table.encounter()).toEqual(beforeLast);
      expect(table.gm.noticeKeys()).toEqual([]);
    });

    it("a GM who reloads goes back a turn from the entries' reverse patches: the state of the full replay, a small write", async () => {
      const table = await startedTable();
      await press(table, "nextTurn");
      await press(table, "nextTurn");
      const beforeLast = structuredClone(combat(table).encounter);
      await press(table, "nextTurn");
      const now = structuredClone(combat(table).encounter);
      expect((log(table) as { undo?: unknown }[]).slice(1).every((e) => typeof e.undo === "object")).toBe(
        true,
      );
      await table.reload(table.gm);
      await press(table, "previousTurn");
      const replayed = replay(
        table.system("combat1")["initial"] as EncounterState,
        (log(table) as { command: Command }[]).map((e) => e.command),
        new ScriptedDice((log(table) as { dice: number[] }[]).flatMap((e) => e.dice)),
      ).state;
      expect(table.encounter()).toEqual(beforeLast);
      expect(table.encounter()).toEqual(replayed);
      const write = lastWrite(table);
      expect(write["log"]).toEqual({ "-=e3": null });
      // Only the combatants the turn change changed are written back, and no `initial`.
      const changed = (now?.roster ?? []).filter(
        (id) => JSON.stringify(combatantIn(now, id)) !== JSON.stringify(combatantIn(beforeLast, id)),
      );
      expect(Object.keys(write["combatants"] ?? {}).sort()).toEqual(changed.sort());
      expect(write).not.toHaveProperty("initial");
      expect(table.gm.noticeKeys()).toEqual([]);
    });

    it("goes back over log entries stored without reverse patches (an older version's) by replaying them", async () => {
      const first = await startedTable();
      await press(first, "nextTurn");
      const beforeLast = structuredClone(combat(first).encounter);
      await press(first, "nextTurn");
      const stored = first.stored("combat1")["system"] as Record<string, unknown>;
      const bare: Record<string, string> = {};
      for (const [key, text] of Object.entries(stored["log"] as Record<string, string>)) {
        const { undo: _undo, ...entry } = JSON.parse(text) as Record<string, unknown>;
        bare[key] = JSON.stringify(entry);
      }
      const old: Source = { ...first.stored("combat1"), system: { ...stored, log: bare } };
      const table = await createTable({ world: { ...flowWorld(), combats: [old] } });
      await press(table, "previousTurn");
      expect(table.encounter()).toEqual(beforeLast);
      expect(log(table)).toHaveLength(2);
    });

    it("undoes a player's move through a GM who reloaded, from the entry's reverse patch, deleting its log entry by key", async () => {
      const table = await createTable({ world: battleWorld(), init: withMovement });
      table.roll(...START_DICE);
      await table.run(table.gm, () => combat(table).startCombat());
      await table.settle();
      const before = structuredClone(combat(table).encounter);
      await table.run(table.p1, (tempo) =>
        tempo.commands.submit(table.combat(table.p1, "combat1"), {
          type: "move",
          who: "ana",
          path: [[0, 1]],
        }),
      );
      await table.settle();
      expect(combatantIn(table.encounter(), "ana")?.at).toEqual([0, 1]);
      expect(combatantIn(table.encounter(), "ana")?.pools["ap"]).toBeLessThan(
        combatantIn(before, "ana")?.pools["ap"] ?? 0,
      );
      await table.reload(table.gm);
      const answer = await table.run(table.p1, (tempo) =>
        tempo.commands.askGM(tempo.movement.UNDO_QUERY, { combatId: "combat1", who: "ana" }, () =>
          Promise.resolve({ ok: false, refusal: null }),
        ),
      );
      await table.settle();
      expect(answer).toEqual({ ok: true, refusal: null });
      expect(table.encounter()).toEqual(before);
      expect(log(table)).toHaveLength(1);
      expect(lastWriteOf(table, (system) => "log" in system)["log"]).toEqual({ "-=e1": null });
    });

    it("goes on with a combat stored in the previous layout, storing it whole in the new one with the next write", async () => {
      // A started fight, stored as the previous version stored it: the whole state and the log as
      // two JSON texts, no `layout` and no `combatants` pieces; the state's (and the initial
      // state's) combatants a record by id, as that version kept them.
      const first = await startedTable();
      const system = first.system("combat1");
      const asRecord = (state: unknown) => {
        const s = state as EncounterState;
        return JSON.stringify({ ...s, combatants: combatantsById(s) });
      };
      const old: Source = {
        ...flowWorld().combats?.[0],
        round: 1,
        turn: 0,
        system: {
          ruleset: "flow",
          state: asRecord(system["state"]),
          initial: asRecord(system["initial"]),
          log: JSON.stringify(system["log"]),
          last: null,
          seq: system["seq"],
        },
      };
      const table = await createTable({ world: { ...flowWorld(), combats: [old] } });
      expect(combat(table).encounter).toEqual(system["state"]);
      await press(table, "nextTurn");
      const stored = table.stored("combat1")["system"] as Record<string, unknown>;
      expect(stored["layout"]).toBe(2);
      expect(typeof stored["state"]).toBe("object");
      expect(Object.keys(stored["combatants"] as object).sort()).toEqual(["ana", "bob", "orc"]);
      expect(log(table)).toHaveLength(2);
      expect(table.encounter().current).toBe("bob");
      expect(combat(table, table.p2).encounter).toEqual(table.encounter());
      // The next write is a difference again.
      await press(table, "nextTurn");
      expect(lastWrite(table)).not.toHaveProperty("layout");
      expect(Object.keys(lastWrite(table)["log"] ?? {})).toEqual(["e2"]);
      await press(table, "previousTurn");
      expect(table.encounter().current).toBe("bob");
    });
  },
);
