import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import { phases } from "../../../../src/engine/rulesets/phases";
import type { EncounterSetup } from "../../../../src/engine/encounter";
import type { Refusal } from "../../../../src/engine/refusal";
import type { CombatantSetup } from "../../../../src/engine/state";
import { RulesetTable } from "../../../support/table";
import { combatantIn } from "../../../../src/engine/record";

/** The phases ruleset's test driver. */
export class Table extends RulesetTable {
  constructor(combatants: CombatantSetup[], dice: number[] = [], extra: Partial<EncounterSetup> = {}) {
    super(phases, combatants, dice, extra);
  }

  /** Apply a command expected to be refused; returns the whole refusal (key and data), checking nothing changed. */
  refusal(command: Command): Refusal {
    const snapshot = JSON.stringify(this.state);
    const result = apply(this.state, command, this.dice, phases);
    if (result.ok) throw new Error(`accepted ${JSON.stringify(command)}`);
    if (JSON.stringify(result.state) !== snapshot) throw new Error("a refusal changed the state");
    return result.refusal;
  }

  /** The ids of a combatant's conditions. */
  conditions(id: string): string[] {
    return (combatantIn(this.state, id)?.conditions ?? []).map((k) => k.id);
  }
}

/**
 * hero (10) readies against the goon (5) and ally (8) delays; the thug (7) has had its turn, and
 * the goon is current (on a hex map).
 */
export function readierAndDelayer(): Table {
  const t = new Table(
    [
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
      { id: "ally", side: "party", at: [0, 3], stats: { combatValue: 8 } },
      { id: "thug", side: "foes", at: [5, 0], stats: { combatValue: 7 } },
      { id: "goon", side: "foes", at: [5, 3], stats: { combatValue: 5 } },
    ],
    [],
    { grid: { type: "hex" } },
  ).do({ type: "start" });
  t.do({ type: "ready", who: "hero", action: "block", trigger: { who: "goon", verb: "act" } }).next();
  t.do({ type: "delay", who: "ally" }).next();
  return t;
}
