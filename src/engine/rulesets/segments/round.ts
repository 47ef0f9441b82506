import { rosterView, type Context } from "../../context";
import { inRosterOrder, draftOf } from "../../core/combatants";
import { hasCondition, removeCondition, tickAllConditions } from "../../core/conditions";
import { spatialIndexOf } from "../../core/movement";
import { clearAllUsage } from "../../core/usage";
import type { CombatantState, EncounterState } from "../../state";
import { dexterityReaction, FAST_ACTIONS, FAST_RANK, GROUP_RANK, MAJOR_ACTIONS, SPELLS } from "./actions";
import { type Casting, freshCombatantExt, type Group, seg, segEncounter, segRead } from "./state";

/** "1 round (one minute) = 10 segments". */
export const SEGMENTS_PER_ROUND = 10;

/** The acting stages of a round, in the text's steps 3 to 7; `declare` comes before, `end` after. */
export const STAGES = ["fast", "multi", "high", "low", "multiRest", "spells"] as const;
export type ActingStage = (typeof STAGES)[number];

/**
 * Whether a combatant can act at all now. Defeated combatants cannot; surprised ones cannot act
 * in the round they are surprised in (our reading of "The GM will check for Surprise": the
 * surprised condition, set at the start, lasts round 1 and keeps its bearer out of every stage).
 */
export function canAct(c: CombatantState): boolean {
  return !c.defeated && !hasCondition(c, "surprised");
}

export function declaredMajor(c: CombatantState): string | null {
  return segRead(c).declared.find((d) => MAJOR_ACTIONS.has(d.action))?.action ?? null;
}

export function hasDeclared(c: CombatantState, action: string): boolean {
  return segRead(c).declared.some((d) => d.action === action);
}

/** The fast-action key of a combatant (parley, flee, charge, or goFirst for a "Go First" ability), if any. */
export function fastKey(c: CombatantState): string | null {
  const major = declaredMajor(c);
  if (major !== null && (FAST_ACTIONS as readonly string[]).includes(major)) return major;
  if (c.tags.includes("goFirst")) return "goFirst";
  return null;
}

/** The round and segment (1..10) in which a casting completes: casting time counts from segment 1 of its start round. */
export function castingCompletes(casting: Casting): { round: number; segment: number } {
  const total = Math.max(1, casting.time + casting.added);
  return {
    round: casting.startRound + Math.floor((total - 1) / SEGMENTS_PER_ROUND),
    segment: ((total - 1) % SEGMENTS_PER_ROUND) + 1,
  };
}

/**
 * A declared invocation of 1 segment. Step 7 resolves "invocations (someone using a magic item that
 * takes longer than 1 segment to activate)", so one of 1 segment is not a casting for the spells
 * stage: it resolves in the invoker's group initiative turn (`act invoke`).
 */
export function instantInvocation(c: CombatantState): boolean {
  return segRead(c).declared.some((d) => d.action === "invoke" && d.time <= 1);
}

/** Segments of a complex activity still to run at the start of `round` (0 when it is done). */
function activityLeft(activity: { time: number; startRound: number }, round: number): number {
  return activity.time - SEGMENTS_PER_ROUND * (round - activity.startRound);
}

/** A casting begun in an earlier round ("If an action ... takes longer than 10 segments, it will normally occur in another round"). */
function carriedCasting(state: EncounterState, c: CombatantState): boolean {
  const casting = segRead(c).casting;
  return casting !== null && casting.startRound < state.round;
}

/**
 * "If any individual has the multi-attack ability (and is in melee)": tag multiAttack, and on a grid
 * an enemy threatens it or it threatens an enemy; on a gridless scene, where nobody's position is
 * known, a multi-attacker is in melee unless it declared a major action other than a melee attack.
 */
export function inMelee(state: EncounterState, c: CombatantState): boolean {
  if (state.grid.type === "none" || c.at === null) {
    const major = declaredMajor(c);
    return major === null || major === "attack";
  }
  const index = spatialIndexOf(state);
  for (const cell of index.cellsOf(c.id))
    if (index.threatenersOf(cell).some((id) => index.isEnemy(c.id, id))) return true;
  for (const other of rosterView(state)) {
    if (other.side === c.side || other.defeated) continue;
    for (const cell of index.cellsOf(other.id)) if (index.threatenersOf(cell).includes(c.id)) return true;
  }
  return false;
}

function isMultiAttacker(state: EncounterState, c: CombatantState): boolean {
  if (!c.tags.includes("multiAttack") || fastKey(c) !== null) return false;
  const major = declaredMajor(c);
  return (major === null || major === "attack") && inMelee(state, c);
}

/**
 * A combatant's place among its group by action type: D1 innate (casters announce targets), missile,
 * melee, D4 other (simple activities alone), delaying activities, complex activities ("Go Last").
 * "A delayed individual performing delaying activities treats those activities as complex".
 */
export function groupRank(c: CombatantState): number {
  // A casting carried from an earlier round (with option carriedCasting: groupTurn) keeps its D1 place.
  const casting = segRead(c).casting;
  if (casting !== null) return GROUP_RANK[casting.spell] ?? (GROUP_RANK.cast as number);
  const major = declaredMajor(c);
  const delaying = hasDeclared(c, "delaying");
  if (major !== null) return GROUP_RANK[major] ?? (GROUP_RANK.attack as number);
  if (delaying)
    return hasCondition(c, "delayed") ? (GROUP_RANK.complex as number) : (GROUP_RANK.delaying as number);
  if (hasDeclared(c, "simple")) return GROUP_RANK.simple as number;
  return GROUP_RANK.attack as number;
}

/**
 * Weapon speed for ties: stat weaponSpeed plus 1 for each declared minor action that takes a
 * segment ("if you drop a small shield before attacking with a battle axe, your weapon speed will
 * be 8 instead of 7"). Lower is faster.
 */
export function weaponSpeed(c: CombatantState): number {
  const minors = segRead(c)
    .declared.filter((d) => d.action === "simple" || d.action === "delaying")
    .reduce((sum, d) => sum + (d.time > 0 ? d.time : 0), 0);
  return (c.stats.weaponSpeed ?? 0) + minors;
}

const groupValue = (g: Group | null | undefined): number => (g === "high" ? 0 : 1);

/**
 * The group an individual's roll gives it: its side's d6, plus its Dexterity Reaction Adjustment
 * when the GM's option `dexterityReaction` is `groups` ("Adjustments may be made for individuals
 * with a Dexterity Reaction Adjustment in the right circumstances"), against the best opposing
 * side's d6; equal is HIGH ("If TIED, both groups act during HIGH"). A side that did not roll is LOW.
 * Every stage uses this same group; only HIGH/LOW and spells then apply delay and the delayed condition.
 */
export function rolledGroup(
  state: EncounterState,
  c: CombatantState,
): { initiative: number | null; group: Group } {
  const rolls = segEncounter(state).rolls;
  const roll = rolls[c.side];
  if (roll === undefined) return { initiative: null, group: "low" };
  const best = Math.max(
    -Infinity,
    ...Object.entries(rolls)
      .filter(([side]) => side !== c.side)
      .map(([, r]) => r),
  );
  const adjustment =
    state.options.dexterityReaction === "groups" ? dexterityReaction(c.stats.dexterity ?? 10) : 0;
  return { initiative: roll + adjustment, group: roll + adjustment >= best ? "high" : "low" };
}

function roster(state: EncounterState): CombatantState[] {
  return inRosterOrder(state);
}

/**
 * Who acts in a stage, in order. Array#sort is stable, so roster order breaks what is left. Read
 * only: every combatant is read (rosterView, segRead), none taken from the draft.
 */
export function stageOrder(state: EncounterState, stage: ActingStage): string[] {
  // A caster whose casting carries on from an earlier round has no group turn, unless the option
  // carriedCasting is groupTurn (docs/rulesets/segments.md, Decisions): then it keeps its D1 place
  // in its group (HIGH/LOW), for minor actions.
  const carriedTurn = state.options.carriedCasting === "groupTurn" && (stage === "high" || stage === "low");
  const able = rosterView(state).filter((c) => canAct(c) && (carriedTurn || !carriedCasting(state, c)));
  switch (stage) {
    case "fast": {
      // "Fast actions are unaffected by the delayed condition and use group initiative if appropriate":
      // the individual's rolled group (with any Dexterity Reaction Adjustment), not LOW for delay.
      // "in the order as presented in the Combat Round Flowchart" (A. Parley, B. Flee, C. Charge, then
      // Go First) before the groups (fastOrder: flowchart), or the groups first (fastOrder: group).
      const byType = (a: CombatantState, b: CombatantState): number =>
        (FAST_RANK[fastKey(a) ?? ""] ?? 9) - (FAST_RANK[fastKey(b) ?? ""] ?? 9);
      const byGroup = (a: CombatantState, b: CombatantState): number =>
        groupValue(rolledGroup(state, a).group) - groupValue(rolledGroup(state, b).group);
      const groupFirst = state.options.fastOrder === "group";
      return able
        .filter((c) => fastKey(c) !== null)
        .sort((a, b) => (groupFirst ? byGroup(a, b) || byType(a, b) : byType(a, b) || byGroup(a, b)))
        .map((c) => c.id);
    }
    case "multi":
      return able
        .filter((c) => isMultiAttacker(state, c))
        .sort(
          (a, b) =>
            groupValue(segRead(a).group) - groupValue(segRead(b).group) || weaponSpeed(a) - weaponSpeed(b),
        )
        .map((c) => c.id);
    case "high":
    case "low":
      return able
        .filter(
          (c) =>
            segRead(c).group === stage &&
            fastKey(c) === null &&
            segRead(c).attacksLeft === 0 &&
            !segRead(c).inMulti,
        )
        .sort(
          (a, b) =>
            groupRank(a) - groupRank(b) ||
            // "All group initiative action ties are lost unless the opponent has the delayed condition"
            Number(hasCondition(a, "delayed")) - Number(hasCondition(b, "delayed")) ||
            weaponSpeed(a) - weaponSpeed(b),
        )
        .map((c) => c.id);
    case "multiRest":
      return able.filter((c) => segRead(c).inMulti && segRead(c).attacksLeft > 0).map((c) => c.id);
    case "spells":
      // "Spells consider the delayed individual to have LOW initiative but ties are not automatically lost"
      return rosterView(state)
        .filter((c) => canAct(c) && completesThisRound(state, c))
        .sort(
          (a, b) =>
            spellSegment(a) - spellSegment(b) || groupValue(segRead(a).group) - groupValue(segRead(b).group),
        )
        .map((c) => c.id);
  }
}

function completesThisRound(state: EncounterState, c: CombatantState): boolean {
  const casting = segRead(c).casting;
  return casting !== null && castingCompletes(casting).round === state.round;
}

function spellSegment(c: CombatantState): number {
  const casting = segRead(c).casting;
  return casting ? castingCompletes(casting).segment : SEGMENTS_PER_ROUND;
}

/**
 * state.segment is the segment in which the current actor's action completes: segment 1 plus the
 * segments its minor actions added; a complex activity completes on segment 10 ("require a full
 * round"); a spell on its casting time (plus added segments).
 */
export function actorSegment(state: EncounterState, c: CombatantState): number {
  if (state.stage === "spells") return spellSegment(c);
  if ((state.stage === "high" || state.stage === "low") && declaredMajor(c) === "complex") {
    // A carried complex activity completes on its last segment in its last round; otherwise a
    // complex activity takes the full round.
    const activity = segRead(c).activity;
    const left = activity && activity.startRound < state.round ? activityLeft(activity, state.round) : 0;
    return left > 0 && left <= SEGMENTS_PER_ROUND ? left : SEGMENTS_PER_ROUND;
  }
  return Math.min(SEGMENTS_PER_ROUND, 1 + segRead(c).extra);
}

function eligible(state: EncounterState, stage: ActingStage, c: CombatantState): boolean {
  if (!canAct(c)) return false;
  if (stage === "spells") return completesThisRound(state, c);
  if (stage === "multiRest") return segRead(c).attacksLeft > 0;
  return true;
}

/** Open a new round at `declare` ("The GM announces the beginning of the combat round"). */
export function startRound(ctx: Context, round: number): void {
  const { state } = ctx;
  state.round = round;
  state.stage = "declare";
  state.segment = 1;
  state.current = null;
  state.groups = null;
  segEncounter(state).rolls = {};
  clearAllUsage(state, "round");
  for (const c of roster(state)) {
    const { casting, activity, extra } = seg(c);
    Object.assign(c.ext, freshCombatantExt(), { casting });
    // "If an action or set of actions takes longer than 10 segments, it will normally occur in
    // another round": segments of this combatant's actions past segment 10 open its next round.
    seg(c).extra = Math.max(0, extra - SEGMENTS_PER_ROUND);
    c.initiative = null;
    // A complex activity of more than one round goes on: this round it stands declared again for
    // the segments still left, so it goes last and "No other action or activity can be performed".
    const left = activity ? activityLeft(activity, round) : 0;
    if (activity && left > 0) {
      seg(c).activity = activity;
      seg(c).declared.push({ action: "complex", time: left });
    }
  }
  state.order = roster(state)
    .filter(canAct)
    .map((c) => c.id);
  ctx.emit({ type: "roundStarted", round, stage: "declare" });
}

/**
 * Close declarations and roll group initiative: "Each group will roll a d6", each side when its
 * first member (roster order) is reached; sides with nobody able to act do not roll and are LOW.
 * "The group with the highest roll acts first during HIGH ... If TIED, both groups act during HIGH".
 */
export function rollGroupInitiative(ctx: Context): void {
  const { state } = ctx;
  const rolls: Record<string, number> = {};
  for (const c of roster(state)) {
    if (c.side in rolls || !canAct(c)) continue;
    rolls[c.side] = ctx.roll(6, "groupInitiative", c.id);
    ctx.emit({ type: "initiativeRolled", side: c.side, roll: rolls[c.side] ?? 0, who: c.id });
  }
  segEncounter(state).rolls = rolls;
  const best = (except: string | null): number =>
    Math.max(
      -Infinity,
      ...Object.entries(rolls)
        .filter(([side]) => side !== except)
        .map(([, r]) => r),
    );
  const groups: Record<string, Group> = {};
  for (const c of roster(state)) {
    if (c.side in groups) continue;
    const roll = rolls[c.side];
    groups[c.side] = roll !== undefined && roll >= best(c.side) ? "high" : "low";
  }
  state.groups = groups;
  const individual: Record<string, Group> = {};
  for (const c of roster(state)) {
    const rolled = rolledGroup(state, c);
    c.initiative = rolled.initiative;
    const group = individualGroup(c, rolled.group);
    seg(c).group = group;
    individual[c.id] = group;
    for (const d of seg(c).declared) {
      if (d.action === "complex" && d.time > SEGMENTS_PER_ROUND && seg(c).activity === null) {
        // "Complex Activity ... (declared; major, 1 round or more)": one of more than 10 segments
        // carries into the next round(s).
        seg(c).activity = { time: d.time, startRound: state.round };
        ctx.emit({
          type: "activityStarted",
          who: c.id,
          action: "complex",
          time: d.time,
          completes: {
            round: state.round + Math.floor((d.time - 1) / SEGMENTS_PER_ROUND),
            segment: ((d.time - 1) % SEGMENTS_PER_ROUND) + 1,
          },
        });
      }
      if (!SPELLS.has(d.action) || instantInvocation(c)) continue;
      // "activation always begins on the 1st segment"
      seg(c).casting = {
        spell: d.action as "cast" | "invoke",
        time: d.time,
        startRound: state.round,
        added: 0,
        target: null,
      };
      ctx.emit({
        type: "castingStarted",
        who: c.id,
        spell: d.action,
        time: d.time,
        completes: castingCompletes(seg(c).casting as Casting),
      });
    }
  }
  ctx.emit({ type: "groupInitiativeSet", round: state.round, rolls, groups, individual });
}

/**
 * The group an individual acts in, from its side's rolled group: "If you declare ... your intent to
 * delay, you act on LOW initiative"; a delaying activity "can only do so during LOW initiative";
 * "An individual with this condition always has LOW initiative".
 */
function individualGroup(c: CombatantState, rolled: Group): Group {
  if (hasDeclared(c, "delay") || hasDeclared(c, "delaying") || hasCondition(c, "delayed")) return "low";
  return rolled;
}

/**
 * The GM moved `who` to another side after group initiative was rolled. "Each group will roll a
 * d6": the individual now belongs to its new side's group, so it takes that side's roll and group
 * (with its own adjustment, delay and the delayed condition as at the roll) for the stages still to
 * come, as a newcomer does; a side that did not roll this round is LOW. The stage under way keeps
 * its order. Before the roll (declarations) nothing is needed: the roll reads the side then.
 */
export function changeGroup(ctx: Context, who: string): void {
  const { state } = ctx;
  const c = draftOf(state, who) as CombatantState;
  if (state.stage === null || state.stage === "declare") return;
  const rolled = rolledGroup(state, c);
  const group = individualGroup(c, rolled.group);
  c.initiative = rolled.initiative;
  if (seg(c).group === group) return;
  seg(c).group = group;
  ctx.emit({ type: "groupChanged", who: c.id, group, round: state.round });
}

/** Make `who` current in the present stage, with the segment its action completes in. */
function beginTurn(ctx: Context, who: string): void {
  const { state } = ctx;
  const c = draftOf(state, who) as CombatantState;
  state.current = who;
  state.segment = actorSegment(state, c);
  ctx.emit({ type: "turnStarted", who, round: state.round, stage: state.stage, segment: state.segment });
  if (state.stage === "spells") completeSpell(ctx, c);
}

/** The spell goes off on its completion segment; it is the caster's one spell and major action this round. */
function completeSpell(ctx: Context, c: CombatantState): void {
  const casting = seg(c).casting;
  if (!casting) return;
  seg(c).casting = null;
  c.usage["round:spell"] = 1;
  c.usage["round:major"] = 1;
  ctx.emit({
    type: "spellCompleted",
    who: c.id,
    spell: casting.spell,
    segment: ctx.state.segment,
    target: casting.target,
  });
}

/** Enter the first stage at or after `from` in which somebody acts ("Stages where nobody acts are skipped"). */
export function enterStage(ctx: Context, from: number): void {
  const { state } = ctx;
  for (let i = from; i < STAGES.length; i += 1) {
    const stage = STAGES[i] as ActingStage;
    if (stage === "multi") {
      for (const c of roster(state)) {
        if (canAct(c) && isMultiAttacker(state, c)) {
          seg(c).inMulti = true;
          seg(c).attacksLeft = Math.max(0, (c.stats.attacks ?? 2) - 1);
        }
      }
    }
    const order = stageOrder(state, stage);
    if (order.length === 0) continue;
    state.stage = stage;
    state.order = order;
    ctx.emit({ type: "stageStarted", round: state.round, stage, order });
    beginTurn(ctx, order[0] as string);
    return;
  }
  enterEnd(ctx);
}

/** "8. The GM will conduct the End the Round sequence": nobody is current until the GM goes on. */
function enterEnd(ctx: Context): void {
  const { state } = ctx;
  state.stage = "end";
  state.current = null;
  state.order = [];
  state.segment = SEGMENTS_PER_ROUND;
  ctx.emit({ type: "stageStarted", round: state.round, stage: "end", order: [] });
  tickAllConditions(ctx);
  // Surprise covers the first round only.
  if (state.round === 1)
    for (const c of roster(state)) if (c.surprised) removeCondition(ctx, c.id, "surprised");
  ctx.emit({ type: "roundEnded", round: state.round });
}

/** The next actor of the stage after `from`, or the next stage. */
export function advance(ctx: Context, from: string | null): void {
  const { state } = ctx;
  const stage = state.stage as ActingStage;
  if (from !== null) ctx.emit({ type: "turnEnded", who: from, round: state.round, stage });
  resumeAt(ctx, from === null ? 0 : state.order.indexOf(from) + 1);
}

/** Begin the turn of the first eligible actor of the stage's order from index `start`, or the next stage. */
function resumeAt(ctx: Context, start: number): void {
  const { state } = ctx;
  const stage = state.stage as ActingStage;
  for (let i = start; i < state.order.length; i += 1) {
    const c = draftOf(state, state.order[i] as string);
    if (c && eligible(state, stage, c)) {
      beginTurn(ctx, c.id);
      return;
    }
  }
  enterStage(ctx, STAGES.indexOf(stage) + 1);
}

/**
 * "A delayed individual performing delaying activities treats those activities as complex (that
 * typically Go Last)": the current actor `who` moves to the end of the stage's order and the next
 * actor's turn begins; its own turn comes back last (at segment 10), when everyone else has acted.
 */
export function goLast(ctx: Context, who: string): void {
  const { state } = ctx;
  const at = state.order.indexOf(who);
  const rest = state.order.slice(at + 1);
  if (rest.length === 0) return;
  state.order = [...state.order.slice(0, at), ...rest, who];
  ctx.emit({ type: "orderChanged", order: [...state.order], reason: "goLast", who });
  resumeAt(ctx, at);
}

/**
 * A combatant who joins a running fight (the GM adds it to the tracker). The text has no joining
 * rule, so it acts as its side does: while declarations are open it declares with everyone; once
 * group initiative is rolled it takes its side's roll and group (with its own Dexterity Reaction
 * Adjustment) and acts in the stages still to come, or in the one under way if its place there is
 * still to come. A side that did not roll this round waits for the next round's declarations.
 */
export function placeNewcomer(ctx: Context, who: string): void {
  const { state } = ctx;
  const c = draftOf(state, who) as CombatantState;
  if (state.stage === "declare") {
    if (canAct(c)) state.order = [...state.order, c.id];
    return;
  }
  const roll = segEncounter(state).rolls[c.side];
  if (roll === undefined || state.stage === null || state.stage === "end") return;
  const rolled = rolledGroup(state, c);
  c.initiative = rolled.initiative;
  seg(c).group = rolled.group;
  const stage = state.stage as ActingStage;
  const sorted = stageOrder(state, stage);
  if (!sorted.includes(c.id)) return;
  // Into the stage under way, before the first still to act who comes after it.
  const here = state.current === null ? -1 : state.order.indexOf(state.current);
  const after = sorted.slice(sorted.indexOf(c.id) + 1);
  const at = state.order.findIndex((id, i) => i > here && after.includes(id));
  const order = [...state.order];
  order.splice(at === -1 ? order.length : at, 0, c.id);
  state.order = order;
  ctx.emit({ type: "orderChanged", order: [...order], reason: "newcomer", who: c.id });
}
