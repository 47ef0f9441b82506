/**
 * A Combat's stored fight as the GM's client reads it before applying commands: its system data
 * (CombatModel), the parsed pieces kept between reads, and the pieces the next write is a
 * difference from. A world from a newer Tempo is not read (store/gate.ts).
 */
import { type EncounterState } from "../../engine";
import type { CombatModel } from "../data/combat";
import { worldRefusal } from "./gate";
import { parsedJson, encounterStateOf, type LogEntry } from "./log";
import { readState, readStoredLog, storedCaches, type StoredCaches } from "./caches";
import { type StoredPieces } from "./pieces";

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
  /** The absolute index of `log[0]`: entries before it left the Combat (store/horizon.ts trimLog). */
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

// ---------------------------------------------------------------------------------------------
// Foundry side. Nothing below runs at import time, so tests import this module without Foundry.
// ---------------------------------------------------------------------------------------------

/** A combat's Tempo data, or null for a combat of another type. */
export function combatSystem(combat: Combat.Implementation): CombatModel | null {
  // A world from a newer Tempo is not read (src/foundry/store/gate.ts).
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
