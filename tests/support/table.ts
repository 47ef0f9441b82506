import { apply } from "../../src/engine/apply";
import type { Command } from "../../src/engine/commands";
import { ScriptedDice } from "../../src/engine/dice";
import { createEncounter, type EncounterSetup } from "../../src/engine/encounter";
import type { EngineEvent } from "../../src/engine/events";
import type { Ruleset } from "../../src/engine/ruleset";
import type { CombatantSetup, EncounterState } from "../../src/engine/state";

/** A small driver for ruleset tests: apply commands with scripted dice, failing loudly on an unexpected refusal. */
export class RulesetTable {
  state: EncounterState;
  events: EngineEvent[] = [];
  readonly dice: ScriptedDice;
  constructor(
    private readonly ruleset: Ruleset,
    combatants: CombatantSetup[],
    dice: number[] = [],
    extra: Partial<EncounterSetup> = {},
  ) {
    this.state = createEncounter({ ruleset: ruleset.id, combatants, ...extra }, ruleset);
    this.dice = new ScriptedDice(dice);
  }
  do(command: Command): this {
    const result = apply(this.state, command, this.dice, this.ruleset);
    if (!result.ok) throw new Error(`refused ${JSON.stringify(command)}: ${result.refusal.key}`);
    this.state = result.state;
    this.events.push(...result.events);
    return this;
  }
  /** Apply a command expected to be refused; returns the refusal key and checks nothing changed. */
  refused(command: Command): string {
    const before = this.state;
    const snapshot = JSON.stringify(before);
    const result = apply(before, command, this.dice, this.ruleset);
    if (result.ok) throw new Error(`accepted ${JSON.stringify(command)}`);
    if (result.state !== before || JSON.stringify(result.state) !== snapshot)
      throw new Error("a refusal changed the state");
    return result.refusal.key;
  }
  next(times = 1): this {
    for (let i = 0; i < times; i += 1) this.do({ type: "next" });
    return this;
  }
  eventsOf(type: string): EngineEvent[] {
    return this.events.filter((e) => e.type === type);
  }
}
