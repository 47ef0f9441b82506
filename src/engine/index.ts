/** Tempo's rules engine: pure, deterministic given the dice. Hosts import from here. */
export * from "./state";
export * from "./record";
export * from "./commands";
export * from "./events";
export * from "./dice";
export * from "./refusal";
export * from "./ruleset";
export * from "./encounter";
export * from "./apply";
export * from "./bounds";
export * from "./choices";
export {
  COMMAND_TYPES,
  combatantSetupFault,
  commandRefusal,
  gridFault,
  insideScene,
  isSafeId,
  parseCommand,
} from "./schema";
export * from "./registry";
export * from "./queries";
export * from "./replay";
export type { Context } from "./context";
