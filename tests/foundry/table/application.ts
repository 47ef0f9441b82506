/**
 * The windows of the simulated table: ApplicationV2 and HandlebarsApplicationMixin as far as the
 * reaction prompt uses them, drawn into a small DOM so a test can focus, press keys and close.
 *
 * Pages followed:
 * - ApplicationV2 (https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html):
 *   `render` prepares the context (`_prepareContext`), renders the HTML, then runs `_onFirstRender`
 *   the first time and `_onRender` every time; `element` is the window's element; `close` runs
 *   `_onClose`; `bringToFront`.
 * - HandlebarsApplicationMixin
 *   (https://foundryvtt.com/api/v13/functions/foundry.applications.api.HandlebarsApplicationMixin.html):
 *   each entry of the class's static `PARTS` is a Handlebars template rendered with the context,
 *   here with the real `handlebars` package (tests/foundry/sheets/handlebars.ts).
 * - Inserted HTML does not focus its `autofocus` element by itself (HTML's autofocus acts when a
 *   document or dialog is shown): https://developer.mozilla.org/en-US/docs/Web/HTML/Global_attributes/autofocus
 *
 * The DOM is a subset: elements parsed with htmlparser2, `querySelector`/`querySelectorAll` for
 * one simple selector (`tag`, `.class`, `[attr]`, `[attr="value"]`, `tag[attr="value"]`) or a list
 * of them, `outerHTML` (set: https://developer.mozilla.org/en-US/docs/Web/API/Element/outerHTML), `focus`
 * and `blur` (the window's `activeElement`, with a bubbling `focusout` on the element that loses
 * focus), fields' `value` / `defaultValue` (and a checkbox's `checked` / `defaultChecked`),
 * `contains`, `innerHTML` (set), `dataset`, `textContent`, `style`, and events a test dispatches itself.
 * The table's clock never ticks: `window.setInterval` schedules nothing, so a prompt's countdown
 * stands still (timings are never tested).
 */
import { DomUtils, parseDocument } from "htmlparser2";
import type { ChildNode, Element as DomNode } from "domhandler";

import { render as renderTemplate } from "../sheets/handlebars";
import { running } from "./server";

type Listener = (event: TableEvent) => unknown;
interface Listening {
  fn: Listener;
  once: boolean;
}

/** An event a test dispatches (a key press: `key`). */
export interface TableEvent {
  type: string;
  key?: string;
  target?: TableElement;
  defaultPrevented?: boolean;
  preventDefault(): void;
  stopPropagation(): void;
}

/** One window's DOM (or one client's page, for document sheets): its elements (one wrapper per node) and the focused one. */
export class TableDom {
  activeElement: TableElement | null = null;
  private readonly wrappers = new WeakMap<DomNode, TableElement>();
  wrap(node: DomNode): TableElement {
    let el = this.wrappers.get(node);
    if (!el) {
      el = new TableElement(node, this);
      this.wrappers.set(node, el);
    }
    return el;
  }
}

export function isElement(node: ChildNode): node is DomNode {
  return node.type === "tag" || node.type === "script" || node.type === "style";
}

/** Does a node match one simple selector? */
function matches(node: DomNode, selector: string): boolean {
  // A selector list ("input, textarea") matches where one of its selectors does.
  if (selector.includes(",")) return selector.split(",").some((one) => matches(node, one.trim()));
  const attr = /^([a-z][\w-]*)?\[([\w-]+)(?:="([^"]*)")?\]$/i.exec(selector);
  if (attr) {
    const [, tag, name = "", value] = attr;
    if (tag !== undefined && node.name !== tag.toLowerCase()) return false;
    return name in node.attribs && (value === undefined || node.attribs[name] === value);
  }
  if (selector.startsWith(".")) return (node.attribs["class"] ?? "").split(/\s+/).includes(selector.slice(1));
  if (/^[a-z][\w-]*$/i.test(selector)) return node.name === selector.toLowerCase();
  throw new Error(`the table's DOM does not read the selector ${selector}`);
}

export class TableElement {
  readonly style: Record<string, string> = {};
  private readonly listeners = new Map<string, Listening[]>();
  private text: string | null = null;
  /** The value the user gave the field (null: none yet, the field shows its default). */
  private typed: string | null = null;
  constructor(
    readonly node: DomNode,
    private readonly dom: TableDom,
  ) {}
  get tagName(): string {
    return this.node.name.toUpperCase();
  }
  getAttribute(name: string): string | null {
    return this.node.attribs[name] ?? null;
  }
  hasAttribute(name: string): boolean {
    return name in this.node.attribs;
  }
  get dataset(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.node.attribs))
      if (name.startsWith("data-"))
        out[name.slice(5).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = value;
    return out;
  }
  get textContent(): string {
    return this.text ?? DomUtils.textContent(this.node);
  }
  set textContent(value: string) {
    this.text = value;
  }
  /**
   * HTMLElement#focus: the element becomes the document's `activeElement`; the element that had
   * focus loses it first, and a `focusout` (which bubbles) is dispatched on it
   * (https://developer.mozilla.org/en-US/docs/Web/API/Element/focusout_event).
   */
  focus(): void {
    const before = this.dom.activeElement;
    if (before === this) return;
    this.dom.activeElement = this;
    this.valueOnFocus = this.value;
    before?.left();
  }
  /** HTMLElement#blur: focus leaves the element (to the body). */
  blur(): void {
    if (this.dom.activeElement !== this) return;
    this.dom.activeElement = null;
    this.left();
  }
  private valueOnFocus: string | undefined = undefined;
  /**
   * Focus has left: a text field whose value the user changed fires `change` first ("when the
   * element loses focus after its value was changed":
   * https://developer.mozilla.org/en-US/docs/Web/API/HTMLElement/change_event), then `focusout`.
   */
  private left(): void {
    if (this.typed !== null && this.typed !== this.valueOnFocus) this.dispatch("change");
    this.dispatch("focusout");
  }
  /**
   * HTMLInputElement / HTMLTextAreaElement `defaultValue`: the value the HTML gave the field (an
   * input's `value` attribute, a textarea's text); undefined on other elements
   * (https://developer.mozilla.org/en-US/docs/Web/API/HTMLInputElement#defaultvalue).
   */
  get defaultValue(): string | undefined {
    if (this.node.name === "input") return this.node.attribs["value"] ?? "";
    if (this.node.name === "textarea") return DomUtils.textContent(this.node);
    return undefined;
  }
  /**
   * A field's `value`: what the user typed, else its default (a select's: its selected option's
   * value, else its first option's). Setting it is what typing does: the HTML (defaultValue) stays.
   */
  get value(): string | undefined {
    if (this.typed !== null) return this.typed;
    if (this.node.name === "select") {
      const options = this.querySelectorAll("option");
      const chosen = options.find((o) => o.hasAttribute("selected")) ?? options[0];
      return chosen ? (chosen.getAttribute("value") ?? chosen.textContent) : "";
    }
    return this.defaultValue;
  }
  set value(text: string | undefined) {
    this.typed = text ?? "";
  }
  /** A checkbox's `defaultChecked` (its `checked` attribute); undefined on other elements. */
  get defaultChecked(): boolean | undefined {
    return this.node.name === "input" && this.node.attribs["type"] === "checkbox"
      ? "checked" in this.node.attribs
      : undefined;
  }
  private ticked: boolean | null = null;
  get checked(): boolean | undefined {
    return this.ticked ?? this.defaultChecked;
  }
  set checked(on: boolean | undefined) {
    this.ticked = on === true;
  }
  /** Node#contains: the node itself or one of its descendants. */
  contains(other: TableElement | null): boolean {
    for (let node: DomNode["parent"] = other?.node ?? null; node; node = node.parent)
      if (node === this.node) return true;
    return false;
  }
  /** Element#innerHTML (set): the children become the parsed HTML; focus inside them is lost. */
  set innerHTML(html: string) {
    if (this.contains(this.dom.activeElement)) this.dom.activeElement = null;
    for (const child of [...this.node.children]) DomUtils.removeElement(child);
    for (const child of parseDocument(html).children) DomUtils.appendChild(this.node, child);
  }
  /**
   * Element#outerHTML (set): the element is replaced in its parent by the parsed HTML; focus inside
   * it is lost. (https://developer.mozilla.org/en-US/docs/Web/API/Element/outerHTML)
   */
  set outerHTML(html: string) {
    if (this.contains(this.dom.activeElement)) this.dom.activeElement = null;
    const parsed = parseDocument(html).children;
    for (const child of parsed) DomUtils.prepend(this.node, child);
    DomUtils.removeElement(this.node);
  }
  /** How many times the element was scrolled into view (Element#scrollIntoView; the table does not lay out). */
  scrolledIntoView = 0;
  scrollIntoView(_options?: object): void {
    this.scrolledIntoView += 1;
  }
  /** Node#isConnected-like: is the element still in a tree (not replaced or removed)? */
  get isConnected(): boolean {
    return this.node.parent !== null;
  }
  /** Node#ownerDocument: here the window's own DOM, with its `activeElement`. */
  get ownerDocument(): { activeElement: TableElement | null } {
    return this.dom;
  }
  querySelector<T = TableElement>(selector: string): T | null {
    const found = DomUtils.findOne((n) => matches(n, selector), this.node.children.filter(isElement), true);
    return (found ? this.dom.wrap(found) : null) as T | null;
  }
  querySelectorAll(selector: string): TableElement[] {
    return DomUtils.findAll((n) => matches(n, selector), this.node.children.filter(isElement)).map((n) =>
      this.dom.wrap(n),
    );
  }
  /** EventTarget#addEventListener, with the `once` option (the listener is removed as it runs). */
  addEventListener(type: string, fn: Listener, options: { once?: boolean } = {}): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), { fn, once: options.once === true }]);
  }
  /** Dispatch an event here: this element's listeners, then its ancestors' (bubbling). */
  dispatch(type: string, init: { key?: string } = {}): TableEvent {
    let stopped = false;
    const event: TableEvent = {
      type,
      ...init,
      target: this,
      defaultPrevented: false,
      preventDefault() {
        event.defaultPrevented = true;
      },
      stopPropagation() {
        stopped = true;
      },
    };
    for (let node: DomNode | null = this.node; node && !stopped;) {
      const here = this.dom.wrap(node);
      const listening = here.listeners.get(type) ?? [];
      here.listeners.set(
        type,
        listening.filter((l) => !l.once),
      );
      for (const { fn } of listening) fn(event);
      const parent: DomNode["parent"] = node.parent;
      node = parent && parent.type === "tag" ? (parent as DomNode) : null;
    }
    return event;
  }
}

/** A window built on the table, with the label of the client that built it. */
export interface BuiltWindow {
  label: string;
  app: TableApplicationV2;
}

/** Every window built, in order (a test may say none was shown, or find a client's prompt). */
export const windowsBuilt: string[] = [];
export const windows: BuiltWindow[] = [];

export class TableApplicationV2 {
  static DEFAULT_OPTIONS: object = {};
  static PARTS: Record<string, { template: string }> = {};
  /** The window's element once rendered (a `div` holding the parts' HTML). */
  element!: TableElement;
  rendered = false;
  closed = false;
  readonly options: Record<string, unknown>;
  constructor(options: Record<string, unknown> = {}) {
    this.options = options;
    const label = running.getStore()?.label ?? "outside";
    windowsBuilt.push(label);
    windows.push({ label, app: this });
  }
  async _prepareContext(_options: object): Promise<Record<string, unknown>> {
    return {};
  }
  async _onFirstRender(_context: object, _options: object): Promise<void> {}
  async _onRender(_context: object, _options: object): Promise<void> {}
  /** ApplicationV2#render: the context, the parts' HTML, then _onFirstRender and _onRender. */
  async render(options: object = {}): Promise<this> {
    if (this.closed) return this;
    const parts = (this.constructor as typeof TableApplicationV2).PARTS;
    const context = await this._prepareContext(options);
    const html = Object.values(parts)
      .map((part) => renderTemplate(part.template, context))
      .join("");
    const dom = new TableDom();
    const root = parseDocument(`<div class="window-content">${html}</div>`).children.find(isElement);
    if (!root) throw new Error("the window rendered nothing");
    this.element = dom.wrap(root);
    const first = !this.rendered;
    this.rendered = true;
    if (first) await this._onFirstRender(context, options);
    await this._onRender(context, options);
    return this;
  }
  /** ApplicationV2#close: runs the _onClose step, as Foundry does when a window closes. */
  close(options: object = {}): Promise<this> {
    if (!this.closed) {
      this.closed = true;
      this._onClose(options);
    }
    return Promise.resolve(this);
  }
  _onClose(_options: object): void {}
  bringToFront(): void {}
}

/** HandlebarsApplicationMixin: the parts are Handlebars templates (rendered by TableApplicationV2#render). */
export function HandlebarsApplicationMixin(base: typeof TableApplicationV2): typeof TableApplicationV2 {
  return class extends base {};
}

/** The browser's `window` as the prompt's countdown uses it: a clock that never ticks. */
export const tableWindow = {
  setInterval: (_fn: () => void, _ms: number): number => 0,
  clearInterval: (_id: number): void => undefined,
};
