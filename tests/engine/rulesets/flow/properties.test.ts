import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../../../../src/engine/apply";
import { OUTCOMES, type Command, type MoveMode } from "../../../../src/engine/commands";
import { SeededDice } from "../../../../src/engine/dice";
import { createEncounter } from "../../../../src/engine/encounter";
import { replay } from "../../../../src/engine/replay";
import { flow } from "../../../../src/engine/rulesets/flow";
import type { Cell, EncounterState } from "../../../../src/engine/state";
import { runs } from "../../../support/fast-check";
import { combatantIn } from "../../../../src/engine/record";

/** Four fighters close together on a hex grid, one with a shield, one large, one surprised. */
function startState(seed: number, surprise: boolean): { state: EncounterState; dice: SeededDice } {
  const dice = new SeededDice(seed);
  const state = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 2 }, tags: ["shield"] },
        { id: "bob", side: "party", at: [-1, 1], skills: { melee: 70 } },
        { id: "orc", side: "foes", at: [1, 0], surprised: surprise },
        { id: "troll", side: "foes", at: [2, -2], size: "large" },
      ],
    },
    flow,
  );
  const started = apply(state, { type: "start" }, dice, flow);
  if (!started.ok) throw new Error("start refused");
  return { state: started.state, dice };
}

const ACTIONS = Object.keys(flow.actions);
const MODES: MoveMode[] = ["normal", "step", "tumble"];
const VERBS = ["move", "act", "attack", "cast"];

/** Turn a list of numbers into a command that makes sense in this state (legal or not). */
function commandFor(state: EncounterState, n: readonly number[]): Command {
  const pick = <T>(list: readonly T[], i: number): T => list[(n[i] ?? 0) % list.length] as T;
  const ids = state.roster;
  const actor = state.current !== null && (n[5] ?? 0) % 6 !== 0 ? state.current : pick(ids, 5);
  const outcome = (n[3] ?? 0) % 9 < 7 ? pick(OUTCOMES, 3) : undefined;
  const self = combatantIn(state, actor);
  const foes = ids.filter((id) => combatantIn(state, id)?.side !== self?.side);
  const target = (n[2] ?? 0) % 4 === 0 || foes.length === 0 ? pick(ids, 2) : pick(foes, 2);
  const kind = (n[0] ?? 0) % 9;
  switch (state.offers.length === 0 && kind < 3 ? 5 : kind) {
    case 0:
    case 1:
    case 2: {
      const o = pick(state.offers, 1);
      if ((n[2] ?? 0) % 4 === 0) return { type: "react", who: o.who, with: "decline" };
      return outcome === undefined
        ? { type: "react", who: o.who, with: o.with, against: o.against }
        : { type: "react", who: o.who, with: o.with, against: o.against, outcome };
    }
    case 3:
      return { type: "endTurn", who: actor };
    case 4:
      return { type: "next" };
    case 5:
    case 6: {
      const cmd: Command = { type: "act", who: actor, action: pick(ACTIONS, 1), target };
      if (outcome !== undefined) cmd.outcome = outcome;
      if ((n[4] ?? 0) % 5 === 0) cmd.cost = (n[4] ?? 0) % 3;
      return cmd;
    }
    case 7: {
      const at = combatantIn(state, actor)?.at ?? [0, 0];
      const d = (i: number) => ((n[i] ?? 0) % 7) - 3;
      const path: Cell[] = [[at[0] + d(1), at[1] + d(2)]];
      if ((n[4] ?? 0) % 2 === 0) path.push([at[0] + d(2), at[1] + d(4)]);
      return { type: "move", who: actor, path, mode: pick(MODES, 3) };
    }
    default:
      return {
        type: "ready",
        who: actor,
        action: pick(ACTIONS, 1),
        trigger: { who: target, verb: pick(VERBS, 4) },
      };
  }
}

const runArb = fc.record({
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  surprise: fc.boolean(),
  steps: fc.array(fc.array(fc.nat(1000), { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 60 }),
});

interface Run {
  states: EncounterState[];
  commands: Command[];
  problems: string[];
}

function play(seed: number, surprise: boolean, steps: number[][]): Run {
  const { state: first, dice } = startState(seed, surprise);
  let state = first;
  const states = [state];
  const commands: Command[] = [];
  const problems: string[] = [];
  const turns = new Set<string>();
  for (const n of steps) {
    const command = commandFor(state, n);
    const before = state;
    const snapshot = JSON.stringify(before);
    const result = apply(before, command, dice, flow);
    commands.push(command);
    if (!result.ok) {
      if (result.state !== before || JSON.stringify(result.state) !== snapshot)
        problems.push(`refused ${JSON.stringify(command)} changed the state`);
      continue;
    }
    state = result.state;
    states.push(state);
    for (const e of result.events) {
      if (e.type !== "turnStarted") continue;
      const key = `${String(e.round)}/${String(e.who)}`;
      if (turns.has(key)) problems.push(`${String(e.who)} had a second turn in round ${String(e.round)}`);
      turns.add(key);
    }
    if (command.type === "react" && command.with !== "decline") {
      const offered = before.offers.find(
        (o) => o.who === command.who && o.with === command.with && o.against === command.against,
      );
      const pending = before.pending.find((p) => p.id === offered?.trigger);
      const cost = pending?.kind === "riposte" ? 0 : (flow.reactions[command.with]?.cost.rp ?? 0);
      if ((combatantIn(before, command.who)?.pools.rp ?? 0) < cost)
        problems.push(`${command.who} reacted with ${command.with} without the RP`);
    }
  }
  return { states, commands, problems };
}

describe("flow invariants under random play", () => {
  it("never lets a pool go negative, gives nobody two turns in a round, and never lets anyone react without the RP", () => {
    fc.assert(
      fc.property(runArb, ({ seed, surprise, steps }) => {
        const run = play(seed, surprise, steps);
        expect(run.problems).toEqual([]);
        for (const s of run.states) {
          for (const c of Object.values(s.combatants))
            for (const v of Object.values(c.pools)) expect(v).toBeGreaterThanOrEqual(0);
          // Offers and pending triggers go together: nothing waits without an open offer.
          expect(s.pending.length === 0).toBe(s.offers.length === 0);
          for (const o of s.offers) {
            const reactor = combatantIn(s, o.who);
            expect(reactor?.defeated).toBe(false);
          }
          if (s.current !== null) expect(s.order).toContain(s.current);
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it("replays the same commands with the same dice to the same state", () => {
    fc.assert(
      fc.property(runArb, ({ seed, surprise, steps }) => {
        const run = play(seed, surprise, steps);
        const { state: first, dice } = startState(seed, surprise);
        const again = replay(first, run.commands, dice);
        expect(again.state).toEqual(run.states[run.states.length - 1]);
      }),
      { numRuns: runs(60) },
    );
  });
});
