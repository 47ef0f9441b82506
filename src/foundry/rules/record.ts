/**
 * The GM's record, its plain part (issue 42's rule: docs/foundry-internals.md, "The rule"): which
 * fields of which documents the engine reads, and what puts a player's write of them back. The
 * writer's record itself and its hooks are documents/record.ts. What the engine reads
 * from documents comes only from writes the GM made or accepted. Core lets an owner write every
 * field of its Actor, its Items, its Tokens and its Combatant at any time; the writer (the active
 * GM's client) keeps each such document's fields the engine reads as the GM last made or accepted
 * them, starting from the world as the server sent it at load (`game.data`:
 * https://foundryvtt.com/api/v13/classes/foundry.Game.html#data) and following every GM's write
 * (the user id the server stamps on it: https://foundryvtt.com/api/v13/functions/hookEvents.updateDocument.html).
 * A player's write of one of those fields, on a document a Tempo combat reads (a combatant, its
 * actor and the actor's items, its token), is put back at once to the record, before the fight as
 * much as during it. The record lives on the writer's client: what a player wrote while no GM's
 * client was connected is taken as the GM's at that client's next load.
 */
import { deletion } from "../store/pieces";

/** The document kinds the record follows. */
export const RECORDED_KINDS = ["Actor", "Item", "ActiveEffect", "Token", "Combatant"] as const;
export type RecordedKind = (typeof RECORDED_KINDS)[number];

/**
 * The fields of each kind the engine reads (a path and everything under it): what a fight's setup
 * is made of (documents/read.ts, documents/setup.ts combatantSetup: the actor's type, owners,
 * size, stats, skills and traits; its weapons; the token the combatant stands for and its size
 * the combatant's own setup and name). A token's position and level are the movement's (put back
 * during a fight by hooks/movement.ts; placing one's token before the fight is play), its `hidden`
 * and detection modes are sight's (hooks/sight.ts).
 */
export const ENGINE_READS: Readonly<Record<RecordedKind, readonly string[]>> = {
  Actor: ["type", "ownership", "system.size", "system.stats", "system.skills", "system.traits"],
  Item: ["type", "system.kind", "system.reach", "system.speed", "system.range", "system.equipped"],
  // Core applies an effect's changes to its actor's data, and its statuses to the actor's.
  ActiveEffect: ["changes", "disabled", "transfer", "statuses"],
  Token: ["actorId", "actorLink", "width", "height"],
  Combatant: ["type", "actorId", "tokenId", "sceneId", "name", "system"],
};

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An update's changes as leaf paths ("system.stats.agility"): objects are walked, anything else is a leaf. */
export function leafPaths(changes: Plain, prefix = ""): [string, unknown][] {
  return Object.entries(changes).flatMap(([key, value]): [string, unknown][] => {
    if (prefix === "" && key === "_id") return [];
    const clean = key.startsWith("-=") ? key.slice(2) : key;
    const path = prefix === "" ? clean : `${prefix}.${clean}`;
    if (key.startsWith("-=")) return [[path, undefined]];
    return isPlain(value) && Object.keys(value).length > 0 ? leafPaths(value, path) : [[path, value]];
  });
}

/** Does the engine read this path of a document of this kind (the path, or one above or below it)? */
export function engineReads(kind: RecordedKind, path: string): boolean {
  return ENGINE_READS[kind].some((p) => path === p || path.startsWith(`${p}.`) || p.startsWith(`${path}.`));
}

function valueAt(source: Plain, path: string): unknown {
  let node: unknown = source;
  for (const key of path.split(".")) node = isPlain(node) ? node[key] : undefined;
  return node;
}

function setAt(source: Plain, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = source;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (!isPlain(next)) node[key] = {};
    node = node[key] as Plain;
  }
  const last = keys[keys.length - 1] ?? path;
  if (value === undefined) delete node[last];
  else node[last] = structuredClone(value);
}

/**
 * The update that puts a player's write back to the record: each changed path the engine reads
 * gets the record's value again (a path the record does not hold is deleted, so the field reads
 * as its model's initial value), or null when the player wrote nothing the engine reads.
 */
export function putBackOf(
  kind: RecordedKind,
  record: Plain,
  changed: Plain,
  skip: readonly string[] = [],
): Plain | null {
  const back: Plain = {};
  for (const [path] of leafPaths(changed)) {
    if (!engineReads(kind, path) || skip.some((s) => path === s || path.startsWith(`${s}.`))) continue;
    // A whole field written where the engine reads below it: every leaf the record holds there.
    const target = ENGINE_READS[kind].find((p) => p.startsWith(`${path}.`)) ?? path;
    const was = valueAt(record, target);
    if (was === undefined) {
      const dot = target.lastIndexOf(".");
      const parent = dot < 0 ? back : ((back[target.slice(0, dot)] as Plain | undefined) ?? {});
      deletion(parent, target.slice(dot + 1));
      if (dot >= 0) back[target.slice(0, dot)] = parent;
    } else back[target] = structuredClone(was);
  }
  return Object.keys(back).length > 0 ? back : null;
}

/** A GM's write is the record from now on. */
export function acceptInto(record: Plain, changed: Plain): void {
  for (const [path, value] of leafPaths(changed)) setAt(record, path, value);
}
