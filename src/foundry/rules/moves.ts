/**
 * Where tokens go after a write: the engine's position events read as token moves, for the
 * active GM's client to carry out (table/movement/holds.ts followEngine).
 */
import { type Cell, type Command, type EncounterState, type EngineEvent, combatantIn } from "../../engine";

// ---------------------------------------------------------------------------------------------
// Where tokens go after a write
// ---------------------------------------------------------------------------------------------

export interface TokenMove {
  who: string;
  /** Cells from where the token stood in the engine to where it stands now. */
  path: Cell[];
  to: Cell;
}

function asCell(value: unknown): Cell | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [a, b] = value as unknown[];
  return typeof a === "number" && typeof b === "number" ? [a, b] : null;
}

function asCells(value: unknown): Cell[] {
  if (!Array.isArray(value)) return [];
  return value.map(asCell).filter((c): c is Cell => c !== null);
}

/** Event types that change where a combatant stands. */
export const POSITION_EVENTS: readonly string[] = ["moved", "movePaused", "moveStopped"];

/**
 * From a write's events, where each combatant that moved stands now and the path it took (the
 * last event for a combatant wins): the host moves tokens that are not already there.
 */
export function tokenMoves(events: readonly EngineEvent[], state: EncounterState): TokenMove[] {
  const byWho = new Map<string, TokenMove>();
  for (const event of events) {
    if (!POSITION_EVENTS.includes(event.type) || typeof event["who"] !== "string") continue;
    const who = event["who"];
    const at = combatantIn(state, who)?.at;
    if (!at) continue;
    const path = asCells(event["path"]);
    const to = asCell(event["to"]) ?? asCell(event["at"]) ?? at;
    byWho.set(who, { who, path: path.length > 0 ? path : [to], to: [at[0], at[1]] });
  }
  return [...byWho.values()];
}

/**
 * "tempo.moveResumed": a reaction's answer let a held move go on (a `moved` or a further
 * `movePaused` of someone other than the reactor, in the same write as a `react`).
 */
export function resumedMoves(command: Command, events: readonly EngineEvent[]): EngineEvent[] {
  if (command.type !== "react") return [];
  const out: EngineEvent[] = [];
  for (const event of events) {
    if (!POSITION_EVENTS.includes(event.type) || event.type === "moveStopped") continue;
    if (event["who"] === command.who) continue;
    out.push({
      type: "moveResumed",
      who: event["who"],
      via: event.type,
      ...(event["to"] !== undefined ? { to: event["to"] } : {}),
      ...(event["at"] !== undefined ? { at: event["at"] } : {}),
    });
  }
  return out;
}

/** A paused move's cell and who it waits for, from a `movePaused` event. */
export function pausedAt(event: EngineEvent): { who: string; at: Cell } | null {
  const at = asCell(event["at"]);
  return typeof event["who"] === "string" && at ? { who: event["who"], at } : null;
}
