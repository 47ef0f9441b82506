/**
 * Document stand-ins for the simulated table: User, Actor, Combat and Combatant as each client
 * holds them (every client has its own copy of every document, built from the server's source and
 * brought up to date by the server's broadcasts). Only what Tempo reads is modelled.
 *
 * Pages followed:
 * - Document and its lifecycle (`update`, `delete`, `_preUpdate`/`_onUpdate`, `_preDelete`/`_onDelete`,
 *   `_onCreate`, `testUserPermission`, `isOwner`):
 *   https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html and
 *   https://foundryvtt.com/api/v13/functions/foundry.documents.abstract.ClientDocumentMixin.html
 * - Ownership levels: https://foundryvtt.com/api/v13/variables/CONST.DOCUMENT_OWNERSHIP_LEVELS.html
 * - Collection (a Map whose iteration and helpers give values):
 *   https://foundryvtt.com/api/v13/classes/foundry.utils.Collection.html
 * - User (`isGM`, `active`, `isSelf`, `query`): https://foundryvtt.com/api/v13/classes/foundry.documents.User.html
 * - Users#activeGM ("one User who is an active Gamemaster (non-assistant if possible)"):
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.collections.Users.html#activegm
 * - Combat (`combatants`, `round`, `turn`, `started`, `setupTurns`, `combatant`, embedded operations):
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html
 * - Combatant (`actor`, `initiative`, `defeated`, `hidden`, `token`):
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Combatant.html
 * - ActiveEffect embedded in an Actor (`statuses`, `duration.rounds`, `parent`):
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.ActiveEffectData.html;
 *   Actor#statuses ("a Set of status effect IDs which are applied to this Actor") and
 *   Actor#toggleStatusEffect(statusId, { active }) (creates an effect carrying the status, or
 *   deletes the effects that carry it): https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html
 * - JSONField (stored as JSON text, read as the parsed value):
 *   https://foundryvtt.com/api/v13/classes/foundry.data.fields.JSONField.html
 * - Scene (`grid`, `dimensions` rows/columns, embedded `tokens`):
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Scene.html
 * - Square grid (`type`, `size`, `sizeX`/`sizeY`, `diagonals`, `getOffset(point)` the row i and
 *   column j a point lies in, `getCenterPoint(offset)`):
 *   https://foundryvtt.com/api/v13/classes/foundry.grid.SquareGrid.html
 * - TokenDocument (`x`, `y`, `elevation`, `width`, `height`, `hidden`, `actor`, `detectionModes`,
 *   `getCenterPoint`, `getSnappedPosition`, `movement`, `move`, `pauseMovement`,
 *   `resumeMovement`, `stopMovement`; v14 adds `level`):
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html,
 *   https://foundryvtt.com/api/v14/classes/foundry.documents.TokenDocument.html; the movement
 *   workflow itself is in client.ts (TableMovement).
 * - Actor#statuses ("the set of status effect ids applied to this Actor", gathered from its
 *   effects' `statuses`): https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html
 */
import type { Client, PauseResult } from "./client";
import { TableDataModelValidationError, redrawSheet, sheetOf, type TableDocumentSheetV2 } from "./sheets";

export type Source = Record<string, unknown>;

/** CONST.DOCUMENT_OWNERSHIP_LEVELS. */
export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
export type OwnershipName = keyof typeof OWNERSHIP;

/** CONST.USER_ROLES (https://foundryvtt.com/api/v13/variables/CONST.USER_ROLES.html). */
export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

/** foundry.utils.Collection: a Map (by id) whose iteration gives values. */
export class Collection<V> {
  private readonly map_ = new Map<string, V>();
  get(id: string): V | undefined {
    return this.map_.get(id);
  }
  set(id: string, value: V): this {
    this.map_.set(id, value);
    return this;
  }
  has(id: string): boolean {
    return this.map_.has(id);
  }
  delete(id: string): boolean {
    return this.map_.delete(id);
  }
  get size(): number {
    return this.map_.size;
  }
  values(): MapIterator<V> {
    return this.map_.values();
  }
  [Symbol.iterator](): MapIterator<V> {
    return this.map_.values();
  }
  get contents(): V[] {
    return [...this.values()];
  }
  map<T>(fn: (v: V, i: number) => T): T[] {
    return this.contents.map(fn);
  }
  filter(fn: (v: V) => boolean): V[] {
    return this.contents.filter(fn);
  }
  find(fn: (v: V) => boolean): V | undefined {
    return this.contents.find(fn);
  }
  some(fn: (v: V) => boolean): boolean {
    return this.contents.some(fn);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** foundry.utils.expandObject: "a.b": 1 becomes { a: { b: 1 } }. */
export function expand(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node[part] = isRecord(next) ? next : {};
      node = node[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] ?? key;
    node[last] = isPlain(value) ? expand(value) : value;
  }
  return out;
}

/**
 * v14's `foundry.data.operators.ForcedDeletion`: as the value of a key in an update, it deletes
 * the key (https://foundryvtt.com/api/v14/functions/foundry.utils.applyDataOperators.html). Only
 * a v14 client's `foundry.data.operators` offers it (index.ts).
 */
export class TableForcedDeletion {}

/** Is this value a plain object (not a data operator or another class's instance)? */
function isPlain(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The `-=key` keys anywhere in an update (v14 deprecates them for data operators). */
export function dashDeletions(changes: Record<string, unknown>, path = ""): string[] {
  return Object.entries(changes).flatMap(([key, value]) => [
    ...(key.startsWith("-=") ? [`${path}${key}`] : []),
    ...(isPlain(value) ? dashDeletions(value, `${path}${key}.`) : []),
  ]);
}

/**
 * foundry.utils.mergeObject for an update: objects merge key by key, anything else replaces, and
 * a `-=key` key deletes `key` (performDeletions, which Document#update uses:
 * https://foundryvtt.com/api/v13/functions/foundry.utils.mergeObject.html), as does a
 * ForcedDeletion value (v14's data operators).
 */
export function merge(target: Record<string, unknown>, changes: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(changes)) {
    if (key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    if (value instanceof TableForcedDeletion) {
      delete target[key];
      continue;
    }
    const current = target[key];
    if (isRecord(value) && isRecord(current)) merge(current, value);
    else target[key] = structuredClone(value);
  }
}

/** Fields every client document has; the subclasses add their own. */
export class TableDocument {
  static documentName = "Document";
  readonly client: Client;
  parent: TableDocument | null;
  _source: Source;
  id: string;
  name: string;
  flags: Record<string, unknown> = {};
  ownership: Record<string, number> = {};
  system: unknown = {};

  constructor(source: Source, context: { client: Client; parent?: TableDocument | null }) {
    this.client = context.client;
    this.parent = context.parent ?? null;
    this._source = structuredClone(source);
    this.id = String(source["_id"]);
    this.name = typeof source["name"] === "string" ? source["name"] : "";
    // The fields are filled by refresh(), which Client.build calls once the subclasses' own
    // field initialisers have run.
  }

  get documentName(): string {
    return (this.constructor as typeof TableDocument).documentName;
  }

  /** Rebuild the fields from the source (after construction and after every update). */
  refresh(): void {
    const s = this._source;
    this.name = typeof s["name"] === "string" ? s["name"] : this.name;
    this.flags = isRecord(s["flags"]) ? s["flags"] : {};
    this.ownership = isRecord(s["ownership"]) ? (s["ownership"] as Record<string, number>) : {};
    this.system = this.client.systemData(this, isRecord(s["system"]) ? s["system"] : {});
  }

  /** Document#getUserLevel: a GM owns everything; else the user's own entry, else `default`. */
  getUserLevel(user: TableUser): number {
    if (user.isGM) return OWNERSHIP.OWNER;
    const own = this.ownership[user.id];
    if (own !== undefined && own !== OWNERSHIP.INHERIT) return own;
    return this.ownership["default"] ?? OWNERSHIP.NONE;
  }

  /** Document#testUserPermission(user, permission, { exact }). */
  testUserPermission(
    user: TableUser,
    permission: OwnershipName | number,
    options: { exact?: boolean } = {},
  ): boolean {
    const wanted = typeof permission === "number" ? permission : OWNERSHIP[permission];
    const level = this.getUserLevel(user);
    return options.exact ? level === wanted : level >= wanted;
  }

  /** ClientDocumentMixin#isOwner: the current user owns it. */
  get isOwner(): boolean {
    return this.testUserPermission(this.client.user, "OWNER");
  }

  /** Document#toObject(): a plain copy of the document's source. */
  toObject(): Source {
    return structuredClone(this._source);
  }

  /** Document#update: through the server, which checks the permission and broadcasts. */
  update(changes: Record<string, unknown>, options: Record<string, unknown> = {}): Promise<this | undefined> {
    return this.client.updateDocument(this, changes, options) as Promise<this | undefined>;
  }

  /** Document#delete. */
  delete(options: Record<string, unknown> = {}): Promise<this | undefined> {
    return this.client.deleteDocument(this, options) as Promise<this | undefined>;
  }

  /** Runs on the initiating client before an update is sent; false cancels it. */
  async _preUpdate(
    _changes: Record<string, unknown>,
    _options: Record<string, unknown>,
    _user: TableUser,
  ): Promise<boolean | void> {}
  /** Runs on every client after the server applied an update. */
  _onUpdate(_changed: Record<string, unknown>, _options: Record<string, unknown>, _userId: string): void {}
  /** Runs on the initiating client before a deletion is sent; false cancels it. */
  async _preDelete(_options: Record<string, unknown>, _user: TableUser): Promise<boolean | void> {}
  /** Runs on every client after the server deleted the document. */
  _onDelete(_options: Record<string, unknown>, _userId: string): void {}
  /** Runs on the initiating client before a creation is sent; false cancels it. */
  async _preCreate(
    _data: Source,
    _options: Record<string, unknown>,
    _user: TableUser,
  ): Promise<boolean | void> {}
  /** Runs on every client after the server created the document. */
  _onCreate(_data: Source, _options: Record<string, unknown>, _userId: string): void {}
}

export class TableUser extends TableDocument {
  static override documentName = "User";
  role: number = ROLES.PLAYER;
  /** Is the user logged in (User#active)? Set by the server's connection broadcasts. */
  active = false;

  override refresh(): void {
    super.refresh();
    const role = this._source["role"];
    this.role = typeof role === "number" ? role : ROLES.PLAYER;
  }

  get isGM(): boolean {
    return this.role >= ROLES.ASSISTANT;
  }
  /** User#isSelf: this is the current client's user. */
  get isSelf(): boolean {
    return this.client.userId === this.id;
  }
  /** User#isActiveGM. */
  get isActiveGM(): boolean {
    return this.client.game.users.activeGM?.id === this.id;
  }
  /** User#character: the actor assigned to the user. */
  get character(): TableActor | null {
    const id = this._source["character"];
    return typeof id === "string" ? (this.client.game.actors.get(id) ?? null) : null;
  }

  /**
   * User#query(name, data, { timeout }): runs CONFIG.queries[name] on this user's client and
   * resolves with its answer; rejects if the user is not connected, the handler is missing or
   * throws, or the timeout passes. The handler is given the data only, not who sent it.
   */
  query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    return this.client.server.query(this.client, this.id, name, data, options);
  }
}

/**
 * An Item embedded in an actor (https://foundryvtt.com/api/v13/classes/foundry.documents.Item.html):
 * its source is the entry of the actor's source `items` (one object: an update of either is an
 * update of both); its ownership is its actor's (an embedded document's permission is its
 * parent's); `sheet` is the default sheet registered for its type.
 */
export class TableItem extends TableDocument {
  static override documentName = "Item";
  type = "base";
  img = "";
  private readonly sheetCache: { sheet?: TableDocumentSheetV2 | null } = {};
  override refresh(): void {
    const type = this._source["type"];
    this.type = typeof type === "string" ? type : "base";
    this.img = typeof this._source["img"] === "string" ? this._source["img"] : "";
    super.refresh();
  }
  get uuid(): string {
    return `${this.parent ? `Actor.${this.parent.id}.` : ""}Item.${this.id}`;
  }
  override getUserLevel(user: TableUser): number {
    return this.parent ? this.parent.getUserLevel(user) : super.getUserLevel(user);
  }
  get sheet(): TableDocumentSheetV2 | null {
    return sheetOf(this, this.sheetCache);
  }
  /** After an update, the item's open sheet and its actor's are drawn again (see TableActor#_onUpdate). */
  override _onUpdate(
    changed: Record<string, unknown>,
    options: Record<string, unknown>,
    userId: string,
  ): void {
    super._onUpdate(changed, options, userId);
    redrawSheet(this.sheetCache);
    if (this.parent instanceof TableActor) this.parent.redrawSheet();
  }
  /**
   * What Foundry checks before an update is sent (the document validates the changed data
   * against its model, DataModel#validate): each changed system field by the model's field
   * rules, then (`joint`, always for an update; for a sheet's form data, as the reading
   * `submitValidation` says) the model's joint rule on the data as it would stand. A refusal throws a
   * DataModelValidationError and nothing is sent.
   */
  validateChanges(changes: Record<string, unknown>, joint = true): void {
    const system = expand(changes)["system"];
    if (!isRecord(system)) return;
    const failures = this.client.validateSystem(this, system, joint);
    if (Object.keys(failures).length > 0) throw new TableDataModelValidationError(failures);
  }
  override async update(
    changes: Record<string, unknown>,
    options: Record<string, unknown> = {},
  ): Promise<this | undefined> {
    this.validateChanges(changes);
    return super.update(changes, options);
  }
}

export class TableActor extends TableDocument {
  static override documentName = "Actor";
  type = "character";
  img = "";
  /** Actor#items: the embedded Items (source `items`), each kept across refreshes by id. */
  items = new Collection<TableItem>();
  private readonly sheetCache: { sheet?: TableDocumentSheetV2 | null } = {};
  /** Actor#sheet: the default sheet registered for the actor's type (sheets.ts). */
  get sheet(): TableDocumentSheetV2 | null {
    return sheetOf(this, this.sheetCache);
  }
  get uuid(): string {
    return `Actor.${this.id}`;
  }
  /** The actor's sheet if it is built and drawn (a document renders only the applications showing it). */
  openSheet(): TableDocumentSheetV2 | null {
    const sheet = this.sheetCache.sheet;
    return sheet?.rendered && !sheet.closed ? sheet : null;
  }
  /** Draw the actor's sheet again, if it is open. */
  redrawSheet(): void {
    redrawSheet(this.sheetCache);
  }
  /**
   * ClientDocumentMixin#_onUpdate: the applications showing the document are drawn again after
   * an update (https://foundryvtt.com/api/v13/functions/foundry.documents.abstract.ClientDocumentMixin.html,
   * "_onUpdate ... re-render any applications"), whatever their user is doing.
   */
  override _onUpdate(
    changed: Record<string, unknown>,
    options: Record<string, unknown>,
    userId: string,
  ): void {
    super._onUpdate(changed, options, userId);
    this.redrawSheet();
  }
  /** Document#createEmbeddedDocuments("Item", data): created through the server, as the actor's owner. */
  async createEmbeddedDocuments(name: string, data: Source[]): Promise<TableItem[]> {
    if (name !== "Item") throw new Error(`the table's actors embed no ${name}`);
    const out: TableItem[] = [];
    for (const d of data) {
      const made = await this.client.createDocument(name, d, this);
      if (made instanceof TableItem) out.push(made);
    }
    return out;
  }
  /** Document#deleteEmbeddedDocuments("Item", ids): each through Item#delete. */
  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<TableItem[]> {
    if (name !== "Item") throw new Error(`the table's actors embed no ${name}`);
    const out: TableItem[] = [];
    for (const id of ids) {
      const done = await this.items.get(id)?.delete();
      if (done) out.push(done);
    }
    return out;
  }
  /** Document#updateEmbeddedDocuments("Item", updates): each through Item#update. */
  async updateEmbeddedDocuments(
    name: string,
    updates: ({ _id: string } & Record<string, unknown>)[],
  ): Promise<TableItem[]> {
    if (name !== "Item") throw new Error(`the table's actors embed no ${name}`);
    const out: TableItem[] = [];
    for (const { _id: id, ...changes } of updates) {
      const done = await this.items.get(id)?.update(changes);
      if (done) out.push(done);
    }
    return out;
  }
  /** Actor#statuses: the status ids of the actor's effects (source `effects[].statuses`). */
  statuses = new Set<string>();
  /** Actor#effects: the embedded ActiveEffects (source `effects`; one without an `_id` gets its index). */
  effects = new Collection<TableActiveEffect>();

  override refresh(): void {
    const type = this._source["type"];
    this.type = typeof type === "string" ? type : "character";
    this.img = typeof this._source["img"] === "string" ? this._source["img"] : "";
    if (!Array.isArray(this._source["items"])) this._source["items"] = [];
    const itemSources = (this._source["items"] as unknown[]).filter(isRecord);
    const items = new Collection<TableItem>();
    for (const source of itemSources) {
      const id = String(source["_id"]);
      const item = this.items.get(id) ?? new TableItem(source, { client: this.client, parent: this });
      item._source = source;
      item.refresh();
      items.set(id, item);
    }
    this.items = items;
    const effects = Array.isArray(this._source["effects"]) ? (this._source["effects"] as unknown[]) : [];
    this.statuses = new Set(
      effects.flatMap((e) =>
        isRecord(e) && Array.isArray(e["statuses"]) ? (e["statuses"] as string[]) : [],
      ),
    );
    this.effects = new Collection<TableActiveEffect>();
    effects.forEach((e, k) => {
      if (!isRecord(e)) return;
      const effect = new TableActiveEffect(
        { _id: `effect${k}`, ...e },
        { client: this.client, parent: this },
      );
      effect.refresh();
      this.effects.set(effect.id, effect);
    });
    super.refresh();
  }

  /**
   * Actor#toggleStatusEffect(statusId, { active }): with `active` true, creates an ActiveEffect
   * carrying the status unless one does; false deletes the effects carrying it; left out, it
   * flips. Resolves with the created effect, true when it deleted, undefined when nothing changed.
   */
  async toggleStatusEffect(
    statusId: string,
    options: { active?: boolean } = {},
  ): Promise<TableActiveEffect | boolean | undefined> {
    const carrying = this.effects.filter((e) => e.statuses.has(statusId));
    const active = options.active ?? carrying.length === 0;
    if (active && carrying.length === 0) {
      const made = await this.client.createDocument(
        "ActiveEffect",
        { name: statusId, statuses: [statusId] },
        this,
      );
      return made instanceof TableActiveEffect ? made : undefined;
    }
    if (!active && carrying.length > 0) {
      for (const effect of carrying) await effect.delete();
      return true;
    }
    return undefined;
  }

  /** Actor#hasPlayerOwner: some non-GM user owns it. */
  get hasPlayerOwner(): boolean {
    return this.client.game.users.some((u) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }
}

/** An ActiveEffect on an actor: the statuses it carries and its duration in rounds. */
export class TableActiveEffect extends TableDocument {
  static override documentName = "ActiveEffect";
  statuses = new Set<string>();
  duration: { rounds: number | null } = { rounds: null };

  override refresh(): void {
    const s = this._source;
    this.statuses = new Set(Array.isArray(s["statuses"]) ? (s["statuses"] as string[]) : []);
    const duration = isRecord(s["duration"]) ? s["duration"] : {};
    this.duration = { rounds: typeof duration["rounds"] === "number" ? duration["rounds"] : null };
    super.refresh();
  }
}

export class TableCombatant extends TableDocument {
  static override documentName = "Combatant";
  initiative: number | null = null;
  defeated = false;
  hidden = false;
  actorId: string | null = null;
  /** Combatant#sceneId and #tokenId: the token the combatant stands for, on its own scene. */
  sceneId: string | null = null;
  tokenId: string | null = null;

  override refresh(): void {
    const s = this._source;
    this.initiative = typeof s["initiative"] === "number" ? s["initiative"] : null;
    this.defeated = s["defeated"] === true;
    this.hidden = s["hidden"] === true;
    this.actorId = typeof s["actorId"] === "string" ? s["actorId"] : null;
    this.sceneId = typeof s["sceneId"] === "string" ? s["sceneId"] : null;
    this.tokenId = typeof s["tokenId"] === "string" ? s["tokenId"] : null;
    super.refresh();
  }

  /** Combatant#token: the token document on the combatant's own scene, whatever the canvas shows. */
  get token(): TableToken | null {
    if (!this.sceneId || !this.tokenId) return null;
    return this.client.game.scenes.get(this.sceneId)?.tokens.get(this.tokenId) ?? null;
  }

  get actor(): TableActor | null {
    return this.actorId ? (this.client.game.actors.get(this.actorId) ?? null) : null;
  }

  /** A combatant is owned by whoever owns its actor (Combatant permissions follow the actor). */
  override getUserLevel(user: TableUser): number {
    return this.actor?.getUserLevel(user) ?? super.getUserLevel(user);
  }
}

/** CombatHistoryData (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.CombatHistoryData.html). */
export interface CombatHistory {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

export class TableCombat extends TableDocument {
  static override documentName = "Combat";
  combatants = new Collection<TableCombatant>();
  round = 0;
  turn: number | null = null;
  turns: TableCombatant[] = [];

  /** Combat#scene: the scene the combat is linked to (source `scene`), or null (no scene: gridless). */
  get scene(): TableScene | null {
    const id = this._source["scene"];
    return typeof id === "string" ? (this.client.game.scenes.get(id) ?? null) : null;
  }

  override refresh(): void {
    const s = this._source;
    this.round = typeof s["round"] === "number" ? s["round"] : 0;
    this.turn = typeof s["turn"] === "number" ? s["turn"] : null;
    super.refresh();
  }

  /** Combat#started. */
  get started(): boolean {
    return this.round > 0;
  }

  /**
   * Combat#current and #previous (CombatHistoryData: round, turn, combatantId, tokenId): the turn
   * state now and before the last change, as this client saw them.
   */
  current: CombatHistory | null = null;
  previous: CombatHistory | null = null;

  /** The turn state as this client holds it now. */
  historyNow(): CombatHistory {
    const combatant = this.combatant;
    return {
      round: this.round,
      turn: this.turn,
      combatantId: combatant?.id ?? null,
      tokenId: combatant?.tokenId ?? null,
    };
  }

  /**
   * Core's part of an update that changed the round or the turn: on every client
   * `combatTurnChange(combat, prior, current)` ("fires on all clients after the database update
   * has occurred", https://foundryvtt.com/api/v13/functions/hookEvents.combatTurnChange.html), and
   * on the active GM's client `_onEndTurn` of the combatant whose turn ended and `_onStartTurn` of
   * the one whose turn starts (Combat page: the turn callbacks run only for the active GM). The
   * state is read from `turns` as they stand when this runs: a subclass that sorts its turns
   * anew must do so before calling this.
   */
  override _onUpdate(
    changed: Record<string, unknown>,
    _options: Record<string, unknown>,
    _userId: string,
  ): void {
    this.updateCombatantActors(changed);
    this.renderTracker(changed);
    if (!("turn" in changed) && !("round" in changed)) return;
    const prior = this.current ?? { round: 0, turn: null, combatantId: null, tokenId: null };
    const now = this.historyNow();
    this.previous = prior;
    this.current = now;
    if (prior.round === now.round && prior.turn === now.turn && prior.combatantId === now.combatantId) return;
    this.client.Hooks.callAll("combatTurnChange", this, prior, now);
    if (!this.client.user.isActiveGM) return;
    const ended = prior.combatantId ? this.combatants.get(prior.combatantId) : undefined;
    const started = now.combatantId ? this.combatants.get(now.combatantId) : undefined;
    if (ended && prior.round > 0) void this._onEndTurn(ended);
    if (started) void this._onStartTurn(started);
  }

  /**
   * ClientDocumentMixin#render after an update: the tracker viewing this combat is rendered with
   * the update's context (tracker.ts), as a render without `force` (it draws only if it is
   * already drawn), in the form the reading `appRender` says.
   */
  private renderTracker(changed: Record<string, unknown>): void {
    const tracker = this.client.ui.combat;
    if (!tracker || tracker.viewed !== this) return;
    void renderApp(this.client, tracker, { renderContext: "updateCombat", renderData: changed });
  }

  /**
   * Combat#updateCombatantActors, called from core's Combat#_onUpdate after every update: each
   * combatant's actor renders its applications with the context "updateCombat" ("Update active
   * effect durations for all actors present in this Combat encounter",
   * https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html#updatecombatantactors;
   * public systems report it redraws every combatant's sheet on each turn change:
   * foundryvtt/pf2e#6692 "Don't rerender actor sheets every turn change",
   * League-of-Fabulous-Developers/FoundryVTT-Fabula-Ultima#976 "Each Turn emits a render for each
   * actor in the tracker"; modules read `renderContext === "updateCombat"` in their render).
   */
  updateCombatantActors(changed: Record<string, unknown> = {}): void {
    for (const combatant of this.combatants) {
      const sheet = combatant.actor?.openSheet();
      if (sheet) void renderApp(this.client, sheet, { renderContext: "updateCombat", renderData: changed });
    }
  }

  /** The combat sounds this client played (Combat#_playCombatSound(announcement), for tests). */
  sounds: string[] = [];
  /** Combat#_playCombatSound(announcement): plays the configured sound of that announcement. */
  _playCombatSound(announcement: string): void {
    this.sounds.push(announcement);
  }

  /** Combat#_onEndTurn(combatant): core's own does nothing a system relies on here. */
  async _onEndTurn(_combatant: TableCombatant): Promise<void> {}
  /** Combat#_onStartTurn(combatant): core's own does nothing a system relies on here. */
  async _onStartTurn(_combatant: TableCombatant): Promise<void> {}

  /** Combat#combatant: the combatant whose turn it is. */
  get combatant(): TableCombatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }

  /** Combat#setupTurns: the combatants sorted by `_sortCombatants`, which Foundry passes unbound. */
  setupTurns(): TableCombatant[] {
    const sort = this._sortCombatants;
    this.turns = this.combatants.contents.sort((a, b) => sort(a, b));
    return this.turns;
  }

  /** Combat#_sortCombatants: initiative, highest first, then name. */
  protected _sortCombatants(a: TableCombatant, b: TableCombatant): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    if (ia !== ib) return ib - ia;
    return a.name.localeCompare(b.name);
  }

  /** Document#updateEmbeddedDocuments("Combatant", updates). */
  async updateEmbeddedDocuments(
    name: string,
    updates: ({ _id: string } & Record<string, unknown>)[],
  ): Promise<TableCombatant[]> {
    const out: TableCombatant[] = [];
    for (const u of updates) {
      const combatant = this.embedded(name, u._id);
      const { _id: _ignored, ...changes } = u;
      const done = await combatant?.update(changes);
      if (done) out.push(done);
    }
    return out;
  }

  /** Document#createEmbeddedDocuments("Combatant", data). */
  async createEmbeddedDocuments(name: string, data: Source[]): Promise<TableCombatant[]> {
    const out: TableCombatant[] = [];
    for (const d of data) {
      const made = await this.client.createDocument(name, d, this);
      if (made instanceof TableCombatant) out.push(made);
    }
    return out;
  }

  /** Document#deleteEmbeddedDocuments("Combatant", ids). */
  async deleteEmbeddedDocuments(name: string, ids: string[]): Promise<TableCombatant[]> {
    const out: TableCombatant[] = [];
    for (const id of ids) {
      const done = await this.embedded(name, id)?.delete();
      if (done) out.push(done);
    }
    return out;
  }

  private embedded(name: string, id: string): TableCombatant | undefined {
    if (name !== "Combatant") throw new Error(`the table has no embedded ${name}`);
    return this.combatants.get(id);
  }
}

/**
 * A document's render of an application showing it, after an update: without `force`, with the
 * update's context, in the form the reading `appRender` says (readings.ts).
 */
function renderApp(
  client: Client,
  app: { render(options?: boolean | object, legacy?: object): Promise<unknown> },
  context: Record<string, unknown>,
): Promise<unknown> {
  return client.readings.appRender === "legacy"
    ? app.render(false, context)
    : app.render({ force: false, ...context });
}

/** CONST.GRID_TYPES (https://foundryvtt.com/api/v13/variables/CONST.GRID_TYPES.html). */
export const GRID_TYPES = { GRIDLESS: 0, SQUARE: 1 } as const;

/**
 * A scene's grid: square (SquareGrid) or gridless (GridlessGrid), the kinds the table models. Offsets are
 * { i: row, j: column }; a gridless grid's offset is the pixel itself, as the GridlessGrid page says.
 */
export class TableGrid {
  readonly sizeX: number;
  readonly sizeY: number;
  constructor(
    readonly type: number,
    readonly size: number,
    readonly diagonals: number,
  ) {
    this.sizeX = size;
    this.sizeY = size;
  }
  get isGridless(): boolean {
    return this.type === GRID_TYPES.GRIDLESS;
  }
  /** BaseGrid#getOffset: the offset of the grid space containing the point. */
  getOffset(point: { x: number; y: number }): { i: number; j: number } {
    if (this.isGridless) return { i: Math.floor(point.y), j: Math.floor(point.x) };
    return { i: Math.floor(point.y / this.size), j: Math.floor(point.x / this.size) };
  }
  /** BaseGrid#getCenterPoint: the centre of the grid space at the offset. */
  getCenterPoint(offset: { i: number; j: number }): { x: number; y: number } {
    if (this.isGridless) return { x: offset.j, y: offset.i };
    return { x: (offset.j + 0.5) * this.size, y: (offset.i + 0.5) * this.size };
  }
}

export class TableScene extends TableDocument {
  static override documentName = "Scene";
  tokens = new Collection<TableToken>();
  grid = new TableGrid(GRID_TYPES.SQUARE, 100, 0);
  /** Scene#dimensions: the rows and columns the canvas covers (the table's scenes have no padding). */
  dimensions = { rows: 0, columns: 0, size: 100 };

  override refresh(): void {
    const s = this._source;
    const grid = isRecord(s["grid"]) ? s["grid"] : {};
    const type = typeof grid["type"] === "number" ? grid["type"] : GRID_TYPES.SQUARE;
    const size = typeof grid["size"] === "number" ? grid["size"] : 100;
    this.grid = new TableGrid(type, size, typeof grid["diagonals"] === "number" ? grid["diagonals"] : 0);
    const width = typeof s["width"] === "number" ? s["width"] : 1000;
    const height = typeof s["height"] === "number" ? s["height"] : 1000;
    this.dimensions = { rows: Math.ceil(height / size), columns: Math.ceil(width / size), size };
    super.refresh();
  }
}

/** A position as TokenDocument#move takes and gives it (TokenPosition, plus v14's `level`). */
export interface TokenPosition {
  x: number;
  y: number;
  elevation: number;
  width: number;
  height: number;
  level?: string | null;
}

/** A waypoint of a movement (TokenMovementWaypoint): the position, its action, checkpoint flag. */
export interface TableWaypoint extends TokenPosition {
  action: string;
  checkpoint: boolean;
  snapped: boolean;
}

/** TokenMovementData as each client holds it for a token's current or last movement. */
export interface TableMovementData {
  id: string;
  chain: string[];
  method: string;
  state: "completed" | "pending" | "paused" | "stopped";
  user: TableUser | null;
  origin: TokenPosition;
  destination: TokenPosition;
  passed: { waypoints: TableWaypoint[] };
  pending: { waypoints: TableWaypoint[] };
  autoRotate: boolean;
  showRuler: boolean;
  recorded: boolean;
  /** v14: the movement is split into subpaths; the id of this one's subpath. */
  split?: boolean;
  subpathId?: string;
}

export class TableToken extends TableDocument {
  static override documentName = "Token";
  x = 0;
  y = 0;
  elevation = 0;
  width = 1;
  height = 1;
  hidden = false;
  actorId: string | null = null;
  /** v14 TokenDocument#level: the id of the scene level the token stands on (null in v13 worlds). */
  level: string | null = null;
  /** TokenDocument#detectionModes as stored: v13 an array of { id, enabled, range }, v14 an object by id. */
  detectionModes: unknown = [];
  /** TokenDocument#movement: the current or last movement (see client.ts TableMovement). */
  movement: TableMovementData = {
    id: "",
    chain: [],
    method: "api",
    state: "completed",
    user: null,
    origin: { x: 0, y: 0, elevation: 0, width: 1, height: 1 },
    destination: { x: 0, y: 0, elevation: 0, width: 1, height: 1 },
    passed: { waypoints: [] },
    pending: { waypoints: [] },
    autoRotate: false,
    showRuler: false,
    recorded: true,
  };

  override refresh(): void {
    const s = this._source;
    const num = (key: string, fallback: number) => (typeof s[key] === "number" ? s[key] : fallback);
    this.x = num("x", 0);
    this.y = num("y", 0);
    this.elevation = num("elevation", 0);
    this.width = num("width", 1);
    this.height = num("height", 1);
    this.hidden = s["hidden"] === true;
    this.actorId = typeof s["actorId"] === "string" ? s["actorId"] : null;
    this.level = typeof s["level"] === "string" ? s["level"] : null;
    this.detectionModes = structuredClone(s["detectionModes"] ?? []);
    super.refresh();
  }

  get actor(): TableActor | null {
    return this.actorId ? (this.client.game.actors.get(this.actorId) ?? null) : null;
  }

  /** A token is owned by whoever owns its actor. */
  override getUserLevel(user: TableUser): number {
    return this.actor?.getUserLevel(user) ?? super.getUserLevel(user);
  }

  private get grid(): TableGrid {
    return this.parent instanceof TableScene ? this.parent.grid : new TableGrid(GRID_TYPES.SQUARE, 100, 0);
  }

  /** TokenDocument#getCenterPoint(position?): the centre of the token's box at the position. */
  getCenterPoint(position: Partial<TokenPosition> = {}): { x: number; y: number; elevation: number } {
    const { x = this.x, y = this.y, width = this.width, height = this.height } = position;
    return {
      x: x + (width * this.grid.sizeX) / 2,
      y: y + (height * this.grid.sizeY) / 2,
      elevation: position.elevation ?? this.elevation,
    };
  }

  /** TokenDocument#getSnappedPosition(data?): the top-left corner snapped to the grid. */
  getSnappedPosition(position: Partial<TokenPosition> = {}): { x: number; y: number; elevation: number } {
    const { x = this.x, y = this.y } = position;
    const grid = this.grid;
    if (grid.isGridless) return { x, y, elevation: position.elevation ?? this.elevation };
    return {
      x: Math.round(x / grid.sizeX) * grid.sizeX,
      y: Math.round(y / grid.sizeY) * grid.sizeY,
      elevation: position.elevation ?? this.elevation,
    };
  }

  /**
   * TokenDocument#update: a change of x, y (or elevation, level) is a movement, judged by
   * preMoveToken like any other, with the method the update names (`options.movement[id].method`:
   * "config" for the Token Config sheet, "paste"; "api" by default).
   */
  override update(
    changes: Record<string, unknown>,
    options: Record<string, unknown> = {},
  ): Promise<this | undefined> {
    const moving = ["x", "y", "elevation", "level"].filter((k) => k in changes);
    if (moving.length === 0) return super.update(changes, options);
    const movement = isRecord(options["movement"]) ? options["movement"][this.id] : undefined;
    const method = isRecord(movement) && typeof movement["method"] === "string" ? movement["method"] : "api";
    const to: Partial<TableWaypoint> = {};
    for (const k of moving) (to as Record<string, unknown>)[k] = changes[k];
    return this.client.movement.move(this, [to], { method }).then((ok) => (ok ? this : undefined));
  }

  /** TokenDocument#move(waypoints, options): see client.ts TableMovement#move. */
  move(
    waypoints: Partial<TableWaypoint> | Partial<TableWaypoint>[],
    options: Record<string, unknown> = {},
  ): Promise<boolean> {
    return this.client.movement.move(this, Array.isArray(waypoints) ? waypoints : [waypoints], options);
  }

  /** TokenDocument#pauseMovement(key): what it gives depends on the `pause` reading (readings.ts, client.ts). */
  pauseMovement(key?: string): PauseResult {
    return this.client.movement.pause(this, key);
  }

  /** TokenDocument#resumeMovement(movementId, key). */
  resumeMovement(movementId: string, key?: string): Promise<boolean> {
    return this.client.movement.resume(this, movementId, key);
  }

  /**
   * v14: start the movement this user planned for the token (TokenDocument#move with
   * `planned: true`); it goes through preMoveToken and moveToken as any movement.
   */
  startMovement(): Promise<boolean> {
    return this.client.movement.startPlanned(this);
  }

  /** TokenDocument#stopMovement(). */
  stopMovement(): Promise<boolean> {
    return this.client.movement.stop(this);
  }
}

/**
 * The kind of value a core field holds, for a test that writes every field (tests/foundry/
 * trust-generated.test.ts): "string", "number", "boolean", "object" (a schema or object field),
 * "array", "id" (a document id or null), "ownership" (the map of user ids to levels).
 */
export type CoreFieldKind = "string" | "number" | "boolean" | "object" | "array" | "id" | "ownership";

/**
 * Core's own fields of each document kind a player may own, as the v13 data pages list them
 * (besides `system`, which the type's data model defines, and the embedded collections, which are
 * documents of their own): ActorData
 * (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.ActorData.html), ItemData
 * (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.ItemData.html), ActiveEffectData
 * (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.ActiveEffectData.html), TokenData
 * (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.TokenData.html) and CombatantData
 * (https://foundryvtt.com/api/v13/interfaces/foundry.documents.types.CombatantData.html). `_id` and
 * `_stats` are core's own (the id is fixed; `_stats` is written by the server), so no client
 * writes them and they are not listed.
 */
export const CORE_FIELDS: Readonly<Record<string, Readonly<Record<string, CoreFieldKind>>>> = {
  Actor: {
    name: "string",
    img: "string",
    type: "string",
    prototypeToken: "object",
    folder: "id",
    sort: "number",
    ownership: "ownership",
    flags: "object",
  },
  Item: {
    name: "string",
    img: "string",
    type: "string",
    folder: "id",
    sort: "number",
    ownership: "ownership",
    flags: "object",
  },
  ActiveEffect: {
    name: "string",
    img: "string",
    type: "string",
    changes: "array",
    disabled: "boolean",
    duration: "object",
    description: "string",
    origin: "string",
    tint: "string",
    transfer: "boolean",
    statuses: "array",
    sort: "number",
    flags: "object",
  },
  Token: {
    name: "string",
    displayName: "number",
    actorId: "id",
    actorLink: "boolean",
    delta: "object",
    width: "number",
    height: "number",
    texture: "object",
    shape: "number",
    x: "number",
    y: "number",
    elevation: "number",
    sort: "number",
    locked: "boolean",
    lockRotation: "boolean",
    rotation: "number",
    alpha: "number",
    hidden: "boolean",
    disposition: "number",
    displayBars: "number",
    bar1: "object",
    bar2: "object",
    light: "object",
    sight: "object",
    detectionModes: "array",
    occludable: "object",
    ring: "object",
    turnMarker: "object",
    movementAction: "string",
    flags: "object",
  },
  Combatant: {
    type: "string",
    actorId: "id",
    tokenId: "id",
    sceneId: "id",
    name: "string",
    img: "string",
    initiative: "number",
    hidden: "boolean",
    defeated: "boolean",
    group: "id",
    flags: "object",
  },
};
