/**
 * What a command changed, as the views see it: which combatants, and whether anything else a view
 * shows (the turn, the round's structure, the open reactions). Pure: no Foundry, no DOM.
 *
 * Found by identity, never by comparing contents: the engine shares every part a command leaves
 * alone with the state before it (structural sharing), and Foundry's reader keeps each stored
 * piece's object while its text stays the same (src/foundry/store/caches.ts readState), so an
 * untouched combatant is the very object it was. A host (Foundry's tracker and sheets, the
 * playground) redraws the rows and sheets of `combatants`, and what hangs on the turn when `turn`.
 */
import type { CombatantState, EncounterState } from "../engine";

export interface StateChanges {
  /** Ids of the combatants whose object changed, who joined, or who left. */
  combatants: ReadonlySet<string>;
  /**
   * Something outside the combatants that a view reads changed: status, round, phase, segment,
   * stage, current, order, offers, pending, groups, ext, options or grid.
   */
  turn: boolean;
  /**
   * Nothing can be told apart: no state before (or after), another ruleset, or a roster whose
   * combatants moved places or repeat an id. A host redraws everything.
   */
  all: boolean;
}

/** The state's fields outside the combatants that a view reads (`seq` and `roster` are not shown). */
const TURN_FIELDS = [
  "status",
  "round",
  "phase",
  "segment",
  "stage",
  "current",
  "order",
  "offers",
  "pending",
  "groups",
  "ext",
  "options",
  "grid",
] as const satisfies readonly (keyof EncounterState)[];

/** Nothing changed: the answer for the same state twice. */
const NOTHING: StateChanges = { combatants: new Set(), turn: false, all: false };

function idsOf(...states: (EncounterState | null | undefined)[]): Set<string> {
  const ids = new Set<string>();
  for (const state of states) for (const c of state?.combatants ?? []) ids.add(c.id);
  return ids;
}

/** Everything changed: every id on either side. */
function everything(
  before: EncounterState | null | undefined,
  after: EncounterState | null | undefined,
): StateChanges {
  return { combatants: idsOf(before, after), turn: true, all: true };
}

/** Combatants by id, or null where an id is there twice (the list cannot be diffed by id). */
function byId(list: readonly CombatantState[]): Map<string, CombatantState> | null {
  const map = new Map<string, CombatantState>();
  for (const c of list) {
    if (map.has(c.id)) return null;
    map.set(c.id, c);
  }
  return map;
}

/**
 * The combatants that changed between two lists of different rosters: by id. Null when the ids
 * that stayed changed their order (rows would move) or an id repeats.
 */
function diffById(before: readonly CombatantState[], after: readonly CombatantState[]): Set<string> | null {
  const was = byId(before);
  const now = byId(after);
  if (!was || !now) return null;
  const changed = new Set<string>();
  const staying: string[] = [];
  for (const c of after) {
    const old = was.get(c.id);
    if (old === undefined) changed.add(c.id);
    else {
      staying.push(c.id);
      if (old !== c) changed.add(c.id);
    }
  }
  let k = 0;
  for (const c of before) {
    if (!now.has(c.id)) changed.add(c.id);
    else if (staying[k++] !== c.id) return null;
  }
  return changed;
}

/**
 * What changed from `before` to `after` (docs/foundry-internals.md, "Rendering by change"). Costs a
 * comparison of references per combatant at most, and nothing when the combatants' list is the
 * same object.
 */
export function stateChanges(
  before: EncounterState | null | undefined,
  after: EncounterState | null | undefined,
): StateChanges {
  if (before === after) return NOTHING;
  if (!before || !after || before.ruleset !== after.ruleset || before.version !== after.version)
    return everything(before, after);
  const turn = TURN_FIELDS.some((field) => before[field] !== after[field]);
  const was = before.combatants;
  const now = after.combatants;
  if (was === now) return { combatants: new Set(), turn, all: false };
  let combatants: Set<string> | null;
  if (before.roster === after.roster && was.length === now.length) {
    combatants = new Set();
    for (let i = 0; i < now.length; i += 1) {
      const c = now[i] as CombatantState;
      const old = was[i] as CombatantState;
      if (old === c) continue;
      if (old.id !== c.id) {
        combatants = null;
        break;
      }
      combatants.add(c.id);
    }
    // A list that disagrees with its roster at some place is read by id, as record.ts does.
    if (!combatants) combatants = diffById(was, now);
  } else combatants = diffById(was, now);
  if (!combatants) return everything(before, after);
  return { combatants, turn, all: false };
}
