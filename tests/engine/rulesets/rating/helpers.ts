import { rating } from "../../../../src/engine/rulesets/rating";
import type { CombatantSetup } from "../../../../src/engine/state";
import { StepTable } from "../../../support/table";

/** A rating table: a state, the dice still to roll, and the events of the last command. */
export class Table extends StepTable {
  constructor(combatants: CombatantSetup[], dice: number[] = [], options: Record<string, string> = {}) {
    super(rating, { options, combatants }, dice);
  }

  ap(id: string): number | undefined {
    return this.c(id).pools.ap;
  }
}

export const hero = (extra: Partial<CombatantSetup> = {}): CombatantSetup => ({
  id: "hero",
  side: "party",
  pc: true,
  stats: { initiativeRating: 3, luck: 2, maxAp: 3 },
  ...extra,
});

export const bandit = (extra: Partial<CombatantSetup> = {}): CombatantSetup => ({
  id: "bandit",
  side: "foes",
  stats: { initiativeRating: 1, luck: 0, maxAp: 3 },
  ...extra,
});
