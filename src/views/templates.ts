/**
 * Template and partial paths, shared by Foundry (foundry.applications.handlebars.loadTemplates)
 * and the playground (Handlebars.registerPartial). Paths are as Foundry serves them; the
 * playground maps `systems/tempo/` to the repository root. Each engineer adds their own entries.
 */
export const SYSTEM_PATH = "systems/tempo";

/** Logical name → template path. */
export const TEMPLATE_PATHS = {
  tracker: "systems/tempo/templates/tracker/tracker.hbs",
  actorSheet: "systems/tempo/templates/sheets/actor.hbs",
  itemSheet: "systems/tempo/templates/sheets/item.hbs",
  prompt: "systems/tempo/templates/prompt/prompt.hbs",
  chatCard: "systems/tempo/templates/chat/card.hbs",
  storyCard: "systems/tempo/templates/chat/story.hbs",
  combatantSetup: "systems/tempo/templates/tracker/setup.hbs",
} as const;

/** Partial name (as used in `{{> name}}`) → template path. */
export const PARTIALS = {
  "tempo-pips": "systems/tempo/templates/partials/pips.hbs",
  "tempo-action-row": "systems/tempo/templates/partials/action-row.hbs",
  "tempo-field": "systems/tempo/templates/partials/field.hbs",
  "tempo-tracker-structure": "systems/tempo/templates/tracker/structure.hbs",
  "tempo-tracker-combatant": "systems/tempo/templates/tracker/combatant.hbs",
} as const;

/** A template path relative to the repository root (for Node tests and the playground's loader). */
export function repoPath(path: string): string {
  return path.startsWith(`${SYSTEM_PATH}/`) ? path.slice(SYSTEM_PATH.length + 1) : path;
}
