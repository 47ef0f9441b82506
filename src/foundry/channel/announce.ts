/**
 * Events: after a write, every client announces the accepted commands' engine events as hooks
 * (`announce`, called from every client's Combat#_onUpdate): Hooks.callAll("tempo.<eventType>",
 * event, context) for each event, then "tempo.commandApplied" with context =
 * { combat, command, events, userId }. The hooks and their payloads are docs/hooks.md.
 */
import { type Command, type EngineEvent } from "../../engine";
import { type LastWrite } from "../store/log";

/** The context every Tempo hook gets with an accepted command. */
export interface CommandContext {
  combat: Combat.Implementation;
  command: Command;
  events: EngineEvent[];
  userId: string | null;
}

/**
 * Hooks.callAll for Tempo's own hook names. The v13 types list only core hooks, and Tempo's names
 * are open-ended (`tempo.<eventType>`, rulesets add event types), so this is the one documented
 * interop point: the call itself is Foundry's public Hooks.callAll(hook, ...args).
 */
function callHook(hook: string, ...args: unknown[]): void {
  const hooks = Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean };
  hooks.callAll(hook, ...args);
}

/** Announce a write's events on this client (called from every client's Combat#_onUpdate). */
export function announce(combat: Combat.Implementation, last: LastWrite): void {
  if (last.rewound) callHook("tempo.rewound", combat);
  for (const entry of last.entries) {
    const context: CommandContext = {
      combat,
      command: entry.command,
      events: entry.events,
      userId: entry.userId,
    };
    for (const event of entry.events) callHook(`tempo.${event.type}`, event, context);
    callHook("tempo.commandApplied", context);
  }
}
