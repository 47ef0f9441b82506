/**
 * Document sheets on the simulated table: DocumentSheetV2, ActorSheetV2 and ItemSheetV2 on top of
 * the table's ApplicationV2 (application.ts), the sheet registry, and Foundry's form submission.
 *
 * Pages followed:
 * - DocumentSheetV2 (https://foundryvtt.com/api/v13/classes/foundry.applications.api.DocumentSheetV2.html):
 *   constructed with `options.document`; `document`; `isEditable` (the user holds the sheet's
 *   `editPermission`, OWNER by default); its element is a `form`; `_prepareContext` gives the
 *   document, its source and `editable`; `_prepareSubmitData(event, form, formData)` gives the
 *   update data ("cleaned and validated before being returned"), from `_processFormData`
 *   (the form's data expanded: `foundry.utils.expandObject(formData.object)`); a submission
 *   without its own `form.handler` updates the document (`_processSubmitData`).
 * - ActorSheetV2 / ItemSheetV2 (https://foundryvtt.com/api/v13/classes/foundry.applications.sheets.ActorSheetV2.html,
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.sheets.ItemSheetV2.html):
 *   `actor` / `item` are the document.
 * - ApplicationV2 render steps (https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html):
 *   `_prepareContext`, `_renderHTML(context, options)`, `_replaceHTML(result, content, options)`
 *   (a sheet that renders its own template implements both, as HandlebarsApplicationMixin
 *   does), then `_onFirstRender` / `_onRender`; a form application listens for `change` on its
 *   form and calls `_onChangeForm(formConfig, event)`, which submits when `form.submitOnChange`;
 *   `submit()` runs `form.handler(event, form, formData)`.
 * - FormDataExtended (https://foundryvtt.com/api/v13/classes/foundry.applications.ux.FormDataExtended.html):
 *   `object`, the named, enabled fields by name: numbers for number inputs (null when empty),
 *   booleans for checkboxes, strings otherwise.
 * - DocumentSheetConfig.registerSheet(documentClass, scope, sheetClass, { types, makeDefault, label })
 *   (https://foundryvtt.com/api/v13/classes/foundry.applications.apps.DocumentSheetConfig.html#registersheet)
 *   and a document's `sheet` (https://foundryvtt.com/api/v13/functions/foundry.documents.abstract.ClientDocumentMixin.html):
 *   built once, from the default sheet class registered for the document's type.
 *
 * All the sheets one client has open share that client's page (TableDom): one `activeElement`,
 * so focusing a field of one sheet takes focus from another's (with its `focusout`).
 */
import { parseDocument } from "htmlparser2";

import { TableApplicationV2, TableDom, isElement } from "./application";
import { isRecord, expand } from "./documents";
import { running } from "./server";

/** A document as a sheet reads it (TableActor, TableItem). */
export interface SheetDocument {
  documentName: string;
  id: string;
  type?: string;
  _source: Record<string, unknown>;
  isOwner: boolean;
  update(changes: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
  validateChanges?(changes: Record<string, unknown>, joint?: boolean): void;
}

interface FormConfig {
  submitOnChange?: boolean;
  closeOnSubmit?: boolean;
  handler?: (
    this: TableDocumentSheetV2,
    event: unknown,
    form: unknown,
    formData: TableFormDataExtended,
  ) => unknown;
}

/** The client's page: every document sheet of one client is drawn in it. */
function pageOf(): TableDom {
  const client = running.getStore();
  if (!client) throw new Error("a sheet was drawn outside any client");
  let dom = client.locals.get("page");
  if (!(dom instanceof TableDom)) {
    dom = new TableDom();
    client.locals.set("page", dom);
  }
  return dom as TableDom;
}

/** DEFAULT_OPTIONS of a class and its ancestors, merged (ApplicationV2 merges them down the chain). */
function mergedOptions(cls: unknown): Record<string, unknown> {
  const chain: Record<string, unknown>[] = [];
  for (let c = cls as { DEFAULT_OPTIONS?: object } | null; c; c = Object.getPrototypeOf(c) as typeof c)
    if (Object.prototype.hasOwnProperty.call(c, "DEFAULT_OPTIONS"))
      chain.unshift(c.DEFAULT_OPTIONS as Record<string, unknown>);
  const out: Record<string, unknown> = {};
  for (const options of chain)
    for (const [key, value] of Object.entries(options))
      out[key] = isRecord(value) && isRecord(out[key]) ? { ...(out[key] as object), ...value } : value;
  return out;
}

/** FormDataExtended: the form's named, enabled fields. */
export class TableFormDataExtended {
  readonly object: Record<string, unknown> = {};
  constructor(form: { querySelectorAll(selector: string): Iterable<unknown> }) {
    for (const tag of ["input", "select", "textarea"])
      for (const node of form.querySelectorAll(tag)) {
        const field = node as {
          getAttribute(name: string): string | null;
          hasAttribute(name: string): boolean;
          value?: string;
          checked?: boolean;
        };
        const name = field.getAttribute("name");
        if (!name || field.hasAttribute("disabled")) continue;
        const type = field.getAttribute("type");
        if (type === "checkbox") this.object[name] = field.checked === true;
        else if (type === "number") {
          const text = (field.value ?? "").trim();
          this.object[name] = text === "" ? null : Number(text);
        } else this.object[name] = field.value ?? "";
      }
  }
}

export class TableDocumentSheetV2 extends TableApplicationV2 {
  static override DEFAULT_OPTIONS: object = {
    tag: "form",
    form: { submitOnChange: false, closeOnSubmit: false },
  };
  readonly document: SheetDocument;
  /** Every render's number, for tests that count redraws. */
  renders = 0;
  /** The last submission started from the form (a test awaits it). */
  submitting: Promise<void> = Promise.resolve();
  constructor(options: Record<string, unknown> = {}) {
    const merged = { ...mergedOptions(new.target), ...options };
    super(merged);
    const document = options["document"];
    if (!document) throw new Error("DocumentSheetV2 needs options.document");
    this.document = document as SheetDocument;
  }
  get isEditable(): boolean {
    return this.document.isOwner;
  }
  get form(): FormConfig {
    return (this.options["form"] ?? {}) as FormConfig;
  }
  override async _prepareContext(_options: object): Promise<Record<string, unknown>> {
    return {
      document: this.document,
      source: structuredClone(this.document._source),
      editable: this.isEditable,
      user: running.getStore()?.user,
      rootId: this.document.id,
    };
  }
  /**
   * ApplicationV2#render: context, `_renderHTML`, `_replaceHTML` into the window's content, then the
   * render steps. Called as `render(options)` or the legacy `render(force, options)`; a render
   * without `force` of a sheet not drawn does nothing ("If false, only applications which already
   * exist are rendered": ApplicationRenderOptions#force). Tempo's own calls (`render()`,
   * `render({ force: true })`) draw as before.
   */
  override async render(options: boolean | object = {}, legacy: object = {}): Promise<this> {
    if (this.closed) return this;
    const asked: Record<string, unknown> =
      typeof options === "boolean" ? { ...legacy, force: options } : { ...options };
    if (!this.rendered && asked["force"] === false) return this;
    options = asked;
    const self = this as unknown as {
      _renderHTML(context: object, options: object): Promise<unknown>;
      _replaceHTML(result: unknown, content: unknown, options: object): void;
    };
    const context = await this._prepareContext(options);
    const result = await self._renderHTML(context, options);
    const first = !this.rendered;
    if (first) {
      const dom = pageOf();
      const root = parseDocument(
        `<form class="application sheet"><section class="window-content"></section></form>`,
      ).children.find(isElement);
      if (!root) throw new Error("the sheet's frame did not parse");
      this.element = dom.wrap(root);
      // A form application submits on change (ApplicationV2's frame listeners).
      this.element.addEventListener("change", (event) => this._onChangeForm(this.form, event));
    }
    const content = this.element.querySelector("section");
    if (!content) throw new Error("the sheet has no content section");
    self._replaceHTML(result, content, options);
    this.rendered = true;
    this.renders += 1;
    if (first) await this._onFirstRender(context, options);
    await this._onRender(context, options);
    return this;
  }
  /** ApplicationV2#_onChangeForm: submit when the form says so. */
  _onChangeForm(formConfig: FormConfig, event: unknown): void {
    if (formConfig.submitOnChange) this.submitting = this.submit({ event });
  }
  /** ApplicationV2#submit: the form's handler, or (DocumentSheetV2) an update of the document. */
  async submit(submitOptions: { event?: unknown } = {}): Promise<void> {
    if (!this.isEditable) return;
    const event = submitOptions.event ?? { type: "submit" };
    const formData = new TableFormDataExtended(this.element);
    const handler = this.form.handler;
    if (handler) await handler.call(this, event, this.element, formData);
    else {
      const data = this._prepareSubmitData(event, this.element, formData);
      await this._processSubmitData(event, this.element, data);
    }
  }
  /** DocumentSheetV2#_processFormData: the form's data, expanded. */
  _processFormData(
    _event: unknown,
    _form: unknown,
    formData: TableFormDataExtended,
  ): Record<string, unknown> {
    return expand(formData.object);
  }
  /**
   * DocumentSheetV2#_prepareSubmitData: the processed form data, validated as changes of the
   * document (a field the document's model refuses throws DataModelValidationError; whether the
   * model's joint rule is checked here too is the reading `submitValidation`).
   */
  _prepareSubmitData(
    event: unknown,
    form: unknown,
    formData: TableFormDataExtended,
  ): Record<string, unknown> {
    const data = this._processFormData(event, form, formData);
    // Field rules always; the model's joint rule as the reading says (readings.ts submitValidation).
    this.document.validateChanges?.(data, running.getStore()?.readings.submitValidation === "joint");
    return data;
  }
  /** DocumentSheetV2#_processSubmitData: update the document. */
  async _processSubmitData(_event: unknown, _form: unknown, data: Record<string, unknown>): Promise<void> {
    await this.document.update(data);
  }
}

export class TableActorSheetV2 extends TableDocumentSheetV2 {
  get actor(): SheetDocument {
    return this.document;
  }
}

export class TableItemSheetV2 extends TableDocumentSheetV2 {
  get item(): SheetDocument {
    return this.document;
  }
}

interface Registered {
  cls: new (options: Record<string, unknown>) => TableDocumentSheetV2;
  default: boolean;
  label?: string;
}

/** DocumentSheetConfig: sheets by document name and type, in the running client's CONFIG. */
export const TableDocumentSheetConfig = {
  registerSheet(
    documentClass: { documentName: string },
    scope: string,
    sheetClass: Registered["cls"],
    options: { types?: string[]; makeDefault?: boolean; label?: string } = {},
  ): void {
    const client = running.getStore();
    if (!client) throw new Error("registerSheet ran outside any client");
    const config = client.CONFIG[documentClass.documentName] as Record<string, unknown>;
    const classes = (config["sheetClasses"] ??= {}) as Record<string, Record<string, Registered>>;
    for (const type of options.types ?? []) {
      const byId = (classes[type] ??= {});
      if (options.makeDefault) for (const entry of Object.values(byId)) entry.default = false;
      byId[`${scope}.${sheetClass.name}`] = {
        cls: sheetClass,
        default: options.makeDefault === true,
        ...(options.label ? { label: options.label } : {}),
      };
    }
  },
};

/** A document's `sheet`: the default sheet registered for its type, built once (null if none). */
export function sheetOf(
  doc: SheetDocument,
  cache: { sheet?: TableDocumentSheetV2 | null },
): TableDocumentSheetV2 | null {
  if (cache.sheet) return cache.sheet;
  const client = running.getStore();
  if (!client) return null;
  const config = client.CONFIG[doc.documentName] as Record<string, unknown> | undefined;
  const classes = (config?.["sheetClasses"] ?? {}) as Record<string, Record<string, Registered>>;
  const entries = Object.values(classes[doc.type ?? "base"] ?? {});
  const chosen = entries.find((e) => e.default) ?? entries[0];
  if (!chosen) return null;
  cache.sheet = new chosen.cls({ document: doc });
  return cache.sheet;
}

/** Draw a document's sheet again if it is open (after the document changed). */
export function redrawSheet(cache: { sheet?: TableDocumentSheetV2 | null }): void {
  if (cache.sheet?.rendered && !cache.sheet.closed) void cache.sheet.render();
}

/** foundry.utils.getProperty(object, "a.b"): the value at a dotted path. */
export function getProperty(object: unknown, path: string): unknown {
  let node: unknown = object;
  for (const part of path.split(".")) {
    if (!isRecord(node) && typeof node !== "object") return undefined;
    node = (node as Record<string, unknown> | null)?.[part];
  }
  return node;
}

/**
 * DataModelValidationError (https://foundryvtt.com/api/v13/classes/foundry.data.validation.DataModelValidationError.html):
 * `getAllFailures()` gives each failing field's path with its failure.
 */
export class TableDataModelValidationError extends Error {
  constructor(readonly failures: Record<string, { message: string }>) {
    super(
      Object.entries(failures)
        .map(([path, f]) => `${path}: ${f.message}`)
        .join("; "),
    );
  }
  getAllFailures(): Record<string, { message: string }> {
    return this.failures;
  }
}
