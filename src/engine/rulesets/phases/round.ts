import { peeker, rosterView, settled, type Context } from "../../context";
import { combatant, inRosterOrder, draftOf } from "../../core/combatants";
import { addCondition, hasCondition, removeCondition, tickAllConditions } from "../../core/conditions";
import { clearAllUsage } from "../../core/usage";
import { marked, setMarked, startMarks } from "../../core/marks";
import type { CombatantState, EncounterState } from "../../state";
import { DELAYING, ph, phEncounter, phRead, point, READIED, samePoint } from "./state";

/** "each character has an Initiative score equal to their Combat Value (plus their Lightning Reflexes modifier if they have one)". */
export function baseInitiative(c: CombatantState): number {
  return (c.stats.combatValue ?? 0) + (c.stats.lightningReflexes ?? 0);
}

/**
 * "If two or more characters have the same Initiative score, the characters who are tied randomly
 * determine which one of them goes before the other": each tied character rolls a d6 in roster
 * order, higher first; those still tied roll again among themselves.
 */
function breakTie(ctx: Context, ids: string[]): string[] {
  if (ids.length < 2) return ids;
  const rolls = new Map<string, number>();
  for (const id of ids) {
    const roll = ctx.roll(6, "initiativeTie", id);
    rolls.set(id, roll);
    ph(draftOf(ctx.state, id) as CombatantState).tieRolls.push(roll);
    ctx.emit({ type: "initiativeTieRolled", who: id, roll });
  }
  const values = [...new Set(rolls.values())].sort((x, y) => y - x);
  return values.flatMap((v) =>
    breakTie(
      ctx,
      ids.filter((id) => rolls.get(id) === v),
    ),
  );
}

/** Set everybody's Initiative and the sequence they act in, "counting down from highest result to lowest". */
export function rollInitiative(ctx: Context): void {
  const roster = inRosterOrder(ctx.state);
  for (const c of roster) {
    c.initiative = baseInitiative(c);
    ctx.emit({ type: "initiativeRolled", who: c.id, initiative: c.initiative });
  }
  const scores = [...new Set(roster.map((c) => c.initiative as number))].sort((x, y) => y - x);
  phEncounter(ctx.state).sequence = scores.flatMap((s) =>
    breakTie(
      ctx,
      roster.filter((c) => c.initiative === s).map((c) => c.id),
    ),
  );
}

/** Put `who` into the sequence immediately before `before`, with `before`'s score ("your Initiative changes to when you took the ... action"). */
export function moveBefore(state: EncounterState, who: string, before: string): void {
  const enc = phEncounter(state);
  const c = draftOf(state, who) as CombatantState;
  const b = draftOf(state, before) as CombatantState;
  enc.sequence = enc.sequence.filter((id) => id !== who);
  enc.sequence.splice(enc.sequence.indexOf(before), 0, who);
  c.initiative = b.initiative;
  if (state.phase !== "surprise") state.order = [...enc.sequence];
  else if (state.order.includes(before)) {
    state.order = state.order.filter((id) => id !== who);
    state.order.splice(state.order.indexOf(before), 0, who);
  }
}

/** Unconscious or paralysed characters keep their Initiative but take no action; the defeated are out. */
export function canAct(c: CombatantState): boolean {
  return !c.defeated && !hasCondition(c, "unconscious") && !hasCondition(c, "paralysed");
}

/** "In some situations (most commonly in a Surprise Phase), you may be limited to taking only a single move action or attack action." */
export function limited(state: EncounterState, c: CombatantState): boolean {
  return state.phase === "surprise" || hasCondition(c, "limited");
}

function beginTurn(ctx: Context, c: CombatantState): void {
  const { state } = ctx;
  state.current = c.id;
  phEncounter(state).currentActed = false;
  ph(c).lastTurn = point(state);
  // dodge: untilNextTurn: a dodge blocks attacks of opportunity until the dodger's next turn.
  if (phRead(c).dodging === true) ph(c).dodging = false;
  ctx.emit({ type: "turnStarted", who: c.id, round: state.round, phase: state.phase });
}

/**
 * Give the turn to the next character after `from` in this Phase's order. On the way:
 * - a delayer waiting for this character acts first ("immediately before Captain Comet's action");
 * - a character who aborted this Phase's action is passed over ("you do not get to act on your Initiative in that Phase");
 * - "If you come to your next action and have not yet performed an action, you don't get to take a delayed action" (the same for a readied one).
 */
export function advance(ctx: Context, from: string | null): void {
  const { state } = ctx;
  if (from !== null) ctx.emit({ type: "turnEnded", who: from, round: state.round, phase: state.phase });
  const here = point(state);
  const start = from === null ? 0 : state.order.indexOf(from) + 1;
  // Who is delaying, read once without drafting anyone (the encounter lists them, core/marks.ts):
  // nothing below changes a delay before the loop hands the turn to someone and stops.
  const read = peeker(state);
  const listed = new Set(marked(state, DELAYING));
  const delayers = settled(state.roster).flatMap((id) => {
    const d = listed.has(id) ? read(id) : undefined;
    return d && phRead(d).delaying ? [d] : [];
  });
  for (let i = start; i < state.order.length; i += 1) {
    const c = draftOf(state, state.order[i] as string);
    if (!c) continue;
    const waiting = delayers.find((d) => d.id !== c.id && phRead(d).delaying?.until === c.id && canAct(d));
    if (waiting && canAct(c)) {
      takeDelayedTurn(ctx, combatant(state, waiting.id), c.id);
      return;
    }
    if (samePoint(ph(c).abortSkips, here)) {
      ph(c).abortSkips = null;
      removeCondition(ctx, c.id, "aborted");
      ph(c).lastTurn = here;
      ctx.emit({ type: "turnSkipped", who: c.id, round: state.round, phase: state.phase, reason: "aborted" });
      continue;
    }
    if (!canAct(c)) continue;
    if (ph(c).delaying) {
      ph(c).delaying = null;
      setMarked(ctx, DELAYING, c.id, false);
      removeCondition(ctx, c.id, "delayed");
      ctx.emit({ type: "delayLapsed", who: c.id });
    }
    if (ph(c).readied) {
      ph(c).readied = null;
      setMarked(ctx, READIED, c.id, false);
      removeCondition(ctx, c.id, "readied");
      ctx.emit({ type: "readyLapsed", who: c.id });
    }
    beginTurn(ctx, c);
    return;
  }
  // A delayer "may just wait until some time later and act then": the Phase does not end under it.
  // It waits here, nobody current, until a delayer acts or the GM goes on (`next`). A delayer who
  // named its place ("immediately before Captain Comet's action") just before a character who has
  // already acted this Phase is not waited for: it acts there in the next Phase ("If you take a
  // delayed action in the next Phase, before your regular action comes up, your initiative score
  // rises to that new point"). One whose named character cannot act has no such place, and waits.
  const waiting = rosterView(state).filter(
    (d) => listed.has(d.id) && canAct(d) && state.order.includes(d.id) && !placeNamedAhead(state, d),
  );
  if (waiting.length > 0) {
    phEncounter(state).phaseEnd = true;
    state.current = null;
    ctx.emit({
      type: "phaseEndWaits",
      round: state.round,
      phase: state.phase,
      who: waiting.map((d) => d.id),
    });
    return;
  }
  nextPhase(ctx);
}

/** Whether delayer `d` named its place before a character still able to act there (a later Phase). */
function placeNamedAhead(state: EncounterState, d: CombatantState): boolean {
  const until = phRead(d).delaying?.until ?? null;
  if (until === null || !phEncounter(state).sequence.includes(until)) return false;
  const named = peeker(state)(until);
  return named !== undefined && canAct(named);
}

/**
 * A delayer acts at the end of the Phase, after the last character: "thus fixing your new
 * initiative score at that point" (last in the sequence, with the last character's score).
 */
export function takeDelayedTurnAtEnd(ctx: Context, d: CombatantState): void {
  const { state } = ctx;
  const enc = phEncounter(state);
  enc.phaseEnd = false;
  ph(d).delaying = null;
  setMarked(ctx, DELAYING, d.id, false);
  removeCondition(ctx, d.id, "delayed");
  const others = enc.sequence.filter((id) => id !== d.id);
  const last = draftOf(state, others[others.length - 1] ?? "");
  enc.sequence = [...others, d.id];
  if (last) d.initiative = last.initiative;
  state.order = [...state.order.filter((id) => id !== d.id), d.id];
  ctx.emit({ type: "delayedActionTaken", who: d.id, before: null, initiative: d.initiative });
  beginTurn(ctx, d);
}

/** The GM goes on from a Phase end that waited for delayers: they carry their delay into the next Phase. */
export function leavePhaseEnd(ctx: Context): void {
  phEncounter(ctx.state).phaseEnd = false;
  nextPhase(ctx);
}

/** A delayer acts now, immediately before `before`: its initiative becomes that point in the order. */
export function takeDelayedTurn(ctx: Context, d: CombatantState, before: string): void {
  ph(d).delaying = null;
  setMarked(ctx, DELAYING, d.id, false);
  removeCondition(ctx, d.id, "delayed");
  moveBefore(ctx.state, d.id, before);
  ctx.emit({ type: "delayedActionTaken", who: d.id, before, initiative: d.initiative });
  beginTurn(ctx, d);
}

function enterPhase(ctx: Context, round: number, phase: number | "surprise"): void {
  const { state } = ctx;
  state.round = round;
  state.phase = phase;
  clearAllUsage(state, "phase");
  // Only those provoked this Phase (or never given their Phases data) are taken from the draft to
  // be cleared; the rest are read, not copied.
  for (const c of rosterView(state)) {
    if (!("tieRolls" in c.ext) || (phRead(c).provokedBy?.length ?? 0) > 0)
      ph(combatant(state, c.id)).provokedBy = [];
  }
  const sequence = phEncounter(state).sequence;
  const read = peeker(state);
  // "Any characters aware of the opponents can act in the Surprise Phase. In Initiative order"
  state.order = phase === "surprise" ? sequence.filter((id) => !read(id)?.surprised) : [...sequence];
  ctx.emit({ type: "phaseStarted", round, phase, order: [...state.order] });
  advance(ctx, null);
}

/** After the last character of a Phase: the next Phase, or the Post-Turn after Phase 4. */
export function nextPhase(ctx: Context): void {
  const { state } = ctx;
  if (state.phase === "surprise") {
    for (const c of inRosterOrder(state)) removeCondition(ctx, c.id, "surprised");
    enterPhase(ctx, state.round, 1);
  } else if (typeof state.phase === "number" && state.phase < 4)
    enterPhase(ctx, state.round, state.phase + 1);
  else enterPostTurn(ctx);
}

/**
 * "After every Phase 4, before the next Turn begins, there is a "Post-Turn" period which takes no
 * time. At this time most characters automatically get to Take a Recovery." Nobody is current;
 * conditions with a duration tick (one Turn).
 */
function enterPostTurn(ctx: Context): void {
  const { state } = ctx;
  state.phase = "postTurn";
  state.current = null;
  state.order = [...phEncounter(state).sequence];
  ctx.emit({ type: "postTurnStarted", round: state.round });
  for (const c of inRosterOrder(state))
    if (!c.defeated) ctx.emit({ type: "recovered", who: c.id, round: state.round, reason: "postTurn" });
  tickAllConditions(ctx);
  ctx.emit({ type: "roundEnded", round: state.round });
}

export function startCombat(ctx: Context): void {
  const { state } = ctx;
  state.status = "active";
  ctx.emit({ type: "combatStarted", ruleset: "phases" });
  startMarks(ctx, READIED);
  startMarks(ctx, DELAYING);
  rollInitiative(ctx);
  const roster = inRosterOrder(state);
  const unaware = roster.filter((c) => c.surprised);
  // "If some but not all of the characters are aware of their opponents, a Surprise Phase happens
  // before regular phases begin ... If no one or everyone is surprised, no Surprise Phase occurs."
  if (unaware.length > 0 && unaware.length < roster.length) {
    // "Characters who are unaware at the start of battle ... have a -3 DCV penalty during that Phase."
    for (const c of unaware) addCondition(ctx, c.id, "surprised", null);
    enterPhase(ctx, 1, "surprise");
  } else {
    for (const c of unaware) removeCondition(ctx, c.id, "surprised");
    enterPhase(ctx, 1, 1);
  }
}

export function nextFromPostTurn(ctx: Context): void {
  enterPhase(ctx, ctx.state.round + 1, 1);
}

/**
 * Two characters tied on Initiative roll off: "the characters who are tied randomly determine which
 * one of them goes before the other". Each rolls a d6, `first` (earlier in the roster) first; an
 * equal roll is rolled again. Whether `second` wins.
 */
function winsRollOff(ctx: Context, first: string, second: string): boolean {
  for (;;) {
    const rolls = [first, second].map((id) => {
      const roll = ctx.roll(6, "initiativeTie", id);
      ph(draftOf(ctx.state, id) as CombatantState).tieRolls.push(roll);
      ctx.emit({ type: "initiativeTieRolled", who: id, roll });
      return roll;
    });
    const [a = 0, b = 0] = rolls;
    if (a !== b) return b > a;
  }
}

/**
 * A combatant who joins a running fight takes its place by Initiative. A tie is settled by the same
 * random roll-off as at the start, "at any time": the newcomer rolls off with each character it
 * ties with, in sequence order, and goes before the first it beats (after all of them if it beats
 * none). Those already placed keep their order ("In every phase that follows, the characters act in
 * the same order").
 */
export function placeNewcomer(ctx: Context, c: CombatantState): void {
  const { state } = ctx;
  const enc = phEncounter(state);
  if (enc.sequence.includes(c.id)) return;
  const score = baseInitiative(c);
  c.initiative = score;
  const read = peeker(state);
  let at = enc.sequence.findIndex((id) => (read(id)?.initiative ?? 0) <= score);
  if (at < 0) at = enc.sequence.length;
  for (; at < enc.sequence.length; at += 1) {
    const other = enc.sequence[at] as string;
    if (read(other)?.initiative !== score || winsRollOff(ctx, other, c.id)) break;
  }
  enc.sequence.splice(at, 0, c.id);
  if (typeof state.phase === "number" || state.phase === "postTurn") state.order = [...enc.sequence];
}
