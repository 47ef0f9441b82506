import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import { ScriptedDice } from "../../../../src/engine/dice";
import { createEncounter } from "../../../../src/engine/encounter";
import type { EngineEvent } from "../../../../src/engine/events";
import type { Refusal } from "../../../../src/engine/refusal";
import { rating } from "../../../../src/engine/rulesets/rating";
import type { CombatantSetup, EncounterState } from "../../../../src/engine/state";

/** A rating table: a state, the dice still to roll, and the events of the last command. */
export class Table {
  state: EncounterState;
  events: EngineEvent[] = [];
  readonly dice: ScriptedDice;

  constructor(combatants: CombatantSetup[], dice: number[] = [], options: Record<string, string> = {}) {
    this.state = createEncounter({ ruleset: "rating", options, combatants }, rating);
    this.dice = new ScriptedDice(dice);
  }

  /** Apply a command that must be accepted. */
  do(command: Command): this {
    const result = apply(this.state, command, this.dice, rating);
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
    const result = apply(this.state, command, this.dice, rating);
    if (result.ok) throw new Error(`${command.type} was accepted`);
    if (result.state !== before) throw new Error("a refusal changed the state");
    return result.refusal;
  }

  c(id: string) {
    const found = this.state.combatants[id];
    if (!found) throw new Error(`no combatant ${id}`);
    return found;
  }

  ap(id: string): number | undefined {
    return this.c(id).pools.ap;
  }

  ofType(type: string): EngineEvent[] {
    return this.events.filter((e) => e.type === type);
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
