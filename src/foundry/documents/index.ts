/**
 * documents/: Tempo's document classes, thin. TempoCombat and TempoCombatant override Foundry's
 * Combat and Combatant so every rule decision goes to the engine: they read document data
 * (store/), send commands through the channel (channel/), put Foundry's mirrors back
 * (rules/mirror.ts), and leave the writing to the one writer. find.ts finds Tempo's combats.
 *
 * May import: src/engine, src/views, data/, settings.ts, localizer.ts, store/, rules/, channel/,
 * migrations/. Nothing above it (apps/, table/).
 */
export { TempoCombat } from "./combat";

export { TempoCombatant } from "./combatant";
