import type { CommandOf } from "../commands";
import { contextOf, peek, placeIn, type Context } from "../context";
import { refuse } from "../refusal";
import type { CombatantSetup, CombatantState, EncounterState } from "../state";

/** A combatant by id (an own entry: never an inherited name such as "constructor"), or a refusal naming the unknown id. */
export function combatant(state: EncounterState, id: string): CombatantState {
  const found = draftOf(state, id);
  if (!found) refuse("UnknownCombatant", { who: id });
  return found;
}

/**
 * A combatant by id, to read and never to change (context.ts peeker: inside a command no draft is
 * made of it), or a refusal naming the unknown id.
 */
export function readCombatant(state: EncounterState, id: string): CombatantState {
  const found = peek(state, id);
  if (!found) refuse("UnknownCombatant", { who: id });
  return found;
}

/**
 * Combatant `id` of `state`, to change (inside a command: its draft, noted with ctx.touch so reads
 * that skip the draft know it may differ from the base), or undefined. Every handler takes a
 * combatant it may change through this, combatant() or inRosterOrder(); one it only reads, through
 * context.ts peeker or rosterView, which take no draft.
 */
export function draftOf(state: EncounterState, id: string): CombatantState | undefined {
  const i = placeIn(state, id);
  if (i < 0) return undefined;
  contextOf(state)?.touch(id);
  return state.combatants[i];
}

/** Combatants in roster order (the order the GM added them), to change: see draftOf. */
export function inRosterOrder(state: EncounterState): CombatantState[] {
  const out: CombatantState[] = [];
  for (const id of state.roster) {
    const c = draftOf(state, id);
    if (c) out.push(c);
  }
  return out;
}

/** Build a combatant's state from what the host knows; pools are the ruleset's to fill. */
export function newCombatant(setup: CombatantSetup): CombatantState {
  return {
    id: setup.id,
    name: setup.name ?? setup.id,
    side: setup.side,
    pc: setup.pc ?? false,
    at: setup.at ? [setup.at[0], setup.at[1]] : null,
    size: setup.size ?? "medium",
    reach: setup.reach ?? 0,
    stats: { ...(setup.stats ?? {}) },
    skills: { ...(setup.skills ?? {}) },
    tags: [...(setup.tags ?? [])],
    pools: {},
    maxPools: {},
    initiative: null,
    conditions: setup.surprised ? [{ id: "surprised", rounds: null }] : [],
    surprised: setup.surprised ?? false,
    marching: setup.marching ?? null,
    unseen: setup.unseen ?? false,
    ...(setup.level === undefined ? {} : { level: setup.level }),
    defeated: false,
    usage: {},
    ext: {},
  };
}

/** Refuse unless it is `who`'s turn. */
export function requireCurrent(ctx: Context, who: string): CombatantState {
  const c = combatant(ctx.state, who);
  if (ctx.state.current !== who) refuse("NotYourTurn", { who: c.name });
  return c;
}

/** Refuse a command for a defeated combatant. */
export function requireAble(c: CombatantState): void {
  if (c.defeated) refuse("Defeated", { who: c.name });
}

/** What a `setCombatant` command changed: the new values of the fields that differ from before. */
export interface CombatantChanges {
  side?: string;
  marching?: number | null;
  unseen?: boolean;
}

/**
 * The GM's `setCombatant`: change a combatant's side, marching place or being unseen, logged like
 * any command. The core only stores the values; what they mean mid-fight is each ruleset's (its
 * handler calls this one, then acts on the changes it returns). A side cannot change while the
 * combatant is in an open offer, as reactor or as the one reacted against, or while its own move
 * or action is held for reactions: those offers were made because the two were enemies, and
 * changing sides under them would answer an offer between allies.
 */
export function changeCombatant(ctx: Context, cmd: CommandOf<"setCombatant">): CombatantChanges {
  const c = combatant(ctx.state, cmd.who);
  if (cmd.side === undefined && cmd.marching === undefined && cmd.unseen === undefined)
    refuse("NothingToChange", { who: c.name });
  const changes: CombatantChanges = {};
  if (cmd.side !== undefined && cmd.side !== c.side) {
    const held =
      ctx.state.offers.some((o) => o.who === c.id || o.against === c.id) ||
      ctx.state.pending.some((p) => p.actor === c.id);
    if (held) refuse("SideWhileHeld", { who: c.name });
    c.side = cmd.side;
    // A side is part of a body on the grid: who is an enemy of whom.
    ctx.moved(c.id);
    changes.side = cmd.side;
  }
  if (cmd.marching !== undefined && cmd.marching !== c.marching) {
    c.marching = cmd.marching;
    changes.marching = cmd.marching;
  }
  if (cmd.unseen !== undefined && cmd.unseen !== c.unseen) {
    c.unseen = cmd.unseen;
    changes.unseen = cmd.unseen;
  }
  if (Object.keys(changes).length > 0) ctx.emit({ type: "combatantChanged", who: c.id, ...changes });
  return changes;
}
