/**
 * Token movement in a running Tempo combat.
 *
 * preMoveToken (synchronous, only on the client that moves the token) turns the planned path into
 * engine cells and asks the engine whether the move is legal; an illegal move is refused before
 * the token moves, with the engine's reason. A legal move that provokes nothing goes ahead as
 * Foundry animates it, and its `move` command is sent when the token arrives (moveToken). A move
 * that provokes (or a Tumble Through, whose check decides where it ends) does not go ahead
 * natively: its `move` command is sent at once and the token follows the engine, which holds it on
 * the provoking cell (`movePaused`), asks the threateners, and carries it on (`moved`) or stops it
 * (`moveStopped`). The active GM's client moves tokens to where the engine put them.
 *
 * Undo (Foundry's movement history, method "undo") is allowed when the engine may take the move
 * back (src/foundry/reactions.ts undoMove); the GM then rewinds the log.
 */
import {
  check,
  getRuleset,
  type Cell,
  type Command,
  type EncounterState,
  type MoveMode,
  combatantIn,
} from "../../engine";
import { sameCell } from "../../engine/grid";
import {
  answerRequest,
  askGM,
  checkpointsOf,
  isWriter,
  notifyNotApplied,
  serialized,
  showRefusal,
  submit,
  writeCommands,
  writeDecision,
  type CommandAnswer,
} from "../commands";
import { levelOf } from "../documents/read";
import { cellOfOffset } from "../documents/setup";
import type { TempoCombat } from "../documents/combat";
import { combatWrite, permission } from "../documents/sync";
import {
  costMultiplierOf,
  isGmPlacement,
  type HandMove,
  pathAfter,
  perceives,
  previewFor,
  previewSeenBy,
  stepCost,
  undoCheck,
  undoMove,
  type TokenMove,
} from "../reactions";
import { readSettings } from "../settings";
import { cellAt, combatById, fightingIn, positionOf, tokenOf, trustedSightOf, type Box } from "./scene";
import { checkpointWaypoints, holdVerdict, segmentStep, walkedTo, type HeldMove } from "../holds";

export const UNDO_QUERY = "tempo.undoMove";

/** Tempo's movement actions and the engine move mode each one is. */
export const MOVE_ACTIONS = {
  tempoStep: {
    mode: "step",
    label: "TEMPO.Movement.Action.step",
    icon: "fa-solid fa-shoe-prints",
    order: 20,
  },
  tempoTumble: {
    mode: "tumble",
    label: "TEMPO.Movement.Action.tumble",
    icon: "fa-solid fa-person-falling",
    order: 21,
  },
  tempoWithdraw: {
    mode: "withdraw",
    label: "TEMPO.Movement.Action.withdraw",
    icon: "fa-solid fa-person-walking-arrow-loop-left",
    order: 22,
  },
} as const satisfies Record<string, { mode: MoveMode; label: string; icon: string; order: number }>;

type TempoAction = keyof typeof MOVE_ACTIONS;

function isTempoAction(action: string): action is TempoAction {
  return action in MOVE_ACTIONS;
}

/** The engine move mode of a Foundry movement action (Foundry's own actions are normal moves). */
export function modeOfAction(action: string | null | undefined): MoveMode {
  return action && isTempoAction(action) ? MOVE_ACTIONS[action].mode : "normal";
}

/** Tokens this client is moving to follow the engine: their moves are not judged again. */
const following = new Set<string>();

/** Native moves judged legal and not provoking, sent to the engine when the token arrives. */
interface Planned {
  combatId: string;
  who: string;
  path: Cell[];
  mode: MoveMode;
}
const planned = new Map<string, Planned>();

/**
 * Does `reactor` see the mover? Hidden and invisible tokens are unseen unless the setting says
 * otherwise; a sight status counts only where the GM vouched for it (scene.ts trustedSightOf).
 */
export function seesIn(combat: TempoCombat, reactor: string, mover: string): boolean {
  return perceives(
    trustedSightOf(combat, reactor),
    trustedSightOf(combat, mover),
    readSettings().reactToUnseen,
  );
}

/** The cells of a movement's waypoints, in order. */
function cellsOf(token: TokenDocument.Implementation, waypoints: readonly Box[]): Cell[] {
  return waypoints.map((w) => cellAt(token, w)).filter((c): c is Cell => c !== null);
}

/** The Tempo action of a movement, if any of its waypoints uses one. */
function modeOfWaypoints(waypoints: readonly { action?: string }[]): MoveMode {
  for (const w of waypoints) {
    const mode = modeOfAction(w.action);
    if (mode !== "normal") return mode;
  }
  return "normal";
}

/** preMoveToken: judge a move before the token moves. Returning false refuses it. */
export function onPreMoveToken(
  token: TokenDocument.Implementation,
  movement: TokenDocument.MovementOperation,
): boolean | void {
  if (token.id && following.has(token.id)) return;
  // v14 may send one movement as several subpaths sharing its id (TokenPreMovementOperation#split,
  // #subpathId): it was judged as a whole at its first subpath, never again from a later one.
  if (judged.has(movement.id)) return;
  // Tempo's own re-issued movement of a held move: judged already, carried through its checkpoints.
  // Only the very movement Tempo issued (its waypoints, while that `move` is under way) is exempt.
  if (token.id && movement.chain.length === 0 && isReissue(token.id, movement)) {
    reissuing.delete(token.id);
    const entry = holding.get(token.id);
    if (entry) entry.movementId = movement.id;
    judge(movement.id);
    return;
  }
  const found = fightingIn(token);
  if (!found?.combatant.id) return;
  const who = found.combatant.id;
  // The movement's last waypoint: the pending ones follow the passed ones, and a movement done in
  // one update has them all passed (a teleport's action is on its destination).
  const all = [...movement.passed.waypoints, ...movement.pending.waypoints];
  const last = all[all.length - 1];
  if (isGmPlacement(handMove(movement.method, last?.action ?? null))) {
    if (movement.chain.length > 0) return;
    return placeByHand(token, found.combat, found.state, who, movement.destination, levelOf(last));
  }
  const at = combatantIn(found.state, who)?.at ?? null;
  if (!at) return;
  if (movement.method === "undo") return onUndo(found.combat, found.state, who);
  // A move Foundry split in parts (at a checkpoint or region) was judged as a whole at its start.
  if (movement.chain.length > 0) return;
  const waypoints = all;
  // v14 scene levels: the engine knows which level a combatant stands on, and a walk keeps to it;
  // going to another level is the GM's placement (docs/hooks.md).
  const level = levelOf(token);
  if (waypoints.some((w) => levelOf(w) !== null && levelOf(w) !== level)) {
    showRefusal({ key: "TEMPO.Refusal.LevelChange", data: {} });
    return false;
  }
  const path = pathAfter(at, cellsOf(token, waypoints));
  if (path.length === 0) return;
  const mode = modeOfWaypoints(waypoints);
  // Fail closed: a preview that throws refuses the move (Foundry would let it through).
  let preview;
  try {
    preview = previewSeenBy(previewFor(found.state, who, path, mode), (id) => seesIn(found.combat, id, who));
  } catch (error) {
    console.error("Tempo: a move's preview failed", error);
    showRefusal({ key: "TEMPO.Refusal.Internal", data: {} });
    return false;
  }
  if (preview.refusal) {
    showRefusal(preview.refusal);
    // A refused GM move says how the GM may put the token there anyway.
    if (game.user?.isGM)
      ui.notifications?.info(
        game.i18n?.localize(
          readSettings().gmOverride ? "TEMPO.Movement.OverrideHint" : "TEMPO.Movement.OverrideOff",
        ) ?? "",
      );
    return false;
  }
  const command: Command = { type: "move", who, path, ...(mode === "normal" ? {} : { mode }) };
  if (mode === "tumble") {
    // Tumble Through: its Agility Check decides where it ends, so the engine leads and the GM's
    // client moves the token where the engine put it (docs/hooks.md).
    void submit(found.combat, command);
    return false;
  }
  if (preview.provocations.length > 0) {
    // Held with Foundry's movement pausing: this movement is refused and the mover's client
    // moves again through the engine's cells with a checkpoint at every provoking cell.
    const hold: HeldMove = {
      combatId: found.combat.id ?? "",
      who,
      cells: preview.cells.map((c): Cell => [c[0], c[1]]),
      mode,
      checkpoints: preview.provocations.map((p): Cell => [p.cell[0], p.cell[1]]),
      sent: false,
    };
    void holdMove(token, hold, waypoints[waypoints.length - 1]?.action ?? null);
    return false;
  }
  planned.set(movement.id, { combatId: found.combat.id ?? "", who, path, mode });
  judge(movement.id);
}

/** Movements judged on this client, by id (the latest few: a movement's subpaths follow at once). */
const judged = new Set<string>();
const JUDGED_KEPT = 64;
function judge(movementId: string): void {
  judged.add(movementId);
  for (const old of judged) {
    if (judged.size <= JUDGED_KEPT) break;
    judged.delete(old);
  }
}

// ---------------------------------------------------------------------------------------------
// The GM's hand: teleports, Token Config edits, pastes and override drops are `place` commands
// ---------------------------------------------------------------------------------------------

/** Is the GM override held now: a GM, the world setting on, the Alt key down? */
export function gmOverrideHeld(): boolean {
  if (!game.user?.isGM || !readSettings().gmOverride) return false;
  // KeyboardManager#isModifierActive takes "one of the values in KeyboardManager.MODIFIER_KEYS"
  // (https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.KeyboardManager.html);
  // the v13 types ask for the enum's key names instead, so the method is read as the page gives it.
  const keyboard: { isModifierActive(modifier: string): boolean } | null = game.keyboard ?? null;
  return keyboard?.isModifierActive(foundry.helpers.interaction.KeyboardManager.MODIFIER_KEYS.ALT) ?? false;
}

function handMove(method: string, action: string | null): HandMove {
  const def = action ? CONFIG.Token.movement.actions[action] : undefined;
  return {
    isGM: game.user?.isGM ?? false,
    method,
    teleport: def?.teleport === true,
    override: gmOverrideHeld(),
  };
}

/**
 * The GM puts the token at its destination: the engine's `place` is checked first (a combatant
 * whose move is held cannot be placed), then Foundry moves the token as it would (teleport,
 * config edit, paste or drag) and the command is written.
 */
function placeByHand(
  token: TokenDocument.Implementation,
  combat: TempoCombat,
  state: EncounterState,
  who: string,
  destination: Box,
  level: string | null,
): boolean | void {
  const to = state.grid.type === "none" ? null : cellAt(token, destination);
  // On a scene with levels (v14) the engine learns the level with the cell (it may be another one).
  const command: Command =
    level !== null ? { type: "place", who, at: to, level } : { type: "place", who, at: to };
  const refusal = check(state, command);
  if (refusal) {
    showRefusal(refusal);
    return false;
  }
  void submit(combat, command);
}

// ---------------------------------------------------------------------------------------------
// Provoking moves held with Foundry's movement pausing (src/foundry/holds.ts, docs/hooks.md)
// ---------------------------------------------------------------------------------------------

/** The key Tempo pauses movements with (TokenDocument#pauseMovement(key)). */
export const PAUSE_KEY = "tempo.reactions";

interface Holding {
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
const holding = new Map<string, Holding>();
/**
 * Tempo's own re-issued movements, by token id: the waypoints issued. An entry lives only while
 * its `move` is under way, so a re-issue Foundry dropped never exempts a later movement.
 */
const reissuing = new Map<string, { x: number; y: number }[]>();

/** Is this movement the one Tempo re-issued for the token (the same waypoints)? */
function isReissue(tokenId: string, movement: TokenDocument.MovementOperation): boolean {
  const issued = reissuing.get(tokenId);
  if (!issued) return false;
  const all = [...movement.passed.waypoints, ...movement.pending.waypoints];
  return all.length === issued.length && all.every((w, k) => w.x === issued[k]?.x && w.y === issued[k]?.y);
}

/**
 * Wait until the hook that rejected the drag has returned and the drag's update workflow is
 * over: a movement started inside `preMoveToken` may be dropped (docs/foundry-api.md,
 * "Movement"), and none of the reference systems starts one there.
 */
function afterTheWorkflow(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function holdMove(
  token: TokenDocument.Implementation,
  hold: HeldMove,
  action: string | null,
): Promise<void> {
  if (!token.id) return;
  await afterTheWorkflow();
  const start = hold.cells[0];
  const entry: Holding = { hold, movementId: null, paused: null, waitingAtStart: false, action };
  holding.set(token.id, entry);
  if (start && hold.checkpoints.some((c) => sameCell(c, start))) {
    // Leaving the start cell provokes: the engine holds the move before the token moves at all.
    entry.waitingAtStart = true;
    await sendHeld(token, entry);
    return;
  }
  await moveThroughCheckpoints(token, entry);
}

/** Issue the movement through the engine's cells, from where the token stands, checkpoints flagged. */
async function moveThroughCheckpoints(token: TokenDocument.Implementation, entry: Holding): Promise<void> {
  if (!token.id) return;
  const now = cellAt(token, token);
  const from = now ? entry.hold.cells.findIndex((c) => sameCell(c, now)) : 0;
  const waypoints = checkpointWaypoints({
    ...entry.hold,
    cells: entry.hold.cells.slice(Math.max(0, from)),
  }).flatMap(({ cell, checkpoint }) => {
    const at = positionOf(token, cell);
    return at ? [{ x: at.x, y: at.y, checkpoint, ...(entry.action ? { action: entry.action } : {}) }] : [];
  });
  if (waypoints.length === 0) {
    holding.delete(token.id);
    return;
  }
  const issued = waypoints.map((w) => ({ x: w.x, y: w.y }));
  reissuing.set(token.id, issued);
  let moved = false;
  try {
    moved = await token.move(waypoints, { autoRotate: true });
  } finally {
    if (reissuing.get(token.id) === issued) reissuing.delete(token.id);
  }
  // Foundry did not take the movement at all: nothing is held on this client any more.
  if (!moved && entry.movementId === null && holding.get(token.id) === entry) holding.delete(token.id);
}

/** Send the held move's `move` command; a refusal stops the movement and puts the token back. */
async function sendHeld(token: TokenDocument.Implementation, entry: Holding): Promise<void> {
  entry.hold.sent = true;
  const combat = combatById(entry.hold.combatId);
  if (!combat) return;
  const path = entry.hold.cells.slice(1);
  const mode = entry.hold.mode;
  const answer = await submit(combat, {
    type: "move",
    who: entry.hold.who,
    path,
    ...(mode === "normal" ? {} : { mode }),
  });
  if (!answer.ok) {
    await endHold(token, entry, "stop");
    const at = combatantIn(combat.encounter, entry.hold.who)?.at;
    if (at) await followEngine(combat, [{ who: entry.hold.who, path: [], to: [at[0], at[1]] }]);
    return;
  }
  await judgeHold(token);
}

/** After a write (or the command's answer): resume, stop, or keep waiting, as the engine says. */
async function judgeHold(token: TokenDocument.Implementation): Promise<void> {
  const entry = token.id ? holding.get(token.id) : undefined;
  if (!entry) return;
  const state = combatById(entry.hold.combatId)?.encounter ?? null;
  const start = entry.hold.cells[0];
  const heldAt = entry.paused?.at ?? (entry.waitingAtStart ? start : undefined);
  if (!heldAt) return;
  const verdict = holdVerdict(state, entry.hold, heldAt);
  if (verdict === "wait") return;
  if (entry.waitingAtStart) {
    entry.waitingAtStart = false;
    if (verdict === "resume") await moveThroughCheckpoints(token, entry);
    else if (token.id) holding.delete(token.id);
    return;
  }
  await endHold(token, entry, verdict);
}

async function endHold(
  token: TokenDocument.Implementation,
  entry: Holding,
  how: "resume" | "stop",
): Promise<void> {
  const paused = entry.paused;
  entry.paused = null;
  if (how === "resume" && paused) {
    await paused.resume();
    return;
  }
  if (token.id) holding.delete(token.id);
  // Stopped where the engine ended the move: the token is on that cell already (the checkpoint).
  if (paused) await token.stopMovement();
}

/** moveToken on the mover's client for a held movement: pause at checkpoints, as holds.ts says. */
async function onHeldSegment(
  token: TokenDocument.Implementation,
  entry: Holding,
  finished: boolean,
): Promise<void> {
  const at = cellAt(token, token);
  if (!at || !token.id) return;
  const state = combatById(entry.hold.combatId)?.encounter ?? null;
  const step = segmentStep(entry.hold, at, finished, state);
  if (step === "continue") return;
  if (step === "done" || step === "sendWalked") {
    holding.delete(token.id);
    if (step === "sendWalked") {
      const path = walkedTo(entry.hold, at);
      const combat = combatById(entry.hold.combatId);
      const mode = entry.hold.mode;
      if (combat && path.length > 0)
        await submit(combat, {
          type: "move",
          who: entry.hold.who,
          path,
          ...(mode === "normal" ? {} : { mode }),
        });
    }
    return;
  }
  // The movement being paused is the part that just arrived: its own id, not the first part's
  // (a movement split at checkpoints goes on under new ids), is the one resumeMovement takes.
  const movementId = token.movement.id;
  const resume = pauseHere(token, movementId);
  if (!resume) return;
  entry.paused = { at, resume };
  if (step === "pauseAndSend") await sendHeld(token, entry);
  else await judgeHold(token);
}

/**
 * Pause the token's movement with Tempo's key; what resumes it, or null when nothing was paused.
 * pauseMovement(key) gives, as read from the public threads, either a callback that resumes it
 * (foundryvtt/foundryvtt#11849) or `Promise<boolean> | null` (#12162: null when nothing was
 * paused), in which case the paused movement is resumed by its id and the same key.
 */
function pauseHere(token: TokenDocument.Implementation, movementId: string): (() => unknown) | null {
  const paused: unknown = token.pauseMovement(PAUSE_KEY);
  if (paused === null || paused === undefined || paused === false) return null;
  if (typeof paused === "function") return () => (paused as () => unknown)();
  return () => token.resumeMovement(movementId, PAUSE_KEY);
}

/** Every write: the mover's client looks at its paused movements again (tempo.commandApplied). */
export function judgeHeldMoves(): void {
  for (const [tokenId, entry] of holding) {
    const token = combatById(entry.hold.combatId)?.combatants.find(
      (c) => c.id === entry.hold.who && c.tokenId === tokenId,
    )?.token;
    if (token) void judgeHold(token);
  }
}

/** moveToken: a native move has arrived; the mover's client sends its `move` to the engine. */
export function onMoveToken(
  token: TokenDocument.Implementation,
  movement: TokenDocument.MovementOperation,
  _operation: object,
  user: User.Implementation,
): void {
  // The writer looks again at where another user's finished movement left the token, once its
  // `move` has had time to arrive (a client that skipped preMoveToken sends none).
  if (!user.isSelf && !user.isGM && isWriter() && movement.pending.waypoints.length === 0)
    checkDriftLater(token, movement.id, user.id ?? "");
  if (!user.isSelf) return;
  const held = token.id ? holding.get(token.id) : undefined;
  if (
    held &&
    held.movementId !== null &&
    (movement.id === held.movementId || movement.chain.includes(held.movementId))
  ) {
    void onHeldSegment(token, held, movement.pending.waypoints.length === 0);
    return;
  }
  if (movement.pending.waypoints.length > 0) return;
  const root = movement.chain[0] ?? movement.id;
  const plan = planned.get(root);
  if (!plan) return;
  planned.delete(root);
  const combat = combatById(plan.combatId);
  if (!combat) return;
  const command: Command = {
    type: "move",
    who: plan.who,
    path: plan.path,
    ...(plan.mode === "normal" ? {} : { mode: plan.mode }),
  };
  void submit(combat, command).then(async (answer) => {
    // Refused after all (the state changed on the way): the token goes back where the engine has it.
    if (!answer.ok)
      await followEngine(combat, [
        {
          who: plan.who,
          path: [],
          to: combatantIn(combat.encounter, plan.who)?.at ?? plan.path[0] ?? [0, 0],
        },
      ]);
  });
}

/**
 * Move tokens to where the engine put them, along the engine's path from the cell the token is
 * in. Only the client that may move the token does it (the GM for everyone; the owner for a
 * refused move of their own).
 */
export async function followEngine(combat: TempoCombat, moves: readonly TokenMove[]): Promise<void> {
  for (const move of moves) {
    const token = tokenOf(combat, move.who);
    if (!token?.id || !token.isOwner) continue;
    // A movement its own user is carrying through (paused at a checkpoint, or going on) is that
    // user's to finish: the mover's client resumes or stops it as the engine says. If that user
    // leaves, Foundry stops the movement and the token is moved here on the next sync.
    if (movingElsewhere(token)) continue;
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
      await token.move(waypoints, { autoRotate: true, showRuler: false });
    } finally {
      following.delete(token.id);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Positions written without the movement hooks
// ---------------------------------------------------------------------------------------------

/** Does an update's options carry a movement for this token (it went through preMoveToken)? */
function isMovement(options: unknown, tokenId: string): boolean {
  if (typeof options !== "object" || options === null) return false;
  const movement = (options as { movement?: unknown }).movement;
  return typeof movement === "object" && movement !== null && tokenId in movement;
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
  if (isMovement(options, token.id)) return;
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
 * How long after a player's movement ends the writer checks that the engine has the token where
 * the board has it: the mover's client sends its `move` as the token arrives (onMoveToken), a
 * request answered within a second or two; a movement whose `move` never came (a client that
 * skipped preMoveToken) is put back then.
 */
export const DRIFT_CHECK_MS = 5_000;

function checkDriftLater(token: TokenDocument.Implementation, movementId: string, userId: string): void {
  setTimeout(() => {
    // After every write queued meanwhile (the mover's own `move` among them).
    void serialized(async () => undefined)
      .then(() => putBackDrift(token, movementId, userId))
      .catch((error: unknown) => console.error("Tempo: checking a token's position", error));
  }, DRIFT_CHECK_MS);
}

/** The token still stands where that movement left it, and the engine has it elsewhere: put it back. */
async function putBackDrift(token: TokenDocument.Implementation, movementId: string, userId: string) {
  if (!isWriter() || !token.id) return;
  const movement = token.movement;
  if (movement.id !== movementId || movement.state !== "completed") return;
  const found = fightingIn(token);
  const who = found?.combatant.id;
  if (!found || !who || found.state.pending.length > 0) return;
  const at = combatantIn(found.state, who)?.at ?? null;
  const now = cellAt(token, token);
  if (!at || !now || sameCell(at, now)) return;
  ui.notifications?.warn(
    game.i18n?.format("TEMPO.Notify.UnannouncedMove", {
      name: found.combatant.name ?? who,
      user: game.users?.get(userId)?.name ?? userId,
    }) ?? "",
  );
  await followEngine(found.combat, [{ who, path: [], to: [at[0], at[1]] }]);
}

/**
 * Is the token's current movement another user's and not over (TokenDocument#movement: its
 * `state` and `user`)?
 */
function movingElsewhere(token: TokenDocument.Implementation): boolean {
  const movement = token.movement;
  const state: string = movement.state;
  return (state === "pending" || state === "paused") && !movement.user.isSelf;
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

// ---------------------------------------------------------------------------------------------
// The cost function: a safety net for keyboard and API moves that skip the ruler
// ---------------------------------------------------------------------------------------------

/**
 * Wrap a movement action's cost function: in a running combat, a step beyond what the AP allow
 * costs Infinity, which stops the path there. Moves that follow the engine cost what Foundry says.
 */
export function withApLimit(
  action: string,
  def: {
    getCostFunction?: CONFIG.Token.MovementActionConfig["getCostFunction"] | null;
    costMultiplier?: unknown;
  },
): CONFIG.Token.MovementActionConfig["getCostFunction"] {
  const mode = modeOfAction(action);
  const base = def.getCostFunction ?? null;
  // v14: an action without a cost function of its own prices steps by its costMultiplier, which
  // core applies only while getCostFunction is unset; Tempo's wrapper sets it, so it applies it.
  const multiplier = costMultiplierOf(def);
  return (token, options) => {
    const inner = base?.(token, options);
    const found = token.id && !following.has(token.id) ? fightingIn(token) : null;
    const grid = token.parent?.grid;
    // Foundry's cost function: (baseCost, from, to, distance, segment) => cost.
    return (baseCost, from, to, distance, segment) => {
      const cost = inner
        ? inner(baseCost, from, to, distance, segment)
        : multiplier !== null
          ? baseCost * multiplier
          : baseCost;
      if (!found?.combatant.id || !grid) return cost;
      const cell = cellOfOffset(grid.type, { i: to.i, j: to.j });
      if (!cell) return cost;
      return stepCost(found.state, found.combatant.id, cell, mode, cost);
    };
  };
}

/** Add Tempo's movement actions and the AP limit to every movement action. */
export function registerMovementActions(): void {
  const actions = CONFIG.Token.movement.actions;
  const walk = actions["walk"];
  for (const [id, def] of Object.entries(MOVE_ACTIONS)) {
    if (!walk) break;
    actions[id] = {
      ...walk,
      label: def.label,
      icon: def.icon,
      order: def.order,
      // Offered only where the running combat's ruleset has this way of moving.
      canSelect: (token) => {
        if (!(token instanceof TokenDocument)) return false;
        const found = fightingIn(token);
        return found !== null && getModes(found.state).includes(def.mode);
      },
    };
  }
  for (const [id, def] of Object.entries(actions)) def.getCostFunction = withApLimit(id, def);
}

function getModes(state: EncounterState): readonly MoveMode[] {
  return getRuleset(state.ruleset).moveModes;
}

// ---------------------------------------------------------------------------------------------
// Undo
// ---------------------------------------------------------------------------------------------

/** What a player's client asks the GM to undo (sent on the command channel: askGM). */
interface UndoRequest {
  combatId: string;
  who: string;
}

function isUndoRequest(value: unknown): value is UndoRequest {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v["combatId"] === "string" && typeof v["who"] === "string";
}

/** Foundry's undo of a token's last move: allowed only when the engine may take it back. */
function onUndo(combat: TempoCombat, state: EncounterState, who: string): boolean | void {
  const stored = combat.stored;
  if (!stored) return false;
  const user = game.user;
  const undo = undoCheck(stored.log, who, stored.state, !user || user.isGM ? null : user.id);
  if (!undo.ok) {
    showRefusal(undo.refusal);
    return false;
  }
  void requestUndo(combat, who).then(async (answer) => {
    if (answer.ok) return;
    showRefusal(answer.refusal ?? { key: "TEMPO.Refusal.GMDidNotAnswer", data: {} });
    const at = combatantIn(combat.encounter, who)?.at ?? combatantIn(state, who)?.at;
    if (at) await followEngine(combat, [{ who, path: [], to: [at[0], at[1]] }]);
  });
}

export async function requestUndo(combat: TempoCombat, who: string): Promise<CommandAnswer> {
  if (!combat.id) return { ok: false, refusal: { key: "TEMPO.Refusal.NotStarted", data: {} } };
  return askGM(UNDO_QUERY, { combatId: combat.id, who }, undoFor);
}

/**
 * The GM's answer to an undo from a known sender (the command channel proved who sent it): the
 * sender must own the combatant; the log is replayed without the move, written as a rewind, and
 * the token put where the engine now has it.
 */
async function undoFor(data: UndoRequest, user: User.Implementation): Promise<CommandAnswer> {
  const combat = combatById(data.combatId);
  if (!combat) return { ok: false, refusal: { key: "TEMPO.Refusal.BadRequest", data: {} } };
  const denied = permission(
    { type: "move", who: data.who, path: [] },
    user,
    (id) => combat.combatants.get(id)?.actor?.testUserPermission(user, "OWNER") ?? false,
    (id) => combat.combatants.get(id)?.name ?? id,
  );
  if (denied) return { ok: false, refusal: denied };
  const answer = await writeDecision(combat, async (stored) => {
    // A player undoes only its own last move; a GM undoes anything.
    const undo = undoMove(
      stored.initial,
      stored.log,
      data.who,
      stored.state,
      () => checkpointsOf(data.combatId, stored),
      user.isGM ? null : user.id,
    );
    if (!undo.ok) return { ok: false, refusal: undo.refusal };
    const write = combatWrite(
      undo.state,
      stored,
      { keep: undo.keep, append: [] },
      { entries: [], rewound: true },
      stored.seq + 1,
      stored.ids,
    );
    return { ok: true, write, dice: [], events: [], rolls: [], states: [] };
  });
  if (answer.ok) {
    const at = combatantIn(combat.encounter, data.who)?.at;
    if (at) await followEngine(combat, [{ who: data.who, path: [], to: [at[0], at[1]] }]);
  }
  return answer;
}

/** The GM's handler of "tempo.undoMove" (registered in CONFIG.queries): the command channel's checks, then undoFor. */
export const handleUndoQuery = answerRequest(UNDO_QUERY, isUndoRequest, undoFor);
