/**
 * A state's combatants by id. The state keeps them as a list in roster order
 * (`combatants[i]` is `roster[i]`'s), not as a record keyed by id: a command that changes one
 * combatant copies the list, and copying a list of N is a copy of N references, where copying a
 * record of N keys made V8 insert N keys one by one into a new dictionary (at N = 200, half of an
 * ordinary command's time; docs/performance.md). Finding a combatant by id goes through the
 * positions of its roster, worked out once per roster (a roster is shared, unchanged, by every
 * state until somebody joins or leaves) and checked at every read, so a list and roster that
 * disagree are still read right, by a scan.
 *
 * For plain states (hosts, views, tests). Inside a command the engine reads through context.ts
 * (peeker, peek) and core/combatants.ts (draftOf), which use positionIn on the state's own lists.
 */
import type { CombatantState, EncounterState } from "./state";

/** What the lookups read of a state. */
export type Roster = Pick<EncounterState, "roster" | "combatants">;

const positions = new WeakMap<readonly string[], Map<string, number>>();

/** Each id's place in `roster` (the first, if an id is there twice), worked out once per roster. */
function positionsOf(roster: readonly string[]): Map<string, number> {
  let found = positions.get(roster);
  if (!found) {
    found = new Map();
    for (let i = roster.length - 1; i >= 0; i -= 1) found.set(roster[i] as string, i);
    positions.set(roster, found);
  }
  return found;
}

/**
 * Where combatant `id` stands in `list`, or -1: its place in `roster` when the list holds it
 * there (`at(i)` reads the list's i-th entry, for a list that must not be read directly), else a
 * scan of the list (a combatant who joined in this command, after the roster the positions were
 * worked out for; or a list that disagrees with the roster).
 */
export function positionIn(
  roster: readonly string[],
  length: number,
  id: string,
  at: (i: number) => CombatantState | undefined,
): number {
  const i = positionsOf(roster).get(id);
  if (i !== undefined && i < length && at(i)?.id === id) return i;
  for (let k = 0; k < length; k += 1) if (at(k)?.id === id) return k;
  return -1;
}

/** Where combatant `id` stands in `state.combatants`, or -1. */
export function positionOf(state: Roster, id: string): number {
  const list = state.combatants;
  return positionIn(state.roster, list.length, id, (i) => list[i]);
}

/** Combatant `id` of `state`, or undefined (also where there is no state yet). */
export function combatantIn(state: Roster | null | undefined, id: string): CombatantState | undefined {
  if (!state) return undefined;
  const i = positionOf(state, id);
  return i < 0 ? undefined : state.combatants[i];
}

/** Whether `state` has a combatant `id`. */
export function hasCombatant(state: Roster, id: string): boolean {
  return positionOf(state, id) >= 0;
}

/** The combatants of `state` keyed by id: for a host that stores or shows them by id. */
export function combatantsById(state: Roster): Record<string, CombatantState> {
  const out: Record<string, CombatantState> = {};
  for (const c of state.combatants) out[c.id] = c;
  return out;
}

/**
 * The list of combatants for `roster` from combatants keyed by id (stored pieces, an older
 * state's record): roster order, ids with no combatant left out.
 */
export function combatantList(
  roster: readonly string[],
  byId: Readonly<Record<string, CombatantState | undefined>>,
): CombatantState[] {
  const out: CombatantState[] = [];
  for (const id of roster) {
    const c = Object.hasOwn(byId, id) ? byId[id] : undefined;
    if (c) out.push(c);
  }
  return out;
}
