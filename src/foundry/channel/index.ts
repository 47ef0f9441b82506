/**
 * channel/: the command channel and its one writer. Queries and their validation (a request's
 * shape, size and sender, confirmed by the claimed user's client), permission (who may give which
 * command), the writer (decide from the stored state, write ONE Combat update, again if the
 * stored `seq` moved), rolls to chat, refusal notices, and the hooks every client announces after
 * a write (docs/hooks.md). src/tempo.ts registers QUERIES in CONFIG.queries.
 *
 * May import: src/engine, src/views, data/, settings.ts, localizer.ts, store/, rules/. Nothing
 * above it (documents/, apps/, table/, migrations/). Files import each other by file, never this
 * index, which is the folder's public face for tests and src/tempo.ts.
 */
export * from "./announce";
export * from "./answers";
export * from "./commands";
export * from "./dice";
export * from "./notices";
export * from "./options";
export * from "./permission";
export * from "./requests";
export * from "./rolls";
export * from "./validation";
export * from "./writer";
