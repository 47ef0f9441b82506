import { apply } from "../../src/engine/apply";
import type { Command } from "../../src/engine/commands";
import { ScriptedDice } from "../../src/engine/dice";
import { createEncounter, type EncounterSetup } from "../../src/engine/encounter";
import type { EngineEvent } from "../../src/engine/events";
import type { Refusal } from "../../src/engine/refusal";
import type { Ruleset } from "../../src/engine/ruleset";
import type { CombatantSetup, CombatantState, EncounterState } from "../../src/engine/state";
import { combatantIn } from "../../src/engine/record";

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

/**
 * A driver that keeps only the last command's events and returns a refusal whole (its key and
 * data), for tests that look at one command at a time.
 */
export class StepTable {
  state: EncounterState;
  events: EngineEvent[] = [];
  readonly dice: ScriptedDice;

  constructor(
    private readonly ruleset: Ruleset,
    setup: Omit<EncounterSetup, "ruleset">,
    dice: number[] = [],
  ) {
    this.state = createEncounter({ ruleset: ruleset.id, ...setup }, ruleset);
    this.dice = new ScriptedDice(dice);
  }

  /** Apply a command that must be accepted. */
  do(command: Command): this {
    const result = apply(this.state, command, this.dice, this.ruleset);
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
    const result = apply(this.state, command, this.dice, this.ruleset);
    if (result.ok) throw new Error(`${command.type} was accepted`);
    if (result.state !== before) throw new Error("a refusal changed the state");
    return result.refusal;
  }

  c(id: string): CombatantState {
    const found = combatantIn(this.state, id);
    if (!found) throw new Error(`no combatant ${id}`);
    return found;
  }

  ofType(type: string): EngineEvent[] {
    return this.events.filter((e) => e.type === type);
  }
}
