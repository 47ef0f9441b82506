/**
 * The GM's Tempo combatant dialog, opened from the tracker (a DialogV2, public API:
 * https://foundryvtt.com/api/v13/classes/foundry.applications.api.DialogV2.html). The form is
 * templates/tracker/setup.hbs over src/views/setup.ts; what a save changes comes from
 * `setupChanges`: the Combatant document's system fields before the fight; during it the engine's
 * logged `setCombatant` (side, marching place, unseen) and `apply` / `removeCondition` of
 * "surprised", and, once the engine has taken a `setCombatant`, the same values on the document so
 * it says what the engine holds.
 */
import { setupChanges, setupView, type SetupValues } from "../../views/setup";
import { TEMPLATE_PATHS } from "../../views/templates";
import { submit } from "../channel/commands";
import type { TempoCombat } from "../documents/combat";
import { foundryLocalizer } from "../localizer";

function documentValues(system: unknown): SetupValues {
  const s = (system ?? {}) as { side?: unknown; marching?: unknown; surprised?: unknown; unseen?: unknown };
  return {
    side: typeof s.side === "string" ? s.side : "",
    marching: typeof s.marching === "number" ? s.marching : null,
    surprised: s.surprised === true,
    unseen: s.unseen === true,
  };
}

/** The values the form holds now. */
function formValues(form: HTMLFormElement | null, fallback: SetupValues): SetupValues {
  const input = (name: string) => form?.querySelector<HTMLInputElement>(`[name="${name}"]`) ?? null;
  const marching = input("marching")?.value.trim() ?? "";
  return {
    side: input("side")?.value ?? fallback.side,
    marching: marching === "" ? null : Math.trunc(Number(marching)),
    surprised: input("surprised")?.checked ?? fallback.surprised,
    unseen: input("unseen")?.checked ?? fallback.unseen,
  };
}

export async function openCombatantSetup(combat: TempoCombat, who: string): Promise<void> {
  const combatant = combat.combatants.get(who);
  if (!combatant) return;
  const i18n = foundryLocalizer();
  const values = documentValues(combatant.system);
  const state = combat.encounter;
  const view = setupView(who, combatant.name ?? who, values, state, i18n);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATE_PATHS.combatantSetup, {
    tempo: view,
  });
  let submitted: SetupValues | null = null;
  await foundry.applications.api.DialogV2.wait({
    window: { title: view.title },
    content,
    rejectClose: false,
    buttons: [
      {
        action: "save",
        label: i18n.localize("TEMPO.Setup.Save"),
        default: true,
        callback: (_event, button) => {
          submitted = formValues(button.form, values);
          return "save";
        },
      },
    ],
  });
  if (!submitted) return;
  const changes = setupChanges(who, submitted, combat.encounter);
  if (changes.document) await combatant.update({ system: changes.document });
  for (const command of changes.commands) {
    const answer = await submit(combat, command);
    if (!answer.ok || command.type !== "setCombatant") continue;
    const { type: _type, who: _who, ...fields } = command;
    await combatant.update({ system: fields });
  }
}
