/**
 * The tracker's rows, drawn by change: a row whose view model changed is laid over its element
 * (`data-combatant-id`, morphdom: its portrait and focused button are kept); the list is re-ordered
 * only when its order changed.
 *
 * A long list (a crowd) is drawn whole with only the rows in and near the panel's view, the
 * acting and the selected combatant's: every other row is a light placeholder (its name, its label,
 * its `data-combatant-id`) until the page is idle or the panel is scrolled to it. Issue 31: at
 * N = 200 the template's 200 rows (2,600 elements) were half of the first Start's time.
 */
import morphdom from "morphdom";

import type { CombatantRowView } from "../../views/tracker";
import { afterPaint, h } from "../dom";

interface DrawnRow {
  row: CombatantRowView;
  /** The HTML it was drawn from (a row drawn to the same HTML is left alone); null: drawn whole. */
  html: string | null;
  el: HTMLElement;
  /** A placeholder, drawn from the template when the page is idle or the row is scrolled to. */
  pending?: boolean;
}

/** A list this long or shorter is drawn whole at once; a longer one, in view first. */
const EAGER_ROWS = 40;
/** Rows drawn from the template each time the page is idle, however little time it has. */
const MIN_FILL = 8;
/** Rows drawn beyond the panel's view, above and below, with a long list's whole draw. */
const ROW_BUFFER = 8;
/** Where the list sits in its scrolling panel, read once the frame is drawn (never mid-command). */
interface ListGeometry {
  scrollTop: number;
  height: number;
  /** The list's top in the panel's scrolled content. */
  listTop: number;
  /** The list's height over its rows: where the n-th row is, near enough. */
  rowHeight: number;
}

export class TrackerRows {
  private readonly rows = new Map<string, DrawnRow>();
  private order: readonly string[] = [];
  /** The combatant whose row is marked selected. */
  selected: string | null = null;
  private geometry: ListGeometry | null = null;
  private fillQueued = false;
  private measureQueued = false;

  /**
   * `el` is the tracker's panel, which scrolls; `rowHtml` draws one row from the template;
   * `chosen` is the combatant the page has selected (its row is always drawn).
   */
  constructor(
    private readonly el: HTMLElement,
    private readonly rowHtml: (row: CombatantRowView) => string | null,
    private readonly chosen: () => string | null,
  ) {
    // Scrolled to rows still waiting: they are drawn before the next frame shows them.
    el.addEventListener(
      "scroll",
      () => {
        if (this.geometry) this.geometry.scrollTop = el.scrollTop;
        if (this.hasPending()) requestAnimationFrame(() => this.fillInView());
      },
      { passive: true },
    );
  }

  get size(): number {
    return this.rows.size;
  }

  clear(): void {
    this.rows.clear();
    this.selected = null;
  }

  /**
   * After the whole tracker was drawn from `rows` (only those in `eager`, when given): the rows'
   * elements are taken from the page, the others wait as placeholders in their places.
   */
  adopt(rows: readonly CombatantRowView[], eager: Set<string> | null): void {
    const elements = new Map<string, HTMLElement>();
    for (const el of this.el.querySelectorAll<HTMLElement>("[data-combatant-id]"))
      elements.set(el.dataset["combatantId"] ?? "", el);
    for (const row of rows) {
      const el = elements.get(row.id);
      if (el) this.rows.set(row.id, { row, html: null, el });
      else if (eager) this.rows.set(row.id, { row, html: null, el: placeholder(row), pending: true });
    }
    const list = this.el.querySelector(".tempo-tracker__list");
    if (eager && list) {
      list.replaceChildren(...rows.flatMap((r) => this.rows.get(r.id)?.el ?? []));
      this.fillWhenIdle();
    }
    this.order = rows.map((r) => r.id);
    this.measureSoon();
  }

  /**
   * The rows a long list draws at once: those in and near the panel's view (where it was last
   * drawn, or the top), the acting combatant's and the selected one's. Null: draw every row.
   */
  eager(rows: readonly CombatantRowView[]): Set<string> | null {
    if (rows.length <= EAGER_ROWS) return null;
    const { first, last } = this.rowsInView(rows.length);
    const eager = new Set(rows.slice(Math.max(0, first - ROW_BUFFER), last + ROW_BUFFER).map((r) => r.id));
    for (const row of rows) if (row.current || row.id === this.chosen()) eager.add(row.id);
    return eager;
  }

  /** The rows in the panel's view, by position in the list, from the geometry last read. */
  private rowsInView(count: number): { first: number; last: number } {
    const g = this.geometry;
    if (!g || g.rowHeight <= 0) return { first: 0, last: Math.min(count, 24) };
    const first = Math.max(0, Math.floor((g.scrollTop - g.listTop) / g.rowHeight));
    return { first, last: Math.min(count, first + Math.ceil(g.height / g.rowHeight) + 1) };
  }

  private hasPending(): boolean {
    for (const drawn of this.rows.values()) if (drawn.pending) return true;
    return false;
  }

  /** Draw a waiting row from the template, in its place. */
  private fill(drawn: DrawnRow): void {
    const html = this.rowHtml(drawn.row);
    const el = html === null ? null : fromHtml(html);
    if (!el || !drawn.el.isConnected) return;
    if (drawn.row.id === this.selected) el.classList.add("is-selected");
    drawn.el.replaceWith(el);
    drawn.el = el;
    drawn.html = html;
    drawn.pending = false;
  }

  /**
   * The waiting rows the panel shows now, after a scroll: drawn before the frame paints them. It
   * runs in the frame's animation callbacks, where the scrolled layout is there to read: the first
   * row in view is found by halving the list.
   */
  private fillInView(): void {
    const top = this.el.getBoundingClientRect().top;
    const bottom = top + this.el.clientHeight;
    const rowAt = (i: number) => this.rows.get(this.order[i] ?? "")?.el;
    let lo = 0;
    let hi = this.order.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const box = rowAt(mid)?.getBoundingClientRect();
      if (box && box.bottom < top) lo = mid + 1;
      else hi = mid;
    }
    // Read where the view ends first, then draw: a read after each draw would lay the page out
    // once per row.
    let end = lo;
    while (end < this.order.length && (rowAt(end)?.getBoundingClientRect().top ?? bottom) <= bottom) end++;
    for (const id of this.order.slice(Math.max(0, lo - ROW_BUFFER), end + ROW_BUFFER)) {
      const drawn = this.rows.get(id);
      if (drawn?.pending) this.fill(drawn);
    }
  }

  /**
   * The rows still waiting are drawn while the page is idle, a few at a time, nearest the view
   * first: soon every row is the template's (find in page, Tab and the setup buttons reach all).
   */
  private fillWhenIdle(): void {
    if (this.fillQueued) return;
    this.fillQueued = true;
    const run = (deadline: { timeRemaining(): number }) => {
      this.fillQueued = false;
      const { first } = this.rowsInView(this.order.length);
      const waiting = this.order
        .map((id, i) => ({ drawn: this.rows.get(id), i }))
        .filter((w): w is { drawn: DrawnRow; i: number } => !!w.drawn?.pending)
        .sort((a, b) => Math.abs(a.i - first) - Math.abs(b.i - first));
      // A few rows each time at least: a page that is never idle (a busy machine, a callback
      // that ran out of time) still gets every row drawn, a few at a time.
      waiting.forEach(({ drawn }, i) => {
        if (i < MIN_FILL || deadline.timeRemaining() >= 2) this.fill(drawn);
      });
      if (this.hasPending()) this.fillWhenIdle();
    };
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 250 });
    else {
      // No idle callbacks (Safari): a short slice after the next frame.
      afterPaint(() => {
        const end = performance.now() + 8;
        run({ timeRemaining: () => end - performance.now() });
      });
    }
  }

  /** Read where the list sits once the frame is drawn (reading it mid-command lays the page out). */
  private measureSoon(): void {
    if (this.measureQueued) return;
    this.measureQueued = true;
    afterPaint(() => {
      this.measureQueued = false;
      const list = this.el.querySelector<HTMLElement>(".tempo-tracker__list");
      if (!list) return;
      const row = [...this.rows.values()].find((d) => !d.pending && !d.row.expanded)?.el;
      const panel = this.el.getBoundingClientRect();
      const box = list.getBoundingClientRect();
      this.geometry = {
        scrollTop: this.el.scrollTop,
        height: this.el.clientHeight,
        listTop: box.top - panel.top + this.el.scrollTop,
        rowHeight: this.order.length > 0 ? box.height / this.order.length : 0,
      };
      // A waiting row stands as tall as a drawn one, so the list's length and scroll do not jump.
      const drawnHeight = row?.getBoundingClientRect().height ?? 0;
      if (drawnHeight > 0) list.style.setProperty("--pg-row-h", `${drawnHeight}px`);
    });
  }

  /** Only the rows whose view changed are drawn again; the list is re-ordered only when its order did. */
  patch(rows: readonly CombatantRowView[]): void {
    const list = this.el.querySelector(".tempo-tracker__list");
    if (!list) return;
    for (const row of rows) {
      const drawn = this.rows.get(row.id);
      if (drawn?.row === row) continue;
      if (drawn?.pending) {
        // A waiting row takes the new view; it is drawn now only when it is the turn's or selected.
        drawn.row = row;
        if (row.current || row.id === this.chosen()) this.fill(drawn);
        else refreshPlaceholder(drawn.el, row);
        continue;
      }
      const html = this.rowHtml(row);
      if (html === null) continue;
      if (drawn && drawn.html === html) {
        drawn.row = row;
        continue;
      }
      if (drawn) {
        // Laid over the row shown: its portrait, its buttons (and focus on one) are kept, and only
        // what reads differently is written (a new <img> costs the page its image's decoding).
        morphdom(drawn.el, html, { onBeforeElUpdated: (from, to) => !from.isEqualNode(to) });
        if (row.id === this.selected) drawn.el.classList.add("is-selected");
        drawn.row = row;
        drawn.html = html;
        continue;
      }
      const el = fromHtml(html);
      if (!el) continue;
      if (row.id === this.selected) el.classList.add("is-selected");
      list.append(el);
      this.rows.set(row.id, { row, html, el });
    }
    const ids = rows.map((r) => r.id);
    if (ids.length === this.order.length && ids.every((id, i) => id === this.order[i])) return;
    const shown = new Set(ids);
    for (const [id, drawn] of this.rows) {
      if (shown.has(id)) continue;
      drawn.el.remove();
      this.rows.delete(id);
    }
    for (const id of ids) {
      const drawn = this.rows.get(id);
      if (drawn) list.append(drawn.el);
    }
    this.order = ids;
  }

  /** The selected combatant's row is marked (and drawn, if it was waiting); the last one is not. */
  markSelected(selected: string | null): void {
    const chosen = selected === null ? undefined : this.rows.get(selected);
    if (chosen?.pending) this.fill(chosen);
    if (this.selected !== null) this.rows.get(this.selected)?.el.classList.remove("is-selected");
    if (selected !== null) this.rows.get(selected)?.el.classList.add("is-selected");
    this.selected = selected;
  }
}

/**
 * A long list's row before it is drawn from the template: the row's element and classes, its
 * name, and what a screen reader hears on the row (the template's label).
 */
function placeholder(row: CombatantRowView): HTMLElement {
  const el = h(
    "li",
    { "data-combatant-id": row.id },
    h("div", { class: "tempo-combatant__line" }, h("span", { class: "tempo-combatant__name" }, row.name)),
  );
  refreshPlaceholder(el, row);
  return el;
}

function refreshPlaceholder(el: HTMLElement, row: CombatantRowView): void {
  el.className = `${row.cssClass} pg-row-pending`;
  el.setAttribute("aria-label", row.ariaLabel);
  const name = el.querySelector(".tempo-combatant__name");
  if (name && name.textContent !== row.name) name.textContent = row.name;
}

/** One element parsed from a template's HTML. */
export function fromHtml(html: string): HTMLElement | null {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const el = template.content.firstElementChild;
  return el instanceof HTMLElement ? el : null;
}
