/**
 * The command channel end to end, with the few Foundry globals it touches replaced by small
 * stand-ins (game.user, game.users.activeGM, Roll, ChatMessage, ui.notifications, Hooks): who
 * applies, who asks, what is written, what is shown.
 * The stand-in combat is passed `as never`: it has only the members the channel uses.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { createEncounter, getRuleset, type Command, type EncounterState } from "../../../src/engine";
import { COMMAND_QUERY, COMMAND_TIMEOUT_MS, handleCommandQuery, submit } from "../../../src/foundry/commands";

interface FakeUser {
  id: string;
  isGM: boolean;
  query?: (name: string, data: unknown, options: { timeout: number }) => Promise<unknown>;
}

/** A Combat as the channel reads and writes it: JSON fields stored as text, parsed when read. */
function fakeCombat(state: EncounterState, owners: Record<string, string[]>) {
  const system: Record<string, unknown> = { state, initial: state, log: [], last: null, seq: 0 };
  const names: Record<string, string> = { ana: "Ana", orc: "Orc" };
  const combatants = Object.keys(names).map((id) => ({
    id,
    name: names[id],
    initiative: null as number | null,
    actor: { testUserPermission: (user: FakeUser) => (owners[id] ?? []).includes(user.id) },
  }));
  const combat = {
    id: "combat1",
    encounter: null,
    stored: null,
    system,
    combatants: Object.assign(combatants, { get: (id: string) => combatants.find((c) => c.id === id) }),
    update: vi.fn(async (data: { system: Record<string, unknown> }) => {
      const json = ["state", "initial", "log", "last"];
      for (const [k, v] of Object.entries(data.system))
        system[k] = json.includes(k) && typeof v === "string" ? JSON.parse(v) : v;
    }),
    updateEmbeddedDocuments: vi.fn(
      async (_type: string, updates: { _id: string; initiative: number | null }[]) => {
        for (const u of updates) {
          const c = combatants.find((x) => x.id === u._id);
          if (c) c.initiative = u.initiative;
        }
      },
    ),
  };
  return combat;
}

function encounter(): EncounterState {
  return createEncounter(
    {
      ruleset: "flow",
      combatants: [
        { id: "ana", name: "Ana", side: "party", pc: true, stats: { agility: 1 } },
        { id: "orc", name: "Orc", side: "foes", stats: { agility: 0 } },
      ],
    },
    getRuleset("flow"),
  );
}

let dice: number[] = [];
const warn = vi.fn();
const chat = vi.fn(async () => ({}));
const hooks = vi.fn();

class FakeRoll {
  total: number | undefined;
  constructor(readonly formula: string) {}
  async evaluate(): Promise<this> {
    this.total = dice.shift();
    return this;
  }
}

function setClient(user: FakeUser, activeGM: FakeUser | null, combat: unknown, users: FakeUser[] = []): void {
  vi.stubGlobal("game", {
    user,
    users: { activeGM, get: (id: string) => [user, ...users].find((u) => u.id === id) },
    combats: { get: (id: string) => (id === "combat1" ? combat : undefined) },
    i18n: {
      localize: (key: string) => key,
      format: (key: string, data: Record<string, string>) => `${key} ${JSON.stringify(data)}`,
    },
  });
}

beforeEach(() => {
  dice = [];
  warn.mockClear();
  chat.mockClear();
  hooks.mockClear();
  vi.stubGlobal("Roll", FakeRoll);
  vi.stubGlobal("ChatMessage", { create: chat, getSpeaker: () => ({ alias: "x" }) });
  vi.stubGlobal("ui", { notifications: { warn, info: vi.fn() } });
  vi.stubGlobal("Hooks", { callAll: hooks });
});

afterEach(() => vi.unstubAllGlobals());

const gm: FakeUser = { id: "gm", isGM: true };

describe("submit on the active GM's client", () => {
  it("applies the command with real rolls, writes ONE combat update, mirrors initiative and posts the rolls", async () => {
    const combat = fakeCombat(encounter(), {});
    setClient(gm, gm, combat);
    dice = [9, 4];
    const answer = await submit(combat as never, { type: "start" });
    expect(answer).toEqual({ ok: true, refusal: null });
    expect(combat.update).toHaveBeenCalledTimes(1);
    const written = combat.update.mock.calls[0]?.[0] as {
      round: number;
      turn: number;
      system: { state: string };
    };
    expect(written.round).toBe(1);
    expect(written.turn).toBe(0);
    expect((JSON.parse(written.system.state) as EncounterState).current).toBe("ana");
    expect(combat.combatants.map((c) => c.initiative)).toEqual([10, 4]);
    expect(chat).toHaveBeenCalledTimes(1);
    expect((chat.mock.calls[0] as unknown as [{ rolls: FakeRoll[] }])[0].rolls.map((r) => r.formula)).toEqual(
      ["1d10", "1d10"],
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it("shows the engine's refusal as a localised warning and writes nothing", async () => {
    const combat = fakeCombat(encounter(), {});
    setClient(gm, gm, combat);
    const answer = await submit(combat as never, { type: "next" });
    expect(answer).toEqual({ ok: false, refusal: { key: "TEMPO.Refusal.NotStarted", data: {} } });
    expect(combat.update).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("TEMPO.Refusal.NotStarted {}");
  });
});

describe("submit on a player's client", () => {
  const player: FakeUser = { id: "p1", isGM: false };

  it(`asks the active GM with "${COMMAND_QUERY}" and shows the GM's refusal`, async () => {
    const query = vi.fn(async () => ({
      ok: false,
      refusal: { key: "TEMPO.Refusal.NotYourTurn", data: { who: "Orc" } },
    }));
    const combat = fakeCombat(encounter(), {});
    setClient(player, { id: "gm", isGM: true, query }, combat);
    const command: Command = { type: "endTurn", who: "orc" };
    const answer = await submit(combat as never, command);
    expect(query).toHaveBeenCalledWith(
      COMMAND_QUERY,
      { combatId: "combat1", command, userId: "p1" },
      { timeout: COMMAND_TIMEOUT_MS },
    );
    expect(answer.ok).toBe(false);
    expect(warn).toHaveBeenCalledWith('TEMPO.Refusal.NotYourTurn {"who":"Orc"}');
    expect(combat.update).not.toHaveBeenCalled();
  });

  it("refuses with a notice when no GM is connected", async () => {
    const combat = fakeCombat(encounter(), {});
    setClient(player, null, combat);
    const answer = await submit(combat as never, { type: "endTurn", who: "ana" });
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.NoActiveGM");
    expect(warn).toHaveBeenCalledWith("TEMPO.Refusal.NoActiveGM {}");
  });

  it("refuses when the GM's client does not answer in time", async () => {
    const query = vi.fn(async () => {
      throw new Error("timed out");
    });
    const combat = fakeCombat(encounter(), {});
    setClient(player, { id: "gm", isGM: true, query }, combat);
    const answer = await submit(combat as never, { type: "endTurn", who: "ana" });
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.GMDidNotAnswer");
  });
});

describe("the GM's query handler", () => {
  const owner: FakeUser = { id: "p1", isGM: false };
  const other: FakeUser = { id: "p2", isGM: false };

  async function startedCombat() {
    const combat = fakeCombat(encounter(), { ana: ["p1"] });
    setClient(gm, gm, combat, [owner, other]);
    dice = [9, 4];
    await submit(combat as never, { type: "start" });
    combat.update.mockClear();
    return combat;
  }

  it("applies a command from the user who owns the acting combatant's actor", async () => {
    const combat = await startedCombat();
    const answer = await handleCommandQuery({
      combatId: "combat1",
      userId: "p1",
      command: { type: "endTurn", who: "ana" },
    });
    expect(answer).toEqual({ ok: true, refusal: null });
    expect(combat.update).toHaveBeenCalledTimes(1);
  });

  it("refuses a command for a combatant the asking user does not own", async () => {
    const combat = await startedCombat();
    const answer = await handleCommandQuery({
      combatId: "combat1",
      userId: "p2",
      command: { type: "endTurn", who: "ana" },
    });
    expect(answer).toEqual({
      ok: false,
      refusal: { key: "TEMPO.Refusal.NotYourCombatant", data: { who: "Ana" } },
    });
    expect(combat.update).not.toHaveBeenCalled();
  });

  it("refuses a GM command from a player", async () => {
    await startedCombat();
    const answer = await handleCommandQuery({ combatId: "combat1", userId: "p1", command: { type: "next" } });
    expect(answer.refusal?.key).toBe("TEMPO.Refusal.GMOnly");
  });

  it("refuses malformed requests, unknown users and unknown combats", async () => {
    await startedCombat();
    expect((await handleCommandQuery({ combatId: "combat1" })).refusal?.key).toBe("TEMPO.Refusal.BadRequest");
    const ghost = { combatId: "combat1", userId: "nobody", command: { type: "next" } };
    expect((await handleCommandQuery(ghost)).refusal?.key).toBe("TEMPO.Refusal.BadRequest");
    const elsewhere = { combatId: "other", userId: "p1", command: { type: "next" } };
    expect((await handleCommandQuery(elsewhere)).refusal?.key).toBe("TEMPO.Refusal.BadRequest");
  });
});
