/**
 * Worlds the adapter tests start from, as Foundry stores them: actors with `ownership` maps
 * (CONST.DOCUMENT_OWNERSHIP_LEVELS: 3 is OWNER) and combats with embedded combatants.
 */
import { OWNERSHIP, type Source, type World } from "./index";

/** Ana (p1's character), Bob (p2's character) and an orc nobody but the GM owns. */
export const ACTORS: Source[] = [
  {
    _id: "actorAna",
    name: "Ana",
    type: "character",
    ownership: { default: OWNERSHIP.NONE, p1: OWNERSHIP.OWNER },
    system: { stats: { agility: 1 }, skills: { melee: 80 } },
  },
  {
    _id: "actorBob",
    name: "Bob",
    type: "character",
    ownership: { default: OWNERSHIP.NONE, p2: OWNERSHIP.OWNER },
    system: { stats: { agility: 0 } },
  },
  {
    _id: "actorOrc",
    name: "Orc",
    type: "npc",
    ownership: { default: OWNERSHIP.NONE },
    system: { stats: { agility: 0 } },
  },
];

/** A combat, not started, with Ana, Bob and the orc in it. */
export function combatSource(id = "combat1"): Source {
  return {
    _id: id,
    type: "base",
    round: 0,
    turn: null,
    system: {},
    combatants: [
      { _id: "ana", name: "Ana", actorId: "actorAna", type: "base", system: {} },
      { _id: "bob", name: "Bob", actorId: "actorBob", type: "base", system: {} },
      { _id: "orc", name: "Orc", actorId: "actorOrc", type: "base", system: {} },
    ],
  };
}

/** A flow fight: Ana, Bob and the orc in combat1, not started ("tempo.ruleset" is flow). */
export function flowWorld(): World {
  return { actors: ACTORS, combats: [combatSource()], settings: { "tempo.ruleset": "flow" } };
}

/** Initiative dice for starting flowWorld's fight: Ana 9+1 = 10, Bob 4, the orc 2; Ana acts first. */
export const START_DICE = [9, 4, 2];
