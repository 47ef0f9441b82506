import { phases } from "../../../../src/engine/rulesets/phases";
import type { EncounterSetup } from "../../../../src/engine/encounter";
import type { CombatantSetup } from "../../../../src/engine/state";
import { RulesetTable } from "../../../support/table";

/** The phases ruleset's test driver. */
export class Table extends RulesetTable {
  constructor(combatants: CombatantSetup[], dice: number[] = [], extra: Partial<EncounterSetup> = {}) {
    super(phases, combatants, dice, extra);
  }
}
