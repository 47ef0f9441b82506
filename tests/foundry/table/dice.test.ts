/**
 * Dice in chat on the simulated table: the GM's rolls follow the roll mode the GM chose (core's
 * ChatMessage.applyRollMode), a player's are public, and a crowd's initiative is one message
 * holding one Roll per combatant.
 */
import { describe, expect, it } from "vitest";

import type { Command } from "../../../src/engine";
import { OWNERSHIP, TABLE_TIMEOUT_MS, createTable, type Readings, type Source, type Table } from "./index";
import { START_DICE, flowWorld } from "./worlds";

async function startedBy(rollMode: string): Promise<Table> {
  const table = await createTable({ world: flowWorld() });
  table.gm.rollMode = rollMode;
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

/** The fight started on a v14 table by a GM whose chat controls say `messageMode`. */
async function startedOnV14(messageMode: string, rollModeV14: Readings["rollModeV14"]): Promise<Table> {
  const table = await createTable({ world: flowWorld(), version: 14, readings: { rollModeV14 } });
  table.gm.messageMode = messageMode;
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

function submit(table: Table, client: Table["p1"], command: Command) {
  const combat = table.combat(client, "combat1");
  return table.run(client, (tempo) => tempo.commands.submit(combat, command));
}

describe(
  "v14's message modes (ChatMessage.applyMode, core.messageMode)",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    describe.each(["deprecated", "removed"] as const)("v14's core.rollMode %s", (rollModeV14) => {
      it.each([
        ["gm", ["gm"], undefined],
        ["blind", ["gm"], true],
        ["self", ["gm"], undefined],
        ["public", [], undefined],
      ] as const)(
        "with the %s message mode chosen, the start's initiative rolls are whispered to %j (blind: %s), and the GM's write logs no deprecation warning",
        async (mode, whisper, blind) => {
          const table = await startedOnV14(mode, rollModeV14);
          expect(table.server.chat).toHaveLength(1);
          const data = table.server.chat[0]?.data ?? {};
          expect(data["whisper"] ?? []).toEqual(whisper);
          expect(data["blind"]).toBe(blind);
          expect(table.gm.deprecations).toEqual([]);
        },
      );
    });

    it("v13 keeps applyRollMode and core.rollMode: the blind roll mode still hides the start's rolls, no warning", async () => {
      const table = await startedBy("blindroll");
      const data = table.server.chat[0]?.data ?? {};
      expect([data["whisper"], data["blind"]]).toEqual([["gm"], true]);
      expect(table.gm.deprecations).toEqual([]);
    });
  },
);

describe("the GM's rolls follow the GM's roll mode", { timeout: TABLE_TIMEOUT_MS }, () => {
  it.each([
    ["gmroll", ["gm"], undefined],
    ["blindroll", ["gm"], true],
    ["selfroll", ["gm"], undefined],
  ] as const)(
    "with %s chosen, the start's initiative rolls are whispered to %j (blind: %s), hidden from players",
    async (mode, whisper, blind) => {
      const table = await startedBy(mode);
      expect(table.server.chat).toHaveLength(1);
      const data = table.server.chat[0]?.data ?? {};
      expect(data["whisper"]).toEqual(whisper);
      expect(data["blind"]).toBe(blind);
    },
  );

  it("with public rolls chosen, the start's rolls are public", async () => {
    const table = await startedBy("publicroll");
    expect(table.server.chat[0]?.data["whisper"] ?? []).toEqual([]);
  });

  it("a player's attack is rolled in the open, whatever the GM chose", async () => {
    const table = await startedBy("gmroll");
    table.roll(10, 10, 10, 10);
    const answer = await submit(table, table.p1, {
      type: "act",
      who: "ana",
      action: "attack",
      target: "orc",
    });
    await table.settle();
    expect(answer.ok).toBe(true);
    const last = table.server.chat.at(-1)?.data ?? {};
    expect((last["rolls"] as unknown[]).length).toBeGreaterThan(0);
    expect(last["whisper"]).toBeUndefined();
  });
});

describe("a crowd's initiative", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("is one chat message with one 1d10 Roll per combatant (flow: 1d10 + Agility each), never a Roll per die rolled ahead", async () => {
    const world = flowWorld();
    const crowd = 10;
    const actors: Source[] = Array.from({ length: crowd }, (_, k) => ({
      _id: `actorGoblin${k}`,
      name: `Goblin ${k}`,
      type: "npc",
      ownership: { default: OWNERSHIP.NONE },
      system: { stats: { agility: 0 } },
    }));
    const combat = world.combats?.[0] as Source;
    combat["combatants"] = actors.map((a, k) => ({
      _id: `goblin${k}`,
      name: a["name"],
      actorId: a["_id"],
      type: "base",
      system: {},
    }));
    const table = await createTable({ world: { ...world, actors } });
    // Ten different dice: no ties, so no roll-offs.
    table.roll(...Array.from({ length: crowd }, (_, k) => k + 1));
    await table.begin();
    expect(table.encounter().status).toBe("active");
    expect(table.server.chat).toHaveLength(1);
    const rolls = table.server.chat[0]?.data["rolls"] as { formula: string }[];
    expect(rolls.map((r) => r.formula)).toEqual(Array.from({ length: crowd }, () => "1d10"));
  });
});
