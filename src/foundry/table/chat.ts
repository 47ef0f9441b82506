/**
 * Chat cards: what an attack, a reaction or a held move did, with the write's real Rolls in the
 * same message (src/foundry/channel/rolls.ts posts it; the card's content comes from here), and the
 * card's buttons: "Roll damage" after a hit (the attacker's weapon formula times the hit's
 * multiplier) and "React" while an offer is open (brings the reactor's prompt back).
 */
import { chatCard, damageFormula } from "../../views/chat";
import { TEMPLATE_PATHS } from "../../views/templates";
import { showPromptFor } from "../apps/reaction-prompt";
import { foundryLocalizer } from "../localizer";
import type { TempoCombat } from "../documents/combat";
import type { CardEntry } from "../channel/rolls";
import { combatById, tempoCombat } from "../documents/find";

/** The HTML of a write's cards, or null when none of its commands calls for one. */
export async function renderCards(
  document: Combat.Implementation,
  entries: readonly CardEntry[],
): Promise<string | null> {
  const combat = tempoCombat(document);
  const state = combat?.encounter;
  if (!combat || !state) return null;
  const i18n = foundryLocalizer();
  const parts: string[] = [];
  for (const entry of entries) {
    const view = chatCard(entry, state, i18n);
    if (!view) continue;
    parts.push(
      await foundry.applications.handlebars.renderTemplate(TEMPLATE_PATHS.chatCard, { tempo: view }),
    );
  }
  if (parts.length === 0) return null;
  return `<div class="tempo-chat-cards" data-combat-id="${combat.id ?? ""}">${parts.join("")}</div>`;
}

/** An equipped weapon's damage formula, from the actor's items. */
function weaponDamage(actor: Actor.Implementation | null): string | null {
  if (!actor) return null;
  for (const item of actor.items) {
    if (item.type !== "weapon") continue;
    const system = item.system as { damage?: unknown; equipped?: unknown };
    if (system.equipped === true && typeof system.damage === "string" && system.damage !== "")
      return system.damage;
  }
  return null;
}

async function rollDamage(
  combat: TempoCombat,
  attackerId: string,
  victimId: string,
  multiplier: number,
): Promise<void> {
  const attacker = combat.combatants.get(attackerId);
  const actor = attacker?.actor ?? null;
  const i18n = foundryLocalizer();
  const formula = weaponDamage(actor);
  if (!formula) {
    ui.notifications?.warn(i18n.format("TEMPO.Chat.NoWeapon", { name: attacker?.name ?? attackerId }));
    return;
  }
  const roll = new Roll(damageFormula(formula, multiplier));
  await roll.evaluate();
  await roll.toMessage({
    speaker: ChatMessage.getSpeaker({ actor }),
    flavor: i18n.format("TEMPO.Chat.DamageFlavor", {
      attacker: attacker?.name ?? attackerId,
      victim: combat.combatants.get(victimId)?.name ?? victimId,
    }),
  });
}

/** renderChatMessageHTML: wire the card's buttons; hide those this user may not press. */
export function onRenderChatMessageHTML(_message: ChatMessage.Implementation, html: HTMLElement): void {
  const cards = html.querySelector<HTMLElement>(".tempo-chat-cards");
  if (!cards) return;
  const combat = combatById(cards.dataset["combatId"] ?? "");
  for (const button of html.querySelectorAll<HTMLButtonElement>("button[data-tempo-action]")) {
    const who = button.dataset["who"] ?? "";
    const mayPress =
      !!combat && (game.user?.isGM === true || combat.combatants.get(who)?.actor?.isOwner === true);
    if (!mayPress || !combat) {
      button.hidden = true;
      continue;
    }
    button.addEventListener("click", (event) => {
      event.preventDefault();
      if (button.dataset["tempoAction"] === "tempoRollDamage") {
        void rollDamage(
          combat,
          who,
          button.dataset["target"] ?? "",
          Number(button.dataset["multiplier"]) || 1,
        );
      } else if (button.dataset["tempoAction"] === "tempoReact" && !showPromptFor(who)) {
        ui.notifications?.info(foundryLocalizer().localize("TEMPO.Prompt.NoPrompt"));
      }
    });
  }
}
