/**
 * The active GM's side of reactions. After every accepted command (hook tempo.commandApplied) the
 * GM's client moves tokens to where the engine put them and, while offers are open, runs the
 * reaction loop of src/foundry/rules with Foundry as its host: each threatener's user is
 * asked at once (User#query "tempo.reactionPrompt"; the GM's own prompt for NPCs and absent
 * owners, and a mirror of every player's prompt the GM may answer for them), answers are checked
 * here and applied in initiative order, a timeout or a disconnect declines.
 *
 * Every client also announces "tempo.moveResumed" when a reaction's answer lets a held move go on.
 */
import type { Command } from "../../engine";
import { closePrompt, openPrompt, PROMPT_QUERY } from "../apps/reaction-prompt";
import { isWriter, writeCommands } from "../channel/writer";
import { showRefusal } from "../channel/notices";
import { type CommandContext } from "../channel/announce";
import { answererFor, type ReactionAsk, type Sent } from "../rules/asks";
import { resolveReactions, type ReactionHost } from "../rules/loop";
import { resumedMoves, tokenMoves, type TokenMove } from "../rules/moves";
import { readSettings } from "../settings";
import type { TempoCombat } from "../documents/combat";
import { judgeHeldMoves } from "./movement/holds";
import { followEngine } from "./movement/follow";
import { movesToState } from "./movement/put-backs";
import { seesIn } from "./movement/drops";
import { combatById, tempoCombat } from "../documents/find";

/** A player's prompt is answered within this long at most (the countdown may be paused). */
export const MAX_PROMPT_MS = 10 * 60 * 1000;

/** Combats whose reaction loop is running on this client. */
const running = new Set<string>();
/** Per combat: the latest engine path of each combatant that moved, for the tokens to follow. */
const paths = new Map<string, Map<string, TokenMove>>();
/** Asks waiting on a user, to decline at once if that user disconnects. */
const waiting = new Map<string, { userId: string; decline: () => void }>();

let askCounter = 0;

function pathsOf(combatId: string): Map<string, TokenMove> {
  let map = paths.get(combatId);
  if (!map) {
    map = new Map();
    paths.set(combatId, map);
  }
  return map;
}

/** tempo.commandApplied, on every client. */
export function onCommandApplied(context: CommandContext): void {
  announceResumed(context);
  // The mover's client: a write may resume or stop a movement it paused at a checkpoint.
  judgeHeldMoves();
  if (!isWriter()) return;
  const combat = tempoCombat(context.combat);
  const state = combat?.encounter;
  if (!combat?.id || !state) return;
  for (const move of tokenMoves(context.events, state)) pathsOf(combat.id).set(move.who, move);
  if (running.has(combat.id)) return;
  void settleCombat(combat);
}

/** Move the tokens, then ask for reactions while offers are open. */
async function settleCombat(combat: TempoCombat): Promise<void> {
  const id = combat.id;
  if (!id || running.has(id)) return;
  running.add(id);
  try {
    await syncTokens(combat);
    const state = combat.encounter;
    if (state && state.offers.length > 0) await resolveReactions(foundryHost(combat));
    await syncTokens(combat);
  } finally {
    running.delete(id);
  }
}

async function syncTokens(combat: TempoCombat): Promise<void> {
  const state = combat.encounter;
  const id = combat.id;
  if (!state || !id) return;
  const moved = pathsOf(id);
  const moves = movesToState(state, moved);
  moved.clear();
  await followEngine(combat, moves);
}

/** The reaction loop's host on the active GM's client. */
function foundryHost(combat: TempoCombat): ReactionHost {
  const gm = game.user;
  const gmId = gm?.id ?? "";
  return {
    combatId: combat.id ?? "",
    gmId,
    read: () => {
      return combatById(combat.id ?? "")?.encounter ?? null;
    },
    write: (commands: Command[], userId, how) =>
      writeCommands(combat, commands, userId, how === "timeout" ? { timedOut: true } : {}),
    send: (ask) => send(combat, ask, gmId),
    owns: (userId, combatantId) => {
      const user = game.users?.get(userId);
      if (!user) return false;
      if (user.isGM) return true;
      return combat.combatants.get(combatantId)?.actor?.testUserPermission(user, "OWNER") ?? false;
    },
    sees: (reactor, mover) => seesIn(combat, reactor, mover),
    seconds: readSettings().promptTimeout,
    nextId: () => `${Date.now().toString(36)}-${(askCounter += 1)}`,
    refused: (item, refusal) => {
      // The GM sees why an answer changed nothing (late, duplicate, forged, no longer affordable).
      if (item.how === "answered") showRefusal(refusal);
    },
    settled: () => syncTokens(combat),
    active: () => isWriter(),
  };
}

/** Ask the user who answers for the reactor; the GM's mirror may answer for a player. */
function send(combat: TempoCombat, ask: ReactionAsk, gmId: string): Sent {
  const actor = combat.combatants.get(ask.reactor)?.actor ?? null;
  const users = (game.users?.contents ?? []).map((u) => ({
    id: u.id ?? "",
    isGM: u.isGM,
    active: u.active,
    character: u.character?.id ?? null,
  }));
  const userId =
    answererFor(
      actor?.id ?? null,
      users,
      (uid, actorId) => {
        const user = game.users?.get(uid);
        return !!user && actorId === actor?.id && actor.testUserPermission(user, "OWNER");
      },
      gmId,
    ) ?? gmId;
  if (userId === gmId) return { ask, userId, reply: openPrompt(ask) };
  const sent: Sent = { ask, userId, reply: Promise.resolve(null) };
  const player = game.users?.get(userId);
  sent.reply = new Promise<unknown>((resolve, reject) => {
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      waiting.delete(ask.askId);
      closePrompt(ask.askId);
      fn();
    };
    waiting.set(ask.askId, { userId, decline: () => finish(() => reject(new Error("disconnected"))) });
    // The mirror: the GM sees the player's prompt and may answer for them.
    void openPrompt(ask, { mirrorOf: player?.name ?? userId, expires: false }).then((answer) => {
      if (answer === null) return;
      sent.userId = gmId;
      finish(() => resolve(answer));
    });
    if (!player) return finish(() => reject(new Error("no such user")));
    player.query(PROMPT_QUERY, ask, { timeout: MAX_PROMPT_MS }).then(
      (answer) => finish(() => resolve(answer)),
      (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
    );
  });
  return sent;
}

/**
 * userConnected: a user who leaves declines whatever they were asked. Whoever connects or leaves,
 * the active GM may have changed (a GM reloading, reconnecting or handing over): the client that
 * is now the writer asks again every open offer, so next/endTurn never stay waiting on prompts
 * the previous GM's client can no longer collect (issue 12, item 5).
 */
export function onUserConnected(user: User.Implementation, connected: boolean): void {
  if (!isWriter()) {
    // No longer the writer (another GM took over): stop waiting on every ask at once; the loop
    // sees it is not the writer and ends without writing. The new writer asks again.
    for (const [, wait] of [...waiting]) wait.decline();
    return;
  }
  if (!connected) for (const [, wait] of [...waiting]) if (wait.userId === user.id) wait.decline();
  reaskOpenOffers();
}

/**
 * On the active GM's client: run the reaction loop for every running Tempo combat with open
 * offers (called when this client becomes ready and when users connect or leave). A loop already
 * running on this client is left alone; players' prompts for the same offers are reused.
 */
export function reaskOpenOffers(): void {
  if (!isWriter()) return;
  for (const each of game.combats ?? []) {
    const combat = tempoCombat(each);
    const state = combat?.encounter;
    if (!combat?.id || !state || state.status !== "active" || state.offers.length === 0) continue;
    if (running.has(combat.id)) continue;
    void settleCombat(combat);
  }
}

function announceResumed(context: CommandContext): void {
  for (const event of resumedMoves(context.command, context.events))
    Hooks.callAll("tempo.moveResumed", event, context);
}
