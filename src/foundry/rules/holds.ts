/**
 * Provoking moves held with Foundry's own movement pausing, as plain functions over engine state
 * (no Foundry globals; the glue is src/foundry/table/movement, the sequence docs/hooks.md).
 *
 * A move the engine would hold is re-issued by the mover's client as one Foundry movement through
 * the engine's cells, with a checkpoint (`checkpoint: true` waypoint) at every cell where it
 * provokes. Foundry splits the movement at checkpoints; when the token arrives at one, the mover's
 * client decides here what to do: at the first, pause (`TokenDocument#pauseMovement`) and send
 * the `move` command; at a later one, pause again only if the engine holds the mover there. While
 * paused, every write the mover's client sees is judged by `holdVerdict`: resume the movement
 * when the engine let the move go on, stop it (`TokenDocument#stopMovement`) when the engine ended
 * it there. Walls, animation and the movement history stay Foundry's; the token and the engine
 * stand on the same cell at every checkpoint.
 */
import { sameCell } from "../../engine/grid";
import type { Cell, EncounterState, MoveMode } from "../../engine";
import { MOVE_TRIGGERS } from "./sight";
import { combatantIn } from "../../engine/record";

/** One held move on the mover's client. */
export interface HeldMove {
  combatId: string;
  who: string;
  /** The engine's cells of the whole move, the start first. */
  cells: Cell[];
  mode: MoveMode;
  /** Where the move provokes (the cells left under threat), in path order. */
  checkpoints: Cell[];
  /** The `move` command was sent (at the first checkpoint, or at once when the start provokes). */
  sent: boolean;
}

/** What the mover's client does when its token arrives at the end of a movement segment. */
export type SegmentStep =
  /** First checkpoint: pause here and send the `move` command; the engine holds the move here. */
  | "pauseAndSend"
  /** A later checkpoint where the engine holds the move: pause and wait for the reactions. */
  | "pause"
  /** Not held here (the threatener declined earlier, or cannot react): go on. */
  | "continue"
  /** The movement ended before its first checkpoint (a wall): send the move as far as it went. */
  | "sendWalked"
  /** The movement ended after the command went out: nothing more to send. */
  | "done";

/** Does the engine hold `who`'s move on `at` (a pending move trigger of theirs, the mover there)? */
export function heldThere(state: EncounterState | null, who: string, at: Cell): boolean {
  const c = combatantIn(state, who);
  if (!state || !c?.at || !sameCell(c.at, at)) return false;
  return state.pending.some((p) => p.actor === who && MOVE_TRIGGERS.includes(p.kind));
}

/**
 * The step at a segment's end: the token stands on `at`, and `finished` says no waypoint is left.
 * `state` is the stored state as this client sees it.
 */
export function segmentStep(
  hold: HeldMove,
  at: Cell,
  finished: boolean,
  state: EncounterState | null,
): SegmentStep {
  if (finished) return hold.sent ? "done" : "sendWalked";
  const checkpoint = hold.checkpoints.some((c) => sameCell(c, at));
  if (!checkpoint) return "continue";
  if (!hold.sent) return "pauseAndSend";
  return heldThere(state, hold.who, at) ? "pause" : "continue";
}

export type HoldVerdict = "wait" | "resume" | "stop";

/**
 * A movement paused on `heldAt`: wait while the engine still holds the mover there; resume once
 * the engine has let the move go on to a later cell of its path (the end, or a further hold);
 * stop when the engine ended the move there (a reaction stopped it, the mover fell) or has the
 * mover anywhere else, or the combat is gone (the GM then puts the token on the engine's cell).
 */
export function holdVerdict(state: EncounterState | null, hold: HeldMove, heldAt: Cell): HoldVerdict {
  const c = combatantIn(state, hold.who);
  if (!state || state.status !== "active" || !c?.at) return "stop";
  if (sameCell(c.at, heldAt)) return heldThere(state, hold.who, heldAt) ? "wait" : "stop";
  const from = hold.cells.findIndex((cell) => sameCell(cell, heldAt));
  const later = from >= 0 ? hold.cells.slice(from + 1) : [];
  const now = c.at;
  return later.some((cell) => sameCell(cell, now)) ? "resume" : "stop";
}

/** The cells walked from the start up to `at` (the path of a movement that ended early), start excluded. */
export function walkedTo(hold: HeldMove, at: Cell): Cell[] {
  const end = hold.cells.findIndex((cell) => sameCell(cell, at));
  return end > 0 ? hold.cells.slice(1, end + 1).map((c): Cell => [c[0], c[1]]) : [];
}

/** The waypoints of the re-issued movement: every engine cell after the start, checkpoints flagged. */
export function checkpointWaypoints(hold: HeldMove): { cell: Cell; checkpoint: boolean }[] {
  return hold.cells.slice(1).map((cell) => ({
    cell: [cell[0], cell[1]],
    checkpoint: hold.checkpoints.some((c) => sameCell(c, cell)),
  }));
}
