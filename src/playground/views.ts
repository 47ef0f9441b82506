/**
 * The bridge to the system's shared view layer (src/views) and its Handlebars templates. A panel
 * asks for HTML here; null means the template is not there (yet) and the panel draws its own DOM.
 */
import type { EncounterState, Offer } from "../engine";
import type { SheetView } from "../views/sheet";
import type { TemplateStore, Renderer } from "./handlebars";
import type { Localization } from "./i18n";
import type { Playground } from "./main";
import type { Panels } from "./panels";
import type { LogLine } from "./session";

/** Template paths as Foundry would load them (systems/tempo/...). */
const PATHS = {
  sheet: "systems/tempo/templates/sheets/actor.hbs",
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

  trackerHtml(_state: EncounterState, _selected: string | null): string | null {
    return null;
  }

  sheetHtml(model: SheetView): string | null {
    const renderer = this.ready.get("sheet");
    return renderer ? renderer(model) : null;
  }

  chatHtml(_state: EncounterState, _line: LogLine): string | null {
    return null;
  }

  promptHtml(
    _state: EncounterState,
    _who: string,
    _offers: Offer[],
    _seconds: number,
    _paused: boolean,
  ): string | null {
    return null;
  }

  trackerAction(_el: HTMLElement, _app: Playground): boolean {
    return false;
  }

  sheetAction(_el: HTMLElement, _who: string, _panels: Panels): boolean {
    return false;
  }

  promptAction(_el: HTMLElement, _who: string, _app: Playground): boolean {
    return false;
  }
}
