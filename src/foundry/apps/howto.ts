/**
 * Opening the "How <ruleset> plays" pages (src/views/howto.ts) from the tracker and from the
 * world setting that picks the ruleset. The settings window gets a link under the ruleset choice
 * through the `renderSettingsConfig` hook (public API: "renderApplicationV2" hooks are called
 * as `render<ClassName>` with the application and its element, https://foundryvtt.com/api/v13/
 * classes/foundry.applications.api.ApplicationV2.html); the link follows the choice as it
 * changes, before the setting is saved.
 */
import { RULESET_IDS, type RulesetId } from "../../engine";
import { howtoLink } from "../../views/howto";
import { SYSTEM_ID } from "../settings";

function i18n() {
  return {
    localize: (key: string) => game.i18n?.localize(key) ?? key,
    format: (key: string, data: Readonly<Record<string, unknown>>) =>
      game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key,
  };
}

function isRuleset(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}

/**
 * Open a ruleset's page in its journal sheet (public API: `fromUuid` loads compendium documents,
 * https://foundryvtt.com/api/v13/functions/foundry.utils.fromUuid.html). A pack that is missing
 * (a world without the system's compendium) gets a warning, not an error.
 */
export async function openHowto(ruleset: RulesetId): Promise<void> {
  const link = howtoLink(ruleset, i18n());
  const doc = await foundry.utils.fromUuid(link.uuid);
  if (doc instanceof JournalEntry) {
    await doc.sheet?.render(true);
    return;
  }
  ui.notifications?.warn(game.i18n?.format("TEMPO.Howto.Missing", { page: link.label }) ?? link.label);
}

/** The ruleset a link element names (data-ruleset), if it is one. */
export function rulesetOf(element: HTMLElement): RulesetId | null {
  const value = element.dataset["ruleset"];
  return isRuleset(value) ? value : null;
}

/** Adds the link under the ruleset setting; it opens the page of the ruleset chosen in the form. */
export function onRenderSettingsConfig(_app: unknown, html: HTMLElement): void {
  const select = html.querySelector<HTMLSelectElement>(`select[name="${SYSTEM_ID}.ruleset"]`);
  const group = select?.closest(".form-group");
  if (!select || !group || group.querySelector(".tempo-howto-link")) return;
  const link = document.createElement("a");
  link.className = "tempo-howto-link";
  const update = () => {
    const ruleset = isRuleset(select.value) ? select.value : "flow";
    link.dataset["ruleset"] = ruleset;
    link.textContent = howtoLink(ruleset, i18n()).label;
  };
  update();
  select.addEventListener("change", update);
  link.addEventListener("click", (event) => {
    event.preventDefault();
    const ruleset = rulesetOf(link);
    if (ruleset) void openHowto(ruleset);
  });
  const hint = document.createElement("p");
  hint.className = "hint tempo-howto-hint";
  hint.append(link);
  group.append(hint);
}
