import type { ActionDef, ReactionDef } from "../../ruleset";

/** Action types: "There are four types of actions: attack actions, move actions, full-phase actions, and free actions." */
export type ActionType = "attack" | "move" | "fullPhase";

/**
 * Whether performing the action in a threatened hex provokes an attack of opportunity (the table):
 * "no"; "yes"; "skill" for "Yes (skill check negates)" and "Usually (varies)": it provokes unless
 * the act's outcome is `success` (the skill check that negates it).
 */
export type Provokes = "no" | "yes" | "skill";

interface PhasesAction extends ActionDef {
  type: ActionType;
  provokes: Provokes;
}

const a = (
  id: string,
  type: ActionType,
  provokes: Provokes,
  target: ActionDef["target"] = "none",
): PhasesAction => ({
  id,
  cost: {},
  kind: type,
  target,
  type,
  provokes,
});

/** FORMAT.md's phases action ids mapped to the table's rows. */
export const PHASES_ACTIONS: Readonly<Record<string, PhasesAction>> = {
  attack: a("attack", "attack", "no", "enemy"), // "Other Attacks | No"
  strike: a("strike", "attack", "no", "enemy"), // "Strike | No"
  dodge: a("dodge", "attack", "no"), // "Dodge | No"
  block: a("block", "attack", "no"), // "Block | No"
  move: a("move", "move", "skill"), // "Move up to half of combat movement | Yes (skill check negates)"
  drawFocus: a("drawFocus", "move", "skill"), // "Draw or sheathe a focus | Yes (skill check negates)"
  standUp: a("standUp", "move", "skill"), // "Stand up from prone | Yes (skill check negates)"
  reload: a("reload", "move", "skill"), // "Reload a gun | Yes (skill check negates)"
  pickUp: a("pickUp", "move", "yes"), // "Pick up an item | Yes"
  useSkill: a("useSkill", "move", "skill"), // "Use a skill that requires a move action | Usually (varies)"
  fullMove: a("fullMove", "fullPhase", "skill"), // "Move more than half and up to all of combat movement | Yes (skill check negates)"
  recover: a("recover", "fullPhase", "no"), // "Recover from being Stunned | No", "Take a Recovery | No"
};

export const ACTIONS: Readonly<Record<string, ActionDef>> = PHASES_ACTIONS;

export const REACTIONS: Readonly<Record<string, ReactionDef>> = {
  attackOfOpportunity: { id: "attackOfOpportunity", cost: {} },
};

/** Defensive actions one may abort to ("abort to any defensive attack or move action"). */
export const DEFENSIVE = new Set(["dodge", "block"]);

/** "The attacker rolls 3d6 and adds their OCV ... The target number is 10 plus the defender's DCV". */
export function attackHits(dice: number, ocv: number, dcv: number): boolean {
  return dice + ocv >= 10 + dcv;
}
