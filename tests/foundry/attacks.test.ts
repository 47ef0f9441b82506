/**
 * Issue 29: what a player may write in core Foundry, and what the GM's and players' clients
 * trust, tried on the simulated table (tests/foundry/table) as an attacker would. Each test names
 * the attack and ends with the engine unchanged (or put back) and the table agreeing with it.
 */
import { describe, expect, it } from "vitest";

import { check, type Cell, type Command } from "../../src/engine";
import { LIMITS } from "../../src/engine/bounds";
import { combatantIn } from "../../src/engine/record";
import { COMMAND_QUERY } from "../../src/foundry/channel/answers";
import { previewFor } from "../../src/foundry/rules/paths";
import {
  ROLES,
  TABLE_TIMEOUT_MS,
  USERS,
  createTable,
  coreStatusEffects,
  windows,
  withMovement,
  type Client,
  type Table,
  type TempoModules,
} from "./table";
import { START_DICE, at, battleWorld, flowWorld } from "./table/worlds";

/** The movement and reaction hooks, and the status hooks, as src/foundry/table/index.ts registers them. */
function withMovementAndStatuses(client: Client, tempo: TempoModules): void {
  withMovement(client, tempo);
  client.CONFIG["statusEffects"] = [
    ...coreStatusEffects(),
    { id: "invisible", name: "EFFECT.StatusInvisible", img: "icons/svg/invisible.svg" },
  ];
  tempo.statuses.registerStatuses();
  const hook = (fn: unknown) => fn as (...args: unknown[]) => unknown;
  client.Hooks.on("createActiveEffect", hook(tempo.statuses.onCreateActiveEffect));
  client.Hooks.on("deleteActiveEffect", hook(tempo.statuses.onDeleteActiveEffect));
  client.Hooks.on("tempo.commandApplied", hook(tempo.statuses.onCommandAppliedStatuses));
}

/**
 * The fight on the battle map, started (Ana's turn), every user looking at the battle map; the orc
 * can hit (melee 80).
 */
async function battle(
  settings: Record<string, unknown> = {},
  users?: typeof USERS,
  scenes = true,
  world = scenes ? battleWorld() : flowWorld(),
): Promise<Table> {
  world.settings = { ...world.settings, ...settings };
  if (users) world.users = users;
  // An orc that can hit (melee 80, as Ana), so its attack draws Ana's reactions.
  world.actors = (world.actors ?? []).map((a) =>
    a._id === "actorOrc" ? { ...a, system: { stats: { agility: 0 }, skills: { melee: 80 } } } : a,
  );
  const table = await createTable({ world, init: withMovementAndStatuses });
  for (const client of [table.gm, table.p1, table.p2, table.forger]) client.view("battle");
  table.roll(...START_DICE);
  await table.begin();
  return table;
}

function submit(table: Table, client: Client, command: Command) {
  const combat = table.combat(client, "combat1");
  return table.run(client, (tempo) => tempo.commands.submit(combat, command));
}

function engineAt(table: Table, who: string): Cell | null {
  return combatantIn(table.encounter(), who)?.at ?? null;
}

describe("request bodies", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("answers a command nested 5,000 deep with a named refusal, not a RangeError, and changes nothing", async () => {
    const table = await battle();
    const before = structuredClone(table.stored("combat1"));
    let deep: unknown = [1, 0];
    for (let i = 0; i < 5_000; i += 1) deep = [deep];
    const answer = await submit(table, table.p1, { type: "move", who: "ana", path: deep } as Command);
    await table.settle();
    expect(answer.ok).toBe(false);
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.BadRequest");
    expect(table.stored("combat1")).toEqual(before);
  });

  it("answers a forged request nested 5,000 deep in any field with a named refusal before asking anyone", async () => {
    const table = await battle();
    const before = structuredClone(table.stored("combat1"));
    let deep: unknown = {};
    for (let i = 0; i < 5_000; i += 1) deep = { a: deep };
    for (const request of [
      { requestId: "ForgedDeep000000001", claimedBy: "p1", body: deep },
      { requestId: "ForgedDeep000000002", claimedBy: deep, body: { combatId: "combat1", command: {} } },
      deep,
    ]) {
      // As the GM's client receives it: the forger's own client may fail to copy such a body, but
      // a hand-made socket message reaches the GM's handler as the server parsed it.
      const answer = await table.run(table.gm, (_t, c) => c.CONFIG.queries[COMMAND_QUERY]?.(request));
      expect(answer).toEqual({ ok: false, refusal: { key: "TEMPO.Refusal.BadRequest", data: {} } });
    }
    expect(table.server.queries.filter((q) => q.name === "tempo.confirm")).toEqual([]);
    expect(table.stored("combat1")).toEqual(before);
  });
});

describe("undo", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("refuses a player's undo of a move the GM made for the player's character, and changes nothing", async () => {
    const table = await battle();
    const moved = await submit(table, table.gm, { type: "move", who: "ana", path: [[0, 1]] });
    expect(moved.ok).toBe(true);
    await table.settle();
    const before = structuredClone(table.stored("combat1"));
    const answer = await table.run(table.p1, (tempo) =>
      tempo.commands.askGM(tempo.movement.UNDO_QUERY, { combatId: "combat1", who: "ana" }, () =>
        Promise.resolve({ ok: true, refusal: null }),
      ),
    );
    await table.settle();
    expect(answer.refusal?.key).toBe("TEMPO.Movement.Undo.NotYours");
    expect(table.stored("combat1")).toEqual(before);
    expect(engineAt(table, "ana")).toEqual([0, 1]);
  });

  it("lets a player undo its own last move, and the GM undo a move a player made", async () => {
    const table = await battle();
    await submit(table, table.p1, { type: "move", who: "ana", path: [[0, 1]] });
    await table.settle();
    const own = await table.run(table.p1, (tempo) =>
      tempo.commands.askGM(tempo.movement.UNDO_QUERY, { combatId: "combat1", who: "ana" }, () =>
        Promise.resolve({ ok: true, refusal: null }),
      ),
    );
    await table.settle();
    expect(own.ok).toBe(true);
    expect(engineAt(table, "ana")).toEqual([0, 0]);
    await submit(table, table.p1, { type: "move", who: "ana", path: [[0, 1]] });
    await table.settle();
    const combat = table.combat(table.gm, "combat1");
    const byGM = await table.run(table.gm, (tempo) => tempo.movement.requestUndo(combat, "ana"));
    await table.settle();
    expect(byGM.ok).toBe(true);
    expect(engineAt(table, "ana")).toEqual([0, 0]);
  });
});

describe("the ruler's preview", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("bounds a waypoint 10^6 cells away exactly as apply bounds the move: the same refusal, and the move refused", async () => {
    const table = await battle();
    const far: Cell[] = [[1_000_000, 0]];
    const long: Cell[] = [
      [9, 0],
      [0, 9],
      [9, 9],
      [0, 0],
      [9, 0],
      [0, 9],
      [9, 9],
      [0, 0],
      [9, 0],
      [0, 9],
      [9, 9],
      [0, 0],
      [9, 0],
    ];
    for (const path of [far, long]) {
      const state = table.encounter();
      const preview = previewFor(state, "ana", path, "normal");
      const applied = check(state, { type: "move", who: "ana", path });
      expect(applied).not.toBeNull();
      expect(preview.refusal).toEqual(applied);
      expect(preview.cells).toEqual([]);
    }
    const before = structuredClone(table.stored("combat1"));
    const token = table.p1.token("battle", "tokAna");
    await table.run(table.p1, () => token.move([{ x: 1_000_000 * 100, y: 0 }], { method: "dragging" }));
    await table.settle();
    expect(table.p1.noticeKeys("warn")).toContain("TEMPO.Refusal.BadCell");
    expect(table.stored("combat1")).toEqual(before);
    expect(engineAt(table, "ana")).toEqual([0, 0]);
    expect(LIMITS.walk).toBeLessThan(9 * 13);
  });

  it("fails closed: a move whose preview throws inside preMoveToken is refused, not let through", async () => {
    const table = await battle();
    // Another module (or a bug) breaks what the preview reads on p1's client: the orc token's
    // detection modes throw when read.
    const orc = table.p1.token("battle", "tokOrc");
    Object.defineProperty(orc, "detectionModes", {
      get() {
        throw new Error("a broken module");
      },
    });
    const before = structuredClone(table.stored("combat1"));
    const token = table.p1.token("battle", "tokAna");
    const walk = [at(1, 0), at(2, 0), at(3, 0), at(4, 0)];
    await table.run(table.p1, () => token.move(walk, { method: "dragging" }));
    await table.settle();
    expect(table.p1.noticeKeys("warn")).toContain("TEMPO.Refusal.Internal");
    expect(table.stored("combat1")).toEqual(before);
    const board = (table.server.sources.Scene.get("battle")?.["tokens"] as { _id: string; x: number }[]).find(
      (t) => t._id === "tokAna",
    );
    expect(board?.x).toBe(0);
  });
});

/** The server's copy of a combatant's source. */
function combatantSource(table: Table, id: string): Record<string, unknown> {
  const list = table.stored("combat1")["combatants"] as Record<string, unknown>[];
  const found = list.find((c) => c["_id"] === id);
  if (!found) throw new Error(`no combatant ${id}`);
  return found;
}

/**
 * A player's direct write of what the engine owns: core allows it under the "open" reading of
 * owner permissions and refuses it under "closed" (table/readings.ts `ownerWrites`). Either way
 * the engine's values must stand after it, so each test below checks the same outcome under both.
 */
async function playerWrites(table: Table, write: () => Promise<unknown> | undefined): Promise<void> {
  if (table.readings.ownerWrites === "open") await table.run(table.p1, write);
  else await expect(table.run(table.p1, write)).rejects.toThrow(/lacks permission/);
}

describe("what a player may write in core Foundry", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("puts back a player's write of its own Combatant.defeated: nothing is logged, the engine keeps its value", async () => {
    const table = await battle();
    const ana = table.p1.game.combats.get("combat1")?.combatants.get("ana");
    await playerWrites(table, () => ana?.update({ defeated: true }));
    await table.settle();
    expect(table.logged().map((e) => e.type)).toEqual(["start"]);
    expect(combatantIn(table.encounter(), "ana")?.defeated).toBe(false);
    // Not defeated in Foundry either (a source without the field has core's default, false).
    expect(combatantSource(table, "ana")["defeated"] ?? false).toBe(false);
  });

  it("mirrors the engine's setDefeated to Combatant.defeated, and puts back a player's un-defeat", async () => {
    const table = await battle();
    await submit(table, table.gm, { type: "setDefeated", who: "ana", defeated: true });
    await table.settle();
    expect(combatantSource(table, "ana")["defeated"]).toBe(true);
    const ana = table.p1.game.combats.get("combat1")?.combatants.get("ana");
    await playerWrites(table, () => ana?.update({ defeated: false }));
    await table.settle();
    expect(combatantIn(table.encounter(), "ana")?.defeated).toBe(true);
    expect(combatantSource(table, "ana")["defeated"]).toBe(true);
    expect(table.logged().map((e) => [e.type, e.userId])).toEqual([
      ["start", "gm"],
      ["setDefeated", "gm"],
    ]);
  });

  it("takes the GM's toggle of Combatant.defeated to the engine as setDefeated", async () => {
    const table = await battle();
    const orc = table.gm.game.combats.get("combat1")?.combatants.get("orc");
    await table.run(table.gm, () => orc?.update({ defeated: true }));
    await table.settle();
    expect(combatantIn(table.encounter(), "orc")?.defeated).toBe(true);
    expect(table.logged().map((e) => [e.type, e.userId])).toEqual([
      ["start", "gm"],
      ["setDefeated", "gm"],
    ]);
  });

  it("puts back a player's write of its Combatant's system (the setup) and initiative: the engine and the tracker keep the engine's", async () => {
    const table = await battle();
    const before = structuredClone(table.stored("combat1")["system"]);
    const engine = combatantIn(table.encounter(), "ana");
    const ana = table.p1.game.combats.get("combat1")?.combatants.get("ana");
    const sourceBefore = structuredClone(combatantSource(table, "ana"));
    await playerWrites(table, () =>
      ana?.update({ initiative: 99, system: { side: "foes", surprised: true, unseen: true, marching: 1 } }),
    );
    await table.settle();
    expect(table.stored("combat1")["system"]).toEqual(before);
    const source = combatantSource(table, "ana");
    expect(source["initiative"]).toBe(engine?.initiative);
    // Written and put back (the "open" reading), or never written ("closed"): the engine's either way.
    if (table.readings.ownerWrites === "open")
      expect(source["system"]).toMatchObject({
        side: engine?.side,
        surprised: engine?.surprised,
        unseen: engine?.unseen,
        marching: engine?.marching,
      });
    else expect(source).toEqual(sourceBefore);
    // The tracker's turn order is the engine's: Ana still acts first.
    expect(table.p2.game.combats.get("combat1")?.combatant?.id).toBe("ana");
  });

  it("puts Foundry's round and turn back to the engine's at once when a player writes them", async () => {
    const table = await battle();
    const combat = table.p1.game.combats.get("combat1");
    const engine = { round: table.encounter().round, turn: combat?.turn };
    await playerWrites(table, () => combat?.update({ round: 7, turn: 2 }));
    await table.settle();
    expect(table.stored("combat1")["round"]).toBe(engine.round);
    expect(table.stored("combat1")["turn"]).toBe(engine.turn);
    expect(table.p2.game.combats.get("combat1")?.combatant?.id).toBe("ana");
    expect(table.logged().map((e) => e.type)).toEqual(["start"]);
  });

  it("refuses a Combatant a player creates mid-fight (a duplicate of its own, with its own setup), with a notice; the engine never has it", async () => {
    const table = await battle();
    const combat = table.p1.game.combats.get("combat1");
    const made = {
      _id: "anaTwice000000001",
      name: "Ana",
      actorId: "actorAna",
      sceneId: "battle",
      tokenId: "tokAna",
      type: "base",
      system: { side: "foes", surprised: false, unseen: true, marching: 1 },
    };
    // The honest client: refused before it is sent.
    await table.run(table.p1, () => combat?.createEmbeddedDocuments("Combatant", [made]));
    await table.settle();
    expect(table.p1.noticeKeys("warn")).toContain("TEMPO.Notify.PlayerCombatant");
    // A client that skips Tempo's check: the GM's client takes it out again.
    await table.run(table.p1, (_t, c) => table.server.create(c, "Combatant", made, "combat1", {}));
    await table.settle();
    const ids = (table.stored("combat1")["combatants"] as { _id: string }[]).map((c) => c._id);
    expect(ids).toEqual(["ana", "bob", "orc"]);
    expect(table.encounter().roster).toEqual(["ana", "bob", "orc"]);
    expect(table.logged().map((e) => e.type)).toEqual(["start"]);
    expect(table.gm.noticeKeys("warn")).toContain("TEMPO.Notify.PlayerCombatantRemoved");
  });
});

/** d100s for an attack's checks, more than it needs (a die left over is never read). */
const CHECK_DICE = [10, 10, 10, 10];

/** The orc's turn, the orc able to hit (melee 80): its attack draws Ana's reactions (no scene: in reach). */
async function orcAttacks(table: Table): Promise<void> {
  await submit(table, table.p1, { type: "endTurn", who: "ana" });
  await submit(table, table.p2, { type: "endTurn", who: "bob" });
  await table.settle();
  table.roll(...CHECK_DICE);
  await submit(table, table.gm, { type: "act", who: "orc", action: "attack", target: "ana" });
  await table.settle();
}

function promptAsks(table: Table, to: string) {
  return table.server.queries.filter((q) => q.name === "tempo.reactionPrompt" && q.to === to);
}

describe("after a GM handover", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("the old GM's client stops asking and writing at once; the new GM's ask is answered and applied once", async () => {
    const users = [...USERS, { _id: "a0", name: "New GM", role: ROLES.GAMEMASTER }];
    const table = await battle({}, users, false);
    await orcAttacks(table);
    expect(table.encounter().offers.some((o) => o.who === "ana")).toBe(true);
    expect(promptAsks(table, "p1").map((q) => q.from)).toEqual(["gm"]);
    // "a0" sorts before "gm": once connected, it is the active GM on every client.
    const queriesBefore = table.server.queries.length;
    const updatesBefore = table.server.updates.length;
    const newGM = await table.connect("a0", "New GM");
    await table.settle();
    // p1 declines (closes the prompt unanswered) before the new GM's client has asked anything.
    const first = (promptAsks(table, "p1")[0]?.data as { askId: string }).askId;
    table.run(table.p1, (tempo) => tempo.prompt.closePrompt(first));
    await table.settle();
    const after = table.server.queries.slice(queriesBefore);
    expect(after.filter((q) => q.from === "gm")).toEqual([]);
    expect(table.server.updates.slice(updatesBefore).filter((u) => u.from === "gm")).toEqual([]);
    // The new GM's client loads ("ready": https://foundryvtt.com/api/v13/functions/hookEvents.ready.html)
    // and asks the open offer again; p1 declines that one, and it is applied.
    await table.run(newGM, (_t, c) => c.Hooks.callAll("ready"));
    await table.settle();
    expect(promptAsks(table, "p1").map((q) => q.from)).toEqual(["gm", "a0"]);
    const second = (promptAsks(table, "p1")[1]?.data as { askId: string }).askId;
    table.run(table.p1, (tempo) => tempo.prompt.closePrompt(second));
    await table.settle();
    expect(table.encounter().offers.filter((o) => o.who === "ana")).toEqual([]);
    const declines = table.logged().filter((e) => e.type === "react");
    expect(declines.length).toBeGreaterThan(0);
    expect(declines.every((e) => e.userId === "p1" || e.userId === "a0")).toBe(true);
  });
});

describe("forged reaction prompts", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a forged prompt with a 1-second countdown, sent just before the GM's, changes nothing: the reactor's prompt keeps the GM's time and the reactor answers the real one", async () => {
    const table = await battle({ "tempo.promptTimeout": 15 }, undefined, false);
    const PROMPT_QUERY = table.tempo(table.forger).prompt.PROMPT_QUERY;
    let forged: Promise<unknown> | undefined;
    // The forger sees the GM's write (every client reads the open offers) and sends p1 its own
    // prompt for them, with a 1-second countdown, just before the GM's ask arrives.
    table.server.route = (q) => {
      if (q.name === PROMPT_QUERY && q.from === "gm" && !forged) {
        const real = q.data as { combatId: string; reactor: string; offers: unknown[] };
        forged = table.run(table.forger, (_t, c) =>
          c.game.users.get("p1")?.query(PROMPT_QUERY, { ...real, askId: "ForgedAsk0000000002", seconds: 1 }),
        );
      }
      return "deliver";
    };
    const before = windows.length;
    await orcAttacks(table);
    const prompts = windows.slice(before).filter((w) => w.label === "Player One" && !w.app.closed);
    expect(prompts).toHaveLength(1);
    const prompt = prompts[0]?.app as unknown as {
      ask: { askId: string; offers: { id: string; with: string }[] };
      countdown: { totalMs: number; tick(ms: number): boolean };
      settle(answer: { askId: string; offerId: string | null }): void;
    };
    expect(prompt.countdown.totalMs).toBe(15_000);
    // A second and a half later the prompt is still open and the offers with it.
    prompt.countdown.tick(1_500);
    await table.settle();
    expect(table.encounter().offers.some((o) => o.who === "ana")).toBe(true);
    expect(table.logged().filter((e) => e.type === "react")).toEqual([]);
    // p1 takes a reaction in the prompt: it answers the GM's ask, which applies it.
    const offer = prompt.ask.offers[0];
    if (!offer) throw new Error("no offer in the prompt");
    prompt.settle({ askId: prompt.ask.askId, offerId: offer.id });
    await table.settle();
    await forged;
    expect(table.logged().filter((e) => e.type === "react")).toEqual([{ type: "react", userId: "p1" }]);
  });
});

/** Where a token stands on the server (the board), as a cell. */
function boardAt(table: Table, tokenId: string): Cell {
  const scene = table.server.sources.Scene.get("battle");
  const token = (scene?.["tokens"] as Record<string, unknown>[]).find((t) => t["_id"] === tokenId);
  return [Number(token?.["x"]) / 100, Number(token?.["y"]) / 100];
}

describe("tokens moved without the movement hooks", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("puts back a player's direct update of its token's x/y (no preMoveToken, no movement): the engine and the board agree, the GM is told", async () => {
    const table = await battle();
    const before = structuredClone(table.stored("combat1")["system"]);
    // p1's client writes the position straight to the server, as a macro or a module could.
    await table.run(table.p1, (_t, c) => table.server.update(c, "Token", "tokAna", "battle", at(6, 0), {}));
    await table.settle();
    expect(boardAt(table, "tokAna")).toEqual([0, 0]);
    expect(engineAt(table, "ana")).toEqual([0, 0]);
    expect(table.stored("combat1")["system"]).toEqual(before);
    expect(table.gm.noticeKeys("warn")).toContain("TEMPO.Notify.UnannouncedMove");
  });

  it("records the GM's own direct update of a token's x/y as a `place`", async () => {
    const table = await battle();
    await table.run(table.gm, (_t, c) => table.server.update(c, "Token", "tokAna", "battle", at(0, 3), {}));
    await table.settle();
    expect(boardAt(table, "tokAna")).toEqual([0, 3]);
    expect(engineAt(table, "ana")).toEqual([0, 3]);
    expect(table.logged().map((e) => [e.type, e.userId])).toEqual([
      ["start", "gm"],
      ["place", "gm"],
    ]);
  });
});

describe("core statuses a player sets on its own actor", { timeout: TABLE_TIMEOUT_MS }, () => {
  /** Ana's walk along row 0, past the orc at [2, 1]: it provokes on leaving [1, 0]. */
  const WALK = [at(1, 0), at(2, 0), at(3, 0), at(4, 0)];

  async function invisibleWalk(table: Table, client: Client): Promise<void> {
    const actor = client.game.actors.get("actorAna");
    await table.run(client, () => actor?.toggleStatusEffect("invisible", { active: true }));
    await table.settle();
    void table.run(table.p1, () => table.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
    await table.settle();
  }

  it("a player's own `invisible` is shown but decides nothing: walking out of the orc's threat still offers the orc its reaction", async () => {
    const table = await battle();
    await invisibleWalk(table, table.p1);
    expect(table.encounter().offers.map((o) => [o.who, o.against])).toEqual([["orc", "ana"]]);
    expect(engineAt(table, "ana")).toEqual([1, 0]);
    expect(table.p1.game.actors.get("actorAna")?.statuses.has("invisible")).toBe(true);
  });

  it("a player's own `invisible` is put back when the GM's setting says so", async () => {
    const table = await battle({ "tempo.playerStatuses": "revert" });
    await invisibleWalk(table, table.p1);
    expect(table.gm.game.actors.get("actorAna")?.statuses.has("invisible")).toBe(false);
    expect(table.encounter().offers.map((o) => [o.who, o.against])).toEqual([["orc", "ana"]]);
  });

  it("the GM's `invisible` on Ana decides: the orc, who cannot see her, is not offered a reaction", async () => {
    const table = await battle();
    await invisibleWalk(table, table.gm);
    expect(table.encounter().offers).toEqual([]);
    expect(engineAt(table, "ana")).toEqual([4, 0]);
  });
});

describe("a movement from a client that skipped preMoveToken", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("is put back where the engine has the token once its `move` never came, and the GM is told", async () => {
    const table = await battle();
    const token = table.p1.token("battle", "tokAna");
    const to = {
      ...at(6, 0),
      elevation: 0,
      width: 1,
      height: 1,
      action: "walk",
      checkpoint: false,
      snapped: true,
    };
    // p1's client sends a movement straight to the server: no preMoveToken, no `move` command.
    await table.run(table.p1, () =>
      table.server.moveToken(table.p1, token, to, {
        id: "skippedHooks0001",
        chain: [],
        method: "dragging",
        origin: { x: 0, y: 0, elevation: 0, width: 1, height: 1 },
        destination: to,
        passed: { waypoints: [to] },
        pending: { waypoints: [] },
        autoRotate: false,
        showRuler: false,
        recorded: true,
      }),
    );
    await table.settle();
    expect(boardAt(table, "tokAna")).toEqual([6, 0]);
    // The writer's check, once the mover's `move` has had time to arrive.
    await new Promise((resolve) => setTimeout(resolve, table.tempo(table.gm).movement.DRIFT_CHECK_MS + 200));
    await table.settle();
    expect(boardAt(table, "tokAna")).toEqual([0, 0]);
    expect(engineAt(table, "ana")).toEqual([0, 0]);
    expect(table.gm.noticeKeys("warn")).toContain("TEMPO.Notify.UnannouncedMove");
  });
});
