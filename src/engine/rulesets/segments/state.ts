import { held } from "../../context";
import type { CombatantState, EncounterState, JsonObject } from "../../state";

/** HIGH or LOW group initiative (segments: "acts first during HIGH group initiative"). */
export type Group = "high" | "low";

/** One declared action (segments: "1. All individuals Declare Actions"). */
export interface Declaration {
  action: string;
  /** Segments the action takes (a casting time for cast/invoke). */
  time: number;
}

/** An incantation or invocation being cast: "activation always begins on the 1st segment". */
export interface Casting {
  spell: "cast" | "invoke";
  /** Casting time in segments, from segment 1 of `startRound`. */
  time: number;
  startRound: number;
  /** Segments added by minor actions that take a segment ("will add 1 segment to any major action"). */
  added: number;
  /** The target announced during the caster's group initiative turn, if any. */
  target: string | null;
}

/** What the segments ruleset keeps on each combatant (CombatantState.ext). */
export interface SegmentsCombatant {
  declared: Declaration[];
  /** Individual group initiative this round (null before declarations close). */
  group: Group | null;
  casting: Casting | null;
  /** Segments added this round by minor actions that take a segment. */
  extra: number;
  /** Cells of positioning movement used this round (a minor action of 10 ft. or less). */
  positioned: number;
  /** The fast action (flee, charge) whose movement is already paid for this round, if any. */
  moving: string | null;
  /** The segment of this round in which this combatant took a free attack, if any. */
  freeAttackSegment: number | null;
  /** Opponents already offered a free or immediate attack against this combatant's flight this round. */
  fleeOffered: string[];
  /** Whether it takes its turn in the multi-attack stages this round. */
  inMulti: boolean;
  /** Routines left in the multiRest stage (stat `attacks`, minus the primary routine). */
  attacksLeft: number;
  /**
   * A complex activity of more than one round (more than 10 segments), from segment 1 of
   * `startRound`: "If an action or set of actions takes longer than 10 segments, it will normally
   * occur in another round". Kept across rounds like a casting.
   */
  activity: { time: number; startRound: number } | null;
}

/** What the segments ruleset keeps on the encounter (EncounterState.ext). */
export interface SegmentsEncounter {
  /** This round's group initiative d6 per side (sides that rolled). */
  rolls: Record<string, number>;
}

export function freshCombatantExt(): SegmentsCombatant {
  return {
    declared: [],
    group: null,
    casting: null,
    extra: 0,
    positioned: 0,
    moving: null,
    freeAttackSegment: null,
    fleeOffered: [],
    inMulti: false,
    attacksLeft: 0,
    activity: null,
  };
}

/** The typed view of a combatant's ext (the same object: changes write through). */
export function seg(c: CombatantState): SegmentsCombatant {
  if (!("declared" in c.ext)) Object.assign(c.ext, freshCombatantExt() as unknown as JsonObject);
  return c.ext as unknown as SegmentsCombatant;
}

/**
 * A combatant's Segments data to read only: its own, or the defaults when it has none yet (nothing
 * is written, so it is safe on a combatant read from a plain state, context.ts peeker).
 */
export function segRead(c: CombatantState): Readonly<SegmentsCombatant> {
  // Read as held (context.ts): asking a combatant of a command's draft makes no draft of its data.
  const ext = held(c, "ext");
  return "declared" in ext ? (ext as unknown as SegmentsCombatant) : freshCombatantExt();
}

export function segEncounter(state: EncounterState): SegmentsEncounter {
  if (!("rolls" in state.ext)) state.ext.rolls = {};
  return state.ext as unknown as SegmentsEncounter;
}
