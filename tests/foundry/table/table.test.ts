/**
 * The simulated table itself: the stand-ins behave as the public API pages they cite say, so the
 * adapter tests built on them test Tempo against Foundry's rules, not against the table's.
 */
import { describe, expect, it } from "vitest";

import { TABLE_TIMEOUT_MS, createTable, ROLES, type Readings, type Source, type TableToken } from "./index";
import { GRID, at, battleWorld, flowWorld } from "./worlds";

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

/**
 * The movement stand-ins under each reading of what the public threads leave unclear
 * (readings.ts), and where the contract is clear, strictly.
 */
describe("the table's token movement under each reading", { timeout: TABLE_TIMEOUT_MS }, () => {
  /** p1 walks Ana three cells with a checkpoint on the first and second; p1's moveToken hook pauses at each. */
  async function pausedWalk(readings: Partial<Readings>) {
    const table = await createTable({ world: battleWorld(), readings });
    const token = table.p1.token("battle", "tokAna");
    const paused: { id: string; result: unknown }[] = [];
    table.run(table.p1, (_t, c) =>
      c.Hooks.on("moveToken", (doc, movement) => {
        const m = movement as { id: string; pending: { waypoints: unknown[] } };
        if (m.pending.waypoints.length === 0) return;
        paused.push({ id: m.id, result: (doc as TableToken).pauseMovement("test.key") });
      }),
    );
    const walk = [{ ...at(1, 0), checkpoint: true }, { ...at(2, 0), checkpoint: true }, at(3, 0)];
    void table.run(table.p1, () => token.move(walk, { method: "dragging" }));
    await table.settle();
    return { table, token, paused };
  }

  it("pauseMovement gives a callback that resumes (#11849), or a Promise<boolean> resolved true on resuming (#12162)", async () => {
    const callback = await pausedWalk({ pause: "callback" });
    expect(typeof callback.paused[0]?.result).toBe("function");
    const promise = await pausedWalk({ pause: "promise" });
    const first = promise.paused[0];
    expect(first?.result).toBeInstanceOf(Promise);
    const resumed = await promise.table.run(promise.table.p1, () =>
      promise.token.resumeMovement(first?.id ?? "", "test.key"),
    );
    expect(resumed).toBe(true);
    await expect(first?.result).resolves.toBe(true);
  });

  it("pauseMovement gives null under #12162 when nothing is under way (null is not paused)", async () => {
    const table = await createTable({ world: battleWorld(), readings: { pause: "promise" } });
    expect(
      table.run(table.p1, () => table.p1.token("battle", "tokAna").pauseMovement("test.key")),
    ).toBeNull();
  });

  it("resumeMovement takes only the id of the part that was paused, never an earlier id of its chain", async () => {
    const { table, token, paused } = await pausedWalk({ pause: "promise" });
    await table.run(table.p1, () => token.resumeMovement(paused[0]?.id ?? "", "test.key"));
    await table.settle();
    const second = paused[1];
    expect(second && token.movement.chain).toContain(paused[0]?.id);
    expect(await table.run(table.p1, () => token.resumeMovement(paused[0]?.id ?? "", "test.key"))).toBe(
      false,
    );
    expect(table.gm.token("battle", "tokAna").movement.state).toBe("paused");
    expect(await table.run(table.p1, () => token.resumeMovement(second?.id ?? "", "test.key"))).toBe(true);
    await table.settle();
    expect(table.gm.token("battle", "tokAna").movement.state).toBe("completed");
  });

  it.each([
    ["mover", false],
    ["moverOrGM", true],
  ] as const)(
    "the active GM resumes p1's paused movement when the reading is %s: %s",
    async (resumeBy, may) => {
      const { table, paused } = await pausedWalk({ pause: "promise", resumeBy });
      const gmToken = table.gm.token("battle", "tokAna");
      expect(await table.run(table.gm, () => gmToken.resumeMovement(paused[0]?.id ?? "", "test.key"))).toBe(
        may,
      );
      // Another player never may.
      const p2Token = table.p2.token("battle", "tokAna");
      expect(await table.run(table.p2, () => p2Token.stopMovement())).toBe(false);
    },
  );

  it.each([
    ["allowed", [1, 0]],
    ["dropped", [0, 0]],
  ] as const)("a move started inside preMoveToken of a rejected drag is %s", async (moveInPreMove, end) => {
    const table = await createTable({ world: battleWorld(), readings: { moveInPreMove } });
    const token = table.p1.token("battle", "tokAna");
    let started: Promise<boolean> | null = null;
    let once = false;
    table.run(table.p1, (_t, c) =>
      c.Hooks.on("preMoveToken", () => {
        if (once) return undefined;
        once = true;
        started = token.move([at(1, 0)], { method: "api" });
        return false;
      }),
    );
    await table.run(table.p1, () => token.move([at(4, 0)], { method: "dragging" }));
    await table.settle();
    expect(await started).toBe(moveInPreMove === "allowed");
    const board = table.server.sources.Scene.get("battle")?.["tokens"] as Source[];
    const ana = board.find((t) => t["_id"] === "tokAna");
    expect([Number(ana?.["x"]) / GRID, Number(ana?.["y"]) / GRID]).toEqual(end);
  });

  it.each([
    ["open", true],
    ["closed", false],
  ] as const)(
    "an owner's update of its Combatant's defeated, and of the Combat's turn on its own turn, is allowed when owner writes are %s",
    async (ownerWrites, may) => {
      const world = flowWorld();
      const combat = world.combats?.[0];
      if (combat) {
        combat["round"] = 1;
        combat["turn"] = 0;
        combat["combatants"] = (combat["combatants"] as Source[]).map((c, k) => ({
          ...c,
          initiative: 10 - k,
        }));
      }
      const table = await createTable({ world, readings: { ownerWrites } });
      const ana = table.p1.game.combats.get("combat1")?.combatants.get("ana");
      const defeat = table.run(table.p1, () => ana?.update({ defeated: true }));
      const turn = table.run(table.p1, () => table.p1.game.combats.get("combat1")?.update({ turn: 1 }));
      if (may) {
        await expect(defeat).resolves.toBeDefined();
        await expect(turn).resolves.toBeDefined();
      } else {
        await expect(defeat).rejects.toThrow(/lacks permission/);
        await expect(turn).rejects.toThrow(/lacks permission/);
      }
      // Never another player's combatant, whatever the reading.
      const bob = table.p1.game.combats.get("combat1")?.combatants.get("bob");
      await expect(table.run(table.p1, () => bob?.update({ defeated: true }))).rejects.toThrow(
        /lacks permission/,
      );
    },
  );
});
