import { describe, expect, it } from "vitest";

import { createEncounter, getRuleset, type Ruleset, combatantIn } from "../../../src/engine";
import {
  applyWithDice,
  foundryRoller,
  MAX_DICE_PER_COMBATANT,
  MAX_DICE_PER_COMMAND,
  ROLL_AHEAD_AFTER,
  type DieRoller,
} from "../../../src/foundry/channel/dice";

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
  it('rolls the dice the engine asks for, one at a time while it asks one (flow: "1d10+Agility initiative")', async () => {
    const roller = scripted([9, 4]);
    const { result, dice } = await applyWithDice(pair, { type: "start" }, flow, roller.roll);
    expect(roller.asked).toEqual([10, 10]);
    expect(dice).toEqual([
      { faces: 10, value: 9 },
      { faces: 10, value: 4 },
    ]);
    expect(result.ok && combatantIn(result.state, "ana")?.initiative).toBe(10);
    expect(result.ok && combatantIn(result.state, "orc")?.initiative).toBe(4);
  });

  it("past its first dice, rolls ahead and discards what the engine did not use or what is of other faces than it asks next", async () => {
    // A command that rolls twenty d10 then one d6.
    const faces = [...Array.from({ length: 20 }, () => 10), 6];
    const mixed: Ruleset = {
      ...flow,
      handlers: {
        start(ctx) {
          for (const f of faces) ctx.roll(f, "test");
          ctx.state.status = "active";
        },
      },
    };
    const state = createEncounter({ ruleset: "flow", combatants: [] }, mixed);
    const asked: number[] = [];
    const discarded: number[] = [];
    let n = 0;
    const roll: DieRoller = Object.assign(
      async (f: number) => {
        asked.push(f);
        n += 1;
        return { faces: f, value: (n % f) + 1 };
      },
      { discard: (count: number) => discarded.push(count) },
    );
    const { result, dice } = await applyWithDice(state, { type: "start" }, mixed, roll);
    expect(result.ok).toBe(true);
    // One at a time for the first ROLL_AHEAD_AFTER; then as many again (16 d10, of which 4 are
    // used before the d6 comes: 12 discarded); then 20 d6 ahead, of which 1 is used.
    expect(ROLL_AHEAD_AFTER).toBe(16);
    expect(asked).toEqual([...Array.from({ length: 32 }, () => 10), ...Array.from({ length: 20 }, () => 6)]);
    expect(discarded).toEqual([12, 19]);
    expect(dice.map((d) => d.faces)).toEqual(faces);
    expect(dice.map((d) => d.value)).toEqual([
      ...Array.from({ length: 20 }, (_, k) => ((k + 1) % 10) + 1),
      (33 % 6) + 1,
    ]);
  });

  it("a start of hundreds takes a handful of passes, not one per die (rolls ahead 1, 1, 2, 4, ...)", async () => {
    let passes = 0;
    const counted: Ruleset = {
      ...flow,
      handlers: {
        ...flow.handlers,
        start(ctx, cmd) {
          passes += 1;
          flow.handlers.start?.(ctx, cmd);
        },
      },
    };
    const crowd = createEncounter(
      {
        ruleset: "flow",
        combatants: Array.from({ length: 300 }, (_, k) => ({
          id: `c${k}`,
          side: k % 2 === 0 ? "party" : "foes",
        })),
      },
      counted,
    );
    let rolled = 0;
    const roll: DieRoller = async (faces) => ({ faces, value: (rolled++ % faces) + 1 });
    const { result, dice } = await applyWithDice(crowd, { type: "start" }, counted, roll);
    expect(result.ok).toBe(true);
    expect(dice.length).toBeGreaterThan(300);
    // log2 of the dice rolled, plus a pass for each run of ties rolled off: far below one per die.
    expect(passes).toBeLessThan(40);
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

describe("foundryRoller (a Roll per die, kept for chat)", () => {
  it("drops the Rolls of dice discarded as rolled ahead, so chat shows only the dice used", async () => {
    // Stand-in for foundry.dice.Roll: `new Roll("1d10").evaluate()` resolves with `total` set
    // (https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html).
    let next = 0;
    class StandInRoll {
      total: number | undefined = undefined;
      constructor(readonly formula: string) {}
      async evaluate(): Promise<this> {
        next += 1;
        this.total = next;
        return this;
      }
    }
    const saved = (globalThis as { Roll?: unknown }).Roll;
    (globalThis as { Roll?: unknown }).Roll = StandInRoll;
    try {
      const rolls: Roll[] = [];
      const roller = foundryRoller(rolls);
      const got = [await roller(10), await roller(10), await roller(6)];
      expect(got).toEqual([
        { faces: 10, value: 1 },
        { faces: 10, value: 2 },
        { faces: 6, value: 3 },
      ]);
      roller.discard?.(2);
      expect(rolls.map((r) => (r as unknown as StandInRoll).formula)).toEqual(["1d10"]);
    } finally {
      (globalThis as { Roll?: unknown }).Roll = saved;
    }
  });
});
