/**
 * Tokens following the engine: after a write, the client that may move a token moves it to where
 * the engine put it, along the engine's path (the active GM's client for everyone; the owner for
 * a refused move of their own). A movement its own user is carrying through stays that user's.
 */
import { sameCell } from "../../../engine/grid";
import type { TempoCombat } from "../../documents/combat";
import type { TokenMove } from "../../rules/moves";
import { cellAt, positionOf, tokenOf } from "../scene";
import { following, rememberStopped, wasStopped } from "./memory";

/**
 * The constrain options of Tempo's own moves (TokenDocument#move's `constrainOptions`:
 * TokenConstrainMovementPathOptions, "ignoreCost: Ignore cost? Default: false";
 * https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenMovementInstructionOptions.html,
 * TokenMovementData#constrainOptions on v13): the engine has judged the move and spent its AP, so
 * Foundry must not price its parts again (a step costing Infinity would stop it: foundryvtt#13043).
 * Walls still count, as by default.
 */
export const UNPRICED = { ignoreWalls: false, ignoreCost: true };

/** stopToken, on every client: that movement is over (memory.ts wasStopped). */
export function onStopToken(token: TokenDocument.Implementation): void {
  rememberStopped(token.movement.id);
}

/**
 * Move tokens to where the engine put them, along the engine's path from the cell the token is
 * in. Only the client that may move the token does it (the GM for everyone; the owner for a
 * refused move of their own).
 */
export async function followEngine(
  combat: TempoCombat,
  moves: readonly TokenMove[],
  options: { overrule?: boolean } = {},
): Promise<void> {
  for (const move of moves) {
    const token = tokenOf(combat, move.who);
    if (!token?.id || !token.isOwner) continue;
    // A movement its own user is carrying through (paused at a checkpoint, or going on) is that
    // user's to finish: the mover's client resumes or stops it as the engine says. If that user
    // leaves, Foundry stops the movement and the token is moved here on the next sync. One that
    // stayed unfinished beyond the bound is overruled (put-backs.ts putBackDrift).
    if (!options.overrule && movingElsewhere(token)) continue;
    const now = cellAt(token, token);
    if (now && sameCell(now, move.to)) continue;
    const from = now ? move.path.findIndex((c) => sameCell(c, now)) : -1;
    const rest = from >= 0 ? move.path.slice(from + 1) : [];
    const cells = rest.length > 0 && sameCell(rest[rest.length - 1] ?? move.to, move.to) ? rest : [move.to];
    const waypoints = cells
      .map((c) => positionOf(token, c))
      .filter((p): p is { x: number; y: number } => p !== null);
    if (waypoints.length === 0) continue;
    following.add(token.id);
    try {
      await token.move(waypoints, { autoRotate: true, showRuler: false, constrainOptions: UNPRICED });
    } finally {
      following.delete(token.id);
    }
  }
}

/**
 * Is the token's current movement another user's and not over (TokenDocument#movement: its
 * `state` and `user`)? A movement the stopToken hook reported is over, whatever its state still
 * reads (foundryvtt#13044).
 */
function movingElsewhere(token: TokenDocument.Implementation): boolean {
  const movement = token.movement;
  if (wasStopped(movement.id)) return false;
  const state: string = movement.state;
  return (state === "pending" || state === "paused") && !movement.user.isSelf;
}
