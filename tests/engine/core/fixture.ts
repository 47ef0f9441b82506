import {
  requireNoOpenOffers,
  offer,
  openPending,
  findOffer,
  decline,
  offersForTrigger,
  closePending,
} from "../../../src/engine/core/offers";
import { beginTurn, nextInOrder } from "../../../src/engine/core/order";
import { payCosts, setPool } from "../../../src/engine/core/pools";
import { draftOf, requireCurrent } from "../../../src/engine/core/combatants";
import { apply, type ApplyResult } from "../../../src/engine/apply";
import type { Context } from "../../../src/engine/context";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import type { GridSpec } from "../../../src/engine/grid";
import type { Ruleset } from "../../../src/engine/ruleset";
import type { EncounterState } from "../../../src/engine/state";
import { combatantIn } from "../../../src/engine/record";

/**
 * A two-action ruleset used only to exercise the core: d6 initiative, 3 AP a turn, an attack that
 * offers the target a block. It is deliberately small so core tests do not depend on a real text.
 */
export const coreTestRuleset: Ruleset = {
  id: "flow",
  pools: [{ id: "ap", refillsAt: () => "turnStart" }],
  actions: {
    attack: { id: "attack", cost: { ap: 2 }, kind: "attack", target: "enemy" },
    wait: { id: "wait", cost: { ap: 1 }, kind: "special", target: "none" },
  },
  reactions: { block: { id: "block", cost: { ap: 1 } } },
  moveModes: ["normal"],
  options: {},
  stats: ["agility"],
  skills: [],
  conditions: [],
  setupCombatant(c) {
    c.pools = { ap: 3 };
    c.maxPools = { ap: 3 };
  },
  handlers: {
    start(ctx) {
      ctx.state.status = "active";
      ctx.state.round = 1;
      for (const id of ctx.state.roster) {
        const c = draftOf(ctx.state, id);
        if (c) c.initiative = ctx.roll(6, "initiative", id);
      }
      // Highest d6 first; Array#sort is stable, so a tie keeps roster order.
      ctx.state.order = [...ctx.state.roster].sort(
        (a, b) => (combatantIn(ctx.state, b)?.initiative ?? 0) - (combatantIn(ctx.state, a)?.initiative ?? 0),
      );
      beginTurn(ctx, nextInOrder(ctx.state, null));
    },
    act(ctx, cmd) {
      requireNoOpenOffers(ctx);
      requireCurrent(ctx, cmd.who);
      const def = ctx.ruleset.actions[cmd.action];
      if (!def?.cost) throw new Error("fixture: unknown action");
      payCosts(ctx, cmd.who, def.cost, cmd.action);
      if (cmd.action === "attack" && cmd.target) {
        const p = openPending(ctx, "attack", cmd.who, { target: cmd.target });
        offer(ctx, cmd.target, "block", cmd.who, p);
      }
    },
    react(ctx, cmd) {
      const triggers =
        cmd.with === "decline" ? decline(ctx, cmd.who) : [findOffer(ctx, cmd.who, cmd.with).trigger];
      if (cmd.with !== "decline") {
        payCosts(ctx, cmd.who, { ap: 1 }, "block");
        ctx.state.offers = ctx.state.offers.filter((o) => !triggers.includes(o.trigger));
      }
      for (const t of triggers) if (offersForTrigger(ctx, t).length === 0) closePending(ctx, t);
    },
    endTurn(ctx, cmd) {
      requireNoOpenOffers(ctx);
      requireCurrent(ctx, cmd.who);
      setPool(ctx, cmd.who, "ap", 3, "refill");
      beginTurn(ctx, nextInOrder(ctx.state, cmd.who) ?? nextInOrder(ctx.state, null));
    },
  },
};

/** Ana at [0, 0], the orc at [4, 0] and Bo at [0, 4], Ana's turn (dice 6, 2, 1), on the core test ruleset. */
export function threeOnAGrid(grid: GridSpec["type"] = "hex"): EncounterState {
  const setup = createEncounter(
    {
      ruleset: "flow",
      grid: { type: grid },
      combatants: [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [4, 0] },
        { id: "bo", side: "party", at: [0, 4] },
      ],
    },
    coreTestRuleset,
  );
  const begun = apply(setup, { type: "start" }, new ScriptedDice([6, 2, 1]), coreTestRuleset);
  if (!begun.ok) throw new Error(begun.refusal.key);
  return begun.state;
}

/** The core test ruleset with an `act` that runs `body` (Ana's wait pays nothing else). */
export function acting(body: (ctx: Context) => void): Ruleset {
  return { ...coreTestRuleset, handlers: { ...coreTestRuleset.handlers, act: (ctx) => body(ctx) } };
}

/** Ana's `act wait` under `ruleset`. */
export function anaWaits(state: EncounterState, ruleset: Ruleset): ApplyResult {
  return apply(state, { type: "act", who: "ana", action: "wait" }, new ScriptedDice([]), ruleset);
}
