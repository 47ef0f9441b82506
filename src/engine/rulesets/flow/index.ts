/**
 * The `flow` ruleset (rules/flow.txt): 1d10 + Agility initiative; 5 AP a round, 2 RP back at the
 * start of each turn, 2 FP at the start of combat; reactions (dodge, parry, block, reaction attack,
 * riposte, intercept); hex movement with threat range, Take a Step and Tumble Through; special
 * actions; surprise; readied actions. docs/rulesets/flow.md maps every rule sentence to the code.
 */
import { coreHandlers } from "../../apply";
import { held, itemsOf, peeker, type Context } from "../../context";
import { combatant, draftOf } from "../../core/combatants";
import { removeCondition as dropCondition } from "../../core/conditions";
import { closePending, withdrawOffers } from "../../core/offers";
import type { Handler, Handlers, Ruleset } from "../../ruleset";
import type { CommandType } from "../../commands";
import { act } from "./actions";
import { FLOW_ACTIONS, FLOW_CONDITIONS, FLOW_REACTIONS, FLOW_SKILLS, FLOW_STATS } from "./catalog";
import { dataOf, encounterExt, type AttackData } from "./data";
import { joinerPlace, rollInitiative } from "./initiative";
import { FLOW_MOVE_MODES, move, previewMove } from "./movement";
import { FLOW_POOLS, setupPools } from "./pools";
import { react } from "./reactions";
import { ready } from "./ready";
import { endTurn, next, start } from "./round";
import { settle } from "./settle";
import { inReach } from "./geometry";
import { flowExt } from "./data";
import { FLOW_OPTIONS } from "./options";
import { cancelReady, defeat, endGrapple, endGrapplesOf } from "./status";

/**
 * Run a handler, then let every pending trigger that waits for nothing go on. With `decided`, the
 * handler's command is accepted once it has run (an answer to an offer): the trigger going on is
 * its consequence, which a dry run need not play out (ctx.decided).
 */
function settled<T extends CommandType>(handler: Handler<T>, decided = false): Handler<T> {
  return (ctx: Context, cmd) => {
    handler(ctx, cmd);
    if (decided) ctx.decided();
    settle(ctx);
  };
}

const removeCondition: Handler<"removeCondition"> = (ctx, cmd) => {
  combatant(ctx.state, cmd.who);
  // Both sides of a grapple are grappled; ending it on one side ends it on the other.
  if (cmd.condition === "grappled") endGrapplesOf(ctx, cmd.who, "removed");
  // "cancel the Readied Action at no cost"
  else if (cmd.condition === "readied") cancelReady(ctx, cmd.who, "cancelled");
  else dropCondition(ctx, cmd.who, cmd.condition);
};

const setDefeated: Handler<"setDefeated"> = (ctx, cmd) => {
  if (cmd.defeated) defeat(ctx, cmd.who, null);
  else coreHandlers.setDefeated?.(ctx, cmd);
};

const removeCombatant: Handler<"removeCombatant"> = (ctx, cmd) => {
  combatant(ctx.state, cmd.who);
  endGrapplesOf(ctx, cmd.who, "removed");
  // A readied action leaves with its combatant, and so does its place on the list of readiers.
  cancelReady(ctx, cmd.who, "removed");
  // An attack on someone who leaves ends with them: nobody is left to take the hit, so what is
  // still offered against it (an ally's Intercept) is withdrawn and the attack dropped unresolved.
  for (const p of itemsOf(held(ctx.state, "pending"))) {
    if (p.kind !== "attack" || dataOf<AttackData>(p).target !== cmd.who) continue;
    withdrawOffers(ctx, (o) => o.trigger === p.id && o.who !== cmd.who, "removed");
    closePending(ctx, p.id);
  }
  coreHandlers.removeCombatant?.(ctx, cmd);
  const ext = encounterExt(ctx.state);
  if (ext.initiativeOrder) ext.initiativeOrder = ext.initiativeOrder.filter((id) => id !== cmd.who);
};

/**
 * A combatant joining a running fight rolls initiative like everyone ("Everyone rolls 1d10 +
 * Agility Modifier") and takes its place in the order; it acts this round only if that place is
 * still to come.
 */
const addCombatant: Handler<"addCombatant"> = (ctx, cmd) => {
  coreHandlers.addCombatant?.(ctx, cmd);
  if (ctx.state.status !== "active") return;
  const joined = combatant(ctx.state, cmd.combatant.id);
  rollInitiative(ctx, [joined]);
  const ext = encounterExt(ctx.state);
  const order = ext.initiativeOrder ?? [];
  // Before the first combatant with a lower initiative; a tie is resolved "as normal".
  const at = joinerPlace(ctx, joined, order, peeker(ctx.state));
  order.splice(at, 0, joined.id);
  ext.initiativeOrder = order;
  const current = ctx.state.current;
  const currentAt = current === null ? -1 : order.indexOf(current);
  if (at > currentAt)
    ctx.state.order = order.filter((id) => ctx.state.order.includes(id) || id === joined.id);
};

/**
 * The GM places a combatant (core `place`). Grapple: "Movement: Neither can move independently";
 * "Duration: Until ... the effect is broken": placing one side where the grappler no longer reaches
 * the defender (or off the grid) breaks the grapple.
 */
const place: Handler<"place"> = (ctx, cmd) => {
  coreHandlers.place?.(ctx, cmd);
  const c = combatant(ctx.state, cmd.who);
  const ext = flowExt(c);
  const holds: [string, string][] = [];
  if (ext.grappling) holds.push([c.id, ext.grappling.target]);
  if (ext.grappledBy !== undefined) holds.push([ext.grappledBy, c.id]);
  for (const [grappler, defender] of holds) {
    const g = draftOf(ctx.state, grappler);
    const d = draftOf(ctx.state, defender);
    if (!g || !d) continue;
    if (cmd.at === null || g.at === null || d.at === null || !inReach(ctx.state, g, d))
      endGrapple(ctx, grappler, "placedApart");
  }
};

const handlers: Handlers = {
  start: settled(start),
  next: settled(next),
  endTurn: settled(endTurn),
  act: settled(act),
  move: settled(move),
  react: settled(react, true),
  ready: settled(ready),
  removeCondition: settled(removeCondition),
  setDefeated: settled(setDefeated),
  removeCombatant: settled(removeCombatant),
  addCombatant,
  place: settled(place),
};

export const flow: Ruleset = {
  id: "flow",
  pools: FLOW_POOLS,
  actions: FLOW_ACTIONS,
  reactions: FLOW_REACTIONS,
  moveModes: FLOW_MOVE_MODES,
  options: FLOW_OPTIONS,
  stats: FLOW_STATS,
  skills: FLOW_SKILLS,
  conditions: FLOW_CONDITIONS,
  setupCombatant(c) {
    setupPools(c);
  },
  handlers,
  previewMove,
};
