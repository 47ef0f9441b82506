/**
 * The log before the horizon (store/horizon.ts trimLog): the entries that leave a Combat are
 * kept, compressed, in a record outside it, so the GM can export the whole log of a fight and a
 * replay of it gives the stored state (docs/foundry-internals.md, "The log's horizon"). The record is the
 * world setting `tempo.logArchive` (by combat id); the GM's setting `tempo.logBeyond` "drop" keeps
 * none. The packing is plain functions, tested without Foundry.
 */
import { deflateSync, inflateSync, strFromU8, strToU8 } from "fflate";
import type { EncounterState } from "../../engine";
import { DEFAULT_HORIZON_ROUNDS, type Dropped } from "./horizon";
import { encounterStateOf, isLogEntry, parsedJson, type LogEntry } from "./log";

/** A run of entries, compressed: `count` entries from absolute index `from`, as deflated JSON in base64. */
export interface ArchiveChunk {
  from: number;
  count: number;
  data: string;
}

/** One combat's archived log: its chunks, and (once the combat ended) its initial state and the rest. */
export interface CombatArchive {
  name: string;
  chunks: ArchiveChunk[];
  /** Set when the combat was deleted: the record then holds the whole log, `initial` with it. */
  ended?: { at: number; initial: string };
}

/** The whole log of a fight, as exported: replaying `entries` from `initial` gives the final state. */
export interface FullLog {
  initial: EncounterState;
  entries: LogEntry[];
}

function toBase64(bytes: Uint8Array): string {
  let text = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text: string): Uint8Array | null {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Entries as one compressed chunk. */
export function packChunk(dropped: Dropped): ArchiveChunk {
  const data = toBase64(deflateSync(strToU8(JSON.stringify(dropped.entries)), { level: 6 }));
  return { from: dropped.from, count: dropped.entries.length, data };
}

/** A chunk's entries, or null when it is not one Tempo packed (each entry checked). */
export function unpackChunk(chunk: unknown): LogEntry[] | null {
  if (typeof chunk !== "object" || chunk === null) return null;
  const { data, count } = chunk as Record<string, unknown>;
  if (typeof data !== "string" || typeof count !== "number") return null;
  const bytes = fromBase64(data);
  if (!bytes) return null;
  let entries: unknown;
  try {
    entries = JSON.parse(strFromU8(inflateSync(bytes))) as unknown;
  } catch {
    return null;
  }
  if (!Array.isArray(entries) || entries.length !== count || !entries.every(isLogEntry)) return null;
  return entries;
}

/** A stored record as Tempo reads it, or null. */
export function readArchive(value: unknown): CombatArchive | null {
  if (typeof value !== "object" || value === null) return null;
  const { name, chunks, ended } = value as Record<string, unknown>;
  if (!Array.isArray(chunks)) return null;
  const ok = chunks.every(
    (c: unknown) =>
      typeof c === "object" &&
      c !== null &&
      Number.isInteger((c as ArchiveChunk).from) &&
      Number.isInteger((c as ArchiveChunk).count) &&
      typeof (c as ArchiveChunk).data === "string",
  );
  if (!ok) return null;
  return {
    name: typeof name === "string" ? name : "",
    chunks: chunks as ArchiveChunk[],
    ...(typeof ended === "object" && ended !== null ? { ended: ended as CombatArchive["ended"] } : {}),
  };
}

/**
 * A record with one more chunk. A chunk that starts where an earlier one does (a write that moved
 * the horizon, was archived, and then lost its race and was decided again) replaces the chunks
 * from there on.
 */
export function withChunk(archive: CombatArchive | null, name: string, chunk: ArchiveChunk): CombatArchive {
  const kept = (archive?.chunks ?? []).filter((c) => c.from < chunk.from);
  return { name: archive?.name ?? name, chunks: [...kept, chunk] };
}

/**
 * The entries from 0 up to `upTo` (exclusive), in order, from the record's chunks; null when a
 * chunk is missing or unreadable (the GM dropped them, or another module wrote the record).
 */
export function archivedEntries(archive: CombatArchive | null, upTo: number): LogEntry[] | null {
  const out: LogEntry[] = [];
  const chunks = [...(archive?.chunks ?? [])].sort((a, b) => a.from - b.from);
  for (const chunk of chunks) {
    if (out.length >= upTo) break;
    if (chunk.from !== out.length) return null;
    const entries = unpackChunk(chunk);
    if (!entries) return null;
    out.push(...entries);
  }
  return out.length >= upTo ? out.slice(0, upTo) : null;
}

/**
 * The whole log of a fight: the archived entries before `base` and the ones the Combat holds, with
 * the initial state. Null when the part before the horizon is not archived (dropped).
 */
export function fullLog(
  initial: unknown,
  archive: CombatArchive | null,
  base: number,
  held: readonly LogEntry[],
): FullLog | null {
  const start = encounterStateOf(parsedJson(initial));
  const before = archivedEntries(archive, base);
  if (!start || !before) return null;
  return { initial: start, entries: [...before, ...held] };
}

// ---------------------------------------------------------------------------------------------
// Foundry side. Nothing below runs at import time, so tests import this module without Foundry.
// ---------------------------------------------------------------------------------------------

/** The GM's horizon: how many rounds the Combat's log keeps (setting `tempo.logRounds`). */
export function horizonRounds(): number {
  const value: unknown = game.settings?.get("tempo", "logRounds");
  return typeof value === "number" && Number.isInteger(value) && value >= 1 ? value : DEFAULT_HORIZON_ROUNDS;
}

/** Whether entries past the horizon are archived (the default) or dropped (setting `tempo.logBeyond`). */
function archiving(): boolean {
  return game.settings?.get("tempo", "logBeyond") !== "drop";
}

/** Every combat's archived log, by combat id, as the world setting holds it. */
function archives(): Record<string, unknown> {
  const value: unknown = game.settings?.get("tempo", "logArchive");
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
}

/** One combat's archived log, or null. */
export function archiveOf(combatId: string): CombatArchive | null {
  const all = archives();
  return Object.hasOwn(all, combatId) ? readArchive(all[combatId]) : null;
}

async function storeArchive(combatId: string, archive: CombatArchive): Promise<void> {
  await game.settings?.set("tempo", "logArchive", { ...archives(), [combatId]: archive });
}

/**
 * On the writer's client, before the write that moves the horizon: the entries that leave the
 * Combat go to its archived log, compressed (or nowhere, where the GM chose to drop them).
 */
export async function archiveDropped(combat: Combat.Implementation, dropped: Dropped): Promise<void> {
  if (!archiving() || !combat.id) return;
  const chunk = packChunk(dropped);
  await storeArchive(combat.id, withChunk(archiveOf(combat.id), combat.name ?? combat.id, chunk));
}

/**
 * When a combat ends (its document is deleted, on the writer's client): the entries it still held
 * join its archived log, with its initial state, so the whole log of the fight outlives it and the
 * GM can export it (exportArchivedLog). Nothing where the GM drops the log before the horizon.
 */
export async function archiveEnded(
  combat: Combat.Implementation,
  stored: { initial: EncounterState; log: readonly LogEntry[]; base: number },
): Promise<void> {
  if (!archiving() || !combat.id) return;
  const name = combat.name ?? combat.id;
  let archive = archiveOf(combat.id);
  if (stored.log.length > 0)
    archive = withChunk(archive, name, packChunk({ from: stored.base, entries: [...stored.log] }));
  const ended = { at: stored.base + stored.log.length, initial: JSON.stringify(stored.initial) };
  await storeArchive(combat.id, { name, chunks: archive?.chunks ?? [], ended });
}

/** The whole log of an ended combat from its archived record, or null (not archived, or incomplete). */
export function endedLog(combatId: string): FullLog | null {
  const archive = archiveOf(combatId);
  if (!archive?.ended) return null;
  return fullLog(archive.ended.initial, archive, archive.ended.at, []);
}

/** Offer a full log to the GM as a JSON file (foundry.utils.saveDataToFile). */
export function saveLog(log: FullLog, name: string): void {
  foundry.utils.saveDataToFile(JSON.stringify(log), "application/json", `tempo-log-${name}.json`);
}
