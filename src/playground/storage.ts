/**
 * The running fight, kept in the browser's storage so a reload does not lose it. What is kept is
 * the session file (seed and commands); what is loaded is checked as a file from disk is
 * (parseSessionFile), then replayed, and must replay to the same state, or it is thrown away.
 */
import { RULESETS } from "../engine/rulesets";
import { Session, parseSessionFile, type SessionFile } from "./session";

export const STORAGE_KEY = "tempo.playground.session";

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    // Storage can be switched off (private windows, file:// pages): the playground still runs.
    return null;
  }
}

export function saveSession(session: Session): void {
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(session.toFile()));
  } catch {
    // Full or refused: the fight goes on, only a reload would lose it.
  }
}

export function forgetSession(): void {
  storage()?.removeItem(STORAGE_KEY);
}

/** A restored fight, or why the saved one was thrown away (a SessionFileError names the field). */
export type Restored = { session: Session; file: SessionFile } | { error: unknown } | null;

/** The saved fight, replayed; null when none is saved, an error when what is saved is not valid. */
export function restoreSession(): Restored {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (raw === null || raw === undefined) return null;
  try {
    const file = parseSessionFile(JSON.parse(raw));
    if (!RULESETS[file.ruleset]) throw new Error(file.ruleset);
    return { session: Session.fromFile(file), file };
  } catch (error) {
    forgetSession();
    return { error };
  }
}
