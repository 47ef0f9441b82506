/**
 * Telling users what the channel refused: a refusal shown to this client's user, and the GM told
 * when a change made in Foundry could not be applied to the encounter. Names come from the
 * combat's combatants, or from the stored encounter for one already gone.
 */
import { type Command, type Refusal, combatantIn } from "../../engine";
import { refusalText } from "../../views/sheet";
import { foundryLocalizer } from "../localizer";
import { readState } from "../store/caches";
import { type CommandAnswer } from "./answers";
import { COMMAND_LABELS } from "./rolls";
import { cachesOf, combatSystem } from "../store/stored";

/** The names a combat's combatant has, for refusals and chat. */
export function combatantName(combat: Combat.Implementation, id: string): string {
  return combat.combatants.get(id)?.name ?? id;
}

/** Show a refusal to this client's user. */
export function showRefusal(refusal: Refusal): void {
  // Worded as the sheets and the prompt word it: actions, pools, conditions by their names.
  ui.notifications?.warn(refusalText(refusal, foundryLocalizer()));
}

/**
 * Tell the GM that a change made in Foundry (a combatant added, removed, marked defeated) could
 * not be applied to the encounter, and why: Foundry and the engine then disagree until the GM
 * acts, so it is never dropped silently.
 */
export function notifyNotApplied(
  combat: Combat.Implementation,
  command: Command,
  answer: CommandAnswer,
): void {
  if (answer.ok || !answer.refusal) return;
  const who = "who" in command ? command.who : command.type === "addCombatant" ? command.combatant.id : "";
  const i18n = game.i18n;
  const reason = refusalText(answer.refusal, foundryLocalizer());
  const text =
    i18n?.format("TEMPO.Notify.NotApplied", {
      change: i18n.localize(COMMAND_LABELS[command.type]),
      name: combat.combatants.get(who)?.name ?? encounterName(combat, who),
      reason,
    }) ?? answer.refusal.key;
  ui.notifications?.warn(text);
}

/** A combatant's name in the stored encounter (for one already gone from Foundry). */
function encounterName(combat: Combat.Implementation, who: string): string {
  const system = combatSystem(combat);
  const state = system ? readState(system, cachesOf(combat)) : null;
  return combatantIn(state, who)?.name ?? who;
}
