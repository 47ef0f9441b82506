import { coreHandlers } from "../../apply";
import type { Context } from "../../context";
import type { CommandOf } from "../../commands";
import { changeCombatant, combatant, requireAble, requireCurrent, draftOf } from "../../core/combatants";
import { addCondition, removeCondition, tickConditions } from "../../core/conditions";
import { requireNoOpenOffers, withdrawOffers } from "../../core/offers";
import { beginTurn, nextInOrder } from "../../core/order";
import { clearAllUsage, clearUsage, markUsed, usedCount } from "../../core/usage";
import { refuse } from "../../refusal";
import { announce, clockOf, FRANTIC_SECONDS, startClock } from "./frantic";
import { ACTIONS } from "./actions";
import {
  type Initiative,
  leadOf,
  leadOfSide,
  monstersOf,
  partyOf,
  partySide,
  roundOrder,
  sideUnseen,
} from "./sides";
import { setTogether, togetherOf } from "./setup";

function initiativeOf(ctx: Context): Initiative | null {
  const v = ctx.state.ext.initiative;
  return v === "take" || v === "cede" ? v : null;
}

/**
 * `start` opens the `choose` stage for the lead ("When combat begins and both sides see one
 * another, the lead person ... chooses either to take initiative or cede initiative"), unless one
 * side is unseen: "If one side is unseen by the other, the unseen side cedes initiative."
 */
export function start(ctx: Context): void {
  const state = ctx.state;
  state.status = "active";
  state.round = 1;
  state.order = [];
  state.current = null;
  state.ext.lead = leadOf(state);
  state.ext.party = partySide(state);
  state.ext.initiative = null;
  state.ext.together = null;
  state.ext.frantic = {
    on: state.options.frantic === "on",
    who: null,
    step: null,
    seconds: FRANTIC_SECONDS,
    announced: null,
  };
  ctx.emit({ type: "combatStarted", lead: state.ext.lead, party: state.ext.party });
  ctx.emit({ type: "roundStarted", round: 1 });
  if (cededByTheUnseen(ctx)) return;
  state.stage = "choose";
  ctx.emit({ type: "stageStarted", stage: "choose", who: state.ext.lead });
}

/**
 * "If one side is unseen by the other, the unseen side cedes initiative": when exactly one side is
 * unseen, the choice is made for the lead and the turns begin. Whether it settled the choice.
 */
function cededByTheUnseen(ctx: Context): boolean {
  const state = ctx.state;
  const partyUnseen = sideUnseen(partyOf(state));
  const monstersUnseen = sideUnseen(monstersOf(state));
  if (partyUnseen === monstersUnseen) return false;
  // The unseen side cedes: an unseen party cedes to the monsters, unseen monsters cede to the party.
  const initiative: Initiative = partyUnseen ? "cede" : "take";
  state.ext.initiative = initiative;
  ctx.emit({
    type: "initiativeChosen",
    who: null,
    initiative,
    reason: partyUnseen ? "partyUnseen" : "monstersUnseen",
  });
  beginTurns(ctx);
  return true;
}

/**
 * The GM's `setCombatant` during the fight. While the lead is still choosing, the choice is not
 * made yet, so it is made by the table as it now stands: "the lead person, usually the first in
 * marching order" is whoever is first now (of the party, the PCs' side), and "If one side is unseen
 * by the other, the unseen side cedes initiative" settles it at once when a side is now unseen.
 * Once turns are under way, the round's order stands; "Initiative resets as normal at the
 * beginning of the next round", and the next round's order is made from the new side and place.
 * Being unseen only decides the choice at the start, so afterwards it is kept and shown.
 */
export function setCombatant(ctx: Context, cmd: CommandOf<"setCombatant">): void {
  const changes = changeCombatant(ctx, cmd);
  const state = ctx.state;
  if (state.status !== "active" || state.stage !== "choose" || Object.keys(changes).length === 0) return;
  const lead = leadOf(state);
  state.ext.party = partySide(state);
  if (lead !== state.ext.lead) {
    state.ext.lead = lead;
    ctx.emit({ type: "stageStarted", stage: "choose", who: lead });
  }
  cededByTheUnseen(ctx);
}

/**
 * The GM marks a combatant defeated (or up again). While the lead is still choosing, a defeated
 * lead cannot choose: "the lead person, usually the first in marching order" is then the next
 * standing member of the party in marching order (the party stays the side it was at the start),
 * and a lead who stands up again before the choice is the lead again. With nobody of the party
 * standing, nobody can take initiative for it: the monsters act first (`reason: noLead`).
 */
export function setDefeated(ctx: Context, cmd: CommandOf<"setDefeated">): void {
  coreHandlers.setDefeated?.(ctx, cmd);
  const state = ctx.state;
  if (state.status !== "active" || state.stage !== "choose") return;
  const party = typeof state.ext.party === "string" ? state.ext.party : partySide(state);
  const lead = leadOfSide(state, party);
  if (lead !== state.ext.lead) {
    state.ext.lead = lead;
    if (lead !== null) ctx.emit({ type: "stageStarted", stage: "choose", who: lead });
  }
  if (cededByTheUnseen(ctx) || lead !== null) return;
  state.ext.initiative = "cede";
  ctx.emit({ type: "initiativeChosen", who: null, initiative: "cede", reason: "noLead" });
  beginTurns(ctx);
}

/** `choose { who, initiative }`: only the lead, standing, only in the `choose` stage. */
export function choose(ctx: Context, cmd: CommandOf<"choose">): void {
  const state = ctx.state;
  const c = combatant(state, cmd.who);
  if (state.stage !== "choose") refuse("NotChoosing");
  if (state.ext.lead !== c.id)
    refuse("NotLead", { who: c.name, lead: typeof state.ext.lead === "string" ? state.ext.lead : "" });
  // A defeated lead cannot choose (an older stored fight may still name one).
  requireAble(c);
  if (cmd.initiative !== "take" && cmd.initiative !== "cede")
    refuse("BadInitiativeChoice", { choice: String(cmd.initiative) });
  state.ext.initiative = cmd.initiative;
  ctx.emit({ type: "initiativeChosen", who: c.id, initiative: cmd.initiative, reason: "lead" });
  beginTurns(ctx);
}

function beginTurns(ctx: Context): void {
  const initiative = initiativeOf(ctx);
  if (initiative === null) refuse("NotChoosing");
  ctx.state.stage = "turns";
  ctx.state.order = roundOrder(ctx.state, initiative);
  ctx.emit({ type: "orderChanged", order: [...ctx.state.order], reason: "roundStart" });
  startTurn(ctx, nextInOrder(ctx.state, null));
}

function startTurn(ctx: Context, who: string | null): void {
  beginTurn(ctx, who);
  if (who !== null) {
    const c = combatant(ctx.state, who);
    clearUsage(c, "turn");
    removeCondition(ctx, who, "delayed");
  }
  startClock(ctx, who);
}

/** "At the end of your turn, any condition you have advances by 1 round." */
function endTurn(ctx: Context, who: string): void {
  tickConditions(ctx, who);
  ctx.emit({ type: "turnEnded", who, round: ctx.state.round });
}

/**
 * "The next individual clockwise then takes their turn." After the last turn the round ends and
 * "Initiative resets as normal at the beginning of the next round": the order is made afresh from
 * the same take/cede choice and the positions now.
 */
export function advance(ctx: Context): void {
  const state = ctx.state;
  if (state.stage === "choose") refuse("ChooseInitiativeFirst");
  requireNoOpenOffers(ctx);
  const together = togetherOf(state);
  let last = state.current;
  if (together) {
    for (const id of together.who) if (draftOf(state, id)) endTurn(ctx, id);
    for (const id of together.defeats) {
      const c = draftOf(state, id);
      if (!c || c.defeated) continue;
      c.defeated = true;
      ctx.moved(id);
      ctx.emit({ type: "defeatedChanged", who: id, defeated: true });
      withdrawOffers(ctx, (o) => o.who === id, "defeated");
    }
    last = [...together.who].sort((a, b) => state.order.indexOf(b) - state.order.indexOf(a))[0] ?? last;
    setTogether(state, null);
  } else if (last !== null) endTurn(ctx, last);
  const next = last === null ? null : nextInOrder(state, last);
  if (next !== null) {
    startTurn(ctx, next);
    return;
  }
  ctx.emit({ type: "roundEnded", round: state.round });
  state.round += 1;
  clearAllUsage(state, "round");
  ctx.emit({ type: "roundStarted", round: state.round });
  beginTurns(ctx);
}

export function endOwnTurn(ctx: Context, who: string): void {
  const together = togetherOf(ctx.state);
  if (!together?.who.includes(who)) requireCurrent(ctx, who);
  advance(ctx);
}

/**
 * "If a party member delays too long, initiative passes to the next person in line, then to the
 * monsters, then back to them." The current combatant, before doing anything, steps out: it comes
 * back after everyone still to act this round (or just before `until`). Once a round.
 */
export function delay(ctx: Context, cmd: CommandOf<"delay">): void {
  const state = ctx.state;
  const c = requireCurrent(ctx, cmd.who);
  requireAble(c);
  requireNoOpenOffers(ctx);
  if (togetherOf(state)) refuse("ActingTogether", { who: c.name });
  if (usedCount(c, "turn", "primary") + usedCount(c, "turn", "move") > 0)
    refuse("DelayAfterActing", { who: c.name });
  if (usedCount(c, "round", "delay") > 0) refuse("AlreadyDelayed", { who: c.name });
  // "If a party member delays": monsters delay too unless the option `delayers` is `party`.
  if (state.options.delayers === "party" && c.side !== state.ext.party)
    refuse("OnlyPartyDelays", { who: c.name });
  const here = state.order.indexOf(c.id);
  const rest = state.order.slice(here + 1).filter((id) => !combatant(state, id).defeated);
  if (rest.length === 0) refuse("NobodyToPassTo", { who: c.name });
  const order = state.order.filter((id) => id !== c.id);
  if (cmd.until !== undefined) {
    const until = combatant(state, cmd.until);
    if (!rest.includes(until.id)) refuse("DelayPastUntil", { who: c.name, until: until.name });
    order.splice(order.indexOf(until.id), 0, c.id);
  } else order.push(c.id);
  state.order = order;
  markUsed(c, "round", "delay");
  addCondition(ctx, c.id, "delayed", null);
  ctx.emit({ type: "orderChanged", order: [...order], reason: "delay", who: c.id });
  startTurn(ctx, nextInOrder(state, state.order[here - 1] ?? null));
}

/** `declare { who, action }` announces an action in frantic combat. */
export function declare(ctx: Context, cmd: CommandOf<"declare">): void {
  combatant(ctx.state, cmd.who);
  if (!ACTIONS[cmd.action]) refuse("UnknownAction", { action: cmd.action });
  if (!clockOf(ctx.state).on) refuse("NotFrantic");
  announce(ctx, cmd.who, cmd.action);
}

/**
 * A combatant who joins a running fight (the GM adds it to the tracker). The text has no joining
 * rule; we read it with the delay rule's "initiative passes to the next person in line, then to the
 * monsters, then back to them": the newcomer acts after everyone still to act this round, and from
 * the next round takes its place as everyone does ("Initiative resets as normal at the beginning of
 * the next round"). While the lead is still choosing, the order is not made yet and it simply waits.
 */
export function placeNewcomer(ctx: Context, who: string): void {
  const state = ctx.state;
  if (state.stage !== "turns") return;
  state.order = [...state.order, who];
  ctx.emit({ type: "orderChanged", order: [...state.order], reason: "newcomer", who });
}
