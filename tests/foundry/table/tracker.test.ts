/**
 * The tracker's rows by change (issue 31): when a write changes only some combatants' rows, the
 * tracker draws those rows again (the row partial, each replacing its `<li data-combatant-id>`)
 * and lets Foundry draw its header and footer; a join, a leave, or anything else of the tracker's
 * view that changed is Foundry's whole render (src/foundry/apps/combat-tracker.ts). Counted on the
 * table's CombatTracker stand-in (tracker.ts) under both readings of how an update asks it to
 * render (readings.ts `appRender`).
 */
import { describe, expect, it } from "vitest";

import type { Command } from "../../../src/engine";
import { TABLE_TIMEOUT_MS, createTable, withTracker, type Client, type Table } from "./index";
import type { TableCombatTracker } from "./tracker";
import { START_DICE, battleWorld, flowWorld, wolfCombatant } from "./worlds";

/** The tracker as the test reads it: the stand-in's part renders and Tempo's own counts. */
type Tracker = TableCombatTracker & { drawn: { rows: number; whole: number } };

function trackerOf(client: Client): Tracker {
  const tracker = client.ui.combat;
  if (!tracker) throw new Error(`${client.label} has no tracker`);
  return tracker as Tracker;
}

/** A started flow fight with the GM's tracker drawn once (as opening the sidebar tab does). */
async function fightWithTracker(world = flowWorld()): Promise<{ table: Table; tracker: Tracker }> {
  const table = await createTable({ world, init: withTracker });
  table.roll(...START_DICE);
  await table.begin();
  const tracker = trackerOf(table.gm);
  await table.run(table.gm, () => tracker.render({ force: true }));
  return { table, tracker };
}

async function send(table: Table, command: Command): Promise<void> {
  const combat = table.combat(table.gm, "combat1");
  const answer = await table.run(table.gm, (tempo) => tempo.commands.submit(combat, command));
  await table.settle();
  expect(answer.ok).toBe(true);
}

/** What the tracker did since `before`: rows patched, whole tracker renders, header renders. */
function counts(tracker: Tracker) {
  return {
    rows: tracker.drawn.rows,
    whole: tracker.partRenders["tracker"] ?? 0,
    header: tracker.partRenders["header"] ?? 0,
  };
}
function since(tracker: Tracker, before: ReturnType<typeof counts>) {
  const now = counts(tracker);
  return {
    rows: now.rows - before.rows,
    whole: now.whole - before.whole,
    header: now.header - before.header,
  };
}

/** A row as drawn: its element's attributes and text. */
function row(tracker: Tracker, id: string) {
  const li = tracker.element.querySelector(`li[data-combatant-id="${id}"]`);
  if (!li) throw new Error(`no row for ${id}`);
  return {
    label: li.getAttribute("aria-label"),
    current: li.getAttribute("aria-current"),
    text: li.textContent,
  };
}

describe("the tracker draws again only the rows a write changed", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a pool the GM adjusts on Bob draws Bob's row alone; the tracker part is not rendered again, the header is", async () => {
    const { table, tracker } = await fightWithTracker();
    const before = counts(tracker);
    const ana = row(tracker, "ana");
    const bob = row(tracker, "bob");
    await send(table, { type: "adjustPool", who: "bob", pool: "ap", delta: -2 });
    expect(since(tracker, before)).toEqual({ rows: 1, whole: 0, header: 1 });
    expect(row(tracker, "ana")).toEqual(ana);
    expect(row(tracker, "bob").text).not.toBe(bob.text);
    expect(table.gm.hookErrors).toEqual([]);
  });

  it("a move of Ana on the battle map (1 AP in flow) draws Ana's row alone, never the whole tracker", async () => {
    const { table, tracker } = await fightWithTracker(battleWorld());
    const before = counts(tracker);
    const others = [row(tracker, "bob"), row(tracker, "orc")];
    await send(table, {
      type: "move",
      who: "ana",
      path: [
        [0, 0],
        [0, 1],
      ],
    });
    expect(since(tracker, before)).toEqual({ rows: 1, whole: 0, header: 1 });
    expect([row(tracker, "bob"), row(tracker, "orc")]).toEqual(others);
    expect(table.gm.hookErrors).toEqual([]);
  });

  it("ending Ana's turn draws the three rows whose turn changed (Ana's closes, Bob's opens, brought into view, the Orc is up next)", async () => {
    const { table, tracker } = await fightWithTracker();
    const before = counts(tracker);
    expect(row(tracker, "ana").current).toBe("true");
    expect(row(tracker, "orc").label).not.toContain("TEMPO.Table.Turn.UpNext");
    await send(table, { type: "endTurn", who: "ana" });
    expect(since(tracker, before)).toEqual({ rows: 3, whole: 0, header: 1 });
    expect(row(tracker, "ana").current).toBeNull();
    expect(row(tracker, "bob").current).toBe("true");
    expect(tracker.element.querySelector(`li[data-combatant-id="bob"]`)?.scrolledIntoView).toBe(1);
    // Issue 44: the row of whoever acts next says so.
    expect(row(tracker, "orc").label).toContain("TEMPO.Table.Turn.UpNext");
    expect(table.gm.hookErrors).toEqual([]);
  });

  it("a combatant who joins is a whole render of the tracker (rows cannot be patched in), showing the new row", async () => {
    const { table, tracker } = await fightWithTracker(battleWorld());
    const before = counts(tracker);
    const combat = table.gm.game.combats.get("combat1");
    table.roll(5);
    await table.run(table.gm, () =>
      combat?.createEmbeddedDocuments("Combatant", [{ _id: "wolf", ...wolfCombatant() }]),
    );
    await table.settle();
    const done = since(tracker, before);
    expect(done.whole).toBeGreaterThan(0);
    expect(row(tracker, "wolf").text).toContain("Wolf");
    expect(table.gm.hookErrors).toEqual([]);
  });

  it("a player's tracker (a client that reads the GM's writes) draws only the changed row too: Ana's, whose pools her player sees", async () => {
    const { table } = await fightWithTracker();
    const mine = trackerOf(table.p1);
    await table.run(table.p1, () => mine.render({ force: true }));
    const before = counts(mine);
    const bob = row(mine, "bob");
    await send(table, { type: "adjustPool", who: "ana", pool: "ap", delta: -2 });
    expect(since(mine, before)).toEqual({ rows: 1, whole: 0, header: 1 });
    expect(row(mine, "bob")).toEqual(bob);
    expect(table.p1.hookErrors).toEqual([]);
  });

  it("a closed tracker is not drawn by an update (Foundry's render without force draws only what is drawn)", async () => {
    const table = await createTable({ world: flowWorld(), init: withTracker });
    table.roll(...START_DICE);
    await table.begin();
    const tracker = trackerOf(table.gm);
    await send(table, { type: "adjustPool", who: "bob", pool: "ap", delta: -1 });
    expect(tracker.rendered).toBe(false);
    expect(counts(tracker)).toEqual({ rows: 0, whole: 0, header: 0 });
  });
});
