/**
 * The server of the simulated table: it holds every document's source, checks each operation
 * against the requesting user's permission, and broadcasts the result to every connected client,
 * with the requesting user's id stamped by the server (not taken from the request).
 *
 * Pages followed:
 * - The document operation workflow: preUpdate<Name> and _preUpdate run only on the requesting
 *   client; the server then applies the change and every connected client runs _onUpdate and
 *   update<Name>(document, changed, options, userId), userId being "the ID of the User who
 *   triggered the update workflow":
 *   https://foundryvtt.com/api/v13/functions/hookEvents.preUpdateDocument.html,
 *   https://foundryvtt.com/api/v13/functions/hookEvents.updateDocument.html,
 *   https://foundryvtt.com/api/v13/functions/hookEvents.deleteDocument.html,
 *   https://foundryvtt.com/api/v13/functions/hookEvents.createDocument.html
 * - Permissions: a GM may change any document; a user may change their own User (not its role);
 *   a player may change an Actor they own and the Combatants of actors they own; a Combat is the
 *   GM's (https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#canusermodify,
 *   https://foundryvtt.com/article/users/). Whether an owner may also write its Combatant's
 *   `system`/`defeated`, and on its combatant's turn the Combat's `turn`/`round`, is the
 *   `ownerWrites` reading (readings.ts): "open" allows both, "closed" neither.
 * - User#query: "who must be active"; the answer is the target client's handler result; a
 *   handler that throws or a timeout rejects: https://foundryvtt.com/api/v13/classes/foundry.documents.User.html#query
 * - userConnected(user, connected) on every client: https://foundryvtt.com/api/v13/functions/hookEvents.userConnected.html
 * - A token's movement is an update of its position: the server applies it and every client runs
 *   updateToken and moveToken(document, movement, operation, user), the movement's `state`
 *   pending while more of it is to come (hookEvents.moveToken,
 *   https://foundryvtt.com/api/v13/functions/hookEvents.moveToken.html; TokenMovementData#state).
 *   A token may be moved by the owner of its actor or a GM.
 */
import { AsyncLocalStorage } from "node:async_hooks";

import type { Client } from "./client";
import { readingsWith, type Readings } from "./readings";
import {
  TableActiveEffect,
  TableItem,
  TableForcedDeletion,
  TableActor,
  TableCombat,
  TableCombatant,
  TableToken,
  TableUser,
  dashDeletions,
  expand,
  isRecord,
  merge,
  type Source,
  type TableMovementData,
  type TableWaypoint,
} from "./documents";

/**
 * Which client's code is running. The table's globals read it (see index.ts), and it follows
 * async code across awaits, so two clients' interleaved promises each see their own globals.
 */
export const running = new AsyncLocalStorage<Client>();

/** Run `fn` as client `client`: its globals, and any promise it starts keeps them. */
export function within<T>(client: Client, fn: () => T): T {
  return running.run(client, fn);
}

/** An update with each ForcedDeletion value written as the `-=key` deletion it performs. */
function asDashDeletions(changes: Source): Source {
  const out: Source = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value instanceof TableForcedDeletion) out[`-=${key}`] = null;
    else out[key] = isRecord(value) ? asDashDeletions(value) : value;
  }
  return out;
}

/** What the network does with a query (tests make messages go missing). */
export type Delivery = "deliver" | "drop" | "loseAnswer";

export interface QueryRecord {
  from: string;
  to: string;
  name: string;
  data: unknown;
}

const COLLECTIONS = ["User", "Actor", "Scene", "Combat"] as const;
type WorldName = (typeof COLLECTIONS)[number];

export class Server {
  readonly sources: Record<WorldName, Map<string, Source>> = {
    User: new Map(),
    Actor: new Map(),
    Scene: new Map(),
    Combat: new Map(),
  };
  /** Connected clients, in the order they connected. */
  readonly clients: Client[] = [];
  /** World settings ("tempo.ruleset" and the like). */
  readonly settings = new Map<string, unknown>();
  /** Every update requested, as the requesting client passed it to Document#update. */
  readonly updates: { from: string; name: string; id: string; data: Source; options?: Source }[] = [];
  /** Every chat message created, with the user who created it. */
  readonly chat: { userId: string; data: Record<string, unknown> }[] = [];
  /** Every query sent, in order. */
  readonly queries: QueryRecord[] = [];
  /**
   * Decides, for each query, whether it arrives and whether its answer comes back; it may wait
   * (a test reloads a tab while a query is on its way).
   */
  route: (query: QueryRecord) => Delivery | Promise<Delivery> = () => "deliver";
  /** Dice the table's Rolls take, in order (each value a die's result). */
  readonly dice: number[] = [];
  /** When set, the next Roll waits for this before it gets its value. */
  diceGate: Promise<void> | null = null;
  /**
   * Deprecation warnings core would log, by client and path: a v14 client's update holding a
   * `-=key` deletion, which v14 deprecates for its data operators
   * (https://foundryvtt.com/api/v14/functions/foundry.utils.applyDataOperators.html).
   */
  readonly deprecations: { from: string; path: string }[] = [];
  /** How the table reads what the public material leaves unclear (set by the Table). */
  readings: Readings = readingsWith();
  /** Is the game paused (Game#paused on every client)? */
  paused = false;
  /** Operations started and not finished (document operations, queries), for `settle`. */
  busy = 0;
  private ids = 0;

  newId(): string {
    this.ids += 1;
    return `id${String(this.ids).padStart(14, "0")}`;
  }

  clientOf(userId: string): Client | undefined {
    return this.clients.find((c) => c.userId === userId);
  }

  private userSource(userId: string): Source {
    const user = this.sources.User.get(userId);
    if (!user) throw new Error(`no user ${userId}`);
    return user;
  }

  private isGM(userId: string): boolean {
    const role = this.userSource(userId)["role"];
    return typeof role === "number" && role >= 3;
  }

  /** The user's ownership level of a source with an `ownership` map (GMs own everything). */
  private level(userId: string, source: Source | undefined): number {
    if (!source) return 0;
    if (this.isGM(userId)) return 3;
    const ownership = isRecord(source["ownership"]) ? source["ownership"] : {};
    const own = ownership[userId];
    if (typeof own === "number" && own >= 0) return own;
    const fallback = ownership["default"];
    return typeof fallback === "number" ? fallback : 0;
  }

  private combatantSource(combatId: string | null, id: string): Source | undefined {
    const combat = combatId ? this.sources.Combat.get(combatId) : undefined;
    const list = combat && Array.isArray(combat["combatants"]) ? (combat["combatants"] as Source[]) : [];
    return list.find((c) => c["_id"] === id);
  }

  /** An actor's embedded effects, as its source holds them. */
  private effectSources(actorId: string | null): Source[] {
    const actor = actorId ? this.sources.Actor.get(actorId) : undefined;
    if (!actor) throw new Error(`no actor ${actorId ?? ""}`);
    if (!Array.isArray(actor["effects"])) actor["effects"] = [];
    return actor["effects"] as Source[];
  }

  /** An actor's embedded items, as its source holds them. */
  private itemSources(actorId: string | null): Source[] {
    const actor = actorId ? this.sources.Actor.get(actorId) : undefined;
    if (!actor) throw new Error(`no actor ${actorId ?? ""}`);
    if (!Array.isArray(actor["items"])) actor["items"] = [];
    return actor["items"] as Source[];
  }

  private tokenSource(sceneId: string | null, id: string): Source | undefined {
    const scene = sceneId ? this.sources.Scene.get(sceneId) : undefined;
    const list = scene && Array.isArray(scene["tokens"]) ? (scene["tokens"] as Source[]) : [];
    return list.find((t) => t["_id"] === id);
  }

  /** May this user make this change? The server's check: the client cannot skip it. */
  private permitted(
    userId: string,
    name: string,
    id: string,
    parentId: string | null,
    changes: Source | null,
  ): boolean {
    if (this.isGM(userId)) return true;
    if (name === "User") return id === userId && (changes === null || !("role" in changes));
    if (name === "Actor") return this.level(userId, this.sources.Actor.get(id)) >= 3;
    const open = this.readings.ownerWrites === "open";
    const touches = (keys: string[]) =>
      changes !== null && Object.keys(changes).some((k) => keys.includes(k.split(".")[0] ?? k));
    if (name === "Combatant") {
      const existing = this.combatantSource(parentId, id);
      const source = changes && !existing ? changes : existing;
      const actorId = source?.["actorId"];
      const owns = typeof actorId === "string" && this.level(userId, this.sources.Actor.get(actorId)) >= 3;
      // An update of system data or defeat is the ownerWrites reading's question.
      if (existing && touches(["system", "defeated"]) && !open) return false;
      return owns;
    }
    if (name === "Combat") {
      // The owner of the combatant whose turn it is may move the turn and the round on, if open.
      if (!open || changes === null || !Object.keys(changes).every((k) => k === "turn" || k === "round"))
        return false;
      const combat = this.sources.Combat.get(id);
      const list = combat && Array.isArray(combat["combatants"]) ? (combat["combatants"] as Source[]) : [];
      const turn = typeof combat?.["turn"] === "number" ? combat["turn"] : null;
      const current = turn === null ? undefined : this.turnOrder(list)[turn];
      const actorId = current?.["actorId"];
      return typeof actorId === "string" && this.level(userId, this.sources.Actor.get(actorId)) >= 3;
    }
    // An actor's effects are the actor's owner's to change (embedded documents follow their parent).
    if (name === "ActiveEffect") return this.level(userId, this.sources.Actor.get(parentId ?? "")) >= 3;
    // So are its items (an embedded Item's permission is its actor's).
    if (name === "Item" && parentId !== null)
      return this.level(userId, this.sources.Actor.get(parentId)) >= 3;
    if (name === "Token") {
      const actorId = this.tokenSource(parentId, id)?.["actorId"];
      return typeof actorId === "string" && this.level(userId, this.sources.Actor.get(actorId)) >= 3;
    }
    return false;
  }

  /** The combatants in turn order as Combat#setupTurns sorts them by default (initiative, then name). */
  private turnOrder(list: Source[]): Source[] {
    const init = (c: Source) => (typeof c["initiative"] === "number" ? c["initiative"] : -Infinity);
    return [...list].sort((a, b) => init(b) - init(a) || String(a["name"]).localeCompare(String(b["name"])));
  }

  /** Count an operation as started until it ends (for Table#settle). */
  async track<T>(fn: () => Promise<T>): Promise<T> {
    this.busy += 1;
    try {
      return await fn();
    } finally {
      this.busy -= 1;
    }
  }

  /** Run `fn` on every connected client, each with its own globals. */
  private broadcast(fn: (client: Client) => void): void {
    for (const client of [...this.clients]) within(client, () => fn(client));
  }

  update(
    from: Client,
    name: string,
    id: string,
    parentId: string | null,
    raw: Source,
    options: Source,
  ): Promise<void> {
    return this.track(async () => {
      await Promise.resolve();
      if (!this.permitted(from.userId, name, id, parentId, raw))
        throw new Error(`${from.label} lacks permission to update ${name} ${id}`);
      // A JSONField's value is JSON text in the source, so an update replaces it whole (the
      // client's data model parses it); only plain objects merge key by key.
      this.updates.push({ from: from.userId, name, id, data: structuredClone(raw), options: { ...options } });
      if (from.version >= 14)
        for (const path of dashDeletions(raw)) this.deprecations.push({ from: from.userId, path });
      const changes = expand(raw);
      const source =
        name === "Combatant"
          ? this.combatantSource(parentId, id)
          : name === "Token"
            ? this.tokenSource(parentId, id)
            : name === "Item" && parentId !== null
              ? this.itemSources(parentId).find((i) => i["_id"] === id)
              : name === "ActiveEffect"
                ? this.effectSources(parentId).find((e) => e["_id"] === id)
                : this.sources[name as WorldName]?.get(id);
      if (!source) throw new Error(`no ${name} ${id}`);
      merge(source, changes);
      // What every client receives: a deletion by data operator travels as the deletion it is.
      const sent = asDashDeletions(changes);
      const changed = { ...structuredClone(sent), _id: id };
      this.broadcast((client) => {
        const found = client.find(name, id, parentId);
        if (!found) return;
        // An effect lives in its actor's source: the actor rebuilds its effects (and statuses).
        const doc = found instanceof TableActiveEffect ? this.updateEffect(found, sent) : found;
        if (!doc) return;
        if (!(found instanceof TableActiveEffect)) merge(doc._source, structuredClone(sent));
        doc.refresh();
        // An embedded item's actor prepares its data again (its source holds the item's).
        if (doc instanceof TableItem && doc.parent instanceof TableActor) doc.parent.refresh();
        if (doc instanceof TableCombatant && doc.parent instanceof TableCombat) doc.parent.setupTurns();
        doc._onUpdate(changed, options, from.userId);
        client.Hooks.callAll(`update${name}`, doc, changed, options, from.userId);
      });
    });
  }

  /** An embedded effect's update on a client: its entry in the actor's source, then the actor rebuilt. */
  private updateEffect(effect: TableActiveEffect, changes: Source): TableActiveEffect | undefined {
    const actor = effect.parent;
    if (!(actor instanceof TableActor)) return undefined;
    const entries = Array.isArray(actor._source["effects"]) ? (actor._source["effects"] as Source[]) : [];
    const entry = entries.find((e) => e["_id"] === effect.id);
    if (!entry) return undefined;
    merge(entry, structuredClone(changes));
    actor.refresh();
    return actor.effects.get(effect.id);
  }

  delete(from: Client, name: string, id: string, parentId: string | null, options: Source): Promise<void> {
    return this.track(async () => {
      await Promise.resolve();
      if (!this.permitted(from.userId, name, id, parentId, null))
        throw new Error(`${from.label} lacks permission to delete ${name} ${id}`);
      if (name === "Combatant") {
        const combat = parentId ? this.sources.Combat.get(parentId) : undefined;
        if (!combat || !Array.isArray(combat["combatants"])) throw new Error(`no combat ${parentId ?? ""}`);
        combat["combatants"] = (combat["combatants"] as Source[]).filter((c) => c["_id"] !== id);
      } else if (name === "ActiveEffect") {
        const actor = this.sources.Actor.get(parentId ?? "");
        if (actor) actor["effects"] = this.effectSources(parentId).filter((e) => e["_id"] !== id);
      } else if (name === "Item" && parentId !== null) {
        const actor = this.sources.Actor.get(parentId);
        if (actor) actor["items"] = this.itemSources(parentId).filter((i) => i["_id"] !== id);
      } else this.sources[name as WorldName]?.delete(id);
      this.broadcast((client) => {
        const doc = client.find(name, id, parentId);
        if (!doc) return;
        if (doc instanceof TableActiveEffect && doc.parent instanceof TableActor) {
          const actor = doc.parent;
          const effects = Array.isArray(actor._source["effects"])
            ? (actor._source["effects"] as Source[])
            : [];
          actor._source["effects"] = effects.filter((e) => e["_id"] !== id);
          actor.refresh();
        } else if (doc instanceof TableItem && doc.parent instanceof TableActor) {
          // An embedded item lives in its actor's source: the actor prepares its data again.
          const actor = doc.parent;
          const items = Array.isArray(actor._source["items"]) ? (actor._source["items"] as Source[]) : [];
          actor._source["items"] = items.filter((i) => i["_id"] !== id);
          actor.refresh();
        } else if (doc instanceof TableCombatant && doc.parent instanceof TableCombat) {
          doc.parent.combatants.delete(id);
          doc.parent.setupTurns();
        } else if (name === "Combat") client.game.combats.delete(id);
        else if (name === "Actor") client.game.actors.delete(id);
        doc._onDelete(options, from.userId);
        client.Hooks.callAll(`delete${name}`, doc, options, from.userId);
      });
    });
  }

  create(
    from: Client,
    name: string,
    source: Source,
    parentId: string | null,
    options: Source,
  ): Promise<void> {
    return this.track(async () => {
      await Promise.resolve();
      const id = String(source["_id"]);
      if (!this.permitted(from.userId, name, id, parentId, source))
        throw new Error(`${from.label} lacks permission to create ${name}`);
      this.store(name, source, parentId);
      this.broadcast((client) => {
        const doc = client.add(name, structuredClone(source), parentId);
        if (doc instanceof TableCombatant && doc.parent instanceof TableCombat) doc.parent.setupTurns();
        doc._onCreate(source, options, from.userId);
        client.Hooks.callAll(`create${name}`, doc, options, from.userId);
      });
    });
  }

  /** Put a source in the world without any client's involvement (the test's set-up). */
  store(name: string, source: Source, parentId: string | null = null): void {
    if (name === "Item" && parentId !== null) {
      this.itemSources(parentId).push(structuredClone(source));
      return;
    }
    if (name === "ActiveEffect") {
      this.effectSources(parentId).push(structuredClone(source));
      return;
    }
    if (name === "Combatant") {
      const combat = parentId ? this.sources.Combat.get(parentId) : undefined;
      if (!combat) throw new Error(`no combat ${parentId ?? ""}`);
      combat["combatants"] = [
        ...(Array.isArray(combat["combatants"]) ? combat["combatants"] : []),
        structuredClone(source),
      ];
      return;
    }
    const collection = this.sources[name as WorldName];
    if (!collection) throw new Error(`the table has no ${name} collection`);
    collection.set(String(source["_id"]), structuredClone(source));
  }

  /**
   * A part of a token's movement from `from`'s client: the token's position becomes `to`, and every
   * client runs updateToken and moveToken with its own copy of the movement.
   */
  moveToken(
    from: Client,
    token: TableToken,
    to: TableWaypoint,
    movement: Omit<TableMovementData, "state" | "user">,
  ): Promise<void> {
    return this.track(async () => {
      await Promise.resolve();
      const sceneId = token.parent?.id ?? null;
      if (!this.permitted(from.userId, "Token", token.id, sceneId, null))
        throw new Error(`${from.label} lacks permission to move token ${token.id}`);
      const source = this.tokenSource(sceneId, token.id);
      if (!source) throw new Error(`no token ${token.id}`);
      const changes: Source = {
        x: to.x,
        y: to.y,
        elevation: to.elevation,
        width: to.width,
        height: to.height,
      };
      if (to.level !== undefined && to.level !== null) changes["level"] = to.level;
      merge(source, changes);
      const state = movement.pending.waypoints.length > 0 ? "pending" : "completed";
      // Every copy is up to date before any client's hooks run (a hook may pause the movement).
      this.broadcast((client) => {
        const doc = client.find("Token", token.id, sceneId);
        if (!(doc instanceof TableToken)) return;
        merge(doc._source, structuredClone(changes));
        doc.refresh();
        const user = client.game.users.get(from.userId) ?? null;
        doc.movement = { ...structuredClone(movement), state, user };
      });
      this.broadcast((client) => {
        const doc = client.find("Token", token.id, sceneId);
        if (!(doc instanceof TableToken)) return;
        const options = this.movementOptions(client, token.id, doc.movement);
        const user = doc.movement.user;
        client.Hooks.callAll("updateToken", doc, { ...changes, _id: token.id }, options, from.userId);
        client.Hooks.callAll(
          "moveToken",
          doc,
          structuredClone({ ...doc.movement, user: null }),
          options,
          user,
        );
      });
    });
  }

  /**
   * The options of a movement's update as `client` receives them (readings.ts `movementKey`): the
   * mover's own client always has the instruction (`movement`); another client has what the reading
   * says reaches it: the instruction, the computed movement (`_movement`), both, or neither.
   */
  private movementOptions(
    client: Client,
    tokenId: string,
    movement: TableMovementData,
  ): Record<string, unknown> {
    const key = client.userId === movement.user?.id ? "movement" : this.readings.movementKey;
    const instruction = { movement: { [tokenId]: { method: movement.method } } };
    const computed = { _movement: { [tokenId]: structuredClone({ ...movement, user: null }) } };
    if (key === "movement") return instruction;
    if (key === "_movement") return computed;
    if (key === "both") return { ...instruction, ...computed };
    return {};
  }

  /**
   * A movement is paused, resumed or stopped: every client's copy says so (and hears the hook).
   * A stop under the `stopClears` reading "keptPending" (foundryvtt#13044) fires stopToken but
   * leaves each copy's state and pending waypoints as they were; "cleared" empties them.
   */
  broadcastMovementState(
    token: TableToken,
    state: TableMovementData["state"],
    hook: "pauseToken" | "stopToken" | null,
  ): void {
    const sceneId = token.parent?.id ?? null;
    const keep = state === "stopped" && this.readings.stopClears === "keptPending";
    this.broadcast((client) => {
      const doc = client.find("Token", token.id, sceneId);
      if (!(doc instanceof TableToken)) return;
      if (!keep)
        doc.movement = {
          ...doc.movement,
          state,
          ...(state === "stopped" ? { pending: { waypoints: [] } } : {}),
        };
      if (hook) client.Hooks.callAll(hook, doc);
    });
  }

  /** A movement event every client hears with the token (planToken). */
  broadcastMovementEvent(token: TableToken, hook: string): void {
    const sceneId = token.parent?.id ?? null;
    this.broadcast((client) => {
      const doc = client.find("Token", token.id, sceneId);
      if (doc) client.Hooks.callAll(hook, doc);
    });
  }

  /** User#query from `from` to `to`. */
  query(
    from: Client,
    to: string,
    name: string,
    data: unknown,
    options: { timeout?: number },
  ): Promise<unknown> {
    return this.track(async () => {
      // The data crosses the network: the target gets a copy, never the sender's object.
      const record: QueryRecord = { from: from.userId, to, name, data: structuredClone(data) };
      this.queries.push(record);
      const delivery = await this.route(record);
      const target = this.clientOf(to);
      if (!target) throw new Error(`User ${to} is not active`);
      if (delivery === "drop") throw new Error(`query ${name} timed out`);
      const handler = target.CONFIG.queries[name];
      if (typeof handler !== "function") throw new Error(`no query handler ${name} on ${target.label}`);
      const answer = within(target, () =>
        Promise.resolve().then(() => handler(structuredClone(record.data))),
      );
      if (delivery === "loseAnswer") {
        // The handler runs to its end on the target; only its answer never comes back.
        await answer.catch(() => undefined);
        throw new Error(`query ${name} timed out`);
      }
      const timeout = options.timeout;
      if (timeout === undefined) return structuredClone(await answer);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`query ${name} timed out`)), timeout);
      });
      try {
        return structuredClone(await Promise.race([answer, late]));
      } finally {
        clearTimeout(timer);
      }
    });
  }

  /**
   * Game#togglePause with `broadcast` from `from`'s client: a GM's request pauses (or resumes) the
   * game on every client, which hears `pauseGame(paused, { broadcast, userId })`
   * (https://foundryvtt.com/api/functions/hookEvents.pauseGame.html); a player's is refused.
   */
  setPaused(from: Client, paused: boolean): void {
    if (!this.isGM(from.userId)) return;
    this.paused = paused;
    this.broadcast((client) => {
      client.game.paused = paused;
      client.Hooks.callAll("pauseGame", paused, { broadcast: true, userId: from.userId });
    });
  }

  /** A client connects: every client (the new one included) learns the user is active. */
  connect(client: Client): void {
    if (this.clientOf(client.userId)) throw new Error(`${client.userId} is already connected`);
    this.clients.push(client);
    for (const name of COLLECTIONS)
      for (const source of this.sources[name].values())
        within(client, () => client.add(name, structuredClone(source), null));
    for (const c of this.clients)
      for (const other of this.clients) {
        const user = c.game.users.get(other.userId);
        if (user) user.active = true;
      }
    // game.data: the world as the server sent it at load, each source as the database holds it.
    client.game.data = {
      actors: [...this.sources.Actor.values()].map((s) => structuredClone(s)),
      items: [],
      scenes: [...this.sources.Scene.values()].map((s) => structuredClone(s)),
      combats: [...this.sources.Combat.values()].map((s) => structuredClone(s)),
    };
    client.game.paused = this.paused;
    const user = this.userSource(client.userId);
    client.game.user = client.game.users.get(String(user["_id"])) as TableUser;
    this.broadcast((c) => {
      if (c === client) return;
      c.Hooks.callAll("userConnected", c.game.users.get(client.userId), true);
    });
  }

  /** A client disconnects (closes or reloads its tab): the others learn the user left. */
  disconnect(client: Client): void {
    const i = this.clients.indexOf(client);
    if (i < 0) return;
    within(client, () => client.movement.stopAll());
    this.clients.splice(i, 1);
    this.broadcast((c) => {
      const user = c.game.users.get(client.userId);
      if (user) user.active = false;
      c.Hooks.callAll("userConnected", user, false);
    });
  }
}
