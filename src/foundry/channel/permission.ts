/**
 * Who may give which command: the GM's commands, and a player's own combatants only. Checked by the
 * writer for every request (channel/commands.ts) and by the movement hooks before a drop.
 */
import { type Command, type EncounterState, type Refusal } from "../../engine";

/**
 * The commands that take a combatant deleted in Foundry out of the encounter: its removal, with
 * its turn ended first if it is the current combatant (the engine refuses to remove the current
 * combatant, which would leave its turn open).
 */
export function removalCommands(state: EncounterState, who: string): Command[] {
  const remove: Command = { type: "removeCombatant", who };
  return state.status === "active" && state.current === who ? [{ type: "endTurn", who }, remove] : [remove];
}

/** A user as the permission check needs it. */
export interface Asker {
  isGM: boolean;
}

/** Commands only a GM gives: the table's structure and the GM's adjustments. */
export const GM_COMMANDS: readonly Command["type"][] = [
  "start",
  "next",
  "apply",
  "removeCondition",
  "adjustPool",
  "setOption",
  "setDefeated",
  "addCombatant",
  "removeCombatant",
  "place",
  "setCombatant",
  "end",
];

/**
 * May this user give this command? A GM may give any; a player only commands combatants whose
 * actor they own, and never the GM's commands. `owns(id)` answers for a combatant id; `name(id)`
 * names it in the refusal.
 */
export function permission(
  command: Command,
  user: Asker,
  owns: (combatantId: string) => boolean,
  name: (combatantId: string) => string,
): Refusal | null {
  if (user.isGM) return null;
  if (GM_COMMANDS.includes(command.type))
    return { key: "TEMPO.Refusal.GMOnly", data: { command: command.type } };
  if ("who" in command && !owns(command.who)) {
    return { key: "TEMPO.Refusal.NotYourCombatant", data: { who: name(command.who) } };
  }
  return null;
}
