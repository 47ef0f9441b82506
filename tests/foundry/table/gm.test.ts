/**
 * Co-GM tables: an Assistant GM, or a second GM who is not the active one, drives the fight from
 * their own client through the same channel as everyone else; the active GM's client is the one
 * writer (Users#activeGM: "one User who is an active Gamemaster (non-assistant if possible)").
 */
import { describe, expect, it } from "vitest";

import { TABLE_TIMEOUT_MS, ROLES, createTable, type Client, type Table } from "./index";
import { START_DICE, flowWorld } from "./worlds";

const USERS = [
  { _id: "gm", name: "Gamemaster", role: ROLES.GAMEMASTER },
  { _id: "gm2", name: "Second GM", role: ROLES.GAMEMASTER },
  { _id: "a1", name: "Assistant", role: ROLES.ASSISTANT },
  { _id: "p1", name: "Player One", role: ROLES.PLAYER },
  { _id: "p2", name: "Player Two", role: ROLES.PLAYER },
  { _id: "p3", name: "Forger", role: ROLES.PLAYER },
];

async function coGmTable(): Promise<{ table: Table; assistant: Client; second: Client }> {
  const table = await createTable({ world: { ...flowWorld(), users: USERS } });
  const assistant = await table.connect("a1", "Assistant");
  const second = await table.connect("gm2", "Second GM");
  return { table, assistant, second };
}

type Control = "startCombat" | "nextRound" | "previousTurn" | "previousRound" | "nextTurn";

function press(table: Table, client: Client, control: Control): Promise<unknown> {
  const combat = table.combat(client, "combat1") as unknown as Record<Control, () => Promise<unknown>>;
  return table.run(client, () => combat[control]());
}

/** Who asked the server for each Combat update since `from` (the writer is the only one). */
function combatWriters(table: Table, from: number): string[] {
  return table.server.updates.slice(from).flatMap((u) => (u.name === "Combat" ? [u.from] : []));
}

describe(
  "every GM control works from any GM's client; exactly one client writes",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    it("the Assistant GM starts the fight: the active GM's client writes it, logged for the Assistant", async () => {
      const { table, assistant } = await coGmTable();
      table.roll(...START_DICE);
      await press(table, assistant, "startCombat");
      await table.settle();
      expect(table.encounter().status).toBe("active");
      expect(table.logged()).toEqual([{ type: "start", userId: "a1" }]);
      expect(new Set(combatWriters(table, 0))).toEqual(new Set(["gm"]));
      expect(assistant.noticeKeys("warn")).toEqual([]);
    });

    it("the second GM, not the active one, moves to the next round, then goes back a turn and a round", async () => {
      const { table, second } = await coGmTable();
      table.roll(...START_DICE);
      await table.begin();
      const written = table.server.updates.length;
      await press(table, second, "nextRound");
      await table.settle();
      expect(table.encounter().round).toBe(2);
      await press(table, second, "previousTurn");
      await table.settle();
      expect(table.encounter().round).toBe(1);
      await press(table, second, "nextRound");
      await table.settle();
      expect(table.encounter().round).toBe(2);
      await press(table, second, "previousRound");
      await table.settle();
      expect(table.encounter().round).toBe(1);
      expect(new Set(combatWriters(table, written))).toEqual(new Set(["gm"]));
      expect(second.noticeKeys("warn")).toEqual([]);
    });

    it("a player pressing Start or Next round is refused as GM only, and nothing is written", async () => {
      const { table } = await coGmTable();
      const written = table.server.updates.length;
      await press(table, table.p1, "startCombat");
      await table.settle();
      expect(table.p1.noticeKeys("warn")).toEqual(["TEMPO.Refusal.GMOnly"]);
      expect(table.server.updates.length).toBe(written);
      table.roll(...START_DICE);
      await table.begin();
      const after = table.server.updates.length;
      await press(table, table.p1, "nextRound");
      await table.settle();
      expect(table.p1.noticeKeys("warn")).toEqual(["TEMPO.Refusal.GMOnly", "TEMPO.Refusal.GMOnly"]);
      expect(table.server.updates.length).toBe(after);
      expect(table.encounter().round).toBe(1);
    });

    it("a GM control a player's own code sends on the channel (skipping its client's check) is refused by the writer as GM only", async () => {
      const { table } = await coGmTable();
      const answer = await table.run(table.forger, (tempo) =>
        tempo.commands.askGM(tempo.commands.GM_CONTROL_QUERY, { combatId: "combat1", control: "start" }, () =>
          Promise.reject(new Error("the forger's client is not the writer")),
        ),
      );
      expect(answer).toEqual({
        ok: false,
        refusal: { key: "TEMPO.Refusal.GMOnly", data: { command: "start" } },
      });
      expect(table.stored("combat1")["round"]).toBe(0);
    });
  },
);
