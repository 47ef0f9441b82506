import { describe, expect, it } from "vitest";
import { apply, type ApplyResult } from "../../../src/engine/apply";
import type { Command } from "../../../src/engine/commands";
import { ScriptedDice } from "../../../src/engine/dice";
import type { Ruleset } from "../../../src/engine/ruleset";
import type { EncounterState } from "../../../src/engine/state";
import { coreTestRuleset, threeOnAGrid } from "./fixture";
import { combatantIn } from "../../../src/engine/record";

/**
 * The core's own handlers (apply.ts coreHandlers), which every ruleset uses unless it handles the
 * command itself (DESIGN: the core keeps conditions, pool adjustments, combatants joining and
 * leaving, defeat and the end of the encounter). Each is run here through `apply`, on the core's
 * test ruleset, and checked by its events and its refusal's key and data.
 */
function run(state: EncounterState, command: Command, ruleset: Ruleset = coreTestRuleset): ApplyResult {
  return apply(state, command, new ScriptedDice([]), ruleset);
}

function done(result: ApplyResult): Extract<ApplyResult, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${result.refusal.key}`);
  return result;
}

/** Ana (current) attacks the orc: the orc holds a block offer against Ana, Ana's attack pending. */
function anaAttacksOrc(): EncounterState {
  return done(run(threeOnAGrid(), { type: "act", who: "ana", action: "attack", target: "orc" })).state;
}

describe("the core's pool adjustment (adjustPool)", () => {
  it('spends what the GM takes away, as an "adjusted" spending', () => {
    const { state, events } = done(
      run(threeOnAGrid(), { type: "adjustPool", who: "bo", pool: "ap", delta: -2 }),
    );
    expect(combatantIn(state, "bo")?.pools.ap).toBe(1);
    expect(events).toEqual([
      { type: "poolSpent", who: "bo", pool: "ap", amount: 2, reason: "adjusted", value: 1 },
    ]);
  });

  it('gains what the GM gives, as an "adjusted" gain', () => {
    const spent = done(run(threeOnAGrid(), { type: "adjustPool", who: "bo", pool: "ap", delta: -2 })).state;
    const { state, events } = done(run(spent, { type: "adjustPool", who: "bo", pool: "ap", delta: 1 }));
    expect(combatantIn(state, "bo")?.pools.ap).toBe(2);
    expect(events).toEqual([
      { type: "poolGained", who: "bo", pool: "ap", amount: 1, reason: "adjusted", value: 2 },
    ]);
  });

  it("refuses a pool of the ruleset this combatant does not have, naming it (UnknownPool)", () => {
    // A ruleset where only those tagged "fighter" get AP: Bo, untagged, has no AP pool to adjust.
    const some: Ruleset = {
      ...coreTestRuleset,
      setupCombatant(c) {
        c.pools = c.tags.includes("fighter") ? { ap: 3 } : {};
        c.maxPools = { ...c.pools };
      },
    };
    const begun = done(
      run(threeOnAGrid(), { type: "addCombatant", combatant: { id: "cy", side: "party" } }, some),
    );
    const refused = run(begun.state, { type: "adjustPool", who: "cy", pool: "ap", delta: 1 }, some);
    expect(refused.ok ? null : refused.refusal).toEqual({
      key: "TEMPO.Refusal.UnknownPool",
      data: { pool: "ap" },
    });
  });
});

describe("the core's defeat (setDefeated)", () => {
  it('withdraws the offers of one who falls, as "defeated"', () => {
    const { state, events } = done(run(anaAttacksOrc(), { type: "setDefeated", who: "orc", defeated: true }));
    expect(state.offers).toEqual([]);
    expect(events.filter((e) => e.type === "offerWithdrawn")).toEqual([
      { type: "offerWithdrawn", offer: expect.any(String), who: "orc", with: "block", reason: "defeated" },
    ]);
  });

  it("keeps the offers of one who gets up again, and of everyone else", () => {
    const attacked = anaAttacksOrc();
    const up = done(run(attacked, { type: "setDefeated", who: "orc", defeated: false }));
    expect(up.state.offers).toEqual(attacked.offers);
    const other = done(run(attacked, { type: "setDefeated", who: "bo", defeated: true }));
    expect(other.state.offers).toEqual(attacked.offers);
  });
});

describe("the core's leaving (removeCombatant)", () => {
  it("refuses to remove the combatant whose turn it is, naming it (RemoveCurrent)", () => {
    const refused = run(threeOnAGrid(), { type: "removeCombatant", who: "ana" });
    expect(refused.ok ? null : refused.refusal).toEqual({
      key: "TEMPO.Refusal.RemoveCurrent",
      data: { who: "ana" },
    });
  });

  it("announces who left", () => {
    const { state, events } = done(run(threeOnAGrid(), { type: "removeCombatant", who: "bo" }));
    expect(events.at(-1)).toEqual({ type: "combatantRemoved", who: "bo" });
    expect(state.roster).toEqual(["ana", "orc"]);
  });

  it('withdraws the offers made against one who leaves, as "removed", and drops its unanswered trigger', () => {
    // Ana's attack waits on the orc's block; the orc cannot answer an attacker who is gone.
    // The turn passed to Bo (as the host may hold it), so Ana is not current and may leave.
    const attacked = { ...anaAttacksOrc(), current: "bo" };
    expect(attacked.pending).toHaveLength(1);
    const { state, events } = done(run(attacked, { type: "removeCombatant", who: "ana" }));
    expect(state.offers).toEqual([]);
    expect(events.filter((e) => e.type === "offerWithdrawn")).toEqual([
      { type: "offerWithdrawn", offer: expect.any(String), who: "orc", with: "block", reason: "removed" },
    ]);
    expect(state.pending).toEqual([]);
  });

  it("keeps the pending triggers of the others, with or without open offers", () => {
    const attacked = anaAttacksOrc();
    // Beside Ana's attack (its offer open), one of the orc's own with no offer left to answer.
    const held = { id: "held-orc", kind: "move", actor: "orc", data: {} };
    const before = { ...attacked, pending: [...attacked.pending, held] };
    const { state } = done(run(before, { type: "removeCombatant", who: "bo" }));
    expect(state.pending).toEqual(before.pending);
    expect(state.offers).toEqual(attacked.offers);
  });
});

describe("the core's end of the encounter (end)", () => {
  it('withdraws every open offer, as "ended", and forgets every pending trigger', () => {
    const { state, events } = done(run(anaAttacksOrc(), { type: "end" }));
    expect(state.offers).toEqual([]);
    expect(state.pending).toEqual([]);
    expect(events.filter((e) => e.type === "offerWithdrawn").map((e) => e.reason)).toEqual(["ended"]);
    expect(events.at(-1)).toEqual({ type: "combatEnded", round: 1 });
  });
});

describe("the core's conditions (apply)", () => {
  it("refuses a duration that is not a whole number of rounds, naming it (BadDuration)", () => {
    const refused = run(threeOnAGrid(), { type: "apply", who: "orc", condition: "prone", rounds: 0 });
    expect(refused.ok ? null : refused.refusal).toEqual({
      key: "TEMPO.Refusal.BadDuration",
      data: { rounds: 0 },
    });
  });
});
