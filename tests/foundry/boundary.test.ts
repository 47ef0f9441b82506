/**
 * The trusted command boundary, tried on the simulated table (tests/foundry/table) the way a
 * hostile player or an unlucky network would: every test ends with a refusal (asserted by its
 * key) or a consistent state (asserted equal to what the rules give), and says which.
 */
import { describe, expect, it } from "vitest";

import type { Command } from "../../src/engine";
import { LIMITS } from "../../src/engine/bounds";
import { COMMAND_QUERY } from "../../src/foundry/channel/answers";
import {
  ROLES,
  TABLE_TIMEOUT_MS,
  USERS,
  createTable,
  tempoInit,
  windowsBuilt,
  type Client,
  type Table,
  type TempoModules,
} from "./table";
import { START_DICE, flowWorld } from "./table/worlds";
import { combatantIn } from "../../src/engine/record";

interface TempoCombatLike {
  startCombat(): Promise<unknown>;
}

async function started(options: { users?: typeof USERS } = {}): Promise<Table> {
  const table = await createTable({
    world: { ...flowWorld(), ...(options.users ? { users: options.users } : {}) },
  });
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

function submit(table: Table, client: Client, command: Command) {
  const combat = table.combat(client, "combat1");
  return table.run(client, (tempo) => tempo.commands.submit(combat, command));
}

/** What a forging client sends: its own query to the active GM with whatever it likes inside. */
function forge(table: Table, request: Record<string, unknown>, query = COMMAND_QUERY) {
  return table.run(table.forger, (_t, c) => c.game.users.activeGM?.query(query, request));
}

const ATTACK: Command = { type: "act", who: "ana", action: "attack", target: "orc" };
/** d100s for an attack's checks, more than it needs (a die left over is never read). */
const CHECK_DICE = [10, 10, 10, 10];

describe("who sent a command", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("refuses a request that claims another player's user id (that player's client does not confirm it)", async () => {
    const table = await started();
    const before = structuredClone(table.stored("combat1"));
    const answer = await forge(table, {
      requestId: "ForgedRequest000001",
      claimedBy: "p1",
      body: { combatId: "combat1", command: { type: "endTurn", who: "ana" } },
    });
    expect(answer).toEqual({ ok: false, refusal: { key: "TEMPO.Refusal.Unattributed", data: {} } });
    expect(table.server.queries.map((q) => [q.from, q.to, q.name])).toEqual([
      ["p3", "gm", "tempo.command"],
      ["gm", "p1", "tempo.confirm"],
    ]);
    expect(table.stored("combat1")).toEqual(before);
  });

  it("refuses a forged command under a real request id it overheard (the owner confirms only its own content)", async () => {
    const table = await started();
    let forged: Promise<unknown> | undefined;
    table.server.route = (q) => {
      const request = q.data as { requestId?: string };
      if (q.from === "p1" && q.name === COMMAND_QUERY && !forged)
        forged = forge(table, {
          requestId: request.requestId,
          claimedBy: "p1",
          body: { combatId: "combat1", command: { type: "endTurn", who: "ana" } },
        });
      return "deliver";
    };
    table.roll(...CHECK_DICE);
    const answer = await submit(table, table.p1, ATTACK);
    await table.settle();
    expect(await forged).toEqual({ ok: false, refusal: { key: "TEMPO.Refusal.Unattributed", data: {} } });
    expect(answer.ok).toBe(true);
    expect(table.logged()).toEqual([
      { type: "start", userId: "gm" },
      { type: "act", userId: "p1" },
    ]);
  });

  it("refuses a request that claims to come from the GM, or from a GM who is not connected", async () => {
    const users = [...USERS, { _id: "gm2", name: "Second GM", role: ROLES.GAMEMASTER }];
    const table = await started({ users });
    const before = structuredClone(table.stored("combat1"));
    for (const claimedBy of ["gm", "gm2"]) {
      const answer = await forge(table, {
        requestId: `ForgedAsGM${claimedBy}000000`,
        claimedBy,
        body: { combatId: "combat1", command: { type: "next" } },
      });
      expect(answer).toEqual({ ok: false, refusal: { key: "TEMPO.Refusal.Unattributed", data: {} } });
    }
    expect(table.stored("combat1")).toEqual(before);
  });

  it("refuses any channel request (undo included: answerRequest wraps every handler) that claims another player's user id", async () => {
    const table = await started();
    const before = structuredClone(table.stored("combat1"));
    const answer = await table.run(table.gm, (tempo) =>
      tempo.commands.answerRequest(
        "tempo.undoMove",
        (v): v is unknown => typeof v === "object",
        async () => ({ ok: true, refusal: null }),
      )({ requestId: "ForgedUndo000000001", claimedBy: "p1", body: { combatId: "combat1", who: "ana" } }),
    );
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.Unattributed");
    expect(table.stored("combat1")).toEqual(before);
  });

  it("refuses malformed requests and oversized ones before asking anyone", async () => {
    const table = await started();
    const before = structuredClone(table.stored("combat1"));
    const longPath = Array.from({ length: 20_000 }, (_, i) => [i, 0]);
    const requests = [
      null,
      "endTurn",
      { claimedBy: "p1", body: { combatId: "combat1", command: { type: "next" } } },
      { requestId: "short", claimedBy: "p1", body: { combatId: "combat1", command: { type: "next" } } },
      { requestId: "ForgedRequest000002", claimedBy: "p1", body: { combatId: "combat1" } },
      {
        requestId: "ForgedRequest000003",
        claimedBy: "p1",
        body: { combatId: "combat1", command: { type: "move", who: "ana", path: longPath } },
      },
    ];
    for (const request of requests)
      expect((await forge(table, request as Record<string, unknown>)) as unknown).toEqual({
        ok: false,
        refusal: { key: "TEMPO.Refusal.BadRequest", data: {} },
      });
    expect(table.server.queries.filter((q) => q.name === "tempo.confirm")).toEqual([]);
    expect(table.stored("combat1")).toEqual(before);
  });

  it("refuses a player's huge path by its size, and changes nothing", async () => {
    const table = await started();
    const before = structuredClone(table.stored("combat1"));
    const path = Array.from({ length: 20_000 }, (_, i): [number, number] => [i, 0]);
    const answer = await submit(table, table.p1, { type: "move", who: "ana", path });
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.BadRequest");
    expect(table.stored("combat1")).toEqual(before);
  });

  it("refuses a short path whose one waypoint lies beyond the engine's coordinate bound, and changes nothing", async () => {
    const table = await started();
    const before = structuredClone(table.stored("combat1"));
    // Two cells, well under the payload limit: only the engine's cell check (schema's readCell,
    // LIMITS.coordinate) can stop the far one before any walking.
    const path: [number, number][] = [
      [1, 0],
      [LIMITS.coordinate * 100, 0],
    ];
    const answer = await submit(table, table.p1, { type: "move", who: "ana", path });
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.BadCell");
    expect(table.stored("combat1")).toEqual(before);
  });

  it("refuses prototype names as ids and leaves Object.prototype untouched", async () => {
    const table = await started();
    const before = structuredClone(table.stored("combat1"));
    for (const who of ["__proto__", "constructor", "toString"]) {
      const answer = await submit(table, table.p1, { type: "endTurn", who });
      expect(answer.refusal?.key).toBe("TEMPO.Refusal.NotYourCombatant");
    }
    const elsewhere = await forge(table, {
      requestId: "ForgedRequest000004",
      claimedBy: "__proto__",
      body: { combatId: "__proto__", command: { type: "endTurn", who: "ana" } },
    });
    expect(elsewhere).toEqual({ ok: false, refusal: { key: "TEMPO.Refusal.Unattributed", data: {} } });
    expect(Object.prototype).not.toHaveProperty("defeated");
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(table.stored("combat1")).toEqual(before);
  });
});

describe("what a player may say in a command", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("refuses an outcome from a player (the result is the GM's) and changes nothing", async () => {
    const table = await started();
    const before = structuredClone(table.stored("combat1"));
    const answer = await submit(table, table.p1, { ...ATTACK, outcome: "kill" } as Command);
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.OutcomeIsGMs");
    expect(table.stored("combat1")).toEqual(before);
  });

  it("refuses a cost a flow player names for a fixed-cost action, and changes nothing", async () => {
    const table = await started();
    const before = structuredClone(table.stored("combat1"));
    const answer = await submit(table, table.p1, { ...ATTACK, cost: 0 } as Command);
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.CostNotYours");
    expect(table.stored("combat1")).toEqual(before);
  });
});

describe("one writer", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("refuses a write decided by a GM who stopped being the active GM before writing; the new GM applies it once", async () => {
    const users = [...USERS, { _id: "a0", name: "New GM", role: ROLES.GAMEMASTER }];
    const table = await started({ users });
    const before = structuredClone(table.stored("combat1"));
    table.roll(...CHECK_DICE);
    const hold = table.holdDice();
    const first = submit(table, table.p1, ATTACK);
    await hold.reached;
    // "a0" sorts before "gm": once connected, it is the active GM on every client.
    const newGM = await table.connect("a0", "New GM");
    hold.release();
    expect((await first).refusal?.key).toBe("TEMPO.Refusal.NoActiveGM");
    expect(table.stored("combat1")).toEqual(before);
    table.roll(...CHECK_DICE);
    const again = await submit(table, table.p1, ATTACK);
    await table.settle();
    expect(again.ok).toBe(true);
    expect(table.run(newGM, (_t, c) => c.game.user.isActiveGM)).toBe(true);
    expect(table.logged()).toEqual([
      { type: "start", userId: "gm" },
      { type: "act", userId: "p1" },
    ]);
  });

  it("decides again from the fresh state when the stored seq moved during a decision: both writes are kept", async () => {
    const users = [...USERS, { _id: "gm2", name: "Second GM", role: ROLES.GAMEMASTER }];
    const table = await started({ users });
    const other = await table.connect("gm2", "Second GM");
    const hold = table.holdDice();
    const attack = submit(table, table.p1, ATTACK);
    await hold.reached;
    // Another GM tab's write lands meanwhile (a write it decided while it was the writer).
    const late = await table.run(other, async (tempo) => {
      const combat = table.combat(other, "combat1") as unknown as {
        stored: Parameters<typeof tempo.commands.decide>[0];
      };
      const decision = await tempo.commands.decide(
        combat.stored,
        [{ type: "adjustPool", who: "bob", pool: "ap", delta: -1 }],
        async (faces) => ({ faces, value: 1 }),
        "gm2",
      );
      if (!decision.ok) throw new Error(decision.refusal.key);
      const { combatUpdateData } = await import("../../src/foundry/store/pieces");
      const doc = table.combat(other, "combat1");
      const held = tempo.store.heldPieces(tempo.store.combatSystem(doc));
      return doc.update(combatUpdateData(decision.write, held));
    });
    expect(late).toBeDefined();
    table.roll(...CHECK_DICE);
    hold.release();
    expect((await attack).ok).toBe(true);
    await table.settle();
    expect(table.logged()).toEqual([
      { type: "start", userId: "gm" },
      { type: "adjustPool", userId: "gm2" },
      { type: "act", userId: "p1" },
    ]);
    expect(table.system("combat1")["seq"]).toBe(3);
    expect(combatantIn(table.encounter(), "bob")?.pools["ap"]).toBe(4);
  });

  it("applies a request once when its answer is lost and the player's client asks again", async () => {
    const table = await started();
    let sent = 0;
    table.server.route = (q) => (q.name === COMMAND_QUERY && (sent += 1) === 1 ? "loseAnswer" : "deliver");
    const answer = await submit(table, table.p1, { type: "endTurn", who: "ana" });
    await table.settle();
    expect(answer).toEqual({ ok: true, refusal: null });
    expect(sent).toBe(2);
    expect(table.logged()).toEqual([
      { type: "start", userId: "gm" },
      { type: "endTurn", userId: "p1" },
    ]);
    expect(table.encounter().current).toBe("bob");
  });

  it("applies a request once when the GM reloads between applying it and the player's retry (the log keeps request ids)", async () => {
    const table = await started();
    let sent = 0;
    table.server.route = async (q) => {
      if (q.name !== COMMAND_QUERY) return "deliver";
      sent += 1;
      if (sent === 1) return "loseAnswer";
      await table.reload(table.gm);
      return "deliver";
    };
    const answer = await submit(table, table.p1, { type: "endTurn", who: "ana" });
    await table.settle();
    expect(answer).toEqual({ ok: true, refusal: null });
    expect(table.logged()).toEqual([
      { type: "start", userId: "gm" },
      { type: "endTurn", userId: "p1" },
    ]);
    expect(table.encounter().current).toBe("bob");
  });
});

describe("deleting the current combatant", { timeout: TABLE_TIMEOUT_MS }, () => {
  function foundryIds(table: Table): string[] {
    return (table.stored("combat1")["combatants"] as { _id: string }[]).map((c) => c._id);
  }

  it("ends its turn first when the GM deletes it: the engine and Foundry agree", async () => {
    const table = await started();
    await table.run(table.gm, (_t, c) => c.game.combats.get("combat1")?.combatants.get("ana")?.delete());
    await table.settle();
    expect(foundryIds(table)).toEqual(["bob", "orc"]);
    expect(table.encounter().combatants.map((c) => c.id)).toEqual(["bob", "orc"]);
    expect(table.encounter().current).toBe("bob");
    expect(table.logged().map((e) => e.type)).toEqual(["start", "endTurn", "removeCombatant"]);
    expect(table.gm.noticeKeys()).toEqual([]);
  });

  it("refuses its owner's deletion in a running fight with the reason (leaving is the GM's call, issue 42): nothing ends, nothing is logged", async () => {
    const table = await started();
    await table.run(table.p1, (_t, c) => c.game.combats.get("combat1")?.combatants.get("ana")?.delete());
    await table.settle();
    expect(table.p1.noticeKeys("warn")).toEqual(["TEMPO.Notify.PlayerLeave"]);
    expect(foundryIds(table)).toEqual(["ana", "bob", "orc"]);
    expect(table.encounter().current).toBe("ana");
    expect(table.logged()).toEqual([{ type: "start", userId: "gm" }]);
  });

  it("is removed with its turn ended even when the GM's deleting client skipped Tempo's check", async () => {
    const table = await started();
    // The GM's client sends the deletion straight to the server, without running _preDelete.
    await table.run(table.gm, (_t, c) => table.server.delete(c, "Combatant", "ana", "combat1", {}));
    await table.settle();
    expect(foundryIds(table)).toEqual(["bob", "orc"]);
    expect(table.encounter().combatants.map((c) => c.id)).toEqual(["bob", "orc"]);
    expect(table.encounter().current).toBe("bob");
  });

  it("is refused in Foundry, with the reason, while its turn cannot end (reactions open)", async () => {
    const table = await started();
    table.roll(...CHECK_DICE);
    await submit(table, table.p1, ATTACK);
    await table.settle();
    expect(table.encounter().offers.length).toBeGreaterThan(0);
    await table.run(table.gm, (_t, c) => c.game.combats.get("combat1")?.combatants.get("ana")?.delete());
    await table.settle();
    // A counted refusal is worded in its plural form for the count (two offers: `.other`).
    expect(table.gm.noticeKeys("warn")).toEqual(["TEMPO.Refusal.ReactionsPending.other"]);
    expect(foundryIds(table)).toEqual(["ana", "bob", "orc"]);
    expect(table.encounter().current).toBe("ana");
  });

  it("tells the GM when a deletion that skipped the check cannot be applied, and removes it once it can", async () => {
    const table = await started();
    table.roll(...CHECK_DICE);
    await submit(table, table.p1, ATTACK);
    await table.settle();
    await table.run(table.gm, (_t, c) => table.server.delete(c, "Combatant", "ana", "combat1", {}));
    await table.settle();
    expect(table.gm.noticeKeys("warn")).toEqual(["TEMPO.Notify.NotApplied"]);
    expect(table.encounter().combatants.map((c) => c.id)).toContain("ana");
    // The GM declines the open reactions for the foes: the next write lets Ana go.
    for (const offer of table.encounter().offers)
      await submit(table, table.gm, {
        type: "react",
        who: offer.who,
        with: "decline",
        against: offer.against,
      });
    await table.settle();
    expect(table.encounter().combatants.map((c) => c.id)).toEqual(["bob", "orc"]);
    expect(table.encounter().current).toBe("bob");
  });
});

describe("open offers on the channel: prompts and undo", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("refuses a player's undo through the GM's undo query while reaction offers are open, and changes nothing", async () => {
    const table = await started();
    table.roll(...CHECK_DICE);
    await submit(table, table.p1, ATTACK);
    await table.settle();
    expect(table.encounter().offers.length).toBeGreaterThan(0);
    // The table has no scenes yet, so the open offers are an attack's, not a held move's: the
    // refusal comes first either way (rules/undo.ts undoMove), before the log is looked at.
    const before = structuredClone(table.stored("combat1"));
    const answer = await table.run(table.p1, (tempo) =>
      tempo.commands.askGM(tempo.movement.UNDO_QUERY, { combatId: "combat1", who: "ana" }, () =>
        Promise.resolve({ ok: true, refusal: null }),
      ),
    );
    await table.settle();
    expect(answer.refusal?.key).toBe("TEMPO.Movement.Undo.OffersOpen");
    expect(table.server.queries.some((q) => q.name === "tempo.undoMove")).toBe(true);
    expect(table.stored("combat1")).toEqual(before);
  });

  it("shows and answers nothing when a player forges a reaction prompt for an offer that is not open", async () => {
    const table = await started();
    expect(table.encounter().offers).toEqual([]);
    const before = structuredClone(table.stored("combat1"));
    windowsBuilt.length = 0;
    const fake = {
      askId: "ForgedAsk0000000001",
      combatId: "combat1",
      reactor: "bob",
      seconds: 15,
      offers: [{ id: "offer-forged", who: "bob", against: "orc", trigger: "move", reactions: ["strike"] }],
    };
    // The prompt module reads foundry.applications as it loads, so its query name comes from the table's copy.
    const PROMPT_QUERY = table.tempo(table.forger).prompt.PROMPT_QUERY;
    const answer = await table.run(table.forger, (_t, c) =>
      c.game.users.get("p2")?.query(PROMPT_QUERY, fake),
    );
    await table.settle();
    expect(table.server.queries.filter((q) => q.name === PROMPT_QUERY).map((q) => q.to)).toEqual(["p2"]);
    expect(answer).toBeNull();
    expect(windowsBuilt).toEqual([]);
    expect(table.stored("combat1")).toEqual(before);
  });

  it("asks an open offer again when the GM reloads (the player's prompt handler gets it again), and the fight goes on once the player declines", async () => {
    // The reaction hooks as src/foundry/table/index.ts registers them (tempo.commandApplied,
    // userConnected, and ready: https://foundryvtt.com/api/v13/functions/hookEvents.ready.html).
    const withReactions = (client: Client, tempo: TempoModules) => {
      tempoInit(client, tempo);
      // The table's Hooks pass their arguments untyped, as Foundry's do at run time.
      const hook = (fn: unknown) => fn as (...args: unknown[]) => unknown;
      client.Hooks.on("tempo.commandApplied", hook(tempo.reactions.onCommandApplied));
      client.Hooks.on("userConnected", hook(tempo.reactions.onUserConnected));
      client.Hooks.once("ready", tempo.reactions.reaskOpenOffers);
    };
    // An orc that can hit (melee 80, as Ana), so its attack draws Ana's reactions.
    const world = flowWorld();
    const actors = (world.actors ?? []).map((a) =>
      a._id === "actorOrc" ? { ...a, system: { stats: { agility: 0 }, skills: { melee: 80 } } } : a,
    );
    const table = await createTable({ world: { ...world, actors }, init: withReactions });
    table.roll(...START_DICE);
    await table.run(table.gm, () =>
      (table.combat(table.gm, "combat1") as unknown as TempoCombatLike).startCombat(),
    );
    await table.settle();
    await submit(table, table.p1, { type: "endTurn", who: "ana" });
    await submit(table, table.p2, { type: "endTurn", who: "bob" });
    await table.settle();
    expect(table.encounter().current).toBe("orc");
    // The orc attacks Ana: her reactions are p1's to answer, asked on p1's client.
    table.roll(...CHECK_DICE);
    await submit(table, table.gm, { type: "act", who: "orc", action: "attack", target: "ana" });
    await table.settle();
    expect(table.encounter().offers.some((o) => o.who === "ana")).toBe(true);
    const asked = () =>
      table.server.queries.filter((q) => q.name === "tempo.reactionPrompt" && q.to === "p1");
    const before = asked().length;
    expect(before).toBe(1);
    const gm = await table.reload(table.gm);
    await table.run(gm, (_t, c) => c.Hooks.callAll("ready"));
    await table.settle();
    const again = asked().slice(before);
    expect(again.map((q) => q.from)).toEqual(["gm"]);
    // p1 closes the prompt unanswered (a decline): it is the one window the first ask opened, which
    // the GM's second ask reused. Ana's offers close and the orc's turn can end.
    const first = (asked()[0]?.data as { askId: string }).askId;
    table.run(table.p1, (tempo) => tempo.prompt.closePrompt(first));
    await table.settle();
    expect(table.encounter().offers.filter((o) => o.who === "ana")).toEqual([]);
    const answer = await submit(table, gm, { type: "endTurn", who: "orc" });
    expect(answer.refusal).toBeNull();
    expect(table.encounter().current).not.toBe("orc");
  });
});
