import { marching } from "../../../../src/engine/rulesets/marching";
import type { CombatantSetup, GridDescription } from "../../../../src/engine/state";
import { StepTable } from "../../../support/table";

/** A marching table: a state, the dice still to roll, and the events of the last command. */
export class Table extends StepTable {
  constructor(
    combatants: CombatantSetup[],
    dice: number[] = [],
    options: Record<string, string> = {},
    grid: GridDescription = { type: "square" },
  ) {
    super(marching, { options, grid, combatants }, dice);
  }

  conditions(id: string): string[] {
    return this.c(id).conditions.map((k) => k.id);
  }
}

/** A player character at a place in the marching order (1 = lead). */
export const pc = (
  id: string,
  marching: number,
  at: [number, number],
  extra: Partial<CombatantSetup> = {},
): CombatantSetup => ({
  id,
  side: "party",
  pc: true,
  marching,
  at,
  stats: { agility: 0 },
  ...extra,
});
/** A monster. */
export const foe = (
  id: string,
  at: [number, number],
  extra: Partial<CombatantSetup> = {},
): CombatantSetup => ({
  id,
  side: "foes",
  at,
  ...extra,
});
