import { describe, expect, it } from "vitest";
import { Table, duel } from "./helpers";

describe("flow Ready Action", () => {
  it("ends the readier's turn but keeps the readied action's AP (readyAp: forfeit, the default)", () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    expect(t.state.current).toBe("orc");
    expect(t.pools("ana").ap).toBe(2);
    expect(t.pools("ana").fp).toBe(1);
    expect(t.conditions("ana")).toEqual(["readied"]);
  });

  it("fires just before the trigger's action, which then goes on", () => {
    // ana's readied shove rolls (90, a failure) against the orc's Athletics (10).
    const t = duel({}, [90, 10]);
    t.do({ type: "ready", who: "ana", action: "shove", trigger: { who: "orc", verb: "attack" } });
    const events = t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    const order = events.map((e) => e.type);
    expect(order.indexOf("readyTriggered")).toBeLessThan(order.indexOf("actionTaken"));
    expect(events.filter((e) => e.type === "actionTaken").map((e) => e.who)).toEqual(["ana", "orc"]);
    expect(t.pools("ana").ap).toBe(0);
    expect(t.pools("orc").ap).toBe(3);
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc"]);
  });

  it("fires from a state saved before the encounter listed its readiers (the list is rebuilt from the combatants)", () => {
    // As in "fires just before the trigger's action": ana's readied shove rolls 90 against 10.
    const t = duel({}, [90, 10]);
    t.do({ type: "ready", who: "ana", action: "shove", trigger: { who: "orc", verb: "attack" } });
    expect(t.state.ext.readiers).toEqual(["ana"]);
    const { readiers: _listed, ...older } = t.state.ext;
    t.state = { ...t.state, ext: older };
    const events = t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(events.filter((e) => e.type === "readyTriggered").map((e) => e.who)).toEqual(["ana"]);
    expect(t.state.ext.readiers).toEqual([]);
  });

  it("triggers on any action with the verb act, and not on a move", () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "flowState", trigger: { who: "orc", verb: "act" } });
    t.do({ type: "move", who: "orc", path: [[1, 1]], mode: "step" });
    expect(t.conditions("ana")).toEqual(["readied"]);
    t.do({ type: "act", who: "orc", action: "draw" });
    expect(t.conditions("ana")).toEqual([]);
  });

  it('is not set off by a step (flow: Take a Step triggers no "other abilities triggered by movement")', () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "move" } });
    t.do({ type: "move", who: "orc", path: [[2, 0]], mode: "step" });
    expect(t.conditions("ana")).toEqual(["readied"]);
    expect(t.offers()).toEqual([]);
  });

  it("drops the held command when its actor falls before it goes on", () => {
    const t = duel({}, [1]);
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "move" } });
    t.do({ type: "move", who: "orc", path: [[3, 0]] });
    expect(t.offers()).toEqual(["orc/dodge/ana", "orc/parry/ana", "orc/riposte/ana"]);
    const events = t.do({ type: "setDefeated", who: "orc", defeated: true });
    expect(events).toContainEqual(
      expect.objectContaining({ type: "commandCancelled", who: "orc", command: "move" }),
    );
    expect(t.c("orc").at).toEqual([1, 0]);
    expect(t.pools("orc").ap).toBe(5);
    expect(t.state.pending).toEqual([]);
  });

  it("cancels the readied action when the readier acts on its own turn, or when the GM removes it", () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    t.do({ type: "endTurn", who: "orc" });
    // Round 2, ana's turn, still waiting ("continue waiting"): acting gives the wait up.
    expect(t.conditions("ana")).toEqual(["readied"]);
    t.do({ type: "act", who: "ana", action: "draw" });
    expect(t.conditions("ana")).toEqual([]);
    const u = duel();
    u.do({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "attack" } });
    u.do({ type: "removeCondition", who: "ana", condition: "readied" });
    expect(u.c("ana").ext.readied).toBeUndefined();
    u.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "miss" });
    // Nothing fired: the attack's 2 AP she kept are not spent.
    expect(u.pools("ana").ap).toBe(2);
  });

  it("reports a readied action that can no longer be taken and lets the trigger go on", () => {
    const t = duel();
    t.do({ type: "ready", who: "ana", action: "shove", trigger: { who: "orc", verb: "move" } });
    t.do({ type: "move", who: "orc", path: [[2, 0]], mode: "step" });
    const events = t.do({ type: "move", who: "orc", path: [[3, 0]] });
    expect(events).toContainEqual(
      expect.objectContaining({ type: "readyFailed", who: "ana", refusal: "TEMPO.Refusal.FlowOutOfReach" }),
    );
    expect(t.c("orc").at).toEqual([3, 0]);
  });

  it("refuses a self trigger, an unknown verb, an ally as target, and readying out of turn", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "bob", side: "party", at: [0, 1] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [9, 1, 4],
    );
    t.do({ type: "start" });
    expect(
      t.refused({ type: "ready", who: "ana", action: "attack", trigger: { who: "ana", verb: "move" } }),
    ).toBe("TEMPO.Refusal.FlowReadySelfTrigger");
    expect(
      t.refused({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "sneeze" } }),
    ).toBe("TEMPO.Refusal.FlowUnknownTriggerVerb");
    expect(
      t.refused({ type: "ready", who: "ana", action: "attack", trigger: { who: "bob", verb: "move" } }),
    ).toBe("TEMPO.Refusal.FlowBadTarget");
    expect(
      t.refused({ type: "ready", who: "orc", action: "attack", trigger: { who: "ana", verb: "move" } }),
    ).toBe("TEMPO.Refusal.NotYourTurn");
  });
});

describe("flow Ready Action: what readying needs and what it sets off", () => {
  it("refuses to ready while reactions are still open", () => {
    const t = duel();
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc", "ana/riposte/orc"]);
    expect(
      t.refused({ type: "ready", who: "orc", action: "flowState", trigger: { who: "ana", verb: "act" } }),
    ).toBe("TEMPO.Refusal.ReactionsPending");
  });

  it("refuses to ready an action whose AP the readier no longer has (the AP are kept until it fires)", () => {
    // Two attacks at 2 AP each leave 1 of 5: not enough for a third, readied.
    const t = duel();
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "miss" });
    expect(t.pools("ana").ap).toBe(1);
    expect(
      t.refused({ type: "ready", who: "ana", action: "attack", trigger: { who: "orc", verb: "move" } }),
    ).toBe("TEMPO.Refusal.NotEnoughAP");
  });

  it("an action with no target may wait on an ally, and is readied with no target", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "bob", side: "party", at: [0, 1] },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
      [9, 1, 4],
    );
    t.do({ type: "start" });
    const events = t.do({
      type: "ready",
      who: "ana",
      action: "flowState",
      trigger: { who: "bob", verb: "act" },
    });
    expect(events).toContainEqual({
      type: "actionReadied",
      who: "ana",
      action: "flowState",
      target: null,
      trigger: { who: "bob", verb: "act" },
    });
  });

  it("is set off only by the combatant named in its trigger", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [4, 0] },
        { id: "gob", side: "foes", at: [6, 0] },
      ],
      [9, 4, 1],
    );
    t.do({ type: "start" });
    t.do({ type: "ready", who: "ana", action: "flowState", trigger: { who: "gob", verb: "act" } });
    t.do({ type: "act", who: "orc", action: "draw" });
    expect(t.conditions("ana")).toEqual(["readied"]);
    t.do({ type: "endTurn", who: "orc" });
    t.do({ type: "act", who: "gob", action: "draw" });
    expect(t.conditions("ana")).toEqual([]);
  });

  it("two readied on one trigger fire in initiative order, each moving just before the trigger", () => {
    // Initiative, rolled in roster order: bob 6, ana 9 + 1 = 10, orc 4. Initiative order ana, bob,
    // orc, against the roster's bob, ana, orc.
    const t = new Table(
      [
        { id: "bob", side: "party", at: [0, 1] },
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
      [6, 9, 4],
    );
    t.do({ type: "start" });
    t.do({ type: "ready", who: "ana", action: "flowState", trigger: { who: "orc", verb: "act" } });
    t.do({ type: "ready", who: "bob", action: "flowState", trigger: { who: "orc", verb: "act" } });
    const events = t.do({ type: "act", who: "orc", action: "draw" });
    expect(events.filter((e) => e.type === "readyTriggered").map((e) => e.who)).toEqual(["ana", "bob"]);
    // ana first: [bob, ana, orc]; then bob just before orc: [ana, bob, orc].
    expect(events.filter((e) => e.type === "initiativeMoved").map((e) => e.order)).toEqual([
      ["bob", "ana", "orc"],
      ["ana", "bob", "orc"],
    ]);
  });
});
