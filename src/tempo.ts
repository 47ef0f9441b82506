/**
 * Tempo's Foundry entry: everything the system plugs into Foundry is registered here, in `init`
 * (document classes, data models, sheets, settings, queries, hooks, templates, the tracker). The
 * adapter's layers, and which way they import, are in docs/design.md ("The adapter's layers").
 */
import { ACTOR_MODELS, COMBATANT_MODELS, COMBAT_MODELS, ITEM_MODELS } from "./foundry/data";
import { TempoCombat, TempoCombatant } from "./foundry/documents";
import { TempoCombatTracker, onRenderSettingsConfig, registerSheets } from "./foundry/apps";
import { QUERIES } from "./foundry/channel/commands";
import { applyFrantic } from "./foundry/channel/options";
import { registerHooks } from "./foundry/table";
import { registerQuench } from "./foundry/quench";
import { checkWorldVersion, migrateWorld } from "./foundry/migrations";
import { registerSettings } from "./foundry/settings";
import { PARTIALS, TEMPLATE_PATHS } from "./views/templates";

Hooks.once("init", () => {
  CONFIG.Combat.documentClass = TempoCombat;
  CONFIG.Combatant.documentClass = TempoCombatant;

  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  Object.assign(CONFIG.Combat.dataModels, COMBAT_MODELS);
  Object.assign(CONFIG.Combatant.dataModels, COMBATANT_MODELS);

  CONFIG.ui.combat = TempoCombatTracker;

  registerSettings({ onFranticChange: applyFrantic });
  // Worlds that upgrade: a world from a newer Tempo is not read, and the active GM's client brings
  // an older one up to date once (src/foundry/migrations, docs/foundry.md "Updating Tempo").
  Hooks.once("setup", checkWorldVersion);
  Hooks.once("ready", migrateWorld);
  // A link to "How <ruleset> plays" under the ruleset setting (src/foundry/apps/howto.ts).
  Hooks.on("renderSettingsConfig", onRenderSettingsConfig);

  // Character, NPC, weapon and action sheets (see src/foundry/apps/sheets).
  registerSheets();

  // Players' clients ask the active GM to apply their commands, and the GM asks the claimed
  // sender's client to confirm each request (see src/foundry/channel).
  Object.assign(CONFIG.queries, QUERIES);

  // Token movement, reaction prompts and chat cards (see src/foundry/table and docs/hooks.md).
  registerHooks();

  // In-world checks a GM can run, registered only when Quench is active (src/foundry/quench).
  registerQuench();

  // Partials by name ({{> tempo-pips}}), templates by path (as ApplicationV2 PARTS name them).
  const { loadTemplates } = foundry.applications.handlebars;
  void loadTemplates({ ...PARTIALS });
  void loadTemplates(Object.values(TEMPLATE_PATHS));
});
