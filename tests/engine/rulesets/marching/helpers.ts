import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import { ScriptedDice } from "../../../../src/engine/dice";
import { createEncounter } from "../../../../src/engine/encounter";
import type { EngineEvent } from "../../../../src/engine/events";
import type { Refusal } from "../../../../src/engine/refusal";
import { marching } from "../../../../src/engine/rulesets/marching";
import type { CombatantSetup, EncounterState, GridDescription } from "../../../../src/engine/state";

/** A marching table: a state, the dice still to roll, and the events of the last command. */
export class Table {
  state: EncounterState;
  events: EngineEvent[] = [];
  readonly dice: ScriptedDice;

  constructor(
    combatants: CombatantSetup[],
    dice: number[] = [],
    options: Record<string, string> = {},
    grid: GridDescription = { type: "square" },
  ) {
    this.state = createEncounter({ ruleset: "marching", options, grid, combatants }, marching);
    this.dice = new ScriptedDice(dice);
  }

  /** Apply a command that must be accepted. */
  do(command: Command): this {
    const result = apply(this.state, command, this.dice, marching);
    if (!result.ok)
      throw new Error(
        `refused ${command.type}: ${result.refusal.key} ${JSON.stringify(result.refusal.data)}`,
      );
    this.state = result.state;
    this.events = result.events;
    return this;
  }

  /** Apply a command that must be refused; returns the refusal and checks nothing changed. */
  refused(command: Command): Refusal {
    const before = this.state;
    const result = apply(this.state, command, this.dice, marching);
    if (result.ok) throw new Error(`${command.type} was accepted`);
    if (result.state !== before) throw new Error("a refusal changed the state");
    return result.refusal;
  }

  c(id: string) {
    const found = this.state.combatants[id];
    if (!found) throw new Error(`no combatant ${id}`);
    return found;
  }

  conditions(id: string): string[] {
    return this.c(id).conditions.map((k) => k.id);
  }

  ofType(type: string): EngineEvent[] {
    return this.events.filter((e) => e.type === type);
  }
}
