/**
 * The running fight, kept in the browser's storage so a reload does not lose it. What is kept is
 * the session file (seed and commands); what is loaded is checked as a file from disk is
 * (parseSessionFile), then replayed, and must replay to the same state, or it is thrown away.
 */
import { RULESETS } from "../engine/rulesets";
import { Session, SessionFileError, readSessionText, type SessionFile } from "./session";

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
  // What is written now supersedes a session still waiting (a new encounter after a command).
  unsaved = null;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(session.toFile()));
  } catch {
    // Full or refused: the fight goes on, only a reload would lose it.
  }
}

/** The session waiting to be kept (one write however many commands came in between). */
let unsaved: Session | null = null;

/**
 * Keep the session soon, off the command's path: writing it is a JSON string of every command
 * and a synchronous storage write (1–2 ms at 200 combatants, issue 31), which the page need not
 * wait for to show the command. It is written when the browser is idle (within a second at the
 * latest), and at once when the page is hidden or left, so a reload still finds every command.
 */
export function saveSoon(session: Session): void {
  const pending = unsaved !== null;
  unsaved = session;
  if (pending) return;
  const idle = globalThis.requestIdleCallback;
  if (typeof idle === "function") idle(flushSession, { timeout: 1000 });
  else setTimeout(flushSession, 0);
}

/** Write the session waiting to be kept, if any. */
export function flushSession(): void {
  const session = unsaved;
  unsaved = null;
  if (session) saveSession(session);
}

globalThis.addEventListener?.("pagehide", flushSession);
globalThis.document?.addEventListener?.("visibilitychange", () => {
  if (globalThis.document.visibilityState === "hidden") flushSession();
});

export function forgetSession(): void {
  unsaved = null;
  storage()?.removeItem(STORAGE_KEY);
}

/** A restored fight, or why the saved one was thrown away (a SessionFileError names the field). */
export type Restored = { session: Session; file: SessionFile } | { error: unknown } | null;

/** The saved fight, replayed; null when none is saved, an error when what is saved is not valid. */
export function restoreSession(): Restored {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (raw === null || raw === undefined) return null;
  try {
    const file = readSessionText(raw);
    if (!RULESETS[file.ruleset]) throw new SessionFileError("ruleset");
    return { session: Session.fromFile(file), file };
  } catch (error) {
    forgetSession();
    return { error };
  }
}
