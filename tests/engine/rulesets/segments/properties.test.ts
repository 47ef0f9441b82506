import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import { SeededDice } from "../../../../src/engine/dice";
import { createEncounter } from "../../../../src/engine/encounter";
import type { EngineEvent } from "../../../../src/engine/events";
import { replay } from "../../../../src/engine/replay";
import { segments } from "../../../../src/engine/rulesets/segments";
import type { Cell, CombatantSetup, EncounterState } from "../../../../src/engine/state";
import { runs } from "../../../support/fast-check";
import { combatantIn } from "../../../../src/engine/record";

const IDS = ["fighter", "wizard", "orc", "bear"];
const SETUP: CombatantSetup[] = [
  { id: "fighter", side: "party", at: [0, 0], stats: { dexterity: 17, weaponSpeed: 5 } },
  { id: "wizard", side: "party", at: [0, 1], stats: { dexterity: 4 } },
  { id: "orc", side: "foes", at: [1, 0], surprised: true },
  { id: "bear", side: "foes", at: [2, 1], tags: ["multiAttack"] },
];
const ACTIONS = [
  "parley",
  "flee",
  "charge",
  "attack",
  "missile",
  "cast",
  "invoke",
  "simple",
  "complex",
  "delaying",
  "delay",
];

const who = fc.constantFrom(...IDS);
const cell: fc.Arbitrary<Cell> = fc.tuple(fc.integer({ min: -2, max: 3 }), fc.integer({ min: -2, max: 3 }));
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.constant<Command>({ type: "next" }), weight: 5 },
  {
    arbitrary: fc.record({
      type: fc.constant("declare" as const),
      who,
      action: fc.constantFrom(...ACTIONS),
      time: fc.integer({ min: 1, max: 12 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("act" as const),
      who,
      action: fc.constantFrom(...ACTIONS),
      target: who,
      outcome: fc.constantFrom("hit" as const, "miss" as const, "kill" as const),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("act" as const),
      who,
      action: fc.constantFrom("attack", "missile"),
      target: who,
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ type: fc.constant("delay" as const), who }), weight: 1 },
  { arbitrary: fc.record({ type: fc.constant("endTurn" as const), who }), weight: 1 },
  {
    arbitrary: fc.record({
      type: fc.constant("move" as const),
      who,
      path: fc.array(cell, { minLength: 1, maxLength: 3 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("react" as const),
      who,
      with: fc.constantFrom("freeAttack", "immediateAttack", "decline"),
      outcome: fc.constantFrom("hit" as const, "miss" as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("apply" as const),
      who,
      condition: fc.constantFrom("failedSave", "delayed"),
      rounds: fc.constant(1),
    }),
    weight: 1,
  },
);

function initial(): EncounterState {
  return createEncounter({ ruleset: "segments", grid: { type: "square" }, combatants: SETUP }, segments);
}

function run(commands: Command[], seed: number) {
  const dice = new SeededDice(seed);
  let state = apply(initial(), { type: "start" }, dice, segments).state;
  const steps: {
    before: EncounterState;
    after: EncounterState;
    ok: boolean;
    events: EngineEvent[];
    snapshot: string;
  }[] = [];
  for (const cmd of commands) {
    const snapshot = JSON.stringify(state);
    const result = apply(state, cmd, dice, segments);
    steps.push({
      before: state,
      after: result.state,
      ok: result.ok,
      events: result.ok ? result.events : [],
      snapshot,
    });
    state = result.state;
  }
  return { state, steps };
}

const commands = fc.array(command, { minLength: 1, maxLength: 60 });

describe("segments: properties", () => {
  it("refused commands leave the state unchanged", () => {
    fc.assert(
      fc.property(commands, fc.integer(), (cmds, seed) => {
        for (const s of run(cmds, seed).steps) {
          if (s.ok) continue;
          expect(s.after).toBe(s.before);
          expect(JSON.stringify(s.before)).toBe(s.snapshot);
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it("each combatant has at most one turn per stage of a round, and the state stays coherent (segment 1..10, current in order)", () => {
    fc.assert(
      fc.property(commands, fc.integer(), (cmds, seed) => {
        const seen = new Set<string>();
        for (const s of run(cmds, seed).steps) {
          for (const e of s.events) {
            if (e.type !== "turnStarted") continue;
            const key = `${String(e.round)}/${String(e.stage)}/${String(e.who)}`;
            expect(seen.has(key)).toBe(false);
            seen.add(key);
          }
          const st = s.after;
          expect(st.segment).toBeGreaterThanOrEqual(1);
          expect(st.segment).toBeLessThanOrEqual(10);
          if (st.current !== null) expect(st.order).toContain(st.current);
          if (st.stage === "declare" || st.stage === "end") expect(st.current).toBeNull();
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it('at most one major action per round, no free attack by the surprised, at most one free attack per creature per segment ("Only one free attack may be taken per segment")', () => {
    fc.assert(
      fc.property(commands, fc.integer(), (cmds, seed) => {
        const freeAt = new Set<string>();
        for (const s of run(cmds, seed).steps) {
          for (const c of Object.values(s.after.combatants))
            expect(c.usage["round:major"] ?? 0).toBeLessThanOrEqual(1);
          for (const e of s.events) {
            if (e.type !== "reactionResolved" || e.with !== "freeAttack") continue;
            const reactor = combatantIn(s.before, String(e.who));
            expect(reactor?.conditions.some((k) => k.id === "surprised")).toBe(false);
            const key = `${s.before.round}/${String(s.before.segment)}/${String(e.who)}`;
            expect(freeAt.has(key)).toBe(false);
            freeAt.add(key);
          }
          for (const o of s.after.offers) expect(combatantIn(s.after, o.who)?.defeated).toBe(false);
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it("replaying the same commands with the same dice gives the same state", () => {
    fc.assert(
      fc.property(commands, fc.integer(), (cmds, seed) => {
        const all: Command[] = [{ type: "start" }, ...cmds];
        const a = replay(initial(), all, new SeededDice(seed));
        const b = replay(initial(), all, new SeededDice(seed));
        expect(b.state).toEqual(a.state);
        expect(a.state).toEqual(run(cmds, seed).state);
      }),
      { numRuns: runs(60) },
    );
  });
});
