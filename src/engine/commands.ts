import type { Cell, CombatantSetup } from "./state";

export type MoveMode = "normal" | "step" | "tumble" | "withdraw";
export type Outcome = "hit" | "crit" | "miss" | "kill" | "success" | "fail" | "critFail";
export const OUTCOMES: readonly Outcome[] = ["hit", "crit", "miss", "kill", "success", "fail", "critFail"];

/**
 * Commands are what a table does. Each is a verb; the engine answers with a new state and events,
 * or a refusal. Outcome, where given, stipulates a result so no die is rolled for it.
 */
export type Command =
  | { type: "start" }
  | { type: "next" }
  | { type: "endTurn"; who: string }
  | { type: "move"; who: string; path: Cell[]; mode?: MoveMode }
  | {
      type: "act";
      who: string;
      action: string;
      target?: string;
      outcome?: Outcome;
      time?: number;
      cost?: number;
      /** The actor's choice where the text gives one (flow Shove: "push", "prone" or "both"). */
      effect?: string;
    }
  | {
      type: "react";
      who: string;
      with: string;
      against?: string;
      outcome?: Outcome;
      /** The reactor's choice where the text gives one (flow Intercept: "takePlace"). */
      effect?: string;
    }
  | { type: "declare"; who: string; action: string; time?: number }
  | { type: "choose"; who: string; initiative: "take" | "cede" }
  | { type: "delay"; who: string; until?: string }
  | { type: "ready"; who: string; action: string; trigger: { who: string; verb: string } }
  | { type: "abort"; who: string; to: string }
  | { type: "seize"; who: string }
  | { type: "apply"; who: string; condition: string; rounds: number | null }
  | { type: "removeCondition"; who: string; condition: string }
  | { type: "adjustPool"; who: string; pool: string; delta: number }
  | { type: "setDefeated"; who: string; defeated: boolean }
  | { type: "setOption"; option: string; value: string }
  | { type: "addCombatant"; combatant: CombatantSetup }
  | { type: "removeCombatant"; who: string }
  /** The GM puts a combatant at a cell (or off the grid, null) without moving it: no cost, no reactions. */
  /** `level`: the scene level it is put on (see CombatantSetup.level); absent, it stays on its own. */
  | { type: "place"; who: string; at: Cell | null; level?: string }
  /**
   * The GM changes a combatant's side, marching place or being unseen (any of them, at least one),
   * before or during the fight; each ruleset says what the change means once the fight is under way.
   */
  | { type: "setCombatant"; who: string; side?: string; marching?: number | null; unseen?: boolean }
  | { type: "end" };

export type CommandType = Command["type"];
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** Commands every ruleset gets from the core, which a ruleset may still override. */
export const CORE_COMMANDS: readonly CommandType[] = [
  "apply",
  "removeCondition",
  "adjustPool",
  "setDefeated",
  "setOption",
  "addCombatant",
  "removeCombatant",
  "place",
  "setCombatant",
  "end",
];
