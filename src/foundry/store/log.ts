/**
 * The command log and the latest write as a Combat stores them (`system.log`, `system.last`),
 * and their readers: a stored piece is checked for the engine's shapes before anything uses it.
 * Plain functions over document data (docs/foundry.md "What a Combat stores").
 */
import {
  RULESET_IDS,
  type Command,
  type EncounterState,
  type EngineEvent,
  type ReversePatch,
  type CombatantState,
  combatantList,
} from "../../engine";

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

export function isRecord(value: unknown): value is Record<string, unknown> {
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

/** A stored JSON value: Foundry's JSONField gives it parsed, but a raw string is read as well. */
export function parsedJson(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
