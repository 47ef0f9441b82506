import { describe, expect, it } from "vitest";
import { apply } from "../../../src/engine/apply";
import type { Command } from "../../../src/engine/commands";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { getRuleset } from "../../../src/engine/registry";
import { replay } from "../../../src/engine/replay";
import { RULESET_IDS, type EncounterState, type GridDescription } from "../../../src/engine/state";
import { combatantIn } from "../../../src/engine/record";

const flow = getRuleset("flow");

function flowFight(grid: GridDescription = { type: "hex" }): EncounterState {
  const state = createEncounter(
    {
      ruleset: "flow",
      grid,
      combatants: [
        {
          id: "ana",
          side: "party",
          pc: true,
          at: grid.type === "none" ? null : [0, 0],
          stats: { agility: 1 },
        },
        { id: "orc", side: "foes", at: grid.type === "none" ? null : [1, 0] },
      ],
    },
    flow,
  );
  const started = apply(state, { type: "start" }, new ScriptedDice([9, 4]), flow);
  if (!started.ok) throw new Error(started.refusal.key);
  return started.state;
}

function run(state: EncounterState, command: Command) {
  return apply(state, command, new ScriptedDice([]), flow);
}

describe("place: the GM puts a combatant at a cell without moving it (issue 13, the GM's hand)", () => {
  it("moves the combatant to the cell at no AP and offers no Reaction Attack for leaving a threatened hex", () => {
    const state = flowFight();
    const result = run(state, { type: "place", who: "ana", at: [-3, 0] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(combatantIn(result.state, "ana")?.at).toEqual([-3, 0]);
    expect(combatantIn(result.state, "ana")?.pools).toEqual(combatantIn(state, "ana")?.pools);
    expect(result.state.offers).toEqual([]);
    expect(result.events).toEqual([{ type: "combatantPlaced", who: "ana", from: [0, 0], to: [-3, 0] }]);
  });

  it("takes a combatant off the grid with at: null", () => {
    const result = run(flowFight(), { type: "place", who: "orc", at: null });
    expect(result.ok && combatantIn(result.state, "orc")?.at).toBeNull();
  });

  it("refuses a cell that is not two whole numbers (BadCell) and changes nothing", () => {
    const state = flowFight();
    for (const at of [
      [0.5, 0],
      [Number.NaN, 1],
      [1, 2, 3],
    ]) {
      const result = run(state, { type: "place", who: "ana", at: at as unknown as [number, number] });
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.refusal.key).toBe("TEMPO.Refusal.BadCell");
      expect(result.state).toBe(state);
    }
  });

  it("refuses a cell on a scene without a grid (NoGrid)", () => {
    const result = run(flowFight({ type: "none" }), { type: "place", who: "ana", at: [0, 0] });
    expect(!result.ok && result.refusal.key).toBe("TEMPO.Refusal.NoGrid");
  });

  it("refuses an unknown combatant by its key", () => {
    const result = run(flowFight(), { type: "place", who: "nobody", at: [0, 0] });
    expect(!result.ok && result.refusal.key).toBe("TEMPO.Refusal.UnknownCombatant");
  });

  it("refuses to place a combatant whose own move is held for reactions (PlaceWhileHeld), but places the reactor", () => {
    const moved = run(flowFight(), { type: "move", who: "ana", path: [[-1, 0]] });
    if (!moved.ok) throw new Error(moved.refusal.key);
    expect(moved.state.offers.map((o) => o.who)).toEqual(["orc"]);
    const held = run(moved.state, { type: "place", who: "ana", at: [-3, 0] });
    expect(!held.ok && held.refusal.key).toBe("TEMPO.Refusal.PlaceWhileHeld");
    const reactor = run(moved.state, { type: "place", who: "orc", at: [3, 0] });
    expect(reactor.ok).toBe(true);
  });

  it("is logged and replays to the same state", () => {
    const initial = flowFight();
    const commands: Command[] = [
      { type: "place", who: "ana", at: [-2, 1] },
      { type: "move", who: "ana", path: [[-3, 1]] },
      { type: "place", who: "orc", at: null },
    ];
    const first = replay(initial, commands, new ScriptedDice([]));
    const second = replay(initial, commands, new ScriptedDice([]));
    expect(first.log.map((e) => e.refusal)).toEqual([null, null, null]);
    expect(first.log[0]?.events).toEqual([
      { type: "combatantPlaced", who: "ana", from: [0, 0], to: [-2, 1] },
    ]);
    expect(second.state).toEqual(first.state);
    expect(combatantIn(first.state, "ana")?.at).toEqual([-3, 1]);
  });

  it.each(RULESET_IDS)(
    "is a core GM command every ruleset accepts while the GM sets up the fight (%s)",
    (id) => {
      const ruleset = getRuleset(id);
      const state = createEncounter(
        {
          ruleset: id,
          grid: { type: "square" },
          combatants: [
            { id: "a", side: "party", pc: true, at: [0, 0], marching: id === "marching" ? 1 : null },
            { id: "b", side: "foes", at: [5, 5] },
          ],
        },
        ruleset,
      );
      const before = apply(state, { type: "place", who: "b", at: [2, 2] }, new ScriptedDice([]), ruleset);
      expect(before.ok && combatantIn(before.state, "b")?.at).toEqual([2, 2]);
    },
  );
});

describe("place in flow: a grapple placed apart is broken", () => {
  it("ends the grapple when the GM places the defender out of the grappler's reach (flow: 'the effect is broken')", () => {
    const grappled = run(flowFight(), {
      type: "act",
      who: "ana",
      action: "grapple",
      target: "orc",
      outcome: "success",
    });
    if (!grappled.ok) throw new Error(grappled.refusal.key);
    const near = run(grappled.state, { type: "place", who: "orc", at: [0, 1] });
    expect(near.ok && combatantIn(near.state, "orc")?.conditions.map((c) => c.id)).toEqual(["grappled"]);
    const far = run(grappled.state, { type: "place", who: "orc", at: [4, 0] });
    expect(far.ok).toBe(true);
    if (!far.ok) return;
    expect(combatantIn(far.state, "orc")?.conditions).toEqual([]);
    expect(combatantIn(far.state, "ana")?.conditions).toEqual([]);
    expect(far.events).toContainEqual(
      expect.objectContaining({ type: "grappleEnded", reason: "placedApart" }),
    );
  });
});
