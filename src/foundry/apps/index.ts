/**
 * apps/: what users see and click. The combat tracker, the combatant setup dialog, the reaction
 * prompt, the sheets (sheets/), the "How <ruleset> plays" link, and the render-option types they
 * share. Each renders a view from src/views and sends what a user does as a command through the
 * channel.
 *
 * May import: src/engine, src/views, data/, settings.ts, localizer.ts, store/, rules/, channel/,
 * migrations/, documents/. Nothing above it (table/). Files import each other by file; this index
 * is what src/tempo.ts registers.
 */
export { TempoCombatTracker } from "./combat-tracker";
export { onRenderSettingsConfig } from "./howto";
export { registerSheets } from "./sheets";
