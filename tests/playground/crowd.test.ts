/**
 * Issue 31, the Crowd sample: `crowdEncounter(ruleset, n)` gives every ruleset a big fight the
 * engine's own setup checks accept (createEncounter, start), with ids c1..cN in roster order, every
 * combatant on its own drawn cell of the map, and `c1` (party) beside a foe so that stepping it one
 * cell back is a provoking move where the ruleset's movement provokes (contract 1 of the issue).
 */
import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  RULESET_IDS,
  SeededDice,
  type Cell,
  type EncounterState,
  type RulesetId,
} from "../../src/engine";
import { cellKey, distance } from "../../src/engine/grid";
import { boundedSetup, mapCells } from "../../src/playground/bounds";
import {
  CROWD_DEFAULT,
  crowdCount,
  crowdEncounter,
  ENCOUNTERS,
  findEncounter,
} from "../../src/playground/encounters";

const SIZES = [2, 6, 50, 200, 400];

function started(ruleset: RulesetId, n: number, seed: number): { state: EncounterState; dice: SeededDice } {
  const encounter = crowdEncounter(ruleset, n);
  const rules = getRuleset(ruleset);
  const dice = new SeededDice(seed);
  const result = apply(
    createEncounter(boundedSetup(encounter.setup, encounter.map), rules),
    { type: "start" },
    dice,
    rules,
  );
  if (!result.ok) throw new Error(`${ruleset} ${n}: ${result.refusal.key}`);
  return { state: result.state, dice };
}

/** Play on to c1's turn the way a table would: the lead takes initiative (marching), or Next (segments). */
function untilC1Acts(ruleset: RulesetId, state: EncounterState, dice: SeededDice): EncounterState {
  const rules = getRuleset(ruleset);
  let s = state;
  for (let i = 0; s.current !== "c1" && i <= s.roster.length + 10; i++) {
    const command =
      s.stage === "choose" ? { type: "choose", who: "c1", initiative: "take" } : { type: "next" };
    const result = apply(s, command, dice, rules);
    if (!result.ok) throw new Error(`${ruleset}: ${result.refusal.key}`);
    s = result.state;
  }
  return s;
}

describe("the Crowd sample encounters", () => {
  for (const ruleset of RULESET_IDS)
    it(`${ruleset}: a crowd of 2, 6, 50, 200 and 400 passes the engine's setup checks and starts, every combatant on its own drawn cell`, () => {
      for (const n of SIZES) {
        const encounter = crowdEncounter(ruleset, n);
        expect(encounter.id).toBe(`crowd-${ruleset}-${n}`);
        const ids = encounter.setup.combatants.map((c) => c.id);
        expect(ids).toEqual(Array.from({ length: n }, (_, i) => `c${i + 1}`));
        const { state } = started(ruleset, n, 7);
        expect(state.status, `${ruleset} ${n}`).toBe("active");
        expect(state.roster).toEqual(ids);
        const grid = state.grid;
        if (grid.type === "none") throw new Error("a crowd is on a grid");
        const drawn = new Set(mapCells(grid.type, encounter.map.cols, encounter.map.rows).map(cellKey));
        const taken = new Set<string>();
        for (const c of encounter.setup.combatants) {
          const at = c.at as Cell;
          expect(drawn.has(cellKey(at)), `${ruleset} ${n}: ${c.id} at ${cellKey(at)}`).toBe(true);
          expect(taken.has(cellKey(at)), `${ruleset} ${n}: ${c.id} shares ${cellKey(at)}`).toBe(false);
          taken.add(cellKey(at));
        }
        // Both sides are there, c1 with the party and a foe on the cell next to it.
        const c1 = encounter.setup.combatants[0];
        const party = encounter.setup.combatants.filter((c) => c.side === c1?.side);
        expect(party.length).toBe(Math.ceil(n / 2));
        const foeBeside = encounter.setup.combatants.some(
          (c) => c.side !== c1?.side && distance(grid, c.at as Cell, c1?.at as Cell) === 1,
        );
        expect(foeBeside, `${ruleset} ${n}`).toBe(true);
      }
    });

  it("is deterministic: the same ruleset and count give the same encounter", () => {
    expect(crowdEncounter("flow", 200)).toEqual(crowdEncounter("flow", 200));
    expect(crowdEncounter("phases", 37)).toEqual(crowdEncounter("phases", 37));
  });

  it("grows its map with the crowd, and keeps it about square", () => {
    const small = crowdEncounter("flow", 6).map;
    const big = crowdEncounter("flow", 400).map;
    expect(big.cols * big.rows).toBeGreaterThan(small.cols * small.rows);
    expect(big.cols * big.rows).toBeGreaterThanOrEqual(400 * 2);
    expect(Math.max(big.cols, big.rows) / Math.min(big.cols, big.rows)).toBeLessThan(1.5);
  });

  for (const [ruleset, offers] of [
    ["flow", true],
    ["phases", true],
    ["segments", true],
    // marching.txt's reaction answers an attack, not a move: the step is taken, nobody is offered anything.
    ["marching", false],
  ] as const)
    it(`${ruleset}: c1 stepping one cell back from the foe beside it ${offers ? "opens reaction offers" : "moves, offering nothing"} (n = 2, 50, 200)`, () => {
      for (const n of [2, 50, 200])
        for (const seed of [1, 7]) {
          const { state, dice } = started(ruleset, n, seed);
          const s = untilC1Acts(ruleset, state, dice);
          expect(s.current, `${ruleset} ${n} seed ${seed}`).toBe("c1");
          const at = s.combatants.find((c) => c.id === "c1")?.at as Cell;
          const back: Cell = [at[0] - 1, at[1]];
          const moved = apply(s, { type: "move", who: "c1", path: [back] }, dice, getRuleset(ruleset));
          if (!moved.ok) throw new Error(`${ruleset} ${n} seed ${seed}: ${moved.refusal.key}`);
          expect(moved.state.offers.length > 0, `${ruleset} ${n} seed ${seed}`).toBe(offers);
          if (offers) expect(moved.state.offers.every((o) => o.against !== undefined)).toBe(true);
        }
    });

  it("flow, phases and rating: c1 acts first whatever the dice (its initiative stat is past every other's best roll)", () => {
    for (const ruleset of ["flow", "phases", "rating"] as const)
      for (let seed = 0; seed < 25; seed++) expect(started(ruleset, 20, seed).state.current).toBe("c1");
  });

  it("is the last entry of each ruleset's picker, at 200", () => {
    for (const ruleset of RULESET_IDS) {
      const list = ENCOUNTERS[ruleset];
      expect(list[list.length - 1]?.id).toBe(`crowd-${ruleset}-${CROWD_DEFAULT}`);
    }
  });

  it("findEncounter reads any crowd id in range, so a saved session reloads it, and nothing else", () => {
    expect(findEncounter("crowd-flow-200")).toEqual(crowdEncounter("flow", 200));
    expect(findEncounter("crowd-marching-37")?.setup.combatants.length).toBe(37);
    for (const bad of [
      "crowd-flow-1",
      "crowd-flow-401",
      "crowd-flow-050",
      "crowd-chess-20",
      "crowd-flow-2x",
      "crowd-flow-",
    ])
      expect(findEncounter(bad), bad).toBeUndefined();
  });

  it("crowdCount takes a whole number from 2 to 400 and refuses anything else", () => {
    expect(crowdCount("2")).toBe(2);
    expect(crowdCount("400")).toBe(400);
    for (const bad of [null, "", "1", "401", "-5", "2.5", "1e2", " 20", "abc", "99999"])
      expect(crowdCount(bad), String(bad)).toBeNull();
  });
});
