/**
 * The simulated table itself: the stand-ins behave as the public API pages they cite say, so the
 * adapter tests built on them test Tempo against Foundry's rules, not against the table's.
 */
import { describe, expect, it } from "vitest";

import { TABLE_TIMEOUT_MS, createTable, ROLES } from "./index";
import { flowWorld } from "./worlds";

describe("the simulated table", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("stamps every client's update hook with the id of the user who made the change (hookEvents.updateDocument)", async () => {
    const table = await createTable({ world: flowWorld() });
    const seen: [string, unknown][] = [];
    for (const client of [table.gm, table.p1, table.p2])
      table.run(client, (_t, c) => c.Hooks.on("updateActor", (...args) => seen.push([c.userId, args[3]])));
    await table.run(table.p1, (_t, c) => c.game.actors.get("actorAna")?.update({ name: "Ana the Bold" }));
    expect(seen).toEqual([
      ["gm", "p1"],
      ["p1", "p1"],
      ["p2", "p1"],
    ]);
    expect(table.server.sources.Actor.get("actorAna")?.["name"]).toBe("Ana the Bold");
  });

  it("refuses on the server a change the user may not make (an actor they do not own, a combat, their role)", async () => {
    const table = await createTable({ world: flowWorld() });
    await expect(
      table.run(table.forger, (_t, c) => c.game.actors.get("actorAna")?.update({ name: "Mine" })),
    ).rejects.toThrow(/lacks permission/);
    await expect(
      table.run(table.forger, (_t, c) => c.game.combats.get("combat1")?.update({ system: { seq: 9 } })),
    ).rejects.toThrow(/lacks permission/);
    await expect(
      table.run(table.forger, (_t, c) => c.game.users.get("p3")?.update({ role: ROLES.GAMEMASTER })),
    ).rejects.toThrow(/lacks permission/);
    expect(table.server.sources.Actor.get("actorAna")?.["name"]).toBe("Ana");
  });

  it("toggles a status as an ActiveEffect on the actor, heard by every client's create/deleteActiveEffect with the user's id; only the actor's owner may (Actor#toggleStatusEffect)", async () => {
    const table = await createTable({ world: flowWorld() });
    const seen: [string, string, unknown, string[]][] = [];
    for (const client of [table.gm, table.p2])
      table.run(client, (_t, c) => {
        for (const hook of ["createActiveEffect", "deleteActiveEffect"])
          c.Hooks.on(hook, (...args) => {
            const effect = args[0] as { statuses: Set<string> };
            seen.push([c.userId, hook, args[2], [...effect.statuses]]);
          });
      });
    const ana = () => table.p1.game.actors.get("actorAna");
    await table.run(table.p1, () => ana()?.toggleStatusEffect("prone", { active: true }));
    expect(ana()?.statuses.has("prone")).toBe(true);
    expect(table.p2.game.actors.get("actorAna")?.statuses.has("prone")).toBe(true);
    // Active already: nothing changes.
    expect(
      await table.run(table.p1, () => ana()?.toggleStatusEffect("prone", { active: true })),
    ).toBeUndefined();
    await table.run(table.p1, () => ana()?.toggleStatusEffect("prone", { active: false }));
    expect(ana()?.statuses.has("prone")).toBe(false);
    expect(seen).toEqual([
      ["gm", "createActiveEffect", "p1", ["prone"]],
      ["p2", "createActiveEffect", "p1", ["prone"]],
      ["gm", "deleteActiveEffect", "p1", ["prone"]],
      ["p2", "deleteActiveEffect", "p1", ["prone"]],
    ]);
    await expect(
      table.run(table.p2, (_t, c) =>
        c.game.actors.get("actorAna")?.toggleStatusEffect("prone", { active: true }),
      ),
    ).rejects.toThrow(/lacks permission/);
  });

  it("runs a query's handler on the target user's client with the data only, and rejects when that user is offline (User#query)", async () => {
    const table = await createTable({ world: flowWorld() });
    const received: unknown[][] = [];
    table.run(table.p2, (_t, c) => {
      c.CONFIG.queries["test.echo"] = (...args: unknown[]) => {
        received.push([c.userId, ...args]);
        return { echoed: true };
      };
    });
    const answer = await table.run(table.p1, (_t, c) => c.game.users.get("p2")?.query("test.echo", { x: 1 }));
    expect(answer).toEqual({ echoed: true });
    expect(received).toEqual([["p2", { x: 1 }]]);
    table.disconnect(table.p2);
    await expect(
      table.run(table.p1, (_t, c) => c.game.users.get("p2")?.query("test.echo", {})),
    ).rejects.toThrow(/not active/);
  });

  it("names the non-assistant GM as activeGM, and tells every client when a user leaves (Users#activeGM, userConnected)", async () => {
    const users = [
      { _id: "a1", name: "Assistant", role: ROLES.ASSISTANT },
      { _id: "gm", name: "Gamemaster", role: ROLES.GAMEMASTER },
      { _id: "p1", name: "Player One", role: ROLES.PLAYER },
      { _id: "p2", name: "Player Two", role: ROLES.PLAYER },
      { _id: "p3", name: "Forger", role: ROLES.PLAYER },
    ];
    const table = await createTable({ world: { ...flowWorld(), users } });
    const assistant = await table.connect("a1", "Assistant");
    expect(table.run(table.p1, (_t, c) => c.game.users.activeGM?.id)).toBe("gm");
    const left: unknown[] = [];
    table.run(table.p1, (_t, c) =>
      c.Hooks.on("userConnected", (user, connected) => left.push([user, connected])),
    );
    table.disconnect(table.gm);
    expect(table.run(table.p1, (_t, c) => c.game.users.activeGM?.id)).toBe("a1");
    expect(left).toHaveLength(1);
    expect(table.run(assistant, (_t, c) => c.game.user.isActiveGM)).toBe(true);
  });

  it("keeps each client's globals across awaits while two clients' code interleaves", async () => {
    const table = await createTable({ world: flowWorld() });
    const seen: string[] = [];
    const as = (label: string) => async () => {
      for (let i = 0; i < 3; i += 1) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        seen.push(`${label}:${(globalThis as unknown as { game: { user: { id: string } } }).game.user.id}`);
      }
    };
    await Promise.all([table.run(table.p1, as("p1")), table.run(table.p2, as("p2"))]);
    expect(seen.filter((s) => s.startsWith("p1:"))).toEqual(["p1:p1", "p1:p1", "p1:p1"]);
    expect(seen.filter((s) => s.startsWith("p2:"))).toEqual(["p2:p2", "p2:p2", "p2:p2"]);
    expect(() => (globalThis as unknown as { game: unknown }).game).toThrow(/outside any client/);
  });
});
