/**
 * table/movement/: what a token's movement sets off in a running Tempo combat. The drop
 * judgement (drops.ts, preMoveToken), the GM's hand (hand.ts, `place`), provoking moves held and
 * re-issued through their checkpoints (holds.ts, moveToken), positions written without the
 * movement hooks put back (put-backs.ts, updateToken), Tempo's movement actions and their cost
 * (actions.ts), undo (undo.ts), and what this client remembers between those hooks (memory.ts).
 * The sequence from a drag to a resumed move, hook by hook, is docs/hooks.md.
 *
 * Part of table/ (see table/index.ts for what it may import). Files import each other by file,
 * never this index, which is the folder's public face for tests.
 */
export * from "./actions";
export * from "./drops";
export * from "./hand";
export * from "./follow";
export * from "./holds";
export * from "./memory";
export * from "./put-backs";
export * from "./undo";
