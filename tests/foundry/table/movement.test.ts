/**
 * Token movement in a running fight, on the simulated table with scenes and tokens: the flows of
 * issue 13, each ending with the engine and the board agreeing (asserted cell by cell).
 */
import { describe, expect, it } from "vitest";

import type { Cell, Command } from "../../../src/engine";
import {
  TABLE_TIMEOUT_MS,
  createTable,
  windows,
  withMovement,
  type BuiltWindow,
  type Client,
  MOVEMENT_KEYS,
  type Readings,
  type Table,
} from "./index";
import { GRID, START_DICE, at, battleWorld, withWolfAt, wolfCombatant } from "./worlds";
import { combatantIn } from "../../../src/engine/record";

interface BattleOptions {
  version?: 13 | 14;
  gmViews?: string | null;
  world?: Parameters<typeof battleWorld>[0];
  settings?: Record<string, unknown>;
  /** The wolf joins the fight from the start, its token on this cell (its initiative die: 1). */
  wolfAt?: Cell;
  /** Switches of the table's readings this test sets itself (the rest follow the run's profile). */
  readings?: Partial<Readings>;
}

/** The fight on the battle map, started (Ana's turn), every user looking at the battle map. */
async function battle(options: BattleOptions = {}): Promise<Table> {
  const plain = battleWorld(options.world ?? {});
  const world = options.wolfAt ? withWolfAt(plain, options.wolfAt) : plain;
  world.settings = { ...world.settings, ...options.settings };
  const table = await createTable({
    world,
    init: withMovement,
    version: options.version ?? 13,
    ...(options.readings ? { readings: options.readings } : {}),
  });
  for (const client of [table.gm, table.p1, table.p2, table.forger]) client.view("battle");
  if (options.gmViews !== undefined) table.gm.view(options.gmViews);
  table.roll(...START_DICE, ...(options.wolfAt ? [1] : []));
  await table.begin();
  return table;
}

/** Where the engine has a combatant. */
function engineAt(table: Table, who: string): Cell | null {
  return combatantIn(table.encounter(), who)?.at ?? null;
}

/** Where the token stands on the server (the board), as a cell. */
function boardAt(table: Table, tokenId: string): Cell {
  const scene = table.server.sources.Scene.get("battle");
  const token = (scene?.["tokens"] as Record<string, unknown>[]).find((t) => t["_id"] === tokenId);
  return [Number(token?.["x"]) / GRID, Number(token?.["y"]) / GRID];
}

/** Every cell the token is moved to on the board, in order (the server's moveToken broadcasts). */
function trail(table: Table, tokenId: string): Cell[] {
  const cells: Cell[] = [];
  table.run(table.gm, (_t, c) =>
    c.Hooks.on("moveToken", (doc) => {
      const token = doc as { id: string; x: number; y: number };
      if (token.id === tokenId) cells.push([token.x / GRID, token.y / GRID]);
    }),
  );
  return cells;
}

function submit(table: Table, client: Client, command: Command) {
  const combat = table.combat(client, "combat1");
  return table.run(client, (tempo) => tempo.commands.submit(combat, command));
}

/** Ana's walk along row 0, past the orc at [2, 1]: it provokes on leaving [1, 0]. */
const WALK = [at(1, 0), at(2, 0), at(3, 0), at(4, 0)];

/** Ana's walk down and round the orc's threatened cells (columns 1-3, rows 0-2): it provokes nothing. */
const AROUND = [at(0, 1), at(0, 2), at(0, 3), at(1, 3), at(2, 3)];

/**
 * What the GM's client reads as the state of a movement that was stopped: "stopped", or, under the
 * `stopClears` reading "keptPending" (foundryvtt#13044), the state it had before (readings.ts).
 */
function stoppedReads(table: Table, before: string): string {
  return table.readings.stopClears === "cleared" ? "stopped" : before;
}

/** Ana's long walk along row 0 to [8, 0], past the orc: it provokes on leaving [1, 0], and spends all the movement flow allows in a turn (2 AP). */
const LONG_WALK = [1, 2, 3, 4, 5, 6, 7, 8].map((x) => at(x, 0));

/** Ana's AP now. */
function apOf(table: Table, who: string): number | undefined {
  return combatantIn(table.encounter(), who)?.pools["ap"];
}

describe("the combat's own scene", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("starts the fight on the combat's scene grid while the GM looks at a gridless scene", async () => {
    const table = await battle({ gmViews: "tavern" });
    expect(table.encounter().grid.type).toBe("square");
    expect(engineAt(table, "ana")).toEqual([0, 0]);
    expect(engineAt(table, "orc")).toEqual([2, 1]);
    expect(engineAt(table, "bob")).toEqual([9, 9]);
  });
});

describe("a combatant added mid-fight while the GM looks elsewhere", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("stands in the engine where its token stands on the combat's scene", async () => {
    const table = await battle({ gmViews: "tavern" });
    const combat = table.gm.game.combats.get("combat1");
    // The wolf's initiative die.
    table.roll(5);
    await table.run(table.gm, () => combat?.createEmbeddedDocuments("Combatant", [wolfCombatant()]));
    await table.settle();
    const wolf = Object.values(table.encounter().combatants).find((c) => c.name === "Wolf");
    expect(wolf?.at).toEqual([7, 2]);
  });
});

describe.each([13, 14] as const)("a provoking move held with Foundry's movement pausing (v%i)", (version) => {
  it(
    "pauses Ana's walk on the cell it provokes on, and resumes it to its end once the orc declines, the GM looking at another scene",
    { timeout: TABLE_TIMEOUT_MS },
    async () => {
      const table = await battle({ version, gmViews: "tavern" });
      const cells = trail(table, "tokAna");
      const token = table.p1.token("battle", "tokAna");
      void table.run(table.p1, () => token.move(WALK, { method: "dragging" }));
      await table.settle();
      // Held on the checkpoint: the engine and the board on the same cell, the movement paused.
      expect(engineAt(table, "ana")).toEqual([1, 0]);
      expect(boardAt(table, "tokAna")).toEqual([1, 0]);
      expect(cells).toEqual([[1, 0]]);
      expect(table.gm.token("battle", "tokAna").movement.state).toBe("paused");
      expect(table.encounter().offers.map((o) => [o.who, o.against])).toEqual([["orc", "ana"]]);
      await submit(table, table.gm, { type: "react", who: "orc", with: "decline", against: "ana" });
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([4, 0]);
      expect(boardAt(table, "tokAna")).toEqual([4, 0]);
      // The rest of the same movement, by its mover: never a jump back or a second walk by the GM.
      expect(cells).toEqual([
        [1, 0],
        [4, 0],
      ]);
      const movement = table.gm.token("battle", "tokAna").movement;
      expect([movement.state, movement.user?.id]).toEqual(["completed", "p1"]);
    },
  );

  it(
    "stops the paused walk where a killing reaction attack ended it, once Ana's defence is declined",
    { timeout: TABLE_TIMEOUT_MS },
    async () => {
      const table = await battle({ version });
      const cells = trail(table, "tokAna");
      const token = table.p1.token("battle", "tokAna");
      void table.run(table.p1, () => token.move(WALK, { method: "dragging" }));
      await table.settle();
      await submit(table, table.gm, {
        type: "react",
        who: "orc",
        with: "reactionAttack",
        against: "ana",
        outcome: "kill",
      });
      await table.settle();
      // Ana may still defend: the move is still held, the movement still paused, on the same cell.
      expect(engineAt(table, "ana")).toEqual([1, 0]);
      expect(table.gm.token("battle", "tokAna").movement.state).toBe("paused");
      const asked = table.server.queries.filter((q) => q.name === "tempo.reactionPrompt" && q.to === "p1");
      expect(asked).toHaveLength(1);
      // p1 closes the prompt unanswered: a decline.
      table.run(table.p1, (tempo) => tempo.prompt.closePrompt((asked[0]?.data as { askId: string }).askId));
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([1, 0]);
      expect(boardAt(table, "tokAna")).toEqual([1, 0]);
      expect(cells).toEqual([[1, 0]]);
      expect(table.gm.token("battle", "tokAna").movement.state).toBe(stoppedReads(table, "paused"));
    },
  );
});

describe.each([13, 14] as const)("the engine leads a Tumble Through (v%i)", (version) => {
  it(
    "the GM's client puts Ana's token where the engine ended her tumble through the orc, the GM looking at a gridless scene",
    { timeout: TABLE_TIMEOUT_MS },
    async () => {
      // An agile Ana (Agility 90): a 5 on the d100 passes her check.
      const table = await battle({
        version,
        gmViews: "tavern",
        world: { anaSkills: { melee: 80, agility: 90 } },
      });
      // Ana steps next to the orc first (entering its reach provokes nothing).
      await table.run(table.p1, () =>
        table.p1.token("battle", "tokAna").move([at(1, 0)], { method: "dragging" }),
      );
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([1, 0]);
      const cells = trail(table, "tokAna");
      table.roll(5, 5, 5, 5, 5, 5);
      const tumble = [at(2, 1), at(3, 2)].map((w) => ({ ...w, action: "tempoTumble" }));
      const moved = await table.run(table.p1, () =>
        table.p1.token("battle", "tokAna").move(tumble, { method: "dragging" }),
      );
      await table.settle();
      // The drop itself is refused: the engine decides where the tumble ends, the GM moves the token.
      expect(moved).toBe(false);
      // Her check passed: she is through, beyond the orc, and the token stands there too.
      const end = engineAt(table, "ana");
      expect(end).toEqual([3, 2]);
      expect(boardAt(table, "tokAna")).toEqual(end);
      expect(cells.at(-1)).toEqual(end);
      expect(table.gm.token("battle", "tokAna").movement.user?.id).toBe("gm");
    },
  );
});

describe.each([13, 14] as const)("a walk whose first step provokes (v%i)", (version) => {
  it(
    "moves nothing until the orc has answered, then walks the whole way",
    { timeout: TABLE_TIMEOUT_MS },
    async () => {
      const table = await battle({ version });
      await table.run(table.p1, () =>
        table.p1.token("battle", "tokAna").move([at(1, 0)], { method: "dragging" }),
      );
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([1, 0]);
      const cells = trail(table, "tokAna");
      // Stepping away from the orc leaves a cell it threatens at once.
      void table.run(table.p1, () =>
        table.p1.token("battle", "tokAna").move([at(0, 0), at(0, 1), at(0, 2)], { method: "dragging" }),
      );
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([1, 0]);
      expect(boardAt(table, "tokAna")).toEqual([1, 0]);
      expect(cells).toEqual([]);
      expect(table.encounter().offers.map((o) => o.who)).toEqual(["orc"]);
      await submit(table, table.gm, { type: "react", who: "orc", with: "decline", against: "ana" });
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([0, 2]);
      expect(boardAt(table, "tokAna")).toEqual([0, 2]);
      expect(cells.at(-1)).toEqual([0, 2]);
      expect(table.gm.token("battle", "tokAna").movement.user?.id).toBe("p1");
    },
  );
});

/** Ana's walk along row 0 past the orc at [2, 1] and the wolf at [6, 1]: it provokes twice. */
const PAST_BOTH = [1, 2, 3, 4, 5, 6, 7, 8].map((x) => at(x, 0));

describe.each([13, 14] as const)(
  "a walk held at two provoking cells, under every reading of pausing (v%i)",
  (version) => {
    it.each([
      ["callback", "allowed"],
      ["callback", "dropped"],
      ["promise", "allowed"],
      ["promise", "dropped"],
    ] as const)(
      "resumes the part paused at the wolf by its own id, not the first part's (pauseMovement gives a %s; a move started inside preMoveToken is %s)",
      { timeout: TABLE_TIMEOUT_MS },
      async (pause, moveInPreMove) => {
        const table = await battle({ version, wolfAt: [6, 1], readings: { pause, moveInPreMove } });
        const cells = trail(table, "tokAna");
        void table.run(table.p1, () =>
          table.p1.token("battle", "tokAna").move(PAST_BOTH, { method: "dragging" }),
        );
        await table.settle();
        // Held where it leaves the orc's first threatened cell.
        expect(engineAt(table, "ana")).toEqual([1, 0]);
        expect(boardAt(table, "tokAna")).toEqual([1, 0]);
        expect(table.encounter().offers.map((o) => o.who)).toEqual(["orc"]);
        await submit(table, table.gm, { type: "react", who: "orc", with: "decline", against: "ana" });
        await table.settle();
        // On again, and held where it leaves the wolf's: a later part of the split movement.
        expect(engineAt(table, "ana")).toEqual([5, 0]);
        expect(boardAt(table, "tokAna")).toEqual([5, 0]);
        expect(table.encounter().offers.map((o) => o.who)).toEqual(["wolf"]);
        const paused = table.p1.token("battle", "tokAna").movement;
        expect([paused.state, paused.chain.length > 0]).toEqual(["paused", true]);
        await submit(table, table.gm, { type: "react", who: "wolf", with: "decline", against: "ana" });
        await table.settle();
        expect(engineAt(table, "ana")).toEqual([8, 0]);
        expect(boardAt(table, "tokAna")).toEqual([8, 0]);
        expect(cells).toEqual([
          [1, 0],
          [5, 0],
          [8, 0],
        ]);
        const movement = table.gm.token("battle", "tokAna").movement;
        expect([movement.state, movement.user?.id]).toEqual(["completed", "p1"]);
        // Nothing Tempo started was dropped by Foundry.
        expect(table.p1.movement.dropped).toBe(0);
      },
    );
  },
);

describe("a re-issue that never ran exempts nothing", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("judges Ana's next drag again after a module vetoed Tempo's re-issued walk: held at the orc, not walked through", async () => {
    const table = await battle({});
    // A module on p1's client that vetoes the first movement flagged with checkpoints, before
    // Tempo's hook sees it (hooks run in the order they were registered: this one goes first).
    let vetoed = 0;
    table.run(table.p1, (_t, c) => {
      const hooks = c.Hooks as unknown as { events: Map<string, { fn: unknown }[]> };
      const list = hooks.events.get("preMoveToken") ?? [];
      const veto = {
        id: 0,
        once: false,
        fn: (_doc: unknown, movement: { passed: { waypoints: { checkpoint: boolean }[] } }) => {
          if (vetoed > 0 || !movement.passed.waypoints.some((w) => w.checkpoint)) return undefined;
          vetoed += 1;
          return false;
        },
      };
      hooks.events.set("preMoveToken", [veto, ...list]);
    });
    const token = table.p1.token("battle", "tokAna");
    void table.run(table.p1, () => token.move(WALK, { method: "dragging" }));
    await table.settle();
    expect(vetoed).toBe(1);
    expect(boardAt(table, "tokAna")).toEqual([0, 0]);
    expect(engineAt(table, "ana")).toEqual([0, 0]);
    // The same drag again: judged afresh, so held where it provokes (never walked to its end first).
    const cells = trail(table, "tokAna");
    void table.run(table.p1, () => token.move(WALK, { method: "dragging" }));
    await table.settle();
    expect(cells).toEqual([[1, 0]]);
    expect(engineAt(table, "ana")).toEqual([1, 0]);
    expect(boardAt(table, "tokAna")).toEqual([1, 0]);
    expect(table.encounter().offers.map((o) => o.who)).toEqual(["orc"]);
  });
});

describe(
  "a mover who leaves while the walk is held (docs/hooks.md, limits)",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    it("Foundry stops the leaver's paused movement, and the GM's client walks the token on once the orc declines", async () => {
      const table = await battle();
      void table.run(table.p1, () => table.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
      await table.settle();
      expect(table.gm.token("battle", "tokAna").movement.state).toBe("paused");
      table.disconnect(table.p1);
      await table.settle();
      expect(table.gm.token("battle", "tokAna").movement.state).toBe(stoppedReads(table, "paused"));
      await submit(table, table.gm, { type: "react", who: "orc", with: "decline", against: "ana" });
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([4, 0]);
      expect(boardAt(table, "tokAna")).toEqual([4, 0]);
      expect(table.gm.token("battle", "tokAna").movement.user?.id).toBe("gm");
    });
  },
);

describe("detection modes in both shapes, in a real move", { timeout: TABLE_TIMEOUT_MS }, () => {
  it.each([
    [13, [{ id: "seeInvisibility", enabled: true, range: 30 }]],
    [14, { seeInvisibility: { enabled: true, range: 30 } }],
  ] as const)(
    "an orc that sees invisibility (v%i shape) is offered its reaction against invisible Ana",
    async (version, orcModes) => {
      const table = await battle({ version, world: { anaInvisible: true, orcModes } });
      void table.run(table.p1, () => table.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([1, 0]);
      expect(table.encounter().offers.map((o) => o.who)).toEqual(["orc"]);
      expect([...table.p1.hookErrors, ...table.gm.hookErrors]).toEqual([]);
    },
  );

  it.each([
    [13, [{ id: "basicSight", enabled: true, range: 30 }]],
    [14, { basicSight: { enabled: true, range: 30 } }],
  ] as const)(
    "an orc with plain sight (v%i shape) does not see invisible Ana: her walk provokes nothing and goes through",
    async (version, orcModes) => {
      const table = await battle({ version, world: { anaInvisible: true, orcModes } });
      void table.run(table.p1, () => table.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([4, 0]);
      expect(boardAt(table, "tokAna")).toEqual([4, 0]);
      expect(table.encounter().offers).toEqual([]);
      expect([...table.p1.hookErrors, ...table.gm.hookErrors]).toEqual([]);
    },
  );
});

describe("movement actions' costs in both shapes", { timeout: TABLE_TIMEOUT_MS }, () => {
  it.each([13, 14] as const)(
    "keeps core's doubled crawl cost under Tempo's AP limit (v%i: a cost function in v13, costMultiplier 2 in v14)",
    async (version) => {
      const table = await battle({ version });
      const cost = table.run(table.p1, (_t, c) => {
        const crawl = c.CONFIG.Token.movement.actions["crawl"];
        const fn = crawl?.getCostFunction?.(c.token("battle", "tokAna"), {});
        return fn?.(1, { i: 0, j: 0 }, { i: 0, j: 1 }, 1, {});
      });
      expect(cost).toBe(2);
    },
  );
});

describe(
  "the GM's hand mid-combat: the engine's place, no AP, no reactions, logged",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    it("a teleport (core's blink action) by the GM places Ana past the orc", async () => {
      const table = await battle();
      const ap = apOf(table, "ana");
      await table.run(table.gm, () =>
        table.gm.token("battle", "tokAna").move([{ ...at(4, 0), action: "blink" }], { method: "dragging" }),
      );
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([4, 0]);
      expect(boardAt(table, "tokAna")).toEqual([4, 0]);
      expect(apOf(table, "ana")).toBe(ap);
      expect(table.encounter().offers).toEqual([]);
      expect(table.logged().at(-1)).toEqual({ type: "place", userId: "gm" });
    });

    it("a Token Config edit of x and y by the GM places the orc", async () => {
      const table = await battle();
      await table.run(table.gm, () =>
        table.gm.token("battle", "tokOrc").update(at(6, 6), { movement: { tokOrc: { method: "config" } } }),
      );
      await table.settle();
      expect(engineAt(table, "orc")).toEqual([6, 6]);
      expect(boardAt(table, "tokOrc")).toEqual([6, 6]);
      expect(table.logged().at(-1)).toEqual({ type: "place", userId: "gm" });
    });

    it("a paste of x and y by the GM places Bob, whose turn it is not", async () => {
      const table = await battle();
      await table.run(table.gm, () =>
        table.gm.token("battle", "tokBob").update(at(7, 7), { movement: { tokBob: { method: "paste" } } }),
      );
      await table.settle();
      expect(engineAt(table, "bob")).toEqual([7, 7]);
      expect(boardAt(table, "tokBob")).toEqual([7, 7]);
      expect(table.logged().at(-1)).toEqual({ type: "place", userId: "gm" });
    });

    it("a GM drag of Ana out of her way with the GM override (Alt held) places her without provoking", async () => {
      const table = await battle();
      const ap = apOf(table, "ana");
      table.gm.hold("Alt");
      await table.run(table.gm, () => table.gm.token("battle", "tokAna").move(WALK, { method: "dragging" }));
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([4, 0]);
      expect(boardAt(table, "tokAna")).toEqual([4, 0]);
      expect(apOf(table, "ana")).toBe(ap);
      expect(table.encounter().offers).toEqual([]);
      expect(table.logged().at(-1)).toEqual({ type: "place", userId: "gm" });
    });

    it("without the override a GM drag is a walk the engine judges: out of Bob's turn it is refused and says how to override", async () => {
      const table = await battle();
      const moved = await table.run(table.gm, () =>
        table.gm.token("battle", "tokBob").move([at(8, 9)], { method: "dragging" }),
      );
      await table.settle();
      expect(moved).toBe(false);
      expect(engineAt(table, "bob")).toEqual([9, 9]);
      expect(boardAt(table, "tokBob")).toEqual([9, 9]);
      expect(table.gm.noticeKeys("info")).toContain("TEMPO.Movement.OverrideHint");
    });

    it("a player holding Alt gets no override: the player's teleport is a walk the engine judges, AP spent", async () => {
      const table = await battle({ settings: { "tempo.gmOverride": true } });
      const ap = apOf(table, "ana") ?? 0;
      table.p1.hold("Alt");
      await table.run(table.p1, () =>
        table.p1.token("battle", "tokAna").move([{ ...at(0, 3), action: "blink" }], { method: "dragging" }),
      );
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([0, 3]);
      expect(boardAt(table, "tokAna")).toEqual([0, 3]);
      expect(apOf(table, "ana")).toBeLessThan(ap);
      expect(table.logged().at(-1)).toEqual({ type: "move", userId: "p1" });
    });
  },
);

describe("the ruler with and without a core cost context", { timeout: TABLE_TIMEOUT_MS }, () => {
  interface Waypoint {
    x: number;
    y: number;
    action: string;
    previous: Waypoint | null;
    next: Waypoint | null;
  }
  function chain(...cells: { x: number; y: number }[]): Waypoint {
    let previous: Waypoint | null = null;
    for (const c of cells) {
      const w: Waypoint = { ...c, action: "walk", previous, next: null };
      if (previous) previous.next = w;
      previous = w;
    }
    if (!previous) throw new Error("no waypoint");
    return previous;
  }
  function label(table: Table, coreCost: boolean) {
    return table.run(table.p1, (tempo, c) => {
      const Ruler = tempo.ruler.TempoTokenRuler as unknown as {
        new (token: unknown): { _getWaypointLabelContext(w: unknown, s: unknown): unknown };
      };
      const Base = Object.getPrototypeOf(Ruler) as { coreCost: boolean };
      Base.coreCost = coreCost;
      try {
        const ruler = new Ruler({ document: c.token("battle", "tokAna") });
        return ruler._getWaypointLabelContext(chain(at(0, 0), at(1, 0), at(2, 0)), {}) as {
          cost?: { total: string; units: string };
          cssClass: string;
        };
      } finally {
        Base.coreCost = true;
      }
    });
  }

  it("puts the engine's AP cost in core's cost context, keeping its units", async () => {
    const table = await battle();
    const context = label(table, true);
    expect(context.cost?.units).toBe("ft");
    expect(context.cost?.total).toMatch(/^TEMPO\.Sheet\.Cost /);
    expect(context.cssClass).toContain("tempo-ruler--provokes");
  });

  it("says Place (GM override) on the GM's ruler while Alt is held, instead of a cost", async () => {
    const table = await battle();
    table.gm.hold("Alt");
    const context = table.run(table.gm, (tempo, c) => {
      const Ruler = tempo.ruler.TempoTokenRuler as unknown as {
        new (token: unknown): { _getWaypointLabelContext(w: unknown, s: unknown): unknown };
      };
      return new Ruler({ document: c.token("battle", "tokAna") })._getWaypointLabelContext(
        chain(at(0, 0), at(1, 0), at(2, 0)),
        {},
      ) as { cost?: { total: string }; cssClass: string };
    });
    expect(context.cost?.total).toBe("TEMPO.Movement.Override");
    expect(context.cssClass).toContain("tempo-ruler--override");
  });

  it("builds the cost context when core gives none, instead of a TypeError on every drag", async () => {
    const table = await battle();
    const context = label(table, false);
    expect(context.cost?.units).toBe("");
    expect(context.cost?.total).toMatch(/^TEMPO\.Sheet\.Cost /);
  });
});

describe("Foundry v14 movement features, by feature", { timeout: TABLE_TIMEOUT_MS }, () => {
  it("a planned walk moves nothing and tells the engine nothing; started, it is judged like any move and held where it provokes", async () => {
    const table = await battle({ version: 14 });
    const token = table.p1.token("battle", "tokAna");
    const log = table.logged().length;
    await table.run(table.p1, () => token.move(WALK, { method: "dragging", planned: true }));
    await table.settle();
    expect(boardAt(table, "tokAna")).toEqual([0, 0]);
    expect(table.logged()).toHaveLength(log);
    void table.run(table.p1, () => token.startMovement());
    await table.settle();
    expect(engineAt(table, "ana")).toEqual([1, 0]);
    expect(boardAt(table, "tokAna")).toEqual([1, 0]);
    expect(table.gm.token("battle", "tokAna").movement.state).toBe("paused");
  });

  it("holds a provoking walk sent as subpaths at its checkpoint, as any other", async () => {
    const table = await battle({ version: 14 });
    void table.run(table.p1, () =>
      table.p1.token("battle", "tokAna").move(WALK, { method: "dragging", split: true }),
    );
    await table.settle();
    expect(engineAt(table, "ana")).toEqual([1, 0]);
    expect(boardAt(table, "tokAna")).toEqual([1, 0]);
    expect(table.gm.token("battle", "tokAna").movement.state).toBe("paused");
    await submit(table, table.gm, { type: "react", who: "orc", with: "decline", against: "ana" });
    await table.settle();
    expect(engineAt(table, "ana")).toEqual([4, 0]);
    expect(boardAt(table, "tokAna")).toEqual([4, 0]);
  });

  it("judges a walk Foundry sends as several subpaths once, as a whole, and sends it when its last subpath arrives", async () => {
    const table = await battle({ version: 14 });
    const ap = apOf(table, "ana") ?? 0;
    const cells = trail(table, "tokAna");
    await table.run(table.p1, () =>
      table.p1.token("battle", "tokAna").move(AROUND, { method: "dragging", split: true }),
    );
    await table.settle();
    // Judged again from Ana's start, the last subpath alone would be a straight line through the
    // cells the orc threatens: it must not be.
    expect(cells).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 3],
      [2, 3],
    ]);
    expect(engineAt(table, "ana")).toEqual([2, 3]);
    expect(boardAt(table, "tokAna")).toEqual([2, 3]);
    expect(table.encounter().offers).toEqual([]);
    expect(apOf(table, "ana")).toBeLessThan(ap);
    expect(table.logged().filter((e) => e.type === "move")).toHaveLength(1);
  });
});

describe(
  "scene levels (v14): tokens on different levels neither threaten nor block",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    const levels = { tokAna: "ground", tokBob: "ground", tokOrc: "balcony" };

    it("Ana walks past the orc on the balcony above: nothing provokes, the walk goes through", async () => {
      const table = await battle({ version: 14, world: { levels } });
      expect(combatantIn(table.encounter(), "orc")?.level).toBe("balcony");
      await table.run(table.p1, () => table.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([4, 0]);
      expect(boardAt(table, "tokAna")).toEqual([4, 0]);
      expect(table.encounter().offers).toEqual([]);
    });

    it("the GM's teleport brings the orc down to Ana's level (place with the level), where her walk provokes it", async () => {
      const table = await battle({ version: 14, world: { levels } });
      await table.run(table.gm, () =>
        table.gm
          .token("battle", "tokOrc")
          .move([{ ...at(2, 1), level: "ground", action: "blink" }], { method: "dragging" }),
      );
      await table.settle();
      expect(combatantIn(table.encounter(), "orc")?.level).toBe("ground");
      expect(table.logged().at(-1)).toEqual({ type: "place", userId: "gm" });
      void table.run(table.p1, () => table.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([1, 0]);
      expect(boardAt(table, "tokAna")).toEqual([1, 0]);
      expect(table.encounter().offers.map((o) => o.who)).toEqual(["orc"]);
    });

    it("refuses a player's walk onto another level (the GM places tokens there) and changes nothing", async () => {
      const table = await battle({ version: 14, world: { levels } });
      const moved = await table.run(table.p1, () =>
        table.p1.token("battle", "tokAna").move([{ ...at(0, 1), level: "balcony" }], { method: "dragging" }),
      );
      await table.settle();
      expect(moved).toBe(false);
      expect(table.p1.noticeKeys()).toContain("TEMPO.Refusal.LevelChange");
      expect(engineAt(table, "ana")).toEqual([0, 0]);
      expect(boardAt(table, "tokAna")).toEqual([0, 0]);
    });
  },
);

describe("the reaction prompt: focus, Escape and closing", { timeout: TABLE_TIMEOUT_MS }, () => {
  /** Ana's walk held, the orc's killing reaction attack taken: Ana's defence is asked of p1. */
  async function defenceAsked(): Promise<{ table: Table; prompt: BuiltWindow }> {
    const table = await battle();
    const before = windows.length;
    void table.run(table.p1, () => table.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
    await table.settle();
    await submit(table, table.gm, {
      type: "react",
      who: "orc",
      with: "reactionAttack",
      against: "ana",
      outcome: "kill",
    });
    await table.settle();
    const prompt = windows.slice(before).find((w) => w.label === "Player One" && !w.app.closed);
    if (!prompt) throw new Error("p1 was not prompted");
    return { table, prompt };
  }

  it("shows with its default button focused (the template's autofocus), so Enter takes it", async () => {
    const { prompt } = await defenceAsked();
    const focused = prompt.app.element.ownerDocument.activeElement;
    expect(focused?.tagName).toBe("BUTTON");
    expect(focused?.hasAttribute("autofocus")).toBe(true);
    expect(focused).toBe(prompt.app.element.querySelector("[autofocus]"));
  });

  it("closing the window is a decline: Ana's move is stopped where the killing blow fell", async () => {
    const { table, prompt } = await defenceAsked();
    await prompt.app.close();
    await table.settle();
    expect(table.encounter().offers).toEqual([]);
    expect(engineAt(table, "ana")).toEqual([1, 0]);
    expect(table.gm.token("battle", "tokAna").movement.state).toBe(stoppedReads(table, "paused"));
    expect(table.logged().at(-1)).toEqual({ type: "react", userId: "gm" });
  });

  it("Escape in the prompt does what closing does: a decline, the window closed", async () => {
    const { table, prompt } = await defenceAsked();
    const focused = prompt.app.element.ownerDocument.activeElement;
    const event = focused?.dispatch("keydown", { key: "Escape" });
    await table.settle();
    expect(event?.defaultPrevented).toBe(true);
    expect(prompt.app.closed).toBe(true);
    expect(table.encounter().offers).toEqual([]);
    expect(table.gm.token("battle", "tokAna").movement.state).toBe(stoppedReads(table, "paused"));
  });

  it("another key leaves the prompt open and the offer standing", async () => {
    const { table, prompt } = await defenceAsked();
    prompt.app.element.ownerDocument.activeElement?.dispatch("keydown", { key: "Tab" });
    await table.settle();
    expect(prompt.app.closed).toBe(false);
    expect([...new Set(table.encounter().offers.map((o) => o.who))]).toEqual(["ana"]);
  });
});

describe.each([13, 14] as const)(
  "a held walk resumed by its mover, every part priced by the cost function as it starts (v%i)",
  (version) => {
    it.each(["preview", "eachPart"] as const)(
      "(cost priced: %s) Tempo's own resumed part is not stopped by its AP limit: the engine spent the AP already, the board follows to [8, 0]",
      async (costPerPart) => {
        const table = await battle({ version, readings: { costPerPart } });
        const cells = trail(table, "tokAna");
        void table.run(table.p1, () =>
          table.p1.token("battle", "tokAna").move(LONG_WALK, { method: "dragging" }),
        );
        await table.settle();
        expect([engineAt(table, "ana"), boardAt(table, "tokAna")]).toEqual([
          [1, 0],
          [1, 0],
        ]);
        await submit(table, table.gm, { type: "react", who: "orc", with: "decline", against: "ana" });
        await table.settle();
        // The engine moved Ana to the end with her AP spent; the rest of the walk is not priced again.
        expect(engineAt(table, "ana")).toEqual([8, 0]);
        expect(boardAt(table, "tokAna")).toEqual([8, 0]);
        expect(cells).toEqual([
          [1, 0],
          [8, 0],
        ]);
        expect(table.p1.movement.constrainedIds).toEqual([]);
      },
    );
  },
);

describe(
  "what other clients receive of a movement: the writer's put-back under every reading",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    it.each(MOVEMENT_KEYS)(
      "(update options carry %s) an ordinary player drag is not put back: one walk on the board, the engine agrees, the GM is not told",
      async (movementKey) => {
        const table = await battle({ readings: { movementKey } });
        const cells = trail(table, "tokAna");
        await table.run(table.p1, () =>
          table.p1.token("battle", "tokAna").move(AROUND, { method: "dragging" }),
        );
        await table.settle();
        // One movement, one arrival: never a jump back to [0, 0] and a second walk by the GM.
        expect(cells).toEqual([[2, 3]]);
        expect(engineAt(table, "ana")).toEqual([2, 3]);
        expect(boardAt(table, "tokAna")).toEqual([2, 3]);
        expect(table.gm.noticeKeys("warn")).not.toContain("TEMPO.Notify.UnannouncedMove");
      },
    );

    it.each(MOVEMENT_KEYS)(
      "(update options carry %s) a player's direct x/y update, no movement at all, is still put back and the GM told",
      async (movementKey) => {
        const table = await battle({ readings: { movementKey } });
        await table.run(table.p1, (_t, c) =>
          table.server.update(c, "Token", "tokAna", "battle", at(6, 0), {}),
        );
        await table.settle();
        expect(boardAt(table, "tokAna")).toEqual([0, 0]);
        expect(engineAt(table, "ana")).toEqual([0, 0]);
        expect(table.gm.noticeKeys("warn")).toContain("TEMPO.Notify.UnannouncedMove");
      },
    );
  },
);

describe.each([13, 14] as const)("a move a killing reaction stopped (v%i)", (version) => {
  it.each(["cleared", "keptPending"] as const)(
    "(a stop leaves the pending movement %s) the GM's next write puts the token where the engine has it",
    { timeout: TABLE_TIMEOUT_MS },
    async (stopClears) => {
      const table = await battle({ version, readings: { stopClears } });
      void table.run(table.p1, () => table.p1.token("battle", "tokAna").move(WALK, { method: "dragging" }));
      await table.settle();
      await submit(table, table.gm, {
        type: "react",
        who: "orc",
        with: "reactionAttack",
        against: "ana",
        outcome: "kill",
      });
      await table.settle();
      const asked = table.server.queries.filter((q) => q.name === "tempo.reactionPrompt" && q.to === "p1");
      table.run(table.p1, (tempo) => tempo.prompt.closePrompt((asked[0]?.data as { askId: string }).askId));
      await table.settle();
      expect([engineAt(table, "ana"), boardAt(table, "tokAna")]).toEqual([
        [1, 0],
        [1, 0],
      ]);
      // The GM raises Ana and walks her on: the board follows the GM's write, stale pending movement or not.
      await submit(table, table.gm, { type: "setDefeated", who: "ana", defeated: false });
      const answer = await submit(table, table.gm, {
        type: "move",
        who: "ana",
        path: [
          [0, 1],
          [0, 2],
        ],
      });
      await table.settle();
      expect(answer.ok).toBe(true);
      // Leaving the orc's reach provokes it again; it lets her go.
      if (table.encounter().offers.length > 0)
        await submit(table, table.gm, { type: "react", who: "orc", with: "decline", against: "ana" });
      await table.settle();
      expect(engineAt(table, "ana")).toEqual([0, 2]);
      expect(boardAt(table, "tokAna")).toEqual([0, 2]);
    },
  );
});
