import { newCombatant } from "./core/combatants";
import type { Ruleset } from "./ruleset";
import { combatantSetupFault, copyGrid, copySetup, gridFault } from "./schema";
import type { CombatantSetup, EncounterState, GridDescription, JsonObject, RulesetId } from "./state";
import { RULESET_IDS } from "./state";

export interface EncounterSetup {
  ruleset: RulesetId;
  options?: Record<string, string>;
  grid?: GridDescription;
  combatants: CombatantSetup[];
}

/**
 * Thrown for a malformed setup (unknown ruleset or option, duplicate id, a combatant or grid out
 * of bounds): the host's input is wrong.
 */
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
  if (typeof given !== "object" || given === null)
    throw new SetupError("TEMPO.Setup.UnknownOption", {
      ruleset: ruleset.id,
      option: String(given).slice(0, 64),
    });
  for (const [key, value] of Object.entries(given)) {
    const def = Object.hasOwn(ruleset.options, key) ? ruleset.options[key] : undefined;
    if (!def) throw new SetupError("TEMPO.Setup.UnknownOption", { ruleset: ruleset.id, option: key });
    if (!def.choices.includes(value))
      throw new SetupError("TEMPO.Setup.BadOptionValue", { ruleset: ruleset.id, option: key, value });
    options[key] = value;
  }
  return options;
}

/** How to name a combatant whose setup is refused: its id when it has a readable one, else its place. */
function nameOf(setup: unknown, index: number): string {
  const id: unknown =
    typeof setup === "object" && setup !== null ? (setup as { id?: unknown }).id : undefined;
  return typeof id === "string" && id !== "" ? id.slice(0, 64) : `#${index + 1}`;
}

/**
 * Check an encounter's setup as it enters the engine: a known grid, options of the ruleset, and
 * each combatant within the data model's bounds (schema.ts). Throws a SetupError naming the field.
 */
function checkSetup(setup: EncounterSetup): { grid: GridDescription; combatants: CombatantSetup[] } {
  if (typeof setup !== "object" || setup === null || !Array.isArray(setup.combatants))
    throw new SetupError("TEMPO.Setup.BadCombatant", { who: "", field: "combatants" });
  const grid = setup.grid ?? { type: "none" };
  const fault = gridFault(grid);
  if (fault !== null) throw new SetupError("TEMPO.Setup.BadGrid", { field: fault });
  const combatants = setup.combatants.map((c: unknown, index) => {
    const field = combatantSetupFault(c, grid);
    if (field !== null) throw new SetupError("TEMPO.Setup.BadCombatant", { who: nameOf(c, index), field });
    return copySetup(c as CombatantSetup);
  });
  return { grid: copyGrid(grid), combatants };
}

/** A new encounter, not yet started. The ruleset fills each combatant's pools. */
export function createEncounter(setup: EncounterSetup, ruleset: Ruleset): EncounterState {
  const checked = checkSetup(setup);
  const state: EncounterState = {
    version: 1,
    ruleset: ruleset.id,
    options: resolveOptions(ruleset, setup.options),
    grid: checked.grid,
    status: "setup",
    round: 0,
    phase: null,
    segment: null,
    stage: null,
    order: [],
    current: null,
    groups: null,
    combatants: [],
    roster: [],
    offers: [],
    pending: [],
    seq: 0,
    ext: {},
  };
  for (const c of checked.combatants) {
    if (state.roster.includes(c.id)) throw new SetupError("TEMPO.Setup.DuplicateCombatant", { who: c.id });
    const made = newCombatant(c);
    ruleset.setupCombatant(made, state);
    state.combatants.push(made);
    state.roster.push(c.id);
  }
  return state;
}
