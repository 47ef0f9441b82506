/**
 * The command channel end to end on the simulated table (tests/foundry/table): who applies, who
 * asks, what is written, what is shown.
 */
import { describe, expect, it } from "vitest";

import { COMMAND_QUERY } from "../../../src/foundry/channel/answers";
import { TABLE_TIMEOUT_MS, createTable, type Table } from "../table";
import { START_DICE, flowWorld } from "../table/worlds";

interface StartableCombat {
  startCombat(): Promise<unknown>;
}

async function startedTable(): Promise<Table> {
  const table = await createTable({ world: flowWorld() });
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

describe("the active GM's client", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("starts the combat with real rolls in ONE combat update, mirrors initiative and posts the rolls", async () => {
    const table = await createTable({ world: flowWorld() });
    const updates: unknown[] = [];
    table.run(table.p1, (_t, client) => client.Hooks.on("updateCombat", (...args) => updates.push(args[3])));
    table.roll(...START_DICE);
    await table.run(table.gm, () =>
      (table.combat(table.gm, "combat1") as unknown as StartableCombat).startCombat(),
    );
    await table.settle();
    expect(updates).toEqual(["gm"]);
    expect(table.stored("combat1")["round"]).toBe(1);
    expect(table.stored("combat1")["turn"]).toBe(0);
    expect(table.encounter().current).toBe("ana");
    const combatants = table.stored("combat1")["combatants"] as { _id: string; initiative: number }[];
    expect(combatants.map((c) => [c._id, c.initiative])).toEqual([
      ["ana", 10],
      ["bob", 4],
      ["orc", 2],
    ]);
    expect(table.server.chat).toHaveLength(1);
    const rolls = table.server.chat[0]?.data["rolls"] as { formula: string }[];
    expect(rolls.map((r) => r.formula)).toEqual(["1d10", "1d10", "1d10"]);
    expect(table.gm.noticeKeys()).toEqual([]);
  });

  it("shows the engine's refusal as a localised warning and writes nothing", async () => {
    const table = await startedTable();
    const before = structuredClone(table.stored("combat1"));
    const combat = table.combat(table.gm, "combat1");
    const answer = await table.run(table.gm, (t) =>
      t.commands.submit(combat, { type: "endTurn", who: "orc" }),
    );
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.NotYourTurn");
    expect(table.gm.noticeKeys("warn")).toEqual(["TEMPO.Refusal.NotYourTurn"]);
    expect(table.stored("combat1")).toEqual(before);
  });
});

describe("a player's client", { timeout: TABLE_TIMEOUT_MS }, () => {
  it(`asks the active GM with "${COMMAND_QUERY}"; the GM applies its owner's command`, async () => {
    const table = await startedTable();
    const combat = table.combat(table.p1, "combat1");
    const answer = await table.run(table.p1, (t) =>
      t.commands.submit(combat, { type: "endTurn", who: "ana" }),
    );
    await table.settle();
    expect(answer).toEqual({ ok: true, refusal: null });
    expect(table.server.queries.map((q) => [q.from, q.to, q.name])).toEqual([
      ["p1", "gm", "tempo.command"],
      ["gm", "p1", "tempo.confirm"],
    ]);
    expect(table.encounter().current).toBe("bob");
    expect(table.p1.noticeKeys()).toEqual([]);
  });

  it("shows the GM's refusal and changes nothing", async () => {
    const table = await startedTable();
    const before = structuredClone(table.stored("combat1"));
    const combat = table.combat(table.p2, "combat1");
    const answer = await table.run(table.p2, (t) =>
      t.commands.submit(combat, { type: "endTurn", who: "bob" }),
    );
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.NotYourTurn");
    expect(table.p2.noticeKeys("warn")).toEqual(["TEMPO.Refusal.NotYourTurn"]);
    expect(table.stored("combat1")).toEqual(before);
  });

  it("refuses with a notice when no GM is connected", async () => {
    const table = await startedTable();
    table.disconnect(table.gm);
    const combat = table.combat(table.p1, "combat1");
    const answer = await table.run(table.p1, (t) =>
      t.commands.submit(combat, { type: "endTurn", who: "ana" }),
    );
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.NoActiveGM");
    expect(table.p1.noticeKeys("warn")).toEqual(["TEMPO.Refusal.NoActiveGM"]);
  });

  it("refuses when the GM's client never answers, after asking twice", async () => {
    const table = await startedTable();
    table.server.route = (q) => (q.name === COMMAND_QUERY ? "drop" : "deliver");
    const combat = table.combat(table.p1, "combat1");
    const answer = await table.run(table.p1, (t) =>
      t.commands.submit(combat, { type: "endTurn", who: "ana" }),
    );
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.GMDidNotAnswer");
    expect(table.server.queries.filter((q) => q.name === COMMAND_QUERY)).toHaveLength(2);
    expect(table.encounter().current).toBe("ana");
  });
});

describe("the GM's check of a player's command", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("refuses a command for a combatant the sender does not own", async () => {
    const table = await startedTable();
    const combat = table.combat(table.p2, "combat1");
    const answer = await table.run(table.p2, (t) =>
      t.commands.submit(combat, { type: "endTurn", who: "ana" }),
    );
    expect(answer.refusal).toEqual({ key: "TEMPO.Refusal.NotYourCombatant", data: { who: "Ana" } });
    expect(table.encounter().current).toBe("ana");
  });

  it("refuses a GM command from a player, even for their own combatant", async () => {
    const table = await startedTable();
    const combat = table.combat(table.p1, "combat1");
    const answer = await table.run(table.p1, (t) =>
      t.commands.submit(combat, { type: "adjustPool", who: "ana", pool: "ap", delta: 3 }),
    );
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.GMOnly");
  });
});
