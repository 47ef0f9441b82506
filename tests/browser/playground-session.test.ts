/**
 * The playground's store, in Node: a session is its seed and its commands, so saving and loading
 * it gives the same state (DESIGN: "replaying the same commands and dice gives the same state").
 */
import { describe, expect, it } from "vitest";

import { ENCOUNTERS } from "../../src/playground/encounters";
import { Session, parseSessionFile } from "../../src/playground/session";
import { RULESETS } from "../../src/engine/rulesets";
import { RULESET_IDS, getRuleset, createEncounter, combatantIn } from "../../src/engine";

const flow = ENCOUNTERS.flow[0];

describe("playground session", () => {
  it("moves on only when the engine accepts a command, and logs refusals too", () => {
    if (!flow) throw new Error("no flow encounter");
    const session = new Session(flow.id, flow.setup, 7);
    const before = session.state;
    const refused = session.dispatch({ type: "next" });
    expect(refused.ok).toBe(false);
    expect(session.state).toBe(before);
    const started = session.dispatch({ type: "start" });
    expect(started.ok).toBe(true);
    expect(session.state.status).toBe("active");
    expect(session.log.map((l) => [l.command.type, l.refusal === null])).toEqual([
      ["next", false],
      ["start", true],
    ]);
    // flow: "Everyone rolls 1d10 + Agility Modifier": six combatants, six d10s, recorded with the start.
    expect(session.log[1]?.rolls.map((r) => r.faces)).toEqual([10, 10, 10, 10, 10, 10]);
  });

  it("saves to a file that loads back to the same state, dice and log", () => {
    if (!flow) throw new Error("no flow encounter");
    const session = new Session(flow.id, flow.setup, 1234);
    session.dispatch({ type: "start" });
    const current = session.state.current;
    if (!current) throw new Error("nobody's turn");
    const target = session.state.roster.find(
      (id) => combatantIn(session.state, id)?.side !== combatantIn(session.state, current)?.side,
    );
    session.dispatch({ type: "act", who: current, action: "attack", ...(target ? { target } : {}) });
    for (const offer of session.state.offers)
      session.dispatch({ type: "react", who: offer.who, with: "decline", against: offer.against });
    session.dispatch({ type: "endTurn", who: current });
    const file = parseSessionFile(JSON.parse(JSON.stringify(session.toFile())));
    const loaded = Session.fromFile(file);
    expect(loaded.state).toEqual(session.state);
    expect(loaded.log.map((l) => l.rolls)).toEqual(session.log.map((l) => l.rolls));
    expect(loaded.toFile()).toEqual(session.toFile());
  });

  it("keeps which declines stood in for a countdown that ran out, through a save, a load and an undo", () => {
    if (!flow) throw new Error("no flow encounter");
    const session = new Session(flow.id, flow.setup, 1234);
    session.dispatch({ type: "start" });
    const current = session.state.current;
    if (!current) throw new Error("nobody's turn");
    const target = session.state.roster.find(
      (id) => combatantIn(session.state, id)?.side !== combatantIn(session.state, current)?.side,
    );
    session.dispatch({ type: "act", who: current, action: "attack", ...(target ? { target } : {}) });
    const offer = session.state.offers[0];
    if (!offer) throw new Error("the attack drew no reaction offer");
    session.dispatch(
      { type: "react", who: offer.who, with: "decline", against: offer.against },
      { timedOut: true },
    );
    const at = session.log.length - 1;
    expect(session.log[at]?.timedOut).toBe(true);
    expect(session.toFile().timedOut).toEqual([at]);
    const loaded = Session.fromFile(parseSessionFile(JSON.parse(JSON.stringify(session.toFile()))));
    expect(loaded.log.map((l) => l.timedOut === true)).toEqual(session.log.map((l) => l.timedOut === true));
    // Going back past the decline forgets it: the shorter session has no countdown that ran out.
    expect(session.truncated(at).toFile().timedOut).toBeUndefined();
    // A place that names no command is a file this playground could not have written.
    expect(() => parseSessionFile({ ...session.toFile(), timedOut: [session.log.length] })).toThrow(
      "timedOut",
    );
    expect(() => parseSessionFile({ ...session.toFile(), timedOut: "0" })).toThrow("timedOut");
  });

  it("refuses files that are not playground sessions", () => {
    expect(() => parseSessionFile({ commands: [] })).toThrow();
    expect(() => parseSessionFile(null)).toThrow();
  });
});

describe("sample encounters", () => {
  it.each(RULESET_IDS.filter((id) => RULESETS[id]))("%s has a sample encounter the engine sets up", (id) => {
    const list = ENCOUNTERS[id];
    expect(list.length).toBeGreaterThan(0);
    for (const e of list) {
      expect(e.setup.ruleset).toBe(id);
      const state = createEncounter(e.setup, getRuleset(id));
      expect(state.roster.length).toBe(e.setup.combatants.length);
      // Every token stands on the drawn map.
      for (const c of e.setup.combatants) {
        if (!c.at) continue;
        const [a, b] = c.at;
        const col = e.setup.grid?.type === "hex" ? a + (b - (b & 1)) / 2 : a;
        expect(col >= 0 && col < e.map.cols && b >= 0 && b < e.map.rows).toBe(true);
      }
    }
  });
});
