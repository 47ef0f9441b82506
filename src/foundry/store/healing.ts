/**
 * Healing a stored fight: how much of a log replays to its recorded digests, and what the writer
 * writes back when the stored state and its log disagree.
 */
import { type EncounterState, apply, getRuleset, ScriptedDice } from "../../engine";
import { type LogEntry } from "./log";

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
