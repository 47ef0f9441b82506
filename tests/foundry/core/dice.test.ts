import { describe, expect, it } from "vitest";

import { createEncounter, getRuleset, type Ruleset } from "../../../src/engine";
import {
  applyWithDice,
  MAX_DICE_PER_COMBATANT,
  MAX_DICE_PER_COMMAND,
  type DieRoller,
} from "../../../src/foundry/dice";

/** A roller answering from a list, recording the faces it was asked for. */
function scripted(values: number[]): { roll: DieRoller; asked: number[] } {
  const asked: number[] = [];
  let i = 0;
  return {
    asked,
    roll: async (faces) => {
      asked.push(faces);
      const value = values[i++];
      if (value === undefined) throw new Error("test roller ran out");
      return { faces, value };
    },
  };
}

const flow = getRuleset("flow");
const pair = createEncounter(
  {
    ruleset: "flow",
    combatants: [
      { id: "ana", side: "party", pc: true, stats: { agility: 1 } },
      { id: "orc", side: "foes", stats: { agility: 0 } },
    ],
  },
  flow,
);

describe("applyWithDice (the adapter's dice loop)", () => {
  it('rolls exactly the dice the engine asks for, one real die per pass (flow: "1d10+Agility initiative")', async () => {
    const roller = scripted([9, 4]);
    const { result, dice } = await applyWithDice(pair, { type: "start" }, flow, roller.roll);
    expect(roller.asked).toEqual([10, 10]);
    expect(dice).toEqual([
      { faces: 10, value: 9 },
      { faces: 10, value: 4 },
    ]);
    expect(result.ok && result.state.combatants["ana"]?.initiative).toBe(10);
    expect(result.ok && result.state.combatants["orc"]?.initiative).toBe(4);
  });

  it("rolls nothing when the dice are already known (a replay gives the same state)", async () => {
    const roller = scripted([]);
    const first = await applyWithDice(pair, { type: "start" }, flow, scripted([9, 4]).roll);
    const again = await applyWithDice(pair, { type: "start" }, flow, roller.roll, [9, 4]);
    expect(roller.asked).toEqual([]);
    expect(again.result.state).toEqual(first.result.state);
  });

  it("returns the engine's refusal and the old state unchanged", async () => {
    const roller = scripted([]);
    const { result, dice } = await applyWithDice(pair, { type: "next" }, flow, roller.roll);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.refusal.key).toBe("TEMPO.Refusal.NotStarted");
    expect(result.state).toBe(pair);
    expect(dice).toEqual([]);
  });

  it("stops a command that never stops asking for dice", async () => {
    const endless: Ruleset = {
      ...flow,
      handlers: {
        start(ctx) {
          for (;;) ctx.roll(6, "endless");
        },
      },
    };
    const state = createEncounter({ ruleset: "flow", combatants: [] }, endless);
    const roll: DieRoller = async (faces) => ({ faces, value: 1 });
    await expect(applyWithDice(state, { type: "start" }, endless, roll)).rejects.toThrow(
      `more than ${MAX_DICE_PER_COMMAND} dice`,
    );
  });

  it("lets a start with more combatants than the fixed limit roll everybody's initiative and the roll-offs (flow: 1d10 each)", async () => {
    const many = MAX_DICE_PER_COMMAND + 100;
    const crowd = createEncounter(
      {
        ruleset: "flow",
        combatants: Array.from({ length: many }, (_, k) => ({
          id: `c${k}`,
          side: k % 2 === 0 ? "party" : "foes",
        })),
      },
      flow,
    );
    let rolled = 0;
    const roll: DieRoller = async (faces) => ({ faces, value: (rolled++ % faces) + 1 });
    const { result, dice } = await applyWithDice(crowd, { type: "start" }, flow, roll);
    expect(result.ok).toBe(true);
    const initiatives = result.ok ? result.events.filter((e) => e.type === "initiativeRolled") : [];
    expect(initiatives).toHaveLength(many);
    // Ten initiatives for six hundred combatants: ties, rolled off with more dice.
    expect(dice.length).toBeGreaterThan(many);
  });

  it("still stops an endless command in a crowd, past ten dice per combatant", async () => {
    const endless: Ruleset = {
      ...flow,
      handlers: {
        start(ctx) {
          for (;;) ctx.roll(6, "endless");
        },
      },
    };
    const state = createEncounter(
      {
        ruleset: "flow",
        combatants: [
          { id: "a", side: "x" },
          { id: "b", side: "y" },
        ],
      },
      endless,
    );
    let rolled = 0;
    const roll: DieRoller = async (faces) => {
      rolled += 1;
      return { faces, value: 1 };
    };
    await expect(applyWithDice(state, { type: "start" }, endless, roll)).rejects.toThrow(
      "more than 520 dice",
    );
    expect(rolled).toBe(MAX_DICE_PER_COMMAND + 2 * MAX_DICE_PER_COMBATANT);
  });
});
