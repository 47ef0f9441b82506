import { describe, expect, it } from "vitest";
import {
  closePending,
  decline,
  findOffer,
  findPending,
  offer,
  offerEach,
  offersForTrigger,
  offersOf,
  openPending,
  requireNoOpenOffers,
  withdrawOffers,
} from "../../../src/engine/core/offers";
import { coreContext, refusalOf } from "./context";

/**
 * Pending triggers and reaction offers, the core every ruleset's reactions are built on: offers
 * belong to one trigger and one reactor; answering, declining or withdrawing touches only the
 * offers it names, whoever else has offers open.
 */

/** Two attacks held at once: orc's on ana (ana and bo may answer) and orc's on bo. */
function twoAttacks() {
  const ctx = coreContext();
  const first = openPending(ctx, "attack", "orc", { target: "ana" });
  const second = openPending(ctx, "attack", "orc", { target: "bo" });
  offer(ctx, "ana", "dodge", "orc", first);
  offer(ctx, "bo", "intercept", "orc", first, [0, 1]);
  offer(ctx, "bo", "dodge", "orc", second);
  ctx.events.length = 0;
  return { ctx, first, second };
}

const open = (ctx: ReturnType<typeof coreContext>) =>
  ctx.state.offers.map((o) => `${o.id}:${o.who}/${o.with}`);

describe("pending triggers", () => {
  it("numbers pendings and offers from one counter kept in the state, so replays match", () => {
    const ctx = coreContext();
    const seq = ctx.state.seq;
    const p = openPending(ctx, "attack", "orc", { target: "ana" });
    const o = offer(ctx, "ana", "dodge", "orc", p);
    expect([p.id, o.id]).toEqual([`p${seq + 1}`, `o${seq + 2}`]);
    expect(ctx.state.pending).toEqual([{ id: p.id, kind: "attack", actor: "orc", data: { target: "ana" } }]);
  });

  it("finds and closes only the pending named", () => {
    const { ctx, first, second } = twoAttacks();
    expect(findPending(ctx, second.id)).toBe(second);
    expect(findPending(ctx, "p999")).toBeUndefined();
    closePending(ctx, first.id);
    expect(ctx.state.pending.map((p) => p.id)).toEqual([second.id]);
  });
});

describe("offers", () => {
  it("offers made together get the ids, list order and events they would get one by one", () => {
    const together = coreContext();
    const alone = coreContext();
    const wanted = [
      { who: "ana", with: "dodge", against: "orc" },
      { who: "bo", with: "intercept", against: "orc", cell: [0, 1] as const },
      { who: "ana", with: "parry", against: "orc", cell: null },
    ];
    const p = openPending(together, "attack", "orc", {});
    const q = openPending(alone, "attack", "orc", {});
    const made = offerEach(together, p, wanted);
    for (const w of wanted) offer(alone, w.who, w.with, w.against, q, w.cell ?? null);
    expect(made.map((o) => o.id)).toEqual(alone.state.offers.map((o) => o.id));
    expect(together.state.offers).toEqual(alone.state.offers);
    expect(together.events).toEqual(alone.events);
    expect(together.state.seq).toBe(alone.state.seq);
    // An offer is never changed in place (it is made, then withdrawn): frozen, with its own cell.
    expect(made.every((o) => Object.isFrozen(o))).toBe(true);
    expect(made[1]?.cell).not.toBe(wanted[1]?.cell);
    // Nothing wanted: the list and the counter stay as they were.
    const seq = together.state.seq;
    expect(offerEach(together, p, [])).toEqual([]);
    expect(together.state.seq).toBe(seq);
    expect(together.state.offers).toHaveLength(3);
  });

  it("records an offer with its trigger and cell, and announces it with the trigger's kind", () => {
    const ctx = coreContext();
    const p = openPending(ctx, "move", "ana", {});
    const o = offer(ctx, "orc", "reactionAttack", "ana", p, [0, 0]);
    expect(ctx.state.offers).toEqual([
      { id: o.id, who: "orc", with: "reactionAttack", against: "ana", trigger: p.id, cell: [0, 0] },
    ]);
    expect(ctx.events).toEqual([
      {
        type: "reactionOffered",
        offer: o.id,
        who: "orc",
        with: "reactionAttack",
        against: "ana",
        trigger: p.id,
        kind: "move",
        cell: [0, 0],
      },
    ]);
    const plain = offer(ctx, "bo", "dodge", "orc", p);
    expect(plain.cell).toBeNull();
    expect(ctx.events[1]).toMatchObject({ offer: plain.id, cell: null });
  });

  it("lists a reactor's offers, for one trigger or all, and a trigger's offers", () => {
    const { ctx, first, second } = twoAttacks();
    expect(offersOf(ctx, "bo").map((o) => o.with)).toEqual(["intercept", "dodge"]);
    expect(offersOf(ctx, "bo", second.id).map((o) => o.with)).toEqual(["dodge"]);
    expect(offersOf(ctx, "orc")).toEqual([]);
    expect(offersForTrigger(ctx, first.id).map((o) => o.who)).toEqual(["ana", "bo"]);
  });

  it("refuses turn-taking while any offer is open, counting them", () => {
    const { ctx } = twoAttacks();
    expect(refusalOf(() => requireNoOpenOffers(ctx))).toEqual({
      key: "TEMPO.Refusal.ReactionsPending",
      data: { count: 3 },
    });
    expect(() => requireNoOpenOffers(coreContext())).not.toThrow();
  });
});

describe("withdrawing offers", () => {
  it("withdraws only the offers that match, announcing each with its reason", () => {
    const { ctx, first } = twoAttacks();
    const [anaDodge, boIntercept, boDodge] = ctx.state.offers;
    withdrawOffers(ctx, (o) => o.trigger === first.id, "answered");
    expect(open(ctx)).toEqual([`${boDodge?.id}:bo/dodge`]);
    expect(ctx.events).toEqual([
      { type: "offerWithdrawn", offer: anaDodge?.id, who: "ana", with: "dodge", reason: "answered" },
      { type: "offerWithdrawn", offer: boIntercept?.id, who: "bo", with: "intercept", reason: "answered" },
    ]);
  });

  it("says nothing when nothing matches", () => {
    const { ctx } = twoAttacks();
    withdrawOffers(ctx, (o) => o.who === "orc", "defeated");
    expect(ctx.state.offers).toHaveLength(3);
    expect(ctx.events).toEqual([]);
  });
});

describe("answering: findOffer", () => {
  it("finds the reactor's offer of that reaction, against the foe named if any", () => {
    const ctx = coreContext();
    const a = openPending(ctx, "attack", "orc", {});
    const b = openPending(ctx, "attack", "bo", {});
    const fromOrc = offer(ctx, "ana", "dodge", "orc", a);
    const fromBo = offer(ctx, "ana", "dodge", "bo", b);
    expect(findOffer(ctx, "ana", "dodge")).toBe(fromOrc);
    expect(findOffer(ctx, "ana", "dodge", "bo")).toBe(fromBo);
    expect(findOffer(ctx, "ana", "dodge", "orc")).toBe(fromOrc);
  });

  it("refuses another reactor's offer, another reaction, and a foe with no offer", () => {
    const { ctx } = twoAttacks();
    expect(refusalOf(() => findOffer(ctx, "ana", "intercept"))).toEqual({
      key: "TEMPO.Refusal.NoSuchOffer",
      data: { who: "ana", reaction: "intercept" },
    });
    expect(refusalOf(() => findOffer(ctx, "orc", "dodge")).key).toBe("TEMPO.Refusal.NoSuchOffer");
    expect(refusalOf(() => findOffer(ctx, "ana", "dodge", "bo")).key).toBe("TEMPO.Refusal.NoSuchOffer");
  });
});

describe("declining", () => {
  it("withdraws every offer of the one declining and none of anyone else's, in either order", () => {
    for (const [first, second] of [
      ["ana", "bo"],
      ["bo", "ana"],
    ] as const) {
      const { ctx } = twoAttacks();
      decline(ctx, first);
      expect(ctx.state.offers.map((o) => o.who)).toEqual(second === "bo" ? ["bo", "bo"] : ["ana"]);
      decline(ctx, second);
      expect(ctx.state.offers).toEqual([]);
    }
  });

  it("returns the triggers it leaves unanswered, each once", () => {
    const { ctx, first, second } = twoAttacks();
    expect(decline(ctx, "bo")).toEqual([first.id, second.id]);
    const again = twoAttacks();
    offer(again.ctx, "ana", "parry", "orc", again.first);
    expect(decline(again.ctx, "ana")).toEqual([again.first.id]);
  });

  it("declines against one foe only when it is named, and says against whom", () => {
    const ctx = coreContext();
    const a = openPending(ctx, "attack", "orc", {});
    const b = openPending(ctx, "attack", "bo", {});
    offer(ctx, "ana", "dodge", "orc", a);
    offer(ctx, "ana", "dodge", "bo", b);
    ctx.events.length = 0;
    expect(decline(ctx, "ana", "bo")).toEqual([b.id]);
    expect(ctx.state.offers.map((o) => o.against)).toEqual(["orc"]);
    expect(ctx.events).toEqual([{ type: "reactionDeclined", who: "ana", against: "bo" }]);
    decline(ctx, "ana");
    // Without a foe named, the event names the first declined offer's foe.
    expect(ctx.events[1]).toEqual({ type: "reactionDeclined", who: "ana", against: "orc" });
  });

  it("refuses to decline with no offer open (or none against the foe named), changing nothing", () => {
    const { ctx } = twoAttacks();
    expect(refusalOf(() => decline(ctx, "orc"))).toEqual({
      key: "TEMPO.Refusal.NoSuchOffer",
      data: { who: "orc", reaction: "decline" },
    });
    expect(refusalOf(() => decline(ctx, "ana", "bo")).key).toBe("TEMPO.Refusal.NoSuchOffer");
    expect(ctx.state.offers).toHaveLength(3);
    expect(ctx.events).toEqual([]);
  });
});
