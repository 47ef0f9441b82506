import { create, isDraft } from "mutative";

import type { Command } from "./commands";
import { createContext, DryRunDone, placeIn, type Context } from "./context";
import { changeCombatant, combatant, newCombatant } from "./core/combatants";
import { carryIndex } from "./core/movement";
import { place } from "./core/place";
import { addCondition, removeCondition } from "./core/conditions";
import { withdrawOffers } from "./core/offers";
import { changeOption } from "./core/options";
import { gain, spend } from "./core/pools";
import { DicePortError, type DicePort } from "./dice";
import type { EngineEvent } from "./events";
import { refuse, RefusalError, type Refusal } from "./refusal";
import { parseCommand } from "./schema";
import type { Handler, Handlers, Ruleset } from "./ruleset";
import type { EncounterState } from "./state";

export type ApplyResult =
  | { ok: true; state: EncounterState; events: EngineEvent[] }
  | { ok: false; state: EncounterState; refusal: Refusal };

/** Commands allowed before the encounter starts (setting up the tracker). */
const BEFORE_START = new Set<Command["type"]>([
  "start",
  "apply",
  "removeCondition",
  "addCombatant",
  "removeCombatant",
  "setDefeated",
  "adjustPool",
  "setOption",
  "place",
  "setCombatant",
  "end",
]);

/** What the core does for every ruleset unless the ruleset handles the command itself. */
export const coreHandlers: Handlers = {
  apply(ctx, cmd) {
    combatant(ctx.state, cmd.who);
    if (cmd.rounds !== null && (!Number.isInteger(cmd.rounds) || cmd.rounds < 1))
      refuse("BadDuration", { rounds: cmd.rounds });
    addCondition(ctx, cmd.who, cmd.condition, cmd.rounds);
  },
  removeCondition(ctx, cmd) {
    combatant(ctx.state, cmd.who);
    removeCondition(ctx, cmd.who, cmd.condition);
  },
  adjustPool(ctx, cmd) {
    const c = combatant(ctx.state, cmd.who);
    if (!Object.hasOwn(c.pools, cmd.pool)) refuse("UnknownPool", { pool: cmd.pool });
    if (!Number.isInteger(cmd.delta)) refuse("BadAmount", { amount: cmd.delta });
    if (cmd.delta < 0) spend(ctx, cmd.who, cmd.pool, -cmd.delta, "adjusted");
    else gain(ctx, cmd.who, cmd.pool, cmd.delta, "adjusted");
  },
  setDefeated(ctx, cmd) {
    const c = combatant(ctx.state, cmd.who);
    c.defeated = cmd.defeated;
    ctx.moved(cmd.who);
    ctx.emit({ type: "defeatedChanged", who: cmd.who, defeated: cmd.defeated });
    if (cmd.defeated) withdrawOffers(ctx, (o) => o.who === cmd.who, "defeated");
  },
  setOption(ctx, cmd) {
    changeOption(ctx, cmd.option, cmd.value);
  },
  addCombatant(ctx, cmd) {
    if (placeIn(ctx.state, cmd.combatant.id) >= 0) refuse("DuplicateCombatant", { who: cmd.combatant.id });
    const made = newCombatant(cmd.combatant);
    ctx.ruleset.setupCombatant(made, ctx.state);
    ctx.touch(made.id);
    ctx.joinedOrLeft();
    ctx.state.combatants.push(made);
    ctx.state.roster.push(made.id);
    ctx.moved(made.id);
    ctx.emit({ type: "combatantAdded", who: made.id });
  },
  removeCombatant(ctx, cmd) {
    combatant(ctx.state, cmd.who);
    if (ctx.state.current === cmd.who) refuse("RemoveCurrent", { who: cmd.who });
    ctx.touch(cmd.who);
    const at = placeIn(ctx.state, cmd.who);
    ctx.joinedOrLeft();
    ctx.state.combatants.splice(at, 1);
    ctx.state.roster = ctx.state.roster.filter((id) => id !== cmd.who);
    ctx.state.order = ctx.state.order.filter((id) => id !== cmd.who);
    ctx.moved(cmd.who);
    // Offers made to or against someone who left can no longer be answered.
    withdrawOffers(ctx, (o) => o.who === cmd.who || o.against === cmd.who, "removed");
    ctx.state.pending = ctx.state.pending.filter(
      (p) => p.actor !== cmd.who || ctx.state.offers.some((o) => o.trigger === p.id),
    );
    ctx.emit({ type: "combatantRemoved", who: cmd.who });
  },
  place,
  setCombatant: changeCombatant,
  end(ctx) {
    ctx.state.status = "ended";
    ctx.state.current = null;
    withdrawOffers(ctx, () => true, "ended");
    ctx.state.pending = [];
    ctx.emit({ type: "combatEnded", round: ctx.state.round });
  },
};

function handlerFor(ruleset: Ruleset, type: Command["type"]): Handler<Command["type"]> | undefined {
  const own = ruleset.handlers[type] ?? coreHandlers[type];
  return own as Handler<Command["type"]> | undefined;
}

/**
 * The one check every command gets: an acting combatant must exist. Read in the base (nothing has
 * changed yet): taking the actor from the draft would copy the record of every combatant even for
 * a command that changes none.
 */
function checkActor(ctx: Context, command: Command): void {
  if ("who" in command && command.type !== "apply" && command.type !== "removeCondition") {
    combatant(ctx.base, command.who);
  }
}

function isEncounterState(state: unknown): state is EncounterState {
  return (
    typeof state === "object" &&
    state !== null &&
    Array.isArray((state as { combatants?: unknown }).combatants) &&
    Array.isArray((state as { roster?: unknown }).roster)
  );
}

function typeName(command: unknown): string {
  if (typeof command !== "object" || command === null || !Object.hasOwn(command, "type")) return "";
  const type: unknown = (command as { type?: unknown }).type;
  return typeof type === "string" ? type.slice(0, 64) : "";
}

/**
 * Apply a command to a state. Total: whatever `command` is, the answer is the next state or a
 * refusal with the given state, never an exception. The command is first checked against its
 * schema (schema.ts): a malformed one is refused before any handler runs, and a well-formed one
 * reaches its handler as a fresh copy of its checked fields. The given state is never changed: the
 * handler works on a draft (structural sharing), which becomes the next state, or is dropped when the command is
 * refused. An error that is not a refusal (a bug in a handler) is logged and becomes the refusal
 * TEMPO.Refusal.Internal, so the host keeps a consistent state. The one thing that still reaches
 * the host is an error its own dice port threw (a scripted port out of dice, the adapter's loop
 * asking what to roll): that is the host's error, handed back unchanged.
 */
export function apply(
  state: EncounterState,
  command: unknown,
  dice: DicePort,
  ruleset: Ruleset,
): ApplyResult {
  return run(state, command, dice, ruleset, false);
}

/**
 * What `apply` would answer, without the next state: the refusal, or null when the command would
 * be applied. The handler runs on a draft exactly as in `apply`; once it has run to its end, or
 * said the command is decided (ctx.decided: what follows is its consequence), the draft is
 * dropped instead of made the next state, so a dry run (the sheet asks one per action on every
 * change, the prompt one per offer) never pays for finalising a state nobody keeps (issue 31).
 * Errors reach the host as they would from `apply`.
 */
export function refusalOf(
  state: EncounterState,
  command: unknown,
  dice: DicePort,
  ruleset: Ruleset,
): Refusal | null {
  const result = run(state, command, dice, ruleset, true);
  return result.ok ? null : result.refusal;
}

function run(
  state: EncounterState,
  command: unknown,
  dice: DicePort,
  ruleset: Ruleset,
  dry: boolean,
): ApplyResult {
  if (!isEncounterState(state) || state.ruleset !== ruleset.id)
    return {
      ok: false,
      state,
      refusal: {
        key: "TEMPO.Refusal.WrongRuleset",
        data: {
          ruleset: ruleset.id,
          state: isEncounterState(state) ? String(state.ruleset).slice(0, 64) : "",
        },
      },
    };
  let parsed: Command;
  try {
    parsed = parseCommand(command, state, ruleset);
  } catch (error) {
    if (error instanceof RefusalError) return { ok: false, state, refusal: error.refusal };
    return internal(state, command, error);
  }
  try {
    // Structural sharing (mutative): the handler mutates a draft; only what it changes is copied,
    // everything else is shared with `state`, which is never changed. Events and refusal data are
    // detached before the draft is finalised, so none of them holds a draft or a part of the state.
    let events: EngineEvent[] = [];
    let context: Context | undefined;
    const next = produce(state, (draft) => {
      const ctx = createContext(draft, ruleset, dice, state, dry);
      context = ctx;
      try {
        if (state.status === "ended") refuse("CombatEnded");
        if (state.status === "setup" && !BEFORE_START.has(parsed.type)) refuse("NotStarted");
        if (state.status === "active" && parsed.type === "start") refuse("AlreadyStarted");
        checkActor(ctx, parsed);
        const handler = handlerFor(ruleset, parsed.type);
        if (!handler) refuse("NotInRuleset", { command: parsed.type, ruleset: ruleset.id });
        handler(ctx, parsed);
      } catch (error) {
        if (error instanceof RefusalError)
          throw new RefusalError({ key: error.refusal.key, data: detached(error.refusal.data) });
        throw error;
      }
      if (dry) throw new DryRunDone();
      events = ctx.events.map(detached);
    });
    if (context) carryIndex(context, next);
    return { ok: true, state: next, events };
  } catch (error) {
    if (error instanceof DryRunDone) return { ok: true, state, events: [] };
    if (error instanceof RefusalError) return { ok: false, state, refusal: error.refusal };
    // The host's own dice port failed (out of scripted dice, or asking what to roll): its error.
    if (error instanceof DicePortError) throw error.error;
    return internal(state, command, error);
  }
}

/**
 * mutative's create, typed for the encounter: its own deep Draft type is more than the compiler
 * will instantiate for EncounterState, and a draft has the state's shape anyway.
 */
const produce = create as unknown as (
  base: EncounterState,
  recipe: (draft: EncounterState) => void,
) => EncounterState;

/**
 * An event (or a refusal's data) made the host's own, read while the draft is alive: every object
 * or list in it is replaced by a plain deep copy, so it holds no draft and shares nothing with
 * the state (a host may keep or change it freely). The event itself is the handler's own new
 * object (every emit site builds one), so only what it holds is copied, in place: most events
 * hold only strings and numbers, and every event of every command comes here.
 */
function detached<T extends object>(value: T): T {
  if (isDraft(value)) return copied(value);
  const record = value as Record<string, unknown>;
  for (const k in record) {
    const v = record[k];
    if (typeof v === "object" && v !== null && Object.hasOwn(record, k)) record[k] = copied(v);
  }
  return value;
}

/** A plain deep copy of a draft (or of anything under one), read through it. */
function copied<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const list: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i += 1) list[i] = copied(value[i]);
    return list as T;
  }
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) out[k] = copied((value as Record<string, unknown>)[k]);
  return out as T;
}

/** A handler failed without refusing: log it for the developer, refuse it for the table. */
function internal(state: EncounterState, command: unknown, error: unknown): ApplyResult {
  const type = typeName(command);
  console.error(`Tempo: the engine failed on a "${type}" command; the state is unchanged.`, error);
  return { ok: false, state, refusal: { key: "TEMPO.Refusal.Internal", data: { command: type } } };
}
