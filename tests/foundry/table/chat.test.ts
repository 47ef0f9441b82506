/**
 * Issue 30 on the simulated table: a reaction prompt whose countdown runs out is declined by the
 * GM's reaction loop, and the chat card of that decline says time ran out (TEMPO.Chat.TimedOut,
 * TEMPO.Chat.DeclinedTimeout), not the words of a reactor who chose to decline.
 */
import { describe, expect, it } from "vitest";

import type { Command } from "../../../src/engine";
import { TABLE_TIMEOUT_MS, createTable, windows, withMovement, type Client, type Table } from "./index";
import { START_DICE, flowWorld } from "./worlds";

/** The fight (no scene) with chat cards on (as src/foundry/table/index.ts sets them); the orc can hit. */
async function battle(): Promise<Table> {
  const world = flowWorld();
  world.settings = { ...world.settings, "tempo.promptTimeout": 15 };
  world.actors = (world.actors ?? []).map((a) =>
    a._id === "actorOrc" ? { ...a, system: { stats: { agility: 0 }, skills: { melee: 80 } } } : a,
  );
  const table = await createTable({
    world,
    init: (client, tempo) => {
      withMovement(client, tempo);
      tempo.commands.chatCards.render = tempo.chat.renderCards;
    },
  });
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

function submit(table: Table, client: Client, command: Command) {
  const combat = table.combat(client, "combat1");
  return table.run(client, (tempo) => tempo.commands.submit(combat, command));
}

/** Ana and Bob end their turns; the orc attacks Ana, which offers Ana's reactions (Player One's prompt). */
async function orcAttacks(table: Table): Promise<void> {
  await submit(table, table.p1, { type: "endTurn", who: "ana" });
  await submit(table, table.p2, { type: "endTurn", who: "bob" });
  await table.settle();
  table.roll(10, 10, 10, 10);
  await submit(table, table.gm, { type: "act", who: "orc", action: "attack", target: "ana" });
  await table.settle();
}

/** The content of every chat message posted since `from`. */
function chatSince(table: Table, from: number): string[] {
  return table.server.chat.slice(from).map((m) => String(m.data["content"] ?? ""));
}

type Prompt = {
  ask: { askId: string };
  countdown: { totalMs: number; tick(ms: number): boolean };
  settle(answer: { askId: string; offerId: string | null } | null): void;
};

async function promptOfPlayerOne(table: Table, act: () => Promise<void>): Promise<Prompt> {
  const before = windows.length;
  await act();
  const prompts = windows.slice(before).filter((w) => w.label === "Player One" && !w.app.closed);
  expect(prompts).toHaveLength(1);
  return prompts[0]?.app as unknown as Prompt;
}

describe("a reaction prompt that times out (issue 30)", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("the decline's chat card says time ran out when the player's countdown runs out", async () => {
    const table = await battle();
    const prompt = await promptOfPlayerOne(table, () => orcAttacks(table));
    const chatBefore = table.server.chat.length;
    prompt.countdown.tick(prompt.countdown.totalMs + 1);
    await table.settle();
    expect(table.encounter().offers.some((o) => o.who === "ana")).toBe(false);
    const cards = chatSince(table, chatBefore).join("\n");
    expect(cards).toContain("TEMPO.Chat.TimedOut");
    expect(cards).toContain("TEMPO.Chat.DeclinedTimeout");
    expect(cards).not.toContain("TEMPO.Chat.Declines");
    expect(cards).not.toMatch(/TEMPO\.Chat\.Declined[^T]/);
  });

  it("a decline the player chose keeps the decline's own words", async () => {
    const table = await battle();
    const prompt = await promptOfPlayerOne(table, () => orcAttacks(table));
    const chatBefore = table.server.chat.length;
    prompt.settle({ askId: prompt.ask.askId, offerId: null });
    await table.settle();
    expect(table.encounter().offers.some((o) => o.who === "ana")).toBe(false);
    const cards = chatSince(table, chatBefore).join("\n");
    expect(cards).toContain("TEMPO.Chat.Declines");
    expect(cards).not.toContain("TEMPO.Chat.TimedOut");
    expect(cards).not.toContain("TEMPO.Chat.DeclinedTimeout");
  });
});
