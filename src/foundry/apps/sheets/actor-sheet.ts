/**
 * The actor sheet shared by characters and NPCs: an ActorSheetV2 that renders its Handlebars
 * template itself (docs/foundry-api.md §0.1: `HandlebarsApplicationMixin(ActorSheetV2)` makes tsc
 * give up, so the sheet does the mixin's two steps, render the template and put it in the window).
 * The view model is src/views/sheet.ts (sheetView); the handlers here only read the clicked control
 * and send an engine command through the command channel (in a fight) or update the actor (out of
 * one).
 */
import type { Command } from "../../../engine";
import { sheetCommand } from "../../../views/controls";
import { sheetView, type SheetView } from "../../../views/sheet";
import { TEMPLATE_PATHS } from "../../../views/templates";
import { submit } from "../../channel/commands";
import { encounterOptions, readSettings } from "../../settings";
import { ACTOR_POOLS, type ActorPool } from "../../data/catalog";
import { foundryLocalizer } from "../../localizer";
import { combatOf, sheetSubject, targetIn } from "./subject";
import type { LegacyOptionsOf, RenderOptionsOf } from "../render-forms";

const { ActorSheetV2 } = foundry.applications.sheets;
const { renderTemplate } = foundry.applications.handlebars;

type SheetContext = Awaited<ReturnType<foundry.applications.sheets.ActorSheetV2["_prepareContext"]>>;

/** ApplicationV2#render's two forms: (options) and the legacy (force, options). */
type SheetRender = foundry.applications.sheets.ActorSheetV2["render"];
type RenderOptionsArg = RenderOptionsOf<SheetRender>;
type LegacyOptionsArg = LegacyOptionsOf<SheetRender>;

/**
 * Is this Foundry's render of every combatant's actor after a combat update
 * (Combat#updateCombatantActors, render context "updateCombat"), not forced?
 */
function isCombatUpdateRender(options: unknown, legacy: unknown): boolean {
  const asked = (typeof options === "boolean" ? legacy : options) as
    { renderContext?: unknown; force?: unknown } | undefined;
  const force = typeof options === "boolean" ? options : asked?.force === true;
  return !force && asked?.renderContext === "updateCombat";
}
type SheetRenderOptions = Parameters<foundry.applications.sheets.ActorSheetV2["_prepareContext"]>[0];

function isActorPool(pool: string): pool is ActorPool {
  return pool in ACTOR_POOLS;
}

export class TempoActorSheet extends ActorSheetV2 {
  static override DEFAULT_OPTIONS = {
    classes: ["tempo", "tempo-app", "sheet", "actor"],
    position: { width: 620, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      spendPool: TempoActorSheet.#onSpendPool,
      restorePool: TempoActorSheet.#onRestorePool,
      takeAction: TempoActorSheet.#onTakeAction,
      react: TempoActorSheet.#onReact,
      editItem: TempoActorSheet.#onEditItem,
    },
  };

  /** The view model of the last render: the controls on screen were drawn from it. */
  #view: SheetView | null = null;

  /** The sheet's view model for this user, now. */
  tempoView(): SheetView | null {
    const subject = sheetSubject(this.actor);
    if (!subject) return null;
    const settings = readSettings();
    const found = combatOf(this.actor);
    const user = game.user;
    return sheetView(
      {
        subject,
        ruleset: settings.ruleset,
        options: encounterOptions(settings.ruleset, settings),
        encounter: found?.encounter ?? null,
        canControl: this.actor.isOwner || (user?.isGM ?? false),
        isGM: user?.isGM ?? false,
        editable: this.isEditable,
        target: found ? targetIn(found.combat) : null,
      },
      foundryLocalizer(),
    );
  }

  /**
   * Foundry renders every combatant's actor after each combat update (Combat#updateCombatantActors):
   * this sheet skips that render, since refresh.ts draws it when the update changed what it shows
   * (by change, and never while its user types). Every other render is Foundry's.
   */
  override render(options?: RenderOptionsArg): Promise<this>;
  override render(force: boolean, options?: LegacyOptionsArg): Promise<this>;
  override async render(options?: RenderOptionsArg | boolean, _options?: LegacyOptionsArg): Promise<this> {
    if (isCombatUpdateRender(options, _options)) return this;
    // The legacy form is given to Foundry as the options it stands for (force and the rest).
    return super.render(typeof options === "boolean" ? { ...(_options ?? {}), force: options } : options);
  }

  /** What the sheet would show now (refresh.ts compares it with what it shows). */
  viewNow(): SheetView | null {
    return this.tempoView();
  }

  /** What the sheet shows: the view model of its last render. */
  viewShown(): SheetView | null {
    return this.#view;
  }

  /**
   * The other combatants what it shows was read from (refresh.ts): the targets its actions were
   * checked against and the attackers its open reactions answer.
   */
  *shownCombatants(): Iterable<string> {
    const view = this.#view;
    if (!view) return;
    for (const action of view.actions) if (action.target !== "") yield action.target;
    for (const offer of view.offers) yield offer.against;
  }

  protected override async _prepareContext(options: SheetRenderOptions) {
    const base: SheetContext = await super._prepareContext(options);
    this.#view = this.tempoView();
    return { ...base, ...(this.#view ?? {}) };
  }

  protected override async _renderHTML(context: SheetContext): Promise<string> {
    // renderTemplate wants a plain object: spread the context.
    return renderTemplate(TEMPLATE_PATHS.actorSheet, { ...context });
  }

  protected override _replaceHTML(result: string, content: HTMLElement): void {
    content.innerHTML = result;
  }

  /** Send a command for this actor's combatant, if it is in a running combat. */
  async #send(make: (who: string) => Command | null): Promise<boolean> {
    const found = combatOf(this.actor);
    if (!found?.encounter.combatantId) return false;
    const command = make(found.encounter.combatantId);
    if (command) await submit(found.combat, command);
    return true;
  }

  /** In a fight the engine adjusts the pool (adjustPool); out of one the actor's own value changes, 0 to its maximum. */
  async #adjust(target: HTMLElement, delta: number): Promise<void> {
    const pool = target.dataset["pool"];
    if (!pool) return;
    const action = delta < 0 ? "spendPool" : "restorePool";
    if (await this.#send((who) => sheetCommand(action, who, { ...target.dataset }))) return;
    const shown = this.#view?.pools.find((p) => p.id === pool);
    if (!shown || !isActorPool(pool)) return;
    const next = Math.max(0, Math.min(shown.max, shown.value + delta));
    if (next !== shown.value) await this.actor.update({ system: { pools: { [pool]: { value: next } } } });
  }

  static async #onSpendPool(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#adjust(target, -1);
  }

  static async #onRestorePool(
    this: TempoActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    await this.#adjust(target, 1);
  }

  /** An action's button: the command names the target its check passed with (src/views/controls.ts). */
  static async #onTakeAction(
    this: TempoActorSheet,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const action = target.dataset["actionId"];
    if (!action) return;
    const costInput = this.element.querySelector<HTMLInputElement>(`input[data-cost-for="${action}"]`);
    const cost = costInput ? Number(costInput.value) : null;
    await this.#send((who) => sheetCommand("takeAction", who, { ...target.dataset }, cost));
  }

  static async #onReact(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await this.#send((who) => sheetCommand("react", who, { ...target.dataset }));
  }

  static async #onEditItem(this: TempoActorSheet, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const id = target.dataset["itemId"];
    const item = id ? this.actor.items.get(id) : undefined;
    await item?.sheet?.render(true);
  }
}
