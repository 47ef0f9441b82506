import { segments } from "../../../../src/engine/rulesets/segments";
import type { EncounterSetup } from "../../../../src/engine/encounter";
import type { CombatantSetup } from "../../../../src/engine/state";
import { RulesetTable } from "../../../support/table";

/** The segments ruleset's test driver. */
export class Table extends RulesetTable {
  constructor(combatants: CombatantSetup[], dice: number[] = [], extra: Partial<EncounterSetup> = {}) {
    super(segments, combatants, dice, extra);
  }
}
