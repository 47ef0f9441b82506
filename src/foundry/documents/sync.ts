/**
 * From engine state to Foundry documents, and back through the command log: plain functions, so
 * the rules about what a command writes are tested without Foundry.
 *
 * What a Combat holds (CombatModel; docs/foundry.md "What a Combat stores"): `state` and
 * `combatants` (the engine's EncounterState in pieces), `initial` (the state before `start`), `log`
 * (every accepted command with the dice it used, one piece per entry), `last` (the commands of the
 * latest write and their events, announced by every client), and `seq` (accepted commands).
 * Foundry's own `round`, `turn` and each combatant's `initiative` mirror the state so Foundry's
 * tracker, turn markers and other modules keep working.
 */
import {
  RULESET_IDS,
  type Checkpoints,
  type Command,
  type EncounterState,
  type EngineEvent,
  type Refusal,
  type ReversePatch,
  type CombatantState,
  combatantIn,
  combatantList,
  combatantsById,
  lastChangeBack,
  checkpointLog,
  stateBack,
  apply,
  getRuleset,
  ScriptedDice,
} from "../../engine";
import type { V14DataOperators } from "../types";

/** One accepted command: what was asked, the dice it used, who asked, and the request it answered. */
export interface LogEntry {
  command: Command;
  dice: number[];
  userId: string | null;
  /** The id of the player's request that carried it, so a retried request is not applied twice. */
  requestId?: string;
  /**
   * The reverse of the entry's change (engine/replay.ts ReversePatch): the previous text of each
   * state piece it changed, so going back needs no replay. Missing in entries logged before
   * Tempo kept it: going back past one replays from checkpoints.
   */
  undo?: ReversePatch;
  /**
   * The write that logged it: `<absolute index of the write's first entry>.<write id>`
   * (stampWrite). The entries of one write lie together from that index, so a log two writers
   * wrote over each other shows where it stops being one writer's (consistentPrefix).
   */
  write?: string;
}

/** The latest write's commands with their events, for every client to announce. */
export interface LastWrite {
  seq: number;
  entries: { command: Command; events: EngineEvent[]; userId: string | null }[];
  /** Set when the write went back in time (previousTurn/previousRound) instead of applying. */
  rewound: boolean;
  /** Who wrote it (the user id of the writer's client), and the `seq` it was decided from. */
  writer?: string | null;
  from?: number;
  /** The write's id (a random id the writer made for it). */
  write?: string;
  /** The digest of the state's pieces the write leaves (stateDigest): a reader checks its own against it. */
  digest?: string;
  /** Set on a write that rebuilt the state from the log (two writers): how many entries it dropped. */
  healed?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCommandLike(value: unknown): value is Command {
  return isRecord(value) && typeof value["type"] === "string";
}

function isEventLike(value: unknown): value is EngineEvent {
  return isRecord(value) && typeof value["type"] === "string";
}

/**
 * The stored `last` as every client announces it, or null when it is not one a Tempo writer made
 * (another module's or a bug's): each entry a command with its type, its events with theirs, and
 * the user it was applied for. A `last` is read inside Combat#_onUpdate, where nothing may throw.
 */
export function readLastWrite(stored: unknown): LastWrite | null {
  const value = parsedJson(stored);
  if (!isRecord(value)) return null;
  const { seq, entries, rewound } = value;
  if (typeof seq !== "number" || !Number.isInteger(seq) || seq < 0) return null;
  if (typeof rewound !== "boolean" || !Array.isArray(entries)) return null;
  const { writer, from, write, digest, healed } = value;
  if (writer !== undefined && writer !== null && typeof writer !== "string") return null;
  if (from !== undefined && (typeof from !== "number" || !Number.isInteger(from))) return null;
  if (write !== undefined && typeof write !== "string") return null;
  if (digest !== undefined && typeof digest !== "string") return null;
  if (healed !== undefined && (typeof healed !== "number" || !Number.isInteger(healed))) return null;
  for (const entry of entries as unknown[]) {
    if (!isRecord(entry) || !isCommandLike(entry["command"])) return null;
    const events = entry["events"];
    if (!Array.isArray(events) || !events.every(isEventLike)) return null;
    const userId = entry["userId"];
    if (userId !== null && typeof userId !== "string") return null;
  }
  return value as unknown as LastWrite;
}

/** A stored state is one the engine can read: the shape's keys are there with their types. */
export function isEncounterState(value: unknown): value is EncounterState {
  if (!isRecord(value)) return false;
  return (
    value["version"] === 1 &&
    typeof value["ruleset"] === "string" &&
    (RULESET_IDS as readonly string[]).includes(value["ruleset"]) &&
    typeof value["round"] === "number" &&
    Array.isArray(value["order"]) &&
    Array.isArray(value["roster"]) &&
    Array.isArray(value["offers"]) &&
    Array.isArray(value["pending"]) &&
    Array.isArray(value["combatants"]) &&
    value["combatants"].every((c) => isRecord(c) && typeof c["id"] === "string") &&
    (value["status"] === "setup" || value["status"] === "active" || value["status"] === "ended")
  );
}

/**
 * A whole stored state (the `initial` JSONField) as the engine reads it, or null. A state that
 * Tempo stored before it kept its combatants as a list (a record by id) is read with them listed
 * in roster order (engine/record.ts).
 */
export function encounterStateOf(value: unknown): EncounterState | null {
  if (isRecord(value) && isRecord(value["combatants"]) && Array.isArray(value["roster"])) {
    const roster = value["roster"].filter((id): id is string => typeof id === "string");
    const byId = value["combatants"] as Record<string, CombatantState | undefined>;
    const listed = { ...value, combatants: combatantList(roster, byId) };
    return isEncounterState(listed) ? listed : null;
  }
  return isEncounterState(value) ? value : null;
}

function isPatchPieces(value: unknown): value is Record<string, string | null> {
  return isRecord(value) && Object.values(value).every((v) => v === null || typeof v === "string");
}

function isReversePatch(value: unknown): value is ReversePatch {
  return isRecord(value) && isPatchPieces(value["state"]) && isPatchPieces(value["combatants"]);
}

export function isLogEntry(value: unknown): value is LogEntry {
  return (
    isRecord(value) &&
    isRecord(value["command"]) &&
    typeof value["command"]["type"] === "string" &&
    Array.isArray(value["dice"]) &&
    value["dice"].every((d) => typeof d === "number") &&
    (value["undo"] === undefined || isReversePatch(value["undo"]))
  );
}

/** The stored log, or [] where it is missing; a malformed entry makes the whole log unusable (null). */
export function readLog(stored: unknown): LogEntry[] | null {
  if (stored === null || stored === undefined) return [];
  const value = parsedJson(stored);
  if (!Array.isArray(value)) return null;
  return value.every(isLogEntry) ? value : null;
}

/**
 * Foundry's turn order for a combat: the engine's `order` first, then the rest of its roster
 * (defeated, or not acting in this phase or stage), then ids the engine does not know, each group
 * in the order given.
 */
export function turnOrder(state: EncounterState | null, ids: readonly string[]): string[] {
  if (!state) return [...ids];
  const known = new Set(ids);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const id of [...state.order, ...state.roster, ...ids]) {
    if (!known.has(id) || seen.has(id)) continue;
    seen.add(id);
    out.push(id);
  }
  return out;
}

/** Sort key for `_sortCombatants`: lower acts earlier. */
export function turnRank(state: EncounterState | null, id: string): number {
  if (!state) return Number.MAX_SAFE_INTEGER;
  const inOrder = state.order.indexOf(id);
  if (inOrder >= 0) return inOrder;
  const inRoster = state.roster.indexOf(id);
  return inRoster >= 0 ? state.order.length + inRoster : Number.MAX_SAFE_INTEGER;
}

/** Foundry's `turn`: the index of the engine's current combatant in the turn order, or null between turns. */
export function turnIndex(state: EncounterState, ids: readonly string[]): number | null {
  if (state.current === null) return null;
  const index = turnOrder(state, ids).indexOf(state.current);
  return index >= 0 ? index : null;
}

/**
 * The update a Combat gets after commands were accepted (or after going back): the new state, the
 * log it comes from, the announcement, Foundry's round and turn. `before` is the state the
 * document holds (null before the start): the write carries only what differs from it.
 */
export interface CombatWrite {
  round: number;
  turn: number | null;
  system: {
    ruleset: EncounterState["ruleset"];
    state: EncounterState;
    /** Written with the first state only (the start): it never changes after. */
    initial: EncounterState;
    /**
     * The log the Combat holds after the write: the entries from `base` on (absolute index `base`
     * is log[0]); entries from `logFrom` on (an index into `log`) are new.
     */
    log: readonly LogEntry[];
    logFrom: number;
    base: number;
    /** The state after the first `base` entries, written when the horizon moved (trimLog); else undefined. */
    checkpoint?: EncounterState;
    last: LastWrite;
    seq: number;
  };
  before: EncounterState | null;
}

export function combatWrite(
  state: EncounterState,
  stored: {
    state: EncounterState;
    initial: EncounterState;
    log: readonly LogEntry[];
    /** Missing: 0 (the whole log is held). */
    base?: number;
    saved: boolean;
  },
  log: { keep: number; append: readonly LogEntry[] },
  last: Omit<LastWrite, "seq">,
  seq: number,
  ids: readonly string[],
): CombatWrite {
  return {
    round: state.round,
    turn: turnIndex(state, ids),
    system: {
      ruleset: state.ruleset,
      state,
      initial: stored.initial,
      log: [...stored.log.slice(0, log.keep), ...log.append],
      logFrom: log.keep,
      base: stored.base ?? 0,
      last: { ...last, seq },
      seq,
    },
    before: stored.saved ? stored.state : null,
  };
}

/** A stored JSON value: Foundry's JSONField gives it parsed, but a raw string is read as well. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * How a Combat stores the encounter (docs/foundry-internals.md, "What a Combat stores"). Each piece is JSON
 * text under its own key of an object field, so an update names only the pieces that changed and
 * replaces each whole (Foundry merges an object field's update key by key, and a string is
 * replaced, never merged):
 *   system.state       the state's top-level fields but `combatants`, one key each
 *   system.combatants  each combatant's state, by id
 *   system.log         the log, one entry per key `e<index>`
 * `initial` (JSONField) is written with the start only; `layout` tells this layout from the one
 * before it (the whole state and log as two JSON texts, rewritten by every command), which
 * migrations.ts reads into this one until the first write stores it.
 */
export const STORAGE_LAYOUT = 2;

/** The key of a log entry in `system.log`. */
export function logKey(index: number): string {
  return `e${index}`;
}

/** The index of a `system.log` key, or null for a key that is not one. */
function logIndex(key: string): number | null {
  const match = /^e(0|[1-9][0-9]{0,8})$/.exec(key);
  return match ? Number(match[1]) : null;
}

/** The stored pieces as the document holds them: what the next write is a difference from. */
export interface StoredPieces {
  layout: number;
  state: unknown;
  combatants: unknown;
  log: unknown;
}

/**
 * Foundry's way to delete a key in an update. v13: a `-=key` key with the value null
 * (foundry.utils.mergeObject, performDeletions:
 * https://foundryvtt.com/api/v13/functions/foundry.utils.mergeObject.html). v14 deprecates those
 * keys for a `foundry.data.operators.ForcedDeletion` value under the key itself
 * (https://foundryvtt.com/api/v14/functions/foundry.utils.applyDataOperators.html); it is used
 * where it exists.
 */
function deletion(record: Record<string, unknown>, key: string): void {
  // Read through globalThis: the rules about what a write holds are tested without Foundry.
  const ns = (globalThis as { foundry?: { data?: V14DataOperators } }).foundry;
  const Forced = ns?.data?.operators?.ForcedDeletion;
  if (Forced) record[key] = new Forced();
  else record[`-=${key}`] = null;
}

function isRecordValue(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function keysOf(value: unknown): string[] {
  return isRecordValue(value) ? Object.keys(value) : [];
}

/**
 * One object field's update: each key of `after` whose value is not the very one in `before`
 * (all of them when `before` is null) as JSON text, and a deletion for each key the document holds
 * (`held`) that `after` has not. Apply shares every part a command leaves alone with the state
 * before it (structural sharing), so comparing by identity finds exactly what the command touched.
 */
function pieceUpdate(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
  held: readonly string[],
): Record<string, unknown> {
  const update: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (before && Object.hasOwn(before, key) && before[key] === value) continue;
    update[key] = JSON.stringify(value);
  }
  for (const key of held) if (!Object.hasOwn(after, key) || after[key] === undefined) deletion(update, key);
  return update;
}

/**
 * The `combatants` field's update, by id (pieceUpdate): where nobody joined or left (the same
 * roster), the lists are compared place by place, with no record of N keys made per write; a
 * deletion for each id the document holds that the state has not.
 */
function combatantsUpdate(
  before: EncounterState | null,
  after: EncounterState,
  held: readonly string[],
): Record<string, unknown> {
  const now = after.combatants;
  if (!before || before.roster !== after.roster || before.combatants.length !== now.length)
    return pieceUpdate(before ? combatantsById(before) : null, combatantsById(after), held);
  const update: Record<string, unknown> = {};
  const was = before.combatants;
  if (was !== now)
    for (let i = 0; i < now.length; i += 1) {
      const c = now[i] as CombatantState;
      if (was[i] !== c) update[c.id] = JSON.stringify(c);
    }
  for (const key of held) if (!combatantIn(after, key)) deletion(update, key);
  return update;
}

/**
 * The document update for a write: only what changed. The state's changed top-level fields and
 * changed combatants, the new log entries (and deletions of the entries a rewind dropped), the
 * announcement and `seq`; `initial` and the whole state only with the first state (or when the
 * document is still in the previous layout: then every piece is written whole, replacing the old
 * texts, and no key is deleted, since the old layout holds none).
 */
export function combatUpdateData(write: CombatWrite, held: StoredPieces) {
  const { system } = write;
  const converting = held.layout !== STORAGE_LAYOUT;
  const before = converting ? null : write.before;
  const { combatants: _listed, ...top } = system.state;
  const beforeTop = before ? (before as unknown as Record<string, unknown>) : null;
  const heldLog = converting ? [] : keysOf(held.log);
  const logFrom = before ? system.logFrom : 0;
  const { base } = system;
  const end = base + system.log.length;
  const log: Record<string, unknown> = {};
  for (let i = logFrom; i < system.log.length; i += 1) log[logKey(base + i)] = JSON.stringify(system.log[i]);
  // Entries a rewind dropped, and those the horizon moved past (trimLog), are deleted by key.
  for (const key of heldLog) {
    const index = logIndex(key);
    if (index === null || index < base || index >= end) deletion(log, key);
  }
  const moved = system.checkpoint !== undefined || !before;
  return {
    round: write.round,
    turn: write.turn,
    system: {
      ruleset: system.ruleset,
      ...(before ? {} : { layout: STORAGE_LAYOUT, initial: JSON.stringify(system.initial) }),
      ...(moved ? { base, checkpoint: system.checkpoint ? JSON.stringify(system.checkpoint) : null } : {}),
      state: pieceUpdate(beforeTop, top, converting ? [] : keysOf(held.state)),
      combatants: combatantsUpdate(before, system.state, converting ? [] : keysOf(held.combatants)),
      log,
      last: JSON.stringify(system.last),
      seq: system.seq,
    },
  };
}

/**
 * Two 32-bit FNV-1a hashes (two offset bases) of one stored piece: its field, its key and its
 * text. A state's digest is the xor of its pieces' hashes, so a write changes it by what it
 * changed (writeDigest) and a reader keeps it as texts change (PieceCache): no read or write hashes
 * more than the pieces it touches.
 */
export function pieceHash(field: string, key: string, text: string): [number, number] {
  let high = 0x811c9dc5;
  let low = 0x050c5d1f;
  const step = (code: number) => {
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x01000193);
  };
  for (let i = 0; i < field.length; i += 1) step(field.charCodeAt(i));
  step(0);
  for (let i = 0; i < key.length; i += 1) step(key.charCodeAt(i));
  step(0);
  for (let i = 0; i < text.length; i += 1) step(text.charCodeAt(i));
  return [high >>> 0, low >>> 0];
}

function digestText(high: number, low: number): string {
  return high.toString(16).padStart(8, "0") + low.toString(16).padStart(8, "0");
}

/** The digest of the state's pieces a client holds (its caches, as last read). */
export function stateDigest(caches: StoredCaches): string {
  const [high, low] = stateDigestParts(caches);
  return digestText(high, low);
}

/**
 * The digest of the state's pieces once an update is merged into what the caches hold (read right
 * before the write was decided): each piece the update sets or deletes changes it, nothing else
 * does. `fromScratch` (the first state, or a write that stores every piece whole): the update's
 * pieces alone.
 */
export function writeDigest(
  caches: StoredCaches,
  update: { system: { state: Record<string, unknown>; combatants: Record<string, unknown> } },
  fromScratch: boolean,
): string {
  let high = 0;
  let low = 0;
  if (!fromScratch) [high, low] = stateDigestParts(caches);
  const fields = [
    ["state", caches.state, update.system.state],
    ["combatants", caches.combatants, update.system.combatants],
  ] as const;
  for (const [field, cache, pieces] of fields)
    for (const [raw, value] of Object.entries(pieces)) {
      const key = raw.startsWith("-=") ? raw.slice(2) : raw;
      const held = fromScratch ? undefined : cache.textOf(key);
      if (held !== undefined) {
        const [h, l] = pieceHash(field, key, held);
        high ^= h;
        low ^= l;
      }
      if (typeof value === "string" && !raw.startsWith("-=")) {
        const [h, l] = pieceHash(field, key, value);
        high ^= h;
        low ^= l;
      }
    }
  return digestText(high >>> 0, low >>> 0);
}

function stateDigestParts(caches: StoredCaches): [number, number] {
  const [sh, sl] = caches.state.digest;
  const [ch, cl] = caches.combatants.digest;
  return [(sh ^ ch) >>> 0, (sl ^ cl) >>> 0];
}

/**
 * A write named by its writer: `last` names the writer, the `seq` it was decided from and the
 * write's id; each new log entry names the write (`<index of its first entry>.<id>`).
 */
export function stampWrite(write: CombatWrite, writer: string | null, from: number, id: string): CombatWrite {
  const { log, logFrom, base, last } = write.system;
  const tag = `${base + logFrom}.${id}`;
  return {
    ...write,
    system: {
      ...write.system,
      log: [...log.slice(0, logFrom), ...log.slice(logFrom).map((e) => ({ ...e, write: tag }))],
      last: { ...last, writer, from, write: id },
    },
  };
}

/**
 * How many of the held entries (from absolute index `base`) are one consistent log: each entry
 * that names its write either begins it (its index is the write's first) or follows an entry of
 * the same write. Two writers that both wrote from one `seq` leave entries of one write after
 * another's that it did not follow: the log is consistent up to there. Entries that name no write
 * (an older version's) are taken as they are.
 */
export function consistentPrefix(log: readonly LogEntry[], base: number): number {
  for (let i = 0; i < log.length; i += 1) {
    const tag = log[i]?.write;
    if (tag === undefined) continue;
    const start = Number(tag.slice(0, tag.indexOf(".")));
    if (start === base + i) continue;
    if (i > 0 && log[i - 1]?.write === tag) continue;
    return i;
  }
  return log.length;
}

/**
 * The state a log rebuilds (two writers wrote over each other): the held entries up to the
 * consistent prefix replayed from the checkpoint with their dice, stopping at the first one that
 * does not replay. Null when the log and the state agree (`agrees`: the stored digest is the
 * state's) and the whole log is consistent: nothing to heal.
 */
export function healing(
  stored: { log: readonly LogEntry[]; base: number; checkpoint: EncounterState },
  agrees: boolean,
): { keep: number; state: EncounterState; dropped: number } | null {
  const prefix = consistentPrefix(stored.log, stored.base);
  if (agrees && prefix === stored.log.length) return null;
  const ruleset = getRuleset(stored.checkpoint.ruleset);
  let state = stored.checkpoint;
  let keep = 0;
  for (; keep < prefix; keep += 1) {
    const entry = stored.log[keep] as LogEntry;
    const result = apply(state, entry.command, new ScriptedDice(entry.dice), ruleset);
    if (!result.ok) break;
    state = result.state;
  }
  return { keep, state, dropped: stored.log.length - keep };
}

/** Parsed pieces, kept between reads so a write's unchanged pieces are not parsed again. */
export class PieceCache {
  private readonly texts = new Map<string, { text: string; value: unknown }>();
  /** The log read from the last parsed pieces (readStoredLog), kept while they stay the same. */
  entries: { pieces: Record<string, unknown>; base: number; log: LogEntry[] } | null = null;
  /** Parsed entries already found well-formed (readStoredLog checks each text once). */
  readonly checked = new WeakSet<object>();
  /** The digest of the texts held (pieceHash of each, combined by xor): kept as texts change. */
  private digestHigh = 0;
  private digestLow = 0;

  constructor(private readonly field = "") {}

  private toggle(key: string, text: string): void {
    const [high, low] = pieceHash(this.field, key, text);
    this.digestHigh = (this.digestHigh ^ high) >>> 0;
    this.digestLow = (this.digestLow ^ low) >>> 0;
  }

  /** The digest of the pieces as last read (or known). */
  get digest(): [number, number] {
    return [this.digestHigh, this.digestLow];
  }

  /** The text held for a key, as last read (or known). */
  textOf(key: string): string | undefined {
    return this.texts.get(key)?.text;
  }
  private source: unknown = undefined;
  private seq = -1;
  private parsed: Record<string, unknown> | null = null;

  /**
   * What a piece's text stands for, known without parsing it: the writer's own value for a text it
   * just wrote (see keepWritten), so reading its write back parses nothing and gives back its own
   * objects.
   */
  know(key: string, text: string, value: unknown): void {
    const was = this.texts.get(key);
    if (was) this.toggle(key, was.text);
    this.toggle(key, text);
    this.texts.set(key, { text, value });
    // The next read puts the pieces together again, with this value.
    this.source = undefined;
    this.parsed = null;
  }

  /**
   * The object field's pieces, parsed: each text parsed once (and again only when it changes),
   * null if a piece is not JSON. The same field object at the same `seq`, or the same texts,
   * give the same result object.
   */
  read(field: unknown, seq: number): Record<string, unknown> | null {
    if (field === this.source && seq === this.seq) return this.parsed;
    const out: Record<string, unknown> = {};
    let ok = isRecordValue(field);
    let changed = false;
    const seen = new Set<string>();
    if (isRecordValue(field)) {
      for (const [key, text] of Object.entries(field)) {
        if (typeof text !== "string") {
          ok = false;
          break;
        }
        seen.add(key);
        const known = this.texts.get(key);
        if (known && known.text === text) {
          out[key] = known.value;
          continue;
        }
        const value = parsedJson(text);
        if (value === undefined) {
          ok = false;
          break;
        }
        changed = true;
        if (known) this.toggle(key, known.text);
        this.toggle(key, text);
        this.texts.set(key, { text, value });
        out[key] = value;
      }
    }
    for (const [key, known] of [...this.texts])
      if (!seen.has(key)) {
        this.toggle(key, known.text);
        this.texts.delete(key);
        changed = true;
      }
    this.source = field;
    this.seq = seq;
    const same = ok && !changed && this.parsed !== null && Object.keys(this.parsed).length === seen.size;
    if (!same) this.parsed = ok ? out : null;
    return this.parsed;
  }
}

/** The caches one combat's reads use. */
export interface StoredCaches {
  state: PieceCache;
  combatants: PieceCache;
  log: PieceCache;
  /** The last state put together, from these parsed pieces. */
  whole: { top: unknown; combatants: unknown; state: EncounterState | null } | null;
  /** The state this client last wrote (keepWritten): read back as that very object. */
  written: EncounterState | null;
}

export function storedCaches(): StoredCaches {
  return {
    state: new PieceCache("state"),
    combatants: new PieceCache("combatants"),
    log: new PieceCache("log"),
    whole: null,
    written: null,
  };
}

/**
 * On the writer's client, right before its write: what each text of the update stands for (the
 * engine's own objects), and the state it wrote. When the document then holds exactly those
 * pieces, reading it gives back that state object itself, with nothing parsed: every later command
 * starts from the state the engine made, together with what the engine keeps by state (the scene's
 * index a command carries to its result, engine/core/movement.ts carryIndex), instead of a copy new
 * to this client that the next command would have to read whole again. A text Foundry stores
 * otherwise than sent is parsed as usual.
 */
export function keepWritten(
  caches: StoredCaches,
  update: {
    system: {
      state: Record<string, unknown>;
      combatants: Record<string, unknown>;
      log: Record<string, unknown>;
    };
  },
  write: CombatWrite,
): void {
  const { state, log, logFrom, base } = write.system;
  const top = state as unknown as Record<string, unknown>;
  for (const [key, text] of Object.entries(update.system.state))
    if (typeof text === "string" && Object.hasOwn(top, key)) caches.state.know(key, text, top[key]);
  for (const [key, text] of Object.entries(update.system.combatants))
    if (typeof text === "string") {
      const c = combatantIn(state, key);
      if (c) caches.combatants.know(key, text, c);
    }
  for (let i = logFrom; i < log.length; i += 1) {
    const text = update.system.log[logKey(base + i)];
    if (typeof text === "string") caches.log.know(logKey(base + i), text, log[i]);
  }
  caches.written = state;
}

/**
 * Whether the parsed pieces are the written state's own: every top-level field and every
 * combatant the very value it holds (so they came from keepWritten, or are the unchanged ones it
 * shares with the state before it), and no other.
 */
function isWritten(
  written: EncounterState,
  top: Record<string, unknown>,
  combatants: Record<string, unknown>,
): boolean {
  const fields = written as unknown as Record<string, unknown>;
  for (const key in top) if (!Object.hasOwn(fields, key) || fields[key] !== top[key]) return false;
  // A field the write left out (undefined) is not stored: every other one must have been read.
  for (const key in fields)
    if (key !== "combatants" && fields[key] !== undefined && !Object.hasOwn(top, key)) return false;
  let count = 0;
  for (const key in combatants) {
    const c = combatantIn(written, key);
    if (!c || c !== combatants[key]) return false;
    count += 1;
  }
  return count === written.combatants.length;
}

/** The engine state a Combat stores, or null before the start (or if the data is unusable). */
export function readState(
  system: { state: unknown; combatants: unknown; seq: number },
  caches: StoredCaches,
): EncounterState | null {
  if (system.state === null || system.state === undefined) return null;
  const top = caches.state.read(system.state, system.seq);
  const combatants = caches.combatants.read(system.combatants, system.seq);
  if (!top || !combatants) return null;
  // The same pieces give the same state object, so what the engine keeps by state (the spatial
  // index of a state, the ruler's previews) is kept across reads until a write changes something.
  const whole = caches.whole;
  if (whole && whole.top === top && whole.combatants === combatants) return whole.state;
  const written = caches.written;
  // The combatants' pieces by id, listed in the roster's order as a whole stored state's are.
  const read =
    written && isWritten(written, top, combatants) ? written : encounterStateOf({ ...top, combatants });
  caches.whole = { top, combatants, state: read };
  return read;
}

/**
 * The stored log, in order: the entries `e<base>` … `e<base + n - 1>`; [] where there is none. An
 * entry that is malformed, a gap, or a key that is not an entry's makes the whole log unusable
 * (null); a key below `base` (left by a write that moved the horizon and was interrupted) is no
 * longer the log's and is skipped. Each entry is checked once, when its text is first read
 * (the cache keeps the entries already found well-formed), and the same pieces give the same
 * array: a read costs what the last write changed, whatever the log's length.
 */
export function readStoredLog(log: unknown, seq: number, cache: PieceCache, base = 0): LogEntry[] | null {
  const checked = cache.checked;
  if (log === null || log === undefined) return [];
  const pieces = cache.read(log, seq);
  if (!pieces) return null;
  const known = cache.entries;
  if (known && known.pieces === pieces && known.base === base) return known.log;
  const keys = Object.keys(pieces);
  const entries: LogEntry[] = [];
  let held = 0;
  for (const key of keys) {
    const index = logIndex(key);
    if (index === null) return null;
    if (index < base) continue;
    held += 1;
    const value = pieces[key];
    if (!isRecord(value)) return null;
    if (!checked.has(value)) {
      if (!isLogEntry(value)) return null;
      checked.add(value);
    }
    // A key far beyond the others is a gap: found before the array is made that long.
    if (index - base >= keys.length) return null;
    entries[index - base] = value as unknown as LogEntry;
  }
  if (entries.length !== held) return null;
  for (let i = 0; i < entries.length; i += 1) if (!entries[i]) return null;
  cache.entries = { pieces, base, log: entries };
  return entries;
}

export interface Rewind {
  /** How many log entries to keep. */
  keep: number;
  state: EncounterState;
}

/**
 * Going back a turn or a round: the log without the last command that changed the turn (or the
 * round) and without anything after it. The engine is deterministic and each entry keeps its
 * dice, so the state is the one the table had before that command. Found from the stored state
 * and the entries' reverse patches, without replaying (engine/replay.ts stateBack); where an entry
 * has none (logged by an older version), replayed from the nearest of the writer's checkpoints
 * (`checkpoints`, asked for only then: making them replays the held log once). The first command
 * (`start`) is never undone; where the Combat holds the log from a checkpoint on (`base` > 0,
 * trimLog), its first held entry may be. Null when the log held has nothing to go back to:
 * `tooFar` then says whether entries before the horizon would have (the GM is told it is too far
 * back, not that there is nothing).
 */
export function rewind(
  stored: { state: EncounterState; log: readonly LogEntry[]; base?: number },
  checkpoints: () => Checkpoints,
  to: "turn" | "round",
): Rewind | null {
  const first = (stored.base ?? 0) > 0 ? 0 : 1;
  const patches = stored.log.map((e) => e.undo);
  const found = lastChangeBack(stored.state, patches, to, first);
  const keep = found === undefined ? checkpoints().lastChange(to, first) : found;
  if (keep === null) return null;
  return { keep, state: stateAt(stored, checkpoints, keep) };
}

/**
 * The state after the first `keep` entries of the stored log: the reverse patches of the entries
 * after them applied to the stored state, or (an entry without one) replayed from the nearest
 * checkpoint.
 */
export function stateAt(
  stored: { state: EncounterState; log: readonly LogEntry[] },
  checkpoints: () => Checkpoints,
  keep: number,
): EncounterState {
  const patches = stored.log.map((e) => e.undo);
  return stateBack(stored.state, patches, keep) ?? checkpoints().stateAt(stored.log, keep);
}

/**
 * How many log entries a Combat holds at most, whatever the horizon the GM set: with TRIM_CHUNK,
 * the bound of a stored fight (docs/foundry-internals.md, "The log's horizon").
 */
export const LOG_CAP = 400;
/**
 * The horizon moves by at least this many entries at a time, so the checkpoint (a whole state) is
 * written once per so many commands, not with every one.
 */
export const TRIM_CHUNK = 50;
/** How many rounds the log keeps by default: the current one and the one before it. */
export const DEFAULT_HORIZON_ROUNDS = 2;

/**
 * The first entry (an index into `log`) of the log the horizon keeps: the entry that began the
 * oldest of the last `rounds` rounds (found from the reverse patches, walking back from the end:
 * an entry whose patch names `round` changed the round), and never more than LOG_CAP entries. An
 * entry without a patch stops the walk (what lies before it is kept).
 */
export function horizonOf(log: readonly LogEntry[], rounds: number): number {
  let found = 0;
  let seen = 0;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const patch = log[i]?.undo;
    if (!patch) break;
    if (Object.hasOwn(patch.state, "round")) {
      seen += 1;
      if (seen >= rounds) {
        found = i;
        break;
      }
    }
  }
  return Math.max(found, log.length - LOG_CAP);
}

/** Entries a write moved past the horizon, with the absolute index of the first. */
export interface Dropped {
  from: number;
  entries: LogEntry[];
}

/**
 * Move the horizon of a write's log (horizonOf) when it has passed at least TRIM_CHUNK entries:
 * the entries before it leave the Combat (returned, for the archive), `base` moves on by as many,
 * and the state after them becomes the checkpoint, found from the reverse patches of the entries
 * kept (or, where one has none, replayed from the Combat's checkpoint: `replayFrom`). Otherwise the
 * write is given back as it is. A write's cost stays what it changed: the walk is bounded by
 * LOG_CAP + TRIM_CHUNK entries, and the checkpoint is written once per TRIM_CHUNK commands at most.
 */
export function trimLog(
  write: CombatWrite,
  rounds: number,
  replayFrom: () => EncounterState,
): { write: CombatWrite; dropped: Dropped | null } {
  const { log, state, base, logFrom } = write.system;
  const cut = horizonOf(log, Math.max(1, Math.floor(rounds)));
  if (cut < TRIM_CHUNK) return { write, dropped: null };
  const checkpoint =
    stateBack(
      state,
      log.map((e) => e.undo),
      cut,
    ) ?? checkpointLog(replayFrom(), log.slice(0, cut)).state;
  return {
    write: {
      ...write,
      system: {
        ...write.system,
        log: log.slice(cut),
        base: base + cut,
        logFrom: Math.max(0, logFrom - cut),
        checkpoint,
      },
    },
    dropped: { from: base, entries: log.slice(0, cut) },
  };
}

/**
 * The commands that take a combatant deleted in Foundry out of the encounter: its removal, with
 * its turn ended first if it is the current combatant (the engine refuses to remove the current
 * combatant, which would leave its turn open).
 */
export function removalCommands(state: EncounterState, who: string): Command[] {
  const remove: Command = { type: "removeCombatant", who };
  return state.status === "active" && state.current === who ? [{ type: "endTurn", who }, remove] : [remove];
}

/** A user as the permission check needs it. */
export interface Asker {
  isGM: boolean;
}

/** Commands only a GM gives: the table's structure and the GM's adjustments. */
export const GM_COMMANDS: readonly Command["type"][] = [
  "start",
  "next",
  "apply",
  "removeCondition",
  "adjustPool",
  "setOption",
  "setDefeated",
  "addCombatant",
  "removeCombatant",
  "place",
  "setCombatant",
  "end",
];

/**
 * May this user give this command? A GM may give any; a player only commands combatants whose
 * actor they own, and never the GM's commands. `owns(id)` answers for a combatant id; `name(id)`
 * names it in the refusal.
 */
export function permission(
  command: Command,
  user: Asker,
  owns: (combatantId: string) => boolean,
  name: (combatantId: string) => string,
): Refusal | null {
  if (user.isGM) return null;
  if (GM_COMMANDS.includes(command.type))
    return { key: "TEMPO.Refusal.GMOnly", data: { command: command.type } };
  if ("who" in command && !owns(command.who)) {
    return { key: "TEMPO.Refusal.NotYourCombatant", data: { who: name(command.who) } };
  }
  return null;
}
