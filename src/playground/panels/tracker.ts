/**
 * The tracker panel: the system's tracker template (src/views/tracker.ts, templates/tracker), with
 * the playground's own GM controls beside Next turn (start, end a turn for anyone, end the combat,
 * undo and going back). Drawn by change: a row whose view model changed is drawn alone from
 * templates/tracker/combatant.hbs and replaces its element (`data-combatant-id`); the header is
 * replaced only when its HTML differs; the list is re-ordered only when the order changed.
 *
 * A long list (a crowd) is drawn whole with only the rows in and near the panel's view, the
 * acting and the selected combatant's: every other row is a light placeholder (its name, its
 * `data-combatant-id`) until the page is idle or the panel is scrolled to it. Issue 31: at N = 200
 * the template's 200 rows (2,600 elements) were half of the first Start's time.
 */
import { combatantIn, type EncounterState } from "../../engine";
import { trackerCommand } from "../../views/controls";
import {
  TrackerMemo,
  trackerView,
  type CombatantRowView,
  type TrackerCombatantDoc,
  type TrackerOptions,
  type TrackerView,
} from "../../views/tracker";
import { afterPaint, h } from "../dom";
import type { Frame, PlaygroundHost } from "../host";
import { avatar } from "../labels";
import type { ViewModules } from "../views";
import { trackerControls, type TrackerControl } from "./tracker-controls";

interface DrawnRow {
  row: CombatantRowView;
  /** The HTML it was drawn from (a row drawn to the same HTML is left alone); null: drawn whole. */
  html: string | null;
  el: HTMLElement;
  /** A placeholder, drawn from the template when the page is idle or the row is scrolled to. */
  pending?: boolean;
}

/** A list this long or shorter is drawn whole at once; a longer one, in view first. */
export const EAGER_ROWS = 40;
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

export interface TrackerPanelLinks {
  openHowTo(): void;
}

/** A tracker document, with what its portrait was drawn from. */
type Doc = TrackerCombatantDoc & { label: string; pc: boolean };

export class TrackerPanel {
  private controls: TrackerControl[] = [];
  private controlsFor: EncounterState | null = null;
  private barKey = "";
  private bar: HTMLElement | null = null;
  private rows = new Map<string, DrawnRow>();
  private order: readonly string[] = [];
  private structureHtml: string | null = null;
  private shellKey: string | null = null;
  /** The documents the view model reads (name and portrait), kept while they do not change. */
  private docs = new Map<string, Doc>();
  private options: TrackerOptions | null = null;
  private selected: string | null = null;
  /** Keeps the rows whose inputs did not change as the same objects (contract 2 of issue 31). */
  private memo = new TrackerMemo();
  private geometry: ListGeometry | null = null;
  private fillQueued = false;
  private measureQueued = false;

  constructor(
    private readonly host: PlaygroundHost,
    private readonly el: HTMLElement,
    private readonly views: ViewModules,
    private readonly links: TrackerPanelLinks,
  ) {
    el.addEventListener("click", (e) => this.onClick(e));
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

  reset(): void {
    this.shellKey = null;
    this.rows.clear();
    this.docs.clear();
    this.options = null;
    this.controlsFor = null;
    this.memo = new TrackerMemo();
  }

  update(frame: Frame): void {
    const state = frame.state;
    const view = trackerView(state, this.optionsFor(state), this.memo);
    if (this.controlsFor !== state) {
      this.controls = trackerControls(state, this.host.loc);
      this.controlsFor = state;
    }
    const shellKey = `${view.isGridless}|${view.gridless}|${view.hasCombatants}`;
    // A command that changed most rows (the start, a new round's initiative) is drawn whole: one
    // parse of the list costs less than replacing each row on its own.
    const most = frame.changes.combatants.size * 2 > Math.max(this.rows.size, 8);
    if (frame.changes.all || most || shellKey !== this.shellKey) {
      if (!this.drawWhole(view)) return;
      this.shellKey = shellKey;
    } else {
      this.patchStructure(view);
      this.patchRows(view);
    }
    if (this.selected !== frame.selected || frame.selectionChanged) this.markSelected(frame.selected);
  }

  /** The whole tracker from its template; false (and the plain controls) while it is loading. */
  private drawWhole(view: TrackerView): boolean {
    const eager = this.eagerRows(view.combatants);
    const html = this.views.trackerHtml(
      eager ? { ...view, combatants: view.combatants.filter((r) => eager.has(r.id)) } : view,
    );
    this.rows.clear();
    this.selected = null;
    if (html === null) {
      // Until the system's tracker template can be fetched, the controls alone keep the fight going.
      this.shellKey = null;
      this.el.dataset["source"] = "playground";
      this.el.replaceChildren(
        h("p", { class: "pg-empty" }, this.host.loc.localize("TEMPO.Playground.Loading")),
        this.controlBar(),
      );
      return false;
    }
    this.el.innerHTML = html;
    this.el.dataset["source"] = "template";
    this.structureHtml = this.views.trackerStructureHtml(view);
    const elements = new Map<string, HTMLElement>();
    for (const el of this.el.querySelectorAll<HTMLElement>("[data-combatant-id]"))
      elements.set(el.dataset["combatantId"] ?? "", el);
    for (const row of view.combatants) {
      const el = elements.get(row.id);
      if (el) this.rows.set(row.id, { row, html: null, el });
      else if (eager) this.rows.set(row.id, { row, html: null, el: placeholder(row), pending: true });
    }
    const list = this.el.querySelector(".tempo-tracker__list");
    if (eager && list) {
      list.replaceChildren(...view.combatants.flatMap((r) => this.rows.get(r.id)?.el ?? []));
      this.fillWhenIdle();
    }
    this.order = view.combatants.map((r) => r.id);
    this.decorate();
    this.measureSoon();
    return true;
  }

  /**
   * The rows a long list draws at once: those in and near the panel's view (where it was last
   * drawn, or the top), the acting combatant's and the selected one's. Null: draw every row.
   */
  private eagerRows(rows: readonly CombatantRowView[]): Set<string> | null {
    if (rows.length <= EAGER_ROWS) return null;
    const { first, last } = this.rowsInView(rows.length);
    const eager = new Set(rows.slice(Math.max(0, first - ROW_BUFFER), last + ROW_BUFFER).map((r) => r.id));
    for (const row of rows) if (row.current || row.id === this.host.selected) eager.add(row.id);
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
    const html = this.views.trackerRowHtml(drawn.row);
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
    for (let i = Math.max(0, lo - ROW_BUFFER); i < this.order.length; i++) {
      const drawn = this.rows.get(this.order[i] ?? "");
      if (!drawn) continue;
      if (i > lo + ROW_BUFFER && drawn.el.getBoundingClientRect().top > bottom) break;
      if (drawn.pending) this.fill(drawn);
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
      for (const { drawn } of waiting) {
        if (deadline.timeRemaining() < 2) break;
        this.fill(drawn);
      }
      if (this.hasPending()) this.fillWhenIdle();
    };
    if (typeof requestIdleCallback === "function") requestIdleCallback(run, { timeout: 1000 });
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

  /** The round's header, replaced only when its HTML changed (round, step, waiting, controls). */
  private patchStructure(view: TrackerView): void {
    const html = this.views.trackerStructureHtml(view);
    const old = this.el.querySelector(".tempo-tracker__structure");
    if (html !== null && html !== this.structureHtml && old) {
      const fresh = fromHtml(html);
      if (fresh) {
        old.replaceWith(fresh);
        this.structureHtml = html;
        this.barKey = "";
      }
    }
    this.decorate();
  }

  /** Only the rows whose view changed are drawn again; the list is re-ordered only when its order did. */
  private patchRows(view: TrackerView): void {
    const list = this.el.querySelector(".tempo-tracker__list");
    if (!list) return;
    for (const row of view.combatants) {
      const drawn = this.rows.get(row.id);
      if (drawn?.row === row) continue;
      if (drawn?.pending) {
        // A waiting row takes the new view; it is drawn now only when it is the turn's or selected.
        drawn.row = row;
        if (row.current || row.id === this.host.selected) this.fill(drawn);
        else refreshPlaceholder(drawn.el, row);
        continue;
      }
      const html = this.views.trackerRowHtml(row);
      if (html === null) continue;
      if (drawn && drawn.html === html) {
        drawn.row = row;
        continue;
      }
      const el = fromHtml(html);
      if (!el) continue;
      if (row.id === this.selected) el.classList.add("is-selected");
      if (drawn) drawn.el.replaceWith(el);
      else list.append(el);
      this.rows.set(row.id, { row, html, el });
    }
    const ids = view.combatants.map((r) => r.id);
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

  private markSelected(selected: string | null): void {
    const chosen = selected === null ? undefined : this.rows.get(selected);
    if (chosen?.pending) this.fill(chosen);
    if (this.selected !== null) this.rows.get(this.selected)?.el.classList.remove("is-selected");
    if (selected !== null) this.rows.get(selected)?.el.classList.add("is-selected");
    this.selected = selected;
  }

  /**
   * The system's tracker has Next and the marching choice; the playground adds what a GM does
   * elsewhere in Foundry: start the combat, end a turn for anyone, end the combat, undo and going
   * back. They sit next to Next turn, at the top of the tracker (styles/playground.css).
   */
  private decorate(): void {
    const key = JSON.stringify([
      this.controls.map((c) => [c.id, c.enabled, c.reason]),
      this.currentName(),
      this.host.session.state.status === "setup",
    ]);
    if (key !== this.barKey || !this.bar?.isConnected) {
      this.bar?.remove();
      const bar = this.controlBar(["start", "endTurn", "end"]);
      const history = this.historyBar();
      if (history) bar.append(history);
      const anchor =
        this.el.querySelector(".tempo-tracker__controls") ??
        this.el.querySelector(".tempo-tracker__structure > :first-child");
      if (anchor) anchor.after(bar);
      else this.el.prepend(bar);
      this.bar = bar;
      this.barKey = key;
    }
    // Next turn and End turn both move the fight on: each says what it does.
    for (const next of this.el.querySelectorAll<HTMLElement>(
      ".tempo-tracker__structure [data-action=tempoNext]",
    ))
      next.title = this.host.loc.localize("TEMPO.Playground.Tracker.NextHint");
    // The tracker's link to the ruleset's pages opens them here too, from the keyboard as well.
    for (const link of this.el.querySelectorAll<HTMLElement>(
      ".tempo-tracker__structure [data-action=tempoHowto]",
    )) {
      link.setAttribute("href", "#");
      link.setAttribute("role", "button");
    }
  }

  private controlBar(only?: readonly string[]): HTMLElement {
    const loc = this.host.loc;
    return h(
      "div",
      { class: "pg-controls", "data-pg": "tracker-controls" },
      ...this.controls
        .filter((c) => !only || only.includes(c.id))
        .map((c) =>
          h(
            "button",
            {
              type: "button",
              "data-pg-command": c.id,
              disabled: !c.enabled,
              title: [this.controlHint(c.id), c.reason].filter(Boolean).join(" ") || null,
              class: c.id === "next" || c.id === "start" ? "pg-primary" : null,
            },
            loc.format(c.label, { name: this.currentName() }),
          ),
        ),
    );
  }

  /**
   * Undo, Previous turn and Previous round, once the fight has begun: what Foundry's tracker and
   * token movement history give the GM. A press that cannot go back says why in a toast.
   */
  private historyBar(): HTMLElement | null {
    if (this.host.session.state.status === "setup") return null;
    const loc = this.host.loc;
    const button = (id: string, label: string, hint: string) =>
      h(
        "button",
        { type: "button", class: "pg-history-button", "data-pg-command": id, title: loc.localize(hint) },
        loc.localize(label),
      );
    return h(
      "span",
      { class: "pg-history", "data-pg": "history" },
      button("undo", "TEMPO.Playground.Undo.Undo", "TEMPO.Playground.Undo.UndoHint"),
      button("previousTurn", "TEMPO.Playground.Undo.PreviousTurn", "TEMPO.Playground.Undo.PreviousTurnHint"),
      button(
        "previousRound",
        "TEMPO.Playground.Undo.PreviousRound",
        "TEMPO.Playground.Undo.PreviousRoundHint",
      ),
    );
  }

  private currentName(): string {
    const state = this.host.session.state;
    const id = state.current;
    return id ? (combatantIn(state, id)?.name ?? id) : "";
  }

  /** What a tracker control does, for its tooltip. */
  private controlHint(id: string): string {
    if (id === "next") return this.host.loc.localize("TEMPO.Playground.Tracker.NextHint");
    if (id === "endTurn")
      return this.host.loc.format("TEMPO.Playground.Tracker.EndTurnHint", { name: this.currentName() });
    return "";
  }

  /**
   * The view model's options: the playground's user runs the table (the GM, owning everyone).
   * The documents and the owned list are kept while the roster and names do not change, so the
   * view model sees the same inputs and can keep its rows.
   */
  private optionsFor(state: EncounterState): TrackerOptions {
    let changed = this.options === null || this.options.owned !== state.roster;
    for (const id of state.roster) {
      const c = combatantIn(state, id);
      if (!c) continue;
      const label = this.host.label(id);
      const doc = this.docs.get(id);
      if (doc && doc.name === c.name && doc.label === label && doc.pc === c.pc) continue;
      this.docs.set(id, { id, name: c.name, img: avatar(label || c.name, c.pc), label, pc: c.pc });
      changed = true;
    }
    if (changed || !this.options) {
      const docs = state.roster.flatMap((id) => {
        const doc = this.docs.get(id);
        return doc ? [doc] : [];
      });
      this.options = { i18n: this.host.loc, isGM: true, owned: state.roster, combatants: docs };
    }
    return this.options;
  }

  private onClick(e: Event): void {
    const target = e.target instanceof Element ? e.target : null;
    const select = target?.closest<HTMLElement>("[data-pg-select], [data-combatant-id]");
    const button = target?.closest<HTMLElement>("[data-pg-command]");
    if (button) {
      const back = { undo: "undo", previousTurn: "turn", previousRound: "round" } as const;
      const id = button.dataset["pgCommand"] ?? "";
      if (Object.hasOwn(back, id)) {
        this.host.goBack(back[id as keyof typeof back]);
        return;
      }
      const control = this.controls.find((c) => c.id === id);
      if (control) this.host.send(control.command);
      return;
    }
    const templated = target?.closest<HTMLElement>("[data-action]");
    if (templated?.dataset["action"] === "tempoHowto") {
      e.preventDefault();
      this.links.openHowTo();
      return;
    }
    if (templated) {
      // The tracker template's buttons as engine commands: the same mapping as Foundry's (src/views/controls.ts).
      const command = trackerCommand(templated.dataset["action"] ?? "", { ...templated.dataset });
      if (command) {
        this.host.send(command);
        return;
      }
    }
    const id = select?.dataset["pgSelect"] ?? select?.dataset["combatantId"];
    if (id) this.host.select(id);
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
function fromHtml(html: string): HTMLElement | null {
  const template = document.createElement("template");
  template.innerHTML = html.trim();
  const el = template.content.firstElementChild;
  return el instanceof HTMLElement ? el : null;
}
