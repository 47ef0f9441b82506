/**
 * Issue 30, "Undo and going back in the playground": Undo takes back the last command with the
 * rules Foundry's undo of a move follows (src/foundry/rules/undo.ts undoCheck), and Previous turn /
 * Previous round drop the last command that began a turn or a round, as Foundry's tracker does
 * (src/foundry/documents/combat.ts goBack). Going back replays the kept commands from the seed, so
 * the state is the one the table had, with the same dice.
 */
import { describe, expect, it } from "vitest";

import { startedFlow } from "../support/playground";

import { Session } from "../../src/playground/session";

const started = startedFlow;

function declineAll(session: Session): void {
  for (let i = 0; i < 10 && session.state.offers.length > 0; i++) {
    const offer = session.state.offers[0];
    if (!offer) break;
    session.dispatch({ type: "react", who: offer.who, with: "decline", against: offer.against });
  }
}

describe("playground undo", () => {
  it("refuses while reaction offers are open, saying why, and changes nothing", () => {
    const { session, mover, to } = started();
    expect(session.dispatch({ type: "move", who: mover, path: [to] }).ok).toBe(true);
    expect(session.state.offers.length).toBeGreaterThan(0);
    const before = session.log.length;
    const back = session.undoLast();
    expect(back).toEqual({ ok: false, refusal: { key: "TEMPO.Playground.Undo.OffersOpen", data: {} } });
    expect(session.log.length).toBe(before);
  });

  it("undoes a move whose reactions were all declined: the declines go with it and the state is the one before the move", () => {
    const { session, mover, to } = started();
    const beforeMove = JSON.stringify(session.state);
    session.dispatch({ type: "move", who: mover, path: [to] });
    declineAll(session);
    const back = session.undoLast();
    if (!back.ok) throw new Error(back.refusal.key);
    expect(back.undone[0]?.command.type).toBe("move");
    expect(back.undone.slice(1).every((l) => l.command.type === "react")).toBe(true);
    const undone = session.truncated(back.keep);
    expect(JSON.stringify(undone.state)).toBe(beforeMove);
    expect(undone.log.length).toBe(back.keep);
  });

  it("keeps a command a reaction was taken against (the reaction is never undone and taken twice)", () => {
    const { session, mover, to } = started();
    session.dispatch({ type: "move", who: mover, path: [to] });
    const offer = session.state.offers[0];
    if (!offer) throw new Error("the move drew no offer");
    expect(
      session.dispatch({ type: "react", who: offer.who, with: offer.with, against: offer.against }).ok,
    ).toBe(true);
    declineAll(session);
    const back = session.undoLast();
    expect(back.ok).toBe(false);
    // In the fight's first turn the refusal sends the GM to no earlier turn (issue 45).
    if (!back.ok) expect(back.refusal.key).toBe("TEMPO.Playground.Undo.ReactionTakenFirstTurn");
  });

  it("keeps a command that rolled dice, and never undoes the start", () => {
    const { session } = started();
    const first = session.undoLast();
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.refusal.key).toBe("TEMPO.Playground.Undo.Nothing");
    const mover = session.state.current ?? "";
    // flow's Attack rolls d100 against the skill.
    const attacked = session.dispatch({ type: "act", who: mover, action: "attack", target: "snag" });
    const line = session.log[session.log.length - 1];
    if (!attacked.ok || !line || line.rolls.length === 0) return;
    declineAll(session);
    const back = session.undoLast();
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.refusal.key).toBe("TEMPO.Playground.Undo.RolledFirstTurn");
  });

  it("Previous turn goes back to before the command that began the current turn", () => {
    const { session, mover } = started();
    const first = session.goBack("turn");
    expect(first.ok).toBe(false);
    if (!first.ok) expect(first.refusal.key).toBe("TEMPO.Refusal.NothingToRewind");
    const beforeEnd = JSON.stringify(session.state);
    session.dispatch({ type: "endTurn", who: mover });
    declineAll(session);
    expect(session.state.current).not.toBe(mover);
    const back = session.goBack("turn");
    if (!back.ok) throw new Error(back.refusal.key);
    expect(back.undone[0]?.command).toEqual({ type: "endTurn", who: mover });
    const rewound = session.truncated(back.keep);
    expect(JSON.stringify(rewound.state)).toBe(beforeEnd);
    expect(rewound.state.current).toBe(mover);
  });

  it("Previous round goes back to before the command that began the round, not the first round's start", () => {
    const { session } = started();
    const roundOne = session.goBack("round");
    expect(roundOne.ok).toBe(false);
    for (let i = 0; i < 40 && session.state.round === 1; i++) {
      session.dispatch({ type: "next" });
      declineAll(session);
    }
    expect(session.state.round).toBe(2);
    const back = session.goBack("round");
    if (!back.ok) throw new Error(back.refusal.key);
    const rewound = session.truncated(back.keep);
    expect(rewound.state.round).toBe(1);
    expect(rewound.state.status).toBe("active");
  });
});
