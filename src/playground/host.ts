/**
 * What the playground's views receive from the one place that owns the session (playground.ts):
 * the session to read and the few things a view may ask for. Types only, so views never import
 * the owner: the owner imports the views and hands itself over as a `PlaygroundHost`.
 *
 *   playground.ts (owner: session, dispatch, undo, load, save)
 *     └─ panels/*.ts (views: read a Frame, ask through PlaygroundHost) ─→ src/views (view models)
 */
import type { Command, EncounterSetup, EncounterState, MoveMode, RulesetId } from "../engine";
import type { StateChanges } from "../views/changes";
import type { Sight, Viewer } from "../views/sight";
import type { SampleEncounter } from "./encounters";
import type { Localization } from "./i18n";
import type { LogLine } from "./session";

/** The session as a view reads it: never dispatched to directly. */
export interface SessionReader {
  readonly state: EncounterState;
  readonly log: readonly LogLine[];
  readonly setup: EncounterSetup;
  readonly ruleset: RulesetId;
  readonly encounter: string;
  readonly seed: number;
  /** The state before any command (the fight's story counts from it). */
  readonly initial: EncounterState;
  /** The state after log line `i` ran (a chat card is drawn from it). */
  stateAfter(i: number): EncounterState;
}

export type BackKind = "undo" | "turn" | "round";

export interface PlaygroundHost {
  readonly loc: Localization;
  readonly session: SessionReader;
  readonly encounter: SampleEncounter;
  readonly selected: string | null;
  readonly moveMode: MoveMode;
  /** A fight is on: leaving it throws something away. */
  readonly midFight: boolean;
  /**
   * Who is looking (issue 44): the GM, or a player owning one combatant; what they see of the
   * combatants the GM keeps hidden is `sight`'s to say.
   */
  readonly viewer: Viewer;
  readonly sight: Sight;
  /** The combatants the GM keeps hidden from players. */
  readonly hidden: ReadonlySet<string>;
  /** The GM's table settings: whether the fight's story is whispered to the GM alone. */
  readonly storyWhispered: boolean;
  /** The token label of a combatant, the same on the map and in the tracker. */
  label(id: string): string;
  /** Send a command to the engine; a refusal shows as a toast. True when accepted. */
  send(command: Command, how?: { timedOut?: boolean }): boolean;
  /** Undo, previous turn, previous round (a step back that takes back play asks first). */
  goBack(kind: BackKind): boolean;
  /** Redo what the last undo or step back took back. */
  redo(): boolean;
  select(id: string | null): void;
  setMoveMode(mode: MoveMode): void;
  /** A new session: a sample encounter with a seed. */
  load(encounter: SampleEncounter, seed: number): void;
  upload(file: File): Promise<void>;
  /** A toast over the page: a refusal, an error or a note. */
  toast(text: string, kind: "refusal" | "error" | "info"): void;
  download(): void;
}

/** What one render tells every view: the state now and what changed since the last render. */
export interface Frame {
  readonly state: EncounterState;
  readonly changes: StateChanges;
  readonly selected: string | null;
  /** The selection is not the one of the last render. */
  readonly selectionChanged: boolean;
  /**
   * Run `task` once every view has written its DOM: focus and anything else that makes the browser
   * lay the page out go last, so a command lays the page out once, not once per view.
   */
  after(task: () => void): void;
}
