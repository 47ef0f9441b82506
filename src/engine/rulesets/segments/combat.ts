import { coreHandlers } from "../../apply";
import type { CommandOf, MoveMode } from "../../commands";
import { peeker, readOnlyContext, rosterView, type Context } from "../../context";
import type { MovePreview, Ruleset } from "../../ruleset";
import { combatant, requireAble, requireCurrent, draftOf } from "../../core/combatants";
import { addCondition, hasCondition } from "../../core/conditions";
import { planPath, requireLegalPath, spatialIndexOf, stepsOf, type PlannedPath } from "../../core/movement";
import {
  closePending,
  findOffer,
  findPending,
  offerEach,
  offersForTrigger,
  openPending,
  requireNoOpenOffers,
  withdrawOffers,
  decline,
} from "../../core/offers";
import { markUsed, usedCount } from "../../core/usage";
import { sameCell, walkPath, type SpatialIndex } from "../../grid";
import type { Outcome } from "../../commands";
import { refuse, RefusalError } from "../../refusal";
import type { Cell, CombatantState, EncounterState, JsonObject } from "../../state";
import {
  ACTIONS,
  attackHits,
  FAST_ACTIONS,
  MAJOR_ACTIONS,
  MUST_DECLARE,
  SPELLS,
  toHitNeeded,
} from "./actions";
import {
  advance,
  canAct,
  declaredMajor,
  hasDeclared,
  instantInvocation,
  rollGroupInitiative,
  enterStage,
  startRound,
  actorSegment,
  castingCompletes,
  goLast,
  SEGMENTS_PER_ROUND,
} from "./round";
import { type Casting, seg, segRead } from "./state";
import { standAt } from "../../core/place";
import { frozen } from "../../json";

/** Conditions that break a caster's concentration when applied: "caster fails a save; caster's movement or ability to act is impeded". */
export const CONCENTRATION_BREAKERS = [
  "failedSave",
  "impeded",
  "grappled",
  "held",
  "paralyzed",
  "stunned",
  "unconscious",
  "prone",
] as const;

const HITS: readonly Outcome[] = ["hit", "crit", "kill"];

/** The text's concentration breakers that happen to a caster (not its own choices such as a delay or a free attack). */
const OUTSIDE_BREAKERS: ReadonlySet<string> = new Set(["damage", "jostled", ...CONCENTRATION_BREAKERS]);

/** Whether the casting's time is still running now: before the end of its completion segment. */
function concentrating(state: EncounterState, casting: Casting): boolean {
  const done = castingCompletes(casting);
  return state.round < done.round || (state.round === done.round && (state.segment ?? 1) <= done.segment);
}

export function majorUsed(c: CombatantState): boolean {
  return usedCount(c, "round", "major") > 0;
}

function requireCanAct(c: CombatantState): void {
  requireAble(c);
  if (hasCondition(c, "surprised")) refuse("Surprised", { who: c.name });
}

function requireKnownAction(action: string): void {
  if (!ACTIONS[action]) refuse("UnknownAction", { action });
}

/**
 * "Concentration is always broken by ... caster takes damage; caster fails a save; caster's
 * movement or ability to act is impeded" and "If this concentration is broken, the spell being
 * cast fails and is lost as if cast."
 */
export function breakConcentration(ctx: Context, who: string, reason: string): void {
  const c = combatant(ctx.state, who);
  const casting = seg(c).casting;
  if (!casting) return;
  // The text's breakers must occur "during the time period of concentration": by the segment
  // clock, a casting whose time has run out (it waits only for its spells turn) is past that.
  if (OUTSIDE_BREAKERS.has(reason) && !concentrating(ctx.state, casting)) return;
  seg(c).casting = null;
  markUsed(c, "round", "spell");
  if (!majorUsed(c)) markUsed(c, "round", "major");
  ctx.emit({ type: "spellLost", who, spell: casting.spell, reason });
}

/**
 * An attack: with an outcome the result is stipulated and no die is rolled; otherwise a d20
 * against the target's AC: hit when natural 20, or not natural 1 and d20 + attackBonus reaches
 * toHitNeeded(aac0, ac) (stats aac0 default 20, ac default 10, attackBonus default 0).
 */
function resolveAttack(
  ctx: Context,
  attacker: CombatantState,
  targetId: string,
  action: string,
  outcome: Outcome | undefined,
): void {
  const target = combatant(ctx.state, targetId);
  let result: Outcome;
  let roll: number | null = null;
  let needed: number | null = null;
  if (outcome !== undefined) result = outcome;
  else {
    needed = toHitNeeded(attacker.stats.aac0 ?? 20, target.stats.ac ?? 10);
    roll = ctx.roll(20, "attack", attacker.id);
    result = attackHits(roll, attacker.stats.attackBonus ?? 0, needed) ? "hit" : "miss";
  }
  const hit = HITS.includes(result);
  ctx.emit({
    type: "attackResolved",
    who: attacker.id,
    target: targetId,
    with: action,
    outcome: result,
    hit,
    roll,
    needed,
  });
  if (hit) breakConcentration(ctx, targetId, "damage");
  if (result === "kill" && !target.defeated) {
    target.defeated = true;
    ctx.moved(targetId);
    ctx.emit({ type: "defeatedChanged", who: targetId, defeated: true });
    withdrawOffers(ctx, (o) => o.who === targetId, "defeated");
  }
}

function requireEnemyTarget(ctx: Context, c: CombatantState, target: string | undefined): string {
  if (target === undefined) refuse("NeedsTarget", { who: c.name });
  const t = combatant(ctx.state, target);
  if (t.side === c.side) refuse("NotAnEnemy", { who: c.name, target: t.name });
  if (t.defeated) refuse("Defeated", { who: t.name });
  return target;
}

/** Default time of an action in segments: 1 ("the action takes 1 segment to complete"), complex 10. */
function timeOf(action: string, time: number | undefined): number {
  if (time !== undefined) return time;
  return action === "complex" ? 10 : 1;
}

export function declare(ctx: Context, cmd: CommandOf<"declare">): void {
  const c = combatant(ctx.state, cmd.who);
  if (ctx.state.stage !== "declare") refuse("NotDeclaring", { who: c.name });
  requireCanAct(c);
  requireKnownAction(cmd.action);
  const time = timeOf(cmd.action, cmd.time);
  if (!Number.isInteger(time) || time < 0 || (SPELLS.has(cmd.action) && time < 1))
    refuse("BadTime", { time });
  const mine = seg(c);
  // "No other action or activity can be performed that round."
  if (hasDeclared(c, "complex") || (cmd.action === "complex" && mine.declared.length > 0))
    refuse("ComplexTakesRound", { who: c.name });
  if (
    SPELLS.has(cmd.action) &&
    (mine.casting !== null ||
      usedCount(c, "round", "spell") > 0 ||
      mine.declared.some((d) => SPELLS.has(d.action)))
  )
    refuse("OneSpellPerRound", { who: c.name });
  if (MAJOR_ACTIONS.has(cmd.action)) {
    if (mine.casting !== null) refuse("StillCasting", { who: c.name });
    if (declaredMajor(c) !== null) refuse("OneMajorAction", { who: c.name });
  }
  if (cmd.action === "delay" && hasDeclared(c, "delay"))
    refuse("AlreadyDeclared", { who: c.name, action: cmd.action });
  mine.declared.push({ action: cmd.action, time });
  ctx.emit({ type: "actionDeclared", who: cmd.who, action: cmd.action, time });
}

export function next(ctx: Context): void {
  requireNoOpenOffers(ctx);
  const { state } = ctx;
  if (state.stage === "declare") {
    rollGroupInitiative(ctx);
    enterStage(ctx, 0);
  } else if (state.stage === "end") startRound(ctx, state.round + 1);
  else advance(ctx, state.current);
}

export function endTurn(ctx: Context, cmd: CommandOf<"endTurn">): void {
  requireNoOpenOffers(ctx);
  requireCurrent(ctx, cmd.who);
  advance(ctx, cmd.who);
}

/** Offer each opponent that can take one a free attack and/or an immediate attack against a fleeing combatant. */
function offerAttacks(
  ctx: Context,
  fleer: CombatantState,
  threateners: readonly string[],
  trigger: ReturnType<typeof openPending>,
  cell: Cell | null,
): number {
  // The threateners met are noted in a copy, put back with one write if any was new.
  const offered = [...segRead(fleer).fleeOffered];
  const before = offered.length;
  const attacks = attacksOffered(ctx.state, fleer.id, threateners, offered);
  if (offered.length > before) seg(fleer).fleeOffered = frozen(offered);
  offerEach(
    ctx,
    trigger,
    attacks.map((a) => ({ who: a.id, with: a.with, against: fleer.id, cell })),
  );
  return attacks.length;
}

/**
 * The attacks `threateners` are offered against a fleer, each threatener once: those already in
 * `offered` are skipped, the others added to it (whether or not they get an attack).
 */
function attacksOffered(
  state: EncounterState,
  fleer: string,
  threateners: readonly string[],
  offered: string[],
): { id: string; with: "freeAttack" | "immediateAttack" }[] {
  const out: { id: string; with: "freeAttack" | "immediateAttack" }[] = [];
  for (const id of threateners) {
    const t = peeker(state)(id);
    if (!t || t.defeated || offered.includes(id)) continue;
    offered.push(id);
    // "Creatures with the surprised condition cannot make free attacks."
    if (hasCondition(t, "surprised")) continue;
    // "one free attack ... per opponent per round"; "Only one free attack may be taken per segment by any creature"
    if (usedCount(t, "round", `freeAttack:${fleer}`) === 0 && seg(t).freeAttackSegment !== state.segment)
      out.push({ id, with: "freeAttack" });
    // "Creatures using an immediate attack must have an available major action"
    if (!majorUsed(t)) out.push({ id, with: "immediateAttack" });
  }
  return out;
}

/** Who `attacksOffered` would offer an attack to, in order, each once. */
function attackersOf(
  ctx: Context,
  threateners: readonly string[],
  offered: string[],
  fleer: string,
): string[] {
  return [...new Set(attacksOffered(ctx.state, fleer, threateners, offered).map((a) => a.id))];
}

/** Enemies adjacent to a combatant: those threatening its cells on a grid; every able enemy on a gridless scene. */
function adjacentEnemies(ctx: Context, c: CombatantState, known?: SpatialIndex): string[] {
  const enemies = rosterView(ctx.state).filter((o) => o.side !== c.side && !o.defeated);
  if (ctx.state.grid.type === "none" || c.at === null) return enemies.map((o) => o.id);
  const index = known ?? spatialIndexOf(ctx.state);
  const near = new Set<string>();
  for (const cell of index.cellsOf(c.id))
    for (const id of index.threatenersOf(cell)) if (index.isEnemy(c.id, id)) near.add(id);
  return enemies.filter((o) => near.has(o.id)).map((o) => o.id);
}

/** The text's one major task per round; returns whether this act is a multi-attack's remaining routine. */
function takeMajor(ctx: Context, c: CombatantState, action: string): void {
  const mine = seg(c);
  if (ctx.state.stage === "multiRest" && action === "attack" && mine.attacksLeft > 0) {
    mine.attacksLeft -= 1;
    return;
  }
  if (mine.casting !== null) refuse("StillCasting", { who: c.name });
  if (majorUsed(c)) refuse("OneMajorAction", { who: c.name });
  // "If an action or set of actions takes longer than 10 segments, it will normally occur in
  // another round": once the minor actions before it pass segment 10, the major action cannot
  // complete this round (the segments past 10 start the actor's next round).
  if (action !== "complex" && 1 + mine.extra > SEGMENTS_PER_ROUND)
    refuse("ActionsPastRound", { who: c.name });
  markUsed(c, "round", "major");
}

export function act(ctx: Context, cmd: CommandOf<"act">): void {
  if (cmd.action === "delay") {
    delay(ctx, { type: "delay", who: cmd.who });
    return;
  }
  requireNoOpenOffers(ctx);
  const c = requireCurrent(ctx, cmd.who);
  requireCanAct(c);
  requireKnownAction(cmd.action);
  const mine = seg(c);
  const { state } = ctx;
  if (MUST_DECLARE.has(cmd.action) && !hasDeclared(c, cmd.action))
    refuse("MustBeDeclared", { who: c.name, action: cmd.action });
  if (hasDeclared(c, "complex") && cmd.action !== "complex") refuse("ComplexTakesRound", { who: c.name });
  const base = { type: "actionTaken", who: c.id, action: cmd.action, round: state.round, stage: state.stage };
  switch (cmd.action) {
    case "cast":
    case "invoke": {
      if (cmd.action === "invoke" && instantInvocation(c) && mine.casting === null) {
        // Step 7 is for invocations "that take longer than 1 segment to activate": this one
        // activates now, in the invoker's group initiative turn, as its one spell and major action.
        if (state.stage !== "high" && state.stage !== "low") refuse("TargetInGroupTurn", { who: c.name });
        if (usedCount(c, "round", "spell") > 0) refuse("OneSpellPerRound", { who: c.name });
        const target = cmd.target ?? null;
        if (target !== null) combatant(state, target);
        takeMajor(ctx, c, cmd.action);
        markUsed(c, "round", "spell");
        ctx.emit({ ...base, major: true, target, segment: state.segment });
        ctx.emit({ type: "spellCompleted", who: c.id, spell: "invoke", segment: state.segment, target });
        return;
      }
      // "during the caster's Group initiative turn, the caster must announce the target"
      if (mine.casting === null || mine.casting.spell !== cmd.action) refuse("NotCasting", { who: c.name });
      if (state.stage !== "high" && state.stage !== "low") refuse("TargetInGroupTurn", { who: c.name });
      const target = cmd.target ?? null;
      if (target !== null) combatant(state, target);
      mine.casting.target = target;
      ctx.emit({ type: "spellTargeted", who: c.id, spell: cmd.action, target });
      return;
    }
    case "complex":
      takeMajor(ctx, c, cmd.action);
      ctx.emit({ ...base, major: true, segment: state.segment });
      return;
    case "simple":
    case "delaying": {
      // "An individual performing a delaying activity can only do so during LOW initiative."
      if (cmd.action === "delaying" && state.stage !== "low") refuse("DelayingOnlyInLow", { who: c.name });
      if (cmd.action === "delaying" && hasCondition(c, "delayed")) {
        // "A delayed individual performing delaying activities treats those activities as complex
        // (that typically Go Last)": its major action, the whole round ("No other action or
        // activity can be performed that round"), completing on segment 10 after everyone else.
        takeMajor(ctx, c, "complex");
        mine.declared.unshift({ action: "complex", time: SEGMENTS_PER_ROUND });
        state.segment = actorSegment(state, c);
        ctx.emit({ ...base, major: true, asComplex: true, time: SEGMENTS_PER_ROUND, segment: state.segment });
        goLast(ctx, c.id);
        return;
      }
      const time = cmd.time ?? 1;
      if (!Number.isInteger(time) || time < 0) refuse("BadTime", { time });
      // "Any minor action that requires 1 segment will add 1 segment to any major action"
      mine.extra += time;
      if (mine.casting !== null && mine.casting.startRound === state.round) mine.casting.added += time;
      state.segment = actorSegment(state, c);
      ctx.emit({ ...base, major: false, time, segment: state.segment });
      return;
    }
    default: {
      const target =
        cmd.action === "attack" || cmd.action === "missile"
          ? requireEnemyTarget(ctx, c, cmd.target)
          : cmd.action === "charge" && cmd.target !== undefined
            ? requireEnemyTarget(ctx, c, cmd.target)
            : undefined;
      // A charge closes the distance and then attacks, as one action: after the charge's own
      // movement (which took the major action) its attack is the same action, made once.
      const chargeAttack =
        cmd.action === "charge" && mine.moving === "charge" && usedCount(c, "round", "chargeAttack") === 0;
      if (!chargeAttack) takeMajor(ctx, c, cmd.action);
      if (cmd.action === "charge" && target !== undefined) markUsed(c, "round", "chargeAttack");
      if ((FAST_ACTIONS as readonly string[]).includes(cmd.action) && cmd.action !== "parley")
        mine.moving = cmd.action;
      ctx.emit({ ...base, major: true, target: target ?? null, segment: state.segment });
      if (target !== undefined) resolveAttack(ctx, c, target, cmd.action, cmd.outcome);
      if (cmd.action === "flee") {
        // Fleeing melee offers each adjacent enemy a free attack "on the same segment as the trigger".
        const trigger = openPending(ctx, "flee", c.id, {});
        if (offerAttacks(ctx, c, adjacentEnemies(ctx, c), trigger, c.at) === 0) closePending(ctx, trigger.id);
      }
    }
  }
}

export function delay(ctx: Context, cmd: CommandOf<"delay">): void {
  const c = combatant(ctx.state, cmd.who);
  const { state } = ctx;
  if (cmd.until !== undefined) refuse("DelayUntilNotInRules", { who: c.name });
  if (state.stage === "declare") {
    declare(ctx, { type: "declare", who: cmd.who, action: "delay" });
    return;
  }
  requireNoOpenOffers(ctx);
  requireCanAct(c);
  if (state.stage !== "high" && state.stage !== "low") refuse("DelayInGroupInitiative", { who: c.name });
  const at = state.order.indexOf(c.id);
  const currentAt = state.current === null ? -1 : state.order.indexOf(state.current);
  if (at < 0 || at < currentAt) refuse("NotInGroupTurn", { who: c.name });
  if (hasCondition(c, "delayed")) refuse("AlreadyDelayed", { who: c.name });
  if (state.stage === "high") {
    if (majorUsed(c)) refuse("AlreadyActed", { who: c.name });
    // "If you are in HIGH initiative, you lose all actions until LOW initiative ... You also gain the delayed condition for the rest of the round."
    seg(c).group = "low";
    addCondition(ctx, c.id, "delayed", 1);
    ctx.emit({ type: "delayAnnounced", who: c.id, from: "high", to: "low", round: state.round });
    const wasCurrent = state.current === c.id;
    if (wasCurrent) {
      advance(ctx, c.id);
      if (state.stage === "high") state.order = state.order.filter((id) => id !== c.id);
    } else state.order = state.order.filter((id) => id !== c.id);
    return;
  }
  // "If you announce a delay during LOW initiative, you lose your major action that round."
  breakConcentration(ctx, c.id, "delay");
  if (!majorUsed(c)) markUsed(c, "round", "major");
  ctx.emit({ type: "delayAnnounced", who: c.id, from: "low", to: "low", round: state.round });
  ctx.emit({ type: "majorActionLost", who: c.id, reason: "delay" });
}

/**
 * Movement. "Positioning movement of 10-ft. or less is a minor action but can only be done after a
 * major action and cannot be done in melee (movement is otherwise normally a major action)". The
 * movement of a declared flee or charge is part of that fast action.
 */
export function move(ctx: Context, cmd: CommandOf<"move">): void {
  const { c, plan, steps, positioning } = prepareMove(ctx, cmd);
  const mine = seg(c);
  if (mine.moving === null) {
    if (!positioning) {
      markUsed(c, "round", "major");
      const major = declaredMajor(c);
      mine.moving = major === "flee" || major === "charge" ? major : "move";
      ctx.emit({
        type: "actionTaken",
        who: c.id,
        action: mine.moving,
        round: ctx.state.round,
        stage: ctx.state.stage,
        major: true,
        segment: ctx.state.segment,
      });
    } else {
      // Positioning is a minor action with no time noted, so it "takes 1 segment", and "Any minor
      // action that requires 1 segment will add 1 segment to any major action no matter when the
      // minor action is executed": the first positioning move of the round adds that segment.
      if (mine.positioned === 0) {
        mine.extra += 1;
        ctx.state.segment = actorSegment(ctx.state, c);
        ctx.emit({ type: "positioned", who: c.id, time: 1, segment: ctx.state.segment });
      }
      mine.positioned += steps;
    }
  }
  const from = c.at as Cell;
  walk(ctx, c.id, plan, [from[0], from[1]]);
}

/** A move's checks, before anything changes; `positioning` when it is the minor positioning move. */
function prepareMove(
  ctx: Context,
  cmd: { who: string; path: readonly Cell[]; mode?: string | undefined },
  index?: SpatialIndex,
): { c: CombatantState; plan: PlannedPath; steps: number; positioning: boolean } {
  requireNoOpenOffers(ctx);
  const c = requireCurrent(ctx, cmd.who);
  requireCanAct(c);
  if (cmd.mode !== undefined && cmd.mode !== "normal") refuse("NoSuchMoveMode", { mode: cmd.mode });
  const plan = planPath(ctx.state, c.id, cmd.path, index);
  requireLegalPath(plan);
  const steps = stepsOf(plan);
  if (steps === 0) refuse("EmptyMove", { who: c.name });
  const mine = seg(c);
  if (hasDeclared(c, "complex")) refuse("ComplexTakesRound", { who: c.name });
  if (mine.casting !== null) refuse("StillCasting", { who: c.name });
  const positioning = mine.moving === null && majorUsed(c);
  if (positioning) {
    if (adjacentEnemies(ctx, c, index).length > 0 && ctx.state.grid.type !== "none")
      refuse("PositioningInMelee", { who: c.name });
    if (mine.positioned + steps > 2) refuse("PositioningTooFar", { who: c.name, need: 2 - mine.positioned });
  }
  return { c, plan, steps, positioning };
}

/**
 * The ruler's view of a move: the move's own checks, then where walking it would stop for free
 * and immediate attacks if every one offered were declined (the first is where `move` holds).
 */
export function previewMove(
  ruleset: Ruleset,
  state: EncounterState,
  who: string,
  path: readonly Cell[],
  mode: MoveMode,
): MovePreview {
  const index = spatialIndexOf(state);
  const ctx = readOnlyContext(state, ruleset);
  let prepared: ReturnType<typeof prepareMove>;
  try {
    prepared = prepareMove(ctx, { who, path, mode }, index);
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    const c = draftOf(state, who);
    const cells = c?.at && state.grid.type !== "none" ? walkPath(state.grid, c.at, path) : [];
    return { cells, cost: {}, provocations: [], refusal: error.refusal };
  }
  const { c, plan, positioning } = prepared;
  const offered = [...seg(c).fleeOffered];
  const provocations: MovePreview["provocations"] = [];
  for (const p of plan.provocations) {
    const fresh = p.threateners.filter((id) => !offered.includes(id));
    if (fresh.length === 0) continue;
    const by = attackersOf(ctx, fresh, offered, c.id);
    if (by.length > 0) provocations.push({ cell: p.from, step: p.step, by });
  }
  // As `move` does: the first move of the round that is not positioning takes the major action,
  // in place of the major action declared (unless that is the move itself, a flee or a charge).
  if (seg(c).moving !== null || positioning)
    return { cells: plan.cells, cost: {}, provocations, refusal: null };
  const declared = declaredMajor(c);
  const forgoes = declared === null || MOVING_MAJORS.includes(declared) ? null : declared;
  return { cells: plan.cells, cost: {}, provocations, refusal: null, majorAction: { forgoes } };
}

/** Declared major actions a move carries out rather than gives up. */
const MOVING_MAJORS: readonly string[] = ["move", "flee", "charge"];

/** Jostling: "Allied creatures can move past each other ... any concentration (i.e. spell casting) will be broken." */
function jostle(ctx: Context, mover: CombatantState, cells: readonly Cell[]): void {
  if (cells.length === 0) return;
  const index = spatialIndexOf(ctx.state);
  for (const cell of cells) {
    for (const id of index.occupantsAt(cell)) {
      const other = peeker(ctx.state)(id);
      if (other && id !== mover.id && other.side === mover.side) breakConcentration(ctx, id, "jostled");
    }
  }
}

/**
 * Walk `plan`, a plan of the mover's path from where it stands (prepareMove's for a move, so a move
 * plans its path once; a resumed walk plans the rest); pause where the mover leaves a cell
 * threatened by an opponent not yet offered an attack.
 */
function walk(ctx: Context, who: string, plan: PlannedPath, origin: Cell): void {
  const c = combatant(ctx.state, who);
  for (const p of plan.provocations) {
    const fresh = p.threateners.filter((id) => !segRead(c).fleeOffered.includes(id));
    if (fresh.length === 0) continue;
    const trigger = openPending(ctx, "move", who, {
      rest: plan.cells.slice(p.step + 1).map((x) => [x[0], x[1]]),
      origin: [origin[0], origin[1]],
    } as JsonObject);
    if (offerAttacks(ctx, c, fresh, trigger, p.from) === 0) {
      closePending(ctx, trigger.id);
      continue;
    }
    jostle(ctx, c, plan.cells.slice(1, p.step + 1));
    standAt(ctx, c, p.from);
    ctx.emit({ type: "movePaused", who, at: [p.from[0], p.from[1]], pending: trigger.id });
    return;
  }
  const end = plan.cells[plan.cells.length - 1] as Cell;
  jostle(ctx, c, plan.cells.slice(1));
  standAt(ctx, c, end);
  if (!sameCell(origin, end) || plan.cells.length > 1)
    ctx.emit({
      type: "moved",
      who,
      from: [origin[0], origin[1]],
      to: [end[0], end[1]],
      path: plan.cells.map((x) => [x[0], x[1]]),
    });
}

/** When every offer of a trigger is answered, the trigger completes: a held move goes on unless the mover fell. */
function settle(ctx: Context, triggerId: string): void {
  if (offersForTrigger(ctx, triggerId).length > 0) return;
  const pending = findPending(ctx, triggerId);
  if (!pending) return;
  closePending(ctx, triggerId);
  const mover = combatant(ctx.state, pending.actor);
  if (pending.kind !== "move") {
    ctx.emit({ type: "fleeResolved", who: mover.id });
    return;
  }
  const origin = pending.data.origin as unknown as Cell;
  if (mover.defeated) {
    ctx.emit({
      type: "moveStopped",
      who: mover.id,
      at: mover.at ? [mover.at[0], mover.at[1]] : null,
      reason: "defeated",
    });
    return;
  }
  walk(ctx, mover.id, planPath(ctx.state, mover.id, pending.data.rest as unknown as Cell[]), origin);
}

export function react(ctx: Context, cmd: CommandOf<"react">): void {
  const c = combatant(ctx.state, cmd.who);
  if (cmd.with === "decline") {
    for (const trigger of decline(ctx, cmd.who, cmd.against)) settle(ctx, trigger);
    return;
  }
  const found = findOffer(ctx, cmd.who, cmd.with, cmd.against);
  requireAble(c);
  if (hasCondition(c, "surprised")) refuse("Surprised", { who: c.name });
  const { state } = ctx;
  if (cmd.with === "freeAttack") {
    if (seg(c).freeAttackSegment === state.segment) refuse("FreeAttackThisSegment", { who: c.name });
    if (usedCount(c, "round", `freeAttack:${found.against}`) > 0)
      refuse("FreeAttackThisOpponent", { who: c.name });
  } else if (majorUsed(c)) refuse("NoMajorForImmediate", { who: c.name });
  // One attack routine per trigger: the other offer of this reactor for the same trigger goes.
  withdrawOffers(ctx, (o) => o.who === c.id && o.trigger === found.trigger, "answered");
  if (cmd.with === "freeAttack") {
    seg(c).freeAttackSegment = state.segment;
    markUsed(c, "round", `freeAttack:${found.against}`);
    // "a free attack taken will break concentration (e.g. spell casting)"
    breakConcentration(ctx, c.id, "freeAttack");
    // Only one per segment: other free attack offers to this attacker in this segment go.
    withdrawOffers(ctx, (o) => o.who === c.id && o.with === "freeAttack", "oncePerSegment");
  } else {
    // "use the immediate attack as their major action ... (consequences ... e.g. loss of spell, etc.)"
    breakConcentration(ctx, c.id, "immediateAttack");
    markUsed(c, "round", "major");
  }
  ctx.emit({ type: "reactionResolved", who: c.id, with: cmd.with, against: found.against, offer: found.id });
  resolveAttack(ctx, c, found.against, cmd.with, cmd.outcome);
  const fleer = combatant(state, found.against);
  if (fleer.defeated) withdrawOffers(ctx, (o) => o.trigger === found.trigger, "defeated");
  // The answer is taken: the flight or move goes on, its consequence.
  ctx.decided();
  for (const trigger of new Set([found.trigger, ...state.pending.map((p) => p.id)])) settle(ctx, trigger);
}

/** GM-applied conditions that impede a caster break concentration. */
export function applyCondition(ctx: Context, cmd: CommandOf<"apply">): void {
  (coreHandlers.apply as (ctx: Context, cmd: CommandOf<"apply">) => void)(ctx, cmd);
  if ((CONCENTRATION_BREAKERS as readonly string[]).includes(cmd.condition))
    breakConcentration(ctx, cmd.who, cmd.condition);
}

export function setDefeated(ctx: Context, cmd: CommandOf<"setDefeated">): void {
  (coreHandlers.setDefeated as (ctx: Context, cmd: CommandOf<"setDefeated">) => void)(ctx, cmd);
  if (cmd.defeated) breakConcentration(ctx, cmd.who, "defeated");
  for (const p of [...ctx.state.pending]) settle(ctx, p.id);
}

export function start(ctx: Context): void {
  ctx.state.status = "active";
  ctx.emit({ type: "combatStarted", ruleset: "segments" });
  startRound(ctx, 1);
}

export { canAct };
