/**
 * What a flow needs of a table, real or simulated: four users at one world (the GM, an Assistant
 * GM and two players), acting as any of them, and reading what each of them sees. The simulated
 * table (tests/flows/table-backend.ts) and a real Foundry server driven by Playwright
 * (tests/live/live-backend.ts) both implement it, and run the same flows (tests/flows/flows.ts),
 * so a difference between the stand-ins and Foundry is a failing flow.
 *
 * The world every flow starts from is the battle map of tests/foundry/table/worlds.ts: Ana (p1's
 * character) at [0, 0], Bob (p2's) at [9, 9] and an orc nobody but the GMs own at [2, 1], on a
 * 10 × 10 square scene; the flow ruleset; the fight created, not started.
 */
import type { Cell, Command } from "../../src/engine";

/** The seats at the table: the Gamemaster, the Assistant GM, Player One (Ana), Player Two (Bob). */
export type Seat = "gm" | "assistant" | "p1" | "p2";
export const SEATS: readonly Seat[] = ["gm", "assistant", "p1", "p2"];

/** A die's result for the next roll: the die's faces (a live backend needs them) and the result. */
export interface Die {
  faces: number;
  value: number;
}

/** A waypoint of a drag: the cell, and a movement action when not a walk (core's "blink"). */
export interface Step {
  cell: Cell;
  action?: string;
}

/** What one user's client shows: its own copy of the documents, read through Tempo's combat. */
export interface View {
  /** The engine's state as this client reads it from the combat (null before the start). */
  started: boolean;
  round: number | null;
  current: string | null;
  /** Where the engine has each combatant. */
  at: Record<string, Cell | null>;
  /** Each combatant's `defeated` as the Combatant document holds it (a mirror of the engine). */
  defeated: Record<string, boolean | null>;
  /** AP left, per combatant. */
  ap: Record<string, number | null>;
  /** Open reaction offers: [reactor, mover or attacker]. */
  offers: [string, string][];
  /** The last command in the combat's log, and the user it was applied for. */
  last: { type: string; userId: string | null } | null;
  /** Where each token stands on the battle map, as a cell. */
  board: Record<string, Cell>;
  /** Each token's movement state (TokenDocument#movement.state), or null when it has none. */
  movement: Record<string, string | null>;
  /** The reaction prompts open on this client (ApplicationV2 windows Tempo's prompt query opened). */
  prompts: number;
  /**
   * The chat messages holding rolls whose results this user sees (ChatMessage#isContentVisible:
   * a whisper to others, or a blind roll to a player, shows none). The active GM's client posts
   * every command's rolls, so the author does not tell whose roll it was; the count does.
   */
  rolls: number;
}

/** A command's answer as the channel gives it (src/foundry/channel/answers.ts CommandAnswer). */
export interface Answer {
  refusal: string | null;
}

/** How a flow's world differs from the plain battle map. */
export interface WorldOptions {
  /**
   * The wolf joins the fight from the start, its token on this cell (its initiative die comes
   * after the orc's): a second threatener, so one walk can provoke twice.
   */
  wolfAt?: Cell;
}

export interface Backend {
  /** "table" or "live", and the Foundry generation it runs (13 or 14). */
  readonly name: string;
  /** A fresh battle world, the fight not started, every user connected and looking at the battle map. */
  open(options?: WorldOptions): Promise<void>;
  /** The results the next rolls take, in order (the active GM's client rolls for the engine). */
  dice(dice: Die[]): Promise<void>;
  /** A user picks a roll mode in the chat controls (core's client setting `rollMode`: "publicroll", "gmroll", "blindroll", "selfroll"). */
  rollMode(seat: Seat, mode: string): Promise<void>;
  /** The GM presses Begin Combat. */
  begin(seat: Seat): Promise<void>;
  /** A user drags a token along waypoints; the drag is not awaited (it may be held at a checkpoint). */
  drag(seat: Seat, token: string, steps: Step[]): Promise<void>;
  /** A user sends a command through Tempo's channel (TempoCombat#command). */
  command(seat: Seat, command: Command): Promise<Answer>;
  /** A user writes a Combatant document directly, as a player's own code may (Combatant#update). */
  updateCombatant(seat: Seat, combatant: string, changes: Record<string, unknown>): Promise<void>;
  /** A user closes every reaction prompt open on their client (closing is a decline). */
  closePrompts(seat: Seat): Promise<void>;
  /** A user reloads their tab: their client starts again from the stored world. */
  reload(seat: Seat): Promise<void>;
  /** Wait until every operation started so far has finished. */
  settle(): Promise<void>;
  /** What a user sees now. */
  view(seat: Seat): Promise<View>;
  /** End the world (close the tabs). */
  close(): Promise<void>;
}

/** A flow: a sequence of users' actions with what each user must see, written once for every backend. */
export interface Flow {
  /** What the flow shows, as a test name says the rule or behaviour. */
  name: string;
  /**
   * Where today's adapter is known to fail the flow: the issue that fixes it. Both runners then
   * expect the flow to fail (Vitest's it.fails, Playwright's test.fail), so the fix turns them red
   * until this mark is removed.
   */
  knownFailure?: string;
  run(backend: Backend): Promise<void>;
}

/** The ids the flows read: combatants and their tokens on the battle map. */
export const COMBATANTS = ["ana", "bob", "orc", "wolf"] as const;
export const TOKENS = { ana: "tokAna", bob: "tokBob", orc: "tokOrc", wolf: "tokWolf" } as const;
export const COMBAT_ID = "combat1";
export const SCENE_ID = "battle";
/** The battle map's grid size in pixels: cell [x, y] has its top-left corner at (100x, 100y). */
export const GRID = 100;
