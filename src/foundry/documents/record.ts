/**
 * The GM's record on the writer's client (issue 42's rule: docs/foundry-internals.md, "The
 * rule"): each document a Tempo combat reads, its fields the engine reads (rules/record.ts
 * ENGINE_READS) as the GM last made or accepted them, from the world as the server sent it at load
 * (`game.data`: https://foundryvtt.com/api/v13/classes/foundry.Game.html#data) and every GM's write
 * since (the user id the server stamps on it:
 * https://foundryvtt.com/api/v13/functions/hookEvents.updateDocument.html). A player's write of one
 * of them is put back at once; Begin waits for every put-back under way (putBacksDone).
 */
import { isWriter } from "../channel/writer";
import { isTempoCombat } from "../store/stored";
import { acceptInto, putBackOf, type RecordedKind } from "../rules/record";

export { RECORDED_KINDS } from "../rules/record";

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------

const records = new Map<string, Plain>();

/** The document's source in the world the server sent at load, if it was there then. */
function loadedSource(kind: RecordedKind, id: string, parentId: string | null): Plain | undefined {
  const data = game.data as unknown as Record<string, unknown>;
  const list = (value: unknown): Plain[] => (Array.isArray(value) ? value.filter(isPlain) : []);
  const find = (value: unknown, wanted: string | null) => list(value).find((s) => s["_id"] === wanted);
  if (kind === "Actor") return find(data["actors"], id);
  if (kind === "Item") return find(find(data["actors"], parentId)?.["items"], id);
  if (kind === "ActiveEffect") return find(find(data["actors"], parentId)?.["effects"], id);
  if (kind === "Token") return find(find(data["scenes"], parentId)?.["tokens"], id);
  return find(find(data["combats"], parentId)?.["combatants"], id);
}

/** The record of a document: what the GM made or accepted (the world at load, then the GM's writes). */
function recordOf(kind: RecordedKind, id: string, parentId: string | null): Plain | undefined {
  const key = `${kind}.${parentId ?? ""}.${id}`;
  let record = records.get(key);
  if (!record) {
    const loaded = loadedSource(kind, id, parentId);
    if (!loaded) return undefined;
    record = structuredClone(loaded);
    records.set(key, record);
  }
  return record;
}

/** A document as the hooks give it. */
interface Recorded {
  id: string | null;
  parent?: { id: string | null } | null;
  actorId?: string | null;
  toObject(): object;
  update(data: object): Promise<unknown>;
  delete(): Promise<unknown>;
}

/** Is the document one a Tempo combat reads: a combatant, or a combatant's actor, item or token? */
function readByCombat(kind: RecordedKind, doc: Recorded): boolean {
  if (kind === "Combatant") return isTempoCombat(doc.parent);
  const actorId =
    kind === "Actor" ? doc.id : kind === "Token" ? (doc.actorId ?? null) : (doc.parent?.id ?? null);
  for (const combat of game.combats ?? []) {
    if (!isTempoCombat(combat)) continue;
    for (const c of combat.combatants)
      if (
        kind === "Token"
          ? c.tokenId === doc.id && c.sceneId === (doc.parent?.id ?? null)
          : c.actorId === actorId
      )
        return true;
  }
  return false;
}

/** During a fight the combatant's setup is the engine's, put back by TempoCombatant#_onUpdate. */
function engineOwns(kind: RecordedKind, doc: Recorded): readonly string[] {
  if (kind !== "Combatant") return [];
  const combat = doc.parent as { round?: number } | null;
  return (combat?.round ?? 0) > 0 ? ["system"] : [];
}

/** update<Kind>, on the writer's client: a GM's write is recorded; a player's of what the engine reads, put back. */
export function onRecordedUpdate(kind: RecordedKind) {
  return (doc: Recorded, changed: Plain, _options: unknown, userId: string): void => {
    if (!isWriter() || !doc.id) return;
    const record = recordOf(kind, doc.id, doc.parent?.id ?? null);
    if (game.users?.get(userId)?.isGM ?? false) {
      if (record) acceptInto(record, changed);
      return;
    }
    if (!record || !readByCombat(kind, doc)) return;
    const back = putBackOf(kind, record, changed, engineOwns(kind, doc));
    if (back) track(doc.update(back));
  };
}

/** Put-backs under way on the writer's client: Begin waits for them (putBacksDone). */
const underway = new Set<Promise<unknown>>();

function track(write: Promise<unknown>): void {
  const done = write
    .catch((error: unknown) => console.error("Tempo: putting a write back", error))
    .finally(() => underway.delete(done));
  underway.add(done);
}

/** Every put-back under way has been written: what Begin reads is the GM's. */
export async function putBacksDone(): Promise<void> {
  while (underway.size > 0) await Promise.all([...underway]);
}

/** A weapon, the one kind of item the engine reads (its reach, range and speed). */
function isWeapon(source: Plain): boolean {
  return source["type"] === "weapon";
}

/**
 * create<Kind>, on the writer's client: what a GM creates is recorded as it is. A combatant a player
 * adds before the fight (core lets an actor's owner) joins with its actor and token, but its setup
 * is the GM's: it is recorded with none, and the player's put back.
 */
export function onRecordedCreate(kind: RecordedKind) {
  return (doc: Recorded, _options: unknown, userId: string): void => {
    if (!isWriter() || !doc.id) return;
    const source = structuredClone(doc.toObject()) as Plain;
    const fromGM = game.users?.get(userId)?.isGM ?? false;
    if (!fromGM && kind === "Item" && isWeapon(source) && readByCombat(kind, doc)) {
      // A weapon a player gives its fighting character changes its reach: taken away again.
      track(doc.delete());
      return;
    }
    if (!fromGM && kind === "Combatant") {
      const written = source["system"];
      source["system"] = {};
      const back = isPlain(written) ? putBackOf(kind, source, { system: written }) : null;
      if (back) track(doc.update(back));
    }
    records.set(`${kind}.${doc.parent?.id ?? ""}.${doc.id}`, source);
  };
}

/**
 * deleteItem, on the writer's client: a weapon a player takes from its fighting character is
 * created again as the GM's record has it, with its id (`keepId`,
 * https://foundryvtt.com/api/v13/interfaces/foundry.abstract.types.DatabaseCreateOperation.html).
 */
export function onRecordedItemDelete(doc: Recorded, _options: unknown, userId: string): void {
  if (!isWriter() || !doc.id || (game.users?.get(userId)?.isGM ?? false)) return;
  const record = recordOf("Item", doc.id, doc.parent?.id ?? null);
  const actor = doc.parent as {
    createEmbeddedDocuments?: (name: string, data: object[], options: object) => Promise<unknown>;
  } | null;
  if (!record || !isWeapon(record) || !readByCombat("Item", doc) || !actor?.createEmbeddedDocuments) return;
  track(actor.createEmbeddedDocuments("Item", [structuredClone(record)], { keepId: true }));
}
