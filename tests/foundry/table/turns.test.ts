/**
 * Core's combat flow around Tempo's engine, seen by a listener module on every client (as turn
 * markers, effect expiry and combat carousels listen): combatStart before the start's update on
 * the client that pressed Start, with the start sound; then combatTurnChange once on every client
 * for each change of the engine's current combatant, with Foundry's `turn` already pointing at
 * it, and the active GM's _onEndTurn / _onStartTurn for the combatants whose turns ended and began.
 */
import { describe, expect, it } from "vitest";

import type { Command } from "../../../src/engine";
import { TABLE_TIMEOUT_MS, createTable, type Client, type Table } from "./index";
import { START_DICE, flowWorld } from "./worlds";

interface Heard {
  client: string;
  /** The new turn state's combatant, the combatant `combat.combatant` gives then, and the engine's current. */
  seen: [string | null, string | null, string | null];
}

/** A listener module on every client: what it hears, as it hears it. */
function listen(table: Table): {
  starts: { client: string; round: unknown; stored: unknown }[];
  turns: Heard[];
} {
  const starts: { client: string; round: unknown; stored: unknown }[] = [];
  const turns: Heard[] = [];
  for (const client of [table.gm, table.p1, table.p2, table.forger])
    table.run(client, (_t, c) => {
      c.Hooks.on("combatStart", (_combat, updateData) => {
        starts.push({
          client: c.userId,
          round: (updateData as { round: number }).round,
          stored: table.stored("combat1")["round"],
        });
      });
      c.Hooks.on("combatTurnChange", (combat, _prior, current) => {
        const held = combat as { combatant?: { id: string } };
        const engine = (table.encounter().current as string | null | undefined) ?? null;
        turns.push({
          client: c.userId,
          seen: [(current as { combatantId: string | null }).combatantId, held.combatant?.id ?? null, engine],
        });
      });
    });
  return { starts, turns };
}

function submit(table: Table, client: Client, command: Command) {
  const combat = table.combat(client, "combat1");
  return table.run(client, (tempo) => tempo.commands.submit(combat, command));
}

describe("core's turn hooks follow the engine's current combatant", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("combatStart fires on the GM's client before the start is written, with the start sound", async () => {
    const table = await createTable({ world: flowWorld() });
    const { starts } = listen(table);
    table.roll(...START_DICE);
    await table.begin();
    expect(starts).toEqual([{ client: "gm", round: 1, stored: 0 }]);
    const combat = table.combat(table.gm, "combat1") as unknown as { sounds: string[] };
    expect(combat.sounds).toEqual(["startEncounter"]);
  });

  it("combatTurnChange fires once on every client per change of turn, combat.combatant already the engine's current (an order unlike the names')", async () => {
    const table = await createTable({ world: flowWorld() });
    const started: string[] = [];
    const ended: string[] = [];
    const gmCombat = table.combat(table.gm, "combat1") as unknown as {
      _onStartTurn(c: { id: string }): Promise<void>;
      _onEndTurn(c: { id: string }): Promise<void>;
    };
    gmCombat._onStartTurn = async (c) => void started.push(c.id);
    gmCombat._onEndTurn = async (c) => void ended.push(c.id);
    const { turns } = listen(table);
    // Initiative: Ana 1 + 1 = 2, Bob 4, the orc 9: the orc acts first, Ana last.
    table.roll(1, 4, 9);
    await table.begin();
    await submit(table, table.gm, { type: "endTurn", who: "orc" });
    await table.settle();
    await submit(table, table.p2, { type: "endTurn", who: "bob" });
    await table.settle();
    const byClient = (id: string) => turns.filter((t) => t.client === id).map((t) => t.seen);
    for (const client of ["gm", "p1", "p2", "p3"])
      expect(byClient(client)).toEqual([
        ["orc", "orc", "orc"],
        ["bob", "bob", "bob"],
        ["ana", "ana", "ana"],
      ]);
    // The turn callbacks run on the active GM's client only, once per turn.
    expect(started).toEqual(["orc", "bob", "ana"]);
    expect(ended).toEqual(["orc", "bob"]);
  });
});
