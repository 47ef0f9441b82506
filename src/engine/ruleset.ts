import type { CommandOf, CommandType, MoveMode } from "./commands";
import type { EngineEvent } from "./events";
import type { Cell, CombatantState, EncounterState, JsonObject, RulesetId } from "./state";
import type { Refusal } from "./refusal";

/** When a pool comes back to its allotment: sheets show it as "what refills them next". */
export type RefillTime = "combatStart" | "roundStart" | "turnStart" | "never";

export interface PoolDef {
  /** Pool id as stored in CombatantState.pools: "ap", "rp", "fp" ... */
  id: string;
  refillsAt(options: JsonObject): RefillTime;
}

/**
 * A field of `act` or `declare` whose value the rule text leaves to the actor: "cost" (rating: a
 * non-free action costs what the player says, at least 1 AP) or "time" (segments: a spell's
 * casting time, a complex activity's rounds). Commands from players may carry only these.
 */
export type ActorChoice = "cost" | "time";

/** An action a combatant can take with `act`. */
export interface ActionDef {
  id: string;
  /** Cost per pool; null where the command gives the cost (rating's actions carry `cost`). */
  cost: Readonly<Record<string, number>> | null;
  /** The fields the actor states when taking it (see ActorChoice); none when absent. */
  chosen?: readonly ActorChoice[];
  /** The rule text's own category: attack, move, special, free, primary, major, minor, fullPhase ... */
  kind: string;
  /** Whether the action needs a target, and whom it may be. */
  target: "enemy" | "ally" | "any" | "none";
  /** Limits the text puts on it, e.g. "oncePerRound"; shown on sheets. */
  limits?: readonly string[];
}

/** A reaction a combatant can answer an offer with. */
export interface ReactionDef {
  id: string;
  cost: Readonly<Record<string, number>>;
}

/** A ruleset option with a fixed set of values, e.g. rating's apRefresh: round | turn. */
export interface OptionDef {
  choices: readonly string[];
  default: string;
}

export type Handler<T extends CommandType> = (ctx: Context, command: CommandOf<T>) => void;
export type Handlers = { [T in CommandType]?: Handler<T> };

/** What a ruler shows while a token is dragged: the cost, where it provokes, and whether it is legal. */
export interface MovePreview {
  cells: Cell[];
  cost: Record<string, number>;
  provocations: { cell: Cell; step: number; by: string[] }[];
  refusal: Refusal | null;
  /**
   * The move would be the mover's major action (segments: "movement is otherwise normally a major
   * action"), and `forgoes` the declared major action it takes the place of, if any: the ruler says
   * so before the drop.
   */
  majorAction?: { forgoes: string | null };
}

/**
 * A ruleset is data plus small functions plugged into the one engine. It handles the commands its
 * text gives meaning to; the core handles the ones every ruleset shares (conditions, GM pool
 * adjustments, combatants joining and leaving, ending the encounter) unless the ruleset overrides.
 */
export interface Ruleset {
  readonly id: RulesetId;
  readonly pools: readonly PoolDef[];
  readonly actions: Readonly<Record<string, ActionDef>>;
  readonly reactions: Readonly<Record<string, ReactionDef>>;
  readonly moveModes: readonly MoveMode[];
  readonly options: Readonly<Record<string, OptionDef>>;
  /** Stat names this ruleset reads from CombatantState.stats (agility, initiativeRating ...). */
  readonly stats: readonly string[];
  /** Skill names this ruleset reads from CombatantState.skills (combatReflexes ...). */
  readonly skills: readonly string[];
  /** Condition ids this ruleset gives meaning to (others may still be applied by the GM). */
  readonly conditions: readonly string[];
  /** Fill pools, maxima and ruleset data for a combatant when the encounter is made or it joins. */
  setupCombatant(combatant: CombatantState, state: EncounterState): void;
  readonly handlers: Handlers;
  /** Cost and provocations of a planned path, without changing anything (for the ruler). */
  previewMove?(state: EncounterState, who: string, path: readonly Cell[], mode: MoveMode): MovePreview;
}

/**
 * What a command handler works with: a draft of the state it may change freely (apply makes it
 * with structural sharing and throws it away on a refusal), the dice port, and the event list.
 */
export interface Context {
  readonly state: EncounterState;
  /**
   * The state this command started from, plain (not a draft): apply's `state`. Where the command
   * changes nothing in place, `state` itself.
   */
  readonly base: EncounterState;
  readonly ruleset: Ruleset;
  readonly events: EngineEvent[];
  emit(event: EngineEvent): void;
  /** Roll one die through the port and report it as a diceRolled event. */
  roll(faces: number, purpose: string, who?: string): number;
  /** A new id for an offer or a pending trigger; counted in state so replays match. */
  nextId(prefix: string): string;
  /**
   * Note that `who`'s body on the grid changed in this command: its cell, size, reach, side or
   * defeat, or it joined or left. Every handler that changes one of these calls it, right after the
   * change: the scene's index (core/movement.ts spatialIndexOf) is the one of `base` until then,
   * and is rebuilt with these combatants read afresh after.
   */
  moved(who: string): void;
  /** The combatants noted by moved(), and how many times it was called. */
  readonly geometry: { readonly moved: ReadonlySet<string>; readonly version: number };
  /**
   * Note that the command took `who` from the draft (to change it, or to read it as a draft): the
   * one way a combatant of the draft can come to differ from the base. core/combatants.ts calls it
   * for every combatant it hands out from a draft; reads that never take a draft (peeker) look at
   * the base for every combatant not noted here, so the record of all combatants is never copied
   * just to be read.
   */
  touch(who: string): void;
  /** The combatants noted by touch(). */
  readonly touched: ReadonlySet<string>;
  /**
   * Note that somebody joined or left (core addCombatant, removeCombatant): the one way the roster
   * and the list of combatants come to differ from the base's. Until then placeIn finds every
   * combatant by the base's own list, reading nothing through the draft.
   */
  joinedOrLeft(): void;
  /** Whether joinedOrLeft() was called. */
  readonly rosterChanged: boolean;
  /**
   * Note that the command is accepted from here on: what follows (a provoking move walking on
   * once its reactions are answered) is its consequence and refuses nothing. A dry run (apply.ts
   * `refusalOf`, the prompt's check of each reaction it offers) stops here (issue 31).
   */
  decided(): void;
}
