/**
 * Movement in combat: "1 AP to move full Move Speed", "maximum 2 AP/turn", Take a Step, Tumble
 * Through, and Reaction Attacks for moving OUT of a threatened hex.
 */
import type { MoveMode } from "../../commands";
import { gridOf, held, peeker, type Context } from "../../context";
import type { CommandOf } from "../../commands";
import { combatant, requireAble, draftOf } from "../../core/combatants";
import { hasCondition } from "../../core/conditions";
import {
  closePending,
  offer,
  offerEach,
  openPending,
  requireNoOpenOffers,
  withdrawOffers,
} from "../../core/offers";
import { requirePool, setPool, spend } from "../../core/pools";
import { markUsed, usedCount } from "../../core/usage";
import { planPath, requireLegalPath, spatialIndexOf } from "../../core/movement";
import {
  checkPathLegality,
  findPathProvocations,
  pathCost,
  sameCell,
  walkPath,
  type Provocation,
  type SpatialIndex,
} from "../../grid";
import { refuse, RefusalError } from "../../refusal";
import type { Handler, MovePreview } from "../../ruleset";
import {
  SIZES,
  type Cell,
  type CombatantState,
  type EncounterState,
  type Offer,
  type Pending,
} from "../../state";
import { FLOW_REACTIONS, MAX_MOVE_AP, MOVE_SPEED, STEP_AP, STEP_HEXES, TUMBLE_AP } from "./catalog";
import { isSuccess, rollCheck, skillOf } from "./checks";
import { asJson, jsonCopy, type MoveData, type ProvokedData } from "./data";
import { indexOf, isOpen, sceneIndex, sizeRank } from "./geometry";
import { poolOf } from "./pools";
import { holdForTriggers, triggersFor } from "./ready";
import { requireOwnTurn } from "./round";
import { cancelReady } from "./status";
import { standAt } from "../../core/place";

export const FLOW_MOVE_MODES: readonly MoveMode[] = ["normal", "step", "tumble"];

/** "Unless stated otherwise, all player characters start with 6 hexes of movement per Action Point". */
export function moveSpeedOf(c: CombatantState): number {
  const speed = held(c, "stats").moveSpeed;
  return speed !== undefined && speed > 0 ? speed : MOVE_SPEED;
}

export interface MovePlan {
  who: string;
  mode: MoveMode;
  /** Every cell walked, the start first. */
  cells: Cell[];
  /** AP this move costs now. */
  ap: number;
  /** Hexes that count toward the movement maximum. */
  hexes: number;
  /** Tumble Through: the enemy whose hex is passed through. */
  through: string | null;
  /**
   * Where walking `cells` provokes, as planned (core/movement.ts planPath): the first walk of the
   * move uses it rather than finding them again, nobody having moved since.
   */
  provocations: Provocation[];
}

export interface MoveRequest {
  who: string;
  path: readonly Cell[];
  mode?: MoveMode | undefined;
}

/**
 * What moving `hexes` more costs now, and whether it stays within 2 AP of movement this round.
 * Hexes are bought by the turn ("1 AP to move full Move Speed": a move uses what this turn already
 * bought first); the cap counts the round: "The most a player can move per round is 2 AP worth of
 * movement", whatever ended the turn in between (a readied move firing later in the round).
 */
function normalMoveCost(c: CombatantState, hexes: number): number {
  const speed = moveSpeedOf(c);
  const moved = usedCount(c, "turn", "moveHexes");
  const paid = usedCount(c, "turn", "moveAp");
  const paidThisRound = usedCount(c, "round", "moveAp");
  const more = Math.ceil((moved + hexes) / speed) - paid;
  if (paidThisRound + more > MAX_MOVE_AP) {
    const max = Math.max(0, (MAX_MOVE_AP - paidThisRound) * speed + paid * speed - moved);
    refuse("FlowMoveTooFar", { who: c.name, max, need: hexes });
  }
  return more;
}

/** Count a move toward this turn's bought hexes and this round's 2 AP of movement. */
export function countMovement(c: CombatantState, ap: number, hexes: number): void {
  markUsed(c, "turn", "moveHexes", hexes);
  markUsed(c, "turn", "moveAp", ap);
  markUsed(c, "round", "moveAp", ap);
}

/**
 * Check a move; changes nothing and rolls nothing. `index` is the scene's spatial index when the
 * caller has one for this very state (the ruler's preview); handlers leave it out.
 */
export function prepareMove(
  state: EncounterState,
  cmd: MoveRequest,
  index?: SpatialIndex,
  readied = false,
): MovePlan {
  const mode = cmd.mode ?? "normal";
  if (!FLOW_MOVE_MODES.includes(mode)) refuse("FlowMoveModeUnsupported", { mode });
  const c = combatant(state, cmd.who);
  // A readied move is the readied action "Move": a normal move, out of turn.
  if (readied) {
    requireAble(c);
    if (mode !== "normal") refuse("FlowMoveModeUnsupported", { mode });
  } else requireOwnTurn(state, c);
  // Grapple: "Movement: Neither can move independently".
  if (hasCondition(c, "grappled")) refuse("FlowGrappledCannotMove", { who: c.name });
  const plan = planPath(state, c.id, cmd.path, index);
  const steps = plan.cells.length - 1;
  if (steps < 1) refuse("FlowMoveEmpty", { who: c.name });
  let ap: number;
  let hexes = 0;
  let through: string | null = null;
  if (mode === "normal") {
    requireLegalPath(plan);
    hexes = pathCost(gridOf(state), plan.cells);
    ap = normalMoveCost(c, hexes);
    // A readied move is the one action readied ("perform the action you specified"), and one Move
    // action goes "1 AP to move full Move Speed": never two, whatever AP the readier kept.
    if (readied && hexes > moveSpeedOf(c))
      refuse("FlowReadiedMoveTooFar", { who: c.name, max: moveSpeedOf(c), need: hexes });
  } else if (mode === "step") {
    // Take a Step: "You move 1 Hex", "Usable once per round".
    if (pathCost(gridOf(state), plan.cells) !== STEP_HEXES) refuse("FlowStepTooFar", { who: c.name });
    if (usedCount(c, "round", "takeStep") > 0)
      refuse("FlowOncePerRound", { who: c.name, action: "takeStep" });
    requireLegalPath(plan);
    ap = STEP_AP;
  } else {
    through = tumbleThrough(state, c, plan.cells, index);
    ap = TUMBLE_AP;
  }
  requirePool(c, "ap", ap);
  return { who: c.id, mode, cells: plan.cells, ap, hexes, through, provocations: plan.provocations };
}

/**
 * Tumble Through: "move directly through the enemy's Hex to the other side of them"; "Requirement:
 * Adjacent to an enemy"; "can NOT be used against enemies larger than Medium size". The path is
 * the enemy's hex and the hex straight beyond it. Returns the enemy's id.
 */
function tumbleThrough(
  state: EncounterState,
  c: CombatantState,
  cells: readonly Cell[],
  known?: SpatialIndex,
): string {
  const [start, middle, end] = cells;
  const index = known ?? indexOf(state);
  const enemyId = middle ? index.occupantsAt(middle).find((id) => index.isEnemy(c.id, id)) : undefined;
  if (cells.length !== 3 || !start || !middle || !end || enemyId === undefined)
    refuse("FlowTumbleNoEnemy", { who: c.name });
  const beyond: Cell = [2 * middle[0] - start[0], 2 * middle[1] - start[1]];
  if (!sameCell(beyond, end)) refuse("FlowTumbleNoEnemy", { who: c.name });
  const enemy = combatant(state, enemyId);
  if (sizeRank(enemy) > SIZES.indexOf("medium"))
    refuse("FlowTumbleTooLarge", { who: c.name, target: enemy.name });
  if (!isOpen(state, c, end, index)) refuse("FlowTumbleBlocked", { who: c.name, at: [end[0], end[1]] });
  return enemy.id;
}

function reactionAttackCost(): number {
  return FLOW_REACTIONS.reactionAttack?.cost.rp ?? 0;
}

function canReactionAttack(state: EncounterState, id: string): boolean {
  const e = peeker(state)(id);
  return e !== undefined && !e.defeated && poolOf(e, "rp") >= reactionAttackCost();
}

const copy = (cells: readonly Cell[]): Cell[] => cells.map((cell) => [cell[0], cell[1]]);
/** Cells as plain JSON arrays, for events. */
const asCells = (cells: readonly Cell[]): number[][] => cells.map((cell) => [cell[0], cell[1]]);

/**
 * Walk a normal move from where the mover stands. "If an opponent ... moves OUT of any hex you
 * threaten, then you may use 1 RP to perform a Reaction Attack": at the first step that leaves a
 * hex an enemy with RP threatens, the mover is held on that hex and each such enemy is offered a
 * Reaction Attack, once per enemy per move; the rest of the path waits in the pending move.
 */
export function walk(
  ctx: Context,
  pending: Pending | null,
  who: string,
  data: MoveData,
  known?: SpatialIndex,
  planned?: readonly Provocation[],
): void {
  const mover = combatant(ctx.state, who);
  const stop = (reason: string) => {
    if (pending) closePending(ctx, pending.id);
    ctx.emit({
      type: "moveStopped",
      who,
      at: mover.at ? [mover.at[0], mover.at[1]] : null,
      reason,
      path: asCells(data.walked),
    });
  };
  if (mover.defeated) return stop("defeated");
  const rest = data.rest;
  if (rest.length > 1) {
    // A move's first walk goes as prepareMove planned and checked it; a held one is checked again.
    let provocations = planned;
    if (!provocations) {
      const index = known ?? indexOf(ctx.state);
      const legality = checkPathLegality(index, gridOf(ctx.state), who, rest);
      if (!legality.ok) return stop(legality.reason);
      provocations = findPathProvocations(index, gridOf(ctx.state), who, rest);
    }
    for (const provocation of provocations) {
      const by = provocation.threateners.filter(
        (id) => !data.offered.includes(id) && canReactionAttack(ctx.state, id),
      );
      if (by.length === 0) continue;
      const at = rest[provocation.step] ?? provocation.from;
      data.walked.push(...copy(rest.slice(1, provocation.step + 1)));
      standAt(ctx, mover, at);
      data.rest = copy(rest.slice(provocation.step));
      data.offered.push(...by);
      const held = pending ?? openPending(ctx, "move", who, asJson(data));
      if (pending) pending.data = asJson(data);
      offerEach(
        ctx,
        held,
        by.map((id) => ({ who: id, with: "reactionAttack", against: who, cell: at })),
      );
      ctx.emit({ type: "movePaused", who, at: [at[0], at[1]], pending: held.id, by });
      return;
    }
    data.walked.push(...copy(rest.slice(1)));
    const end = rest[rest.length - 1];
    if (end) standAt(ctx, mover, end);
  }
  if (pending) closePending(ctx, pending.id);
  ctx.emit({
    type: "moved",
    who,
    from: [data.from[0], data.from[1]],
    to: mover.at ? [mover.at[0], mover.at[1]] : null,
    path: asCells(data.walked),
    mode: data.mode,
  });
}

/** A held move goes on once its reaction attacks are answered (unless the mover fell). */
export function continueMove(ctx: Context, pending: Pending): void {
  // A plain copy of the held move to walk on (read as held: no draft of it is made); the walk
  // writes what is left back into the pending, or closes it.
  const data = jsonCopy(held(pending, "data")) as unknown as MoveData;
  walk(ctx, pending, pending.actor, data);
}

/**
 * Pay for and carry out a move that prepareMove allowed. `index` is the scene's index as it stood
 * when the move was planned (nobody has moved since), so the walk does not build another.
 */
export function performMove(ctx: Context, plan: MovePlan, index?: SpatialIndex): void {
  const c = combatant(ctx.state, plan.who);
  const start = plan.cells[0];
  if (!start) return;
  if (plan.mode === "normal") {
    spend(ctx, c.id, "ap", plan.ap, "move");
    countMovement(c, plan.ap, plan.hexes);
    walk(
      ctx,
      null,
      c.id,
      {
        mode: "normal",
        from: start,
        rest: copy(plan.cells),
        walked: [[start[0], start[1]]],
        offered: [],
      },
      index,
      plan.provocations,
    );
    return;
  }
  if (plan.mode === "step") {
    // "without triggering any Reaction Attacks or other abilities triggered by movement. This does
    // not count against your movement maximums for the round".
    spend(ctx, c.id, "ap", plan.ap, "takeStep");
    markUsed(c, "round", "takeStep");
    const end = plan.cells[plan.cells.length - 1] ?? start;
    standAt(ctx, c, end);
    ctx.emit({
      type: "moved",
      who: c.id,
      from: [start[0], start[1]],
      to: [end[0], end[1]],
      path: asCells(plan.cells),
      mode: "step",
    });
    return;
  }
  // Tumble Through: "You make an Agility Check."
  spend(ctx, c.id, "ap", plan.ap, "tumbleThrough");
  const check = rollCheck(ctx, c.id, skillOf(c, "agility"), "tumbleThrough");
  const success = isSuccess(check.level);
  ctx.emit({ type: "tumbled", who: c.id, through: plan.through, success, level: check.level });
  if (success) {
    // "If you succeed, you can move directly through the enemy's Hex to the other side of them
    // without provoking Reaction Attacks from any enemy."
    const end = plan.cells[plan.cells.length - 1] ?? start;
    standAt(ctx, c, end);
    ctx.emit({
      type: "moved",
      who: c.id,
      from: [start[0], start[1]],
      to: [end[0], end[1]],
      path: asCells(plan.cells),
      mode: "tumble",
    });
    return;
  }
  // "If you fail your Agility Check, you must stay where you are, and this attempted action will
  // provoke Reaction Attacks from only the enemy you attempted this on".
  const data: ProvokedData = { action: "tumble", target: plan.through, outcome: null };
  const pending = openPending(ctx, "provoked", c.id, asJson(data));
  if (plan.through !== null && canReactionAttack(ctx.state, plan.through))
    offer(ctx, plan.through, "reactionAttack", c.id, pending, start);
}

/**
 * A readied move fires: "When the trigger happens, you act immediately at that point in the
 * initiative order, and perform the action you specified." The readier answers its `readiedMove`
 * offer by moving; the move draws Reaction Attacks as any move does, and the trigger's command
 * goes on after it.
 */
function moveReadied(ctx: Context, cmd: CommandOf<"move">, answered: Offer): void {
  const plan = prepareMove(ctx.state, cmd, undefined, true);
  withdrawOffers(ctx, (o) => o.id === answered.id, "answered");
  closePending(ctx, answered.trigger);
  performMove(ctx, plan);
  // The readied action was the readier's turn: what AP it kept beyond the move are gone.
  setPool(ctx, plan.who, "ap", 0, "forfeited");
}

export const move: Handler<"move"> = (ctx, cmd) => {
  const readied = ctx.state.offers.find((o) => o.who === cmd.who && o.with === "readiedMove");
  if (readied) {
    moveReadied(ctx, cmd, readied);
    return;
  }
  requireNoOpenOffers(ctx);
  // One index for planning and walking the move: nobody else moves in between.
  const index = sceneIndex(ctx.state);
  const plan = prepareMove(ctx.state, cmd, index);
  cancelReady(ctx, cmd.who, "acted");
  // A step triggers no "other abilities triggered by movement", readied actions included; Tumble
  // Through moves "without triggering Reactions", and a readied action is one.
  const triggered = plan.mode === "normal" ? triggersFor(ctx.state, cmd.who, ["move"]) : [];
  if (triggered.length > 0) holdForTriggers(ctx, cmd, triggered);
  else performMove(ctx, plan, index);
};

/** The ruler's view of a planned move: its cost, where it would be held, and any refusal. */
export function previewMove(
  state: EncounterState,
  who: string,
  path: readonly Cell[],
  mode: MoveMode,
): MovePreview {
  // Asked on every drag update: the state does not change, so its index is built once and reused.
  const index = spatialIndexOf(state);
  let plan: MovePlan;
  try {
    // The move's own first check: nothing moves while reactions are open.
    requireNoOpenOffers({ state });
    plan = prepareMove(state, { who, path, mode }, index);
  } catch (error) {
    if (!(error instanceof RefusalError)) throw error;
    const c = draftOf(state, who);
    const cells = c?.at && gridOf(state).type !== "none" ? walkPath(gridOf(state), c.at, path) : [];
    return { cells, cost: {}, provocations: [], refusal: error.refusal };
  }
  const provocations: MovePreview["provocations"] = [];
  if (plan.mode === "normal") {
    const offered: string[] = [];
    for (const p of findPathProvocations(index, gridOf(state), who, plan.cells)) {
      const by = p.threateners.filter((id) => !offered.includes(id) && canReactionAttack(state, id));
      if (by.length === 0) continue;
      offered.push(...by);
      provocations.push({ cell: p.from, step: p.step, by });
    }
  } else if (plan.mode === "tumble" && plan.through !== null && canReactionAttack(state, plan.through)) {
    // Only if the Agility Check fails, and only from the enemy tumbled through.
    const start = plan.cells[0];
    if (start) provocations.push({ cell: start, step: 0, by: [plan.through] });
  }
  return { cells: plan.cells, cost: { ap: plan.ap }, provocations, refusal: null };
}
