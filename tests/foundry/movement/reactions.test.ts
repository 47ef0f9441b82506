import { describe, expect, it, vi } from "vitest";

import { getRuleset, type Command, type Ruleset, combatantIn } from "../../../src/engine";
// The rules folder's index: every plain decision the movement and reaction glue reads.
import {
  answererFor,
  checkAnswer,
  collect,
  inInitiativeOrder,
  pathAfter,
  perceives,
  previewFor,
  previewSeenBy,
  promptStillOpen,
  resolveReactions,
  stepCost,
  storedAsk,
  tokenMoves,
  undoMove,
  unseenDeclines,
  type ReactionAsk,
  type ReactionHost,
  type Sent,
  type SightData,
} from "../../../src/foundry/rules";
import { fight, type Table } from "./helpers";

/** Ana's drag: [3,0] → [2,0] → [2,-1] → [1,-1] → [0,-1]; the orc at [1,0] threatens [2,0], [2,-1] and [1,-1]. */
const DRAG: [number, number][] = [
  [2, 0],
  [2, -1],
  [1, -1],
  [0, -1],
];

const OWNERS: Record<string, string> = { ana: "player", orc: "gm", gob: "gm", wolf: "gm" };

type Reply = (ask: ReactionAsk, table: Table) => Promise<unknown>;

/** A GM's host over an in-memory table; `reply` scripts what each asked user answers. */
function host(
  table: Table,
  reply: Reply,
  over: Partial<ReactionHost> = {},
): ReactionHost & { sent: ReactionAsk[] } {
  let id = 0;
  const sent: ReactionAsk[] = [];
  return {
    combatId: "c1",
    gmId: "gm",
    read: () => table.state,
    write: (commands, userId) => Promise.resolve(table.write(commands, userId)),
    send: (ask): Sent => {
      sent.push(ask);
      return { ask, userId: OWNERS[ask.reactor] ?? "gm", reply: reply(ask, table) };
    },
    owns: (userId, combatantId) => userId === "gm" || OWNERS[combatantId] === userId,
    sees: () => true,
    seconds: 15,
    nextId: () => `a${(id += 1)}`,
    sent,
    ...over,
  };
}

const decline: Reply = (ask) => Promise.resolve({ askId: ask.askId, offerId: null });
const take: Reply = (ask) => Promise.resolve({ askId: ask.askId, offerId: ask.offers[0]?.id ?? null });

describe("a dragged move is held where it leaves a threatened hex", () => {
  it('marks the cell it leaves under threat (flow: "moves OUT of any hex you threaten")', () => {
    const table = fight();
    const preview = previewFor(table.state, "ana", DRAG, "normal");
    expect(preview.refusal).toBeNull();
    expect(preview.cost).toEqual({ ap: 1 });
    expect(preview.provocations).toEqual([{ cell: [2, 0], step: 1, by: ["orc"] }]);
  });

  it("holds the token at that cell, not at the end of the drag", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    expect(combatantIn(table.state, "ana")?.at).toEqual([2, 0]);
    expect(tokenMoves(table.events, table.state)).toEqual([{ who: "ana", path: [[2, 0]], to: [2, 0] }]);
  });

  it("resumes the rest of the move once the threatener declines", async () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const before = table.events.length;
    const report = await resolveReactions(host(table, decline));
    expect(report.applied).toEqual([{ type: "react", who: "orc", with: "decline", against: "ana" }]);
    expect(combatantIn(table.state, "ana")?.at).toEqual([0, -1]);
    const moved = table.events.slice(before).find((e) => e.type === "moved");
    expect(moved?.["path"]).toEqual([
      [3, 0],
      [2, 0],
      [2, -1],
      [1, -1],
      [0, -1],
    ]);
    expect(tokenMoves(table.events.slice(before), table.state)).toEqual([
      {
        who: "ana",
        path: [
          [3, 0],
          [2, 0],
          [2, -1],
          [1, -1],
          [0, -1],
        ],
        to: [0, -1],
      },
    ]);
  });

  it("stops the move where the reaction kills the mover (flow: a kill stops the move)", async () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const killing = host(table, (ask) => (ask.reactor === "orc" ? take(ask, table) : decline(ask, table)));
    // The Reaction Attack's result is stipulated (as scenarios do) so the test does not hang on dice.
    killing.write = (commands, userId) =>
      Promise.resolve(
        table.write(
          commands.map((c): Command =>
            c.type === "react" && c.with === "reactionAttack" ? { ...c, outcome: "kill" } : c,
          ),
          userId,
        ),
      );
    await resolveReactions(killing);
    expect(combatantIn(table.state, "ana")?.defeated).toBe(true);
    expect(combatantIn(table.state, "ana")?.at).toEqual([2, 0]);
    expect(table.events.some((e) => e.type === "moveStopped" && e["who"] === "ana")).toBe(true);
    expect(table.state.offers).toEqual([]);
  });
});

describe("answers that do not come", () => {
  it("declines for a user whose countdown ran out", async () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const hows: (string | undefined)[] = [];
    const timedOut = host(table, () => Promise.resolve(null));
    timedOut.write = (commands, userId, how) => {
      hows.push(how);
      return Promise.resolve(table.write(commands, userId));
    };
    const report = await resolveReactions(timedOut);
    expect(report.collected.map((c) => c.how)).toEqual(["timeout"]);
    // Issue 30: the write is told the decline stood in for a timeout, so its chat card says so.
    expect(hows).toEqual(["timeout"]);
    expect(report.applied).toEqual([{ type: "react", who: "orc", with: "decline", against: "ana" }]);
    expect(combatantIn(table.state, "orc")?.pools["rp"]).toBe(2);
    expect(combatantIn(table.state, "ana")?.at).toEqual([0, -1]);
  });

  it("declines for a user who disconnected (the query rejects)", async () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const report = await resolveReactions(host(table, () => Promise.reject(new Error("user went away"))));
    expect(report.collected.map((c) => c.how)).toEqual(["disconnected"]);
    expect(table.state.offers).toEqual([]);
    expect(combatantIn(table.state, "ana")?.at).toEqual([0, -1]);
  });

  it("collect treats null as the countdown running out and a rejection as a disconnect", async () => {
    const ask = (reactor: string): ReactionAsk => ({
      askId: reactor,
      combatId: "c",
      reactor,
      offers: [],
      seconds: 15,
    });
    const got = await collect(
      [
        { ask: ask("a"), userId: "u1", reply: Promise.resolve(null) },
        { ask: ask("b"), userId: "u2", reply: Promise.reject(new Error("gone")) },
        { ask: ask("c"), userId: "u3", reply: Promise.resolve({ askId: "c", offerId: "o1" }) },
      ],
      "gm",
    );
    expect(got.map((g) => [g.how, g.answeredBy])).toEqual([
      ["timeout", "gm"],
      ["disconnected", "gm"],
      ["answered", "u3"],
    ]);
  });
});

describe("answers are checked on the GM's client", () => {
  function askFor(table: Table): ReactionAsk {
    const offers = table.state.offers.filter((o) => o.who === "orc");
    return { askId: "a1", combatId: "c1", reactor: "orc", offers, seconds: 15 };
  }

  it("refuses an answer from a user who does not own the reactor", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const ask = askFor(table);
    const verdict = checkAnswer(
      table.state,
      ask,
      { askId: "a1", offerId: ask.offers[0]?.id ?? "" },
      "player",
      (u, c) => OWNERS[c] === u,
    );
    expect(verdict).toEqual({
      ok: false,
      refusal: { key: "TEMPO.Prompt.Refused.NotYours", data: { who: "Orc" } },
    });
  });

  it("refuses an answer naming an offer that is not open", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const verdict = checkAnswer(
      table.state,
      askFor(table),
      { askId: "a1", offerId: "o999" },
      "gm",
      () => true,
    );
    expect(verdict.ok).toBe(false);
  });

  it("refuses an answer to another prompt, or one that is not an answer at all", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    expect(checkAnswer(table.state, askFor(table), { askId: "a2", offerId: null }, "gm", () => true).ok).toBe(
      false,
    );
    expect(checkAnswer(table.state, askFor(table), "dodge", "gm", () => true).ok).toBe(false);
  });

  it("refuses a duplicate answer: the offer closed with the first one and nothing changes", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const ask = askFor(table);
    const first = checkAnswer(table.state, ask, { askId: "a1", offerId: null }, "gm", () => true);
    if (!first.ok) throw new Error("first answer refused");
    table.write(first.commands, "gm");
    const after = table.state;
    const again = checkAnswer(
      table.state,
      ask,
      { askId: "a1", offerId: ask.offers[0]?.id ?? "" },
      "gm",
      () => true,
    );
    expect(again).toEqual({ ok: false, refusal: { key: "TEMPO.Prompt.Refused.Closed", data: {} } });
    expect(table.state).toBe(after);
  });

  it('refuses a reaction the pools no longer allow ("provided you have the RP to do so")', () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const ask = askFor(table);
    table.write([{ type: "adjustPool", who: "orc", pool: "rp", delta: -2 }], "gm");
    const verdict = checkAnswer(
      table.state,
      ask,
      { askId: "a1", offerId: ask.offers[0]?.id ?? "" },
      "gm",
      () => true,
    );
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.refusal.key).toBe("TEMPO.Refusal.NotEnoughRP");
  });

  it("a forged answer changes nothing, and the offer is declined so the table goes on", async () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    // The orc's prompt is answered by the player's client (not the orc's owner).
    const forged = host(table, take, {
      send: (ask) => ({ ask, userId: "player", reply: take(ask, table) }),
    });
    const report = await resolveReactions(forged);
    expect(report.refused.map((r) => r.refusal.key)).toEqual(["TEMPO.Prompt.Refused.NotYours"]);
    expect(combatantIn(table.state, "orc")?.pools["rp"]).toBe(2);
    expect(table.log.filter((e) => e.command.type === "react").map((e) => e.command)).toEqual([
      { type: "react", who: "orc", with: "decline", against: "ana" },
    ]);
  });
});

describe("several threateners", () => {
  it("asks them all at once and applies the answers in initiative order", async () => {
    // Ana at [0,0] between the orc [1,0] and the goblin [-1,1]: leaving [0,0] provokes both.
    const table = fight({ ana: [0, 0], orc: [1, 0], gob: [-1, 1] });
    table.write(
      [
        {
          type: "move",
          who: "ana",
          path: [
            [0, -1],
            [-1, -1],
          ],
        },
      ],
      "player",
    );
    expect(table.state.offers.map((o) => o.who).sort()).toEqual(["gob", "orc"]);
    const releases: (() => void)[] = [];
    let sentBeforeAnyReply = 0;
    const h = host(table, (ask) => {
      sentBeforeAnyReply += 1;
      return new Promise((done) => releases.push(() => done({ askId: ask.askId, offerId: null })));
    });
    const running = resolveReactions(h);
    await Promise.resolve();
    // Both were asked before either answered; the goblin (initiative 3) answers first.
    expect(sentBeforeAnyReply).toBe(2);
    releases[1]?.();
    releases[0]?.();
    const report = await running;
    expect(report.applied.map((c) => (c.type === "react" ? c.who : ""))).toEqual(["orc", "gob"]);
  });

  it("orders by the engine's order, then initiative, then roster", () => {
    const table = fight();
    expect(inInitiativeOrder(table.state, ["wolf", "gob", "orc", "ana"])).toEqual([
      "ana",
      "orc",
      "gob",
      "wolf",
    ]);
  });
});

describe("hidden and invisible movers", () => {
  const seen: SightData = { hidden: false, statuses: [], detectionModes: [] };

  it("a hidden mover is unseen, an invisible one unseen without a sense for it, unless the setting says otherwise", () => {
    expect(perceives(seen, { ...seen, hidden: true }, false)).toBe(false);
    expect(perceives(seen, { ...seen, statuses: ["invisible"] }, false)).toBe(false);
    expect(
      perceives(
        { ...seen, detectionModes: [{ id: "seeInvisibility", enabled: true }] },
        { ...seen, statuses: ["invisible"] },
        false,
      ),
    ).toBe(true);
    expect(perceives({ ...seen, statuses: ["blind"] }, seen, false)).toBe(false);
    expect(perceives(seen, seen, false)).toBe(true);
    expect(perceives(seen, { ...seen, hidden: true }, true)).toBe(true);
  });

  it("does not provoke: the GM declines for the reactor without asking, and the move goes on", async () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const h = host(table, take, { sees: (_reactor, mover) => mover !== "ana" });
    await resolveReactions(h);
    expect(h.sent).toEqual([]);
    expect(combatantIn(table.state, "ana")?.at).toEqual([0, -1]);
    expect(combatantIn(table.state, "orc")?.pools["rp"]).toBe(2);
  });

  it("the ruler marks no provocation from a reactor who cannot see the mover", () => {
    const table = fight();
    const preview = previewSeenBy(previewFor(table.state, "ana", DRAG, "normal"), (id) => id !== "orc");
    expect(preview.provocations).toEqual([]);
  });

  it("only move offers are declined for the unseen: an attack is still seen", () => {
    const table = fight({ ana: [2, 0] });
    table.write([{ type: "endTurn", who: "ana" }], "gm");
    table.write([{ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" }], "gm");
    expect(table.state.offers.length).toBeGreaterThan(0);
    expect(unseenDeclines(table.state, () => false)).toEqual([]);
  });
});

describe("who answers a prompt", () => {
  const users = [
    { id: "gm", isGM: true, active: true, character: null },
    { id: "p1", isGM: false, active: true, character: "actorA" },
    { id: "p2", isGM: false, active: false, character: "actorB" },
  ];
  const owns = (userId: string, actorId: string) =>
    (userId === "p1" && actorId === "actorA") || (userId === "p2" && actorId === "actorB");

  it("the threatener's owner when connected, the GM for NPCs and for owners who are away", () => {
    expect(answererFor("actorA", users, owns, "gm")).toBe("p1");
    expect(answererFor("actorB", users, owns, "gm")).toBe("gm");
    expect(answererFor("npc", users, owns, "gm")).toBe("gm");
    expect(answererFor(null, users, owns, "gm")).toBe("gm");
  });
});

describe("paths and the cost safety net", () => {
  it("drops waypoints repeated in one cell and the start cell", () => {
    expect(
      pathAfter(
        [0, 0],
        [
          [0, 0],
          [1, 0],
          [1, 0],
          [2, 0],
        ],
      ),
    ).toEqual([
      [1, 0],
      [2, 0],
    ]);
  });

  it('costs Infinity past what the AP allow (flow: "The most a player can move per round is 2 AP worth of movement")', () => {
    const table = fight({ ana: [6, 0] });
    expect(stepCost(table.state, "ana", [7, 0], "normal", 1)).toBe(1);
    expect(stepCost(table.state, "ana", [18, 0], "normal", 1)).toBe(1);
    expect(stepCost(table.state, "ana", [19, 0], "normal", 1)).toBe(Infinity);
    // Not a Tempo combatant, or no combat: the step costs what Foundry measured.
    expect(stepCost(null, "ana", [19, 0], "normal", 1)).toBe(1);
    expect(stepCost(table.state, null, [19, 0], "normal", 1)).toBe(1);
  });

  it("plans each cell once per state: a drag's redraws ask the engine once per cell, a new state afresh", () => {
    const table = fight({ ana: [6, 0] });
    // flow has a previewMove (Ruleset declares it optional).
    const flow = getRuleset("flow") as Required<Pick<Ruleset, "previewMove">>;
    const preview = vi.spyOn(flow, "previewMove");
    try {
      // Foundry prices every step of the path on every redraw of the drag.
      for (let redraw = 0; redraw < 5; redraw++)
        for (let x = 7; x <= 19; x++) stepCost(table.state, "ana", [x, 0], "normal", 1);
      expect(preview).toHaveBeenCalledTimes(13);
      expect(stepCost(table.state, "ana", [19, 0], "normal", 1)).toBe(Infinity);
      expect(stepCost(table.state, "ana", [18, 0], "normal", 1)).toBe(1);
      // Another mode is another plan; a write makes a new state, planned afresh.
      stepCost(table.state, "ana", [7, 0], "step", 1);
      expect(preview).toHaveBeenCalledTimes(14);
      stepCost(structuredClone(table.state), "ana", [7, 0], "normal", 1);
      expect(preview).toHaveBeenCalledTimes(15);
    } finally {
      preview.mockRestore();
    }
  });
});

describe("undoing a move", () => {
  it("gives the AP back when no reaction was taken (a declined offer does not count)", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    table.write([{ type: "react", who: "orc", with: "decline", against: "ana" }], "gm");
    expect(combatantIn(table.state, "ana")?.pools["ap"]).toBe(4);
    const undo = undoMove(table.initial, table.log, "ana", table.state);
    expect(undo.ok).toBe(true);
    if (!undo.ok) return;
    expect(undo.keep).toBe(1);
    expect(combatantIn(undo.state, "ana")?.pools["ap"]).toBe(5);
    expect(combatantIn(undo.state, "ana")?.at).toEqual([3, 0]);
    expect(undo.state.offers).toEqual([]);
  });

  it("keeps the move once a reaction was taken against it, so no reaction happens twice", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    table.write(
      [{ type: "react", who: "orc", with: "reactionAttack", against: "ana", outcome: "miss" }],
      "gm",
    );
    const undo = undoMove(table.initial, table.log, "ana", table.state);
    expect(undo).toEqual({ ok: false, refusal: { key: "TEMPO.Movement.Undo.ReactionTaken", data: {} } });
  });

  it("refuses to undo a held move while its reaction prompts are open (issue 12: undo waits for the offers)", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    expect(table.state.offers.map((o) => o.who)).toEqual(["orc"]);
    const undo = undoMove(table.initial, table.log, "ana", table.state);
    expect(undo).toEqual({ ok: false, refusal: { key: "TEMPO.Movement.Undo.OffersOpen", data: {} } });
  });

  it("only undoes the combatant's own last move", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: [[4, 0]] }], "player");
    expect(undoMove(table.initial, table.log, "orc", table.state).ok).toBe(false);
    table.write([{ type: "endTurn", who: "ana" }], "player");
    expect(undoMove(table.initial, table.log, "ana", table.state).ok).toBe(false);
  });
});

describe("a prompt is shown only for offers open in the stored combat state (issue 12: no fake prompts)", () => {
  function asked(table: Table, over: Partial<ReactionAsk> = {}): ReactionAsk {
    return {
      askId: "a1",
      combatId: "c1",
      reactor: "orc",
      offers: table.state.offers.filter((o) => o.who === "orc"),
      seconds: 15,
      ...over,
    };
  }
  const anyone = () => true;

  it("shows the reactor's open offers as stored, whatever the payload claims about them", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const stored = table.state.offers.filter((o) => o.who === "orc");
    const forged = asked(table, { offers: stored.map((o) => ({ ...o, with: "riposte", against: "gob" })) });
    expect(storedAsk(table.state, forged, anyone)?.offers).toEqual(stored);
  });

  it("shows nothing for an offer that is not open: made up, or already answered", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const made = asked(table, {
      offers: [{ id: "o99", who: "orc", with: "reactionAttack", against: "ana", trigger: "p1", cell: null }],
    });
    expect(storedAsk(table.state, made, anyone)).toBeNull();
    const real = asked(table);
    table.write([{ type: "react", who: "orc", with: "decline", against: "ana" }], "gm");
    expect(storedAsk(table.state, real, anyone)).toBeNull();
  });

  it("shows nothing when the offer is someone else's, or this user may not answer for the reactor", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    const orcOffers = table.state.offers.filter((o) => o.who === "orc");
    expect(storedAsk(table.state, asked(table, { reactor: "gob", offers: orcOffers }), anyone)).toBeNull();
    expect(storedAsk(table.state, asked(table), (reactor) => reactor !== "orc")).toBeNull();
  });

  it("shows nothing without a running combat", () => {
    const table = fight();
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    expect(storedAsk(null, asked(table), anyone)).toBeNull();
  });
});

describe("an open prompt closes cleanly", () => {
  function open(table: Table): ReactionAsk {
    table.write([{ type: "move", who: "ana", path: DRAG }], "player");
    return {
      askId: "a1",
      combatId: "c1",
      reactor: "orc",
      offers: table.state.offers.filter((o) => o.who === "orc"),
      seconds: 15,
    };
  }

  it("stays while its offer is open", () => {
    const table = fight();
    const ask = open(table);
    expect(promptStillOpen(table.state, ask)).toBe(true);
  });

  it("closes when the combatant is removed (its offers are withdrawn)", () => {
    const table = fight();
    const ask = open(table);
    table.write([{ type: "removeCombatant", who: "orc" }], "gm");
    expect(promptStillOpen(table.state, ask)).toBe(false);
  });

  it("closes when the combat ends, or is deleted", () => {
    const table = fight();
    const ask = open(table);
    table.write([{ type: "end" }], "gm");
    expect(promptStillOpen(table.state, ask)).toBe(false);
    expect(promptStillOpen(null, ask)).toBe(false);
  });

  it("closes when the reactor's token is deleted", () => {
    const table = fight();
    const ask = open(table);
    expect(promptStillOpen(table.state, ask)).toBe(true);
    expect(promptStillOpen(table.state, ask, true)).toBe(false);
  });

  it("closes when the offer was answered elsewhere (the sheet's React button)", () => {
    const table = fight();
    const ask = open(table);
    table.write([{ type: "react", who: "orc", with: "decline", against: "ana" }], "gm");
    expect(promptStillOpen(table.state, ask)).toBe(false);
  });
});
