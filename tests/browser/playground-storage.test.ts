/**
 * The fight kept in the browser's storage: a reload replays it to the same state; what does not
 * read as a session file, or does not replay, is thrown away with the reason (issue 17: "the
 * session survives a reload ... validate what is loaded").
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { ENCOUNTERS } from "../../src/playground/encounters";
import { Session, SessionFileError } from "../../src/playground/session";
import { STORAGE_KEY, restoreSession, saveSession } from "../../src/playground/storage";

/** The Web Storage API's shape (MDN: Storage), backed by a Map. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const flow = ENCOUNTERS.flow[0];

describe("playground storage", () => {
  let store: MemoryStorage;
  beforeEach(() => {
    store = new MemoryStorage();
    Object.assign(globalThis, { localStorage: store });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "localStorage");
  });

  it("gives back nothing when no fight is saved", () => {
    expect(restoreSession()).toBeNull();
  });

  it("brings a saved fight back to the same state and log", () => {
    if (!flow) throw new Error("no flow encounter");
    const session = new Session(flow.id, flow.setup, 42);
    session.dispatch({ type: "start" });
    const current = session.state.current;
    if (!current) throw new Error("nobody's turn");
    session.dispatch({ type: "endTurn", who: current });
    for (const offer of session.state.offers)
      session.dispatch({ type: "react", who: offer.who, with: "decline", against: offer.against });
    saveSession(session);
    const restored = restoreSession();
    if (!restored || !("session" in restored)) throw new Error("not restored");
    expect(restored.session.state).toEqual(session.state);
    expect(restored.session.log.map((l) => l.command)).toEqual(session.log.map((l) => l.command));
    expect(restored.file.seed).toBe(42);
  });

  it("throws away what is not a session file, saying why", () => {
    store.setItem(STORAGE_KEY, JSON.stringify({ format: "tempo-playground-session", version: 1 }));
    const restored = restoreSession();
    const error = restored && "error" in restored ? restored.error : null;
    expect(error).toBeInstanceOf(SessionFileError);
    expect((error as SessionFileError).field).toBe("ruleset");
    expect(store.getItem(STORAGE_KEY)).toBeNull();
  });

  it("throws away a file naming a ruleset the engine does not have", () => {
    if (!flow) throw new Error("no flow encounter");
    const file = { ...new Session(flow.id, flow.setup, 1).toFile(), ruleset: "chess" };
    store.setItem(STORAGE_KEY, JSON.stringify(file));
    const restored = restoreSession();
    const error = restored && "error" in restored ? restored.error : null;
    expect((error as SessionFileError).field).toBe("ruleset");
    expect(store.getItem(STORAGE_KEY)).toBeNull();
  });

  it("throws away text that is not JSON", () => {
    store.setItem(STORAGE_KEY, "{not json");
    const restored = restoreSession();
    // Named as a file that is not JSON (issue 45: a GM never reads the parser's SyntaxError).
    const error = restored && "error" in restored ? restored.error : null;
    expect(error).toBeInstanceOf(SessionFileError);
    expect(error instanceof SessionFileError ? error.field : null).toBe("json");
  });
});
