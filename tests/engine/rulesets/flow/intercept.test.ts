import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { type Table, orcHitsAna } from "./helpers";

/**
 * flow Intercept in detail: "Intercept: 2 RP to move up to 3 hexes to take an attack for an
 * adjacent ally"; "you may optionally choose to move your ally 1 hex away from your movement
 * direction, and take their place"; "No other reactions may be used as a result of this".
 */

/** orc (first, on 9) attacks ana at [0, 0] from [1, 0]; bob may intercept from [-2, 0]. */
function attacked(extra: CombatantSetup[] = []): Table {
  const t = orcHitsAna(extra);
  expect(t.state.current).toBe("orc");
  return t;
}

describe("flow Intercept resolution", () => {
  it("reports the intercept with the ally it was for, and gives FP only when it wins", () => {
    const won = attacked();
    won.do({ type: "react", who: "bob", with: "intercept", outcome: "success" });
    expect(won.event("reactionResolved")).toEqual({
      type: "reactionResolved",
      who: "bob",
      with: "intercept",
      against: "orc",
      won: true,
      level: "normal",
      for: "ana",
    });
    // "Gain 1 FP from a successful reaction (once per round)": 2 at the start, 3 after.
    expect(won.pools("bob").fp).toBe(3);
    const lost = attacked();
    lost.do({ type: "react", who: "bob", with: "intercept", outcome: "fail" });
    expect(lost.event("reactionResolved")).toMatchObject({ won: false, level: "fail", for: "ana" });
    expect(lost.pools("bob").fp).toBe(2);
  });

  it("closes every offer against the attack when one intercepts and wins, the target's own defences too", () => {
    const t = attacked();
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc", "bob/intercept/orc"]);
    t.do({ type: "react", who: "bob", with: "intercept", outcome: "success" });
    expect(t.offers()).toEqual([]);
    // The Intercept is answered first; its win then closes the target's own (interceptLost: allyReacts).
    expect(t.events.filter((e) => e.type === "offerWithdrawn").map((e) => [e.who, e.with, e.reason])).toEqual(
      [
        ["bob", "intercept", "answered"],
        ["ana", "dodge", "answered"],
        ["ana", "parry", "answered"],
        ["ana", "riposte", "answered"],
      ],
    );
  });

  it("withdraws the interceptor's offer as avoided when the target's own defence wins first", () => {
    const t = attacked();
    t.do({ type: "react", who: "ana", with: "dodge", outcome: "success" });
    expect(t.offers()).toEqual([]);
    expect(t.events.filter((e) => e.type === "offerWithdrawn").map((e) => [e.who, e.with, e.reason])).toEqual(
      [
        ["ana", "dodge", "answered"],
        ["ana", "parry", "answered"],
        ["ana", "riposte", "answered"],
        ["bob", "intercept", "avoided"],
      ],
    );
  });

  it("leaves the interceptor's offer open when the target's defence fails", () => {
    const t = attacked();
    t.do({ type: "react", who: "ana", with: "dodge", outcome: "fail" });
    expect(t.offers()).toEqual(["bob/intercept/orc"]);
  });
});

describe('flow Intercept taking the ally\'s place ("move your ally 1 hex away ... and take their place")', () => {
  it("moves the interceptor beside both, then pushes the ally one hex straight away and takes its hex", () => {
    const t = attacked();
    t.do({ type: "react", who: "bob", with: "intercept", effect: "takePlace", outcome: "success" });
    const moves = t.events.filter((e) => e.type === "moved").map((e) => [e.who, e.from, e.to, e.mode]);
    const spot = moves[0]?.[2] as [number, number];
    // The hexes beside both ana [0, 0] and orc [1, 0] are [1, -1] and [0, 1]; straight away from
    // either through ana's hex is its opposite neighbour of [0, 0].
    expect([
      [1, -1],
      [0, 1],
    ]).toContainEqual(spot);
    const away = [-spot[0], -spot[1]];
    expect(moves).toEqual([
      ["bob", [-2, 0], spot, "intercept"],
      ["ana", [0, 0], away, "interceptPush"],
      ["bob", spot, [0, 0], "intercept"],
    ]);
    expect(t.c("bob").at).toEqual([0, 0]);
    expect(t.c("ana").at).toEqual(away);
    expect(t.event("attackResolved")).toMatchObject({ victim: "bob", interceptedBy: "bob" });
  });

  it("refuses to take the ally's place when the hex beyond the ally is taken, whichever spot is used", () => {
    // Someone stands on each hex the ally could be pushed to: [0, -1] and [-1, 1].
    const t = attacked([
      { id: "cat", side: "party", at: [0, -1] },
      { id: "dog", side: "party", at: [-1, 1] },
    ]);
    expect(
      t.refused({ type: "react", who: "bob", with: "intercept", effect: "takePlace", outcome: "success" }),
    ).toBe("TEMPO.Refusal.FlowTakePlaceBlocked");
  });

  it("refuses an effect on a reaction that has none", () => {
    const t = attacked();
    expect(t.refused({ type: "react", who: "ana", with: "dodge", effect: "takePlace" })).toBe(
      "TEMPO.Refusal.FlowBadEffect",
    );
    expect(t.refused({ type: "react", who: "bob", with: "intercept", effect: "fly" })).toBe(
      "TEMPO.Refusal.FlowBadEffect",
    );
  });
});

describe("flow answers refused, with what the message needs", () => {
  it("names the unknown reaction, the reaction and outcome stipulated wrongly, and the readied move", () => {
    const t = attacked();
    const refusal = (command: Parameters<Table["do"]>[0]) => {
      const result = t.refusedWhole(command);
      return [result.key, result.data];
    };
    // The command's schema looks the reaction up in flow's own list before flow's handler runs.
    expect(refusal({ type: "react", who: "ana", with: "teleport" })).toEqual([
      "TEMPO.Refusal.UnknownReaction",
      { reaction: "teleport" },
    ]);
    expect(refusal({ type: "react", who: "ana", with: "dodge", outcome: "kill" })).toEqual([
      "TEMPO.Refusal.FlowBadOutcome",
      { outcome: "kill", action: "dodge" },
    ]);
    expect(refusal({ type: "react", who: "ana", with: "dodge", effect: "takePlace" })).toEqual([
      "TEMPO.Refusal.FlowBadEffect",
      { action: "dodge", effect: "takePlace" },
    ]);
    expect(refusal({ type: "react", who: "ana", with: "readiedMove" })).toEqual([
      "TEMPO.Refusal.FlowReadiedMoveNeedsPath",
      { who: "ana" },
    ]);
  });

  it("credits a critical defence's RP to the critical reaction", () => {
    const t = attacked();
    t.do({ type: "react", who: "ana", with: "dodge", outcome: "crit" });
    expect(t.events.filter((e) => e.type === "poolGained" && e.pool === "rp")).toEqual([
      { type: "poolGained", who: "ana", pool: "rp", amount: 1, reason: "criticalReaction", value: 2 },
    ]);
  });
});
