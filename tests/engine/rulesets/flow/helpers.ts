import { expect } from "vitest";
import { apply } from "../../../../src/engine/apply";
import type { Command } from "../../../../src/engine/commands";
import { ScriptedDice } from "../../../../src/engine/dice";
import { createEncounter } from "../../../../src/engine/encounter";
import type { EngineEvent } from "../../../../src/engine/events";
import type { Refusal } from "../../../../src/engine/refusal";
import { flow } from "../../../../src/engine/rulesets/flow";
import type { CombatantSetup, EncounterState, GridDescription } from "../../../../src/engine/state";
import { combatantIn } from "../../../../src/engine/record";

/** A flow encounter driven command by command with scripted dice; every die must be used. */
export class Table {
  state: EncounterState;
  events: EngineEvent[] = [];
  private dice: ScriptedDice;
  constructor(
    combatants: CombatantSetup[],
    dice: number[] = [],
    grid: GridDescription = { type: "hex" },
    options: Record<string, string> = {},
  ) {
    this.state = createEncounter({ ruleset: "flow", grid, combatants, options }, flow);
    this.dice = new ScriptedDice(dice);
  }
  /** Apply a command that must be accepted; returns its events. */
  do(command: Command): EngineEvent[] {
    const result = apply(this.state, command, this.dice, flow);
    if (!result.ok)
      throw new Error(
        `refused ${JSON.stringify(command)}: ${result.refusal.key} ${JSON.stringify(result.refusal.data)}`,
      );
    this.state = result.state;
    this.events = result.events;
    return result.events;
  }
  /** Apply a command that must be refused, checking the state did not change; returns the key. */
  refused(command: Command): string {
    const before = JSON.stringify(this.state);
    const result = apply(this.state, command, this.dice, flow);
    if (result.ok) throw new Error(`accepted ${JSON.stringify(command)}`);
    expect(JSON.stringify(result.state)).toBe(before);
    return result.refusal.key;
  }
  /** Like `refused`, returning the whole refusal: its key and the data its message needs. */
  refusedWhole(command: Command): Refusal {
    const before = JSON.stringify(this.state);
    const result = apply(this.state, command, this.dice, flow);
    if (result.ok) throw new Error(`accepted ${JSON.stringify(command)}`);
    expect(JSON.stringify(result.state)).toBe(before);
    return result.refusal;
  }
  c(id: string) {
    const found = combatantIn(this.state, id);
    if (!found) throw new Error(`no combatant ${id}`);
    return found;
  }
  pools(id: string) {
    return this.c(id).pools;
  }
  offers(): string[] {
    return this.state.offers.map((o) => `${o.who}/${o.with}/${o.against}`).sort();
  }
  conditions(id: string): string[] {
    return this.c(id)
      .conditions.map((k) => k.id)
      .sort();
  }
  event(type: string): EngineEvent | undefined {
    return this.events.find((e) => e.type === type);
  }
  get diceLeft(): number {
    return this.dice.remaining;
  }
}

/** ana (party) at [0, 0] with agility 1 and orc (foes) at [1, 0]: ana acts first on dice 9, 4. */
export function duel(
  extra: { ana?: Partial<CombatantSetup>; orc?: Partial<CombatantSetup> } = {},
  dice: number[] = [],
): Table {
  const t = new Table(
    [
      { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 }, ...extra.ana },
      { id: "orc", side: "foes", at: [1, 0], ...extra.orc },
    ],
    [9, 4, ...dice],
  );
  t.do({ type: "start" });
  return t;
}

/**
 * orc (first, on 9) has attacked ana at [0, 0] from [1, 0] and hit; bob, at [-2, 0], may intercept.
 * `extra` combatants roll 1, 4, then 5 for initiative.
 */
export function orcHitsAna(extra: CombatantSetup[] = []): Table {
  const t = new Table(
    [
      { id: "ana", side: "party", at: [0, 0] },
      { id: "bob", side: "party", at: [-2, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
      ...extra,
    ],
    [2, 3, 9, ...extra.map((_, i) => [1, 4][i] ?? 5)],
  );
  t.do({ type: "start" });
  t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
  return t;
}
