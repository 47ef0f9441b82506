import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import { SeededDice } from "../../../../src/engine/dice";
import { createEncounter } from "../../../../src/engine/encounter";
import type { EngineEvent } from "../../../../src/engine/events";
import { replay } from "../../../../src/engine/replay";
import { phases } from "../../../../src/engine/rulesets/phases";
import type { Cell, CombatantSetup, EncounterState } from "../../../../src/engine/state";
import { runs } from "../../../support/fast-check";

const IDS = ["hero", "ally", "thug", "vet"];
const SETUP: CombatantSetup[] = [
  { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8, lightningReflexes: 1 } },
  { id: "ally", side: "party", at: [0, 1], stats: { combatValue: 9, movement: 1 } },
  { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 9 }, surprised: true },
  { id: "vet", side: "foes", at: [2, -1], stats: { combatValue: 5 }, skills: { combatReflexes: 1 } },
];
const ACTIONS = [
  "attack",
  "strike",
  "move",
  "fullMove",
  "drawFocus",
  "standUp",
  "reload",
  "pickUp",
  "recover",
  "dodge",
  "block",
  "useSkill",
];

const who = fc.constantFrom(...IDS);
const cell: fc.Arbitrary<Cell> = fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }));
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.constant<Command>({ type: "next" }), weight: 6 },
  {
    arbitrary: fc.record({
      type: fc.constant("act" as const),
      who,
      action: fc.constantFrom(...ACTIONS),
      target: who,
      outcome: fc.constantFrom("hit" as const, "miss" as const, "kill" as const, "success" as const),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("act" as const),
      who,
      action: fc.constantFrom("attack", "strike"),
      target: who,
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("move" as const),
      who,
      path: fc.array(cell, { minLength: 1, maxLength: 4 }),
      mode: fc.constantFrom("normal" as const, "step" as const, "withdraw" as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("react" as const),
      who,
      with: fc.constantFrom("attackOfOpportunity", "decline"),
      outcome: fc.constantFrom("hit" as const, "miss" as const, "kill" as const),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("delay" as const),
      who,
      until: fc.option(who, { nil: undefined }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      type: fc.constant("ready" as const),
      who,
      action: fc.constantFrom(...ACTIONS),
      trigger: fc.record({ who, verb: fc.constantFrom("move", "act", "strike") }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ type: fc.constant("abort" as const), who, to: fc.constantFrom("dodge", "block") }),
    weight: 1,
  },
  { arbitrary: fc.record({ type: fc.constant("endTurn" as const), who }), weight: 1 },
);

function initial(): EncounterState {
  return createEncounter({ ruleset: "phases", grid: { type: "hex" }, combatants: SETUP }, phases);
}

function run(commands: Command[], seed: number) {
  const dice = new SeededDice(seed);
  let state = apply(initial(), { type: "start" }, dice, phases).state;
  const steps: {
    before: EncounterState;
    after: EncounterState;
    ok: boolean;
    events: EngineEvent[];
    snapshot: string;
  }[] = [];
  for (const cmd of commands) {
    const snapshot = JSON.stringify(state);
    const result = apply(state, cmd, dice, phases);
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

describe("phases: properties", () => {
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

  it("each character ends at most one turn of its own per Phase (a delayed turn replaces the regular one; a turn a delayer cuts in before is not ended)", () => {
    fc.assert(
      fc.property(commands, fc.integer(), (cmds, seed) => {
        const turns = new Map<string, number>();
        for (const s of run(cmds, seed).steps) {
          for (const e of s.events) {
            const key = `${String(s.after.round)}/${String(e.phase ?? s.after.phase)}/${String(e.who)}`;
            if (e.type === "turnEnded") turns.set(key, (turns.get(key) ?? 0) + 1);
            if (e.type === "delayedActionTaken") turns.set(key, (turns.get(key) ?? 0) - 1);
          }
          for (const n of turns.values()) expect(n).toBeLessThanOrEqual(1);
          const st = s.after;
          if (st.current !== null) expect(st.order).toContain(st.current);
          if (st.phase === "postTurn") expect(st.current).toBeNull();
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it('keeps the action economy ("an attack action and a move action, two move actions, or a full-phase action") and the attack-of-opportunity limit', () => {
    fc.assert(
      fc.property(commands, fc.integer(), (cmds, seed) => {
        for (const s of run(cmds, seed).steps) {
          for (const c of Object.values(s.after.combatants)) {
            const attack = c.usage["phase:attack"] ?? 0;
            const move = c.usage["phase:move"] ?? 0;
            const full = c.usage["phase:fullPhase"] ?? 0;
            expect(attack).toBeLessThanOrEqual(1);
            expect(attack + move).toBeLessThanOrEqual(2);
            expect(full).toBeLessThanOrEqual(1);
            if (full > 0) expect(attack + move).toBe(0);
            expect(c.usage["phase:attackOfOpportunity"] ?? 0).toBeLessThanOrEqual(
              1 + (c.skills.combatReflexes ?? 0),
            );
            expect(c.usage["phase:step"] ?? 0).toBeLessThanOrEqual(1);
          }
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
