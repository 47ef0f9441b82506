/**
 * Redo where Undo is, and asking before a step back takes back play (issue 45): what undo or
 * going back took back is sent again with the same dice, so the fight ends as it was; a new
 * command ends what can be redone; only play (not the turn passing on) makes a step back ask.
 */
import { describe, expect, it } from "vitest";

import { ENCOUNTERS } from "../../src/playground/encounters";
import { Session, playTakenBack } from "../../src/playground/session";

const flow = ENCOUNTERS.flow[0]!;

function started(): Session {
  const session = new Session(flow.id, flow.setup, 11);
  session.dispatch({ type: "start" });
  return session;
}

describe("redo", () => {
  it("sends again what a step back took back, rolling the same dice, to the same fight", () => {
    const session = started();
    session.dispatch({ type: "next" });
    const who = session.state.current!;
    session.dispatch({ type: "adjustPool", who, pool: "ap", delta: -1 });
    const played = JSON.stringify(session.state);
    const back = session.goBack("turn");
    if (!back.ok) throw new Error("no turn to go back to");
    session.truncate(back.keep);
    expect(session.canRedo).toBe(1);
    const redone = session.redo();
    expect(redone?.map((l) => l.command.type)).toEqual(["next", "adjustPool"]);
    expect(JSON.stringify(session.state)).toBe(played);
    expect(session.redo()).toBeNull();
  });

  it("has nothing to redo once another command is sent after the undo", () => {
    const session = started();
    const who = session.state.current!;
    session.dispatch({ type: "adjustPool", who, pool: "ap", delta: -1 });
    const undo = session.undoLast();
    if (!undo.ok) throw new Error("nothing to undo");
    session.truncate(undo.keep);
    session.dispatch({ type: "adjustPool", who, pool: "ap", delta: 1 });
    expect(session.canRedo).toBe(0);
    expect(session.redo()).toBeNull();
  });
});

describe("a step back asks first", () => {
  it("when it takes back play, not when it takes back only the turn passing on", () => {
    const session = started();
    session.dispatch({ type: "next" });
    const passing = session.goBack("turn");
    expect(passing.ok && playTakenBack(passing.undone)).toBe(0);
    const who = session.state.current!;
    session.dispatch({ type: "adjustPool", who, pool: "ap", delta: -1 });
    const playing = session.goBack("turn");
    expect(playing.ok && playTakenBack(playing.undone)).toBe(1);
  });
});
