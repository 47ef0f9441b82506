import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import { SeededDice } from "../../../../src/engine/dice";
import { createEncounter } from "../../../../src/engine/encounter";
import { replay } from "../../../../src/engine/replay";
import { marching } from "../../../../src/engine/rulesets/marching";
import type { CombatantSetup, EncounterState } from "../../../../src/engine/state";
import { runs } from "../../../support/fast-check";
import { combatantIn } from "../../../../src/engine/record";

const IDS = ["a", "b", "c", "d", "e"];

const setupArb = fc
  .record({
    sides: fc.tuple(...IDS.map(() => fc.constantFrom("party", "foes"))),
    agility: fc.tuple(...IDS.map(() => fc.integer({ min: -1, max: 2 }))),
    surprised: fc.tuple(...IDS.map(() => fc.boolean())),
    unseen: fc.tuple(...IDS.map(() => fc.boolean())),
    n: fc.integer({ min: 2, max: 5 }),
  })
  .map((r): CombatantSetup[] =>
    IDS.slice(0, r.n).map((id, i) => ({
      id,
      side: i === 0 ? "party" : (r.sides[i] ?? "foes"),
      pc: (r.sides[i] ?? "foes") === "party" || i === 0,
      marching: i + 1,
      at: [i * 2, i % 2],
      stats: { agility: r.agility[i] ?? 0 },
      surprised: r.surprised[i] ?? false,
      unseen: r.unseen[i] ?? false,
    })),
  );

const who = fc.constantFrom(...IDS);
const step = fc.constantFrom<[number, number]>([1, 0], [-1, 0], [0, 1], [0, -1], [1, 1]);
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Command>({ type: "next" }) },
  { weight: 1, arbitrary: who.map((w): Command => ({ type: "endTurn", who: w })) },
  {
    weight: 2,
    arbitrary: fc
      .record({ who, initiative: fc.constantFrom<"take" | "cede">("take", "cede") })
      .map((r): Command => ({ type: "choose", ...r })),
  },
  {
    weight: 5,
    arbitrary: fc
      .record({
        who,
        action: fc.constantFrom("attack", "primary", "move", "considerOptions"),
        target: who,
        outcome: fc.constantFrom(undefined, "hit", "kill"),
      })
      .map((r): Command => ({
        type: "act",
        who: r.who,
        action: r.action,
        target: r.target,
        ...(r.outcome ? { outcome: r.outcome as "hit" | "kill" } : {}),
      })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ who, d: step })
      .map((r): Command => ({ type: "move", who: r.who, path: [[r.d[0] * 2, r.d[1]]] })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ who, with: fc.constantFrom("reaction", "decline") })
      .map((r): Command => ({ type: "react", ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ who, until: fc.option(who, { nil: undefined }) })
      .map((r): Command => ({ type: "delay", who: r.who, ...(r.until ? { until: r.until } : {}) })),
  },
  { weight: 2, arbitrary: who.map((w): Command => ({ type: "seize", who: w })) },
  {
    weight: 1,
    arbitrary: fc
      .record({ who, action: fc.constantFrom("primary", "move") })
      .map((r): Command => ({ type: "declare", ...r })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ who, rounds: fc.integer({ min: 1, max: 3 }) })
      .map((r): Command => ({ type: "apply", who: r.who, condition: "stunned", rounds: r.rounds })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ who, defeated: fc.boolean() })
      .map((r): Command => ({ type: "setDefeated", ...r })),
  },
);

const scenarioArb = fc.record({
  combatants: setupArb,
  frantic: fc.constantFrom("off", "on"),
  seed: fc.integer(),
  commands: fc.array(commandArb, { maxLength: 60 }),
});

function initial(s: { combatants: CombatantSetup[]; frantic: string }): EncounterState {
  return createEncounter(
    {
      ruleset: "marching",
      options: { frantic: s.frantic },
      grid: { type: "square" },
      combatants: s.combatants,
    },
    marching,
  );
}

describe("marching invariants over random command sequences", () => {
  it("gives each combatant at most one turn a round, one primary and one move a turn, one reaction a round, and leaves refused commands without effect", () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const dice = new SeededDice(s.seed);
        let state = apply(initial(s), { type: "start" }, dice, marching).state;
        const turns = new Map<string, number>();
        for (const command of s.commands) {
          const before = JSON.stringify(state);
          const result = apply(state, command, dice, marching);
          if (!result.ok) {
            expect(result.state).toBe(state);
            expect(JSON.stringify(state)).toBe(before);
            continue;
          }
          const previous = state;
          state = result.state;
          for (const c of Object.values(state.combatants)) {
            for (const key of ["turn:primary", "turn:move", "round:reaction"])
              expect(c.usage[key] ?? 0).toBeLessThanOrEqual(1);
          }
          for (const e of result.events) {
            if (e.type === "turnEnded") {
              const key = `${String(e.round)}:${String(e.who)}`;
              turns.set(key, (turns.get(key) ?? 0) + 1);
              expect(turns.get(key)).toBe(1);
            }
            if (e.type === "reactionResolved")
              expect(combatantIn(previous, String(e.who))?.usage["round:reaction"] ?? 0).toBe(0);
          }
          if (state.stage === "turns" && state.current !== null) expect(state.order).toContain(state.current);
          expect(new Set(state.order).size).toBe(state.order.length);
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it("replays the same commands and dice into the same state", () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const commands: Command[] = [{ type: "start" }, ...s.commands];
        const one = replay(initial(s), commands, new SeededDice(s.seed));
        const two = replay(initial(s), commands, new SeededDice(s.seed));
        expect(two.state).toEqual(one.state);
        expect(two.log).toEqual(one.log);
      }),
      { numRuns: runs(100) },
    );
  });
});
