/**
 * store/: the stored fight. What a Combat holds (CombatModel's pieces: state, combatants, initial,
 * log, last, seq) and how a client reads it back (caches, digests, healing), the log's horizon and
 * the archive past it, the world gate, and the readers that turn actors, combatants and scenes
 * into the engine's setup. Plain functions over document data: no hook, no query, no write of
 * its own (the writer is channel/).
 *
 * May import: src/engine, src/views, data/, settings.ts, localizer.ts. Nothing above it (rules/,
 * channel/, documents/, apps/, table/). Files here import each other by file, never this index,
 * which is the folder's public face for tests.
 */
export * from "./archive";
export * from "./caches";
export * from "./digest";
export * from "./gate";
export * from "./healing";
export * from "./horizon";
export * from "./log";
export * from "./pieces";
export * from "./read";
export * from "./setup";
export * from "./stored";
export * from "./turns";
