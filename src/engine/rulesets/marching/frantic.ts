import type { Context } from "../../context";
import { combatant, draftOf } from "../../core/combatants";
import { changeOption } from "../../core/options";
import { refuse } from "../../refusal";
import type { EncounterState, JsonObject } from "../../state";

/** marching.txt "each player has six seconds to announce an action and six seconds to execute it". */
export const FRANTIC_SECONDS = 6;

/**
 * The frantic-combat clock as data for the host: whether frantic combat is on, whose turn is
 * timed, the step (`announce` or `execute`, null when no player is timed), its length in seconds
 * and the action announced. The host runs the countdown and reports a timeout.
 */
export interface FranticClock {
  on: boolean;
  who: string | null;
  step: "announce" | "execute" | null;
  seconds: number;
  announced: string | null;
}

export function clockOf(state: EncounterState): FranticClock {
  const v = state.ext.frantic;
  if (v !== null && v !== undefined && typeof v === "object" && !Array.isArray(v))
    return v as unknown as FranticClock;
  return {
    on: state.options.frantic === "on",
    who: null,
    step: null,
    seconds: FRANTIC_SECONDS,
    announced: null,
  };
}

function setClock(state: EncounterState, clock: FranticClock): void {
  state.ext.frantic = clock as unknown as JsonObject;
}

/** Start (or stop) the clock for the turn that has just begun: only players are timed. */
export function startClock(ctx: Context, who: string | null): void {
  const clock = clockOf(ctx.state);
  const pc = who !== null && combatant(ctx.state, who).pc;
  const next: FranticClock =
    clock.on && pc
      ? { on: true, who, step: "announce", seconds: FRANTIC_SECONDS, announced: null }
      : { on: clock.on, who: null, step: null, seconds: FRANTIC_SECONDS, announced: null };
  setClock(ctx.state, next);
  if (next.step !== null)
    ctx.emit({ type: "franticClockStarted", who: next.who, step: next.step, seconds: next.seconds });
}

/** Whether `who`'s actions are timed right now. */
export function timed(state: EncounterState, who: string): boolean {
  const clock = clockOf(state);
  return clock.on && clock.who === who && clock.step !== null;
}

/** `declare { who, action }`: the player announces the action within the six seconds. */
export function announce(ctx: Context, who: string, action: string): void {
  const clock = clockOf(ctx.state);
  if (!clock.on) refuse("NotFrantic");
  if (clock.who !== who || clock.step !== "announce")
    refuse("NotAnnouncing", { who: combatant(ctx.state, who).name });
  setClock(ctx.state, { ...clock, step: "execute", announced: action });
  ctx.emit({ type: "actionAnnounced", who, action, seconds: FRANTIC_SECONDS });
  ctx.emit({ type: "franticClockStarted", who, step: "execute", seconds: FRANTIC_SECONDS });
}

/** A timed action must be the one announced, and within its execute step. */
export function requireAnnounced(state: EncounterState, who: string, action: string): void {
  const clock = clockOf(state);
  if (!timed(state, who)) return;
  if (clock.step !== "execute") refuse("AnnounceFirst", { who: combatant(state, who).name });
  if (clock.announced !== action)
    refuse("NotAnnounced", { who: combatant(state, who).name, action, announced: clock.announced ?? "" });
}

/** After an announced action is executed, the clock goes back to announcing the next one. */
export function executed(ctx: Context, who: string): void {
  if (!timed(ctx.state, who)) return;
  const clock = clockOf(ctx.state);
  setClock(ctx.state, { ...clock, step: "announce", announced: null });
  ctx.emit({ type: "franticClockStarted", who, step: "announce", seconds: FRANTIC_SECONDS });
}

export function stopClock(ctx: Context): void {
  const clock = clockOf(ctx.state);
  setClock(ctx.state, { ...clock, who: null, step: null, announced: null });
}

/**
 * The GM's switch: "If the table is moving too slowly, the GM may switch to frantic combat."
 * The core `setOption { option: "frantic", value }` command records the change; this handler then
 * starts the clock at the announce step if a player's turn is under way, or stops it.
 */
export function switchFrantic(ctx: Context, option: string, value: string): void {
  changeOption(ctx, option, value);
  if (option !== "frantic") return;
  const on = value === "on";
  const state = ctx.state;
  const current = state.current === null ? undefined : draftOf(state, state.current);
  const timedNow = on && state.status === "active" && state.stage === "turns" && current?.pc === true;
  const clock: FranticClock = {
    on,
    who: timedNow && current ? current.id : null,
    step: timedNow ? "announce" : null,
    seconds: FRANTIC_SECONDS,
    announced: null,
  };
  setClock(state, clock);
  if (clock.step !== null)
    ctx.emit({ type: "franticClockStarted", who: clock.who, step: clock.step, seconds: clock.seconds });
}
