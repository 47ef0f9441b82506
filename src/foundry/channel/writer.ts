/**
 * The one writer. Every command goes to the active GM's client, which applies it with the engine
 * (rolling real dice as asked), and writes the result in ONE Combat update, so every transition is
 * atomic and every client sees the same state (DESIGN: "only the active GM's client writes it, one
 * update per command").
 *
 * One writer, enforced: each write is decided from the stored state and written only if, right
 * before the write, this client is still the active GM and the stored `seq` is still the one it
 * was decided from; otherwise it is decided again from the fresh state. A request id is applied
 * once: the log entries keep the request ids, so a request retried after a lost answer is not
 * applied again.
 */
import {
  checkpointLog,
  getRuleset,
  reversePatch,
  type Checkpoints,
  type Command,
  type EncounterState,
  type EngineEvent,
  type Refusal,
} from "../../engine";
import { worldRefusal } from "../store/gate";
import { mirrorUpdates } from "../rules/mirror";
import { applyWithDice, foundryRoller, type DieRoller, type RolledDie } from "./dice";
import { archiveDropped, horizonRounds } from "../store/archive";
import { combatUpdateData, combatWrite, STORAGE_LAYOUT, type CombatWrite } from "../store/pieces";
import { keepWritten } from "../store/caches";
import { stampWrite } from "../store/digest";
import { writeDigest } from "../store/caches";
import { trimLog } from "../store/horizon";
import { type LastWrite, type LogEntry } from "../store/log";
import { type StoredCombat, cachesOf, combatSystem, heldPieces, readStored } from "../store/stored";
import { ACCEPTED, type CommandAnswer, refused } from "./answers";
import { newRequestId } from "./validation";
import { postRolls } from "./rolls";

export type Decision =
  | {
      ok: true;
      write: CombatWrite;
      dice: RolledDie[];
      events: EngineEvent[];
      rolls: Roll[];
      /** The state after each new log entry of the write (kept as checkpoints by the writer). */
      states?: EncounterState[];
    }
  | { ok: false; refusal: Refusal };

/**
 * The writer's checkpoints along each combat's log (engine/replay.ts), so going back a turn, a
 * round or a move replays from the nearest checkpoint. Made by one replay of the log the first
 * time they are needed on this client (after a reload, or when another client wrote), then kept
 * in step with this client's own writes. Valid for the stored `seq` they were made at.
 */
const histories = new Map<string, { seq: number; checkpoints: Checkpoints }>();

export function checkpointsOf(combatId: string, stored: StoredCombat): Checkpoints {
  const known = histories.get(combatId);
  if (known && known.seq === stored.seq && known.checkpoints.length === stored.log.length)
    return known.checkpoints;
  const { checkpoints } = checkpointLog(stored.checkpoint, stored.log);
  histories.set(combatId, { seq: stored.seq, checkpoints });
  return checkpoints;
}

/** Bring a combat's checkpoints in step with a write this client made from `seq`. */
function recordWrite(
  combatId: string,
  stored: StoredCombat,
  write: CombatWrite,
  states: readonly EncounterState[],
): void {
  const known = histories.get(combatId);
  const added = write.system.log.length - write.system.logFrom;
  if (
    !known ||
    known.seq !== stored.seq ||
    // The horizon moved: the checkpoints begin at the old one (made again when next needed).
    write.system.base !== stored.base ||
    known.checkpoints.length < write.system.logFrom ||
    states.length !== added
  ) {
    histories.delete(combatId);
    return;
  }
  known.checkpoints.truncate(write.system.logFrom);
  for (const state of states) known.checkpoints.push(state);
  known.seq = write.system.seq;
}

/**
 * Apply commands one after another to a stored combat; all are accepted or nothing is written.
 * `more(state)` may ask for another command after each one (nextRound keeps pressing `next`
 * until the round changes); it is asked at most `limit` times, a guard against a loop that never
 * ends, generous enough for any round: a hundred presses per combatant, plus a hundred.
 */
export async function decide(
  stored: StoredCombat,
  commands: readonly Command[],
  roll: DieRoller,
  userId: string | null,
  more?: (state: EncounterState, applied: number) => Command | null,
  limit = 100 * (stored.state.roster.length + 1),
  requestId: string | null = null,
): Promise<Decision> {
  const ruleset = getRuleset(stored.state.ruleset);
  let state = stored.state;
  const log: LogEntry[] = [];
  const states: EncounterState[] = [];
  const entries: LastWrite["entries"] = [];
  const dice: RolledDie[] = [];
  const queue = [...commands];
  let asked = 0;
  for (;;) {
    let command = queue.shift();
    if (command === undefined && more && asked < limit) {
      asked += 1;
      command = more(state, entries.length) ?? undefined;
    }
    if (command === undefined) break;
    const { result, dice: used } = await applyWithDice(state, command, ruleset, roll);
    if (!result.ok) return { ok: false, refusal: result.refusal };
    const undo = reversePatch(state, result.state);
    state = result.state;
    states.push(state);
    dice.push(...used);
    log.push({ command, dice: used.map((d) => d.value), userId, ...(requestId ? { requestId } : {}), undo });
    entries.push({ command, events: result.events, userId });
  }
  if (entries.length === 0) return { ok: false, refusal: { key: "TEMPO.Refusal.NothingToDo", data: {} } };
  const write = combatWrite(
    state,
    stored,
    { keep: stored.log.length, append: log },
    { entries, rewound: false },
    stored.seq + entries.length,
    stored.ids,
  );
  return { ok: true, write, dice, events: entries.flatMap((e) => e.events), rolls: [], states };
}

/**
 * GM commands run one at a time: each reads the state the previous one wrote. Two players'
 * commands arriving together would otherwise both start from the same state and the second
 * write would drop the first.
 */
let queue: Promise<unknown> = Promise.resolve();
export function serialized<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Is this client the one that writes (the active GM)? */
export function isWriter(): boolean {
  if (worldRefusal()) return false;
  const user = game.user;
  return !!user && !!game.users?.activeGM && game.users.activeGM.id === user.id;
}

/** How many times a write is decided again because the stored state moved under it. */
export const MAX_WRITE_ATTEMPTS = 5;

/** The stored `seq` as this client holds it now (the combat's last write). */
function storedSeq(combat: Combat.Implementation): number | null {
  return combatSystem(combat)?.seq ?? null;
}

export interface WriteOptions {
  /** The state to decide from on the first attempt (startCombat: the encounter it just made). */
  stored?: StoredCombat;
  /** The request being answered: its id is logged, and a request already in the log is not applied again. */
  request?: { id: string; sender: string };
  /** The write is a decline that stood in for a prompt whose countdown ran out (its card says so). */
  timedOut?: boolean;
}

/** Was this request already applied (a retry after a lost answer)? Looked up in the log's entries. */
function alreadyApplied(stored: StoredCombat, request: WriteOptions["request"]): boolean {
  if (!request) return false;
  return stored.log.some((e) => e.requestId === request.id && e.userId === request.sender);
}

/**
 * On the GM's client: decide a write from the stored combat and write it, one write at a time.
 * Right before writing, this client must still be the active GM (else the write is refused and
 * the new GM decides) and the stored `seq` must still be the one the write was decided from
 * (else it is decided again from the fresh state).
 */
export function writeDecision(
  combat: Combat.Implementation,
  decideFrom: (stored: StoredCombat) => Promise<Decision>,
  options: WriteOptions = {},
): Promise<CommandAnswer> {
  return serialized(async () => {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt += 1) {
      if (!isWriter()) return refused("TEMPO.Refusal.NoActiveGM");
      const ids = combat.combatants.map((c) => c.id ?? "").filter((id) => id !== "");
      const system = combatSystem(combat);
      const given = attempt === 0 ? options.stored : undefined;
      const stored = given ?? (system ? readStored(system, ids, cachesOf(combat)) : null);
      if (!stored) return refused("TEMPO.Refusal.NotStarted");
      if (alreadyApplied(stored, options.request)) return ACCEPTED;
      const decision = await decideFrom(stored);
      if (!decision.ok) return { ok: false, refusal: decision.refusal };
      if (!isWriter()) return refused("TEMPO.Refusal.NoActiveGM");
      if (storedSeq(combat) !== stored.seq) continue;
      // The log keeps what undo and going back need; what the horizon passed leaves the Combat
      // (archived first: the update below deletes it).
      let { write, dropped } = trimLog(decision.write, horizonRounds(), () => stored.checkpoint);
      if (dropped)
        await archiveDropped(combat, dropped).catch((error: unknown) => {
          // Not archived: the entries stay in the Combat until a later write archives them.
          console.error("Tempo: archiving the log before the horizon failed", error);
          write = decision.write;
          dropped = null;
        });
      // The checks right before the write: nothing can change between them and the update call.
      if (!isWriter()) return refused("TEMPO.Refusal.NoActiveGM");
      if (storedSeq(combat) !== stored.seq) continue;
      // Every write names its writer, the seq it was decided from and its id, and carries the
      // digest of the state it leaves, so a reader tells a write two writers raced (docs/foundry.md,
      // "Two writers").
      const stamped = stampWrite(write, game.user?.id ?? null, stored.seq, newRequestId());
      const held = heldPieces(combatSystem(combat));
      const update = combatUpdateData(stamped, held);
      const caches = cachesOf(combat);
      const digest = writeDigest(caches, update, held.layout !== STORAGE_LAYOUT || !stamped.before);
      update.system.last = JSON.stringify({ ...stamped.system.last, digest });
      keepWritten(caches, update, stamped);
      await combat.update(update);
      if (combat.id) recordWrite(combat.id, stored, stamped, decision.states ?? []);
      await syncInitiative(combat, stamped.system.state);
      await postRolls(combat, decision.rolls, stamped.system.last.entries, options.timedOut === true);
      return ACCEPTED;
    }
    return refused("TEMPO.Refusal.StateMoved");
  });
}

/**
 * On the GM's client: apply commands with real dice and write them. `commands` may be worked out
 * from the stored combat each time the write is decided.
 */
export function writeCommands(
  combat: Combat.Implementation,
  commands: readonly Command[] | ((stored: StoredCombat) => Command[]),
  userId: string | null,
  options: WriteOptions & { more?: (state: EncounterState, applied: number) => Command | null } = {},
): Promise<CommandAnswer> {
  return writeDecision(
    combat,
    async (stored) => {
      const rolls: Roll[] = [];
      const decision = await decide(
        stored,
        typeof commands === "function" ? commands(stored) : commands,
        foundryRoller(rolls),
        userId,
        options.more,
        undefined,
        options.request?.id ?? null,
      );
      return decision.ok ? { ...decision, rolls } : decision;
    },
    options,
  );
}

/**
 * Combatant initiative and defeated mirror the engine's, for Foundry's tracker and other modules.
 * It is a second, batched write, made only when one changed (start, a combatant joining, a
 * re-roll, setDefeated); the encounter's state itself is always written in the one Combat update.
 */
async function syncInitiative(combat: Combat.Implementation, state: EncounterState): Promise<void> {
  // `defeated` as well: the engine's setDefeated (or a kill) shows on Foundry's tracker and token.
  const updates = mirrorUpdates(
    state,
    combat.combatants.map((c) => ({ id: c.id ?? "", initiative: c.initiative, defeated: c.defeated })),
  );
  if (updates.length > 0) await combat.updateEmbeddedDocuments("Combatant", updates);
}
