/**
 * Path geometry and move previews, as plain functions over engine state: which cells a dragged
 * path crosses, the ruleset's own preview or the core's plan, what a move costs and how far it may
 * go. The ruler (table/ruler.ts) and the drop judgement (table/movement) read these.
 */
import {
  RefusalError,
  check,
  commandRefusal,
  getRuleset,
  type Cell,
  type Command,
  type EncounterState,
  type MoveMode,
  type MovePreview,
  type Refusal,
  combatantIn,
} from "../../engine";
import { planPath, requireWalkable, spatialIndexOf } from "../../engine/core/movement";
import { gridOf } from "../../engine/context";
import { sameCell } from "../../engine/grid";

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

/**
 * The cells a dragged path goes through, after the mover's own cell: the waypoints' cells with
 * repeats removed (a waypoint dropped twice in one cell, or several waypoints in the start cell).
 * The engine walks between them (walkPath), so they need not be adjacent.
 */
export function pathAfter(start: Cell, cells: readonly Cell[]): Cell[] {
  const out: Cell[] = [];
  let last = start;
  for (const cell of cells) {
    if (sameCell(cell, last)) continue;
    out.push([cell[0], cell[1]]);
    last = cell;
  }
  return out;
}

/** A combatant's path cells with the start first (as the engine's events list them). */
export function withStart(start: Cell, path: readonly Cell[]): Cell[] {
  return [[start[0], start[1]], ...path.map((c): Cell => [c[0], c[1]])];
}

// ---------------------------------------------------------------------------------------------
// Previews: the ruleset's own, or the core's plan
// ---------------------------------------------------------------------------------------------

/**
 * The ruler's view of a planned move: the ruleset's previewMove where it has one; otherwise the
 * core's plan (cells walked, every cell left that an enemy threatens) with the engine's own
 * verdict on the command (check runs it on a copy). The cost is unknown there (empty).
 */
export function previewFor(
  state: EncounterState,
  who: string,
  path: readonly Cell[],
  mode: MoveMode,
): MovePreview {
  const ruleset = getRuleset(state.ruleset);
  const command: Command = { type: "move", who, path: path.map((c): Cell => [c[0], c[1]]) };
  if (mode !== "normal") command.mode = mode;
  // Bounded as `apply` bounds a move, before a cell is walked: a path a sender may make as long
  // or as far as it likes costs nothing here (it runs inside preMoveToken, on every redraw).
  const bound = moveBound(state, command);
  if (bound) return { cells: [], cost: {}, provocations: [], refusal: bound };
  if (ruleset.previewMove) return ruleset.previewMove(state, who, path, mode);
  const refusal = check(state, command);
  let plan;
  try {
    plan = planPath(state, who, path, spatialIndexOf(state));
  } catch {
    return { cells: [], cost: {}, provocations: [], refusal };
  }
  // A step or a withdrawal provokes nothing in the rulesets that offer them (phases: "a 1-hex step
  // ... never provokes"); the engine has the last word when the move is applied.
  const provocations =
    mode === "normal"
      ? plan.provocations.map((p) => ({ cell: p.from, step: p.step, by: [...p.threateners] }))
      : [];
  return { cells: plan.cells, cost: {}, provocations, refusal };
}

/**
 * The refusal `apply` gives a move for its shape and size alone, or null: the command's schema
 * (each cell within LIMITS.coordinate, at most LIMITS.waypoints of them) and the walk's bound
 * (inside the scene, at most LIMITS.walk cells summed between waypoints: requireWalkable), the
 * very checks `apply` makes before it walks anything.
 */
export function moveBound(state: EncounterState, command: Command): Refusal | null {
  const malformed = commandRefusal(command, state, getRuleset(state.ruleset));
  if (malformed) return malformed;
  if (command.type !== "move") return null;
  const mover = combatantIn(state, command.who);
  const grid = gridOf(state);
  if (!mover?.at || grid.type === "none") return null;
  try {
    requireWalkable(grid, mover.at, command.path, mover.name);
    return null;
  } catch (error) {
    if (error instanceof RefusalError) return error.refusal;
    throw error;
  }
}

/** Drop from a preview the threateners that would not react (they cannot see the mover). */
export function previewSeenBy(preview: MovePreview, reacts: (id: string) => boolean): MovePreview {
  const provocations = preview.provocations
    .map((p) => ({ ...p, by: p.by.filter(reacts) }))
    .filter((p) => p.by.length > 0);
  return { ...preview, provocations };
}

/**
 * The ruler label's cost with Tempo's pool cost as its total. Core may leave `context.cost` out of
 * a waypoint's label context (no measured cost for that waypoint), so the cost is built when it
 * is missing rather than written into something that is not there.
 */
export function labelCost(
  cost: { total: string; units: string } | undefined,
  total: string,
): { total: string; units: string } {
  // Tempo's total names its pools ("1 AP"), so a built cost needs no units of its own.
  return cost ? { ...cost, total } : { total, units: "" };
}

/**
 * The multiplier a movement action applies to the base cost when it has no cost function of its
 * own: a v14 descriptor's `costMultiplier` (core's doubled costs, e.g. crawl or climb)
 * (https://foundryvtt.com/api/v14/interfaces/foundry.types.TokenMovementActionConfigDescriptor.html).
 * Null where it has a cost function (that function already prices the step) or no multiplier.
 */
export function costMultiplierOf(def: {
  getCostFunction?: unknown;
  costMultiplier?: unknown;
}): number | null {
  if (typeof def.getCostFunction === "function") return null;
  const multiplier = def.costMultiplier;
  return typeof multiplier === "number" && Number.isFinite(multiplier) && multiplier >= 0 ? multiplier : null;
}

/** How a GM's hand moved a token (Foundry's TokenMovementMethod and what the GM held). */
export interface HandMove {
  isGM: boolean;
  /** TokenMovementMethod: "dragging", "keyboard", "api", "config" (Token Config), "paste", "undo". */
  method: string;
  /** The movement action is a teleport (TokenMovementActionConfig#teleport). */
  teleport: boolean;
  /** The GM override: the world setting is on and the override key is held. */
  override: boolean;
}

/**
 * Is this move the GM putting a token somewhere rather than walking it? Then it is the engine's
 * `place` (no AP, no reactions): a GM's teleport, a Token Config position edit, a paste, or a drop
 * with the GM override. Everything else, and everything a player does, is a walk the engine judges.
 */
export function isGmPlacement(move: HandMove): boolean {
  if (!move.isGM) return false;
  return move.teleport || move.method === "config" || move.method === "paste" || move.override;
}

/** Refusal keys that mean "not this far" rather than "not now": the cost function's safety net. */
export function isDistanceRefusal(refusal: Refusal): boolean {
  const key = refusal.key.replace(/^TEMPO\.Refusal\./, "");
  return key.startsWith("NotEnough") || /TooFar/.test(key);
}

/**
 * Whether the straight move to a cell is refused for lack of AP or movement, by state, then by
 * mover, mode and cell. Foundry asks the cost function for every step of the path on every redraw
 * of a drag, over the same state: each cell is planned once per state, and the rest of the drag
 * reads the answer (a new state, after a write, starts afresh).
 */
const tooFar = new WeakMap<EncounterState, Map<string, boolean>>();

/**
 * What one more step to `to` costs for the movement action's cost function: the step's own
 * distance while the straight move from the mover's cell stays legal, Infinity once it is refused
 * for lack of AP or movement (so keyboard and API moves stop where the AP run out). Any other
 * refusal (not your turn, not in this combat) is for preMoveToken to explain, not for the ruler.
 */
export function stepCost(
  state: EncounterState | null,
  who: string | null,
  to: Cell,
  mode: MoveMode,
  distance: number,
): number {
  if (!state || who === null || state.status !== "active") return distance;
  const c = combatantIn(state, who);
  if (!c?.at || sameCell(c.at, to)) return distance;
  let known = tooFar.get(state);
  if (!known) {
    known = new Map();
    tooFar.set(state, known);
  }
  const key = `${who}|${mode}|${to[0]},${to[1]}`;
  let refused = known.get(key);
  if (refused === undefined) {
    const preview = previewFor(state, who, [to], mode);
    refused = preview.refusal !== null && isDistanceRefusal(preview.refusal);
    known.set(key, refused);
  }
  return refused ? Infinity : distance;
}
