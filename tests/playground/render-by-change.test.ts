/**
 * Issue 31, "render by change": the playground's owner tells its views what a command changed by
 * identity (src/views/changes.ts stateChanges), and an undo cuts the
 * session back in place (Session#truncate) to the very state it had, so the views see only what
 * the undone command changed, with the dice where a replay from the seed would have them.
 */
import { describe, expect, it } from "vitest";

import { startedFlow } from "../support/playground";

import { stateChanges } from "../../src/views/changes";

const started = startedFlow;

describe("Session#truncate (undo without replaying)", () => {
  it("goes back to the very state before the undone move, so only the mover differs from the state now", () => {
    const { session, mover, to } = started();
    const beforeMove = session.state;
    session.dispatch({ type: "move", who: mover, path: [to] });
    for (const offer of [...session.state.offers])
      session.dispatch({ type: "react", who: offer.who, with: "decline", against: offer.against });
    const afterMove = session.state;
    const back = session.undoLast();
    if (!back.ok) throw new Error(back.refusal.key);
    session.truncate(back.keep);
    expect(session.state).toBe(beforeMove);
    expect(session.log.length).toBe(back.keep);
    const changes = stateChanges(afterMove, session.state);
    expect(changes.all).toBe(false);
    expect([...changes.combatants]).toEqual([mover]);
  });

  it("leaves the same session a replay from the seed gives, and rolls the same dice after", () => {
    const { session, mover, to } = started();
    session.dispatch({ type: "move", who: mover, path: [to] });
    for (const offer of [...session.state.offers])
      session.dispatch({ type: "react", who: offer.who, with: "decline", against: offer.against });
    session.dispatch({ type: "next" });
    session.dispatch({ type: "next" });
    const turn = session.goBack("turn");
    if (!turn.ok) throw new Error(turn.refusal.key);
    // The start rolled initiative: the dice kept are not none.
    expect(session.log.slice(0, turn.keep).some((l) => l.rolls.length > 0)).toBe(true);
    const replayed = session.truncated(turn.keep);
    session.truncate(turn.keep);
    expect(JSON.stringify(session.toFile())).toBe(JSON.stringify(replayed.toFile()));
    expect(JSON.stringify(session.state)).toBe(JSON.stringify(replayed.state));
    // The dice stand where the replay's stand: the next command rolls what the replay rolls.
    session.dispatch({ type: "next" });
    replayed.dispatch({ type: "next" });
    expect(session.log.at(-1)?.rolls).toEqual(replayed.log.at(-1)?.rolls);
    expect(JSON.stringify(session.state)).toBe(JSON.stringify(replayed.state));
  });

  it("tells its subscribers, and ignores a cut that drops nothing", () => {
    const { session } = started();
    session.dispatch({ type: "next" });
    let told = 0;
    session.subscribe(() => (told += 1));
    session.truncate(session.log.length);
    expect(told).toBe(0);
    session.truncate(1);
    expect(told).toBe(1);
    expect(session.log.length).toBe(1);
  });
});
