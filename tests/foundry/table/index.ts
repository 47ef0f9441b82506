/**
 * The simulated Foundry table for adapter tests: one world on a server (server.ts), several
 * clients (client.ts), each a browser tab logged in as one user with its own globals, its own
 * copies of the documents (documents.ts) and its own copy of Tempo's modules.
 *
 *   const table = await createTable({ world });        // users gm, p1, p2, p3 (p3 forges)
 *   await table.run(table.p1, () => submit(...));      // code runs as p1's tab
 *   await table.settle();                              // every started operation has finished
 *
 * How the globals are switched. Foundry's code reads globals (`game`, `ui`, `CONFIG`, `Hooks`,
 * `ChatMessage`, `Roll`, `canvas`). The table defines each as a getter on globalThis that returns
 * the running client's own object. Which client runs is kept in an AsyncLocalStorage (server.ts
 * `within`): `table.run(client, fn)` runs `fn` as that client, and every promise it starts keeps
 * that client across awaits, so two clients' async code may interleave freely and each still sees
 * its own globals. The server runs each broadcast (hooks, _onUpdate) and each query handler as
 * the receiving client. Reading a global outside any client throws, so a test cannot
 * accidentally run code as nobody.
 *
 * Each client loads its own copy of Tempo's modules (vi.resetModules before importing), as each
 * browser tab has its own: module state (the GM's queue, a client's requests in flight) is
 * per client, as in Foundry. Shared between clients are only the `foundry` namespace (library
 * code: data fields, TypeDataModel, utils) and the base document classes Tempo's classes extend.
 *
 * Pages followed: see documents.ts, client.ts and server.ts; foundry.utils.randomID:
 * https://foundryvtt.com/api/v13/functions/foundry.utils.randomID.html; TypeDataModel (system data
 * built from the source, then prepareBaseData and prepareDerivedData):
 * https://foundryvtt.com/api/v13/classes/foundry.abstract.TypeDataModel.html
 */
import "../sheets/fields";

import { resolve } from "node:path";

import { vi } from "vitest";

import { combatantList, type CombatantState, type EncounterState } from "../../../src/engine";
import { Client, MODE_OF_LEGACY } from "./client";
import {
  ROLES,
  TableActor,
  TableCombat,
  TableCombatant,
  TableDocument,
  TableForcedDeletion,
  TableGrid,
  TableItem,
  TableScene,
  expand,
  TableToken,
  TableUser,
  isRecord,
  type Source,
} from "./documents";
import { HandlebarsApplicationMixin, TableApplicationV2, tableWindow } from "./application";
import { TableCombatTracker } from "./tracker";
import {
  TableActorSheetV2,
  TableDataModelValidationError,
  TableDocumentSheetConfig,
  TableDocumentSheetV2,
  TableFormDataExtended,
  TableItemSheetV2,
  getProperty,
} from "./sheets";
import { render as renderTemplate } from "../sheets/handlebars";
import { readingsWith, type Readings } from "./readings";
import { Server, running, within } from "./server";

export { Client, MODE_OF_LEGACY, type Notice } from "./client";
export {
  ROLES,
  OWNERSHIP,
  TableActiveEffect,
  TableActor,
  TableCombat,
  TableCombatant,
  TableItem,
  TableScene,
  TableToken,
  TableUser,
  GRID_TYPES,
  CORE_FIELDS,
  type CoreFieldKind,
  type Source,
  type TableWaypoint,
} from "./documents";
export { Server, within, type Delivery, type QueryRecord } from "./server";
export {
  MOVEMENT_KEYS,
  PROFILES,
  profileName,
  readingsWith,
  type ProfileName,
  type Readings,
} from "./readings";
export { windows, windowsBuilt, type BuiltWindow, type TableElement } from "./application";
export { TableDocumentSheetV2, TableFormDataExtended } from "./sheets";

// ---------------------------------------------------------------------------------------------
// Shared globals: the `foundry` namespace and the base document classes.
// ---------------------------------------------------------------------------------------------

interface FieldLike {
  options: Record<string, unknown>;
  fields?: Record<string, FieldLike>;
}

/** A field's initial value; a schema field's is the object of its fields' initial values. */
function initialOf(field: FieldLike): unknown {
  if (field.fields) {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(field.fields)) out[key] = initialOf(inner);
    return out;
  }
  const initial = field.options["initial"];
  return typeof initial === "function" ? (initial as () => unknown)() : initial;
}

/**
 * TypeDataModel: the source migrated (the model's migrateData, as DataModel construction runs
 * it: https://foundryvtt.com/api/v13/classes/foundry.abstract.DataModel.html#migratedata), its
 * fields (missing ones at their `initial`), then the prepare steps.
 */
class TableDataModel {
  static defineSchema(): Record<string, unknown> {
    return {};
  }
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }
  static validateJoint(_data: Record<string, unknown>): void {}
  parent: unknown;
  constructor(source: Record<string, unknown> = {}, options: { parent?: unknown } = {}) {
    const Model = this.constructor as typeof TableDataModel;
    source = Model.migrateData(structuredClone(source));
    const schema = Model.defineSchema();
    const values: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema)) {
      const given = source[key];
      const base = initialOf(field as FieldLike);
      values[key] = !(key in source)
        ? base
        : isRecord(given) && isRecord(base)
          ? { ...base, ...given }
          : given;
      const jsonish = (field as { constructor: { name: string } }).constructor.name === "JSONField";
      if (jsonish && typeof values[key] === "string")
        values[key] = JSON.parse(values[key] as string) as unknown;
    }
    Object.assign(this, structuredClone(values));
    this.parent = options.parent ?? null;
  }
  prepareBaseData(): void {}
  prepareDerivedData(): void {}
  /** DataModel#schema: the model's fields (a SchemaField-like holder of defineSchema()'s fields). */
  get schema(): { fields: Record<string, unknown> } {
    return { fields: (this.constructor as typeof TableDataModel).defineSchema() };
  }
}

/** foundry.utils.randomID: 16 characters from a cryptographic source. */
function randomID(length = 16): string {
  const chars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => chars[b % chars.length]).join("");
}

const shared = globalThis as unknown as Record<string, unknown>;
const foundryNs = shared["foundry"] as Record<string, unknown>;
foundryNs["abstract"] = { TypeDataModel: TableDataModel, DataModel: TableDataModel };
/**
 * foundry.utils.isNewerVersion(v1, v0): "Return whether a target version (v1) is more advanced than
 * some other reference version (v0). Supports either numeric or string version comparison with
 * version parts separated by periods." (https://foundryvtt.com/api/v13/functions/foundry.utils.isNewerVersion.html).
 * Part by part from the left: numerically where both parts are numbers, else as strings; a
 * version with more parts is newer when the shared parts are equal.
 */
function isNewerVersion(v1: string | number, v0: string | number): boolean {
  const a = String(v1).split(".");
  const b = String(v0).split(".");
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return false;
    if (y === undefined) return true;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    if (numeric ? Number(x) !== Number(y) : x !== y) return numeric ? Number(x) > Number(y) : x > y;
  }
  return false;
}
/**
 * foundry.utils.saveDataToFile(data, type, filename): offers the text as a file to download
 * (https://foundryvtt.com/api/v13/functions/foundry.utils.saveDataToFile.html); the table keeps
 * each file offered, so a test reads what the user would have saved.
 */
export const savedFiles: { data: string; type: string; filename: string }[] = [];
function saveDataToFile(data: string, type: string, filename: string): void {
  savedFiles.push({ data, type, filename });
}
foundryNs["utils"] = { randomID, isNewerVersion, saveDataToFile, getProperty, expandObject: expand };
/**
 * `foundry.data.operators` (v14 only: https://foundryvtt.com/api/v14/functions/foundry.utils.applyDataOperators.html):
 * the running client's generation decides whether it exists, so the adapter detects the feature.
 */
const dataNs = (foundryNs["data"] ?? {}) as Record<string, unknown>;
foundryNs["data"] = dataNs;
/** DataModelValidationError, thrown by a document's validation (sheets.ts). */
dataNs["validation"] = { DataModelValidationError: TableDataModelValidationError };
/** The document classes sheets are registered for (DocumentSheetConfig.registerSheet(Actor, …)). */
foundryNs["documents"] = { Actor: TableActor, Item: TableItem };
Object.defineProperty(dataNs, "operators", {
  configurable: true,
  get() {
    const client = running.getStore();
    return client && client.version >= 14 ? { ForcedDeletion: TableForcedDeletion } : undefined;
  },
});
/** The windows (ApplicationV2 and the Handlebars mixin): see application.ts. */
foundryNs["applications"] = {
  api: {
    ApplicationV2: TableApplicationV2,
    HandlebarsApplicationMixin,
    DocumentSheetV2: TableDocumentSheetV2,
  },
  /** Document sheets, the sheet registry and form data: see sheets.ts. */
  sheets: { ActorSheetV2: TableActorSheetV2, ItemSheetV2: TableItemSheetV2 },
  apps: { DocumentSheetConfig: TableDocumentSheetConfig },
  ux: { FormDataExtended: TableFormDataExtended },
  /** The combat tracker's sidebar tab: see tracker.ts. */
  sidebar: { tabs: { CombatTracker: TableCombatTracker } },
  /**
   * renderTemplate(path, data) resolves with the template's HTML
   * (https://foundryvtt.com/api/v13/functions/foundry.applications.handlebars.renderTemplate.html),
   * here with the real `handlebars` package (tests/foundry/sheets/handlebars.ts).
   */
  handlebars: { renderTemplate: (path: string, data: object) => Promise.resolve(renderTemplate(path, data)) },
};
if (!("window" in shared)) shared["window"] = tableWindow;
/**
 * The square grid class (https://foundryvtt.com/api/v13/classes/foundry.grid.SquareGrid.html): the
 * adapter reads a square grid's `diagonals` when its scene's grid is one.
 */
foundryNs["grid"] = { SquareGrid: TableGrid };
/**
 * KeyboardManager.MODIFIER_KEYS and isModifierActive
 * (https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.KeyboardManager.html): each
 * client's `game.keyboard` says whether a modifier is held (Client#hold).
 */
foundryNs["helpers"] = {
  interaction: { KeyboardManager: { MODIFIER_KEYS: { CONTROL: "Control", SHIFT: "Shift", ALT: "Alt" } } },
};
/**
 * TokenRuler (https://foundryvtt.com/api/v13/classes/foundry.canvas.placeables.tokens.TokenRuler.html):
 * `token` is the Token placeable (its `document`); `_getWaypointLabelContext(waypoint, state)`
 * gives the label's context, whose `cost` core may leave out (`coreCost` false here);
 * `_getGridHighlightStyle(waypoint, offset)` gives the highlight's style.
 */
export class TableTokenRuler {
  /** Does core put a cost in the label context? (v13 leaves it out where it shows no cost.) */
  static coreCost = true;
  constructor(readonly token: { document: TableToken }) {}
  _getWaypointLabelContext(
    _waypoint: unknown,
    _state: unknown,
  ): { cssClass: string; cost?: { total: string; units: string } } | undefined {
    const base = { cssClass: "" };
    return TableTokenRuler.coreCost ? { ...base, cost: { total: "5", units: "ft" } } : base;
  }
  _getGridHighlightStyle(_waypoint: unknown, _offset: unknown): { color: number; alpha: number } {
    return { color: 0x33bbff, alpha: 0.5 };
  }
}
foundryNs["canvas"] = { placeables: { tokens: { TokenRuler: TableTokenRuler } } };
shared["TokenDocument"] = TableToken;
shared["Scene"] = TableScene;
shared["Combat"] = TableCombat;
shared["Combatant"] = TableCombatant;
shared["Actor"] = TableActor;
shared["Item"] = TableItem;
shared["User"] = TableUser;

const PER_CLIENT = ["game", "ui", "CONFIG", "Hooks", "ChatMessage", "Roll", "canvas"] as const;
for (const name of PER_CLIENT) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      const client = running.getStore();
      if (!client)
        throw new Error(`"${name}" was read outside any client: run the code with table.run(client, …)`);
      return client[name];
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Tempo's modules, one copy per client.
// ---------------------------------------------------------------------------------------------

export interface TempoModules {
  commands: typeof import("../../../src/foundry/channel");
  /** The stored fight's readers (src/foundry/store). */
  store: typeof import("../../../src/foundry/store");
  documents: typeof import("../../../src/foundry/documents");
  data: typeof import("../../../src/foundry/data");
  settings: typeof import("../../../src/foundry/settings");
  /** The token-movement hooks' module: its GM handler of the undo query (src/foundry/table/index.ts registers it). */
  movement: typeof import("../../../src/foundry/table/movement");
  /** The reaction prompt: its handler of the prompt query (src/foundry/table/index.ts registers it). */
  prompt: typeof import("../../../src/foundry/apps/reaction-prompt");
  /** The GM's reaction loop (asking open offers, again after a GM change). */
  reactions: typeof import("../../../src/foundry/table/reactions");
  /** The token ruler (its class extends the table's TokenRuler). */
  ruler: typeof import("../../../src/foundry/table/ruler");
  /** Engine conditions and token statuses, both ways. */
  statuses: typeof import("../../../src/foundry/table/statuses");
  /** Sight: a token's `hidden` and detection modes count as the GM set them. */
  sight: typeof import("../../../src/foundry/table/sight");
  /** The GM's record of what the engine reads of a combat's documents (a player's write put back). */
  record: typeof import("../../../src/foundry/documents/record");
  /** World migrations and the gate that keeps a newer world unread (src/tempo.ts registers them at setup and ready). */
  migrations: typeof import("../../../src/foundry/migrations");
  /** The log before the horizon, archived (store/archive.ts). */
  archive: typeof import("../../../src/foundry/store/archive");
  /** Chat cards: the HTML a write's message carries (src/foundry/table/index.ts sets chatCards.render to it). */
  chat: typeof import("../../../src/foundry/table/chat");
  /** Tempo's sheets and their registration (src/tempo.ts calls registerSheets in init). */
  sheets: typeof import("../../../src/foundry/apps/sheets");
  /** Tempo's combat tracker (src/tempo.ts sets CONFIG.ui.combat to it). */
  tracker: typeof import("../../../src/foundry/apps/combat-tracker");
}

/**
 * The engine is pure (plain data in, plain data out, no module state Tempo's clients could
 * share by accident), so every client uses one copy of it: only the adapter's modules are loaded
 * again per client, which keeps a table quick to set up.
 */
const ENGINE_ENTRIES = ["index.ts", "grid/index.ts", "rulesets/index.ts", "core/movement.ts"];
const engineDir = resolve(__dirname, "../../../src/engine");
const engine = await Promise.all(
  ENGINE_ENTRIES.map(
    async (entry) => [entry, (await import(/* @vite-ignore */ resolve(engineDir, entry))) as object] as const,
  ),
);

async function loadTempo(): Promise<TempoModules> {
  vi.resetModules();
  for (const [entry, module] of engine) vi.doMock(resolve(engineDir, entry), () => module);
  return {
    commands: await import("../../../src/foundry/channel"),
    store: await import("../../../src/foundry/store"),
    documents: await import("../../../src/foundry/documents"),
    data: await import("../../../src/foundry/data"),
    settings: await import("../../../src/foundry/settings"),
    movement: await import("../../../src/foundry/table/movement"),
    prompt: await import("../../../src/foundry/apps/reaction-prompt"),
    reactions: await import("../../../src/foundry/table/reactions"),
    ruler: await import("../../../src/foundry/table/ruler"),
    statuses: await import("../../../src/foundry/table/statuses"),
    sight: await import("../../../src/foundry/table/sight"),
    record: await import("../../../src/foundry/documents/record"),
    migrations: await import("../../../src/foundry/migrations"),
    archive: await import("../../../src/foundry/store/archive"),
    chat: await import("../../../src/foundry/table/chat"),
    sheets: await import("../../../src/foundry/apps/sheets"),
    tracker: await import("../../../src/foundry/apps/combat-tracker"),
  };
}

/** A class as the client's CONFIG takes it (Tempo's classes extend the table's at run time). */
function asConfigClass<T>(value: unknown): T {
  return value as T;
}

/**
 * What src/tempo.ts registers in `init` that the table can run: document classes, data models,
 * settings and the command channel's queries (sheets: withSheets; no tracker or canvas hooks yet).
 */
export function tempoInit(client: Client, tempo: TempoModules): void {
  const { CONFIG } = client;
  CONFIG.Combat.documentClass = asConfigClass(tempo.documents.TempoCombat);
  CONFIG.Combatant.documentClass = asConfigClass(tempo.documents.TempoCombatant);
  Object.assign(CONFIG.Actor.dataModels, tempo.data.ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, tempo.data.ITEM_MODELS);
  Object.assign(CONFIG.Combat.dataModels, tempo.data.COMBAT_MODELS);
  Object.assign(CONFIG.Combatant.dataModels, tempo.data.COMBATANT_MODELS);
  tempo.settings.registerSettings({ onFranticChange: tempo.commands.applyFrantic });
  for (const [name, handler] of Object.entries(tempo.commands.QUERIES)) CONFIG.queries[name] = handler;
  // As src/foundry/table/index.ts does (CONFIG.queries: https://foundryvtt.com/api/v13/interfaces/CONFIG.html#queries).
  CONFIG.queries[tempo.movement.UNDO_QUERY] = tempo.movement.handleUndoQuery;
  CONFIG.queries[tempo.prompt.PROMPT_QUERY] = tempo.prompt.handlePromptQuery;
}

/**
 * tempoInit and Tempo's sheets as src/tempo.ts registers them in `init` (registerSheets: the
 * sheet classes by type, and the sheets of combatants drawn again when their combat changes).
 * A table whose tests open sheets runs this.
 */
export function withSheets(client: Client, tempo: TempoModules): void {
  tempoInit(client, tempo);
  tempo.sheets.registerSheets();
}

/**
 * tempoInit and Tempo's combat tracker as src/tempo.ts registers it (`CONFIG.ui.combat`), made
 * the client's `ui.combat` as Foundry makes the configured class its sidebar tab
 * (https://foundryvtt.com/api/v13/interfaces/CONFIG.html#ui); a test renders it the first time.
 */
export function withTracker(client: Client, tempo: TempoModules): void {
  tempoInit(client, tempo);
  client.CONFIG.ui["combat"] = tempo.tracker.TempoCombatTracker;
  client.ui.combat = new tempo.tracker.TempoCombatTracker() as unknown as TableCombatTracker;
}

/** The table's Hooks pass their arguments untyped, as Foundry's do at run time. */
function hook(fn: unknown): (...args: unknown[]) => unknown {
  return fn as (...args: unknown[]) => unknown;
}

/**
 * tempoInit and the movement and reaction hooks as src/foundry/table/index.ts registers them
 * (the ruler class, Tempo's movement actions and cost functions, preMoveToken, moveToken, the GM's
 * reaction loop, prompts closing): what a table with scenes and tokens runs.
 */
export function withMovement(client: Client, tempo: TempoModules): void {
  tempoInit(client, tempo);
  client.CONFIG.Token.rulerClass = tempo.ruler.TempoTokenRuler;
  tempo.movement.registerMovementActions();
  client.Hooks.on("preMoveToken", hook(tempo.movement.onPreMoveToken));
  client.Hooks.on("moveToken", hook(tempo.movement.onMoveToken));
  client.Hooks.on("updateToken", hook(tempo.movement.onUpdateToken));
  client.Hooks.on("updateToken", hook(tempo.sight.onTokenSight));
  for (const kind of tempo.record.RECORDED_KINDS) {
    client.Hooks.on(`update${kind}`, hook(tempo.record.onRecordedUpdate(kind)));
    client.Hooks.on(`create${kind}`, hook(tempo.record.onRecordedCreate(kind)));
  }
  client.Hooks.on("deleteItem", hook(tempo.record.onRecordedItemDelete));
  client.Hooks.on("stopToken", hook(tempo.movement.onStopToken));
  client.Hooks.on("tempo.commandApplied", hook(tempo.reactions.onCommandApplied));
  client.Hooks.on("userConnected", hook(tempo.reactions.onUserConnected));
  client.Hooks.once("ready", tempo.reactions.reaskOpenOffers);
  client.Hooks.on("updateCombat", () => tempo.prompt.closeStalePrompts());
  client.Hooks.on("deleteCombat", () => tempo.prompt.closeStalePrompts());
  client.Hooks.on("deleteCombatant", () => tempo.prompt.closeStalePrompts());
  client.Hooks.on("pauseGame", hook(tempo.prompt.onPauseGame));
}

/**
 * Core's status effects as a client starts with them (v13: an array of { id, name, img }; here the
 * ones the tests name): https://foundryvtt.com/api/v13/variables/CONFIG.statusEffects.html
 */
export function coreStatusEffects(): { id: string; name: string; img: string }[] {
  return [
    { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
    { id: "blind", name: "EFFECT.StatusBlind", img: "icons/svg/blind.svg" },
    { id: "paralysis", name: "EFFECT.StatusParalysis", img: "icons/svg/paralysis.svg" },
  ];
}

/**
 * tempoInit and the status hooks as src/foundry/table/index.ts registers them: Tempo's statuses
 * in CONFIG.statusEffects, createActiveEffect / deleteActiveEffect (a status toggled on a token),
 * and the engine's condition changes shown on tokens after each write and undo.
 */
export function withStatuses(client: Client, tempo: TempoModules): void {
  tempoInit(client, tempo);
  client.CONFIG["statusEffects"] = coreStatusEffects();
  tempo.statuses.registerStatuses();
  client.Hooks.on("createActiveEffect", hook(tempo.statuses.onCreateActiveEffect));
  client.Hooks.on("deleteActiveEffect", hook(tempo.statuses.onDeleteActiveEffect));
  client.Hooks.on("tempo.commandApplied", hook(tempo.statuses.onCommandAppliedStatuses));
  client.Hooks.on("tempo.rewound", hook(tempo.statuses.onRewoundStatuses));
  client.Hooks.on("deleteCombat", hook(tempo.statuses.onDeleteCombatStatuses));
}

// ---------------------------------------------------------------------------------------------
// The table.
// ---------------------------------------------------------------------------------------------

/** A world to start from: sources as Foundry stores them (`_id`, `ownership`, `system`…). */
export interface World {
  users?: Source[];
  actors?: Source[];
  /** Scenes with their embedded `tokens`. */
  scenes?: Source[];
  combats?: Source[];
  settings?: Record<string, unknown>;
}

export interface TableOptions {
  world?: World;
  /** Run in each client as it loads, after Tempo's modules are imported (default: tempoInit). */
  init?: (client: Client, tempo: TempoModules) => void;
  /** The Foundry generation every client runs (default 13). */
  version?: 13 | 14;
  /**
   * Switches a test sets itself; the rest follow the run's profile (readings.ts: every table test
   * runs under each profile).
   */
  readings?: Partial<Readings>;
}

/**
 * A test on the table loads Tempo's adapter once per client; on a loaded machine that can take
 * longer than Vitest's default five seconds (a limit on the wait, never a measured expectation).
 */
export const TABLE_TIMEOUT_MS = 30_000;

/** The users every table has: the GM, two players and a player whose client forges requests. */
export const USERS: Source[] = [
  { _id: "gm", name: "Gamemaster", role: ROLES.GAMEMASTER },
  { _id: "p1", name: "Player One", role: ROLES.PLAYER },
  { _id: "p2", name: "Player Two", role: ROLES.PLAYER },
  { _id: "p3", name: "Forger", role: ROLES.PLAYER },
];

export class Table {
  readonly server = new Server();
  private readonly tempoOf = new Map<Client, TempoModules>();
  /** The active GM's client, the two players' and the forger's (a player running its own code). */
  gm!: Client;
  p1!: Client;
  p2!: Client;
  forger!: Client;

  constructor(
    private readonly init: (client: Client, tempo: TempoModules) => void,
    readonly version: 13 | 14 = 13,
    /** How this table reads what the public material leaves unclear (readings.ts). */
    readonly readings: Readings = readingsWith(),
  ) {
    this.server.readings = readings;
  }

  /** Open a tab for a user: load Tempo's modules, run init, connect. */
  async connect(userId: string, label = userId): Promise<Client> {
    const client = new Client(this.server, userId, label, this.version, this.readings);
    client.Roll = this.rollClass();
    client.ChatMessage = this.chatMessage(client);
    const tempo = await loadTempo();
    this.tempoOf.set(client, tempo);
    within(client, () => this.init(client, tempo));
    this.server.connect(client);
    return client;
  }

  /** Close a tab. */
  disconnect(client: Client): void {
    this.server.disconnect(client);
  }

  /** Reload a tab: the user leaves and comes back with a fresh client (empty module state). */
  async reload(client: Client): Promise<Client> {
    this.disconnect(client);
    const fresh = await this.connect(client.userId, client.label);
    for (const key of ["gm", "p1", "p2", "forger"] as const) if (this[key] === client) this[key] = fresh;
    return fresh;
  }

  /** The client's own copy of Tempo's modules. */
  tempo(client: Client): TempoModules {
    const tempo = this.tempoOf.get(client);
    if (!tempo) throw new Error(`${client.label} has no Tempo loaded`);
    return tempo;
  }

  /** Run code as a client (its globals, its documents, its modules). */
  run<T>(client: Client, fn: (tempo: TempoModules, client: Client) => T): T {
    return within(client, () => fn(this.tempo(client), client));
  }

  /**
   * Wait until every operation started so far (and any it started in turn) has finished. Once
   * quiet, it waits for one timer too, so work a client put off with `setTimeout(…, 0)` (as a
   * browser's code does to run after the current workflow) has run before the table counts as
   * quiet; if that work started anything, it waits again.
   */
  async settle(): Promise<void> {
    for (let round = 0; round < 100; round += 1) {
      let quiet = 0;
      for (let i = 0; i < 10_000 && quiet < 3; i += 1) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        quiet = this.server.busy === 0 ? quiet + 1 : 0;
      }
      if (quiet < 3) return;
      await new Promise<void>((resolve) => setTimeout(resolve, 1));
      if (this.server.busy === 0) return;
    }
  }

  /** Dice the next Rolls take, in order. */
  roll(...values: number[]): void {
    this.server.dice.push(...values);
  }

  /**
   * Hold the Rolls from now on until `release` is called, to act while a client is mid-decision;
   * `reached` resolves when the first Roll starts waiting.
   */
  holdDice(): { release: () => void; reached: Promise<void> } {
    let release = (): void => undefined;
    const reached = new Promise<void>((resolve) => (this.onGate = resolve));
    this.server.diceGate = new Promise<void>((resolve) => (release = resolve));
    return {
      release: () => {
        this.server.diceGate = null;
        release();
      },
      reached,
    };
  }
  private onGate: (() => void) | null = null;

  /** A combat as the client holds it (its TempoCombat, typed as Foundry's for Tempo's functions). */
  combat(client: Client, id: string): Combat.Implementation {
    const combat = client.game.combats.get(id);
    if (!combat) throw new Error(`${client.label} has no combat ${id}`);
    return combat as unknown as Combat.Implementation;
  }

  /** The stored combat source (what the server holds). */
  stored(id: string): Source {
    const source = this.server.sources.Combat.get(id);
    if (!source) throw new Error(`no combat ${id}`);
    return source;
  }

  /** The engine state the server holds for a combat (its pieces put together, see system()). */
  encounter(id = "combat1"): EncounterState {
    return this.system(id)["state"] as EncounterState;
  }

  /** The commands the server's log holds for a combat, each with the user it was applied for. */
  logged(id = "combat1"): { type: string; userId: unknown }[] {
    const log = (this.system(id)["log"] ?? []) as { command: { type: string }; userId: unknown }[];
    return log.map((e) => ({ type: e.command.type, userId: e.userId }));
  }

  /**
   * The GM presses Begin Combat (TempoCombat#startCombat, core's Combat#startCombat:
   * https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html#startcombat) and every
   * client sees the write. Roll the start's dice first (table.roll).
   */
  async begin(id = "combat1"): Promise<void> {
    const combat = this.combat(this.gm, id) as unknown as { startCombat(): Promise<unknown> };
    await this.run(this.gm, () => combat.startCombat());
    await this.settle();
  }

  /**
   * The server's copy of a combat's system data, its JSON fields (initial, last) parsed and its
   * pieces put together: `state` the whole engine state (its fields and its combatants), `log`
   * the entries in order (src/foundry/store, "How a Combat stores the encounter").
   */
  system(id: string): Record<string, unknown> {
    const system = this.stored(id)["system"];
    if (!isRecord(system)) return {};
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(system))
      out[key] = typeof value === "string" && /^[[{]/.test(value) ? (JSON.parse(value) as unknown) : value;
    // Every piece is JSON text.
    const pieces = (value: unknown): Record<string, unknown> =>
      isRecord(value)
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, JSON.parse(String(v)) as unknown]))
        : {};
    if (isRecord(system["state"])) {
      // The state lists its combatants in roster order (engine/record.ts); they are stored by id.
      const top = pieces(system["state"]);
      const byId = pieces(system["combatants"]);
      const roster = Array.isArray(top["roster"]) ? (top["roster"] as string[]) : [];
      out["state"] = { ...top, combatants: combatantList(roster, byId as Record<string, CombatantState>) };
    }
    if (isRecord(system["log"])) {
      const entries = pieces(system["log"]);
      out["log"] = Object.keys(entries)
        .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
        .map((key) => entries[key]);
    }
    return out;
  }

  private rollClass(): unknown {
    const server = this.server;
    const reached = () => {
      this.onGate?.();
      this.onGate = null;
    };
    return class TableRoll {
      total: number | undefined = undefined;
      constructor(readonly formula: string) {}
      async evaluate(): Promise<this> {
        if (server.diceGate) {
          const gate = server.diceGate;
          reached();
          await gate;
        }
        const value = server.dice.shift();
        if (value === undefined) throw new Error(`the table ran out of dice rolling ${this.formula}`);
        this.total = value;
        return this;
      }
    };
  }

  private chatMessage(client: Client): unknown {
    const server = this.server;
    return {
      create: async (data: Record<string, unknown>) => {
        server.chat.push({ userId: client.userId, data });
        return data;
      },
      getSpeaker: (options: { actor?: TableDocument | null } = {}) => ({
        alias: options.actor?.name ?? client.user.name,
      }),
      /**
       * ChatMessage.applyRollMode(chatData, rollMode): "gmroll" whispers the GMs, "blindroll" the
       * GMs with `blind`, "selfroll" the user alone, "publicroll" nobody (the message is public)
       * (https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html#applyrollmode).
       * v14 keeps it, deprecated: it warns, then applies the mode of the same meaning.
       */
      applyRollMode: (data: Record<string, unknown>, rollMode: string) => {
        if (client.version >= 14)
          client.deprecated("ChatMessage.applyRollMode is deprecated in favor of ChatMessage.applyMode.");
        return applyMode(data, MODE_OF_LEGACY[rollMode] ?? rollMode);
      },
      /**
       * v14: ChatMessage.applyMode(chatData, mode), the same with v14's names ("public", "gm",
       * "blind", "self"); absent on v13.
       */
      ...(client.version >= 14 ? { applyMode } : {}),
    };
    function applyMode(data: Record<string, unknown>, mode: string): Record<string, unknown> {
      const gms = client.game.users.filter((u) => u.isGM).map((u) => u.id);
      if (mode === "gm" || mode === "blind") data["whisper"] = gms;
      if (mode === "blind") data["blind"] = true;
      if (mode === "self") data["whisper"] = [client.userId];
      if (mode === "public") data["whisper"] = [];
      return data;
    }
  }
}

/**
 * A table with the world stored on the server and four tabs open: the GM's, p1's, p2's and the
 * forger's (p3). Users default to USERS.
 */
export async function createTable(options: TableOptions = {}): Promise<Table> {
  const table = new Table(options.init ?? tempoInit, options.version ?? 13, readingsWith(options.readings));
  const world = options.world ?? {};
  for (const user of world.users ?? USERS) table.server.store("User", user);
  for (const actor of world.actors ?? []) table.server.store("Actor", actor);
  for (const scene of world.scenes ?? []) table.server.store("Scene", scene);
  for (const combat of world.combats ?? []) table.server.store("Combat", combat);
  for (const [key, value] of Object.entries(world.settings ?? {})) table.server.settings.set(key, value);
  table.gm = await table.connect("gm", "GM");
  table.p1 = await table.connect("p1", "Player One");
  table.p2 = await table.connect("p2", "Player Two");
  table.forger = await table.connect("p3", "Forger");
  return table;
}
