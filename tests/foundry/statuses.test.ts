/**
 * Conditions both ways on the simulated table (issue 14): a status toggled on a token in a running
 * Tempo combat reaches the engine when the ruleset gives it meaning, only the active GM writes,
 * the engine's condition changes show on the tokens, and the two ways do not loop.
 */
import { describe, expect, it } from "vitest";

import type { Command } from "../../src/engine";
import { createTable, ROLES, TABLE_TIMEOUT_MS, USERS, withStatuses, type Table } from "./table";
import { START_DICE, flowWorld } from "./table/worlds";
import { combatantIn } from "../../src/engine/record";

interface TempoCombatLike {
  startCombat(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
}

async function started(settings: Record<string, unknown> = {}, users = USERS): Promise<Table> {
  const world = flowWorld();
  const table = await createTable({
    world: { ...world, users, settings: { ...world.settings, ...settings } },
    init: withStatuses,
  });
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

function conditions(table: Table, who: string): { id: string; rounds: number | null }[] {
  return combatantIn(table.encounter(), who)?.conditions ?? [];
}

/** The statuses the server holds for an actor (what every client will show). */
function storedStatuses(table: Table, actorId: string): string[] {
  const effects = table.server.sources.Actor.get(actorId)?.["effects"];
  return Array.isArray(effects) ? effects.flatMap((e: { statuses?: string[] }) => e.statuses ?? []) : [];
}

function log(table: Table): { command: { type: string } }[] {
  return table.system("combat1")["log"] as { command: { type: string } }[];
}

describe("token statuses and engine conditions (issue 14)", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("puts Tempo's condition statuses on every client's token HUD list, core's prone kept", async () => {
    const table = await createTable({ world: flowWorld(), init: withStatuses });
    for (const client of [table.gm, table.p1]) {
      const effects = client.CONFIG["statusEffects"] as { id: string; img: string }[];
      expect(effects.map((e) => e.id)).toEqual(
        expect.arrayContaining(["prone", "grappled", "delayed", "readied"]),
      );
      expect(effects.filter((e) => e.id === "prone")).toEqual([
        { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
      ]);
    }
  });

  it("a GM's toggle of prone on the orc's token in a flow fight is the logged apply, with the world's default duration", async () => {
    const table = await started({ "tempo.statusRounds": 2 });
    await table.run(table.gm, (_t, c) =>
      c.game.actors.get("actorOrc")?.toggleStatusEffect("prone", { active: true }),
    );
    await table.settle();
    expect(conditions(table, "orc")).toEqual([{ id: "prone", rounds: 2 }]);
    expect(log(table).map((e) => e.command.type)).toEqual(["start", "apply"]);
    // The token keeps one prone effect: the engine's change found the status already there.
    expect(storedStatuses(table, "actorOrc")).toEqual(["prone"]);
  });

  it("a GM's untoggle removes the condition; a status the ruleset gives no meaning (blind) sends nothing", async () => {
    const table = await started();
    const orc = () => table.gm.game.actors.get("actorOrc");
    await table.run(table.gm, () => orc()?.toggleStatusEffect("prone", { active: true }));
    await table.settle();
    await table.run(table.gm, () => orc()?.toggleStatusEffect("blind", { active: true }));
    await table.settle();
    expect(conditions(table, "orc")).toEqual([{ id: "prone", rounds: null }]);
    await table.run(table.gm, () => orc()?.toggleStatusEffect("prone", { active: false }));
    await table.settle();
    expect(conditions(table, "orc")).toEqual([]);
    expect(log(table).map((e) => e.command.type)).toEqual(["start", "apply", "removeCondition"]);
    expect(storedStatuses(table, "actorOrc")).toEqual(["blind"]);
  });

  it("the engine's condition shows on the token when the GM applies it by command, and clears when it is removed", async () => {
    const table = await started();
    const submit = (command: Command) =>
      table.run(table.gm, (t) => t.commands.submit(table.combat(table.gm, "combat1"), command));
    await submit({ type: "apply", who: "ana", condition: "grappled", rounds: null });
    await table.settle();
    expect(storedStatuses(table, "actorAna")).toEqual(["grappled"]);
    expect(table.p1.game.actors.get("actorAna")?.statuses.has("grappled")).toBe(true);
    await submit({ type: "removeCondition", who: "ana", condition: "grappled" });
    await table.settle();
    expect(storedStatuses(table, "actorAna")).toEqual([]);
    // No loop: only the two commands are logged, though each status change came back through the hooks.
    expect(log(table).map((e) => e.command.type)).toEqual(["start", "apply", "removeCondition"]);
  });

  it("after the GM goes back a turn, the tokens show the engine's conditions again (tempo.rewound)", async () => {
    const table = await started();
    const combat = () => table.combat(table.gm, "combat1");
    await table.run(table.gm, (t) => t.commands.submit(combat(), { type: "endTurn", who: "ana" }));
    await table.run(table.gm, (t) =>
      t.commands.submit(combat(), { type: "apply", who: "orc", condition: "grappled", rounds: null }),
    );
    await table.settle();
    expect(storedStatuses(table, "actorOrc")).toEqual(["grappled"]);
    await table.run(table.gm, () => (combat() as unknown as TempoCombatLike).previousTurn());
    await table.settle();
    expect(conditions(table, "orc")).toEqual([]);
    expect(storedStatuses(table, "actorOrc")).toEqual([]);
  });

  it("a player's toggle of a status the ruleset gives meaning is put back, and nothing reaches the engine (conditions are the GM's)", async () => {
    const table = await started();
    await table.run(table.p1, (_t, c) =>
      c.game.actors.get("actorAna")?.toggleStatusEffect("prone", { active: true }),
    );
    await table.settle();
    expect(conditions(table, "ana")).toEqual([]);
    expect(storedStatuses(table, "actorAna")).toEqual([]);
    expect(log(table).map((e) => e.command.type)).toEqual(["start"]);
  });

  it("only the active GM's client writes: an assistant GM's toggle is sent once, by the active GM", async () => {
    const table = await started({}, [...USERS, { _id: "a1", name: "Assistant", role: ROLES.ASSISTANT }]);
    const assistant = await table.connect("a1", "Assistant");
    await table.run(assistant, (_t, c) =>
      c.game.actors.get("actorOrc")?.toggleStatusEffect("prone", { active: true }),
    );
    await table.settle();
    expect(conditions(table, "orc")).toEqual([{ id: "prone", rounds: null }]);
    expect(log(table).map((e) => e.command.type)).toEqual(["start", "apply"]);
  });

  it("a fight that starts shows the conditions its setup brings (the orc set up surprised shows Surprised)", async () => {
    const world = flowWorld();
    const combats = (world.combats ?? []).map((c) => ({
      ...c,
      combatants: (c["combatants"] as Record<string, unknown>[]).map((x) =>
        x["_id"] === "orc" ? { ...x, system: { surprised: true } } : x,
      ),
    }));
    const table = await createTable({ world: { ...world, combats }, init: withStatuses });
    table.roll(...START_DICE);
    await table.run(table.gm, () =>
      (table.combat(table.gm, "combat1") as unknown as TempoCombatLike).startCombat(),
    );
    await table.settle();
    expect(conditions(table, "orc").map((k) => k.id)).toEqual(["surprised"]);
    expect(storedStatuses(table, "actorOrc")).toEqual(["surprised"]);
    expect(log(table).map((e) => e.command.type)).toEqual(["start"]);
  });

  it("before the fight starts, a toggled status sends nothing", async () => {
    const table = await createTable({ world: flowWorld(), init: withStatuses });
    await table.run(table.gm, (_t, c) =>
      c.game.actors.get("actorOrc")?.toggleStatusEffect("prone", { active: true }),
    );
    await table.settle();
    expect(table.system("combat1")["log"] ?? []).toEqual([]);
    expect(storedStatuses(table, "actorOrc")).toEqual(["prone"]);
  });

  it("when the GM deletes the combat (core's End Combat), timed and combat-time statuses leave the tokens; prone and the GM's own stay", async () => {
    const table = await started();
    const submit = (command: Command) =>
      table.run(table.gm, (t) => t.commands.submit(table.combat(table.gm, "combat1"), command));
    await submit({ type: "apply", who: "orc", condition: "prone", rounds: null });
    await submit({ type: "apply", who: "orc", condition: "grappled", rounds: 3 });
    await table.run(table.gm, (_t, c) =>
      c.game.actors.get("actorOrc")?.toggleStatusEffect("blind", { active: true }),
    );
    await table.settle();
    expect(storedStatuses(table, "actorOrc").sort()).toEqual(["blind", "grappled", "prone"]);
    await table.run(table.gm, (_t, c) => c.game.combats.get("combat1")?.delete());
    await table.settle();
    expect(storedStatuses(table, "actorOrc").sort()).toEqual(["blind", "prone"]);
  });

  it("when the combat goes, a player's character loses its timed status too (the active GM clears it, on the player's actor)", async () => {
    const table = await started();
    await table.run(table.gm, (t) =>
      t.commands.submit(table.combat(table.gm, "combat1"), {
        type: "apply",
        who: "ana",
        condition: "grappled",
        rounds: 2,
      }),
    );
    await table.settle();
    expect(storedStatuses(table, "actorAna")).toEqual(["grappled"]);
    await table.run(table.gm, (_t, c) => c.game.combats.get("combat1")?.delete());
    await table.settle();
    expect(storedStatuses(table, "actorAna")).toEqual([]);
    expect(table.p1.game.actors.get("actorAna")?.statuses.has("grappled")).toBe(false);
  });
});
