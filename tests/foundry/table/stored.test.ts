/**
 * Issue 29 ("Nothing a player does bypasses the engine"), the stored fight: reading stored data
 * never throws inside a hook, two writers heal, and the log stays small. Each attack is tried on
 * the simulated table as a module, a bug or a racing GM would make it.
 */
import { describe, expect, it } from "vitest";

import type { EncounterState } from "../../../src/engine";
import { TABLE_TIMEOUT_MS, createTable, type Client, type Table } from "./index";
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
