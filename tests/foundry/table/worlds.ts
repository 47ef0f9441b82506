/**
 * Worlds the adapter tests start from, as Foundry stores them: actors with `ownership` maps
 * (CONST.DOCUMENT_OWNERSHIP_LEVELS: 3 is OWNER) and combats with embedded combatants.
 */
// From documents.ts, not index.ts: the live suite (tests/live/world.ts) builds the same worlds
// outside Vitest, where index.ts (which loads Tempo through Vitest's module mocks) cannot load.
import { OWNERSHIP, type Source } from "./documents";
import type { World } from "./index";

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

/** The grid size of the table's scenes, in pixels: cell [x, y] has its top-left corner at (100x, 100y). */
export const GRID = 100;

/** A token's top-left corner for it to stand in engine cell [x, y] on a square scene (column x, row y). */
export function at(x: number, y: number): { x: number; y: number } {
  return { x: x * GRID, y: y * GRID };
}

/**
 * The battle map: a 10 × 10 square scene (100 px cells). Ana stands at [0, 0], Bob at [9, 9], the
 * orc at [2, 1]: a walk along row 0 passes the orc and leaves the cells it threatens.
 * The second scene, the tavern, is gridless: a GM looking at it while the fight runs on the battle
 * map must not change where anybody stands.
 */
export function sceneSources(
  options: { orcModes?: unknown; levels?: Record<string, string> } = {},
): Source[] {
  const token = (id: string, actorId: string, cell: [number, number], extra: Source = {}): Source => ({
    _id: id,
    name: id,
    actorId,
    ...at(cell[0], cell[1]),
    width: 1,
    height: 1,
    elevation: 0,
    ...(options.levels?.[id] ? { level: options.levels[id] } : {}),
    ...extra,
  });
  return [
    {
      _id: "battle",
      name: "Battle Map",
      width: 1000,
      height: 1000,
      grid: { type: 1, size: GRID, diagonals: 0 },
      tokens: [
        token("tokAna", "actorAna", [0, 0]),
        token("tokBob", "actorBob", [9, 9]),
        token(
          "tokOrc",
          "actorOrc",
          [2, 1],
          options.orcModes === undefined ? {} : { detectionModes: options.orcModes },
        ),
        // A wolf on the map, not in the fight until the GM adds it.
        token("tokWolf", "actorWolf", [7, 2]),
      ],
    },
    { _id: "tavern", name: "Tavern", width: 3000, height: 2000, grid: { type: 0, size: 50 }, tokens: [] },
  ];
}

/** flowWorld's fight on the battle map: each combatant stands for its token there. */
export function battleWorld(
  options: Parameters<typeof sceneSources>[0] & {
    anaInvisible?: boolean;
    anaSkills?: Record<string, number>;
  } = {},
): World {
  const combat = combatSource();
  // Ana invisible: an effect giving her actor the "invisible" status (Actor#statuses).
  const actors = ACTORS.map((a) => {
    if (a._id !== "actorAna") return a;
    const system = a["system"] as Record<string, unknown>;
    return {
      ...a,
      ...(options.anaInvisible ? { effects: [{ statuses: ["invisible"] }] } : {}),
      ...(options.anaSkills ? { system: { ...system, skills: options.anaSkills } } : {}),
    };
  });
  const tokenOf: Record<string, string> = { ana: "tokAna", bob: "tokBob", orc: "tokOrc" };
  combat["scene"] = "battle";
  combat["combatants"] = (combat["combatants"] as Source[]).map((c) => ({
    ...c,
    sceneId: "battle",
    tokenId: tokenOf[String(c["_id"])],
  }));
  const wolf: Source = {
    _id: "actorWolf",
    name: "Wolf",
    type: "npc",
    ownership: { default: OWNERSHIP.NONE },
    system: { stats: { agility: 0 } },
  };
  return { ...flowWorld(), actors: [...actors, wolf], scenes: sceneSources(options), combats: [combat] };
}

/** The battle world's wolf as a Combatant's source (its actor and its token on the battle scene). */
export function wolfCombatant(): Source {
  return {
    name: "Wolf",
    actorId: "actorWolf",
    sceneId: "battle",
    tokenId: "tokWolf",
    type: "base",
    system: {},
  };
}

/**
 * The battle world with the wolf in the fight from the start, its token moved to `cell` (its
 * initiative die: 1 + Agility 0): a second threatener, so one walk can provoke twice.
 */
export function withWolfAt(world: World, cell: readonly [number, number]): World {
  const scenes = (world.scenes ?? []).map((scene) =>
    scene["_id"] !== "battle"
      ? scene
      : {
          ...scene,
          tokens: (scene["tokens"] as Source[]).map((t) =>
            t["_id"] === "tokWolf" ? { ...t, ...at(cell[0], cell[1]) } : t,
          ),
        },
  );
  const combats = (world.combats ?? []).map((combat) => ({
    ...combat,
    combatants: [...(combat["combatants"] as Source[]), { _id: "wolf", ...wolfCombatant() }],
  }));
  return { ...world, scenes, combats };
}
