import { held } from "../../context";
import type { Command } from "../../commands";
import type { CombatantState, EncounterState, JsonObject } from "../../state";
import type { Mark } from "../../core/marks";

/** Where in the cycle something happened: a Turn and a Phase. */
export interface PhasePoint {
  round: number;
  phase: number | "surprise";
}

/** A delayed action: "take no action on your own Initiative score and wait to act later". */
export interface Delaying {
  /** Act immediately before this character, if named ("immediately before Captain Comet's action"). */
  until: string | null;
  since: PhasePoint;
}

/** A readied action: "specify the action you will take and the conditions under which you will take it". */
export interface Readied {
  action: string;
  trigger: { who: string; verb: string };
  since: PhasePoint;
}

/** What the phases ruleset keeps on each combatant (CombatantState.ext). */
export interface PhasesCombatant {
  /** Tie-break d6 results, in the order rolled, when initiative was tied (at the start, or with a newcomer). */
  tieRolls: number[];
  delaying: Delaying | null;
  readied: Readied | null;
  /** The Phase whose action was given up by aborting, until that Phase's initiative passes. */
  abortSkips: PhasePoint | null;
  /** The Phase in which this character's initiative last came up. */
  lastTurn: PhasePoint | null;
  /** A full-phase action started with a move action in a limited Phase, to complete with a move action. */
  fullPhaseStarted: { action: string; at: PhasePoint } | null;
  /** Opponents this character has already provoked by moving out of their hexes this Phase. */
  provokedBy: string[];
  /** Dodged, with option `dodge: untilNextTurn`: no attack of opportunity until its next turn begins. */
  dodging?: boolean;
}

/** A triggering command held while a readied action interrupts it. */
export interface Held {
  command: Command;
  actor: string;
  readier: string;
  /** Readiers already asked about this command (each readied action fires once). */
  fired: string[];
  /** Whether the readier has started its readied action. */
  started: boolean;
}

/** What the phases ruleset keeps on the encounter (EncounterState.ext). */
export interface PhasesEncounter {
  /** The initiative sequence: everybody, highest first; delaying and readying move people in it. */
  sequence: string[];
  /** Whether the current character has done anything on this turn (a delayer may act only between actions). */
  currentActed: boolean;
  held: Held | null;
  /**
   * True while the Phase waits at its end for delayers ("just wait until some time later and act
   * then"): nobody is current; a delayer may act, or the GM goes on to the next Phase.
   */
  phaseEnd?: boolean;
}

export function freshCombatantExt(): PhasesCombatant {
  return {
    tieRolls: [],
    delaying: null,
    readied: null,
    abortSkips: null,
    lastTurn: null,
    fullPhaseStarted: null,
    provokedBy: [],
  };
}

export function ph(c: CombatantState): PhasesCombatant {
  if (!("tieRolls" in c.ext)) Object.assign(c.ext, freshCombatantExt() as unknown as JsonObject);
  return c.ext as unknown as PhasesCombatant;
}

/** A combatant's Phases data to read only (no defaults filled in): safe on a plain state (peek). */
export function phRead(c: CombatantState): Partial<PhasesCombatant> {
  // Read as held (context.ts): asking a combatant of a command's draft makes no draft of its data.
  return held(c, "ext") as Partial<PhasesCombatant>;
}

export function phEncounter(state: EncounterState): PhasesEncounter {
  if (!("sequence" in state.ext)) Object.assign(state.ext, { sequence: [], currentActed: false, held: null });
  return state.ext as unknown as PhasesEncounter;
}

export function point(state: EncounterState): PhasePoint {
  return {
    round: state.round,
    phase: state.phase === "surprise" ? "surprise" : typeof state.phase === "number" ? state.phase : 4,
  };
}

export function samePoint(a: PhasePoint | null, b: PhasePoint): boolean {
  return a !== null && a.round === b.round && a.phase === b.phase;
}

/** Who waits with a readied action: listed in the encounter (core/marks.ts). */
export const READIED: Mark = { key: "readiers", has: (c) => (phRead(c).readied ?? null) !== null };

/** Who is delaying: listed in the encounter (core/marks.ts). */
export const DELAYING: Mark = { key: "delayers", has: (c) => (phRead(c).delaying ?? null) !== null };
