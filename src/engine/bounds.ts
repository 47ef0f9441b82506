/**
 * The bounds every value entering the engine is held to: one table, cited by the engine's command
 * and setup validation (schema.ts) and by the Foundry data models (src/foundry/data/catalog.ts), so
 * a stat the sheet accepts is a stat the engine accepts and nothing else is.
 */

/** Bounds and default of one whole-number stat or skill. */
export interface NumberSpec {
  min: number;
  max: number;
  initial: number;
}

/**
 * Stats the rule texts name, with their bounds. Stats a ruleset reads that are not listed here get
 * GENERIC_STAT, so a new ruleset's stat is stored and editable before anyone tunes its bounds.
 */
export const KNOWN_STATS: Readonly<Record<string, NumberSpec>> = {
  // flow: "1d10+Agility initiative"; marching: "make an AGL check". A modifier, so it may be negative.
  agility: { min: -10, max: 20, initial: 0 },
  // rating: "rolling [1d6] and adding the character's Initiative Rating"
  initiativeRating: { min: 0, max: 30, initial: 0 },
  // rating: "Use the character's Initiative Rating and then Luck bonus ... to break ties"
  luck: { min: -10, max: 20, initial: 0 },
  // segments: the Dexterity score (3-18, up to 25 with magic) gives the reaction adjustment.
  dexterity: { min: 1, max: 25, initial: 10 },
  // phases: "initiative = Combat Value, fixed"
  combatValue: { min: 0, max: 99, initial: 10 },
  lightningReflexes: { min: 0, max: 10, initial: 0 },
  weaponSpeed: { min: 0, max: 20, initial: 0 },
  weaponRange: { min: 0, max: 100, initial: 0 },
  moveSpeed: { min: 0, max: 30, initial: 6 },
  // phases: combat movement in hexes ("Move up to half of combat movement"), 6 when unset.
  movement: { min: 0, max: 60, initial: 6 },
  // flow: "Every player starts each round of combat with 5 AP" ... "Full RP (usually 2...)"
  maxAp: { min: 0, max: 20, initial: 5 },
  maxRp: { min: 0, max: 20, initial: 2 },
  // flow: "2 FP at start of combat"
  maxFp: { min: 0, max: 20, initial: 2 },
};

export const GENERIC_STAT: NumberSpec = { min: -99, max: 999, initial: 0 };
export const GENERIC_SKILL: NumberSpec = { min: 0, max: 99, initial: 0 };

export const KNOWN_SKILLS: Readonly<Record<string, NumberSpec>> = {
  // phases: Combat Reflexes adds to initiative and to attacks of opportunity taken.
  combatReflexes: { min: 0, max: 10, initial: 0 },
};

export function statSpec(name: string): NumberSpec {
  return (Object.hasOwn(KNOWN_STATS, name) ? KNOWN_STATS[name] : undefined) ?? GENERIC_STAT;
}

export function skillSpec(name: string): NumberSpec {
  return (Object.hasOwn(KNOWN_SKILLS, name) ? KNOWN_SKILLS[name] : undefined) ?? GENERIC_SKILL;
}

/** Limits on everything else a command or a combatant's setup carries. */
export const LIMITS = {
  /** Ids (combatants, sides, actions, conditions, options): Foundry's ids are 16 characters. */
  idLength: 64,
  /** A combatant's display name. */
  nameLength: 128,
  /** Short words a command carries: an option value, an `effect`, a trigger verb. */
  wordLength: 32,
  /** Stats or skills one combatant may carry (the rulesets read at most six of each). */
  statCount: 32,
  /** Tags on one combatant, each at most wordLength long. */
  tagCount: 16,
  /** Pool values and adjustments: the actor data model keeps pools in 0..99. */
  pool: 99,
  /** Weapon reach in cells: the weapon data model keeps reach in 0..10. */
  reach: 10,
  /** Marching order: the combatant data model keeps it in 1..99. */
  marching: 99,
  /** A cost stated in a command: the action data model keeps costs in 0..20. */
  cost: 20,
  /** A time stated in segments: 10 segments to a round, "1 round or more" for complex activities; ten rounds at most. */
  time: 100,
  /** A condition's duration in rounds. */
  rounds: 1000,
  /**
   * Any cell coordinate, whatever the scene: far beyond any Foundry scene (a 10,000-cell side is
   * hundreds of thousands of pixels), and small enough that no walk along it takes long. A scene's
   * own size (GridSpec.bounds) narrows it further.
   */
  coordinate: 10_000,
  /** Waypoints in one `move`: each is a turn of the ruler, and no move needs more turns than this. */
  waypoints: 256,
  /**
   * Cells one `move` may cover, summed between its waypoints. Above what any ruleset lets anyone
   * move at once, so each ruleset's own refusal still speaks first: flow's most is 2 AP of movement
   * at moveSpeed ≤ 30 (60 hexes); phases' a full move of `movement` ≤ 60 hexes; segments' moves are
   * 10-ft positioning or a fast action's dash; marching's text sets no distance, and a whole
   * 100-cell crossing of a battle map is already more than one turn's move of its 5-ft steps.
   */
  walk: 100,
} as const;

/**
 * Names an object inherits from Object.prototype ("__proto__", "constructor", "toString" ...).
 * An id with one of these names is refused wherever it would become a key of the state, so no
 * lookup can mistake an inherited member for an entry and no write can reach the prototype.
 */
export const RESERVED_NAMES: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  "__proto__",
  "prototype",
]);
