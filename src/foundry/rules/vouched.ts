/**
 * The sight statuses that count: core statuses that decide who perceives whom, trusted only where
 * the GM vouched for them (`flags.tempo.sight`, written by the writer only).
 */
import { BLIND, INVISIBLE, detectionModesOf } from "./sight";

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

/**
 * What the GM vouched for a combatant's sight, in the combat's `flags.tempo.sight` (which only the
 * writer writes): the sight statuses that count, and its token's `hidden` and detection modes as
 * the GM set them. A combat begun by an older version holds only the statuses (a list): its
 * tokens' own `hidden` and modes count there (null here).
 */
export interface VouchedSight {
  statuses: string[];
  hidden: boolean | null;
  detectionModes: { id: string; enabled: boolean }[] | null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((s): s is string => typeof s === "string") : [];
}

/** A combatant's vouched sight (flags.tempo.sight[who]); nothing vouched: no status, the token's own. */
export function vouchedSightOf(combat: { flags?: unknown }, who: string): VouchedSight {
  const flags: unknown = combat.flags;
  const tempo = isRecordValue(flags) ? flags["tempo"] : undefined;
  const sight = isRecordValue(tempo) ? tempo["sight"] : undefined;
  const entry = isRecordValue(sight) && Object.hasOwn(sight, who) ? sight[who] : undefined;
  if (!isRecordValue(entry)) return { statuses: strings(entry), hidden: null, detectionModes: null };
  return {
    statuses: strings(entry["statuses"]),
    hidden: typeof entry["hidden"] === "boolean" ? entry["hidden"] : null,
    detectionModes: Array.isArray(entry["detectionModes"]) ? detectionModesOf(entry["detectionModes"]) : null,
  };
}

/** The sight statuses the GM vouched for a combatant of a combat. */
export function vouchedSight(combat: { flags?: unknown }, who: string): string[] {
  return vouchedSightOf(combat, who).statuses;
}
