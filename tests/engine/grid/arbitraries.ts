import fc from "fast-check";
import type { Cell, GridSpec } from "../../../src/engine/grid";

/** A cell near the origin; big enough to cross every sign and parity case. */
export const cellArb: fc.Arbitrary<Cell> = fc.tuple(
  fc.integer({ min: -40, max: 40 }),
  fc.integer({ min: -40, max: 40 }),
);

export const HEX: GridSpec = { type: "hex" };
export const SQUARE: GridSpec = { type: "square" };
export const SQUARE_ALTERNATING: GridSpec = { type: "square", diagonals: "alternating" };
export const NONE: GridSpec = { type: "none" };

export const GRIDS: readonly GridSpec[] = [HEX, SQUARE, SQUARE_ALTERNATING];
export const gridArb: fc.Arbitrary<GridSpec> = fc.constantFrom(...GRIDS);
