/**
 * Tempo's sheets on the table (issue 34, "Sheets" and "Items"), drawn by the document-sheet
 * stand-ins of sheets.ts:
 * - a command redraws only the sheet of the actor whose combatant it changed, and never discards
 *   what a user is typing: a sheet holding a focused field waits, and redraws once focus leaves
 *   (src/foundry/apps/sheets/refresh.ts);
 * - an action item's sheet moves the item to another ruleset in one submit-on-change: ruleset and
 *   action change together (src/foundry/data/item.ts withActionOfRuleset).
 */
import { describe, expect, it } from "vitest";

import type { Command } from "../../../src/engine";
import {
  TABLE_TIMEOUT_MS,
  createTable,
  withSheets,
  type Client,
  type Table,
  type TableDocumentSheetV2,
} from "./index";
import type { TableElement } from "./application";
import { START_DICE, flowWorld } from "./worlds";

function submit(table: Table, client: Client, command: Command) {
  const combat = table.combat(client, "combat1");
  return table.run(client, (tempo) => tempo.commands.submit(combat, command));
}

/** The open sheet of an actor on a client (rendered as Foundry's `actor.sheet.render(true)` does). */
async function openSheet(table: Table, client: Client, actorId: string): Promise<TableDocumentSheetV2> {
  return table.run(client, async (_t, c) => {
    const sheet = c.game.actors.get(actorId)?.sheet;
    if (!sheet) throw new Error(`${c.label} has no sheet for ${actorId}`);
    await sheet.render({ force: true });
    return sheet;
  });
}

/** The sheet's name field (templates/sheets/actor.hbs). */
function nameField(sheet: TableDocumentSheetV2): TableElement {
  const field = sheet.element.querySelectorAll("input").find((i) => i.getAttribute("name") === "name");
  if (!field) throw new Error("the sheet has no name field");
  return field;
}

/** The AP a sheet shows, as drawn (its AP meter's value: templates/partials/pips.hbs). */
function shownAp(sheet: TableDocumentSheetV2): string | null {
  const pool = sheet.element.querySelector('[data-pool="ap"]');
  return pool?.querySelector("[aria-valuenow]")?.getAttribute("aria-valuenow") ?? null;
}

describe(
  "sheets redraw for their own combatant and keep what the user types",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    it("a command that changes Ana's combatant redraws Ana's sheet and not Bob's", async () => {
      const table = await createTable({ world: flowWorld(), init: withSheets });
      table.roll(...START_DICE);
      await table.begin();
      const ana = await openSheet(table, table.gm, "actorAna");
      const bob = await openSheet(table, table.gm, "actorBob");
      const before = { ana: ana.renders, bob: bob.renders, ap: shownAp(ana) };
      const done = await submit(table, table.gm, { type: "adjustPool", who: "ana", pool: "ap", delta: -1 });
      await table.settle();
      expect(done.ok).toBe(true);
      expect([ana.renders - before.ana, bob.renders - before.bob]).toEqual([1, 0]);
      expect(shownAp(ana)).not.toBe(before.ap);
      expect(table.gm.hookErrors).toEqual([]);
    });

    it("a focused field holding unsaved text keeps it through a command that changes Ana; the sheet redraws once focus leaves", async () => {
      const table = await createTable({ world: flowWorld(), init: withSheets });
      table.roll(...START_DICE);
      await table.begin();
      const ana = await openSheet(table, table.gm, "actorAna");
      const before = { renders: ana.renders, ap: shownAp(ana) };
      const field = nameField(ana);
      field.focus();
      field.value = "Ana the Bold";
      await submit(table, table.gm, { type: "adjustPool", who: "ana", pool: "ap", delta: -1 });
      await table.settle();
      // Not drawn again: the field is the same element, still focused, still holding the text.
      expect(ana.renders).toBe(before.renders);
      expect(nameField(ana)).toBe(field);
      expect(field.value).toBe("Ana the Bold");
      expect(table.run(table.gm, () => field.ownerDocument.activeElement)).toBe(field);
      // Focus leaves the field: the changed text is submitted (change, then focusout) and the
      // sheet draws what is current: the new name, saved, and the spent AP.
      table.run(table.gm, () => field.blur());
      await table.settle();
      expect(ana.renders).toBeGreaterThan(before.renders);
      expect(nameField(ana).getAttribute("value")).toBe("Ana the Bold");
      expect(table.run(table.gm, (_t, c) => c.game.actors.get("actorAna")?.name)).toBe("Ana the Bold");
      expect(shownAp(ana)).not.toBe(before.ap);
      expect(table.gm.hookErrors).toEqual([]);
    });
  },
);

/** A flow attack: an action item. */
const STRIKE = {
  _id: "itemStrike",
  name: "Strike",
  type: "action",
  system: { ruleset: "flow", category: "action", action: "attack", cost: { ap: 2, rp: 0, fp: 0 } },
};

/** Ana with the flow attack among her items (embedded in the actor). */
function worldWithAction(): ReturnType<typeof flowWorld> {
  const world = flowWorld();
  const actors = (world.actors ?? []).map((actor) =>
    actor["_id"] === "actorAna" ? { ...actor, items: [STRIKE] } : actor,
  );
  return { ...world, actors };
}

/** An item's sheet on a client, open. */
async function openItemSheet(table: Table, client: Client, itemId: string): Promise<TableDocumentSheetV2> {
  return table.run(client, async (_t, c) => {
    const sheet = c.game.actors.get("actorAna")?.items.get(itemId)?.sheet;
    if (!sheet) throw new Error(`${c.label} has no sheet for ${itemId}`);
    await sheet.render({ force: true });
    return sheet;
  });
}

/** The form field of a system path ("system.ruleset"). */
function formField(sheet: TableDocumentSheetV2, name: string): TableElement {
  const found = ["input", "select", "textarea"]
    .flatMap((tag) => sheet.element.querySelectorAll(tag))
    .find((f) => f.getAttribute("name") === name);
  if (!found) throw new Error(`the sheet has no field ${name}`);
  return found;
}

/** The user picks a value in a field: its value changes and the form hears `change` (submit-on-change). */
async function choose(
  table: Table,
  client: Client,
  sheet: TableDocumentSheetV2,
  name: string,
  value: string,
) {
  table.run(client, () => {
    const field = formField(sheet, name);
    field.value = value;
    field.dispatch("change");
  });
  await table.run(client, () => sheet.submitting);
  await table.settle();
}

/** The item's system data as the server stores it. */
function storedAction(table: Table, id = STRIKE._id): Record<string, unknown> {
  const ana = table.server.sources.Actor.get("actorAna");
  const items = (ana?.["items"] ?? []) as Record<string, unknown>[];
  return (items.find((i) => i["_id"] === id)?.["system"] ?? {}) as Record<string, unknown>;
}

describe("an action item's sheet moves it to another ruleset", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("choosing rating's ruleset on a flow attack submits ruleset and action together: the item ends as rating's first action, 'primary', with a cost the player states", async () => {
    // Ana's player gives her the action (Actor#createEmbeddedDocuments): every client holds it.
    const table = await createTable({ world: flowWorld(), init: withSheets });
    // (Foundry gives a created document its own id unless told to keep one: the test reads it.)
    const { _id: _ignored, ...data } = STRIKE;
    const made = await table.run(table.p1, (_t, c) =>
      c.game.actors.get("actorAna")?.createEmbeddedDocuments("Item", [data]),
    );
    await table.settle();
    const id = made?.[0]?.id ?? "";
    // An embedded item's permission is its actor's: Bob's player may not give Ana anything.
    await expect(
      table.run(table.p2, (_t, c) => c.game.actors.get("actorAna")?.createEmbeddedDocuments("Item", [data])),
    ).rejects.toThrow(/lacks permission/);
    expect(table.run(table.gm, (_t, c) => c.game.actors.get("actorAna")?.items.get(id)?.type)).toBe("action");
    const sheet = await openItemSheet(table, table.p1, id);
    expect(formField(sheet, "system.ruleset").tagName).toBe("SELECT");
    await choose(table, table.p1, sheet, "system.ruleset", "rating");
    const stored = storedAction(table, id);
    expect([stored["ruleset"], stored["action"], stored["variableCost"]]).toEqual([
      "rating",
      "primary",
      true,
    ]);
    // One update carried both, and the sheet drew what was stored.
    expect(table.server.updates.filter((u) => u.name === "Item")).toHaveLength(1);
    expect(formField(sheet, "system.ruleset").value).toBe("rating");
    expect(formField(sheet, "system.action").value).toBe("primary");
    expect(table.p1.noticeKeys("error")).toEqual([]);
  });

  it("an action id the item's ruleset does not have (a stale or forged form value) is refused with the localised invalid-edit notice, nothing is written, and the sheet draws the stored action", async () => {
    const table = await createTable({ world: worldWithAction(), init: withSheets });
    const sheet = await openItemSheet(table, table.p1, "itemStrike");
    await choose(table, table.p1, sheet, "system.action", "fly");
    expect([storedAction(table)["ruleset"], storedAction(table)["action"]]).toEqual(["flow", "attack"]);
    expect(table.server.updates.filter((u) => u.name === "Item")).toEqual([]);
    expect(table.p1.noticeKeys("error")).toEqual(["TEMPO.ItemSheet.Invalid"]);
    expect(formField(sheet, "system.action").value).toBe("attack");
  });
});
