/**
 * The numbers and tables of flow.txt, in one place, each with the sentence it comes from.
 */
import type { ActionDef, ReactionDef } from "../../ruleset";

/** "Every player starts each round of combat with 5 AP." */
export const AP_PER_ROUND = 5;
/** "Every player starts combat with Full RP (usually 2, unless abilities grant more)." */
export const FULL_RP = 2;
/** "2 FP at start of combat" */
export const FP_AT_START = 2;
/** "Gain 2 FP from attacks that hit, 3 FP from crits" */
export const FP_FOR_HIT = 2;
export const FP_FOR_CRIT = 3;
/** "Gain 1 FP from a successful reaction (once per round)" */
export const FP_FOR_REACTION = 1;
/** "Gain 1 FP from a killing blow on an enemy combatant" */
export const FP_FOR_KILL = 1;
/** "Lose 1 FP per round at end of turn" */
export const FP_DECAY = 1;

/** "all player characters start with 6 hexes of movement per Action Point spent" */
export const MOVE_SPEED = 6;
/** "The most a player can move per round is 2 AP worth of movement" */
export const MAX_MOVE_AP = 2;
/** Take a Step: "Cost: 1 AP ... You move 1 Hex of movement" */
export const STEP_AP = 1;
export const STEP_HEXES = 1;
/** Tumble Through: "Cost: 1 AP" */
export const TUMBLE_AP = 1;
/** Intercept: "move up to 3 Hexes" */
export const INTERCEPT_HEXES = 3;
/** Grapple: "Attacker: Must spend 2 AP per round to maintain the Grapple" */
export const GRAPPLE_UPKEEP_AP = 2;
/** Total Defense: "Gain +1 RP" */
export const TOTAL_DEFENSE_RP = 1;
/** Gang-up: "gain a +10 Melee bonus to attacking that enemy" */
export const GANG_UP_BONUS = 10;
/** Range penalties: "incur a -10 penalty to your Ranged Skill Check per range increment" */
export const RANGE_PENALTY = 10;
/** "attacking with your non-dominant hand will yield a -10 to your Melee skill on attack". */
export const OFF_HAND_PENALTY = 10;
/** "Drinking a potion from your bag: 2 AP (1 AP to draw potion, 1 AP to drink)": in hand, only the drink. */
export const POTION_IN_HAND_AP = 1;

/**
 * The actor's choices (`act`'s `effect`) each action takes, where the text gives one: Shove's
 * "Choose either Push Back OR Knock Prone" (both from Hard Success up), an attack with the
 * non-dominant hand, a potion already in hand.
 */
export const ACTION_EFFECTS: Readonly<Record<string, readonly string[]>> = {
  shove: ["push", "prone", "both"],
  attack: ["offHand"],
  drinkPotion: ["fromBag", "inHand"],
};

/** Intercept's choice (`react`'s `effect`): "move your ally 1 hex away ... and take their place". */
export const INTERCEPT_EFFECTS: readonly string[] = ["takePlace"];

/** Tags that spare an off-hand attack its -10: "Finesse and Brawl weapons do not have this penalty. There is a Perk". */
export const OFF_HAND_EXEMPT_TAGS: readonly string[] = ["finesse", "brawl", "ambidextrous"];
/**
 * Skill value used when a combatant has none recorded. The text gives skills as percentile checks
 * (-10 and +10 modifiers) but no default; 50 is an even chance, documented in docs/rulesets/flow.md.
 */
export const DEFAULT_SKILL = 50;
/** Skill checks are percentile: d100, roll under the skill. */
export const D100 = 100;
/** Initiative: "Everyone rolls 1d10 + Agility Modifier". */
export const INITIATIVE_DIE = 10;

/**
 * Actions and their AP costs. "Attacking/Casting a Spell: 2 AP", "Using Class Abilities 2 AP (unless
 * the class ability specifies otherwise)", "Drawing/Sheathing an item: 1 AP each", "Drinking a potion
 * from your bag: 2 AP", "Using a Magic Item: 1-2 AP (specific to each item)", and the Special Actions
 * table. Standing up has no cost in the text; it is 1 AP ("1-2 AP for various actions").
 */
export const FLOW_ACTIONS: Readonly<Record<string, ActionDef>> = {
  attack: { id: "attack", cost: { ap: 2 }, kind: "attack", target: "enemy" },
  cast: { id: "cast", cost: { ap: 2 }, kind: "attack", target: "any" },
  // "unless the class ability specifies otherwise": the actor states the ability's own cost.
  classAbility: { id: "classAbility", cost: { ap: 2 }, kind: "action", target: "any", chosen: ["cost"] },
  draw: { id: "draw", cost: { ap: 1 }, kind: "action", target: "none" },
  sheathe: { id: "sheathe", cost: { ap: 1 }, kind: "action", target: "none" },
  drinkPotion: { id: "drinkPotion", cost: { ap: 2 }, kind: "action", target: "none" },
  // "1-2 AP (specific to each item)": the actor states the item's cost.
  useItem: { id: "useItem", cost: { ap: 2 }, kind: "action", target: "none", chosen: ["cost"] },
  disarm: { id: "disarm", cost: { ap: 2 }, kind: "special", target: "enemy" },
  feint: { id: "feint", cost: { ap: 1 }, kind: "special", target: "enemy", limits: ["oncePerRound"] },
  flowState: { id: "flowState", cost: { ap: 1 }, kind: "special", target: "none" },
  grapple: { id: "grapple", cost: { ap: 2 }, kind: "special", target: "enemy" },
  shove: { id: "shove", cost: { ap: 1 }, kind: "special", target: "enemy", limits: ["oncePerRound"] },
  totalDefense: { id: "totalDefense", cost: { ap: 3 }, kind: "special", target: "none" },
  standUp: { id: "standUp", cost: { ap: 1 }, kind: "action", target: "none" },
  // "Movement: 1 AP to move full Move Speed": a move with a path is the `move` command; this id is
  // the move on a gridless scene and the move a Ready Action can name.
  move: { id: "move", cost: { ap: 1 }, kind: "move", target: "none" },
};

/** "Dodge/Parry/Block/Reaction Attack for 1 RP each", "Riposte/Intercept for 2 RP each". */
export const FLOW_REACTIONS: Readonly<Record<string, ReactionDef>> = {
  dodge: { id: "dodge", cost: { rp: 1 } },
  parry: { id: "parry", cost: { rp: 1 } },
  block: { id: "block", cost: { rp: 1 } },
  reactionAttack: { id: "reactionAttack", cost: { rp: 1 } },
  riposte: { id: "riposte", cost: { rp: 2 } },
  intercept: { id: "intercept", cost: { rp: 2 } },
  // A readied move about to fire: answered with a `move` command along the path the readier
  // chooses now (its AP were kept when it readied), or declined. Costs no RP.
  readiedMove: { id: "readiedMove", cost: {} },
};

export type FlowReaction = "dodge" | "parry" | "block" | "reactionAttack" | "riposte" | "intercept";

/** Reactions that defend against an attack aimed at the reactor. */
export const DEFENCES: readonly FlowReaction[] = ["dodge", "parry", "block", "riposte"];

/** Conditions this ruleset gives meaning to. */
export const FLOW_CONDITIONS = ["surprised", "grappled", "prone", "totalDefense", "readied"] as const;

/** Stats flow reads: Agility modifier (initiative), Move Speed, pool allotments, weapon range. */
export const FLOW_STATS = ["agility", "moveSpeed", "maxAp", "maxRp", "weaponRange"] as const;

/** Skills flow rolls: attacks, dodge (higher of agility/athletics), parry, block, contests. */
export const FLOW_SKILLS = ["melee", "ranged", "agility", "athletics", "endurance", "deception"] as const;
export type FlowSkill = (typeof FLOW_SKILLS)[number];

/** Ready triggers other than action ids: any move, or any action. */
export const TRIGGER_VERBS = ["move", "act"] as const;
