/**
 * The system's Handlebars templates, rendered outside Foundry. Foundry registers `localize` and
 * loads partials from the system's paths; the playground does the same with the `handlebars`
 * package: templates are fetched from /systems/tempo/... as Foundry would, compiled once, and
 * fetched again later while missing (other parts of the system may still be landing).
 */
import Handlebars from "handlebars";
import type { Localization } from "./i18n";

/** Renders a context to HTML, or null when the template cannot render it (yet). */
export type Renderer = (context: object) => string | null;

const RETRY_MS = 4000;

/**
 * A template compiled now rather than at its first use: Handlebars compiles a template the first
 * time it renders, and the first reaction prompt or chat card of a fight paid for that in the click
 * that opened it (issue 31). Rendering it once with nothing compiles it; what it renders, or
 * throws for want of data, is thrown away.
 */
function warmed(template: HandlebarsTemplateDelegate): HandlebarsTemplateDelegate {
  try {
    template({}, { allowProtoPropertiesByDefault: false });
  } catch {
    // Compiled all the same: only the empty context failed to render.
  }
  return template;
}

export class TemplateStore {
  private readonly hbs = Handlebars.create();
  private readonly compiled = new Map<string, Renderer>();
  private readonly missingSince = new Map<string, number>();
  private readonly partialsLoaded = new Set<string>();
  private readonly reported = new Set<string>();

  constructor(loc: Localization) {
    // Foundry's helper: {{localize "KEY"}} localizes; with hash arguments it formats.
    this.hbs.registerHelper("localize", (key: unknown, options: unknown) => {
      const hash = (options as { hash?: Record<string, unknown> } | undefined)?.hash ?? {};
      const id = String(key);
      return Object.keys(hash).length > 0 ? loc.format(id, hash) : loc.localize(id);
    });
  }

  /** Fetch and register the system's partials by name; those not there yet are tried again later. */
  async loadPartials(partials: Readonly<Record<string, string>>): Promise<void> {
    await Promise.all(
      Object.entries(partials).map(async ([name, path]) => {
        if (this.partialsLoaded.has(name)) return;
        const source = await this.fetchSource(path);
        if (source === null) return;
        this.hbs.registerPartial(name, warmed(this.hbs.compile(source)));
        this.partialsLoaded.add(name);
      }),
    );
  }

  /** The compiled template at a system path, or null while it does not exist. */
  async get(path: string): Promise<Renderer | null> {
    const ready = this.compiled.get(path);
    if (ready) return ready;
    const since = this.missingSince.get(path);
    if (since !== undefined && Date.now() - since < RETRY_MS) return null;
    const source = await this.fetchSource(path);
    if (source === null) {
      this.missingSince.set(path, Date.now());
      return null;
    }
    this.missingSince.delete(path);
    const template = warmed(this.hbs.compile(source));
    const renderer: Renderer = (context) => {
      try {
        return template(context, { allowProtoPropertiesByDefault: false });
      } catch (error) {
        // A template that cannot render (a partial not registered yet) must not take the page
        // down: the panel falls back to its own rendering and says why in the console.
        const message = error instanceof Error ? error.message : String(error);
        if (!this.reported.has(path + message))
          console.warn(`Tempo playground: ${path} cannot render: ${message}`);
        this.reported.add(path + message);
        return null;
      }
    };
    this.compiled.set(path, renderer);
    return renderer;
  }

  private async fetchSource(path: string): Promise<string | null> {
    try {
      const response = await fetch(`/${path.replace(/^\//, "")}`, { cache: "no-store" });
      if (!response.ok) return null;
      return await response.text();
    } catch {
      return null;
    }
  }
}
