/**
 * The bridge to the system's shared view layer (src/views) and its Handlebars templates. A panel
 * asks for HTML here; null means the template is not there (yet) and the panel draws its own DOM.
 */
import type { EncounterState, Offer, RulesetId } from "../engine";
import type { SheetView } from "../views/sheet";
import { PARTIALS, TEMPLATE_PATHS } from "../views/templates";
import type { CombatantRowView, TrackerView } from "../views/tracker";
import type { SetupView } from "../views/setup";
import { promptView, type Countdown, type PromptView } from "../views/prompt";
import { chatCard } from "../views/chat";
import type { Sight } from "../views/sight";
import { storyCard, type FightStory } from "../views/story";
import type { TemplateStore, Renderer } from "./handlebars";
import type { Localization } from "./i18n";
import type { LogLine } from "./session";

/** Template paths as Foundry would load them (systems/tempo/...). */
const PATHS = {
  tracker: TEMPLATE_PATHS.tracker,
  // The tracker's parts, drawn alone when only they changed (a row, the round's structure).
  trackerRow: PARTIALS["tempo-tracker-combatant"],
  trackerStructure: PARTIALS["tempo-tracker-structure"],
  sheet: TEMPLATE_PATHS.actorSheet,
  prompt: TEMPLATE_PATHS.prompt,
  chat: TEMPLATE_PATHS.chatCard,
  // The GM's Tempo setup of one combatant, the same form as Foundry's dialog (src/views/setup.ts).
  setup: TEMPLATE_PATHS.combatantSetup,
  story: TEMPLATE_PATHS.storyCard,
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

  /** Whether the system's sheet template is loaded (a sheet drawn plainly before it is drawn again). */
  get hasSheetTemplate(): boolean {
    return this.ready.has("sheet");
  }

  /** Whether every template is loaded (else the owner asks again now and then). */
  get complete(): boolean {
    return this.ready.size === Object.keys(PATHS).length;
  }

  /** The system's tracker for a view model (the playground's user runs every combatant, as the GM). */
  trackerHtml(view: TrackerView): string | null {
    const renderer = this.ready.get("tracker");
    return renderer ? renderer({ tempo: view }) : null;
  }

  /** One tracker row (templates/tracker/combatant.hbs), to replace that row alone. */
  trackerRowHtml(row: CombatantRowView): string | null {
    const renderer = this.ready.get("trackerRow");
    return renderer ? renderer(row) : null;
  }

  /** The tracker's header: round, structure, groups, controls (templates/tracker/structure.hbs). */
  trackerStructureHtml(view: TrackerView): string | null {
    const renderer = this.ready.get("trackerStructure");
    return renderer ? renderer(view) : null;
  }

  /** The combatant setup form (templates/tracker/setup.hbs). */
  setupHtml(view: SetupView): string | null {
    const renderer = this.ready.get("setup");
    return renderer ? renderer({ tempo: view }) : null;
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

  /** The fight's story card (templates/chat/story.hbs), or null while the template loads. */
  storyHtml(story: FightStory, ruleset: RulesetId, sight: Sight, whisper: boolean): string | null {
    const renderer = this.ready.get("story");
    return renderer ? renderer({ tempo: storyCard(story, ruleset, sight, whisper, this.loc) }) : null;
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
}
