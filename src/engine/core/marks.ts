import { engineChecks, held, peeker, settled, type Context } from "../context";
import type { CombatantState, EncounterState } from "../state";

/**
 * Lists of ids kept in the encounter (`state.ext[key]`) for the combatants that carry some mark of
 * their own: a readied action, a delay. A command that must ask "is anybody waiting for this?"
 * reads the few listed instead of every combatant. A state saved before its ruleset kept the list
 * has none: the answer then comes from reading every combatant, and the first change makes the list.
 */
export interface Mark {
  /** The encounter ext key the list is kept under. */
  readonly key: string;
  /** Whether a combatant carries the mark (read from the combatant itself). */
  readonly has: (c: CombatantState) => boolean;
}

function scan(state: EncounterState, mark: Mark): string[] {
  const read = peeker(state);
  return settled(state.roster).filter((id) => {
    const c = read(id);
    return c !== undefined && mark.has(c);
  });
}

/** The list as kept (or, before there is one, as read from every combatant). */
function listed(state: EncounterState, mark: Mark): readonly string[] {
  // Read as held (context.ts held): asking whether anybody is marked takes no draft.
  const kept: unknown = held(held(state, "ext"), mark.key);
  return Array.isArray(kept) ? (settled(kept) as string[]) : scan(state, mark);
}

/** The ids with `mark`, in no set order (a caller orders them as its rules say). */
export function marked(state: EncounterState, mark: Mark): readonly string[] {
  const ids = listed(state, mark);
  if (engineChecks.reads) {
    const listed = new Set(ids);
    const exact = scan(state, mark);
    const found = settled(state.roster).filter((id) => listed.has(id));
    if (exact.join() !== found.join())
      throw new Error(`Tempo: ${mark.key} lists ${found.join()} but ${exact.join()} carry the mark`);
  }
  return ids;
}

/** Start an encounter's list empty (nobody carries the mark when combat starts). */
export function startMarks(ctx: Context, mark: Mark): void {
  ctx.state.ext[mark.key] = [];
}

/** Keep the list true when `who` takes the mark (`on`) or loses it. */
export function setMarked(ctx: Context, mark: Mark, who: string, on: boolean): void {
  // Called right after the mark changed on `who`: the list is read as kept, not checked.
  const others = listed(ctx.state, mark).filter((id) => id !== who);
  ctx.state.ext[mark.key] = on ? [...others, who] : others;
}
