/**
 * The sight statuses that count: core statuses that decide who perceives whom, trusted only where
 * the GM vouched for them (`flags.tempo.sight`, written by the writer only).
 */
import { BLIND, INVISIBLE } from "./sight";

/**
 * Core statuses that decide who perceives whom (rules/sight.ts perceives). A player may give its
 * own actor any status (token HUD, Actor#toggleStatusEffect), so these count only where the GM
 * vouched for them: set by a GM, or on the actor when the GM began the fight (or added the
 * combatant). The writer keeps that list in the combat's flags (`flags.tempo.sight`), which only
 * a GM writes.
 */
export const SIGHT_STATUSES: readonly string[] = [INVISIBLE, BLIND];

function isRecordValue(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The sight statuses the GM vouched for a combatant of a combat (its `flags.tempo.sight`). */
export function vouchedSight(combat: { flags?: unknown }, who: string): string[] {
  const flags: unknown = combat.flags;
  const tempo = isRecordValue(flags) ? flags["tempo"] : undefined;
  const sight = isRecordValue(tempo) ? tempo["sight"] : undefined;
  const list = isRecordValue(sight) && Object.hasOwn(sight, who) ? sight[who] : undefined;
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === "string") : [];
}

/** The sight statuses an actor shows now. */
export function sightStatusesOf(actor: { statuses: ReadonlySet<string> } | null | undefined): string[] {
  return actor ? SIGHT_STATUSES.filter((s) => actor.statuses.has(s)) : [];
}
