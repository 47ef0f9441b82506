/**
 * Positions written without the movement hooks: a player's token write is put back (and a drift
 * from the engine's cell is put back after a while); the GM's is a `place`.
 */
import { type Command, type EncounterState, combatantIn } from "../../../engine";
import { sameCell } from "../../../engine/grid";
import { isWriter, serialized, writeCommands } from "../../channel/writer";
import { notifyNotApplied } from "../../channel/notices";
import { levelOf } from "../../store/read";
import { type TokenMove } from "../../rules/moves";
import { cellAt, fightingIn } from "../scene";
import { following, movesOf } from "./memory";
import { followEngine } from "./follow";

// ---------------------------------------------------------------------------------------------
// Positions written without the movement hooks
// ---------------------------------------------------------------------------------------------

/**
 * Does an update's options say it was a movement of this token? The instruction
 * (`options.movement[id]`) or the computed movement (`options._movement[id]`, which public v13
 * modules read in their update handlers): no public page says which of them reaches a client that
 * did not move the token (readings.ts `movementKey`), so either will do, and where neither does,
 * the moveToken hook that follows the update decides (onUpdateToken).
 */
function carriesMovement(options: unknown, tokenId: string): boolean {
  if (typeof options !== "object" || options === null) return false;
  return ["movement", "_movement"].some((key) => {
    const entry = (options as Record<string, unknown>)[key];
    return typeof entry === "object" && entry !== null && tokenId in entry;
  });
}

/**
 * updateToken, on the writer's client: a token of the fight whose position changed without a
 * movement (a direct TokenDocument update from a module, a macro, or a client that skipped
 * preMoveToken) and now stands elsewhere than the engine has it. The GM's own edit is the engine's
 * `place`; a player's is never accepted silently: the token goes back where the engine has it,
 * and the GM is told. The user id is the server's stamp of who wrote (hookEvents.updateDocument:
 * https://foundryvtt.com/api/v13/functions/hookEvents.updateDocument.html).
 */
export function onUpdateToken(
  token: TokenDocument.Implementation,
  changed: Record<string, unknown>,
  options: unknown,
  userId: string,
): void {
  if (!isWriter() || !token.id || following.has(token.id)) return;
  if (!("x" in changed) && !("y" in changed)) return;
  if (carriesMovement(options, token.id)) return;
  // Neither key: a movement still fires moveToken once its update is processed, on every client
  // (the surer sign); only a position change that no moveToken follows is a direct write.
  const tokenId = token.id;
  const heard = movesOf(tokenId);
  setTimeout(() => {
    if (movesOf(tokenId) === heard) putBack(token, userId);
  }, 0);
}

/** A position written without a movement: the GM's is the engine's `place`, a player's goes back. */
function putBack(token: TokenDocument.Implementation, userId: string): void {
  if (!isWriter() || !token.id || following.has(token.id)) return;
  const found = fightingIn(token);
  const who = found?.combatant.id;
  if (!found || !who) return;
  const at = combatantIn(found.state, who)?.at ?? null;
  const now = found.state.grid.type === "none" ? null : cellAt(token, token);
  if (!now || (at && sameCell(at, now))) return;
  const combat = found.combat;
  if (game.users?.get(userId)?.isGM) {
    const level = levelOf(token);
    const command: Command =
      level !== null ? { type: "place", who, at: now, level } : { type: "place", who, at: now };
    void writeCommands(combat, [command], userId).then(async (answer) => {
      if (answer.ok) return;
      notifyNotApplied(combat, command, answer);
      const back = combatantIn(combat.encounter, who)?.at;
      if (back) await followEngine(combat, [{ who, path: [], to: [back[0], back[1]] }]);
    });
    return;
  }
  ui.notifications?.warn(
    game.i18n?.format("TEMPO.Notify.UnannouncedMove", {
      name: found.combatant.name ?? who,
      user: game.users?.get(userId)?.name ?? userId,
    }) ?? "",
  );
  if (at)
    void followEngine(combat, [{ who, path: [], to: [at[0], at[1]] }]).catch((error: unknown) =>
      console.error("Tempo: putting a token back", error),
    );
}

/**
 * The bound on a player's movement: how long after each part of it arrives the writer checks that
 * the engine has the token where the board has it. The mover's client sends its `move` as the
 * token arrives (onMoveToken), a request answered within a second or two, and Tempo's own holds
 * pause a movement only where the engine already has the token; a movement whose `move` never
 * came (a client that skipped preMoveToken), or that stays pending or paused off the engine's
 * cell, is stopped and the token put back then.
 */
export const DRIFT_CHECK_MS = 5_000;

export function checkDriftLater(
  token: TokenDocument.Implementation,
  movementId: string,
  userId: string,
): void {
  setTimeout(() => {
    // After every write queued meanwhile (the mover's own `move` among them).
    void serialized(async () => undefined)
      .then(() => putBackDrift(token, movementId, userId))
      .catch((error: unknown) => console.error("Tempo: checking a token's position", error));
  }, DRIFT_CHECK_MS);
}

/**
 * The token still stands where that part of a movement left it (no later part came, whatever the
 * movement's state: completed, or pending or paused for good), and the engine has it elsewhere:
 * stop the movement where the GM may (foundryvtt/foundryvtt#12162) and put the token back. While
 * the engine waits on reactions the check is made again later.
 */
async function putBackDrift(token: TokenDocument.Implementation, movementId: string, userId: string) {
  if (!isWriter() || !token.id) return;
  const movement = token.movement;
  if (movement.id !== movementId) return;
  const found = fightingIn(token);
  const who = found?.combatant.id;
  if (!found || !who) return;
  if (found.state.pending.length > 0) {
    checkDriftLater(token, movementId, userId);
    return;
  }
  const at = combatantIn(found.state, who)?.at ?? null;
  const now = cellAt(token, token);
  if (!at || !now || sameCell(at, now)) return;
  ui.notifications?.warn(
    game.i18n?.format("TEMPO.Notify.UnannouncedMove", {
      name: found.combatant.name ?? who,
      user: game.users?.get(userId)?.name ?? userId,
    }) ?? "",
  );
  const state: string = movement.state;
  if (state === "pending" || state === "paused")
    await Promise.resolve(token.stopMovement()).catch(() => false);
  await followEngine(found.combat, [{ who, path: [], to: [at[0], at[1]] }], { overrule: true });
}

/** Where every token of a combat should stand, for the ones that moved (the GM's sync after a write). */
export function movesToState(state: EncounterState, paths: ReadonlyMap<string, TokenMove>): TokenMove[] {
  const out: TokenMove[] = [];
  for (const [who, move] of paths) {
    const at = combatantIn(state, who)?.at;
    if (at) out.push({ who, path: move.path, to: [at[0], at[1]] });
  }
  return out;
}
