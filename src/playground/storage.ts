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

/**
 * An open reaction prompt's clock, kept beside the fight so a reload does not restart the
 * countdown (a reload buys no time). `prompt` names the prompt (the session, how far its log ran
 * and the open offers); `leftMs` is the time left at `at` (wall-clock ms), running or paused.
 */
export interface PromptClock {
  prompt: string;
  leftMs: number;
  at: number;
  running: boolean;
}

export const PROMPT_CLOCK_KEY = "tempo.playground.prompt";

export function savePromptClock(clock: PromptClock): void {
  try {
    storage()?.setItem(PROMPT_CLOCK_KEY, JSON.stringify(clock));
  } catch {
    // Full or refused: only a reload would restart the countdown.
  }
}

export function forgetPromptClock(): void {
  try {
    storage()?.removeItem(PROMPT_CLOCK_KEY);
  } catch {
    // Storage switched off: nothing was kept.
  }
}

/**
 * The time left on prompt `prompt` as it was kept, at wall-clock time `now`: less the time passed
 * since while it ran (0 or less: it has run out), as it was while paused; null when no clock is
 * kept for that prompt (another prompt's, or a malformed one).
 */
export function promptTimeLeft(prompt: string, now: number): { leftMs: number; running: boolean } | null {
  let kept: unknown;
  try {
    kept = JSON.parse(storage()?.getItem(PROMPT_CLOCK_KEY) ?? "null");
  } catch {
    return null;
  }
  if (typeof kept !== "object" || kept === null) return null;
  const { prompt: id, leftMs, at, running } = kept as Record<string, unknown>;
  if (id !== prompt || typeof leftMs !== "number" || typeof at !== "number" || typeof running !== "boolean")
    return null;
  if (!Number.isFinite(leftMs) || !Number.isFinite(at)) return null;
  return { leftMs: running ? leftMs - Math.max(0, now - at) : leftMs, running };
}
