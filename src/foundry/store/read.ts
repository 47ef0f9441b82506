/** Reading Tempo's documents into the plain shapes the setup functions take. */
import { CharacterModel, CombatantModel, NpcModel } from "../data";
import type { V14Leveled } from "../data/v14";
import {
  cellOfOffset,
  type ActorData,
  type CombatantData,
  type CombatantIdentity,
  type SceneGridData,
} from "./setup";

/** A combatant's data in the shape the plain setup functions read. */
export function combatantData(combatant: Combatant.Implementation): CombatantData {
  const system = combatant.system instanceof CombatantModel ? combatant.system : null;
  return {
    id: combatant.id ?? "",
    name: combatant.name ?? "",
    hidden: combatant.hidden,
    system: {
      side: system?.side ?? "",
      marching: system?.marching ?? null,
      surprised: system?.surprised ?? false,
      unseen: system?.unseen ?? false,
    },
  };
}

/** An actor's data in the shape the plain setup functions read, or null for actors of other systems' types. */
export function actorData(actor: Actor.Implementation | null): ActorData | null {
  const system = actor?.system;
  if (!actor || !(system instanceof CharacterModel || system instanceof NpcModel)) return null;
  return {
    type: actor.type,
    name: actor.name ?? "",
    hasPlayerOwner: actor.hasPlayerOwner,
    system: {
      size: system.size,
      // Schemas built from the rulesets' stat lists: the types see `{}`, the values are numbers and booleans.
      stats: { ...(system.stats as Record<string, number>) },
      skills: { ...(system.skills as Record<string, number>) },
      traits: { ...(system.traits as Record<string, boolean>) },
      weapon: { ...system.weapon },
    },
  };
}

/**
 * The cell of a combatant's token on its own scene's grid (the token's parent), or null off the
 * grid. Never the canvas: the GM may be looking at another scene.
 */
export function cellOf(combatant: Combatant.Implementation): ReturnType<typeof cellOfOffset> {
  const token = combatant.token;
  const grid = token?.parent?.grid;
  if (!token || !grid) return null;
  // The centre, not the top-left corner: a hex token's box corner lies outside its own hex.
  const offset = grid.getOffset(token.getCenterPoint());
  return cellOfOffset(Number(grid.type), offset);
}

/**
 * The scene level a token stands on (v14 `TokenDocument#level`, a level id; src/foundry/types.d.ts
 * V14Leveled), or null where the scene has no levels (v13, or a v14 scene with one).
 */
export function levelOf(position: object | null | undefined): string | null {
  const level: unknown = position ? (position as V14Leveled).level : undefined;
  return typeof level === "string" && level.length > 0 ? level : null;
}

/**
 * The combat's own scene's grid as the setup functions read it (type, for squares diagonals, and
 * the canvas's rows and columns from `Scene#dimensions`): `Scene#grid` of `combat.scene`, whatever
 * the canvas shows. No scene: null (gridless).
 */
export function sceneGrid(scene: Scene.Implementation | null): SceneGridData | null {
  const grid = scene?.grid;
  if (!scene || !grid) return null;
  const diagonals = grid instanceof foundry.grid.SquareGrid ? Number(grid.diagonals) : 0;
  const { rows, columns } = scene.dimensions;
  return { type: Number(grid.type), diagonals, rows: Number(rows), columns: Number(columns) };
}

/** Which character a combatant stands for: its actor, its token, and whether the token is linked. */
export function identityOf(combatant: Combatant.Implementation): CombatantIdentity {
  return {
    id: combatant.id ?? "",
    actorId: combatant.actorId ?? null,
    sceneId: combatant.sceneId ?? null,
    tokenId: combatant.tokenId ?? null,
    linked: combatant.token?.actorLink === true,
  };
}
