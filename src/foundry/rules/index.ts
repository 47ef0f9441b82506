/**
 * rules/: what the adapter decides from engine state and document-shaped data, as plain
 * functions with no Foundry globals: path geometry and move previews, sight (who perceives whom,
 * which statuses the GM vouched for), reaction asks and answers and the GM's loop over them,
 * where tokens go after a write, undo of a move, holds of provoking moves, and Foundry's mirrors
 * of the engine put back. Tested without Foundry (tests/foundry/movement).
 *
 * May import: src/engine, src/views, data/, settings.ts, localizer.ts, store/. Nothing above it
 * (channel/, documents/, apps/, table/). Files import each other by file, never this index.
 */
export * from "./asks";
export * from "./holds";
export * from "./loop";
export * from "./mirror";
export * from "./moves";
export * from "./paths";
export * from "./record";
export * from "./sight";
export * from "./undo";
export * from "./vouched";
