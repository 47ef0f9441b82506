/**
 * The bridge to the system's shared view layer (src/views) and its Handlebars templates. A panel
 * asks for HTML here; null means the template is not there (yet) and the panel draws its own DOM.
 */
import type { EncounterState, Offer } from "../engine";
import type { SheetView } from "../views/sheet";
import { sheetCommand, trackerCommand } from "../views/controls";
import { PARTIALS, TEMPLATE_PATHS } from "../views/templates";
import { trackerView, type TrackerCombatantDoc } from "../views/tracker";
import { promptView, type Countdown, type PromptView } from "../views/prompt";
import { chatCard } from "../views/chat";
import type { TemplateStore, Renderer } from "./handlebars";
import type { Localization } from "./i18n";
import type { Playground } from "./main";
import type { Panels } from "./panels";
import type { LogLine } from "./session";

/** Template paths as Foundry would load them (systems/tempo/...). */
const PATHS = {
  tracker: TEMPLATE_PATHS.tracker,
  sheet: TEMPLATE_PATHS.actorSheet,
  prompt: TEMPLATE_PATHS.prompt,
  chat: TEMPLATE_PATHS.chatCard,
} as const;

type Name = keyof typeof PATHS;

export class ViewModules {
  private readonly ready = new Map<Name, Renderer>();

  constructor(
    readonly loc: Localization,
    private readonly templates: TemplateStore,
  ) {}

  async load(): Promise<void> {
    await this.refresh();
  }

  /** Fetch templates still missing; true when one arrived. */
  async refresh(): Promise<boolean> {
    let changed = false;
    await this.templates.loadPartials(PARTIALS);
    for (const name of Object.keys(PATHS) as Name[]) {
      if (this.ready.has(name)) continue;
      const renderer = await this.templates.get(PATHS[name]);
      if (renderer) {
        this.ready.set(name, renderer);
        changed = true;
      }
    }
    return changed;
  }

  /** Whether the system's chat card template is loaded (cards drawn before it are drawn again). */
  get hasChatTemplate(): boolean {
    return this.ready.has("chat");
  }

  /** The system's tracker, as the GM sees it (the playground's user runs every combatant). */
  trackerHtml(state: EncounterState, docs: readonly TrackerCombatantDoc[]): string | null {
    const renderer = this.ready.get("tracker");
    if (!renderer) return null;
    const view = trackerView(state, {
      i18n: this.loc,
      isGM: true,
      owned: [...state.roster],
      combatants: docs,
    });
    return renderer({ tempo: view });
  }

  sheetHtml(model: SheetView): string | null {
    const renderer = this.ready.get("sheet");
    return renderer ? renderer(model) : null;
  }

  /** The system's chat card for a command, or null when the command calls for none (or the template is missing). */
  chatHtml(state: EncounterState, line: LogLine): string | null {
    const renderer = this.ready.get("chat");
    if (!renderer) return null;
    const card = chatCard(
      { command: line.command, events: line.events, ...(line.timedOut === true ? { timedOut: true } : {}) },
      state,
      this.loc,
    );
    return card ? renderer({ tempo: card }) : null;
  }

  private promptModel(state: EncounterState, who: string, offers: Offer[], countdown: Countdown): PromptView {
    return promptView(state, who, offers, {
      i18n: this.loc,
      seconds: countdown.seconds,
      total: countdown.totalMs / 1000,
      paused: countdown.paused,
    });
  }

  /** The system's reaction prompt for `who`'s open offers. */
  promptHtml(state: EncounterState, who: string, offers: Offer[], countdown: Countdown): string | null {
    const renderer = this.ready.get("prompt");
    return renderer ? renderer({ tempo: this.promptModel(state, who, offers, countdown) }) : null;
  }

  /** Only the clock of the prompt, to update it in place while the countdown runs. */
  promptClock(
    state: EncounterState,
    who: string,
    offers: Offer[],
    countdown: Countdown,
  ): PromptView["countdown"] {
    return this.promptModel(state, who, offers, countdown).countdown;
  }

  /** The tracker template's buttons as engine commands: the same mapping as Foundry's (src/views/controls.ts). */
  trackerAction(el: HTMLElement, app: Playground): boolean {
    const command = trackerCommand(el.dataset["action"] ?? "", { ...el.dataset });
    if (!command) return false;
    app.send(command);
    return true;
  }

  /** The sheet template's buttons: take an action (with its chosen cost), answer an offer. */
  sheetAction(el: HTMLElement, who: string, panels: Panels): boolean {
    switch (el.dataset["action"]) {
      case "takeAction": {
        const id = el.dataset["actionId"] ?? "";
        const input = el
          .closest("[data-action-id]")
          ?.parentElement?.querySelector<HTMLInputElement>(`input[data-cost-for="${id}"]`);
        panels.sendFromSheet(panels.actCommand(who, id, input ? Number(input.value) : undefined));
        return true;
      }
      case "spendPool":
      case "restorePool":
      case "react": {
        const command = sheetCommand(el.dataset["action"] ?? "", who, { ...el.dataset });
        if (command) panels.sendFromSheet(command);
        return true;
      }
      default:
        return false;
    }
  }
}
