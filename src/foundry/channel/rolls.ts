/**
 * Rolls to chat: the real Rolls a write used are posted so every die shows, with the write's chat
 * card (rendered by table/chat.ts through `chatCards.render`).
 */
import { type Command } from "../../engine";
import { withRollMode } from "./dice";
import { type LastWrite } from "../store/log";

/** Labels for the chat flavour of a command's dice. */
export const COMMAND_LABELS = {
  start: "TEMPO.Command.start",
  next: "TEMPO.Command.next",
  endTurn: "TEMPO.Command.endTurn",
  move: "TEMPO.Command.move",
  act: "TEMPO.Command.act",
  react: "TEMPO.Command.react",
  declare: "TEMPO.Command.declare",
  choose: "TEMPO.Command.choose",
  delay: "TEMPO.Command.delay",
  ready: "TEMPO.Command.ready",
  abort: "TEMPO.Command.abort",
  seize: "TEMPO.Command.seize",
  apply: "TEMPO.Command.apply",
  removeCondition: "TEMPO.Command.removeCondition",
  adjustPool: "TEMPO.Command.adjustPool",
  setDefeated: "TEMPO.Command.setDefeated",
  setOption: "TEMPO.Command.setOption",
  addCombatant: "TEMPO.Command.addCombatant",
  removeCombatant: "TEMPO.Command.removeCombatant",
  place: "TEMPO.Command.place",
  setCombatant: "TEMPO.Command.setCombatant",
  end: "TEMPO.Command.end",
} as const satisfies Record<Command["type"], string>;

/**
 * Chat cards for a write (set by src/foundry/table/chat.ts): the HTML of the cards for the write's
 * entries, or null when none is called for. The card and the write's Rolls go in one message.
 */
export const chatCards: {
  render: ((combat: Combat.Implementation, entries: readonly CardEntry[]) => Promise<string | null>) | null;
} = { render: null };

/** A write's entry as its chat card reads it: `timedOut` when a decline stood in for a countdown that ran out. */
export type CardEntry = LastWrite["entries"][number] & { timedOut?: boolean };

/** Post the real Rolls a write used, so every die shows in chat (with the write's card, if any). */
export async function postRolls(
  combat: Combat.Implementation,
  rolls: Roll[],
  entries: LastWrite["entries"],
  timedOut: boolean,
): Promise<void> {
  // Issue 30: a decline the GM wrote because the countdown ran out says so, not "declines".
  const cards: CardEntry[] = timedOut ? entries.map((e) => ({ ...e, timedOut: true })) : entries;
  const content = (await chatCards.render?.(combat, cards)) ?? null;
  if (rolls.length === 0 && content === null) return;
  const commands = entries.map((e) => e.command);
  const first = commands[0];
  const who = first && "who" in first ? combat.combatants.get(first.who) : undefined;
  const label = first ? (game.i18n?.localize(COMMAND_LABELS[first.type]) ?? first.type) : "";
  const flavor = game.i18n?.format("TEMPO.Dice.Flavor", { command: label, name: who?.name ?? "" }) ?? label;
  const speaker = ChatMessage.getSpeaker({ actor: who?.actor ?? null });
  // The GM's rolls follow the GM's roll mode; a player's are public (dice.ts withRollMode).
  const byGM = entries.some((e) => e.userId === null || game.users?.get(e.userId)?.isGM === true);
  await ChatMessage.create(
    withRollMode({ rolls, flavor, speaker, ...(content === null ? {} : { content }) }, byGM),
  );
}
