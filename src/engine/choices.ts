import type { Refusal } from "./refusal";
import type { ActorChoice, Ruleset } from "./ruleset";

function notACommand(): Refusal {
  return { key: "TEMPO.Refusal.NotACommand", data: {} };
}

function own(command: object, key: string): unknown {
  return Object.hasOwn(command, key) ? (command as Record<string, unknown>)[key] : undefined;
}

function chosenBy(ruleset: Ruleset, action: unknown): readonly ActorChoice[] {
  if (typeof action !== "string" || !Object.hasOwn(ruleset.actions, action)) return [];
  return ruleset.actions[action]?.chosen ?? [];
}

/**
 * What a player (anyone but the GM, or the scenario runner speaking as the GM) may not say in a
 * command: its result, and any cost or time the rule text does not leave to the actor. `outcome`
 * stipulates a die's result, so it is the GM's alone; `cost` and `time` are honoured only for the
 * actions whose ActionDef lists them in `chosen` (rating's AP cost, segments' casting time).
 * Returns the refusal for the first such field, or null when the command claims nothing it may not.
 * Total and closed: a value that is not even an object, or whose fields cannot be read, is refused
 * as not a command; the rest of its shape is `apply`'s to check.
 */
export function playerChoiceRefusal(command: unknown, ruleset: Ruleset): Refusal | null {
  if (typeof command !== "object" || command === null) return notACommand();
  try {
    const type = own(command, "type");
    const action = own(command, "action");
    if (own(command, "outcome") !== undefined)
      return {
        key: "TEMPO.Refusal.OutcomeIsGMs",
        data: { command: typeof type === "string" ? type.slice(0, 64) : "" },
      };
    const chosen = chosenBy(ruleset, action);
    const name = typeof action === "string" ? action.slice(0, 64) : "";
    if (own(command, "cost") !== undefined && !chosen.includes("cost"))
      return { key: "TEMPO.Refusal.CostNotYours", data: { action: name } };
    if (own(command, "time") !== undefined && !chosen.includes("time"))
      return { key: "TEMPO.Refusal.TimeNotYours", data: { action: name } };
    return null;
  } catch {
    // A value whose fields cannot even be read (a throwing getter, a revoked proxy) is no command.
    return notACommand();
  }
}
