/**
 * A state's combatants by id (src/engine/record.ts): the state lists them in roster order, and
 * finds one by id through the positions of its roster. What the lookups answer, for a list that
 * agrees with its roster and for one that does not; and, whatever commands are tried (the GM's
 * joins and leaves among them), every state the engine makes lists its combatants in roster order.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  apply,
  combatantIn,
  combatantList,
  combatantsById,
  createEncounter,
  getRuleset,
  hasCombatant,
  positionIn,
  positionOf,
  SeededDice,
  type CombatantState,
  type Command,
  type EncounterState,
} from "../../src/engine";
import { runs } from "../support/fast-check";

const flow = getRuleset("flow");

function fight(): EncounterState {
  return createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 3 } },
        { id: "orc", side: "foes", at: [3, 0], stats: { agility: 0 } },
        { id: "bo", side: "party", pc: true, at: [0, 2], stats: { agility: 1 } },
      ],
    },
    flow,
  );
}

describe("combatants by id", () => {
  it("finds each combatant at its roster place, and nobody under an id the state has not", () => {
    const state = fight();
    expect(state.combatants.map((c) => c.id)).toEqual(state.roster);
    expect(state.roster.map((id) => positionOf(state, id))).toEqual([0, 1, 2]);
    expect(combatantIn(state, "orc")).toBe(state.combatants[1]);
    expect(hasCombatant(state, "bo")).toBe(true);
    expect(combatantIn(state, "nobody")).toBeUndefined();
    expect(positionOf(state, "nobody")).toBe(-1);
    expect(combatantIn(null, "ana")).toBeUndefined();
    expect(combatantIn(undefined, "ana")).toBeUndefined();
  });

  it("finds every combatant of a roster at its place with one read of the list, the first and last among them; scans only for an id the roster has elsewhere or not at all", () => {
    const roster = Array.from({ length: 200 }, (_, i) => `c${i}`);
    const list = roster.map((id) => ({ id }) as CombatantState);
    let reads = 0;
    const at = (i: number) => {
      reads += 1;
      return list[i];
    };
    roster.forEach((id, i) => {
      reads = 0;
      expect(positionIn(roster, list.length, id, at)).toBe(i);
      expect(reads, id).toBe(1);
    });
    // An id the roster does not have: every place is read, and nothing is found.
    reads = 0;
    expect(positionIn(roster, list.length, "nobody", at)).toBe(-1);
    expect(reads).toBe(200);
    // A list shorter than its roster (the last one gone): its place is past the list, so it is
    // not read there; the scan finds nobody.
    reads = 0;
    expect(positionIn(roster, 199, "c199", at)).toBe(-1);
    expect(reads).toBe(199);
    // A list with another at the roster's place: the scan finds the id where the list holds it.
    const swapped = [list[1], list[0], ...list.slice(2)] as CombatantState[];
    expect(positionIn(roster, swapped.length, "c0", (i) => swapped[i])).toBe(1);
  });

  it("answers nothing for the names every object inherits (constructor, __proto__, toString)", () => {
    const state = fight();
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "length", "0"])
      expect(hasCombatant(state, name), name).toBe(false);
  });

  it("still finds a combatant in a list that disagrees with its roster (another order, one missing)", () => {
    const state = fight();
    const [ana, orc, bo] = state.combatants;
    const shuffled = { roster: state.roster, combatants: [bo, ana] } as EncounterState;
    expect(combatantIn(shuffled, "ana")).toBe(ana);
    expect(combatantIn(shuffled, "bo")).toBe(bo);
    expect(combatantIn(shuffled, "orc")).toBeUndefined();
    expect(orc?.id).toBe("orc");
  });

  it("works out a roster's positions once: a state that shares the roster shares them, a new list is read at them", () => {
    const state = fight();
    const changed = { ...state, combatants: state.combatants.map((c) => ({ ...c, initiative: 5 })) };
    expect(combatantIn(changed, "bo")?.initiative).toBe(5);
    expect(combatantIn(state, "bo")?.initiative).toBeNull();
  });

  it("keys them by id, and lists them back in a roster's order, leaving out ids with nobody", () => {
    const state = fight();
    const byId = combatantsById(state);
    expect(Object.keys(byId)).toEqual(["ana", "orc", "bo"]);
    expect(byId["orc"]).toBe(combatantIn(state, "orc"));
    const listed = combatantList(["bo", "gone", "constructor", "ana"], byId);
    expect(listed.map((c) => c.id)).toEqual(["bo", "ana"]);
    expect(listed[0]).toBe(byId["bo"]);
  });
});

describe("every state lists its combatants in roster order", () => {
  /** A command the GM or a player might give now, joins and leaves among them. */
  function candidate(state: EncounterState, pick: (n: number) => number, joined: number): Command {
    const ids = state.roster;
    const anyone = ids[pick(Math.max(1, ids.length))] ?? "ana";
    switch (pick(8)) {
      case 0:
      case 1:
        return {
          type: "addCombatant",
          combatant: {
            id: `new${joined}`,
            side: pick(2) === 0 ? "party" : "foes",
            at: [pick(9) - 4, pick(9) - 4],
          },
        };
      case 2:
        return { type: "removeCombatant", who: anyone };
      case 3:
        return { type: "adjustPool", who: anyone, pool: "ap", delta: pick(3) - 1 };
      case 4:
        return { type: "setDefeated", who: anyone, defeated: pick(2) === 0 };
      case 5:
        return { type: "place", who: anyone, at: [pick(9) - 4, pick(9) - 4] };
      case 6:
        return state.status === "setup" ? { type: "start" } : { type: "next" };
      default:
        return { type: "endTurn", who: state.current ?? anyone };
    }
  }

  it("after any mix of joins, leaves, pool changes, places and turns, accepted or refused", () => {
    const accepted = { addCombatant: 0, removeCombatant: 0 };
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.nat(1000), { minLength: 10, maxLength: 80 }), (seed, choices) => {
        let k = 0;
        const pick = (n: number) => (choices[k++ % choices.length] as number) % n;
        const dice = new SeededDice(seed);
        let state = fight();
        let joined = 0;
        for (let step = 0; step < choices.length; step += 1) {
          const command = candidate(state, pick, joined);
          if (command.type === "addCombatant") joined += 1;
          const result = apply(state, command, dice, flow);
          if (!result.ok) {
            expect(result.state).toBe(state);
            continue;
          }
          state = result.state;
          if (command.type === "addCombatant" || command.type === "removeCombatant")
            accepted[command.type] += 1;
          expect(state.combatants.map((c) => c.id)).toEqual(state.roster);
          for (const id of state.roster) expect(combatantIn(state, id)?.id).toBe(id);
          if (command.type === "removeCombatant") expect(hasCombatant(state, command.who)).toBe(false);
          if (command.type === "addCombatant") expect(state.roster.at(-1)).toBe(command.combatant.id);
        }
      }),
      { numRuns: runs(40) },
    );
    // The runs did join and leave (not only refused them).
    expect(accepted.addCombatant).toBeGreaterThan(0);
    expect(accepted.removeCombatant).toBeGreaterThan(0);
  });
});
