/**
 * Flow's own data inside the plain-JSON state (CombatantState.ext, EncounterState.ext and
 * Pending.data), with typed views. Everything stored here is JSON: strings, numbers, booleans,
 * arrays and objects, never undefined values (keys are deleted instead).
 */
import type { Outcome } from "../../commands";
import { held } from "../../context";
import type { Json } from "../../json";
import type { Cell, CombatantState, EncounterState, JsonObject, Pending } from "../../state";
import type { Level } from "./checks";

/** A readied action: "Define a specific trigger condition and choose an action to take". */
export interface Readied {
  action: string;
  target: string | null;
  trigger: { who: string; verb: string };
}

export interface FlowCombatantExt {
  /** Set while the combatant waits with a readied action (condition `readied`). */
  readied?: Readied;
  /** Set on a grappler: whom it holds and the round the grapple began. */
  grappling?: { target: string; since: number };
  /** Set on a grappled defender: who holds it. */
  grappledBy?: string;
  /** Targets against whom a successful Feint gives Advantage on the next physical attack. */
  feints?: string[];
}

export interface FlowEncounterExt {
  /** The initiative order kept from round to round ("new round begins; same initiative order"). */
  initiativeOrder?: string[];
  /** True while round 1 is a Surprise Round. */
  surpriseRound?: boolean;
  /**
   * Who waits with a readied action (ext.readied), kept so that an action or a move asks only them
   * whether it triggers something instead of reading every combatant (status.ts readiersOf). A
   * state saved before the list existed has none; the first change to a readied action makes it.
   */
  readiers?: string[];
}

export function flowExt(c: CombatantState): FlowCombatantExt {
  return c.ext as FlowCombatantExt & JsonObject;
}

export function encounterExt(state: EncounterState): FlowEncounterExt {
  return state.ext as FlowEncounterExt & JsonObject;
}

/** flowExt to read and never to change: no draft is made to read it (context.ts held). */
export function readExt(c: CombatantState): Readonly<FlowCombatantExt> {
  return held(c, "ext") as FlowCombatantExt & JsonObject;
}

/** encounterExt to read and never to change: see readExt. */
export function readEncounterExt(state: EncounterState): Readonly<FlowEncounterExt> {
  return held(state, "ext") as FlowEncounterExt & JsonObject;
}

/** What a defender (or interceptor) answered to an attack. */
export interface ReactionResult {
  who: string;
  with: string;
  won: boolean;
  level: Level;
}

/** An attack waiting for its target's reactions (kind "attack"). */
export interface AttackData {
  attacker: string;
  target: string;
  /** The attack's success level ("hit" is normal, "crit" is critical). */
  level: Level;
  /** The stipulated or rolled outcome: hit, crit or kill. */
  outcome: Outcome;
  melee: boolean;
  spell: boolean;
  reactionAttack: boolean;
  /** The defender's own answer (Dodge, Parry, Block, Riposte). */
  reaction?: ReactionResult;
  /** An ally's Intercept, which may come on top of a defence that failed. */
  intercept?: ReactionResult;
  /** Set when an interceptor won and takes the attack. */
  interceptedBy?: string;
  /** Set when a riposte's parry succeeded: the riposter counterattacks once the attack resolves. */
  riposteBy?: string;
}

/** A move held at a cell while reactions are answered (kind "move"). */
export interface MoveData {
  mode: string;
  /** The cell the move started from. */
  from: Cell;
  /** Cells still to walk, starting at the cell the mover is held at. */
  rest: Cell[];
  /** Cells walked so far, start first. */
  walked: Cell[];
  /** Enemies already offered a reaction attack during this move ("one offer per enemy per move"). */
  offered: string[];
}

/** A triggering action (cast, stand up, failed tumble) waiting for reaction attacks (kind "provoked"). */
export interface ProvokedData {
  action: string;
  target: string | null;
  outcome: Outcome | null;
}

/** A readied action about to fire (kind "readied"). */
export interface ReadiedData {
  readier: string;
  action: string;
  target: string | null;
  trigger: { who: string; verb: string };
}

/** A command held while readied actions fire just before it (kind "resume"). */
export interface ResumeData {
  command: JsonObject;
}

/** A riposte's counterattack on offer (kind "riposte"). */
export interface RiposteData {
  riposter: string;
  attacker: string;
}

export function dataOf<T>(p: Pending): T {
  return p.data as unknown as T;
}

/**
 * A pending trigger's data as plain JSON: what JSON.stringify and JSON.parse would make of it (an
 * object field that is undefined left out, one in a list made null), without the text in between.
 * The data may hold parts of a command's draft (a cell): what it gives back holds none, and is
 * frozen as it is made (json.ts frozen: it goes into the state, where nothing changes it in place).
 */
export function asJson<T extends object>(value: T): JsonObject {
  return jsonOf(value, true) as JsonObject;
}

/** asJson, but a copy to change (a held move's data, walked on and written back). */
export function jsonCopy<T extends object>(value: T): JsonObject {
  return jsonOf(value, false) as JsonObject;
}

function jsonOf(value: unknown, freeze: boolean): Json {
  if (Array.isArray(value)) {
    const list = value.map((item) => (item === undefined ? null : jsonOf(item, freeze)));
    return freeze ? (Object.freeze(list) as Json[]) : list;
  }
  if (typeof value !== "object" || value === null) return value as Json;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) {
    const item: unknown = (value as Record<string, unknown>)[key];
    if (item !== undefined) out[key] = jsonOf(item, freeze);
  }
  return freeze ? Object.freeze(out) : out;
}
