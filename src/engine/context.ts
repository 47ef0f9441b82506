import { current, isDraft, original } from "mutative";

import { DicePortError, DieOutOfRange, type DicePort } from "./dice";
import type { EngineEvent } from "./events";
import type { Context, Ruleset } from "./ruleset";
import { combatantIn, positionIn, positionOf } from "./record";
import type { CombatantState, EncounterState } from "./state";

/** The context a handler works with is declared with the ruleset contract (ruleset.ts), which names it. */
export type { Context } from "./ruleset";

/** The context a command handler runs in, by its state (the draft): see contextOf. */
const contexts = new WeakMap<EncounterState, Context>();

/**
 * The context whose draft `state` is, when `state` is the state of a running command with a plain
 * base to read from; the scene's index is then shared with the base and rebuilt only after a move.
 */
export function contextOf(state: EncounterState): Context | undefined {
  return contexts.get(state);
}

/**
 * Checks for the test suite: when `indexes` is on, every scene index a command takes from its base
 * is compared with one built from the draft itself, and a difference (a handler that changed a body
 * without calling ctx.moved) throws. When `reads` is on, every combatant peeker reads inside a
 * command is compared with the draft's own, and a difference (a combatant taken from the draft
 * without ctx.touch) throws, and so does a combatant placeIn finds elsewhere than the draft's own
 * list holds it.
 */
export const engineChecks = { indexes: false, reads: false };

/**
 * Thrown inside a dry run's draft once the command is known to be accepted (its handler done, or
 * ctx.decided): the draft is dropped, not finalised. An answer, not a fault: no stack.
 */
export class DryRunDone {}

/** A command's context (createContext): one object whose methods are shared by every command. */
class CommandContext implements Context {
  readonly events: EngineEvent[] = [];
  readonly geometry = { moved: new Set<string>(), version: 0 };
  readonly touched = new Set<string>();
  rosterChanged = false;

  constructor(
    readonly state: EncounterState,
    readonly ruleset: Ruleset,
    private readonly dice: DicePort,
    readonly base: EncounterState,
    private readonly dry: boolean,
  ) {}

  decided(): void {
    if (this.dry) throw new DryRunDone();
  }

  touch(who: string): void {
    this.touched.add(who);
  }

  emit(event: EngineEvent): void {
    this.events.push(event);
  }

  roll(faces: number, purpose: string, who?: string): number {
    let result: number;
    try {
      result = this.dice.roll(faces);
    } catch (error) {
      throw new DicePortError(error);
    }
    // A port that answers what no die shows would put NaN or 0 into the state: the host's fault.
    if (!Number.isInteger(result) || result < 1 || result > faces)
      throw new DicePortError(new DieOutOfRange(faces, result));
    this.events.push({ type: "diceRolled", faces, result, purpose, ...(who === undefined ? {} : { who }) });
    return result;
  }

  nextId(prefix: string): string {
    this.state.seq += 1;
    return `${prefix}${this.state.seq}`;
  }

  moved(who: string): void {
    this.geometry.moved.add(who);
    this.geometry.version += 1;
  }

  joinedOrLeft(): void {
    this.rosterChanged = true;
  }
}

export function createContext(
  state: EncounterState,
  ruleset: Ruleset,
  dice: DicePort,
  base: EncounterState = state,
  dry = false,
): Context {
  const ctx = new CommandContext(state, ruleset, dice, base, dry);
  contexts.set(state, ctx);
  return ctx;
}

/**
 * A context for checks that change nothing: a ruler preview runs a handler's checks with it.
 * Emitting, rolling or taking an id would mean the check changes something, which is a bug.
 */
export function readOnlyContext(state: EncounterState, ruleset: Ruleset): Context {
  const changes = (what: string) => (): never => {
    throw new Error(`Tempo: a read-only check tried to ${what}`);
  };
  return {
    state,
    base: state,
    ruleset,
    events: [],
    emit: changes("emit an event"),
    roll: changes("roll a die"),
    nextId: changes("take an id"),
    moved: changes("move a body"),
    geometry: { moved: new Set(), version: 0 },
    // Its state is read, never drafted: nothing to note.
    touch() {},
    touched: new Set(),
    joinedOrLeft: changes("add or remove a combatant"),
    rosterChanged: false,
    // A check runs no consequences: nothing to stop.
    decided() {},
  };
}

/**
 * Combatants by id, to read and never to change, without making a draft of them: the lookup, made
 * once. Inside a command (a draft with a plain base) a
 * combatant the command never took from the draft (ctx.touch) is read from the base, as it cannot
 * have changed, and one it took is the draft itself: so a scan over every combatant copies
 * nothing, whatever their number. Each call answers as the combatant is now; what it returns is
 * read within the command and never kept past it (a draft ends with its command).
 */
export function peeker(state: EncounterState): (id: string) => CombatantState | undefined {
  const ctx = contextOf(state);
  if (!ctx || ctx.base === ctx.state) {
    const plain = { roster: settled(state.roster), combatants: settled(state.combatants) };
    return (id) => combatantIn(plain, id);
  }
  const { base, touched } = ctx;
  const read = (id: string): CombatantState | undefined => {
    if (!touched.has(id)) return combatantIn(base, id);
    const i = placeIn(state, id);
    return i < 0 ? undefined : state.combatants[i];
  };
  if (!engineChecks.reads) return read;
  return (id) => {
    const fast = read(id);
    // The draft's own entry (the original while nothing took it, else its draft), without a draft.
    const i = placeIn(state, id);
    const exact: unknown = i < 0 ? undefined : held(state.combatants, i);
    if (fast !== exact && JSON.stringify(fast) !== JSON.stringify(exact))
      throw new Error(`Tempo: combatant "${id}" changed in a command without ctx.touch`);
    return fast;
  };
}

/**
 * One combatant, read as peeker reads it: for a single read, without making a reader (a reader is
 * a new function, which a bundle that keeps function names also names, at every call).
 */
export function peek(state: EncounterState, id: string): CombatantState | undefined {
  const ctx = contextOf(state);
  if (!ctx || ctx.base === ctx.state || engineChecks.reads) return peeker(state)(id);
  if (!ctx.touched.has(id)) return combatantIn(ctx.base, id);
  const i = placeIn(state, id);
  return i < 0 ? undefined : state.combatants[i];
}

/** engineChecks.reads: the place found through the base must be the one a scan of the draft's list gives. */
function checkPlace(state: EncounterState, id: string, found: number): void {
  const list = held(state, "combatants");
  let scanned = -1;
  for (let i = 0; i < list.length && scanned < 0; i += 1) if (held(list, i)?.id === id) scanned = i;
  if (scanned !== found)
    throw new Error(
      `Tempo: combatant "${id}" found at ${found}, but the command's list holds it at ${scanned}`,
    );
}

/**
 * Whether nobody joined or left in the command whose draft is `state`: its roster is the base's
 * own, or a draft of it no longer than it. The roster and the list of combatants change only
 * together, and only by joining (core addCombatant pushes onto both) and leaving (core
 * removeCombatant splices the list and sets a new roster), so where the roster is unchanged the
 * list holds the same ids at the same places as the base's. For engineChecks.reads, which checks
 * the context's own note of it (joinedOrLeft).
 */
function sameRoster(state: EncounterState, base: EncounterState): boolean {
  const roster = held(state, "roster");
  if (roster === base.roster) return true;
  return isDraft(roster) && original(roster) === base.roster && roster.length === base.roster.length;
}

/**
 * Where combatant `id` stands in `state.combatants` (a command's draft or a plain state), or -1,
 * found without making a draft of any combatant: inside a command where nobody joined or left
 * (ctx.joinedOrLeft was not called), by the base's own list (plain); else by the positions of the
 * roster the command started from (record.ts positionIn checks the entry there and scans when it
 * is not `id`), each entry read as held.
 */
export function placeIn(state: EncounterState, id: string): number {
  const ctx = contexts.get(state);
  if (ctx && !ctx.rosterChanged) {
    const found = positionOf(ctx.base, id);
    if (engineChecks.reads) {
      if (!sameRoster(state, ctx.base))
        throw new Error("Tempo: the roster changed in a command without ctx.joinedOrLeft");
      checkPlace(state, id, found);
    }
    return found;
  }
  const list = held(state, "combatants");
  const roster = ctx ? ctx.base.roster : held(state, "roster");
  if (!isDraft(list)) return positionIn(roster, list.length, id, (i) => list[i]);
  return positionIn(roster, list.length, id, (i) => held(list, i));
}

/**
 * Every combatant in roster order, to read and never to change: peeker over the roster, so a scan
 * inside a command takes no draft (and copies nothing) for the combatants it only looks at.
 */
export function rosterView(state: EncounterState): CombatantState[] {
  const read = peeker(state);
  const out: CombatantState[] = [];
  for (const id of settled(state.roster)) {
    const c = read(id);
    if (c) out.push(c);
  }
  return out;
}

/**
 * Whether an item of `list` passes `test`, reading each item as the list holds it: inside a command
 * neither a draft of an item the command never took nor a copy of the list is made (mutative's
 * `current` copies a list the command changed), so a scan of the open offers after a push is a scan.
 */
export function someItem<T>(list: readonly T[], test: (item: T) => boolean): boolean {
  if (!isDraft(list)) return list.some(test);
  for (let i = 0; i < list.length; i += 1)
    if (test(Object.getOwnPropertyDescriptor(list, i)?.value as T)) return true;
  return false;
}

/**
 * The items of `list` as it holds them, to read and never to change: `list` itself when it is not a
 * draft, else a plain list of its items, each the plain original unless the command took it from
 * the draft (see someItem). A new list made from them can be put back in the state.
 */
export function itemsOf<T>(list: readonly T[]): readonly T[] {
  if (!isDraft(list)) return list;
  const out: T[] = new Array<T>(list.length);
  for (let i = 0; i < list.length; i += 1) out[i] = Object.getOwnPropertyDescriptor(list, i)?.value as T;
  return out;
}

/**
 * `value[key]` as the state holds it, to read and never to change: inside a command, the plain
 * original when the command never took it from the draft (so no draft is made just to read it),
 * else the draft the command took. Outside a command, `value[key]` itself. Reading a field through
 * a draft makes a draft of it and a copy of its holder, which a finished command then walks again.
 */
export function held<T extends object, K extends keyof T>(value: T, key: K): T[K] {
  if (!isDraft(value)) return value[key];
  return Object.getOwnPropertyDescriptor(value, key)?.value as T[K];
}

/**
 * The scene's grid, read plain: no command changes it, so inside a command it is the base's, with
 * none of the draft's cost per read (geometry asks for it at every cell it measures).
 */
export function gridOf(state: EncounterState): EncounterState["grid"] {
  const ctx = contexts.get(state);
  return ctx ? ctx.base.grid : state.grid;
}

/**
 * What `value` holds now, as plain data: itself when it is not a draft, else mutative's current
 * value (the original when nothing under it changed; otherwise a shallow copy sharing every
 * unchanged part). For scans that read every combatant: reading through the draft makes a proxy
 * for each object read, which costs more than the command itself at a few thousand combatants.
 * Read only: what it returns may be the state the command started from.
 */
export function settled<T extends object>(value: T): T {
  return isDraft(value) ? current(value) : value;
}
