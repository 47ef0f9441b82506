/**
 * One client of the simulated table: a browser tab logged in as one user, with its own globals
 * (`game`, `ui`, `CONFIG`, `Hooks`, `ChatMessage`, `Roll`, `canvas`), its own copy of every
 * document and its own copy of Tempo's modules (see index.ts for how the globals are switched).
 *
 * Pages followed:
 * - Game (`game.user`, `game.users`, `game.actors`, `game.combats`, `game.i18n`, `game.settings`):
 *   https://foundryvtt.com/api/v13/classes/foundry.Game.html
 * - Hooks (`on`, `once`, `off`, `call` stops at an explicit false, `callAll` calls every function;
 *   an error in one function is reported, not thrown): https://foundryvtt.com/api/v13/classes/foundry.helpers.Hooks.html
 * - Notifications (`info`, `warn`, `error`, each returning the notification; with `{ progress: true }`
 *   it has a bar that `update({ pct })` moves; `remove(notification)`):
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.ui.Notifications.html
 * - `game.paused` and `Game#togglePause(pause, { broadcast })` (only a GM pauses the game for
 *   everyone; a player's broadcast request is not applied: https://foundryvtt.com/api/v13/classes/foundry.Game.html#togglepause),
 *   and the `pauseGame(paused, { broadcast, userId })` hook every client hears
 *   (https://foundryvtt.com/api/functions/hookEvents.pauseGame.html).
 * - `game.data` (the world's data as the server sent it at load, each document's source as the
 *   database holds it) and `game.system` (the running system's manifest: `id`, `version`):
 *   https://foundryvtt.com/api/v13/classes/foundry.Game.html#data
 * - ClientSettings (`register`, `get`, `set`; world settings are shared, set by a GM):
 *   https://foundryvtt.com/api/v13/classes/foundry.helpers.ClientSettings.html
 * - Localization (`localize`, `format`): https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html
 *   Here both give the key (and `format` the data as JSON after a space), so tests assert keys.
 * - Roll (`new Roll("1d10").evaluate()` resolves with `total` set): https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html
 * - ChatMessage.create and ChatMessage.getSpeaker: https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html
 * - CONFIG.queries: https://foundryvtt.com/api/v13/interfaces/CONFIG.html#queries
 * - CONFIG.Token.movement.actions (v13: each action may have a getCostFunction; v14: a descriptor
 *   whose `costMultiplier` prices it when it has no getCostFunction; `teleport` actions):
 *   https://foundryvtt.com/api/v13/interfaces/CONFIG.html#token,
 *   https://foundryvtt.com/api/v14/interfaces/foundry.types.TokenMovementActionConfigDescriptor.html
 * - The canvas shows one scene per client (`canvas.scene`, `canvas.grid`), which may be another
 *   scene than a combat's: https://foundryvtt.com/api/v13/classes/foundry.canvas.Canvas.html
 * - Token movement (TableMovement below): TokenDocument#move "through the given waypoints",
 *   split into one movement per checkpoint waypoint, each later one carrying the ids of the earlier
 *   ones in `chain` (TokenMovementData#chain: "the chain of prior movement IDs that this movement
 *   is a continuation of"); preMoveToken on the moving client only, which may reject a movement by
 *   returning false ("the waypoints of the movement are final"); moveToken on every client after
 *   the update (hookEvents.preMoveToken, hookEvents.moveToken); pauseMovement(key) by the user who
 *   started the movement, giving the callback that resumes it, resumeMovement(id, key) with the same
 *   key, stopMovement() ending it for good (TokenDocument page, 13.333 release notes:
 *   https://foundryvtt.com/releases/13.333); pauseToken/stopToken on every client
 *   (https://foundryvtt.com/api/v14/functions/hookEvents.pauseToken.html). v13's `move` resolves
 *   once its first part is done; v14's "when the whole path is finished" (issue 13's review of the
 *   v14 notes). v14 `planned: true` ("Don't start the movement yet?",
 *   https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementInstructionOptions.html)
 *   fires planToken (https://foundryvtt.com/api/functions/hookEvents.planToken.html) and moves
 *   nothing; starting the plan moves the token through the update workflow, so preMoveToken fires
 *   for it as for any movement. v14 `split: true` sends the movement as subpaths that share its id,
 *   each with its own `subpathId` (TokenPreMovementOperation#split, #subpathId): the table makes
 *   each waypoint a subpath.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import {
  Collection,
  TableActor,
  TableCombat,
  TableCombatant,
  TableDocument,
  TableItem,
  TableScene,
  TableToken,
  TableUser,
  isRecord,
  merge,
  type Source,
  type TableMovementData,
  type TableWaypoint,
  type TokenPosition,
} from "./documents";
import { readingsWith, type Readings } from "./readings";
import type { Server } from "./server";
import type { TableCombatTracker } from "./tracker";
import { validateSource, type ModelClass as FieldModelClass } from "../sheets/fields";

/** The version the table's clients run, as Foundry reads it from the installed system.json. */
const SYSTEM_VERSION = (
  JSON.parse(readFileSync(resolve(__dirname, "../../../system.json"), "utf8")) as { version: string }
).version;

type HookFn = (...args: unknown[]) => unknown;

/** One client's Hooks. */
export class ClientHooks {
  private readonly events = new Map<string, { id: number; fn: HookFn; once: boolean }[]>();
  private next = 1;
  constructor(private readonly onError: (hook: string, error: unknown) => void) {}

  on(hook: string, fn: HookFn, options: { once?: boolean } = {}): number {
    const list = this.events.get(hook) ?? [];
    const id = this.next++;
    list.push({ id, fn, once: options.once === true });
    this.events.set(hook, list);
    return id;
  }
  once(hook: string, fn: HookFn): number {
    return this.on(hook, fn, { once: true });
  }
  off(hook: string, fn: HookFn | number): void {
    const list = this.events.get(hook) ?? [];
    this.events.set(
      hook,
      list.filter((h) => (typeof fn === "number" ? h.id !== fn : h.fn !== fn)),
    );
  }
  /** Calls each function in turn; one returning false stops the rest and makes call return false. */
  call(hook: string, ...args: unknown[]): boolean {
    for (const h of this.take(hook)) {
      if (this.run(hook, h.fn, args) === false) return false;
    }
    return true;
  }
  callAll(hook: string, ...args: unknown[]): true {
    for (const h of this.take(hook)) this.run(hook, h.fn, args);
    return true;
  }
  private take(hook: string) {
    const list = this.events.get(hook) ?? [];
    this.events.set(
      hook,
      list.filter((h) => !h.once),
    );
    return list;
  }
  private run(hook: string, fn: HookFn, args: unknown[]): unknown {
    try {
      return fn(...args);
    } catch (error) {
      this.onError(hook, error);
      return undefined;
    }
  }
}

/** game.users: the collection with Users#activeGM. */
export class UsersCollection extends Collection<TableUser> {
  /**
   * "One User who is an active Gamemaster (non-assistant if possible)". Which one, when several
   * are, the page does not say; the table takes the lowest id, so a test can hand the role over
   * by connecting a GM whose id sorts first.
   */
  get activeGM(): TableUser | null {
    const active = this.filter((u) => u.active && u.isGM).sort((a, b) => a.id.localeCompare(b.id));
    return active.find((u) => u.role === 4) ?? active[0] ?? null;
  }
  get current(): TableUser | null {
    return null;
  }
}

export interface Notice {
  level: "info" | "warn" | "error";
  text: string;
  /** The localisation key the text was made from (the table's i18n keeps keys). */
  key: string;
  /** The options it was shown with (`permanent`, `progress` ...). */
  options?: Record<string, unknown>;
  /** A progress notification's bar, each `update({ pct })` in order. */
  pcts?: number[];
  /** Taken off the screen with `ui.notifications.remove`. */
  removed?: boolean;
}

/** What `ui.notifications.info` and the others return: the notification, to update or remove. */
export interface NoticeHandle {
  update(data: { pct?: number; message?: string }): void;
}

type Notify = (text: string, options?: Record<string, unknown>) => NoticeHandle;
export interface ClientNotifications extends Record<Notice["level"], Notify> {
  remove(notice: NoticeHandle): void;
}

export interface ClientGame {
  user: TableUser;
  users: UsersCollection;
  actors: Collection<TableActor>;
  combats: Collection<TableCombat>;
  scenes: Collection<TableScene>;
  /** World items (none are modelled as documents; `game.data.items` holds their sources). */
  items: Collection<TableDocument>;
  /** The world's data as the server sent it when this client connected. */
  data: Record<string, unknown>;
  /** The running system's manifest (Tempo's, at package.json's version unless a test says otherwise). */
  system: { id: string; version: string };
  /** KeyboardManager: which modifier keys this user holds down. */
  keyboard: { isModifierActive(modifier: string): boolean };
  /** Game#paused: is the game paused (the server's state, kept in step by its broadcasts)? */
  paused: boolean;
  /**
   * Game#togglePause(pause, { broadcast }): pauses or resumes the game; with `broadcast`, a GM's
   * request goes to every client (the server's `setPaused`), a player's changes nothing.
   */
  togglePause(pause?: boolean, options?: { broadcast?: boolean }): boolean;
  i18n: { localize(key: string): string; format(key: string, data?: Record<string, unknown>): string };
  settings: {
    register(namespace: string, key: string, config: Record<string, unknown>): void;
    get(namespace: string, key: string): unknown;
    set(namespace: string, key: string, value: unknown): Promise<unknown>;
  };
}

/** A document class as a client builds its copies. */
type DocumentClass = new (
  source: Source,
  context: { client: Client; parent?: TableDocument | null },
) => TableDocument;
/** A data model class as the table constructs it (see index.ts TableDataModel). */
type ModelClass = new (source: Record<string, unknown>, options: { parent: TableDocument }) => unknown;

export interface ClientConfig {
  queries: Record<string, (data: unknown) => unknown>;
  Combat: { documentClass: DocumentClass; dataModels: Record<string, ModelClass> };
  Combatant: { documentClass: DocumentClass; dataModels: Record<string, ModelClass> };
  Actor: { documentClass: DocumentClass; dataModels: Record<string, ModelClass> };
  Item: { documentClass: DocumentClass; dataModels: Record<string, ModelClass> };
  User: { documentClass: DocumentClass };
  Scene: { documentClass: DocumentClass };
  Token: {
    documentClass: DocumentClass;
    movement: { actions: Record<string, MovementAction> };
    rulerClass: unknown;
  };
  ui: Record<string, unknown>;
  [key: string]: unknown;
}

/** A movement action as CONFIG.Token.movement.actions holds it (the parts Tempo reads and sets). */
export interface MovementAction {
  label: string;
  icon?: string;
  order?: number;
  teleport?: boolean;
  costMultiplier?: number;
  canSelect?: (token: unknown) => boolean;
  getCostFunction?: ((token: unknown, options?: unknown) => CostFunction) | null;
}
export type CostFunction = (
  baseCost: number,
  from: { i: number; j: number },
  to: { i: number; j: number },
  distance: number,
  segment: object,
) => number;

/** Core's movement actions as each version configures them (the ones the tests use). */
function coreActions(version: 13 | 14): Record<string, MovementAction> {
  const doubled = (): CostFunction => (cost) => cost * 2;
  if (version === 13)
    return {
      walk: { label: "TOKEN.MOVEMENT.ACTIONS.walk.label", order: 0 },
      crawl: { label: "TOKEN.MOVEMENT.ACTIONS.crawl.label", order: 1, getCostFunction: () => doubled() },
      blink: { label: "TOKEN.MOVEMENT.ACTIONS.blink.label", order: 2, teleport: true },
      displace: { label: "TOKEN.MOVEMENT.ACTIONS.displace.label", order: 3, teleport: true },
    };
  return {
    walk: { label: "TOKEN.MOVEMENT.ACTIONS.walk.label", order: 0, costMultiplier: 1 },
    crawl: { label: "TOKEN.MOVEMENT.ACTIONS.crawl.label", order: 1, costMultiplier: 2 },
    blink: { label: "TOKEN.MOVEMENT.ACTIONS.blink.label", order: 2, teleport: true },
    displace: { label: "TOKEN.MOVEMENT.ACTIONS.displace.label", order: 3, teleport: true },
  };
}

/** What a client's canvas shows. */
export interface ClientCanvas {
  scene: TableScene | null;
  grid: TableScene["grid"] | null;
}

export class Client {
  readonly game: ClientGame;
  /** `ui.notifications`, and `ui.combat` where the client has Tempo's tracker (index.ts withTracker). */
  readonly ui: { notifications: ClientNotifications; combat?: TableCombatTracker };
  readonly CONFIG: ClientConfig;
  readonly Hooks: ClientHooks;
  readonly notices: Notice[] = [];
  /** Errors thrown inside this client's hook functions (Foundry reports and goes on). */
  readonly hookErrors: { hook: string; error: unknown }[] = [];
  /** Set by index.ts: the client's ChatMessage and Roll classes and its canvas (none yet). */
  ChatMessage: unknown = null;
  Roll: unknown = null;
  /** The canvas: the scene this client's user looks at (see `view`). */
  canvas: ClientCanvas = { scene: null, grid: null };
  /** This client's token movements (TokenDocument#move and its pausing). */
  readonly movement: TableMovement;
  /** Whatever a test or a helper keeps per client (the loaded Tempo modules, for one). */
  readonly locals = new Map<string, unknown>();

  constructor(
    readonly server: Server,
    readonly userId: string,
    readonly label: string,
    /** The Foundry generation this client runs: the shapes of v13 or of v14. */
    readonly version: 13 | 14 = 13,
    /** How this table reads what Foundry's public material leaves unclear (readings.ts). */
    readonly readings: Readings = readingsWith(),
  ) {
    this.movement = new TableMovement(this);
    this.Hooks = new ClientHooks((hook, error) => this.hookErrors.push({ hook, error }));
    const handles = new Map<NoticeHandle, Notice>();
    const notify =
      (level: Notice["level"]): Notify =>
      (text, options) => {
        const notice: Notice = { level, text, key: text.split(" ")[0] ?? text };
        if (options) notice.options = options;
        if (options?.["progress"] === true) notice.pcts = [];
        this.notices.push(notice);
        const handle: NoticeHandle = {
          update: ({ pct }) => {
            if (notice.pcts && pct !== undefined) notice.pcts.push(pct);
          },
        };
        handles.set(handle, notice);
        return handle;
      };
    this.ui = {
      notifications: {
        info: notify("info"),
        warn: notify("warn"),
        error: notify("error"),
        remove: (handle) => {
          const notice = handles.get(handle);
          if (notice) notice.removed = true;
        },
      },
    };
    const base = (documentClass: DocumentClass) => ({ documentClass, dataModels: {} });
    this.CONFIG = {
      queries: {},
      Combat: base(TableCombat),
      Combatant: base(TableCombatant),
      Actor: base(TableActor),
      Item: base(TableItem),
      User: { documentClass: TableUser },
      Scene: { documentClass: TableScene },
      Token: { documentClass: TableToken, movement: { actions: coreActions(version) }, rulerClass: null },
      ui: {},
    };
    const settings = new Map<string, Record<string, unknown>>();
    this.game = {
      user: null as unknown as TableUser,
      users: new UsersCollection(),
      actors: new Collection(),
      combats: new Collection(),
      scenes: new Collection(),
      items: new Collection(),
      data: {},
      system: { id: "tempo", version: SYSTEM_VERSION },
      keyboard: { isModifierActive: (modifier) => this.held.has(modifier) },
      paused: false,
      togglePause: (pause, options = {}) => {
        const next = pause ?? !this.game.paused;
        if (options.broadcast === true) server.setPaused(this, next);
        else this.game.paused = next;
        return this.game.paused;
      },
      i18n: {
        localize: (key) => key,
        format: (key, data = {}) => `${key} ${JSON.stringify(data)}`,
      },
      settings: {
        register: (namespace, key, config) => settings.set(`${namespace}.${key}`, config),
        get: (namespace, key) => {
          // The mode this user picked in the chat controls (a client setting of core's): v13's
          // `rollMode`; v14's `messageMode`, its `rollMode` deprecated or gone (readings.ts `rollModeV14`).
          if (namespace === "core" && key === "messageMode") {
            if (this.version < 14) throw new Error("core.messageMode is not a registered game setting");
            return this.messageMode;
          }
          if (namespace === "core" && key === "rollMode") {
            if (this.version < 14) return this.rollMode;
            if (this.readings.rollModeV14 === "removed")
              throw new Error("core.rollMode is not a registered game setting");
            this.deprecated('The "core.rollMode" setting is deprecated in favor of "core.messageMode".');
            return LEGACY_MODE_OF[this.messageMode] ?? this.messageMode;
          }
          const id = `${namespace}.${key}`;
          return server.settings.has(id) ? server.settings.get(id) : settings.get(id)?.["default"];
        },
        set: async (namespace, key, value) => {
          if (!this.user.isGM) throw new Error(`${this.label} may not change the world setting ${key}`);
          server.settings.set(`${namespace}.${key}`, value);
          return value;
        },
      },
    };
  }

  get user(): TableUser {
    return this.game.user;
  }

  /** The roll mode this user picked (core's client setting `rollMode`; v13 names). */
  rollMode = "publicroll";

  /** v14: the message mode this user picked (core's client setting `messageMode`; v14 names). */
  messageMode = "public";

  /**
   * The deprecation warnings this client logged (v14's compatibility warnings on deprecated calls,
   * "Deprecated since Version 14 … will be removed in Version 16").
   */
  readonly deprecations: string[] = [];
  deprecated(message: string): void {
    this.deprecations.push(message);
  }

  /** Modifier keys this user holds down (KeyboardManager.MODIFIER_KEYS values). */
  private readonly held = new Set<string>();
  /** The user presses (or lets go of) a modifier key. */
  hold(modifier: string, down = true): void {
    if (down) this.held.add(modifier);
    else this.held.delete(modifier);
  }

  /** A token this client holds, by scene and id. */
  token(sceneId: string, tokenId: string): TableToken {
    const token = this.game.scenes.get(sceneId)?.tokens.get(tokenId);
    if (!token) throw new Error(`${this.label} has no token ${tokenId} on ${sceneId}`);
    return token;
  }

  /** The user looks at another scene (Scene#view): only this client's canvas changes. */
  view(sceneId: string | null): void {
    const scene = sceneId ? (this.game.scenes.get(sceneId) ?? null) : null;
    this.canvas = { scene, grid: scene?.grid ?? null };
  }

  /** Notices shown to this client's user with this level, as their keys. */
  noticeKeys(level?: Notice["level"]): string[] {
    return this.notices.filter((n) => !level || n.level === level).map((n) => n.key);
  }

  /** A document's system data: the registered data model for its type, else a plain copy. */
  systemData(doc: TableDocument, source: Record<string, unknown>): unknown {
    const config = this.CONFIG[doc.documentName];
    const models = isRecord(config) && isRecord(config["dataModels"]) ? config["dataModels"] : {};
    const type = typeof doc._source["type"] === "string" ? doc._source["type"] : "base";
    const Model = models[type];
    if (typeof Model !== "function") return structuredClone(source);
    const model = new (Model as ModelClass)(source, { parent: doc }) as {
      prepareBaseData?: () => void;
      prepareDerivedData?: () => void;
    };
    model.prepareBaseData?.();
    model.prepareDerivedData?.();
    return model;
  }

  /**
   * A document's system data as it would stand after `changes`, checked against its data model
   * (field rules, then, if `joint`, the model's joint rule: tests/foundry/sheets/fields.ts validateSource):
   * the failures by field path ("system.ruleset"), none when it passes or has no model.
   */
  validateSystem(
    doc: TableDocument,
    changes: Record<string, unknown>,
    joint = true,
  ): Record<string, { message: string }> {
    const config = this.CONFIG[doc.documentName];
    const models = isRecord(config) && isRecord(config["dataModels"]) ? config["dataModels"] : {};
    const type = typeof doc._source["type"] === "string" ? doc._source["type"] : "base";
    const Model = models[type];
    if (typeof Model !== "function") return {};
    const stored = isRecord(doc._source["system"]) ? doc._source["system"] : {};
    const next = structuredClone(stored);
    merge(next, changes);
    const failures: Record<string, { message: string }> = {};
    const model = Model as unknown as FieldModelClass;
    // Without the joint rule: the same fields, no model-level check.
    const checked: FieldModelClass = joint
      ? model
      : {
          name: model.name,
          LOCALIZATION_PREFIXES: model.LOCALIZATION_PREFIXES,
          defineSchema: () => model.defineSchema(),
          validateJoint: () => undefined,
        };
    for (const problem of validateSource(checked, next)) {
      const at = problem.indexOf(": ");
      failures[at < 0 ? "system" : problem.slice(0, at)] = {
        message: at < 0 ? problem : problem.slice(at + 2),
      };
    }
    return failures;
  }

  /** Build this client's copy of a document from the server's source. */
  build(name: string, source: Source, parent: TableDocument | null = null): TableDocument {
    const config = this.CONFIG[name];
    const Class =
      isRecord(config) && typeof config["documentClass"] === "function"
        ? config["documentClass"]
        : TableDocument;
    const doc = new (Class as DocumentClass)(source, { client: this, parent });
    doc.refresh();
    return doc;
  }

  /** This client's copy of a document, by name, id and (for embedded ones) parent id. */
  find(name: string, id: string, parentId: string | null): TableDocument | undefined {
    if (name === "User") return this.game.users.get(id);
    if (name === "Actor") return this.game.actors.get(id);
    if (name === "Combat") return this.game.combats.get(id);
    if (name === "Combatant")
      return parentId ? this.game.combats.get(parentId)?.combatants.get(id) : undefined;
    if (name === "Scene") return this.game.scenes.get(id);
    if (name === "Token") return parentId ? this.game.scenes.get(parentId)?.tokens.get(id) : undefined;
    if (name === "ActiveEffect")
      return parentId ? this.game.actors.get(parentId)?.effects.get(id) : undefined;
    if (name === "Item") return parentId ? this.game.actors.get(parentId)?.items.get(id) : undefined;
    return undefined;
  }

  /** Add a copy of a document (and of its embedded combatants) to this client's collections. */
  add(name: string, source: Source, parentId: string | null): TableDocument {
    if (name === "Combatant") {
      const combat = parentId ? this.game.combats.get(parentId) : undefined;
      if (!combat) throw new Error(`no combat ${parentId ?? ""}`);
      const made = this.build(name, source, combat);
      if (made instanceof TableCombatant) combat.combatants.set(made.id, made);
      return made;
    }
    if (name === "ActiveEffect") {
      // An effect lives in its actor's source: the actor rebuilds its effects and statuses from it.
      const actor = parentId ? this.game.actors.get(parentId) : undefined;
      if (!actor) throw new Error(`no actor ${parentId ?? ""}`);
      const effects = Array.isArray(actor._source["effects"]) ? (actor._source["effects"] as Source[]) : [];
      actor._source["effects"] = [...effects, source];
      actor.refresh();
      const made = actor.effects.get(String(source["_id"]));
      if (!made) throw new Error(`no effect ${String(source["_id"])}`);
      return made;
    }
    if (name === "Item") {
      // An embedded item lives in its actor's source (TableActor#refresh builds it).
      const actor = parentId ? this.game.actors.get(parentId) : undefined;
      if (!actor) throw new Error(`no actor ${parentId ?? ""}`);
      const items = Array.isArray(actor._source["items"]) ? (actor._source["items"] as Source[]) : [];
      actor._source["items"] = [...items, source];
      actor.refresh();
      const made = actor.items.get(String(source["_id"]));
      if (!made) throw new Error(`no item ${String(source["_id"])}`);
      return made;
    }
    if (name === "Token") {
      const scene = parentId ? this.game.scenes.get(parentId) : undefined;
      if (!scene) throw new Error(`no scene ${parentId ?? ""}`);
      const made = this.build(name, source, scene);
      if (made instanceof TableToken) scene.tokens.set(made.id, made);
      return made;
    }
    const { combatants, tokens, ...rest } = source;
    const made = this.build(name, rest);
    if (made instanceof TableScene) {
      this.game.scenes.set(made.id, made);
      if (Array.isArray(tokens)) for (const t of tokens) if (isRecord(t)) this.add("Token", t, made.id);
    }
    if (made instanceof TableUser) this.game.users.set(made.id, made);
    else if (made instanceof TableActor) this.game.actors.set(made.id, made);
    else if (made instanceof TableCombat) {
      this.game.combats.set(made.id, made);
      if (Array.isArray(combatants))
        for (const c of combatants) if (isRecord(c)) this.add("Combatant", c, made.id);
      made.setupTurns();
      made.current = made.historyNow();
    }
    return made;
  }

  /** Document#update from this client: _preUpdate and preUpdate<Name> here, then the server. */
  async updateDocument(
    doc: TableDocument,
    changes: Record<string, unknown>,
    options: Record<string, unknown>,
  ): Promise<TableDocument | undefined> {
    if ((await doc._preUpdate(changes, options, this.user)) === false) return undefined;
    if (!this.Hooks.call(`preUpdate${doc.documentName}`, doc, changes, options, this.userId))
      return undefined;
    await this.server.update(this, doc.documentName, doc.id, doc.parent?.id ?? null, changes, options);
    return this.find(doc.documentName, doc.id, doc.parent?.id ?? null);
  }

  /** Document#delete from this client: _preDelete and preDelete<Name> here, then the server. */
  async deleteDocument(
    doc: TableDocument,
    options: Record<string, unknown>,
  ): Promise<TableDocument | undefined> {
    if ((await doc._preDelete(options, this.user)) === false) return undefined;
    if (!this.Hooks.call(`preDelete${doc.documentName}`, doc, options, this.userId)) return undefined;
    await this.server.delete(this, doc.documentName, doc.id, doc.parent?.id ?? null, options);
    return doc;
  }

  /** Document.create from this client (embedded in `parent` for a Combatant). */
  async createDocument(
    name: string,
    data: Source,
    parent: TableDocument | null,
    options: Record<string, unknown> = {},
  ): Promise<TableDocument | undefined> {
    const source: Source = { _id: this.server.newId(), ...structuredClone(data) };
    const probe = this.build(name, source, parent);
    if ((await probe._preCreate(source, options, this.user)) === false) return undefined;
    if (!this.Hooks.call(`preCreate${name}`, probe, source, options, this.userId)) return undefined;
    await this.server.create(this, name, source, parent?.id ?? null, options);
    return this.find(name, String(source["_id"]), parent?.id ?? null);
  }
}

/**
 * v14's message modes by v13's roll-mode names (the deprecated spelling maps to the new one:
 * CONFIG.Dice.rollModes' "publicroll", "gmroll", "blindroll", "selfroll" became CONFIG.ChatMessage
 * .modes' "public", "gm", "blind", "self": dnd5e#6958).
 */
export const MODE_OF_LEGACY: Record<string, string> = {
  publicroll: "public",
  gmroll: "gm",
  blindroll: "blind",
  selfroll: "self",
};
const LEGACY_MODE_OF: Record<string, string> = Object.fromEntries(
  Object.entries(MODE_OF_LEGACY).map(([legacy, mode]) => [mode, legacy]),
);

/** A movement under way on the client that started it. */
interface Underway {
  /** The id of the part now moving (a continuation has its own id; subpaths share it). */
  id: string;
  /** The ids of the parts before it. */
  chain: string[];
  /** The keys it is paused with; it goes on when none is left. */
  keys: Set<string>;
  /** The promises pausing gave (the "promise" reading), by key: true when continued, false when stopped. */
  waiting: Map<string, ((go: boolean) => void)[]>;
  /** Resolves the wait of a paused movement: true goes on, false ends it. */
  release: ((go: boolean) => void) | null;
  stopped: boolean;
}

/** A movement planned and not started (v14). */
interface Plan {
  waypoints: TableWaypoint[];
  options: Record<string, unknown>;
}

/** What TokenDocument#pauseMovement(key) gives, in either reading (readings.ts `pause`). */
export type PauseResult = (() => Promise<boolean>) | Promise<boolean> | null | undefined;

/** One client's token movements: TokenDocument#move, its pausing, and v14's planned movement. */
export class TableMovement {
  private readonly underway = new Map<string, Underway>();
  private readonly plans = new Map<string, Plan>();
  /**
   * Tokens whose movement was rejected in preMoveToken and whose update workflow has not ended
   * yet (it ends when that movement's `move` has settled). Under the "dropped" reading
   * (readings.ts `moveInPreMove`) a movement started on such a token is silently dropped.
   */
  private readonly inWorkflow = new Map<string, number>();
  /** Movements started while their token was in a rejected workflow, and dropped (for tests). */
  dropped = 0;
  constructor(private readonly client: Client) {}

  /** Is a movement of the token under way from this client (started here, not over)? */
  has(tokenId: string): boolean {
    return this.underway.has(tokenId);
  }

  /** The waypoints in full: a waypoint leaves out what stays as the one before it has it. */
  private fill(token: TableToken, waypoints: Partial<TableWaypoint>[], options: Record<string, unknown>) {
    const action = typeof options["action"] === "string" ? options["action"] : "walk";
    let previous: TableWaypoint = {
      x: token.x,
      y: token.y,
      elevation: token.elevation,
      width: token.width,
      height: token.height,
      level: token.level,
      action,
      checkpoint: false,
      snapped: true,
    };
    return waypoints.map((w) => {
      const next: TableWaypoint = { ...previous, checkpoint: false, ...w };
      previous = next;
      return next;
    });
  }

  async move(
    token: TableToken,
    waypoints: Partial<TableWaypoint>[],
    options: Record<string, unknown>,
  ): Promise<boolean> {
    if (this.client.readings.moveInPreMove === "dropped" && (this.inWorkflow.get(token.id) ?? 0) > 0) {
      this.dropped += 1;
      return false;
    }
    const full = this.fill(token, waypoints, options);
    if (full.length === 0) return false;
    if (this.client.version >= 14 && options["planned"] === true) {
      this.plans.set(token.id, { waypoints: full, options });
      this.client.server.broadcastMovementEvent(token, "planToken");
      return true;
    }
    let first: { resolve: (ok: boolean) => void; reject: (e: unknown) => void } = {
      resolve: () => undefined,
      reject: () => undefined,
    };
    const firstDone = new Promise<boolean>((resolve, reject) => (first = { resolve, reject }));
    let rejected = false;
    const whole = this.client.server.track(() =>
      this.run(token, full, options, first, () => (rejected = true)),
    );
    // A rejected movement's update workflow ends once its promise has settled.
    void whole
      .catch(() => undefined)
      .finally(() => {
        if (rejected) this.leaveWorkflow(token.id);
      });
    // v13 resolves once the first part is done; v14 once the whole path is finished.
    if (this.client.version >= 14) return whole;
    whole.catch(() => undefined);
    return firstDone;
  }

  /** v14: start the movement this user planned for the token (fires preMoveToken as any movement). */
  startPlanned(token: TableToken): Promise<boolean> {
    const plan = this.plans.get(token.id);
    if (!plan) return Promise.resolve(false);
    this.plans.delete(token.id);
    return this.move(
      token,
      plan.waypoints,
      Object.fromEntries(Object.entries(plan.options).filter(([k]) => k !== "planned")),
    );
  }

  /** The movement planned for the token on this client, if any. */
  planned(token: TableToken): TableWaypoint[] | null {
    return this.plans.get(token.id)?.waypoints ?? null;
  }

  private async run(
    token: TableToken,
    full: TableWaypoint[],
    options: Record<string, unknown>,
    first: { resolve: (ok: boolean) => void; reject: (e: unknown) => void },
    onRejected: () => void,
  ): Promise<boolean> {
    const method = typeof options["method"] === "string" ? options["method"] : "api";
    const split = this.client.version >= 14 && options["split"] === true;
    // One part per checkpoint: a part ends on a checkpoint waypoint or at the end.
    const parts: TableWaypoint[][] = [[]];
    for (const w of full) {
      parts[parts.length - 1]?.push(w);
      if (w.checkpoint) parts.push([]);
    }
    if (parts[parts.length - 1]?.length === 0) parts.pop();
    const origin = position(token);
    const destination = position(full[full.length - 1] ?? token);
    const chain: string[] = [];
    let reported = false;
    const report = (ok: boolean) => {
      if (!reported) first.resolve(ok);
      reported = true;
    };
    try {
      for (const [k, whole] of parts.entries()) {
        const id = this.client.server.newId();
        // The part is priced as it starts (readings.ts `costPerPart`): a step costing Infinity ends it.
        const { allowed: part, constrained } = this.constrain(token, whole, options);
        if (constrained && part.length === 0) {
          this.constrainedStop(token, id, chain);
          report(false);
          return false;
        }
        const subpaths = split ? part.map((w) => [w]) : [part];
        for (const [s, passed] of subpaths.entries()) {
          const pending = constrained
            ? subpaths.slice(s + 1).flat()
            : [...subpaths.slice(s + 1).flat(), ...parts.slice(k + 1).flat()];
          const movement: Omit<TableMovementData, "state" | "user"> = {
            id,
            chain: [...chain],
            method,
            origin,
            destination,
            passed: { waypoints: structuredClone(passed) },
            pending: { waypoints: structuredClone(pending) },
            autoRotate: options["autoRotate"] === true,
            showRuler: options["showRuler"] !== false,
            recorded: true,
            ...(this.client.version >= 14 ? { split, subpathId: this.client.server.newId() } : {}),
          };
          // The hook runs inside the update workflow: a movement a hook starts on this token while
          // the workflow lasts meets the `moveInPreMove` reading.
          this.inWorkflow.set(token.id, (this.inWorkflow.get(token.id) ?? 0) + 1);
          const accepted = this.client.Hooks.call("preMoveToken", token, movement, {});
          if (accepted) this.leaveWorkflow(token.id);
          else {
            // Rejected: nothing of it moves (a hook may have started another movement meanwhile);
            // its workflow lasts until its promise has settled (see move).
            onRejected();
            report(false);
            return false;
          }
          const live: Underway = {
            id,
            chain: [...chain],
            keys: new Set(),
            waiting: new Map(),
            release: null,
            stopped: false,
          };
          this.underway.set(token.id, live);
          const last = passed[passed.length - 1];
          if (!last) continue;
          await this.client.server.moveToken(this.client, token, last, movement);
          report(true);
          if (pending.length === 0) {
            if (this.underway.get(token.id) === live) this.underway.delete(token.id);
            // A constrained movement ends "stopped", its stopToken after its moveToken (#13043).
            if (constrained) {
              this.client.server.broadcastMovementState(token, "stopped", "stopToken");
              return false;
            }
            return true;
          }
          if (live.keys.size > 0) {
            const go = await new Promise<boolean>((resolve) => (live.release = resolve));
            if (!go) return false;
          }
          if (live.stopped) return false;
        }
        chain.push(id);
      }
      return true;
    } catch (error) {
      if (!reported) first.reject(error);
      reported = true;
      throw error;
    }
  }

  /**
   * The part of a movement Foundry lets start now (readings.ts `costPerPart`). Under "eachPart",
   * each waypoint's step is priced with its action's cost function (CONFIG.Token.movement.actions
   * [action].getCostFunction(token, options)(baseCost, from, to, distance, segment), the offsets
   * of the grid spaces left and entered, one grid space's cost as the base), from where the token
   * stands when the part starts; the part ends before the first step costing Infinity. A teleport
   * has no steps and is not priced; `constrainOptions.ignoreCost` exempts the movement.
   */
  private constrain(
    token: TableToken,
    part: TableWaypoint[],
    options: Record<string, unknown>,
  ): { allowed: TableWaypoint[]; constrained: boolean } {
    if (this.client.readings.costPerPart !== "eachPart") return { allowed: part, constrained: false };
    const constrainOptions = options["constrainOptions"];
    if (isRecord(constrainOptions) && constrainOptions["ignoreCost"] === true)
      return { allowed: part, constrained: false };
    const grid = token.parent instanceof TableScene ? token.parent.grid : null;
    if (!grid || grid.isGridless) return { allowed: part, constrained: false };
    const actions = this.client.CONFIG.Token.movement.actions;
    let from = grid.getOffset(token);
    for (const [n, w] of part.entries()) {
      const action = actions[w.action];
      const to = grid.getOffset(w);
      if (!action?.teleport) {
        const cost = action?.getCostFunction?.(token, {})?.(1, from, to, 1, {}) ?? 1;
        if (cost === Infinity) return { allowed: part.slice(0, n), constrained: true };
      }
      from = to;
    }
    return { allowed: part, constrained: false };
  }

  /** A part constrained before its first step: nothing moves, the movement ends "stopped" (#13043). */
  private constrainedStop(token: TableToken, id: string, chain: string[]): void {
    this.underway.delete(token.id);
    this.constrainedIds.push({ id, chain: [...chain] });
    this.client.server.broadcastMovementState(token, "stopped", "stopToken");
  }

  /** Movements (their part's id and chain) the cost function stopped before they moved (for tests). */
  readonly constrainedIds: { id: string; chain: string[] }[] = [];

  /** An accepted movement's hook has returned: it is no longer a rejected workflow. */
  private leaveWorkflow(tokenId: string): void {
    const left = (this.inWorkflow.get(tokenId) ?? 1) - 1;
    if (left > 0) this.inWorkflow.set(tokenId, left);
    else this.inWorkflow.delete(tokenId);
  }

  /**
   * pauseMovement(key): only on the client that started the movement ("Only the User that
   * initiated the movement can pause it"), while more of it is to come. Gives what the `pause`
   * reading says: the resume callback (#11849), or a promise that resolves true once the movement
   * is continued with the key (false if it is stopped), null when nothing was paused (#12162).
   */
  pause(token: TableToken, key = ""): PauseResult {
    const live = this.underway.get(token.id);
    const promise = this.client.readings.pause === "promise";
    if (!live || live.stopped) return promise ? null : undefined;
    live.keys.add(key);
    this.client.server.broadcastMovementState(token, "paused", "pauseToken");
    if (promise)
      return new Promise<boolean>((resolve) => {
        const list = live.waiting.get(key) ?? [];
        list.push(resolve);
        live.waiting.set(key, list);
      });
    const id = live.id;
    return () => this.resume(token, id, key);
  }

  /**
   * The movement of the token that `resumeMovement`/`stopMovement` on this client may act on: one
   * this client started, or (the `resumeBy` reading "moverOrGM") the mover's own, when this
   * client's user is the active GM.
   */
  private actingOn(token: TableToken): { owner: TableMovement; live: Underway } | null {
    const own = this.underway.get(token.id);
    if (own) return { owner: this, live: own };
    if (this.client.readings.resumeBy !== "moverOrGM" || !this.client.user.isActiveGM) return null;
    const mover = this.client.server.clients.find((c) => c.movement.has(token.id));
    const live = mover?.movement.underway.get(token.id);
    return mover && live ? { owner: mover.movement, live } : null;
  }

  /**
   * resumeMovement(movementId, key): the same key as the pause, and the id of the movement that
   * was paused (TokenDocument#movement's id then; an earlier id of its chain is not it). True
   * when the movement goes on.
   */
  async resume(token: TableToken, movementId: string, key = ""): Promise<boolean> {
    const found = this.actingOn(token);
    if (!found) return false;
    const { live } = found;
    if (live.id !== movementId) return false;
    if (!live.keys.delete(key)) return false;
    for (const resolve of live.waiting.get(key) ?? []) resolve(true);
    live.waiting.delete(key);
    if (live.keys.size > 0) return false;
    this.client.server.broadcastMovementState(token, "pending", null);
    live.release?.(true);
    return true;
  }

  /**
   * The user leaves: every movement this client started stops, as Foundry stops a disconnected
   * user's movements (TokenDocument#_stopMovementOnDisconnect, TokenDocument page).
   */
  stopAll(): void {
    for (const [tokenId, live] of [...this.underway]) {
      const token = this.client.game.scenes.find((s) => s.tokens.has(tokenId))?.tokens.get(tokenId);
      if (!token) continue;
      this.end(token, live);
    }
  }

  private end(token: TableToken, live: Underway): void {
    live.stopped = true;
    this.underway.delete(token.id);
    for (const list of live.waiting.values()) for (const resolve of list) resolve(false);
    live.waiting.clear();
    this.client.server.broadcastMovementState(token, "stopped", "stopToken");
    live.release?.(false);
  }

  /** stopMovement(): ends the movement (this client's, or the mover's for the GM as `resumeBy` reads); it cannot go on after. */
  async stop(token: TableToken): Promise<boolean> {
    const found = this.actingOn(token);
    if (!found) return false;
    found.owner.end(token, found.live);
    return true;
  }
}

function position(p: TokenPosition): TokenPosition {
  return { x: p.x, y: p.y, elevation: p.elevation, width: p.width, height: p.height, level: p.level ?? null };
}
