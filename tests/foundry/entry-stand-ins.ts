/**
 * Stand-ins of the Foundry globals Tempo's entry touches as it loads and at `init`, each recording
 * what is registered with it, so a test can load the entry (src/tempo.ts, or the built bundle in a
 * realm of its own) and assert what it registered by name. Each stand-in follows its public API
 * page (v13):
 *
 * - Hooks.once / Hooks.on: https://foundryvtt.com/api/v13/classes/foundry.helpers.Hooks.html
 * - CONFIG (documentClass, dataModels, ui.combat, queries, Token.rulerClass, Token.movement.actions):
 *   https://foundryvtt.com/api/v13/interfaces/CONFIG.html
 * - CONFIG.statusEffects, v13's array of { id, name, img } with core's entries (here: prone):
 *   https://foundryvtt.com/api/v13/variables/CONFIG.statusEffects.html
 * - game.settings.register: https://foundryvtt.com/api/v13/classes/foundry.helpers.ClientSettings.html
 * - DocumentSheetConfig.registerSheet:
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.apps.DocumentSheetConfig.html
 * - loadTemplates: https://foundryvtt.com/api/v13/functions/foundry.applications.handlebars.loadTemplates.html
 * - ApplicationV2, HandlebarsApplicationMixin, ActorSheetV2, ItemSheetV2, CombatTracker and
 *   TokenRuler as empty base classes to extend:
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html,
 *   https://foundryvtt.com/api/v13/functions/foundry.applications.api.HandlebarsApplicationMixin.html,
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.sheets.ActorSheetV2.html,
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.sheets.ItemSheetV2.html,
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.sidebar.tabs.CombatTracker.html,
 *   https://foundryvtt.com/api/v13/classes/foundry.canvas.placeables.tokens.TokenRuler.html
 * - Combat, Combatant, TokenDocument, Actor, Item document classes:
 *   https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html
 * - Data fields and TypeDataModel: tests/foundry/sheets/fields.ts (`foundry.abstract`, `foundry.data`).
 */
import { fieldStandIns } from "./sheets/fields";

export type Fn = (...args: unknown[]) => unknown;
type Constructor = abstract new (...args: never[]) => object;

export interface EntryStandIns {
  /** The globals, by name: install them on globalThis, or make them a realm's global object. */
  globals: Record<string, unknown>;
  once: Map<string, Fn[]>;
  on: Map<string, Fn[]>;
  settings: { namespace: string; key: string; config: Record<string, unknown> }[];
  sheets: { document: string; scope: string; sheet: { name: string }; options: Record<string, unknown> }[];
  templates: unknown[];
}

/** A fresh set of stand-ins, recording nothing yet. */
export function entryStandIns(): EntryStandIns {
  const once = new Map<string, Fn[]>();
  const on = new Map<string, Fn[]>();
  const settings: EntryStandIns["settings"] = [];
  const sheets: EntryStandIns["sheets"] = [];
  const templates: unknown[] = [];
  class ActorDoc {}
  class ItemDoc {}
  const walk = { label: "TOKEN.MOVEMENT.ACTIONS.walk.label", icon: "fa-solid fa-person-walking", order: 0 };
  const foundry = {
    ...fieldStandIns(),
    applications: {
      api: {
        ApplicationV2: class ApplicationV2 {},
        HandlebarsApplicationMixin: (base: Constructor) => class extends base {},
      },
      sheets: { ActorSheetV2: class ActorSheetV2 {}, ItemSheetV2: class ItemSheetV2 {} },
      handlebars: {
        renderTemplate: () => Promise.resolve(""),
        loadTemplates: (paths: unknown) => {
          templates.push(paths);
          return Promise.resolve([]);
        },
      },
      sidebar: { tabs: { CombatTracker: class CombatTracker {} } },
      apps: {
        DocumentSheetConfig: {
          registerSheet: (
            document: { name: string },
            scope: string,
            sheet: { name: string },
            options: Record<string, unknown>,
          ) => sheets.push({ document: document.name, scope, sheet, options }),
        },
      },
    },
    canvas: { placeables: { tokens: { TokenRuler: class TokenRuler {} } } },
    documents: { Actor: ActorDoc, Item: ItemDoc },
  };
  const globals: Record<string, unknown> = {
    foundry,
    Combat: class Combat {},
    Combatant: class Combatant {},
    TokenDocument: class TokenDocument {},
    Hooks: {
      once: (hook: string, fn: Fn) => once.set(hook, [...(once.get(hook) ?? []), fn]),
      on: (hook: string, fn: Fn) => on.set(hook, [...(on.get(hook) ?? []), fn]),
    },
    CONFIG: {
      Combat: { dataModels: {} },
      Combatant: { dataModels: {} },
      Actor: { dataModels: {} },
      Item: { dataModels: {} },
      ui: {},
      queries: {},
      Token: { movement: { actions: { walk: { ...walk } } } },
      statusEffects: [{ id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" }],
    },
    game: {
      settings: {
        register: (namespace: string, key: string, config: Record<string, unknown>) =>
          settings.push({ namespace, key, config }),
      },
    },
  };
  return { globals, once, on, settings, sheets, templates };
}
