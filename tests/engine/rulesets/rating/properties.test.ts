import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import { SeededDice } from "../../../../src/engine/dice";
import { createEncounter } from "../../../../src/engine/encounter";
import { replay } from "../../../../src/engine/replay";
import { rating } from "../../../../src/engine/rulesets/rating";
import type { CombatantSetup, EncounterState } from "../../../../src/engine/state";
import { runs } from "../../../support/fast-check";

const IDS = ["a", "b", "c", "d"];

const combatantArb = (id: string) =>
  fc
    .record({
      side: fc.constantFrom("party", "foes"),
      pc: fc.boolean(),
      ir: fc.integer({ min: 0, max: 3 }),
      luck: fc.integer({ min: 0, max: 2 }),
      maxAp: fc.integer({ min: 1, max: 4 }),
      surprised: fc.boolean(),
      group: fc.constantFrom(null, "g"),
    })
    .map((r): CombatantSetup => ({
      id,
      side: r.side,
      pc: r.pc,
      surprised: r.surprised,
      stats: { initiativeRating: r.ir, luck: r.luck, maxAp: r.maxAp },
      ...(r.group ? { tags: [`group:${r.group}`] } : {}),
    }));

const who = fc.constantFrom(...IDS, "e");
const commandArb: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.constant<Command>({ type: "next" }) },
  { weight: 2, arbitrary: who.map((w): Command => ({ type: "endTurn", who: w })) },
  {
    weight: 6,
    arbitrary: fc
      .record({
        who,
        action: fc.constantFrom("primary", "secondary", "special", "free"),
        cost: fc.integer({ min: 0, max: 5 }),
        target: fc.option(who, { nil: undefined }),
      })
      .map((r): Command => ({
        type: "act",
        who: r.who,
        action: r.action,
        cost: r.cost,
        ...(r.target ? { target: r.target } : {}),
      })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({
        who,
        with: fc.constantFrom("reaction", "decline"),
        against: fc.option(who, { nil: undefined }),
      })
      .map((r): Command => ({
        type: "react",
        who: r.who,
        with: r.with,
        ...(r.against ? { against: r.against } : {}),
      })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ who, until: who })
      .map((r): Command => ({ type: "delay", who: r.who, until: r.until })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ who, delta: fc.integer({ min: -3, max: 3 }) })
      .map((r): Command => ({ type: "adjustPool", who: r.who, pool: "ap", delta: r.delta })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ who, defeated: fc.boolean() })
      .map((r): Command => ({ type: "setDefeated", who: r.who, defeated: r.defeated })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: 3 }).map((ir): Command => ({
      type: "addCombatant",
      combatant: { id: "e", side: "foes", stats: { initiativeRating: ir } },
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ who, rounds: fc.integer({ min: 1, max: 2 }) })
      .map((r): Command => ({ type: "apply", who: r.who, condition: "dazed", rounds: r.rounds })),
  },
);

const scenarioArb = fc.record({
  combatants: fc
    .tuple(...IDS.map(combatantArb))
    .chain((all) => fc.integer({ min: 2, max: 4 }).map((n) => all.slice(0, n))),
  apRefresh: fc.constantFrom("round", "turn"),
  ties: fc.constantFrom("luck", "gm"),
  seed: fc.integer(),
  commands: fc.array(commandArb, { maxLength: 60 }),
});

function initial(s: { combatants: CombatantSetup[]; apRefresh: string; ties: string }): EncounterState {
  return createEncounter(
    { ruleset: "rating", options: { apRefresh: s.apRefresh, ties: s.ties }, combatants: s.combatants },
    rating,
  );
}

describe("rating invariants over random command sequences", () => {
  it("keeps AP at or above zero, gives each combatant at most one turn a round, pays for every reaction, and leaves refused commands without effect", () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const dice = new SeededDice(s.seed);
        let state = apply(initial(s), { type: "start" }, dice, rating).state;
        const turns = new Map<string, number>();
        for (const command of s.commands) {
          const before = JSON.stringify(state);
          const apBefore = Object.fromEntries(
            Object.values(state.combatants).map((c) => [c.id, c.pools.ap ?? 0]),
          );
          const result = apply(state, command, dice, rating);
          if (!result.ok) {
            expect(result.state).toBe(state);
            expect(JSON.stringify(state)).toBe(before);
            continue;
          }
          state = result.state;
          for (const c of Object.values(state.combatants)) {
            expect(c.pools.ap ?? 0).toBeGreaterThanOrEqual(0);
            expect(c.pools.ap ?? 0).toBeLessThanOrEqual(
              Math.max(c.maxPools.ap ?? 0, apBefore[c.id] ?? 0) + (command.type === "adjustPool" ? 3 : 0),
            );
          }
          let round = state.round;
          for (const e of result.events) {
            if (e.type === "roundEnded") round = (e.round as number) + 1;
            if (e.type === "turnEnded") {
              const key = `${String(e.round)}:${String(e.who)}`;
              turns.set(key, (turns.get(key) ?? 0) + 1);
              expect(turns.get(key)).toBe(1);
            }
            if (e.type === "reactionResolved") {
              // The reaction's cost was paid in AP by the reactor in the same command.
              const paid = result.events
                .filter((p) => p.type === "poolSpent" && p.who === e.who && p.pool === "ap")
                .map((p) => p.amount);
              expect(paid).toContain(e.cost);
              expect(apBefore[String(e.who)] ?? 0).toBeGreaterThanOrEqual(e.cost as number);
            }
          }
          expect(round).toBe(state.round);
          if (state.current !== null) expect(state.order).toContain(state.current);
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
