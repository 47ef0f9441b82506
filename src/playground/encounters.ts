/**
 * Sample encounters, one or more per ruleset, as plain data: what a GM would set up on a scene
 * before pressing Start. Names are the sample actors' names (content, like a compendium's);
 * the titles and blurbs shown in the picker are localisation keys.
 */
import type { EncounterSetup, RulesetId } from "../engine";

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

export const ENCOUNTERS: Readonly<Record<RulesetId, readonly SampleEncounter[]>> = {
  flow: [flowAmbush],
  phases: [phasesWarehouse],
  segments: [segmentsCrypt],
  rating: [ratingRoadside],
  marching: [marchingCorridor],
};

export function findEncounter(id: string): SampleEncounter | undefined {
  for (const list of Object.values(ENCOUNTERS)) {
    const found = list.find((e) => e.id === id);
    if (found) return found;
  }
  return undefined;
}
