import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../../../src/engine/apply";
import type { Command, MoveMode } from "../../../src/engine/commands";
import { SeededDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { neighbours } from "../../../src/engine/grid";
import { getRuleset } from "../../../src/engine/registry";
import type { Ruleset } from "../../../src/engine/ruleset";
import type { Cell, EncounterState, RulesetId } from "../../../src/engine/state";
import { runs } from "../../support/fast-check";
import { combatantIn } from "../../../src/engine/record";

/**
 * A ruler preview (previewMove) must say what `move` would do, without doing it: the same
 * refusal, and where the move is accepted, the same cells walked and the same first cell where it
 * is held for reactions, offered to the same combatants. Checked on random scenes, random turns
 * and random paths, for every ruleset with movement.
 */

const MOVING: RulesetId[] = ["flow", "segments", "phases", "marching"];

const STATS = { agility: 1, combatValue: 5, movement: 6, dexterity: 12, moveSpeed: 4 };

function scene(ruleset: Ruleset, cells: Cell[]): EncounterState {
  const stats = Object.fromEntries(Object.entries(STATS).filter(([k]) => ruleset.stats.includes(k)));
  return createEncounter(
    {
      ruleset: ruleset.id,
      grid: { type: "hex" },
      combatants: cells.map((at, k) => ({
        id: `c${k}`,
        side: k % 2 === 0 ? "party" : "foes",
        pc: k % 2 === 0,
        at,
        marching: k + 1,
        size: k === 3 ? "large" : "medium",
        stats,
      })),
    },
    ruleset,
  );
}

/** Distinct cells for a handful of combatants, close enough to threaten each other. */
const cellsArb = fc.uniqueArray(fc.tuple(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 })), {
  minLength: 4,
  maxLength: 7,
  selector: (c) => `${c[0]},${c[1]}`,
});

function started(ruleset: Ruleset, state: EncounterState, dice: SeededDice): EncounterState {
  const first: Command[] =
    ruleset.id === "marching"
      ? [{ type: "start" }, { type: "choose", who: "c0", initiative: "take" }]
      : ruleset.id === "segments"
        ? [{ type: "start" }, { type: "next" }]
        : [{ type: "start" }];
  for (const command of first) {
    const result = apply(state, command, dice, ruleset);
    if (result.ok) state = result.state;
  }
  return state;
}

function randomPath(state: EncounterState, who: string, turns: number[]): Cell[] {
  let at = combatantIn(state, who)?.at ?? [0, 0];
  return turns.map((k) => {
    at = neighbours(state.grid, at)[k % 6] as Cell;
    return at;
  });
}

describe("ruler previews agree with the move they preview", () => {
  for (const id of MOVING) {
    it(`${id}: the same refusal, cells, and first hold with the same reactors as move`, () => {
      const ruleset = getRuleset(id);
      const preview = ruleset.previewMove;
      if (!preview) throw new Error(`${id} has no previewMove`);
      fc.assert(
        fc.property(
          cellsArb,
          fc.integer({ min: 0, max: 1000 }),
          fc.array(
            fc.record({
              skip: fc.boolean(),
              turns: fc.array(fc.nat(5), { minLength: 1, maxLength: 6 }),
              mode: fc.nat(2),
              mover: fc.nat(6),
            }),
            { minLength: 1, maxLength: 6 },
          ),
          (cells, seed, tries) => {
            const dice = new SeededDice(seed);
            let state = started(ruleset, scene(ruleset, cells), dice);
            for (const t of tries) {
              if (t.skip) {
                const next = apply(state, { type: "next" }, dice, ruleset);
                if (next.ok) state = next.state;
                continue;
              }
              const who = state.current ?? state.roster[t.mover % state.roster.length] ?? "c0";
              const path = randomPath(state, who, t.turns);
              const mode = ruleset.moveModes[t.mode % ruleset.moveModes.length] as MoveMode;
              const seen = preview(state, who, path, mode);
              const command: Command = { type: "move", who, path };
              if (mode !== "normal") command.mode = mode;
              const result = apply(state, command, new SeededDice(seed), ruleset);
              if (!result.ok) {
                expect(seen.refusal).toEqual(result.refusal);
                continue;
              }
              expect(seen.refusal).toBeNull();
              if (mode === "tumble") continue; // held only if the Agility Check fails: not a plan
              const paused = result.events.find((e) => e.type === "movePaused");
              const moved = result.events.find((e) => e.type === "moved");
              if (paused) {
                const offered = [
                  ...new Set(result.events.filter((e) => e.type === "reactionOffered").map((e) => e.who)),
                ];
                expect(seen.provocations[0]?.cell).toEqual(paused.at);
                expect(seen.provocations[0]?.by).toEqual(offered);
              } else if (moved) {
                expect(seen.provocations).toEqual([]);
                expect(seen.cells).toEqual(moved.path);
              }
              state = result.state;
            }
          },
        ),
        { numRuns: runs(150) },
      );
    });
  }
});

describe("a gridless scene measures nothing (the ruler on a scene without a grid)", () => {
  for (const id of MOVING) {
    it(`${id}: with tokens placed, the preview refuses as move does (NoGrid) and never throws`, () => {
      const ruleset = getRuleset(id);
      const preview = ruleset.previewMove;
      if (!preview) throw new Error(`${id} has no previewMove`);
      const placed = scene(ruleset, [
        [0, 0],
        [1, 0],
        [0, 2],
        [3, 3],
      ]);
      const gridless = { ...placed, grid: { type: "none" as const } };
      const state = started(ruleset, gridless, new SeededDice(4));
      const who = state.current as string;
      expect(combatantIn(state, who)?.at).not.toBeNull();
      const path: Cell[] = [[1, 1]];
      const seen = preview(state, who, path, "normal");
      const result = apply(state, { type: "move", who, path }, new SeededDice(4), ruleset);
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.refusal.key).toBe("TEMPO.Refusal.NoGrid");
      expect(seen.refusal).toEqual(result.refusal);
      expect(seen.provocations).toEqual([]);
    });
  }
});
