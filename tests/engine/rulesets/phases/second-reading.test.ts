import { describe, expect, it } from "vitest";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

const hex = { grid: { type: "hex" as const } };

/** hero (10) readies against the goon (5); the goon's turn comes after the thug (7). */
function readiedAgainstGoon(action: string, goonAt: [number, number]) {
  const t = new Table(
    [
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10, movement: 6 } },
      { id: "thug", side: "foes", at: [6, 3], stats: { combatValue: 7 } },
      { id: "goon", side: "foes", at: goonAt, stats: { combatValue: 5 } },
    ],
    [],
    hex,
  );
  t.do({ type: "start" });
  t.do({ type: "ready", who: "hero", action, trigger: { who: "goon", verb: "move" } });
  t.next(2);
  return t;
}

describe("phases: readied actions (second reading)", () => {
  it('"You can take a 1-hex step as part of your readied action, but only if you don\'t otherwise move any distance during the Phase"', () => {
    const t = readiedAgainstGoon("strike", [2, 0]);
    t.do({ type: "move", who: "goon", path: [[3, 0]] });
    expect(t.state.current).toBe("hero");
    expect(t.refused({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "miss" })).toBe(
      "TEMPO.Refusal.NotInReach",
    );
    t.do({ type: "move", who: "hero", path: [[1, 0]], mode: "step" });
    expect(combatantIn(t.state, "hero")?.at).toEqual([1, 0]);
    expect(t.state.current).toBe("hero");
    t.do({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "miss" });
    expect(combatantIn(t.state, "hero")?.conditions.map((k) => k.id)).toEqual([]);
  });

  it("refuses the readier's step when it has already moved a distance this Phase", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10, movement: 6 } },
        { id: "goon", side: "foes", at: [3, 0], stats: { combatValue: 5 } },
      ],
      [],
      hex,
    );
    t.do({ type: "start" });
    t.do({ type: "move", who: "hero", path: [[-1, 0]] });
    t.do({ type: "ready", who: "hero", action: "strike", trigger: { who: "goon", verb: "move" } });
    t.next();
    t.do({ type: "move", who: "goon", path: [[4, 0]] });
    expect(t.refused({ type: "move", who: "hero", path: [[0, 0]], mode: "step" })).toBe(
      "TEMPO.Refusal.StepAfterMoving",
    );
  });

  it('"You can ready an attack action, a move action, or a free action": a readied move is a move action, never a full move', () => {
    const t = readiedAgainstGoon("move", [8, 0]);
    t.do({ type: "move", who: "goon", path: [[7, 0]] });
    expect(t.refused({ type: "move", who: "hero", path: [[4, 0]] })).toBe(
      "TEMPO.Refusal.ReadiedMoveIsMoveAction",
    );
    expect(t.refused({ type: "move", who: "hero", path: [[2, 0]], mode: "withdraw" })).toBe(
      "TEMPO.Refusal.ReadiedMoveIsMoveAction",
    );
    t.do({ type: "move", who: "hero", path: [[3, 0]] });
    expect(combatantIn(t.state, "hero")?.at).toEqual([3, 0]);
  });
});

describe('phases: a delayer may "just wait until some time later and act then"', () => {
  const trio = () =>
    new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
      { id: "goon", side: "foes", stats: { combatValue: 5 } },
    ]).do({ type: "start" });

  it("the Phase waits at its end for the delayer, who may then act last, fixing its initiative at that point", () => {
    const t = trio().do({ type: "delay", who: "hero" }).next(2);
    expect(t.state).toMatchObject({ phase: 1, current: null });
    expect(t.eventsOf("phaseEndWaits")).toEqual([
      { type: "phaseEndWaits", round: 1, phase: 1, who: ["hero"] },
    ]);
    t.do({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "miss" });
    expect(t.state).toMatchObject({ phase: 1, current: "hero", order: ["thug", "goon", "hero"] });
    expect(combatantIn(t.state, "hero")?.initiative).toBe(5);
    t.next();
    expect(t.state).toMatchObject({ phase: 2, current: "thug" });
  });

  it("a state saved before the encounter listed its delayers and readiers waits for the delayer all the same", () => {
    const t = trio().do({ type: "delay", who: "hero" });
    expect(t.state.ext.delayers).toEqual(["hero"]);
    expect(t.state.ext.readiers).toEqual([]);
    const { delayers: _d, readiers: _r, ...older } = t.state.ext;
    t.state = { ...t.state, ext: older };
    t.next(2);
    expect(t.eventsOf("phaseEndWaits")).toEqual([
      { type: "phaseEndWaits", round: 1, phase: 1, who: ["hero"] },
    ]);
    t.do({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "miss" });
    expect(t.state.ext.delayers).toEqual([]);
  });

  it("the GM goes on from the wait with next: the delay carries into the next Phase, until the delayer's own action comes up", () => {
    const t = trio().do({ type: "delay", who: "hero" }).next(3);
    // Phase 2 opens on the hero's own Initiative: "If you come to your next action and have not
    // yet performed an action, you don't get to take a delayed action".
    expect(t.state).toMatchObject({ phase: 2, current: "hero" });
    expect(t.eventsOf("delayLapsed")).toEqual([{ type: "delayLapsed", who: "hero" }]);
    expect(t.state.ext.phaseEnd).toBe(false);
    expect(t.state.ext.delayers).toEqual([]);
    expect(combatantIn(t.state, "hero")?.conditions).toEqual([]);
  });
});
