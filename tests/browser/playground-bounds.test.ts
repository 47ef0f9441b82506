/**
 * Issue 30, "The map": every sample map gives the engine its bounds (GridSpec.bounds), so a cell
 * outside the map is refused, and a large combatant whose space would hang off the map is refused
 * too (TEMPO.Refusal.FootprintOutsideScene), where the ruler shows the refusal before the drop.
 */
import { describe, expect, it } from "vitest";

import { check, combatantIn, getRuleset, type Cell } from "../../src/engine";
import { planPath } from "../../src/engine/core/movement";
import { RefusalError } from "../../src/engine/refusal";
import { cellKey, footprint } from "../../src/engine/grid";
import { boundedSetup, mapBounds, mapCells } from "../../src/playground/bounds";
import { ENCOUNTERS } from "../../src/playground/encounters";
import { Session } from "../../src/playground/session";

const ALL = Object.values(ENCOUNTERS).flat();

describe("playground map bounds", () => {
  it("gives every sample map's grid the box around the cells it draws, and every combatant stands inside", () => {
    for (const encounter of ALL) {
      const setup = boundedSetup(encounter.setup, encounter.map);
      const grid = setup.grid;
      if (!grid || grid.type === "none") continue;
      expect(grid.bounds, encounter.id).toEqual(mapBounds(grid.type, encounter.map.cols, encounter.map.rows));
      const drawn = new Set(mapCells(grid.type, encounter.map.cols, encounter.map.rows).map(cellKey));
      expect(drawn.size, encounter.id).toBe(encounter.map.cols * encounter.map.rows);
      for (const c of setup.combatants)
        if (c.at)
          for (const cell of footprint(grid, c.at, c.size ?? "medium"))
            expect(drawn.has(cellKey(cell)), `${encounter.id}: ${c.id} at ${cellKey(cell)}`).toBe(true);
    }
  });

  it("refuses a move to a cell outside the map, and a large combatant's move that would hang off its corner", () => {
    for (const encounter of ALL) {
      const ruleset = getRuleset(encounter.setup.ruleset);
      if (ruleset.moveModes.length === 0) continue;
      const session = new Session(encounter.id, boundedSetup(encounter.setup, encounter.map), 3);
      const { bounds } = session.state.grid;
      if (!bounds) throw new Error(`${encounter.id} has no bounds`);
      const outside: Cell = [bounds.max[0] + 1, bounds.max[1]];
      for (const c of session.state.combatants) {
        expect(
          check(session.state, { type: "move", who: c.id, path: [outside] })?.key,
          `${encounter.id}: ${c.id} to ${cellKey(outside)}`,
        ).toBe("TEMPO.Refusal.OutsideScene");
      }
      const large = session.state.combatants.find((c) => c.size === "large");
      if (!large) continue;
      // The map's last drawn cell (bottom right) is inside the bounds, but a large space anchored
      // there reaches a row below the map. planPath is the walk every ruleset's move starts with.
      const cells = mapCells(session.state.grid.type, encounter.map.cols, encounter.map.rows);
      const corner = cells[cells.length - 1];
      if (!corner) throw new Error("no cells");
      let refused = "";
      try {
        planPath(session.state, large.id, [corner]);
      } catch (error) {
        if (error instanceof RefusalError) refused = error.refusal.key;
      }
      expect(refused, encounter.id).toBe("TEMPO.Refusal.FootprintOutsideScene");
      expect(combatantIn(session.state, large.id)?.at).toEqual(
        encounter.setup.combatants.find((c) => c.id === large.id)?.at,
      );
    }
  });
});
