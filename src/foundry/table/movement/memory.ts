/**
 * What this client's movement hooks remember between hooks: tokens following the engine, native
 * moves judged and planned, held moves and their re-issued movements.
 */
import { type Cell, type MoveMode } from "../../../engine";
import { type HeldMove } from "../../rules/holds";

/** Tokens this client is moving to follow the engine: their moves are not judged again. */
export const following = new Set<string>();

/** Native moves judged legal and not provoking, sent to the engine when the token arrives. */
interface Planned {
  combatId: string;
  who: string;
  path: Cell[];
  mode: MoveMode;
}
export const planned = new Map<string, Planned>();

/** Movements judged on this client, by id (the latest few: a movement's subpaths follow at once). */
export const judged = new Set<string>();
const JUDGED_KEPT = 64;
export function judge(movementId: string): void {
  judged.add(movementId);
  for (const old of judged) {
    if (judged.size <= JUDGED_KEPT) break;
    judged.delete(old);
  }
}

// ---------------------------------------------------------------------------------------------
// Provoking moves held with Foundry's movement pausing (src/foundry/rules/holds.ts, docs/hooks.md)
// ---------------------------------------------------------------------------------------------

/** The key Tempo pauses movements with (TokenDocument#pauseMovement(key)). */
export const PAUSE_KEY = "tempo.reactions";

export interface Holding {
  hold: HeldMove;
  /**
   * The id of the re-issued movement's first part, once preMoveToken saw it: its later parts
   * (split at checkpoints) carry it in their `chain`.
   */
  movementId: string | null;
  /** Paused on this cell, with what resumes it (the paused part's own id, or pausing's callback). */
  paused: { at: Cell; resume: () => unknown } | null;
  /** The start cell itself provokes: nothing moved yet; the movement starts once the engine lets it. */
  waitingAtStart: boolean;
  action: string | null;
}

/** Held moves on this (the mover's) client, by token id. */
export const holding = new Map<string, Holding>();
/**
 * Tempo's own re-issued movements, by token id: the waypoints issued. An entry lives only while
 * its `move` is under way, so a re-issue Foundry dropped never exempts a later movement.
 */
export const reissuing = new Map<string, { x: number; y: number }[]>();

/** Is this movement the one Tempo re-issued for the token (the same waypoints)? */
export function isReissue(tokenId: string, movement: TokenDocument.MovementOperation): boolean {
  const issued = reissuing.get(tokenId);
  if (!issued) return false;
  const all = [...movement.passed.waypoints, ...movement.pending.waypoints];
  return all.length === issued.length && all.every((w, k) => w.x === issued[k]?.x && w.y === issued[k]?.y);
}
