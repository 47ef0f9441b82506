/**
 * What a command (or an undo) changed between two engine states, by identity: the engine shares
 * every untouched object with the state before it, so comparing references finds the combatants
 * that changed without reading them. The same shape as src/views/changes.ts `stateChanges`
 * (issue 31, contract 3), which replaces this one once it is in main.
 */
import type { EncounterState } from "../engine";

export interface StateChanges {
  /** Ids whose combatant object changed, joined or left. */
  combatants: ReadonlySet<string>;
  /** Something outside the combatants a view reads changed (turn, round, offers, order ...). */
  turn: boolean;
  /** Nothing can be diffed (no state before, or the roster changed): draw everything. */
  all: boolean;
}

/** The top-level fields, other than the combatants, that the tracker, sheet and prompt read. */
const TURN_FIELDS = [
  "status",
  "round",
  "phase",
  "segment",
  "stage",
  "order",
  "current",
  "groups",
  "offers",
  "pending",
  "ext",
  "options",
  "grid",
  "ruleset",
] as const satisfies readonly (keyof EncounterState)[];

const NOTHING: StateChanges = { combatants: new Set(), turn: false, all: false };

export function stateChanges(before: EncounterState | null | undefined, after: EncounterState): StateChanges {
  if (!before) return { combatants: new Set(after.roster), turn: true, all: true };
  if (before === after) return NOTHING;
  const turn = TURN_FIELDS.some((field) => before[field] !== after[field]);
  const changed = new Set<string>();
  if (before.roster !== after.roster && !sameIds(before.roster, after.roster)) {
    // Someone joined or left (or the roster was reordered): every row may have moved.
    for (const id of before.roster) changed.add(id);
    for (const id of after.roster) changed.add(id);
    return { combatants: changed, turn: true, all: true };
  }
  if (before.combatants !== after.combatants) {
    after.combatants.forEach((c, i) => {
      if (c !== before.combatants[i]) changed.add(after.roster[i] ?? c.id);
    });
  }
  return { combatants: changed, turn, all: false };
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
