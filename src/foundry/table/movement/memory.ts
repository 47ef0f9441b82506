/**
 * What this client's movement hooks remember between hooks: tokens following the engine, native
 * moves judged and planned, held moves and their re-issued movements.
 */
import { type Cell, type MoveMode } from "../../../engine";
import { type HeldMove } from "../../rules/holds";

/** Tokens this client is moving to follow the engine: their moves are not judged again. */
export const following = new Set<string>();

/**
 * Is this token on one of Tempo's own moves, which the AP limit does not price (actions.ts): a
 * move following the engine, or a held move Tempo carries through its checkpoints (the engine has
 * judged it and spends its AP as each part is reached)? Foundry prices every part of a movement
 * with its cost function as that part starts (foundryvtt#11896, #13043; readings.ts `costPerPart`).
 */
export function exemptFromCost(tokenId: string): boolean {
  return following.has(tokenId) || holding.has(tokenId);
}

/**
 * The moveToken hooks this client has heard, per token: the surer sign that a position change was
 * a movement, whatever the update's options carry (moveToken "fires for all connected clients after
 * the update has been processed": https://foundryvtt.com/api/v13/functions/hookEvents.moveToken.html).
 */
const movesHeard = new Map<string, number>();
export function heardMove(tokenId: string | null): void {
  if (tokenId) movesHeard.set(tokenId, movesOf(tokenId) + 1);
}
export function movesOf(tokenId: string): number {
  return movesHeard.get(tokenId) ?? 0;
}

/**
 * Movements stopped, by id, as the stopToken hook told every client (foundryvtt#12240): over, even
 * where TokenDocument#movement still reads them as pending or paused (foundryvtt#13044, open: a
 * pending movement is not cleared on stop). The latest few are kept.
 */
const stopped = new Set<string>();
const STOPPED_KEPT = 64;
export function rememberStopped(movementId: string): void {
  if (!movementId) return;
  stopped.add(movementId);
  for (const old of stopped) {
    if (stopped.size <= STOPPED_KEPT) break;
    stopped.delete(old);
  }
}
export function wasStopped(movementId: string): boolean {
  return stopped.has(movementId);
}

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
