/**
 * The sample maps' extent. A sample encounter names its map's size in columns and rows; the map
 * draws those cells (on hex grids, pointy-top rows with odd rows shifted: Foundry's "odd-r"), and
 * the encounter's grid gets the box around them as its bounds, so the engine refuses a cell outside
 * the map (GridSpec.bounds), as Foundry's adapter gives it the scene's (src/foundry/store/setup.ts).
 */
import type { EncounterSetup } from "../engine";
import { offsetToAxial, type Cell, type GridBounds, type GridType } from "../engine/grid";

/** Every cell the map draws, row by row. */
export function mapCells(type: GridType, cols: number, rows: number): Cell[] {
  const cells: Cell[] = [];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++)
      cells.push(type === "hex" ? offsetToAxial("HEXODDR", { i: row, j: col }) : [col, row]);
  return cells;
}

/** The inclusive box of cells around the map, in the grid's own coordinates (axial on hex). */
export function mapBounds(type: GridType, cols: number, rows: number): GridBounds {
  const cells = mapCells(type, cols, rows);
  const qs = cells.map((c) => c[0]);
  const rs = cells.map((c) => c[1]);
  return { min: [Math.min(...qs), Math.min(...rs)], max: [Math.max(...qs), Math.max(...rs)] };
}

/** A sample encounter's setup with its map's bounds on the grid (a gridless setup is left as it is). */
export function boundedSetup(setup: EncounterSetup, map: { cols: number; rows: number }): EncounterSetup {
  const grid = setup.grid;
  if (!grid || grid.type === "none") return setup;
  return { ...setup, grid: { ...grid, bounds: mapBounds(grid.type, map.cols, map.rows) } };
}
