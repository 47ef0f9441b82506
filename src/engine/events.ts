import type { Json } from "./json";

/**
 * Events are past tense and plain JSON. The host turns them into chat cards, token pauses and
 * notifications. Core event names are listed here; rulesets may emit more of their own.
 */
export interface EngineEvent {
  type: string;
  [key: string]: Json | undefined;
}

export const CoreEvents = {
  combatStarted: "combatStarted",
  combatEnded: "combatEnded",
  roundStarted: "roundStarted",
  roundEnded: "roundEnded",
  turnStarted: "turnStarted",
  turnEnded: "turnEnded",
  initiativeRolled: "initiativeRolled",
  diceRolled: "diceRolled",
  poolSpent: "poolSpent",
  poolGained: "poolGained",
  poolSet: "poolSet",
  conditionAdded: "conditionAdded",
  conditionRemoved: "conditionRemoved",
  reactionOffered: "reactionOffered",
  reactionDeclined: "reactionDeclined",
  reactionResolved: "reactionResolved",
  offerWithdrawn: "offerWithdrawn",
  actionTaken: "actionTaken",
  attackResolved: "attackResolved",
  moved: "moved",
  movePaused: "movePaused",
  moveStopped: "moveStopped",
  combatantAdded: "combatantAdded",
  combatantRemoved: "combatantRemoved",
  defeatedChanged: "defeatedChanged",
  combatantPlaced: "combatantPlaced",
  combatantChanged: "combatantChanged",
} as const;
