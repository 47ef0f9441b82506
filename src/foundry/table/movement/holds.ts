/**
 * Provoking moves held with Foundry's movement pausing (src/foundry/rules/holds.ts, docs/hooks.md),
 * and re-issues: a held move's `move` command is sent at once and the token follows the engine,
 * which holds it on the provoking cell (`movePaused`), asks the threateners, and carries it on
 * (`moved`) or stops it (`moveStopped`). The active GM's client moves tokens to where the engine
 * put them (followEngine).
 */
import { type Command, combatantIn } from "../../../engine";
import { sameCell } from "../../../engine/grid";
import { isWriter } from "../../channel/writer";
import { submit } from "../../channel/commands";
import { cellAt, positionOf } from "../scene";
import { combatById } from "../../documents/find";
import { checkpointWaypoints, holdVerdict, segmentStep, walkedTo, type HeldMove } from "../../rules/holds";
import { type Holding, PAUSE_KEY, heardMove, holding, planned, reissuing } from "./memory";
import { checkDriftLater } from "./put-backs";
import { UNPRICED, followEngine } from "./follow";

/**
 * Wait until the hook that rejected the drag has returned and the drag's update workflow is
 * over: a movement started inside `preMoveToken` may be dropped (docs/foundry-api.md,
 * "Movement"), and none of the reference systems starts one there.
 */
function afterTheWorkflow(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export async function holdMove(
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
    // Not priced again as each part starts (follow.ts UNPRICED; actions.ts exempts it as well).
    moved = await token.move(waypoints, { autoRotate: true, constrainOptions: UNPRICED });
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
  heardMove(token.id);
  // The writer looks again at where each part of another user's movement left the token, once
  // its `move` (or the movement's next part) has had time to arrive: a client that skipped
  // preMoveToken sends none, and may leave its movement pending or paused for good.
  if (!user.isSelf && !user.isGM && isWriter()) checkDriftLater(token, movement.id, user.id ?? "");
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
