import { describe, expect, it } from "vitest";
import { apply } from "../../../src/engine/apply";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { getRuleset } from "../../../src/engine/registry";

/**
 * Structural sharing: a command copies only what it changes (design: "Nothing is mutated in
 * place"), so commands cost the size of the change, not of the encounter.
 */
describe("apply shares what a command does not change", () => {
  const flow = getRuleset("flow");
  const initial = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 3 } },
        { id: "orc", side: "foes", at: [4, 0], stats: { agility: 0 } },
        { id: "bob", side: "party", at: [0, 4], stats: { agility: 0 } },
      ],
    },
    flow,
  );
  const begun = apply(initial, { type: "start" }, new ScriptedDice([9, 5, 2]), flow);
  if (!begun.ok) throw new Error(begun.refusal.key);
  const state = begun.state;

  it("a move copies the mover and leaves the others' objects shared, the old state unchanged", () => {
    const before = JSON.stringify(state);
    const moved = apply(state, { type: "move", who: "ana", path: [[1, 0]] }, new ScriptedDice([]), flow);
    if (!moved.ok) throw new Error(moved.refusal.key);
    expect(moved.state.combatants.ana?.at).toEqual([1, 0]);
    expect(moved.state.combatants.ana).not.toBe(state.combatants.ana);
    expect(moved.state.combatants.orc).toBe(state.combatants.orc);
    expect(moved.state.combatants.bob).toBe(state.combatants.bob);
    expect(JSON.stringify(state)).toBe(before);
  });

  it("a refused command returns the very state it was given", () => {
    const refused = apply(state, { type: "endTurn", who: "orc" }, new ScriptedDice([]), flow);
    expect(refused.ok).toBe(false);
    expect(refused.state).toBe(state);
  });

  it("events are plain data, readable after the command (no drafts inside)", () => {
    const moved = apply(state, { type: "move", who: "ana", path: [[1, 0]] }, new ScriptedDice([]), flow);
    if (!moved.ok) throw new Error(moved.refusal.key);
    expect(JSON.parse(JSON.stringify(moved.events))).toEqual(moved.events);
    const event = moved.events.find((e) => e.type === "moved");
    expect(event?.path).toEqual([
      [0, 0],
      [1, 0],
    ]);
  });
});
