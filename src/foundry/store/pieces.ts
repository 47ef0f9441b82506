/**
 * From engine state to Foundry documents: a write as the stored pieces it changes (`state`,
 * `combatants`, `initial`, `log`, `last`, `seq`), and the one Combat update that writes
 * only the pieces that differ from what the document holds. Plain functions, so what a command
 * writes is tested without Foundry.
 *
 * What a Combat holds (CombatModel; docs/foundry.md "What a Combat stores"): `state` and
 * `combatants` (the engine's EncounterState in pieces), `initial` (the state before `start`), `log`
 * (every accepted command with the dice it used, one piece per entry), `last` (the commands of the
 * latest write and their events, announced by every client), and `seq` (accepted commands).
 * Foundry's own `round`, `turn` and each combatant's `initiative` mirror the state so Foundry's
 * tracker, turn markers and other modules keep working.
 */
import { type EncounterState, type CombatantState, combatantIn, combatantsById } from "../../engine";
import type { V14DataOperators } from "../data/v14";
import { type LastWrite, type LogEntry } from "./log";
import { turnIndex } from "./turns";

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
export function logIndex(key: string): number | null {
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
export function deletion(record: Record<string, unknown>, key: string): void {
  // Read through globalThis: the rules about what a write holds are tested without Foundry.
  const ns = (globalThis as { foundry?: { data?: V14DataOperators } }).foundry;
  const Forced = ns?.data?.operators?.ForcedDeletion;
  if (Forced) record[key] = new Forced();
  else record[`-=${key}`] = null;
}

export function isRecordValue(value: unknown): value is Record<string, unknown> {
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
