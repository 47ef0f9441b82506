/**
 * migrations/: world migrations. Every change to stored data, keyed by the Tempo version that introduced it
 * (steps.ts), run once by the active GM's client when a world is older (runner.ts, world.ts); a
 * world from a newer Tempo is not read (store/gate.ts). docs/foundry.md, "Updating Tempo".
 *
 * May import: src/engine, src/views, data/, settings.ts, localizer.ts, store/, rules/, channel/
 * (the writer check). Nothing above it (documents/, apps/, table/).
 */
export { checkWorldVersion, migrateWorld } from "./world";

export { worldRefusal } from "../store/gate";
export { MIGRATIONS, ROUND_FOUR_DEFAULTS, type Migration } from "./steps";
