/**
 * Actions ("things you do in combat that will cost Action Points"): legality first (prepareAct,
 * which changes nothing and rolls nothing, so a dry run answers "may I?"), then the effect
 * (performAct).
 */
import type { Outcome } from "../../commands";
import { gridOf, type Context } from "../../context";
import { combatant, requireAble, draftOf, readCombatant } from "../../core/combatants";
import { addCondition, hasCondition, removeCondition } from "../../core/conditions";
import { closePending, offer, openPending, requireNoOpenOffers } from "../../core/offers";
import { gain, requirePool, spend } from "../../core/pools";
import { markUsed, usedCount } from "../../core/usage";
import type { SpatialIndex } from "../../grid";
import { LIMITS } from "../../bounds";
import { refuse } from "../../refusal";
import type { Handler } from "../../ruleset";
import type { CombatantState, EncounterState, Pending } from "../../state";
import { hitOutcome, missed, openAttack } from "./attacks";
import { attackModifier, grapplerDisadvantage, useFeint } from "./modifiers";
import {
  ACTION_EFFECTS,
  FLOW_ACTIONS,
  FLOW_REACTIONS,
  MAX_MOVE_AP,
  OFF_HAND_EXEMPT_TAGS,
  OFF_HAND_PENALTY,
  POTION_IN_HAND_AP,
  TOTAL_DEFENSE_RP,
} from "./catalog";
import {
  actorWins,
  edgeOf,
  isSuccess,
  outcomeLevel,
  rankOf,
  rollCheck,
  skillOf,
  type Edge,
  type Level,
} from "./checks";
import { asJson, dataOf, flowExt, readExt, type ProvokedData } from "./data";
import { inReach, pushBackCell, sceneIndex, sizeRank, standingOf, threatenersOf } from "./geometry";
import { countMovement, moveSpeedOf } from "./movement";
import { poolOf } from "./pools";
import { holdForTriggers, triggersFor } from "./ready";
import { finishTurn, requireOwnTurn } from "./round";
import { cancelReady, endGrapplesOf, isGrappledDefender, startGrapple } from "./status";
import { standAt } from "../../core/place";

export interface ActPlan {
  who: string;
  action: string;
  target: string | null;
  outcome: Outcome | null;
  cost: number;
  /** True when a readied action fires out of turn. */
  readied: boolean;
  /** True when a grappled defender's grapple is its attempt to break free. */
  breakFree: boolean;
  /** The actor's choice where the text gives one (ACTION_EFFECTS), or null. */
  effect: string | null;
}

export interface ActRequest {
  who: string;
  action: string;
  target?: string | undefined;
  outcome?: Outcome | undefined;
  cost?: number | undefined;
  effect?: string | undefined;
}

function costOf(action: string, given: number | undefined, effect: string | null): number {
  // "Drinking a potion from your bag: 2 AP (1 AP to draw potion, 1 AP to drink)": in hand, 1.
  if (action === "drinkPotion" && effect === "inHand") return POTION_IN_HAND_AP;
  const fixed = FLOW_ACTIONS[action]?.cost?.ap ?? 0;
  if (given === undefined) return fixed;
  // "Using Class Abilities 2 AP (unless the class ability specifies otherwise)"
  if (action === "classAbility") {
    if (!Number.isInteger(given) || given < 0 || given > LIMITS.cost)
      refuse("FlowBadCost", { action, cost: given, max: LIMITS.cost });
    return given;
  }
  // "Using a Magic Item: 1-2 AP (specific to each item)"
  if (action === "useItem") {
    if (given !== 1 && given !== 2) refuse("FlowBadCost", { action, cost: given, max: LIMITS.cost });
    return given;
  }
  return fixed;
}

/** Check that an action may be taken now; changes nothing and rolls nothing. */
export function prepareAct(state: EncounterState, cmd: ActRequest, readied: boolean): ActPlan {
  const def = FLOW_ACTIONS[cmd.action];
  if (!def) refuse("FlowUnknownAction", { action: cmd.action });
  const c = combatant(state, cmd.who);
  if (readied) requireAble(c);
  else requireOwnTurn(state, c);
  let target: CombatantState | null = null;
  if (def.target !== "none" && cmd.target !== undefined) {
    target = combatant(state, cmd.target);
    if (target.id === c.id && def.target === "enemy")
      refuse("FlowBadTarget", { who: c.name, target: target.name });
    if (target.defeated) refuse("FlowTargetDefeated", { target: target.name });
    if (def.target === "enemy" && target.side === c.side)
      refuse("FlowBadTarget", { who: c.name, target: target.name });
  }
  if (def.target === "enemy" && !target) refuse("FlowNeedsTarget", { action: cmd.action });
  const effect = cmd.effect ?? null;
  if (effect !== null && !(ACTION_EFFECTS[cmd.action] ?? []).includes(effect))
    refuse("FlowBadEffect", { action: cmd.action, effect });
  const ext = readExt(c);
  // Grappled defender: "Cannot take actions except one Opposed Athletics check per round to break free"
  const breakFree = isGrappledDefender(state, c.id);
  if (breakFree) {
    if (cmd.action !== "grapple" || (ext.grappledBy !== undefined && target?.id !== ext.grappledBy))
      refuse("FlowGrappledCannotAct", { who: c.name });
    if (usedCount(c, "round", "breakFree") > 0)
      refuse("FlowOncePerRound", { who: c.name, action: "breakFree" });
  }
  const t = target;
  switch (cmd.action) {
    case "disarm":
    case "grapple":
    case "shove":
      if (!t) break;
      // Shove: "Usable once per round."
      if (cmd.action === "shove" && usedCount(c, "round", "shove") > 0)
        refuse("FlowOncePerRound", { who: c.name, action: "shove" });
      // "You can only Disarm/Grapple/Shove targets that are your size category or smaller"
      if (!breakFree && sizeRank(t) > sizeRank(c))
        refuse("FlowTargetTooLarge", { who: c.name, target: t.name });
      if (cmd.action === "grapple" && !breakFree) {
        if (ext.grappling) refuse("FlowAlreadyGrappling", { who: c.name });
        if (hasCondition(t, "grappled")) refuse("FlowTargetGrappled", { target: t.name });
      }
      if (!inReach(state, c, t)) refuse("FlowOutOfReach", { who: c.name, target: t.name });
      break;
    case "feint":
      if (!t) break;
      // Feint: "Restriction: Usable once per round."
      if (usedCount(c, "round", "feint") > 0) refuse("FlowOncePerRound", { who: c.name, action: "feint" });
      if (!inReach(state, c, t)) refuse("FlowOutOfReach", { who: c.name, target: t.name });
      break;
    case "standUp":
      if (!hasCondition(c, "prone")) refuse("FlowNotProne", { who: c.name });
      break;
    case "move":
      // On a grid a move walks a path (the `move` command, or a readied move's answer).
      if (gridOf(state).type !== "none" && c.at !== null) refuse("FlowMoveNeedsPath", { who: c.name });
      if (hasCondition(c, "grappled")) refuse("FlowGrappledCannotMove", { who: c.name });
      // "1 AP per Move Speed; maximum 2 AP/turn"; "The most a player can move per round is 2 AP
      // worth of movement", a readied move later in the round included.
      if (usedCount(c, "round", "moveAp") >= MAX_MOVE_AP)
        refuse("FlowMoveTooFar", { who: c.name, max: 0, need: moveSpeedOf(c) });
      break;
    default:
      break;
  }
  const cost = costOf(cmd.action, cmd.cost, effect);
  requirePool(c, "ap", cost);
  return {
    who: c.id,
    action: cmd.action,
    target: target?.id ?? null,
    outcome: cmd.outcome ?? null,
    cost,
    readied,
    breakFree,
    effect,
  };
}

function performAttack(
  ctx: Context,
  plan: ActPlan,
  attacker: CombatantState,
  target: CombatantState,
  known: SpatialIndex | undefined,
): void {
  // Nobody moves while an attack is rolled and its reactions offered: one index serves it all.
  const index = known ?? sceneIndex(ctx.state);
  const melee = inReach(ctx.state, standingOf(attacker), standingOf(target), index);
  const feinted = useFeint(attacker, target.id);
  let level: Level;
  if (plan.outcome) level = outcomeLevel(plan.outcome);
  else {
    // "attacking with your non-dominant hand will yield a -10 to your Melee skill on attack.
    // Finesse and Brawl weapons do not have this penalty. There is a Perk to remove this detriment".
    const offHand =
      plan.effect === "offHand" && melee && !attacker.tags.some((t) => OFF_HAND_EXEMPT_TAGS.includes(t))
        ? -OFF_HAND_PENALTY
        : 0;
    const skill =
      skillOf(attacker, melee ? "melee" : "ranged") +
      attackModifier(ctx.state, attacker, target, melee, index) +
      offHand;
    level = rollCheck(
      ctx,
      attacker.id,
      skill,
      "attack",
      edgeOf(feinted, grapplerDisadvantage(attacker)),
    ).level;
  }
  if (!isSuccess(level)) {
    missed(ctx, attacker.id, target.id, level, melee, false);
    return;
  }
  openAttack(
    ctx,
    {
      attacker: attacker.id,
      target: target.id,
      level,
      outcome: hitOutcome(plan.outcome, level),
      melee,
      spell: false,
      reactionAttack: false,
    },
    index,
  );
}

/** An Opposed Check for Feint, Grapple and Shove: actor first, then the resisting target. */
function contest(
  ctx: Context,
  plan: ActPlan,
  actor: { c: CombatantState; skill: number; edge: Edge },
  resister: { c: CombatantState; skill: number },
  purpose: string,
): { won: boolean; level: Level } {
  let won: boolean;
  let level: Level;
  if (plan.outcome) {
    level = outcomeLevel(plan.outcome);
    won = isSuccess(level);
  } else {
    level = rollCheck(ctx, actor.c.id, actor.skill, purpose, actor.edge).level;
    const against = rollCheck(ctx, resister.c.id, resister.skill, purpose).level;
    won = actorWins(level, against);
  }
  ctx.emit({ type: "contestResolved", who: actor.c.id, against: resister.c.id, purpose, won, level });
  return { won, level };
}

/** Disarm: "Make a normal attack roll at Disadvantage. No damage is dealt on success." */
function performDisarm(ctx: Context, plan: ActPlan, c: CombatantState, t: CombatantState): void {
  const feinted = useFeint(c, t.id);
  const level = plan.outcome
    ? outcomeLevel(plan.outcome)
    : rollCheck(ctx, c.id, skillOf(c, "melee"), "disarm", edgeOf(feinted, true)).level;
  if (!isSuccess(level)) {
    ctx.emit({ type: "disarmed", who: c.id, target: t.id, success: false, level, hexes: 0, mayTake: false });
    return;
  }
  // Normal: adjacent hex (target's choice); Hard: 2 hexes; Major: 3; Critical: 4; from Hard up the
  // disarmer may take the item instead.
  const hexes = rankOf(level) - rankOf("normal") + 1;
  ctx.emit({
    type: "disarmed",
    who: c.id,
    target: t.id,
    success: true,
    level,
    hexes,
    mayTake: rankOf(level) >= rankOf("hard"),
  });
}

function performShove(ctx: Context, plan: ActPlan, c: CombatantState, t: CombatantState): void {
  markUsed(c, "round", "shove");
  const athletics = { c, skill: skillOf(c, "athletics"), edge: edgeOf(false, grapplerDisadvantage(c)) };
  const { won, level } = contest(ctx, plan, athletics, { c: t, skill: skillOf(t, "athletics") }, "shove");
  if (!won) return;
  // "Before Rolling: Choose either Push Back OR Knock Prone"; "Normal Success: Achieve chosen
  // effect"; "Hard Success+: Can choose to do both effects". `both` is Push Back chosen before the
  // roll with the wish to add Knock Prone from Hard up. With no choice given, the engine pushes
  // back when the hex straight back is open and knocks prone otherwise, and does both from Hard up.
  const hard = rankOf(level) >= rankOf("hard");
  const choice = plan.effect;
  const cell = pushBackCell(ctx.state, c, t);
  const wantsPush = choice === null || choice === "push" || choice === "both";
  const prone = choice === null ? hard || !cell : choice === "prone" || (choice === "both" && hard);
  let pushedTo = null;
  if (wantsPush && cell) {
    const from = t.at;
    standAt(ctx, t, cell);
    pushedTo = [cell[0], cell[1]];
    ctx.emit({
      type: "moved",
      who: t.id,
      from: from ? [from[0], from[1]] : null,
      to: pushedTo,
      path: from ? [[from[0], from[1]], pushedTo] : [pushedTo],
      mode: "shove",
    });
  }
  if (prone) addCondition(ctx, t.id, "prone", null);
  // Only when the hex straight back is taken does a chosen push fail.
  const pushBlocked = wantsPush && choice !== null && !cell;
  ctx.emit({ type: "shoved", who: c.id, target: t.id, level, pushedTo, prone, pushBlocked });
}

function performGrapple(ctx: Context, plan: ActPlan, c: CombatantState, t: CombatantState): void {
  if (plan.breakFree) {
    markUsed(c, "round", "breakFree");
    const { won } = contest(
      ctx,
      plan,
      { c, skill: skillOf(c, "athletics"), edge: null },
      { c: t, skill: skillOf(t, "athletics") },
      "breakFree",
    );
    if (won) endGrapplesOf(ctx, c.id, "brokeFree");
    return;
  }
  // "Mechanic: Opposed Athletics roll vs target."
  const { won } = contest(
    ctx,
    plan,
    { c, skill: skillOf(c, "athletics"), edge: null },
    { c: t, skill: skillOf(t, "athletics") },
    "grapple",
  );
  if (won) startGrapple(ctx, c.id, t.id);
}

/** Feint: "Make an opposed Melee or Deception roll vs target's Melee or Agility (target's choice)." */
function performFeint(ctx: Context, plan: ActPlan, c: CombatantState, t: CombatantState): void {
  markUsed(c, "round", "feint");
  const actorSkill = Math.max(skillOf(c, "melee"), skillOf(c, "deception"));
  // The target chooses; it is taken to choose its better skill.
  const targetSkill = Math.max(skillOf(t, "melee"), skillOf(t, "agility"));
  const { won } = contest(
    ctx,
    plan,
    { c, skill: actorSkill, edge: edgeOf(false, grapplerDisadvantage(c)) },
    { c: t, skill: targetSkill },
    "feint",
  );
  if (!won) return;
  const feints = flowExt(c).feints ?? [];
  if (!feints.includes(t.id)) flowExt(c).feints = [...feints, t.id];
  ctx.emit({ type: "feinted", who: c.id, target: t.id });
}

/**
 * Casting and standing up are triggering actions: "moving out of a hex, casting a spell, standing up
 * from prone ... only provoke Reaction Attacks if they happen within your Threat Range."
 */
function provoke(ctx: Context, c: CombatantState, data: ProvokedData): void {
  const cost = FLOW_REACTIONS.reactionAttack?.cost.rp ?? 0;
  const threateners = threatenersOf(ctx.state, c).filter((e) => poolOf(e, "rp") >= cost);
  const pending = openPending(ctx, "provoked", c.id, asJson(data));
  for (const e of threateners) offer(ctx, e.id, "reactionAttack", c.id, pending, c.at);
}

/** A triggering action goes on once its reaction attacks are answered. */
export function finishProvoked(ctx: Context, pending: Pending): void {
  closePending(ctx, pending.id);
  const d = dataOf<ProvokedData>(pending);
  const c = combatant(ctx.state, pending.actor);
  if (d.action === "standUp") {
    if (!c.defeated) removeCondition(ctx, c.id, "prone");
    return;
  }
  if (d.action !== "cast") return;
  // "Reaction Attacks taken against a spellcaster do not disrupt the spell being cast".
  const target = d.target === null ? null : (draftOf(ctx.state, d.target) ?? null);
  ctx.emit({ type: "spellCast", who: c.id, target: target?.id ?? null, outcome: d.outcome });
  // A single-target spell against an enemy with a stipulated result is a spell attack, which an
  // ally of the target may Intercept ("You are able to Intercept a Spell ... single-target").
  if (!target || !d.outcome || target.side === c.side || target.defeated) return;
  const level = outcomeLevel(d.outcome);
  const melee = inReach(ctx.state, c, target);
  if (!isSuccess(level)) missed(ctx, c.id, target.id, level, melee, true);
  else
    openAttack(ctx, {
      attacker: c.id,
      target: target.id,
      level,
      outcome: hitOutcome(d.outcome, level),
      melee,
      spell: true,
      reactionAttack: false,
    });
}

/**
 * Pay for and carry out an action that prepareAct allowed. `index` is the scene's index when the
 * caller built it and nobody has moved since (else an attack builds its own).
 */
export function performAct(ctx: Context, plan: ActPlan, index?: SpatialIndex): void {
  const c = combatant(ctx.state, plan.who);
  spend(ctx, c.id, "ap", plan.cost, plan.action);
  ctx.emit({
    type: "actionTaken",
    who: c.id,
    action: plan.action,
    target: plan.target,
    cost: plan.cost,
    readied: plan.readied,
  });
  // An attack only reads its target (what befalls the target waits for the reactions): no draft.
  const t =
    plan.target === null
      ? null
      : plan.action === "attack"
        ? readCombatant(ctx.state, plan.target)
        : combatant(ctx.state, plan.target);
  switch (plan.action) {
    case "attack":
      if (t) performAttack(ctx, plan, c, t, index);
      break;
    case "disarm":
      if (t) performDisarm(ctx, plan, c, t);
      break;
    case "feint":
      if (t) performFeint(ctx, plan, c, t);
      break;
    case "grapple":
      if (t) performGrapple(ctx, plan, c, t);
      break;
    case "shove":
      if (t) performShove(ctx, plan, c, t);
      break;
    case "cast":
    case "standUp":
      provoke(ctx, c, { action: plan.action, target: plan.target, outcome: plan.outcome });
      break;
    case "move":
      // A move on a gridless scene: Move Speed hexes for 1 AP, counted toward "maximum 2 AP/turn".
      countMovement(c, 1, moveSpeedOf(c));
      break;
    case "flowState":
      // "Retain all Flow Points at the end of your turn, skipping the normal FP decay."
      markUsed(c, "turn", "flowState");
      break;
    case "totalDefense":
      // "Cost: 3 AP (ends turn immediately) Effect: Gain +1 RP and Advantage on all Reactions until
      // the beginning of your next turn."
      gain(ctx, c.id, "rp", TOTAL_DEFENSE_RP, "totalDefense");
      addCondition(ctx, c.id, "totalDefense", null);
      break;
    default:
      break;
  }
  if (!plan.readied && poolOf(c, "ap") === 0) ctx.emit({ type: "apExhausted", who: c.id });
  if (plan.action === "totalDefense" && !plan.readied && ctx.state.current === c.id) finishTurn(ctx, c.id);
}

export const act: Handler<"act"> = (ctx, cmd) => {
  requireNoOpenOffers(ctx);
  // Nothing has changed yet: the checks read the state the command started from, plain.
  const plan = prepareAct(ctx.base, cmd, false);
  // The scene's index, taken before this command changes anything (so read from the plain state,
  // not through the draft); nobody moves before the attack it serves.
  const index = plan.action === "attack" ? sceneIndex(ctx.state) : undefined;
  // Acting on your own turn while an action is readied gives up the wait ("cancel the Readied
  // Action at no cost").
  cancelReady(ctx, cmd.who, "acted");
  const triggered = triggersFor(ctx.state, cmd.who, ["act", cmd.action]);
  if (triggered.length > 0) holdForTriggers(ctx, cmd, triggered);
  else performAct(ctx, plan, index);
};
