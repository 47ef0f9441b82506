/**
 * Answering reaction offers: Dodge, Parry, Block, Riposte, Intercept against an attack; a Reaction
 * Attack against a triggering action (or as a Riposte's counterattack); or declining.
 */
import type { Outcome } from "../../commands";
import { gridOf, type Context } from "../../context";
import { combatant, requireAble } from "../../core/combatants";
import { decline, findOffer, findPending, withdrawOffers } from "../../core/offers";
import { gain, requirePool, spend } from "../../core/pools";
import { refuse } from "../../refusal";
import type { Handler } from "../../ruleset";
import type { Cell, CombatantState, Pending } from "../../state";
import { interceptSpot, reactionAttack } from "./attacks";
import { FLOW_REACTIONS, INTERCEPT_EFFECTS } from "./catalog";
import { isSuccess, outcomeLevel, raise, reactorWins, rollCheck, skillOf, type Level } from "./checks";
import { dataOf, type AttackData } from "./data";
import { footprint } from "../../grid";
import { indexOf, sizeRank, straightAway } from "./geometry";
import { gainReactionFp } from "./pools";
import { standAt } from "../../core/place";
import { flowOption } from "./options";
import { reactionEdge } from "./modifiers";

/** The skill a defence rolls: "higher of Agility/Athletics (Dodge) or Melee (Parry)", Endurance (Block). */
function defenceSkill(c: CombatantState, reaction: string): number {
  switch (reaction) {
    case "dodge":
      return Math.max(skillOf(c, "agility"), skillOf(c, "athletics"));
    case "block":
      return skillOf(c, "endurance");
    case "intercept":
      return skillOf(c, "agility");
    default:
      return skillOf(c, "melee");
  }
}

/** Dodge, Parry, Block or Riposte: an Opposed Check against the attack. */
function defend(
  ctx: Context,
  pending: Pending,
  reactor: CombatantState,
  reaction: string,
  outcome: Outcome | null,
): void {
  const d = dataOf<AttackData>(pending);
  const attacker = combatant(ctx.state, d.attacker);
  const parrying = reaction === "parry" || reaction === "riposte";
  // "the larger attacker is considered to be 1 success level higher for the sake of resolving the
  // Opposed Check between the attack and the Parry"
  const against = parrying && sizeRank(attacker) > sizeRank(reactor) ? raise(d.level, 1) : d.level;
  const level: Level = outcome
    ? outcomeLevel(outcome)
    : rollCheck(ctx, reactor.id, defenceSkill(reactor, reaction), reaction, reactionEdge(reactor)).level;
  const won = outcome ? isSuccess(level) : reactorWins(level, against);
  d.reaction = { who: reactor.id, with: reaction, won, level };
  if (reaction === "riposte" && won) d.riposteBy = reactor.id;
  // "If you critically succeed at your Dodge/Parry roll, as long as the enemy attack was not also a
  // critical success, you regain the 1 RP you spent on the Reaction."
  if (parrying || reaction === "dodge") {
    if (level === "critical" && d.level !== "critical") gain(ctx, reactor.id, "rp", 1, "criticalReaction");
  }
  ctx.emit({ type: "reactionResolved", who: reactor.id, with: reaction, against: d.attacker, won, level });
  if (won) gainReactionFp(ctx, reactor.id);
}

/** Put a combatant on a cell and say so. */
function relocate(ctx: Context, c: CombatantState, to: Cell, mode: string): void {
  const from = c.at;
  standAt(ctx, c, to);
  ctx.emit({
    type: "moved",
    who: c.id,
    from: from ? [from[0], from[1]] : null,
    to: [to[0], to[1]],
    path: from
      ? [
          [from[0], from[1]],
          [to[0], to[1]],
        ]
      : [[to[0], to[1]]],
    mode,
  });
}

/**
 * "Additionally, you may optionally choose to move your ally 1 hex away from your movement
 * direction, and take their place (even if this extra hex of movement is above the 3 hexes from
 * your Intercept)": the ally goes to the hex straight on from the interceptor's spot through the
 * ally's hex, the interceptor into the ally's hex. Null when that hex is taken.
 */
export function takePlaceCells(
  ctx: Context,
  reactor: CombatantState,
  ally: CombatantState,
  spot: Cell,
): { ally: Cell; reactor: Cell } | null {
  if (!ally.at) return null;
  const away = straightAway(ctx.state, spot, ally.at);
  if (!away) return null;
  // The interceptor leaves its own cell for the ally's, so only others count as blockers.
  const index = indexOf(ctx.state);
  const open = footprint(gridOf(ctx.state), away, ally.size).every((cell) =>
    index.occupantsAt(cell).every((id) => id === ally.id || id === reactor.id),
  );
  if (!open) return null;
  return { ally: away, reactor: [ally.at[0], ally.at[1]] };
}

/**
 * "Once you have moved to Intercept, you must make an Agility Check against their attack as an
 * Opposed Check ... If you win the Opposed Check, you take the full damage of the attack".
 */
function intercept(
  ctx: Context,
  pending: Pending,
  reactor: CombatantState,
  spot: Cell,
  swap: { ally: Cell; reactor: Cell } | null,
  outcome: Outcome | null,
): void {
  const d = dataOf<AttackData>(pending);
  relocate(ctx, reactor, spot, "intercept");
  if (swap) {
    const ally = combatant(ctx.state, d.target);
    relocate(ctx, ally, swap.ally, "interceptPush");
    relocate(ctx, reactor, swap.reactor, "intercept");
  }
  const level: Level = outcome
    ? outcomeLevel(outcome)
    : rollCheck(ctx, reactor.id, defenceSkill(reactor, "intercept"), "intercept", reactionEdge(reactor))
        .level;
  const won = outcome ? isSuccess(level) : reactorWins(level, d.level);
  d.intercept = { who: reactor.id, with: "intercept", won, level };
  if (won) d.interceptedBy = reactor.id;
  ctx.emit({
    type: "reactionResolved",
    who: reactor.id,
    with: "intercept",
    against: d.attacker,
    won,
    level,
    for: d.target,
  });
  if (won) gainReactionFp(ctx, reactor.id);
}

export const react: Handler<"react"> = (ctx, cmd) => {
  if (cmd.with === "decline") {
    decline(ctx, cmd.who, cmd.against);
    return;
  }
  const def = FLOW_REACTIONS[cmd.with];
  if (!def) refuse("FlowUnknownReaction", { reaction: cmd.with });
  // A readied move is answered by moving (the `move` command with the path chosen now).
  if (cmd.with === "readiedMove") refuse("FlowReadiedMoveNeedsPath", { who: cmd.who });
  const found = findOffer(ctx, cmd.who, cmd.with, cmd.against);
  const pending = findPending(ctx, found.trigger);
  if (!pending) refuse("NoSuchOffer", { who: cmd.who, reaction: cmd.with });
  const reactor = combatant(ctx.state, cmd.who);
  requireAble(reactor);
  // A Riposte's counterattack was paid for with the Riposte's 2 RP.
  const cost = pending.kind === "riposte" ? 0 : (def.cost.rp ?? 0);
  requirePool(reactor, "rp", cost);
  const outcome = cmd.outcome ?? null;
  if (outcome === "kill" && cmd.with !== "reactionAttack")
    refuse("FlowBadOutcome", { outcome, action: cmd.with });
  const effect = cmd.effect ?? null;
  if (effect !== null && (cmd.with !== "intercept" || !INTERCEPT_EFFECTS.includes(effect)))
    refuse("FlowBadEffect", { action: cmd.with, effect });
  const spot = cmd.with === "intercept" ? interceptSpot(ctx, reactor, dataOf<AttackData>(pending)) : null;
  if (cmd.with === "intercept" && !spot) refuse("FlowInterceptOutOfReach", { who: reactor.name });
  let swap: { ally: Cell; reactor: Cell } | null = null;
  if (effect === "takePlace" && spot) {
    swap = takePlaceCells(ctx, reactor, combatant(ctx.state, dataOf<AttackData>(pending).target), spot);
    if (!swap) refuse("FlowTakePlaceBlocked", { who: reactor.name });
  }

  spend(ctx, reactor.id, "rp", cost, cmd.with);
  // "You may not perform multiple Reactions against a single attack": the answer closes the
  // reactor's own offers for it; other reactors keep theirs. An Intercept closes them all ("No
  // other reactions may be used as a result of this").
  // With the option interceptLost: allyReacts, the ally keeps its own defences until the Intercept
  // is won (below); the other allies' Intercepts close at once.
  const allyKeeps = cmd.with === "intercept" && flowOption(ctx.state, "interceptLost") === "allyReacts";
  const ally = pending.kind === "attack" ? dataOf<AttackData>(pending).target : null;
  if (pending.kind === "attack" && cmd.with === "intercept")
    withdrawOffers(ctx, (o) => o.trigger === pending.id && !(allyKeeps && o.who === ally), "answered");
  else if (pending.kind === "attack")
    withdrawOffers(ctx, (o) => o.trigger === pending.id && o.who === reactor.id, "answered");
  else withdrawOffers(ctx, (o) => o.id === found.id, "answered");

  if (cmd.with === "reactionAttack") reactionAttack(ctx, reactor.id, found.against, outcome);
  else if (cmd.with === "intercept" && spot) {
    intercept(ctx, pending, reactor, spot, swap, outcome);
    // A won Intercept: "No other reactions may be used as a result of this".
    if (allyKeeps && dataOf<AttackData>(pending).intercept?.won)
      withdrawOffers(ctx, (o) => o.trigger === pending.id, "answered");
  } else {
    defend(ctx, pending, reactor, cmd.with, outcome);
    // A defence that won leaves nothing to intercept.
    if (dataOf<AttackData>(pending).reaction?.won)
      withdrawOffers(ctx, (o) => o.trigger === pending.id, "avoided");
  }
};
