import { newCombatant } from "./core/combatants";
import type { Ruleset } from "./ruleset";
import type { CombatantSetup, EncounterState, GridDescription, JsonObject, RulesetId } from "./state";
import { RULESET_IDS } from "./state";

export interface EncounterSetup {
  ruleset: RulesetId;
  options?: Record<string, string>;
  grid?: GridDescription;
  combatants: CombatantSetup[];
}

/** Thrown for a malformed setup (unknown ruleset or option, duplicate id): the host's input is wrong. */
export class SetupError extends Error {
  constructor(
    readonly key: string,
    readonly data: Record<string, string>,
  ) {
    super(`${key} ${JSON.stringify(data)}`);
    this.name = "SetupError";
  }
}

export function isRulesetId(id: string): id is RulesetId {
  return (RULESET_IDS as readonly string[]).includes(id);
}

/** Check options against the ruleset's declared options, filling defaults. */
export function resolveOptions(ruleset: Ruleset, given: Record<string, string> = {}): JsonObject {
  const options: JsonObject = {};
  for (const [key, def] of Object.entries(ruleset.options)) options[key] = def.default;
  for (const [key, value] of Object.entries(given)) {
    const def = Object.hasOwn(ruleset.options, key) ? ruleset.options[key] : undefined;
    if (!def) throw new SetupError("TEMPO.Setup.UnknownOption", { ruleset: ruleset.id, option: key });
    if (!def.choices.includes(value))
      throw new SetupError("TEMPO.Setup.BadOptionValue", { ruleset: ruleset.id, option: key, value });
    options[key] = value;
  }
  return options;
}

/** A new encounter, not yet started. The ruleset fills each combatant's pools. */
export function createEncounter(setup: EncounterSetup, ruleset: Ruleset): EncounterState {
  const state: EncounterState = {
    version: 1,
    ruleset: ruleset.id,
    options: resolveOptions(ruleset, setup.options),
    grid: setup.grid ?? { type: "none" },
    status: "setup",
    round: 0,
    phase: null,
    segment: null,
    stage: null,
    order: [],
    current: null,
    groups: null,
    combatants: {},
    roster: [],
    offers: [],
    pending: [],
    seq: 0,
    ext: {},
  };
  for (const c of setup.combatants) {
    if (state.combatants[c.id]) throw new SetupError("TEMPO.Setup.DuplicateCombatant", { who: c.id });
    const made = newCombatant(c);
    ruleset.setupCombatant(made, state);
    state.combatants[c.id] = made;
    state.roster.push(c.id);
  }
  return state;
}
