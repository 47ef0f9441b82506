/**
 * Reading a stored fight quickly: each client keeps the pieces it parsed (PieceCache), so a
 * write's unchanged pieces are not parsed again, and reads the engine state and the log through them.
 */
import { type EncounterState, combatantIn } from "../../engine";
import { type LogEntry, encounterStateOf, isLogEntry, isRecord, parsedJson } from "./log";
import { digestText, pieceHash } from "./digest";
import { type CombatWrite, isRecordValue, logIndex, logKey } from "./pieces";

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
