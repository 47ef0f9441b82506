/**
 * The flows' world (the battle map of tests/foundry/table/worlds.ts, with the Assistant GM) as a
 * real Foundry stores it. Foundry's ids are 16 alphanumeric characters, so each id of the table's
 * world ("ana", "tokAna", "gm") is padded to one ("ana0000000000000"), and the live backend maps
 * the flows' ids both ways.
 */
// documents.ts and worlds.ts load outside Vitest; the table's index.ts does not.
import { OWNERSHIP, ROLES, type Source } from "../foundry/table/documents";
import { SCENE_ID, type WorldOptions } from "../flows/backend";
import { battleWorld, withWolfAt } from "../foundry/table/worlds";
import type { Stored, WorldData } from "./foundry";

export const WORLD_ID = "tempo-live";

/**
 * The four seats' users, with the simulated table's ids and names (tests/foundry/table USERS and
 * the Assistant tests/flows/table-backend.ts adds); the table's forger (p3) has no seat here.
 */
const USERS: Source[] = [
  { _id: "gm", name: "Gamemaster", role: ROLES.GAMEMASTER },
  { _id: "a1", name: "Assistant", role: ROLES.ASSISTANT },
  { _id: "p1", name: "Player One", role: ROLES.PLAYER },
  { _id: "p2", name: "Player Two", role: ROLES.PLAYER },
];

/**
 * The battle map as the live world holds it: the active scene, which every player may observe, so
 * each player's canvas draws it and the tokens they move (Scene#active, Scene ownership:
 * https://foundryvtt.com/api/v13/classes/foundry.documents.Scene.html).
 */
function battleScene(scene: Source): Source {
  return { ...scene, active: true, navigation: true, ownership: { default: OWNERSHIP.OBSERVER } };
}

/** A table id as a Foundry id. */
export function liveId(id: string): string {
  return `${id}${"0".repeat(16)}`.slice(0, 16);
}

/** Every id of a world's documents, embedded ones included. */
function idsIn(value: unknown, ids: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) idsIn(v, ids);
  else if (value && typeof value === "object") {
    const id = (value as Record<string, unknown>)["_id"];
    if (typeof id === "string") ids.add(id);
    for (const v of Object.values(value)) idsIn(v, ids);
  }
}

/** Replace every string (value or key) that is one of `ids` by `map(id)`, deeply. */
export function mapIds<T>(value: T, map: (id: string) => string, ids: ReadonlySet<string>): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return ids.has(v) ? map(v) : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object")
      return Object.fromEntries(
        Object.entries(v).map(([k, inner]) => [ids.has(k) ? map(k) : k, walk(inner)]),
      );
    return v;
  };
  return walk(value) as T;
}

/** The flows' world (with what a flow's options change) and the table ids it holds (to map commands and views both ways). */
export function flowsWorld(options: WorldOptions = {}): {
  data: WorldData;
  ids: Set<string>;
  users: Record<string, { id: string; name: string }>;
} {
  const world = options.wolfAt ? withWolfAt(battleWorld(), options.wolfAt) : battleWorld();
  const users = USERS;
  const ids = new Set<string>();
  idsIn([users, world.actors, world.scenes, world.combats], ids);
  const live = <T>(v: T): T => mapIds(v, liveId, ids);
  const settings = Object.entries(world.settings ?? {}).map(([key, value], i) => ({
    _id: liveId(`setting${i}`),
    key,
    value: JSON.stringify(value),
  }));
  const stored = (docs: Source[] | undefined): Stored[] =>
    live((docs ?? []).map((doc) => ({ ...doc, _id: String(doc["_id"]) })));
  const collections: Record<string, Stored[]> = {
    users: stored(users.map((u) => ({ ...u, password: "" }))),
    actors: stored(world.actors),
    scenes: stored(
      (world.scenes ?? []).map((scene) => (scene["_id"] === SCENE_ID ? battleScene(scene) : scene)),
    ),
    combats: stored(world.combats),
    settings,
  };
  const byId = Object.fromEntries(
    users.map((u) => [String(u._id), { id: liveId(String(u._id)), name: String(u["name"]) }]),
  );
  return { data: { id: WORLD_ID, title: "Tempo live flows", collections }, ids, users: byId };
}
