/**
 * Issue 42: trust by principle. What the engine reads from documents comes only from the engine's
 * own state and from writes the GM made or accepted (docs/foundry-internals.md, "The rule").
 * Each test below is one attack a hostile player makes with what core Foundry lets an owner do,
 * tried on the simulated table (tests/foundry/table) under both reading profiles, and names what
 * must hold afterwards. Adapter modules are reached only through the table harness.
 */
import { describe, expect, it } from "vitest";

import type { Cell, Command } from "../../src/engine";
import { combatantIn } from "../../src/engine/record";
import {
  TABLE_TIMEOUT_MS,
  USERS,
  createTable,
  coreStatusEffects,
  windows,
  withMovement,
  type Client,
  type Source,
  type Table,
  type TempoModules,
  type World,
} from "./table";
import { GRID, START_DICE, at, battleWorld } from "./table/worlds";

/** The movement and reaction hooks, and the status hooks, as src/foundry/hooks registers them. */
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

interface Setup {
  settings?: Record<string, unknown>;
  /** Change the battle world before the table is made (tokens, effects). */
  world?: (world: World) => World;
}

/** The battle map's fight, not started: every user looks at the battle map; the orc can hit (melee 80). */
async function table(setup: Setup = {}): Promise<Table> {
  let world = battleWorld();
  world.settings = { ...world.settings, ...setup.settings };
  world.users = USERS;
  world.actors = (world.actors ?? []).map((a) =>
    a._id === "actorOrc" ? { ...a, system: { stats: { agility: 0 }, skills: { melee: 80 } } } : a,
  );
  if (setup.world) world = setup.world(world);
  const made = await createTable({ world, init: withMovementAndStatuses });
  for (const client of [made.gm, made.p1, made.p2, made.forger]) client.view("battle");
  return made;
}

/** The same fight, begun by the GM (Ana's turn). */
async function begun(setup: Setup = {}): Promise<Table> {
  const made = await table(setup);
  made.roll(...START_DICE);
  await made.begin();
  return made;
}

function submit(on: Table, client: Client, command: Command) {
  const combat = on.combat(client, "combat1");
  return on.run(client, (tempo) => tempo.commands.submit(combat, command));
}

function engineAt(on: Table, who: string): Cell | null {
  return combatantIn(on.encounter(), who)?.at ?? null;
}

/** Where a token stands on the server (the board), as a cell. */
function boardAt(on: Table, tokenId: string): Cell {
  const scene = on.server.sources.Scene.get("battle");
  const token = (scene?.["tokens"] as Source[]).find((t) => t["_id"] === tokenId);
  return [Number(token?.["x"]) / GRID, Number(token?.["y"]) / GRID];
}

/** The open offers, as [reactor, against]. */
function offers(on: Table): [string, string][] {
  return on.encounter().offers.map((o) => [o.who, o.against]);
}

/** Ana's walk along row 0, past the orc at [2, 1]: it provokes on leaving [1, 0]. */
const WALK = [at(1, 0), at(2, 0), at(3, 0), at(4, 0)];

async function anaWalks(on: Table): Promise<void> {
  void on.run(on.p1, () => on.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
  await on.settle();
}

/** Put a token of the battle map on another cell of the world (before the table is made). */
function tokenOn(tokenId: string, cell: Cell, extra: Source = {}) {
  return (world: World): World => ({
    ...world,
    scenes: (world.scenes ?? []).map((scene) =>
      scene["_id"] !== "battle"
        ? scene
        : {
            ...scene,
            tokens: (scene["tokens"] as Source[]).map((t) =>
              t["_id"] === tokenId ? { ...t, ...at(cell[0], cell[1]), ...extra } : t,
            ),
          },
    ),
  });
}

/** Give an actor of the world an effect carrying a status, as the GM placed it before the fight. */
function statusOn(actorId: string, status: string) {
  return (world: World): World => ({
    ...world,
    actors: (world.actors ?? []).map((a) =>
      a["_id"] === actorId
        ? { ...a, effects: [{ _id: `gm${status}`, name: status, statuses: [status] }] }
        : a,
    ),
  });
}

/**
 * The orc's turn (Ana and Bob end theirs), then the GM walks the orc from [1, 1] along row 1,
 * out of the cells Ana threatens: it draws Ana's reaction if she perceives the orc.
 */
async function orcWalksAway(on: Table): Promise<void> {
  await submit(on, on.p1, { type: "endTurn", who: "ana" });
  await submit(on, on.p2, { type: "endTurn", who: "bob" });
  await on.settle();
  await submit(on, on.gm, {
    type: "move",
    who: "orc",
    path: [
      [2, 1],
      [3, 1],
      [4, 1],
    ],
  });
  await on.settle();
}

/**
 * Was Ana offered a reaction: is one open for her, or was her user asked? (One the GM declines
 * for her because she cannot see the mover is neither.)
 */
function anaOffered(on: Table): boolean {
  const asked = on.server.queries.some(
    (q) => q.name === "tempo.reactionPrompt" && (q.data as { reactor?: string }).reactor === "ana",
  );
  return asked || on.encounter().offers.some((o) => o.who === "ana");
}

describe("sight reads only what the GM vouched for", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("token hidden: a player's `hidden: true` on its own token decides nothing: walking past the orc still offers the orc its reaction", async () => {
    const on = await begun();
    const token = on.p1.token("battle", "tokAna");
    await on.run(on.p1, () => token.update({ hidden: true }));
    await on.settle();
    await anaWalks(on);
    expect(offers(on)).toEqual([["orc", "ana"]]);
    expect(engineAt(on, "ana")).toEqual([1, 0]);
  });

  it("token hidden: the GM's `hidden: true` on Ana's token decides: the orc is not offered a reaction", async () => {
    const on = await begun();
    await on.run(on.gm, () => on.gm.token("battle", "tokAna").update({ hidden: true }));
    await on.settle();
    await anaWalks(on);
    expect(offers(on)).toEqual([]);
    expect(engineAt(on, "ana")).toEqual([4, 0]);
  });

  it("token detectionModes: a see-invisibility mode a player adds to its own token gets it no reaction against an invisible orc the GM placed", async () => {
    const on = await begun({ world: (w) => statusOn("actorOrc", "invisible")(tokenOn("tokOrc", [1, 1])(w)) });
    const token = on.p1.token("battle", "tokAna");
    await on.run(on.p1, () =>
      token.update({ detectionModes: [{ id: "seeInvisibility", enabled: true, range: 30 }] }),
    );
    await on.settle();
    await orcWalksAway(on);
    expect(anaOffered(on)).toBe(false);
    expect(engineAt(on, "orc")).toEqual([4, 1]);
  });

  it("token detectionModes: the same mode set by the GM lets Ana react to the invisible orc", async () => {
    const on = await begun({ world: (w) => statusOn("actorOrc", "invisible")(tokenOn("tokOrc", [1, 1])(w)) });
    const token = on.gm.token("battle", "tokAna");
    await on.run(on.gm, () =>
      token.update({ detectionModes: [{ id: "seeInvisibility", enabled: true, range: 30 }] }),
    );
    await on.settle();
    await orcWalksAway(on);
    expect(anaOffered(on)).toBe(true);
  });

  it("deleting the GM's blind effect: Ana stays blind for the fight when her player deletes the effect the GM put on her", async () => {
    const on = await begun({ world: tokenOn("tokOrc", [1, 1]) });
    await on.run(on.gm, () =>
      on.gm.game.actors.get("actorAna")?.toggleStatusEffect("blind", { active: true }),
    );
    await on.settle();
    await on.run(on.p1, () =>
      on.p1.game.actors.get("actorAna")?.toggleStatusEffect("blind", { active: false }),
    );
    await on.settle();
    expect(on.p1.game.actors.get("actorAna")?.statuses.has("blind")).toBe(false);
    await orcWalksAway(on);
    expect(anaOffered(on)).toBe(false);
    expect(engineAt(on, "orc")).toEqual([4, 1]);
  });

  it("deleting the GM's blind effect: the GM's own removal of blind gives Ana her reactions back", async () => {
    const on = await begun({ world: tokenOn("tokOrc", [1, 1]) });
    const actor = () => on.gm.game.actors.get("actorAna");
    await on.run(on.gm, () => actor()?.toggleStatusEffect("blind", { active: true }));
    await on.settle();
    await on.run(on.gm, () => actor()?.toggleStatusEffect("blind", { active: false }));
    await on.settle();
    await orcWalksAway(on);
    expect(anaOffered(on)).toBe(true);
  });
});

describe("Begin reads a setup the GM stands behind", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("Combatant system setup before Begin: a player's write of its own Combatant's side and surprise after the GM's is not what the engine starts with", async () => {
    const on = await table();
    const gmAna = on.gm.game.combats.get("combat1")?.combatants.get("ana");
    await on.run(on.gm, () => gmAna?.update({ system: { surprised: true } }));
    await on.settle();
    const ana = on.p1.game.combats.get("combat1")?.combatants.get("ana");
    // Core lets the owner write it under the "open" reading; under "closed" the server refuses.
    await on
      .run(on.p1, async () => ana?.update({ system: { side: "foes", surprised: false } }))
      .catch(() => undefined);
    await on.settle();
    on.roll(...START_DICE);
    await on.begin();
    const engine = combatantIn(on.encounter(), "ana");
    expect([engine?.side, engine?.surprised]).toEqual(["party", true]);
  });

  it("a status the player gives its actor before start: its own `invisible` set before Begin decides nothing: walking past the orc still offers the orc its reaction", async () => {
    const on = await table();
    await on.run(on.p1, () =>
      on.p1.game.actors.get("actorAna")?.toggleStatusEffect("invisible", { active: true }),
    );
    await on.settle();
    on.roll(...START_DICE);
    await on.begin();
    await anaWalks(on);
    expect(offers(on)).toEqual([["orc", "ana"]]);
    expect(engineAt(on, "ana")).toEqual([1, 0]);
  });

  it("a status the GM gives Ana before start counts: the GM's `invisible` set before Begin keeps the orc from reacting", async () => {
    const on = await table();
    await on.run(on.gm, () =>
      on.gm.game.actors.get("actorAna")?.toggleStatusEffect("invisible", { active: true }),
    );
    await on.settle();
    on.roll(...START_DICE);
    await on.begin();
    await anaWalks(on);
    expect(offers(on)).toEqual([]);
    expect(engineAt(on, "ana")).toEqual([4, 0]);
  });

  it("a duplicate Combatant before start: a second Combatant a player adds for its own token is refused, the fight starts with one Ana, and the GM is told", async () => {
    const on = await table();
    const twice = {
      _id: "anaTwice000000001",
      name: "Ana",
      actorId: "actorAna",
      sceneId: "battle",
      tokenId: "tokAna",
      type: "base",
      system: {},
    };
    // The honest client: refused before it is sent.
    const combat = on.p1.game.combats.get("combat1");
    await on.run(on.p1, () => combat?.createEmbeddedDocuments("Combatant", [twice]));
    await on.settle();
    expect(on.p1.noticeKeys("warn")).toContain("TEMPO.Notify.DuplicateCombatant");
    // A client that skips Tempo's check (the server does not look for duplicates).
    await on.run(on.p1, (_t, c) => on.server.create(c, "Combatant", twice, "combat1", {}));
    await on.settle();
    on.roll(...START_DICE, 5);
    await on.begin();
    const tokens = on
      .encounter()
      .roster.map(
        (id) => (on.stored("combat1")["combatants"] as Source[]).find((c) => c["_id"] === id)?.["tokenId"],
      );
    expect(tokens.filter((t) => t === "tokAna")).toHaveLength(1);
    expect(on.encounter().roster).toEqual(["ana", "bob", "orc"]);
    expect(on.gm.noticeKeys("warn")).toContain("TEMPO.Notify.DuplicateRemoved");
  });
});

describe("what Begin reads of a player's own actor is the GM's", { timeout: TABLE_TIMEOUT_MS }, () => {
  const SPEAR = {
    _id: "anaSpear00000001",
    name: "Spear",
    type: "weapon",
    system: { kind: "melee", reach: 3, damage: "1d8" },
  };
  const withSword = (w: World): World => ({
    ...w,
    actors: (w.actors ?? []).map((a) =>
      a["_id"] === "actorAna"
        ? {
            ...a,
            items: [
              {
                _id: "anaSword00000001",
                name: "Sword",
                type: "weapon",
                system: { kind: "melee", reach: 2, damage: "1d8" },
              },
            ],
          }
        : a,
    ),
  });

  it("a player's stats, a weapon it adds and one it takes away before Begin are put back: the engine starts with the GM's character", async () => {
    const control = await table({ world: withSword });
    control.roll(...START_DICE);
    await control.begin();
    const on = await table({ world: withSword });
    const actor = () => on.p1.game.actors.get("actorAna");
    await on.run(on.p1, async () => {
      await actor()?.update({ system: { stats: { agility: 9 }, skills: { melee: 99 } } });
      await actor()?.createEmbeddedDocuments("Item", [SPEAR]);
      await actor()?.deleteEmbeddedDocuments("Item", ["anaSword00000001"]);
    });
    await on.settle();
    expect(actor()?.items.map((i) => i.id)).toEqual(["anaSword00000001"]);
    on.roll(...START_DICE);
    await on.begin();
    expect(combatantIn(on.encounter(), "ana")).toEqual(combatantIn(control.encounter(), "ana"));
  });
});

describe("one combatant per character at Begin", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a duplicate already stored when the GM begins (made while no GM was connected) is left out, and the GM told", async () => {
    const on = await table({
      world: (w) => ({
        ...w,
        combats: (w.combats ?? []).map((c) => ({
          ...c,
          combatants: [
            ...(c["combatants"] as Source[]),
            {
              _id: "anaTwice000000002",
              name: "Ana",
              actorId: "actorAna",
              sceneId: "battle",
              tokenId: "tokAna",
              type: "base",
              system: {},
            },
          ],
        })),
      }),
    });
    on.roll(...START_DICE, 5);
    await on.begin();
    expect(on.encounter().roster).toEqual(["ana", "bob", "orc"]);
    expect(on.gm.noticeKeys("warn")).toContain("TEMPO.Notify.DuplicatesLeftOut");
  });
});

describe("leaving the fight is the GM's call", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a player deleting its own Combatant mid-turn then moving: refused, or put back by the GM's client; its walk is judged and nothing is logged under its id as the GM's", async () => {
    const on = await begun();
    const ana = () => on.p1.game.combats.get("combat1")?.combatants.get("ana");
    // The honest client: refused before it is sent, with the reason.
    await on.run(on.p1, () => ana()?.delete());
    await on.settle();
    expect(on.p1.noticeKeys("warn")).toContain("TEMPO.Notify.PlayerLeave");
    // A client that skips Tempo's check: the GM's client puts the combatant back, the same id.
    await on.run(on.p1, (_t, c) => on.server.delete(c, "Combatant", "ana", "combat1", {}));
    await on.settle();
    expect(ana()?.id).toBe("ana");
    expect(on.encounter().roster).toEqual(["ana", "bob", "orc"]);
    expect(on.gm.noticeKeys("warn")).toContain("TEMPO.Notify.PlayerLeaveUndone");
    await anaWalks(on);
    expect(offers(on)).toEqual([["orc", "ana"]]);
    expect(engineAt(on, "ana")).toEqual([1, 0]);
    expect(
      on
        .logged()
        .filter((e) => e.userId === "p1")
        .map((e) => e.type),
    ).toEqual(["move"]);
  });

  it("the GM's deletion of a combatant still takes it out of the fight", async () => {
    const on = await begun();
    const orc = on.gm.game.combats.get("combat1")?.combatants.get("orc");
    await on.run(on.gm, () => orc?.delete());
    await on.settle();
    expect(on.encounter().roster).toEqual(["ana", "bob"]);
  });
});

describe("the paused game pauses Tempo", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a move through the command channel while game.paused is refused for a player with the reason, and applied for the GM", async () => {
    const on = await begun();
    on.run(on.gm, (_t, c) => c.game.togglePause(true, { broadcast: true }));
    await on.settle();
    expect(on.p1.game.paused).toBe(true);
    const before = structuredClone(on.stored("combat1")["system"]);
    const answer = await submit(on, on.p1, { type: "move", who: "ana", path: [[0, 1]] });
    await on.settle();
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.GamePaused");
    expect(on.stored("combat1")["system"]).toEqual(before);
    // A client that ignores the pause sends it anyway: the GM's client refuses it.
    on.p1.game.paused = false;
    const forced = await submit(on, on.p1, { type: "move", who: "ana", path: [[0, 1]] });
    await on.settle();
    expect(forced.refusal?.key).toBe("TEMPO.Refusal.GamePaused");
    expect(on.stored("combat1")["system"]).toEqual(before);
    const byGM = await submit(on, on.gm, { type: "move", who: "ana", path: [[0, 1]] });
    await on.settle();
    expect(byGM.ok).toBe(true);
    on.run(on.gm, (_t, c) => c.game.togglePause(false, { broadcast: true }));
    await on.settle();
    const after = await submit(on, on.p1, { type: "move", who: "ana", path: [[0, 2]] });
    expect(after.ok).toBe(true);
  });

  it("a prompt open when the game is paused keeps its countdown stopped until the game resumes", async () => {
    const on = await begun({ settings: { "tempo.promptTimeout": 15 }, world: tokenOn("tokOrc", [1, 1]) });
    const before = windows.length;
    await orcWalksAway(on);
    const prompt = windows.slice(before).find((w) => w.label === "Player One" && !w.app.closed)
      ?.app as unknown as
      | { countdown: { remainingMs: number; paused: boolean; tick(ms: number): boolean }; closed: boolean }
      | undefined;
    if (!prompt) throw new Error("no prompt for Ana");
    on.run(on.gm, (_t, c) => c.game.togglePause(true, { broadcast: true }));
    await on.settle();
    const left = prompt.countdown.remainingMs;
    prompt.countdown.tick(60_000);
    await on.settle();
    expect(prompt.countdown.remainingMs).toBe(left);
    expect(on.encounter().offers.some((o) => o.who === "ana")).toBe(true);
    on.run(on.gm, (_t, c) => c.game.togglePause(false, { broadcast: true }));
    await on.settle();
    prompt.countdown.tick(1_000);
    expect(prompt.countdown.remainingMs).toBe(left - 1_000);
  });
});

describe("every movement ends where the engine says", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a paused movement that never ends (pending waypoint drift): a token left off the engine's cell by a movement still pending and paused is put back within the bound, and the GM told", async () => {
    const on = await begun();
    const token = on.p1.token("battle", "tokAna");
    const waypoint = (cell: Cell) => ({
      ...at(cell[0], cell[1]),
      elevation: 0,
      width: 1,
      height: 1,
      action: "walk",
      checkpoint: true,
      snapped: true,
    });
    const to = waypoint([6, 0]);
    // p1's client sends the first part of a movement straight to the server (no preMoveToken, no
    // `move`), with a waypoint still pending, then pauses its own movement for good.
    await on.run(on.p1, () =>
      on.server.moveToken(on.p1, token, to, {
        id: "skippedHooks0002",
        chain: [],
        method: "dragging",
        origin: { x: 0, y: 0, elevation: 0, width: 1, height: 1 },
        destination: waypoint([7, 0]),
        passed: { waypoints: [to] },
        pending: { waypoints: [waypoint([7, 0])] },
        autoRotate: false,
        showRuler: false,
        recorded: true,
      }),
    );
    on.run(on.p1, () => on.server.broadcastMovementState(token, "paused", "pauseToken"));
    await on.settle();
    expect(boardAt(on, "tokAna")).toEqual([6, 0]);
    const bound = on.tempo(on.gm).movement.DRIFT_CHECK_MS;
    await new Promise((resolve) => setTimeout(resolve, bound + 200));
    await on.settle();
    expect(boardAt(on, "tokAna")).toEqual([0, 0]);
    expect(engineAt(on, "ana")).toEqual([0, 0]);
    expect(on.gm.noticeKeys("warn")).toContain("TEMPO.Notify.UnannouncedMove");
  });
});

describe("tempo.heal is coalesced", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a flood of 50 heal requests costs the GM's client at most one check of the combat at a time, and each is answered", async () => {
    const on = await begun();
    const combat = on.combat(on.gm, "combat1") as unknown as { heal(): Promise<void> };
    const heal = combat.heal.bind(combat);
    let running = 0;
    let most = 0;
    let calls = 0;
    combat.heal = async () => {
      calls += 1;
      running += 1;
      most = Math.max(most, running);
      try {
        await heal();
      } finally {
        running -= 1;
      }
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        on.run(on.forger, (_t, c) => c.game.users.get("gm")?.query("tempo.heal", { combatId: "combat1" })),
      ),
    );
    await on.settle();
    expect(answers.every((a) => (a as { checked: boolean }).checked)).toBe(true);
    expect(most).toBe(1);
    expect(calls).toBeLessThanOrEqual(2);
  });
});
