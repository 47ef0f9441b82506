/**
 * The command channel: one writer. Every command goes to the active GM's client, which applies
 * it with the engine (rolling real dice as asked), and writes the result in ONE Combat update, so
 * every transition is atomic and every client sees the same state (DESIGN: "only the active GM's
 * client writes it, one update per command").
 *
 *   submit(combat, command): Promise<CommandAnswer>
 *     on the active GM's client: applies and writes;
 *     on any other client: asks the active GM (askGM, query "tempo.command") and shows the
 *     refusal, if any, as a warning.
 *
 * Trust model (docs/foundry-internals.md, "Who sent a command"). Foundry does not tell a query handler who
 * sent the query (foundryvtt/foundryvtt#13418), so a request names the user it claims to come
 * from and the GM's client checks the claim before anything else: it asks that user's client,
 * with a query the GM addresses to that user ("tempo.confirm"), whether it has this very request
 * in flight. Only the claimed user's client can answer a query addressed to that user (User#query
 * runs the handler on the target user's client), and a client confirms only requests it sent
 * itself, by an unguessable request id and the request's exact content. A request nobody
 * confirms is refused (TEMPO.Refusal.Unattributed) and changes nothing. Every request a player's
 * client makes of the GM (commands, undo) goes through askGM and is checked by answerRequest.
 *
 * One writer, enforced: each write is decided from the stored state and written only if, right
 * before the write, this client is still the active GM and the stored `seq` is still the one it
 * was decided from; otherwise it is decided again from the fresh state. A request id is applied
 * once: the GM keeps the answers of recent requests, and the log entries keep the request ids,
 * so a request retried after a lost answer gets the first answer back.
 *
 * Events: after a write, every client announces the accepted commands' engine events as hooks
 * (see `announce`): Hooks.callAll("tempo.<eventType>", event, context) for each event, then
 * callHook("tempo.commandApplied", context). context = { combat, command, events, userId }.
 */
import {
  checkpointLog,
  getRuleset,
  playerChoiceRefusal,
  reversePatch,
  type Checkpoints,
  type Command,
  type EncounterState,
  type EngineEvent,
  type Refusal,
  combatantIn,
} from "../engine";
import { refusalText } from "../views/sheet";
import { foundryLocalizer } from "./apps/sheets/localizer";
import type { CombatModel } from "./data/combat";
import { worldMigrating, worldRefusal } from "./migrations/gate";
import { mirrorUpdates } from "./documents/mirror";
import { applyWithDice, foundryRoller, withRollMode, type DieRoller, type RolledDie } from "./dice";
import { archiveDropped, horizonRounds } from "./documents/archive";
import {
  combatUpdateData,
  keepWritten,
  combatWrite,
  parsedJson,
  encounterStateOf,
  permission,
  readState,
  readStoredLog,
  stampWrite,
  storedCaches,
  trimLog,
  writeDigest,
  STORAGE_LAYOUT,
  type CombatWrite,
  type LastWrite,
  type LogEntry,
  type StoredCaches,
  type StoredPieces,
} from "./documents/sync";

export const COMMAND_QUERY = "tempo.command";
/** How long a player's client waits for the GM's answer (applying and rolling, not a prompt). */
export const COMMAND_TIMEOUT_MS = 30_000;

/** What a command's sender gets back. */
export interface CommandAnswer {
  ok: boolean;
  refusal: Refusal | null;
}

/** The query a player's client asks the active GM with, for a command. */
export interface CommandBody {
  combatId: string;
  command: Command;
}

export function isCommandBody(value: unknown): value is CommandBody {
  if (!isRecord(value)) return false;
  const command = value["command"];
  return typeof value["combatId"] === "string" && isRecord(command) && typeof command["type"] === "string";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isCommandAnswer(value: unknown): value is CommandAnswer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const refusal = v["refusal"];
  return (
    typeof v["ok"] === "boolean" &&
    (refusal === null ||
      (typeof refusal === "object" && typeof (refusal as Record<string, unknown>)["key"] === "string"))
  );
}

export const ACCEPTED: CommandAnswer = { ok: true, refusal: null };

export function refused(key: string, data: Refusal["data"] = {}): CommandAnswer {
  return { ok: false, refusal: { key, data } };
}

/** What the GM's client reads from a Combat before applying commands. */
export interface StoredCombat {
  state: EncounterState;
  initial: EncounterState;
  log: LogEntry[];
  seq: number;
  /** The combat's combatant ids, in any order (the turn index is computed against them). */
  ids: string[];
  /** Whether the document holds `state` (false before the start): a write is a difference from it. */
  saved: boolean;
  /** The absolute index of `log[0]`: entries before it left the Combat (documents/sync.ts trimLog). */
  base: number;
  /** The state after the first `base` entries (`initial` while `base` is 0). */
  checkpoint: EncounterState;
}

/** A fight not yet written: its initial state, no log, nothing stored in the document yet. */
export function unsavedCombat(initial: EncounterState, ids: string[]): StoredCombat {
  return { state: initial, initial, log: [], seq: 0, ids, saved: false, base: 0, checkpoint: initial };
}

/** A combat's system data as the readers take it (CombatModel's fields). */
export interface StoredSystem {
  state: unknown;
  combatants: unknown;
  initial: unknown;
  log: unknown;
  seq: number;
  /** Missing in combats stored before the horizon (0 and null then: the whole log is held). */
  base?: number;
  checkpoint?: unknown;
}

/**
 * Read a combat's stored encounter; null if it has not started (or the data is unusable).
 * `caches` keeps the parsed pieces between reads (see cachesOf).
 */
export function readStored(
  system: StoredSystem,
  ids: readonly string[],
  caches: StoredCaches = storedCaches(),
): StoredCombat | null {
  const state = readState(system, caches);
  const initial = encounterStateOf(parsedJson(system.initial));
  const base = system.base ?? 0;
  const checkpoint = base > 0 ? encounterStateOf(parsedJson(system.checkpoint)) : initial;
  const log = readStoredLog(system.log, system.seq, caches.log, base);
  if (!state || !initial || !checkpoint || log === null) return null;
  return { state, initial, log, seq: system.seq, ids: [...ids], saved: true, base, checkpoint };
}

/** Each combat's parsed pieces, kept between reads on this client (by the combat document). */
const caches = new WeakMap<object, StoredCaches>();

export function cachesOf(combat: object): StoredCaches {
  let found = caches.get(combat);
  if (!found) {
    found = storedCaches();
    caches.set(combat, found);
  }
  return found;
}

/** The pieces a combat's document holds now: what its next write is a difference from. */
export function heldPieces(system: CombatModel | null): StoredPieces {
  return {
    layout: system?.layout ?? 0,
    state: system?.state ?? null,
    combatants: system?.combatants ?? null,
    log: system?.log ?? null,
  };
}

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

// ---------------------------------------------------------------------------------------------
// Foundry side. Nothing below runs at import time, so tests import this module without Foundry.
// ---------------------------------------------------------------------------------------------

/** A combat's Tempo data, or null for a combat of another type. */
export function combatSystem(combat: Combat.Implementation): CombatModel | null {
  // A world from a newer Tempo is not read (src/foundry/migrations/gate.ts).
  if (worldRefusal()) return null;
  const system: unknown = combat.system;
  return isCombatModel(system) ? system : null;
}

/**
 * Whether a combat's system data is Tempo's CombatModel. Checked by its fields rather than with
 * `instanceof`, so this module imports without Foundry (the tests import it).
 */
function isCombatModel(system: unknown): system is CombatModel {
  return (
    typeof system === "object" && system !== null && "state" in system && "log" in system && "seq" in system
  );
}

/** Whether a combat document is a TempoCombat (game.combats.get gives the base type). */
export function isTempoCombat(combat: unknown): combat is Combat.Implementation {
  return typeof combat === "object" && combat !== null && "encounter" in combat && "stored" in combat;
}

/** The names a combat's combatant has, for refusals and chat. */
function combatantName(combat: Combat.Implementation, id: string): string {
  return combat.combatants.get(id)?.name ?? id;
}

/** Show a refusal to this client's user. */
export function showRefusal(refusal: Refusal): void {
  // Worded as the sheets and the prompt word it: actions, pools, conditions by their names.
  ui.notifications?.warn(refusalText(refusal, foundryLocalizer()));
}

/**
 * Tell the GM that a change made in Foundry (a combatant added, removed, marked defeated) could
 * not be applied to the encounter, and why: Foundry and the engine then disagree until the GM
 * acts, so it is never dropped silently.
 */
export function notifyNotApplied(
  combat: Combat.Implementation,
  command: Command,
  answer: CommandAnswer,
): void {
  if (answer.ok || !answer.refusal) return;
  const who = "who" in command ? command.who : command.type === "addCombatant" ? command.combatant.id : "";
  const i18n = game.i18n;
  const reason = refusalText(answer.refusal, foundryLocalizer());
  const text =
    i18n?.format("TEMPO.Notify.NotApplied", {
      change: i18n.localize(COMMAND_LABELS[command.type]),
      name: combat.combatants.get(who)?.name ?? encounterName(combat, who),
      reason,
    }) ?? answer.refusal.key;
  ui.notifications?.warn(text);
}

/** A combatant's name in the stored encounter (for one already gone from Foundry). */
function encounterName(combat: Combat.Implementation, who: string): string {
  const system = combatSystem(combat);
  const state = system ? readState(system, cachesOf(combat)) : null;
  return combatantIn(state, who)?.name ?? who;
}

/** Is this client the one that writes (the active GM)? */
export function isWriter(): boolean {
  if (worldRefusal()) return false;
  const user = game.user;
  return !!user && !!game.users?.activeGM && game.users.activeGM.id === user.id;
}

/** Labels for the chat flavour of a command's dice. */
const COMMAND_LABELS = {
  start: "TEMPO.Command.start",
  next: "TEMPO.Command.next",
  endTurn: "TEMPO.Command.endTurn",
  move: "TEMPO.Command.move",
  act: "TEMPO.Command.act",
  react: "TEMPO.Command.react",
  declare: "TEMPO.Command.declare",
  choose: "TEMPO.Command.choose",
  delay: "TEMPO.Command.delay",
  ready: "TEMPO.Command.ready",
  abort: "TEMPO.Command.abort",
  seize: "TEMPO.Command.seize",
  apply: "TEMPO.Command.apply",
  removeCondition: "TEMPO.Command.removeCondition",
  adjustPool: "TEMPO.Command.adjustPool",
  setDefeated: "TEMPO.Command.setDefeated",
  setOption: "TEMPO.Command.setOption",
  addCombatant: "TEMPO.Command.addCombatant",
  removeCombatant: "TEMPO.Command.removeCombatant",
  place: "TEMPO.Command.place",
  setCombatant: "TEMPO.Command.setCombatant",
  end: "TEMPO.Command.end",
} as const satisfies Record<Command["type"], string>;

/**
 * Chat cards for a write (set by src/foundry/hooks/chat.ts): the HTML of the cards for the write's
 * entries, or null when none is called for. The card and the write's Rolls go in one message.
 */
export const chatCards: {
  render: ((combat: Combat.Implementation, entries: readonly CardEntry[]) => Promise<string | null>) | null;
} = { render: null };

/** A write's entry as its chat card reads it: `timedOut` when a decline stood in for a countdown that ran out. */
export type CardEntry = LastWrite["entries"][number] & { timedOut?: boolean };

/** Post the real Rolls a write used, so every die shows in chat (with the write's card, if any). */
async function postRolls(
  combat: Combat.Implementation,
  rolls: Roll[],
  entries: LastWrite["entries"],
  timedOut: boolean,
): Promise<void> {
  // Issue 30: a decline the GM wrote because the countdown ran out says so, not "declines".
  const cards: CardEntry[] = timedOut ? entries.map((e) => ({ ...e, timedOut: true })) : entries;
  const content = (await chatCards.render?.(combat, cards)) ?? null;
  if (rolls.length === 0 && content === null) return;
  const commands = entries.map((e) => e.command);
  const first = commands[0];
  const who = first && "who" in first ? combat.combatants.get(first.who) : undefined;
  const label = first ? (game.i18n?.localize(COMMAND_LABELS[first.type]) ?? first.type) : "";
  const flavor = game.i18n?.format("TEMPO.Dice.Flavor", { command: label, name: who?.name ?? "" }) ?? label;
  const speaker = ChatMessage.getSpeaker({ actor: who?.actor ?? null });
  // The GM's rolls follow the GM's roll mode; a player's are public (dice.ts withRollMode).
  const byGM = entries.some((e) => e.userId === null || game.users?.get(e.userId)?.isGM === true);
  await ChatMessage.create(
    withRollMode({ rolls, flavor, speaker, ...(content === null ? {} : { content }) }, byGM),
  );
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

// ---------------------------------------------------------------------------------------------
// The authenticated channel from a player's client to the active GM's.
// ---------------------------------------------------------------------------------------------

export const CONFIRM_QUERY = "tempo.confirm";
/** How long the GM waits for the claimed sender's client to confirm a request. */
export const CONFIRM_TIMEOUT_MS = 10_000;
/** A request's JSON is at most this long: anything longer is refused before any work. */
export const MAX_REQUEST_CHARS = 32_768;
/**
 * How deep a request's JSON may nest. A command is at most four levels deep (a request, its body,
 * the command, a path of cells); anything far deeper is refused before it is measured, so no
 * recursive reader (JSON.stringify, structuredClone, the checks) ever sees it.
 */
export const MAX_REQUEST_DEPTH = 32;
/** How many recent requests' answers the GM keeps, so a retried request is answered, not applied again. */
export const REMEMBERED_REQUESTS = 500;

/** What a player's client sends the GM: a fresh request id, the user it says it is, and the body. */
export interface ChannelRequest {
  requestId: string;
  /** The sender's claim: challenged with CONFIRM_QUERY, never taken at its word. */
  claimedBy: string;
  body: unknown;
}

/** What the GM asks the claimed sender's client: is this request yours, exactly? */
export interface ConfirmRequest {
  requestId: string;
  query: string;
  body: unknown;
}

const REQUEST_ID = /^[A-Za-z0-9]{16,64}$/;

function isChannelRequest(value: unknown): value is ChannelRequest {
  return (
    isRecord(value) &&
    typeof value["requestId"] === "string" &&
    REQUEST_ID.test(value["requestId"]) &&
    typeof value["claimedBy"] === "string" &&
    "body" in value
  );
}

function isConfirmRequest(value: unknown): value is ConfirmRequest {
  return (
    isRecord(value) &&
    typeof value["requestId"] === "string" &&
    typeof value["query"] === "string" &&
    "body" in value
  );
}

/**
 * A request's JSON text if it is one Tempo reads: nested at most MAX_REQUEST_DEPTH deep (checked
 * without recursion, before anything recursive reads it) and at most MAX_REQUEST_CHARS long; null
 * otherwise (too deep, too long, or not JSON at all: a cycle, a throwing getter, a BigInt). Any
 * body thus gets an answer: applied, or refused as TEMPO.Refusal.BadRequest.
 */
export function requestJson(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let seen = 0;
  try {
    while (stack.length > 0) {
      const top = stack.pop() as { value: unknown; depth: number };
      if (typeof top.value !== "object" || top.value === null) continue;
      if (top.depth >= MAX_REQUEST_DEPTH) return null;
      const children = Array.isArray(top.value) ? top.value : Object.values(top.value);
      seen += children.length;
      // Every child is at least one character of the text: more of them cannot fit.
      if (seen > MAX_REQUEST_CHARS) return null;
      for (const child of children) stack.push({ value: child, depth: top.depth + 1 });
    }
    const text = JSON.stringify(value ?? null);
    return text.length > MAX_REQUEST_CHARS ? null : text;
  } catch {
    return null;
  }
}

/** The exact content a client confirms: the query's name and the body, as JSON (null: unreadable). */
function requestText(query: string, body: unknown): string | null {
  const text = requestJson(body);
  return text === null ? null : `${JSON.stringify(query)}:${text}`;
}

/** This client's requests to the GM that have not been answered yet: id → requestText. */
const inFlight = new Map<string, string>();

/** A new request id: 16 characters from Foundry's random source (foundry.utils.randomID). */
function newRequestId(): string {
  return foundry.utils.randomID(16);
}

/**
 * The handler of "tempo.confirm" on every client: true only for a request this client sent and
 * is still waiting on, with exactly this content. A request id is random and never shown to
 * other users, so another client cannot name one; the content check stops a replayed id from
 * carrying a different command.
 */
export async function handleConfirmQuery(data: unknown): Promise<{ confirmed: boolean }> {
  if (!isConfirmRequest(data)) return { confirmed: false };
  const text = inFlight.get(data.requestId);
  return { confirmed: text !== undefined && text === requestText(data.query, data.body) };
}

/** How the GM answers one kind of request once its sender is known. */
export type RequestHandler<T> = (
  body: T,
  sender: User.Implementation,
  requestId: string,
) => Promise<CommandAnswer>;

/**
 * Send a request to the active GM and wait for the answer. On the active GM's own client the
 * handler runs here with this client's user. A query that fails (a lost answer, a timeout) is
 * asked once more with the same request id, which the GM applies at most once.
 */
export async function askGM<T>(query: string, body: T, handle: RequestHandler<T>): Promise<CommandAnswer> {
  const user = game.user;
  const tooNew = worldRefusal();
  if (tooNew)
    return refused("TEMPO.Refusal.WorldTooNew", { world: tooNew.world, installed: tooNew.installed });
  if (!user) return refused("TEMPO.Refusal.NoActiveGM");
  const requestId = newRequestId();
  const text = requestText(query, body);
  // Refused here as the GM would refuse it: nothing unreadable is sent or applied.
  if (text === null) return refused("TEMPO.Refusal.BadRequest");
  if (isWriter())
    return worldMigrating() ? refused("TEMPO.Refusal.Migrating") : handle(body, user, requestId);
  const request: ChannelRequest = { requestId, claimedBy: user.id, body };
  inFlight.set(requestId, text);
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const gm = game.users?.activeGM;
      if (!gm) return refused("TEMPO.Refusal.NoActiveGM");
      try {
        const answer: unknown = await gm.query(query as keyof CONFIG.Queries, request, {
          timeout: COMMAND_TIMEOUT_MS,
        });
        return isCommandAnswer(answer) ? answer : refused("TEMPO.Refusal.GMDidNotAnswer");
      } catch {
        // Asked again with the same id: the GM applies a request once and answers it again.
      }
    }
    return refused("TEMPO.Refusal.GMDidNotAnswer");
  } finally {
    inFlight.delete(requestId);
  }
}

/** Answers of requests the GM has handled (or is handling), by sender and request id. */
const answered = new Map<string, Promise<CommandAnswer>>();

function remember(key: string, answer: Promise<CommandAnswer>): void {
  answered.set(key, answer);
  while (answered.size > REMEMBERED_REQUESTS) {
    const oldest = answered.keys().next().value;
    if (oldest === undefined) break;
    answered.delete(oldest);
  }
}

/**
 * Who sent a request, proven: the claimed user's client confirms it has this very request in
 * flight. The GM's own client never asks itself by query (askGM runs the handler directly), so a
 * request claiming to come from this client's user is not attributed.
 */
async function attribute(query: string, request: ChannelRequest): Promise<User.Implementation | null> {
  const user = game.users?.get(request.claimedBy);
  if (!user || !user.active || user.id === game.user?.id) return null;
  const ask: ConfirmRequest = { requestId: request.requestId, query, body: request.body };
  try {
    const answer: unknown = await user.query(CONFIRM_QUERY as keyof CONFIG.Queries, ask, {
      timeout: CONFIRM_TIMEOUT_MS,
    });
    return isRecord(answer) && answer["confirmed"] === true ? user : null;
  } catch {
    return null;
  }
}

/**
 * The GM's side of a kind of request: a CONFIG.queries handler that refuses what is malformed or
 * too large, refuses what its claimed sender's client does not confirm, answers a request seen
 * before with its first answer, and hands the rest to `handle` with the proven sender.
 */
export function answerRequest<T>(
  query: string,
  isBody: (value: unknown) => value is T,
  handle: RequestHandler<T>,
): (data: unknown) => Promise<CommandAnswer> {
  return async (data) => {
    if (requestJson(data) === null) return refused("TEMPO.Refusal.BadRequest");
    if (!isChannelRequest(data) || !isBody(data.body)) return refused("TEMPO.Refusal.BadRequest");
    if (!isWriter()) return refused("TEMPO.Refusal.NoActiveGM");
    if (worldMigrating()) return refused("TEMPO.Refusal.Migrating");
    const body = data.body;
    const sender = await attribute(query, data);
    if (!sender) return refused("TEMPO.Refusal.Unattributed");
    const key = `${sender.id}/${data.requestId}`;
    const seen = answered.get(key);
    if (seen) return seen;
    const answer = handle(body, sender, data.requestId).catch((error: unknown) => {
      console.error("Tempo: a request failed", error);
      return refused("TEMPO.Refusal.Internal");
    });
    remember(key, answer);
    return answer;
  };
}

// ---------------------------------------------------------------------------------------------
// Commands on the channel.
// ---------------------------------------------------------------------------------------------

/** Send a command: apply it here if this client writes, else ask the active GM. Refusals are shown. */
export async function submit(combat: Combat.Implementation, command: Command): Promise<CommandAnswer> {
  const answer = combat.id
    ? await askGM(COMMAND_QUERY, { combatId: combat.id, command }, commandFrom)
    : refused("TEMPO.Refusal.NotStarted");
  if (answer.refusal) showRefusal(answer.refusal);
  return answer;
}

/**
 * The GM's check of a command from a known sender: a player commands only combatants whose actor
 * they own, never the GM's commands; then the command is applied and written.
 */
async function commandFrom(
  body: CommandBody,
  sender: User.Implementation,
  requestId: string,
): Promise<CommandAnswer> {
  const combat = game.combats?.get(body.combatId);
  if (!isTempoCombat(combat)) return refused("TEMPO.Refusal.BadRequest");
  const denied = permission(
    body.command,
    sender,
    (id) => combat.combatants.get(id)?.actor?.testUserPermission(sender, "OWNER") ?? false,
    (id) => combatantName(combat, id),
  );
  if (denied) return { ok: false, refusal: denied };
  // A player never decides a result, nor a cost or time the ruleset does not leave to the actor.
  const ruleset = combatSystem(combat)?.ruleset;
  if (!sender.isGM && ruleset) {
    const claimed = playerChoiceRefusal(body.command, getRuleset(ruleset));
    if (claimed) return { ok: false, refusal: claimed };
  }
  const userId = sender.id ?? "";
  return writeCommands(combat, [body.command], userId, { request: { id: requestId, sender: userId } });
}

/** The GM's handler of "tempo.command" (registered in CONFIG.queries). */
export const handleCommandQuery = answerRequest(COMMAND_QUERY, isCommandBody, commandFrom);

export const HEAL_QUERY = "tempo.heal";

/**
 * The active GM's handler of "tempo.heal": a client read a write whose state and log disagree, or
 * two writes decided from one `seq` (docs/foundry-internals.md, "Two writers"). The request proves nothing
 * and asks for nothing but a check: the GM's client checks its own copy (TempoCombat#heal) and
 * rebuilds the state only if it finds the disagreement itself.
 */
export async function handleHealQuery(data: unknown): Promise<{ checked: boolean }> {
  if (!isWriter() || !isRecord(data) || typeof data["combatId"] !== "string") return { checked: false };
  const combat: unknown = game.combats?.get(data["combatId"]);
  if (!isTempoCombat(combat)) return { checked: false };
  const heal = (combat as unknown as { heal?: unknown }).heal;
  if (typeof heal !== "function") return { checked: false };
  await (heal as () => Promise<unknown>).call(combat);
  return { checked: true };
}

/** Ask the active GM to check a combat (handleHealQuery); nothing when no GM is connected. */
export async function askHeal(combatId: string): Promise<void> {
  const gm = game.users?.activeGM;
  if (!gm) return;
  try {
    await gm.query(HEAL_QUERY as keyof CONFIG.Queries, { combatId }, { timeout: COMMAND_TIMEOUT_MS });
  } catch {
    // The GM's own client checks every write it reads as well.
  }
}

// ---------------------------------------------------------------------------------------------
// The GM's combat controls on the channel: any GM's client (an Assistant GM, a second GM) asks;
// the active GM's client, the one writer, does it.
// ---------------------------------------------------------------------------------------------

export const GM_CONTROL_QUERY = "tempo.gmControl";

/** The tracker's GM controls that are more than one command: start, next round, going back. */
export const GM_CONTROLS = ["start", "nextRound", "previousTurn", "previousRound"] as const;
export type GmControl = (typeof GM_CONTROLS)[number];

interface GmControlBody {
  combatId: string;
  control: GmControl;
}

function isGmControlBody(value: unknown): value is GmControlBody {
  return (
    isRecord(value) &&
    typeof value["combatId"] === "string" &&
    typeof value["control"] === "string" &&
    (GM_CONTROLS as readonly string[]).includes(value["control"]) &&
    Object.keys(value).length === 2
  );
}

/** A combat that runs GM controls on the writer's client (TempoCombat). */
interface GmControlled {
  runGmControl(control: GmControl, userId: string): Promise<CommandAnswer>;
}

function isGmControlled(combat: object): combat is GmControlled {
  return typeof (combat as Partial<GmControlled>).runGmControl === "function";
}

/** The GM name of a control in a refusal (the lang file's command labels). */
const CONTROL_COMMAND: Record<GmControl, string> = {
  start: "start",
  nextRound: "next",
  previousTurn: "turn",
  previousRound: "round",
};

/** The writer's check of a GM control from a known sender: any GM (Assistant or full) may. */
async function gmControlFrom(body: GmControlBody, sender: User.Implementation): Promise<CommandAnswer> {
  if (!sender.isGM) return refused("TEMPO.Refusal.GMOnly", { command: CONTROL_COMMAND[body.control] });
  const combat = game.combats?.get(body.combatId);
  if (!isTempoCombat(combat) || !isGmControlled(combat)) return refused("TEMPO.Refusal.BadRequest");
  return combat.runGmControl(body.control, sender.id ?? "");
}

/** The writer's handler of "tempo.gmControl" (registered in CONFIG.queries). */
export const handleGmControlQuery = answerRequest(GM_CONTROL_QUERY, isGmControlBody, gmControlFrom);

/**
 * A GM control pressed on this client: a player is refused here; a GM's client runs it if it is
 * the writer, else asks the writer on the channel. Refusals are shown.
 */
export async function gmControl(combat: Combat.Implementation, control: GmControl): Promise<CommandAnswer> {
  const answer = !game.user?.isGM
    ? refused("TEMPO.Refusal.GMOnly", { command: CONTROL_COMMAND[control] })
    : combat.id
      ? await askGM(GM_CONTROL_QUERY, { combatId: combat.id, control }, gmControlFrom)
      : refused("TEMPO.Refusal.NotStarted");
  if (answer.refusal) showRefusal(answer.refusal);
  return answer;
}

/** The channel's queries, registered in CONFIG.queries by src/tempo.ts. */
export const QUERIES = {
  [COMMAND_QUERY]: handleCommandQuery,
  [CONFIRM_QUERY]: handleConfirmQuery,
  [HEAL_QUERY]: handleHealQuery,
  [GM_CONTROL_QUERY]: handleGmControlQuery,
} as const;

/** The context every Tempo hook gets with an accepted command. */
export interface CommandContext {
  combat: Combat.Implementation;
  command: Command;
  events: EngineEvent[];
  userId: string | null;
}

/**
 * Hooks.callAll for Tempo's own hook names. The v13 types list only core hooks, and Tempo's names
 * are open-ended (`tempo.<eventType>`, rulesets add event types), so this is the one documented
 * interop point: the call itself is Foundry's public Hooks.callAll(hook, ...args).
 */
function callHook(hook: string, ...args: unknown[]): void {
  const hooks = Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean };
  hooks.callAll(hook, ...args);
}

/** Announce a write's events on this client (called from every client's Combat#_onUpdate). */
export function announce(combat: Combat.Implementation, last: LastWrite): void {
  if (last.rewound) callHook("tempo.rewound", combat);
  for (const entry of last.entries) {
    const context: CommandContext = {
      combat,
      command: entry.command,
      events: entry.events,
      userId: entry.userId,
    };
    for (const event of entry.events) callHook(`tempo.${event.type}`, event, context);
    callHook("tempo.commandApplied", context);
  }
}
