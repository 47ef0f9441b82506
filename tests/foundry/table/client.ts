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
 * - Notifications (`info`, `warn`, `error`): https://foundryvtt.com/api/v13/classes/foundry.applications.ui.Notifications.html
 * - ClientSettings (`register`, `get`, `set`; world settings are shared, set by a GM):
 *   https://foundryvtt.com/api/v13/classes/foundry.helpers.ClientSettings.html
 * - Localization (`localize`, `format`): https://foundryvtt.com/api/v13/classes/foundry.helpers.Localization.html
 *   Here both give the key (and `format` the data as JSON after a space), so tests assert keys.
 * - Roll (`new Roll("1d10").evaluate()` resolves with `total` set): https://foundryvtt.com/api/v13/classes/foundry.dice.Roll.html
 * - ChatMessage.create and ChatMessage.getSpeaker: https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html
 * - CONFIG.queries: https://foundryvtt.com/api/v13/interfaces/CONFIG.html#queries
 */
import {
  Collection,
  TableActor,
  TableCombat,
  TableCombatant,
  TableDocument,
  TableUser,
  isRecord,
  type Source,
} from "./documents";
import type { Server } from "./server";

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
}

export interface ClientGame {
  user: TableUser;
  users: UsersCollection;
  actors: Collection<TableActor>;
  combats: Collection<TableCombat>;
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
  ui: Record<string, unknown>;
  [key: string]: unknown;
}

export class Client {
  readonly game: ClientGame;
  readonly ui: { notifications: Record<Notice["level"], (text: string) => void> };
  readonly CONFIG: ClientConfig;
  readonly Hooks: ClientHooks;
  readonly notices: Notice[] = [];
  /** Errors thrown inside this client's hook functions (Foundry reports and goes on). */
  readonly hookErrors: { hook: string; error: unknown }[] = [];
  /** Set by index.ts: the client's ChatMessage and Roll classes and its canvas (none yet). */
  ChatMessage: unknown = null;
  Roll: unknown = null;
  canvas: unknown = null;
  /** Whatever a test or a helper keeps per client (the loaded Tempo modules, for one). */
  readonly locals = new Map<string, unknown>();

  constructor(
    readonly server: Server,
    readonly userId: string,
    readonly label: string,
  ) {
    this.Hooks = new ClientHooks((hook, error) => this.hookErrors.push({ hook, error }));
    const notify = (level: Notice["level"]) => (text: string) =>
      this.notices.push({ level, text, key: text.split(" ")[0] ?? text });
    this.ui = { notifications: { info: notify("info"), warn: notify("warn"), error: notify("error") } };
    const base = (documentClass: DocumentClass) => ({ documentClass, dataModels: {} });
    this.CONFIG = {
      queries: {},
      Combat: base(TableCombat),
      Combatant: base(TableCombatant),
      Actor: base(TableActor),
      Item: base(TableDocument),
      User: { documentClass: TableUser },
      ui: {},
    };
    const settings = new Map<string, Record<string, unknown>>();
    this.game = {
      user: null as unknown as TableUser,
      users: new UsersCollection(),
      actors: new Collection(),
      combats: new Collection(),
      i18n: {
        localize: (key) => key,
        format: (key, data = {}) => `${key} ${JSON.stringify(data)}`,
      },
      settings: {
        register: (namespace, key, config) => settings.set(`${namespace}.${key}`, config),
        get: (namespace, key) => {
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
    const { combatants, ...rest } = source;
    const made = this.build(name, rest);
    if (made instanceof TableUser) this.game.users.set(made.id, made);
    else if (made instanceof TableActor) this.game.actors.set(made.id, made);
    else if (made instanceof TableCombat) {
      this.game.combats.set(made.id, made);
      if (Array.isArray(combatants))
        for (const c of combatants) if (isRecord(c)) this.add("Combatant", c, made.id);
      made.setupTurns();
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
