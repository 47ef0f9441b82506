/**
 * Sheets by change (issue 31): after a write, only the open sheets the write can reach are looked
 * at (src/foundry/apps/sheets/refresh.ts sheetScope, from src/views/changes.ts stateChanges), and
 * of those only the ones whose view changed are drawn again. Each test opens the sheets of every
 * fighting actor on the GM's client and counts, per sheet, the view models built to compare
 * (`viewNow`) and the renders (the stand-in's `renders`, sheets.ts).
 */
import { describe, expect, it } from "vitest";

import type { Command } from "../../../src/engine";
import { TABLE_TIMEOUT_MS, createTable, withSheets, type Client, type Table } from "./index";
import { START_DICE, battleWorld, flowWorld } from "./worlds";

/** A sheet as the test watches it: the stand-in's render count and its view model builds. */
interface Watched {
  renders: number;
  builds: number;
}

const ACTORS = { ana: "actorAna", bob: "actorBob", orc: "actorOrc" } as const;
type Who = keyof typeof ACTORS;

/** Open every fighting actor's sheet on the GM's client, each counting the view models it builds. */
async function openAll(table: Table): Promise<Record<Who, Watched>> {
  const out = {} as Record<Who, Watched>;
  for (const [who, actorId] of Object.entries(ACTORS) as [Who, string][]) {
    out[who] = await table.run(table.gm, async (_t, c) => {
      const sheet = c.game.actors.get(actorId)?.sheet as unknown as {
        renders: number;
        viewNow(): unknown;
        render(options: object): Promise<unknown>;
      };
      await sheet.render({ force: true });
      const watched = {
        get renders() {
          return sheet.renders;
        },
        builds: 0,
      };
      const viewNow = sheet.viewNow.bind(sheet);
      sheet.viewNow = () => {
        watched.builds += 1;
        return viewNow();
      };
      return watched;
    });
  }
  return out;
}

/** The counts so far, to compare after a command. */
function counts(sheets: Record<Who, Watched>): Record<Who, [number, number]> {
  const out = {} as Record<Who, [number, number]>;
  for (const who of Object.keys(sheets) as Who[]) out[who] = [sheets[who].renders, sheets[who].builds];
  return out;
}

/** What each sheet did since `before`: [renders, view models built]. */
function since(sheets: Record<Who, Watched>, before: Record<Who, [number, number]>) {
  const now = counts(sheets);
  const out = {} as Record<Who, [number, number]>;
  for (const who of Object.keys(now) as Who[])
    out[who] = [now[who][0] - before[who][0], now[who][1] - before[who][1]];
  return out;
}

async function send(table: Table, client: Client, command: Command) {
  const combat = table.combat(client, "combat1");
  const answer = await table.run(client, (tempo) => tempo.commands.submit(combat, command));
  await table.settle();
  expect(answer.ok).toBe(true);
}

/** A started fight with every sheet open (its start already seen: each client has a state to compare with). */
async function fightWithSheets(world = flowWorld()) {
  const table = await createTable({ world, init: withSheets });
  table.roll(...START_DICE);
  await table.begin();
  const sheets = await openAll(table);
  return { table, sheets };
}

describe(
  "sheets by change: a write looks only at the sheets it can reach",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    it("a pool the GM adjusts on Bob redraws Bob's sheet; Ana's, whose Cast was checked against Bob, is looked at; the orc's is not even built", async () => {
      const { table, sheets } = await fightWithSheets();
      const before = counts(sheets);
      await send(table, table.gm, { type: "adjustPool", who: "bob", pool: "ap", delta: -1 });
      // flow's Cast targets anyone: a sheet checks it against the first other combatant (Ana: Bob;
      // Bob and the orc: Ana), its Attack against the first enemy (Ana and Bob: the orc).
      expect(since(sheets, before)).toEqual({ ana: [0, 1], bob: [1, 1], orc: [0, 0] });
      expect(table.gm.hookErrors).toEqual([]);
    });

    it("a move of Ana (flow, on the battle map) redraws Ana's sheet alone; Bob's and the orc's, whose actions were checked against Ana, are looked at and not drawn", async () => {
      const { table, sheets } = await fightWithSheets(battleWorld());
      const before = counts(sheets);
      await send(table, table.gm, {
        type: "move",
        who: "ana",
        path: [
          [0, 0],
          [0, 1],
        ],
      });
      expect(since(sheets, before)).toEqual({ ana: [1, 1], bob: [0, 1], orc: [0, 1] });
      expect(table.gm.hookErrors).toEqual([]);
    });

    it("ending Ana's turn redraws the two sheets whose turn changed (Ana's, then Bob's); the orc's, whose actions were checked against Ana, is looked at and not drawn", async () => {
      const { table, sheets } = await fightWithSheets();
      const before = counts(sheets);
      await send(table, table.gm, { type: "endTurn", who: "ana" });
      expect(since(sheets, before)).toEqual({ ana: [1, 1], bob: [1, 1], orc: [0, 1] });
      expect(table.gm.hookErrors).toEqual([]);
    });

    it("Ana's hit on the orc offers the orc its reactions: its sheet shows them, and every sheet, whose actions now wait for the reactions, is drawn once", async () => {
      const { table, sheets } = await fightWithSheets();
      const before = counts(sheets);
      await send(table, table.gm, {
        type: "act",
        who: "ana",
        action: "attack",
        target: "orc",
        outcome: "hit",
      });
      const done = since(sheets, before);
      const offered = table.run(table.gm, (_t, c) => {
        const combat = c.game.combats.get("combat1") as unknown as {
          encounter: { offers: { who: string }[] };
        };
        return combat.encounter.offers.map((o) => o.who);
      });
      expect(offered).toContain("orc");
      expect(done).toEqual({ ana: [1, 1], bob: [1, 1], orc: [1, 1] });
      const reactions = table.run(table.gm, (_t, c) => {
        const sheet = c.game.actors.get("actorOrc")?.sheet as unknown as {
          element: { querySelectorAll(selector: string): unknown[] };
        };
        return sheet.element.querySelectorAll(".tempo-offer__take").length;
      });
      expect(reactions).toBeGreaterThan(0);
      expect(table.gm.hookErrors).toEqual([]);
    });

    it("a sheet that checked its actions against a combatant is looked at when that combatant changes (Ana's and Bob's attacks name the orc)", async () => {
      const { table, sheets } = await fightWithSheets();
      const before = counts(sheets);
      // The GM marks the orc defeated: Ana's and Bob's attacks were checked against it (their
      // first enemy), so their sheets are built again and show it gone as a target.
      await send(table, table.gm, { type: "setDefeated", who: "orc", defeated: true });
      const done = since(sheets, before);
      expect(done.orc[0]).toBe(1);
      expect(done.ana[1]).toBeGreaterThan(0);
      expect(done.bob[1]).toBeGreaterThan(0);
      expect(table.gm.hookErrors).toEqual([]);
    });

    it("Foundry's own render of every combatant's actor after a combat update (Combat#updateCombatantActors) draws no Tempo sheet; a forced render still does", async () => {
      const { table, sheets } = await fightWithSheets();
      const before = counts(sheets);
      const combat = table.gm.game.combats.get("combat1");
      await table.run(table.gm, () => combat?.updateCombatantActors({ round: 1 }));
      await table.settle();
      expect(since(sheets, before)).toEqual({ ana: [0, 0], bob: [0, 0], orc: [0, 0] });
      await table.run(table.gm, (_t, c) => c.game.actors.get("actorBob")?.sheet?.render({ force: true }));
      expect(since(sheets, before).bob[0]).toBe(1);
    });
  },
);
