/**
 * The combat tracker of the simulated table: Foundry's CombatTracker sidebar tab as far as Tempo's
 * subclass uses it, drawn into the table's small DOM (application.ts).
 *
 * Pages followed:
 * - CombatTracker (https://foundryvtt.com/api/v13/classes/foundry.applications.sidebar.tabs.CombatTracker.html):
 *   a HandlebarsApplication whose parts are `header`, `tracker` and `footer` (a subclass replaces
 *   `PARTS`); `viewed`, the combat it shows; `_preparePartContext(partId, context, options)` gives
 *   each part's context.
 * - ApplicationV2#render (https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html#render):
 *   `render(options)` or the legacy `render(force, options)`; `force` "If true, an Application which
 *   does not yet exist in the DOM is added. If false, only Applications which already exist are
 *   rendered"; `rendered`; `element`.
 * - HandlebarsApplicationMixin (https://foundryvtt.com/api/v13/functions/foundry.applications.api.HandlebarsApplicationMixin.html):
 *   RenderOptions `parts`, "an array of named template parts to render": only those are rendered
 *   again and replace their own elements; each part's root element is marked `data-application-part`.
 * - ClientDocumentMixin#render(force, context) (https://foundryvtt.com/api/v13/functions/foundry.documents.abstract.ClientDocumentMixin.html):
 *   after an update the applications showing the document are rendered with the update's
 *   `renderContext` ("updateCombat") and `renderData` (the changes); TableCombat#_onUpdate does so
 *   for the tracker viewing the combat. Whether an ApplicationV2 receives this as `render({ force:
 *   false, ... })` or as the legacy `render(false, { ... })` the pages do not say: the reading
 *   `appRender` (readings.ts) offers both.
 *
 * Core's own part templates (`templates/sidebar/tabs/combat/*.hbs`) are Foundry's, not in this
 * repository: the stand-in draws each as an empty element of its part. Tempo's parts are drawn
 * with its templates and the real `handlebars` package.
 */
import { DomUtils, parseDocument } from "htmlparser2";
import type { Element as DomNode } from "domhandler";

import { TableApplicationV2, TableDom, isElement, type TableElement } from "./application";
import { render as renderTemplate } from "../sheets/handlebars";
import { running } from "./server";

/** A template of Foundry's own (served by the core, not by a system). */
function isCoreTemplate(path: string): boolean {
  return path.startsWith("templates/");
}

/** One part's HTML as an element, its root marked with the part's id. */
function partNode(id: string, html: string): DomNode {
  const root = parseDocument(html).children.find(isElement);
  if (!root) throw new Error(`the tracker's part ${id} rendered nothing`);
  root.attribs["data-application-part"] = id;
  return root;
}

export class TableCombatTracker extends TableApplicationV2 {
  static override PARTS: Record<string, { template: string }> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  /** Every render asked for, as the options it was given (the legacy form made one object). */
  readonly asked: Record<string, unknown>[] = [];
  /** How many times each part was rendered. */
  readonly partRenders: Record<string, number> = {};
  private dom = new TableDom();
  private shown: unknown = undefined;

  /** CombatTracker#viewed: the combat it shows; by default the client's first combat. */
  get viewed(): unknown {
    if (this.shown !== undefined) return this.shown;
    return running.getStore()?.game.combats.contents[0] ?? null;
  }
  set viewed(combat: unknown) {
    this.shown = combat;
  }

  async _preparePartContext(
    _partId: string,
    context: Record<string, unknown>,
    _options: object,
  ): Promise<Record<string, unknown>> {
    return context;
  }

  override async render(options: boolean | object = {}, legacy: object = {}): Promise<this> {
    const asked: Record<string, unknown> =
      typeof options === "boolean" ? { ...legacy, force: options } : { ...options };
    this.asked.push(asked);
    if (this.closed || (!this.rendered && asked["force"] !== true)) return this;
    const all = (this.constructor as typeof TableCombatTracker).PARTS;
    const wanted = Array.isArray(asked["parts"]) ? (asked["parts"] as string[]) : Object.keys(all);
    const context = await this._prepareContext(asked);
    const nodes: [string, DomNode][] = [];
    for (const [id, part] of Object.entries(all)) {
      if (!wanted.includes(id)) continue;
      const partContext = await this._preparePartContext(id, { ...context }, asked);
      this.partRenders[id] = (this.partRenders[id] ?? 0) + 1;
      const html = isCoreTemplate(part.template) ? "<div></div>" : renderTemplate(part.template, partContext);
      nodes.push([id, partNode(id, html)]);
    }
    const first = !this.rendered;
    if (first) {
      const root = parseDocument(`<div class="window-content"></div>`).children.find(isElement);
      if (!root) throw new Error("the tracker rendered nothing");
      for (const [, node] of nodes) DomUtils.appendChild(root, node);
      this.dom = new TableDom();
      this.element = this.dom.wrap(root);
    } else {
      for (const [id, node] of nodes) {
        const old = this.element.querySelector<TableElement>(`[data-application-part="${id}"]`);
        if (!old) throw new Error(`the tracker has no part ${id} to render again`);
        DomUtils.replaceElement(old.node, node);
      }
    }
    this.rendered = true;
    if (first) await this._onFirstRender(context, asked);
    await this._onRender(context, asked);
    return this;
  }
}
