/**
 * Sample encounters, one or more per ruleset, as plain data: what a GM would set up on a scene
 * before pressing Start. Names are the sample actors' names (content, like a compendium's);
 * the titles and blurbs shown in the picker are localisation keys.
 */
import {
  isRulesetId,
  LIMITS,
  type Cell,
  type CombatantSetup,
  type EncounterSetup,
  type RulesetId,
} from "../engine";
import { offsetToAxial } from "../engine/grid";

export interface SampleEncounter {
  /** Stable id, saved in session files. */
  id: string;
  title: string;
  blurb: string;
  /** Three first steps for a newcomer: what to press or drag, and what will happen (keys). */
  tryThis: readonly [string, string, string];
  /** Width and height of the battle map, in cells (columns, rows). */
  map: { cols: number; rows: number };
  setup: EncounterSetup;
}

/**
 * flow: a hex melee where everyone starts in an enemy's threat range, so the first mover can be
 * dragged out of a threatened hex and draw a Reaction Attack (flow.txt: "moves OUT of any hex you
 * threaten, then you may use 1 RP to perform a Reaction Attack").
 */
const flowAmbush: SampleEncounter = {
  id: "flow-orc-ambush",
  title: "TEMPO.Playground.Encounter.FlowOrcAmbush.Title",
  blurb: "TEMPO.Playground.Encounter.FlowOrcAmbush.Blurb",
  tryThis: [
    "TEMPO.Playground.Encounter.FlowOrcAmbush.Try1",
    "TEMPO.Playground.Encounter.FlowOrcAmbush.Try2",
    "TEMPO.Playground.Encounter.FlowOrcAmbush.Try3",
  ],
  map: { cols: 11, rows: 8 },
  setup: {
    ruleset: "flow",
    grid: { type: "hex" },
    combatants: [
      {
        id: "ana",
        name: "Ana Brightshield",
        side: "party",
        pc: true,
        at: [3, 3],
        stats: { agility: 2, moveSpeed: 6, maxAp: 5, maxRp: 2, weaponRange: 3 },
        skills: { melee: 55, ranged: 30, agility: 35, athletics: 45, endurance: 50, deception: 20 },
        tags: ["shield"],
      },
      {
        id: "bram",
        name: "Bram Quickfoot",
        side: "party",
        pc: true,
        at: [2, 5],
        stats: { agility: 3, moveSpeed: 6, maxAp: 5, maxRp: 2, weaponRange: 6 },
        skills: { melee: 45, ranged: 40, agility: 60, athletics: 50, endurance: 30, deception: 55 },
      },
      {
        id: "cyra",
        name: "Cyra Vell",
        side: "party",
        pc: true,
        at: [2, 4],
        reach: 2,
        stats: { agility: 1, moveSpeed: 6, maxAp: 5, maxRp: 2, weaponRange: 4 },
        skills: { melee: 40, ranged: 35, agility: 45, athletics: 30, endurance: 35, deception: 40 },
      },
      {
        id: "grukk",
        name: "Grukk",
        side: "orcs",
        at: [4, 3],
        stats: { agility: 1, moveSpeed: 6, maxAp: 5, maxRp: 2, weaponRange: 3 },
        skills: { melee: 50, ranged: 25, agility: 30, athletics: 50, endurance: 45, deception: 15 },
      },
      {
        id: "snag",
        name: "Snag",
        side: "orcs",
        at: [3, 5],
        stats: { agility: 0, moveSpeed: 6, maxAp: 5, maxRp: 2, weaponRange: 6 },
        skills: { melee: 45, ranged: 35, agility: 35, athletics: 40, endurance: 40, deception: 30 },
      },
      {
        id: "urzog",
        name: "Urzog the Large",
        side: "orcs",
        at: [4, 4],
        size: "large",
        stats: { agility: 0, moveSpeed: 6, maxAp: 5, maxRp: 2, weaponRange: 3 },
        skills: { melee: 55, ranged: 20, agility: 25, athletics: 60, endurance: 60, deception: 10 },
      },
    ],
  },
};

/** phases: heroes and thugs on hexes; one thug has Combat Reflexes (more than one attack of opportunity per Phase). */
const phasesWarehouse: SampleEncounter = {
  id: "phases-warehouse",
  title: "TEMPO.Playground.Encounter.PhasesWarehouse.Title",
  blurb: "TEMPO.Playground.Encounter.PhasesWarehouse.Blurb",
  tryThis: [
    "TEMPO.Playground.Encounter.PhasesWarehouse.Try1",
    "TEMPO.Playground.Encounter.PhasesWarehouse.Try2",
    "TEMPO.Playground.Encounter.PhasesWarehouse.Try3",
  ],
  map: { cols: 12, rows: 8 },
  setup: {
    ruleset: "phases",
    grid: { type: "hex" },
    combatants: [
      {
        id: "comet",
        name: "Captain Comet",
        side: "heroes",
        pc: true,
        at: [3, 3],
        stats: { combatValue: 8, lightningReflexes: 2, movement: 8, ocv: 6, dcv: 6 },
        skills: { combatReflexes: 0 },
      },
      {
        id: "vesper",
        name: "Vesper",
        side: "heroes",
        pc: true,
        at: [2, 4],
        stats: { combatValue: 7, lightningReflexes: 0, movement: 6, ocv: 5, dcv: 5 },
        skills: { combatReflexes: 0 },
      },
      {
        id: "brick",
        name: "Brick",
        side: "thugs",
        at: [4, 3],
        stats: { combatValue: 6, lightningReflexes: 0, movement: 6, ocv: 4, dcv: 3 },
        skills: { combatReflexes: 1 },
      },
      {
        id: "knuckles",
        name: "Knuckles",
        side: "thugs",
        at: [1, 5],
        stats: { combatValue: 5, lightningReflexes: 0, movement: 6, ocv: 3, dcv: 3 },
        skills: { combatReflexes: 0 },
      },
    ],
  },
};

/** segments: a fighter, a cleric and a multi-attacking ogre with goblins on 5-ft squares. */
const segmentsCrypt: SampleEncounter = {
  id: "segments-crypt",
  title: "TEMPO.Playground.Encounter.SegmentsCrypt.Title",
  blurb: "TEMPO.Playground.Encounter.SegmentsCrypt.Blurb",
  tryThis: [
    "TEMPO.Playground.Encounter.SegmentsCrypt.Try1",
    "TEMPO.Playground.Encounter.SegmentsCrypt.Try2",
    "TEMPO.Playground.Encounter.SegmentsCrypt.Try3",
  ],
  map: { cols: 12, rows: 8 },
  setup: {
    ruleset: "segments",
    grid: { type: "square" },
    combatants: [
      {
        id: "fighter",
        name: "Sir Roderic",
        side: "party",
        pc: true,
        at: [3, 3],
        // A longsword (weapon speed 5), one attack a round, plate and shield (AC 2).
        stats: { dexterity: 12, weaponSpeed: 5, attacks: 1, aac0: 17, ac: 2, attackBonus: 1 },
      },
      {
        id: "cleric",
        name: "Sister Maud",
        side: "party",
        pc: true,
        at: [2, 4],
        // A mace (weapon speed 7), chain mail (AC 5).
        stats: { dexterity: 10, weaponSpeed: 7, attacks: 1, aac0: 19, ac: 5, attackBonus: 0 },
      },
      {
        id: "ogre",
        name: "Ogre",
        side: "monsters",
        at: [4, 2],
        size: "large",
        // Two blows a round with its great club.
        stats: { dexterity: 8, weaponSpeed: 8, attacks: 2, aac0: 15, ac: 5, attackBonus: 2 },
        tags: ["multiAttack"],
      },
      {
        id: "goblin",
        name: "Goblin",
        side: "monsters",
        at: [3, 5],
        size: "small",
        stats: { dexterity: 14, weaponSpeed: 4, attacks: 1, aac0: 20, ac: 6, attackBonus: 0 },
      },
    ],
  },
};

/** rating: a bandit ambush with a surprised scout, on a square metre grid. */
const ratingRoadside: SampleEncounter = {
  id: "rating-roadside",
  title: "TEMPO.Playground.Encounter.RatingRoadside.Title",
  blurb: "TEMPO.Playground.Encounter.RatingRoadside.Blurb",
  tryThis: [
    "TEMPO.Playground.Encounter.RatingRoadside.Try1",
    "TEMPO.Playground.Encounter.RatingRoadside.Try2",
    "TEMPO.Playground.Encounter.RatingRoadside.Try3",
  ],
  map: { cols: 12, rows: 8 },
  setup: {
    ruleset: "rating",
    grid: { type: "square" },
    combatants: [
      {
        id: "hero",
        name: "Ilse",
        side: "party",
        pc: true,
        at: [3, 3],
        stats: { initiativeRating: 3, luck: 2, maxAp: 3 },
      },
      {
        id: "sage",
        name: "Orrin",
        side: "party",
        pc: true,
        at: [2, 4],
        stats: { initiativeRating: 2, luck: 1, maxAp: 3 },
      },
      {
        id: "bandit",
        name: "Bandit",
        side: "bandits",
        at: [4, 3],
        stats: { initiativeRating: 3, luck: 1, maxAp: 3 },
      },
      {
        id: "scout",
        name: "Scout",
        side: "bandits",
        at: [5, 5],
        surprised: true,
        stats: { initiativeRating: 2, luck: 0, maxAp: 3 },
      },
    ],
  },
};

/** marching: a party in marching order down a corridor meets goblins (square grid). */
const marchingCorridor: SampleEncounter = {
  id: "marching-corridor",
  title: "TEMPO.Playground.Encounter.MarchingCorridor.Title",
  blurb: "TEMPO.Playground.Encounter.MarchingCorridor.Blurb",
  tryThis: [
    "TEMPO.Playground.Encounter.MarchingCorridor.Try1",
    "TEMPO.Playground.Encounter.MarchingCorridor.Try2",
    "TEMPO.Playground.Encounter.MarchingCorridor.Try3",
  ],
  map: { cols: 12, rows: 6 },
  setup: {
    ruleset: "marching",
    grid: { type: "square" },
    combatants: [
      {
        id: "lead",
        name: "Vanguard Tor",
        side: "party",
        pc: true,
        marching: 1,
        at: [4, 2],
        stats: { agility: 1 },
      },
      {
        id: "second",
        name: "Lamplighter Bea",
        side: "party",
        pc: true,
        marching: 2,
        at: [3, 2],
        stats: { agility: 0 },
      },
      {
        id: "third",
        name: "Rearguard Osk",
        side: "party",
        pc: true,
        marching: 3,
        at: [2, 3],
        stats: { agility: 2 },
      },
      { id: "goblin1", name: "Goblin Sneak", side: "goblins", at: [6, 2], stats: { agility: 2 } },
      { id: "goblin2", name: "Goblin Spear", side: "goblins", at: [8, 3], reach: 2, stats: { agility: 1 } },
    ],
  },
};

/** How many combatants a Crowd may hold, and how many the picker's Crowd entry has. */
export const CROWD_MIN = 2;
export const CROWD_MAX = 400;
export const CROWD_DEFAULT = 200;

/** One crowd member's stats and skills, by its place in its side (0 = first) and whether it is `c1`. */
type CrowdStats = (party: boolean, index: number, first: boolean) => Pick<CombatantSetup, "stats" | "skills">;

/** What each ruleset's crowd is made of: its grid, the two sides and their names, and the stats. */
interface CrowdKind {
  grid: "hex" | "square";
  party: { side: string; captain: string; name: string };
  foes: { side: string; name: string };
  /** Marching order for the party (marching.txt: "the party should have a marching order"). */
  marching?: true;
  stats: CrowdStats;
  tryThis: readonly [string, string, string];
}

/**
 * The crowd's stats copy each ruleset's sample above. `c1` is the party's captain and acts first
 * whatever the dice: its initiative stat is higher than any other's best roll (flow 1d10 + Agility,
 * rating 1d6 + Initiative Rating, phases Combat Value; marching by marching order, segments by
 * side), so one step away from the foe beside it is the first move of the fight.
 */
const CROWD_KINDS: Readonly<Record<RulesetId, CrowdKind>> = {
  flow: {
    tryThis: [
      "TEMPO.Playground.Encounter.Crowd.Flow.Try1",
      "TEMPO.Playground.Encounter.Crowd.Flow.Try2",
      "TEMPO.Playground.Encounter.Crowd.Flow.Try3",
    ],
    grid: "hex",
    party: { side: "party", captain: "Captain Ana", name: "Shieldbearer" },
    foes: { side: "orcs", name: "Orc" },
    stats: (party, i, first) => ({
      // Others roll at most 10 + 2; the captain at least 1 + 12.
      stats: { agility: first ? 12 : i % 3, moveSpeed: 6, maxAp: 5, maxRp: 2, weaponRange: 3 },
      skills: party
        ? { melee: 50, ranged: 30, agility: 40, athletics: 45, endurance: 45, deception: 25 }
        : { melee: 45, ranged: 25, agility: 30, athletics: 50, endurance: 45, deception: 15 },
    }),
  },
  phases: {
    tryThis: [
      "TEMPO.Playground.Encounter.Crowd.Phases.Try1",
      "TEMPO.Playground.Encounter.Crowd.Phases.Try2",
      "TEMPO.Playground.Encounter.Crowd.Phases.Try3",
    ],
    grid: "hex",
    party: { side: "heroes", captain: "Captain Comet", name: "Hero" },
    foes: { side: "thugs", name: "Thug" },
    stats: (party, i, first) => ({
      stats: first
        ? { combatValue: 12, lightningReflexes: 2, movement: 8, ocv: 6, dcv: 6 }
        : { combatValue: party ? 7 : 5 + (i % 2), lightningReflexes: 0, movement: 6, ocv: 4, dcv: 4 },
      skills: { combatReflexes: party ? 0 : i % 5 === 0 ? 1 : 0 },
    }),
  },
  segments: {
    tryThis: [
      "TEMPO.Playground.Encounter.Crowd.Segments.Try1",
      "TEMPO.Playground.Encounter.Crowd.Segments.Try2",
      "TEMPO.Playground.Encounter.Crowd.Segments.Try3",
    ],
    grid: "square",
    party: { side: "party", captain: "Sir Roderic", name: "Man-at-arms" },
    foes: { side: "monsters", name: "Goblin" },
    stats: (party) => ({
      stats: party
        ? // A longsword (weapon speed 5), plate and shield (AC 2), as the sample's fighter.
          { dexterity: 12, weaponSpeed: 5, attacks: 1, aac0: 17, ac: 2, attackBonus: 1 }
        : // A short sword (weapon speed 4), leather (AC 6), as the sample's goblin.
          { dexterity: 14, weaponSpeed: 4, attacks: 1, aac0: 20, ac: 6, attackBonus: 0 },
    }),
  },
  rating: {
    tryThis: [
      "TEMPO.Playground.Encounter.Crowd.Rating.Try1",
      "TEMPO.Playground.Encounter.Crowd.Rating.Try2",
      "TEMPO.Playground.Encounter.Crowd.Rating.Try3",
    ],
    grid: "square",
    party: { side: "party", captain: "Ilse", name: "Guard" },
    foes: { side: "bandits", name: "Bandit" },
    stats: (_party, i, first) => ({
      // Others roll at most 6 + 2; the captain at least 1 + 8.
      stats: { initiativeRating: first ? 8 : 1 + (i % 2), luck: i % 3, maxAp: 3 },
    }),
  },
  marching: {
    tryThis: [
      "TEMPO.Playground.Encounter.Crowd.Marching.Try1",
      "TEMPO.Playground.Encounter.Crowd.Marching.Try2",
      "TEMPO.Playground.Encounter.Crowd.Marching.Try3",
    ],
    grid: "square",
    party: { side: "party", captain: "Vanguard Tor", name: "Lamplighter" },
    foes: { side: "goblins", name: "Goblin" },
    marching: true,
    stats: (_party, i, first) => ({ stats: { agility: first ? 2 : i % 3 } }),
  },
};

/** Cells between one file (column of combatants) and the next of the same side, and the margins. */
const FILE_GAP = 2;
const MARGIN_COLS = 2;
const MARGIN_ROWS = 2;

/**
 * The Crowd: `n` combatants (CROWD_MIN..CROWD_MAX) in two blocks facing each other across a front
 * line, the party (ids c1.. first, in roster order) on the left and its foes on the right. Each
 * side stands in files one cell apart, so everyone has a free cell beside it to step into; the
 * party's front file touches the foes' front file, and `c1` stands at the top of it with a foe on
 * the next cell, so stepping `c1` one cell back (left) leaves a threatened cell. Pure: the same
 * ruleset and count give the same encounter. Throws a RangeError for a count out of range (a
 * caller reads user input with `crowdCount`).
 */
export function crowdEncounter(ruleset: RulesetId, n: number): SampleEncounter {
  if (!Number.isInteger(n) || n < CROWD_MIN || n > CROWD_MAX) throw new RangeError(`crowd of ${n}`);
  const kind = CROWD_KINDS[ruleset];
  const partyCount = Math.ceil(n / 2);
  // Files of `height` combatants; the blocks about as tall as the map is wide.
  const files = Math.max(1, Math.ceil(Math.sqrt(partyCount / 4)));
  const height = Math.ceil(partyCount / files);
  const front = MARGIN_COLS + FILE_GAP * (files - 1);
  const cols = Math.max(8, front + 1 + FILE_GAP * (files - 1) + 1 + MARGIN_COLS);
  const rows = Math.max(6, height + 2 * MARGIN_ROWS);
  const cellAt = (col: number, row: number): Cell =>
    kind.grid === "hex" ? offsetToAxial("HEXODDR", { i: row, j: col }) : [col, row];
  const combatants: CombatantSetup[] = [];
  for (let k = 0; k < n; k++) {
    const party = k < partyCount;
    const index = party ? k : k - partyCount;
    const file = Math.floor(index / height);
    const row = MARGIN_ROWS + (index % height);
    // The party's files run back (left) from the front; the foes' forward (right) from the cell past it.
    const col = party ? front - FILE_GAP * file : front + 1 + FILE_GAP * file;
    const first = k === 0;
    const side = party ? kind.party : kind.foes;
    const c: CombatantSetup = {
      id: `c${k + 1}`,
      name: first ? kind.party.captain : `${side.name} ${index + 1}`,
      side: side.side,
      at: cellAt(col, row),
      ...kind.stats(party, index, first),
    };
    // The captain and the next three are the players' characters; the rest of the party are allies.
    if (party && index < 4) c.pc = true;
    if (party && kind.marching && index < LIMITS.marching) c.marching = index + 1;
    combatants.push(c);
  }
  return {
    id: crowdId(ruleset, n),
    title: "TEMPO.Playground.Encounter.Crowd.Title",
    blurb: "TEMPO.Playground.Encounter.Crowd.Blurb",
    tryThis: kind.tryThis,
    map: { cols, rows },
    setup: { ruleset, grid: { type: kind.grid }, combatants },
  };
}

export function crowdId(ruleset: RulesetId, n: number): string {
  return `crowd-${ruleset}-${n}`;
}

/** A crowd size read from user input (`?n=`): a whole number in CROWD_MIN..CROWD_MAX, else null. */
export function crowdCount(text: string | null): number | null {
  if (text === null || !/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= CROWD_MIN && n <= CROWD_MAX ? n : null;
}

/** The crowd an id names (`crowd-<ruleset>-<n>`), or undefined. */
function crowdFromId(id: string): SampleEncounter | undefined {
  const match = /^crowd-([a-z]+)-(\d{1,4})$/.exec(id);
  if (!match) return undefined;
  const [, ruleset = "", count = ""] = match;
  const n = crowdCount(count);
  return isRulesetId(ruleset) && n !== null && crowdId(ruleset, n) === id
    ? crowdEncounter(ruleset, n)
    : undefined;
}

export const ENCOUNTERS: Readonly<Record<RulesetId, readonly SampleEncounter[]>> = {
  flow: [flowAmbush, crowdEncounter("flow", CROWD_DEFAULT)],
  phases: [phasesWarehouse, crowdEncounter("phases", CROWD_DEFAULT)],
  segments: [segmentsCrypt, crowdEncounter("segments", CROWD_DEFAULT)],
  rating: [ratingRoadside, crowdEncounter("rating", CROWD_DEFAULT)],
  marching: [marchingCorridor, crowdEncounter("marching", CROWD_DEFAULT)],
};

/** A sample by its id: one of ENCOUNTERS, or a Crowd of any allowed size (`crowd-flow-50`). */
export function findEncounter(id: string): SampleEncounter | undefined {
  for (const list of Object.values(ENCOUNTERS)) {
    const found = list.find((e) => e.id === id);
    if (found) return found;
  }
  return crowdFromId(id);
}
