import type { Json, JsonObject } from "./json";

import type { Cell, GridSpec, Size } from "./grid/types";

export type { Cell, Size, GridType } from "./grid/types";
export { SIZES } from "./grid/types";
/** The grid as data: type and, for square grids, the diagonal rule. Only the adapter reads the scene's grid. */
export type GridDescription = GridSpec;

export type RulesetId = "flow" | "rating" | "segments" | "phases" | "marching";
export const RULESET_IDS: readonly RulesetId[] = ["flow", "rating", "segments", "phases", "marching"];

/** A condition on a combatant. `rounds` counts down as the ruleset ticks it; null lasts until removed. */
export interface Condition {
  id: string;
  rounds: number | null;
}

/** What the host knows about a combatant before the fight starts. */
export interface CombatantSetup {
  id: string;
  name?: string;
  side: string;
  pc?: boolean;
  at?: Cell | null;
  size?: Size;
  /** Reach granted by a weapon, if any; the larger of this and size reach counts. */
  reach?: number;
  stats?: Record<string, number>;
  skills?: Record<string, number>;
  /** Boolean traits the rules ask about, e.g. "shield" (flow Block), "multiAttack" (segments). */
  tags?: string[];
  surprised?: boolean;
  marching?: number | null;
  unseen?: boolean;
  /**
   * The scene level it stands on (a host with levels, e.g. Foundry v14's scene levels). Combatants
   * on different levels neither threaten nor block each other; absent, the scene's one level.
   */
  level?: string;
}

export interface CombatantState {
  id: string;
  name: string;
  side: string;
  pc: boolean;
  at: Cell | null;
  size: Size;
  reach: number;
  stats: Record<string, number>;
  skills: Record<string, number>;
  tags: string[];
  /** Current pool values (ap, rp, fp ... as the ruleset defines). */
  pools: Record<string, number>;
  /** Pool maxima or per-round allotments. */
  maxPools: Record<string, number>;
  initiative: number | null;
  conditions: Condition[];
  surprised: boolean;
  marching: number | null;
  unseen: boolean;
  /** The scene level it stands on (see CombatantSetup.level); absent, the scene's one level. */
  level?: string;
  defeated: boolean;
  /**
   * Counters of limited things done, keyed "<scope>:<thing>" where scope is turn, phase or round,
   * e.g. "round:takeStep". The core clears a scope's counters when that scope ends.
   */
  usage: Record<string, number>;
  /** Ruleset-specific data about this combatant (plain JSON). */
  ext: JsonObject;
}

/** An open chance to react: `who` may answer with reaction `with` against `against`. */
export interface Offer {
  id: string;
  who: string;
  with: string;
  against: string;
  /** The pending trigger this offer belongs to. */
  trigger: string;
  /** Where the trigger happens (a move is held at this cell while the offer is open). */
  cell: Cell | null;
}

/**
 * Something interrupted and waiting for reactions: an attack not yet resolved, a move held at a
 * cell. Rulesets put what they need to resume into `data`.
 */
export interface Pending {
  id: string;
  kind: string;
  actor: string;
  data: JsonObject;
}

export type PhaseMark = number | "surprise" | "postTurn";

export interface EncounterState {
  version: 1;
  ruleset: RulesetId;
  options: JsonObject;
  grid: GridDescription;
  status: "setup" | "active" | "ended";
  /** Round number (phases: the 12-second Turn number); 0 before the start. */
  round: number;
  /** phases: 1..4, "surprise" or "postTurn"; null where the ruleset has no phases. */
  phase: PhaseMark | null;
  /** segments: 1..10; null elsewhere. */
  segment: number | null;
  /** segments: declare, fast, multi, high, low, multiRest, spells, end; marching: choose, turns. */
  stage: string | null;
  /** Ids in the order they act this round (or this phase / stage). */
  order: string[];
  /** Whose turn it is, or null between turns (segments end stage, phases post-turn, marching choose). */
  current: string | null;
  /** segments: side to "high" or "low". */
  groups: Record<string, "high" | "low"> | null;
  /**
   * Every combatant, in roster order: `combatants[i]` is `roster[i]`'s. A list, not a record by id,
   * so a command that changes one copies N references (record.ts); find one by id with
   * record.ts combatantIn (hosts) or core/combatants.ts (handlers).
   */
  combatants: CombatantState[];
  /** Insertion order of combatants (the order the GM added them). */
  roster: string[];
  offers: Offer[];
  pending: Pending[];
  /** Counter for offer and pending ids, so ids replay identically. */
  seq: number;
  /** Ruleset-specific encounter data (plain JSON). */
  ext: JsonObject;
}

export type { Json, JsonObject };
