/**
 * The tracker panel: the system's tracker template (src/views/tracker.ts, templates/tracker), with
 * the playground's own GM controls beside Next turn (start, end a turn for anyone, end the combat,
 * undo and going back). Drawn by change: a row whose view model changed is drawn alone from
 * templates/tracker/combatant.hbs and laid over its element (`data-combatant-id`); the header is
 * laid over itself only when its HTML differs; the list is re-ordered only when the order changed.
 * The rows themselves (a long list drawn in view first) are tracker-rows.ts's.
 */
import morphdom from "morphdom";

import { combatantIn, type EncounterState } from "../../engine";
import { trackerCommand } from "../../views/controls";
import {
  TrackerMemo,
  trackerView,
  type TrackerCombatantDoc,
  type TrackerOptions,
  type TrackerView,
} from "../../views/tracker";
import { h } from "../dom";
import type { Frame, PlaygroundHost } from "../host";
import { avatar } from "../labels";
import type { ViewModules } from "../views";
import { trackerControls, type TrackerControl } from "./tracker-controls";
import { fromHtml, TrackerRows } from "./tracker-rows";
import { historyButtons } from "../undone";

export interface TrackerPanelLinks {
  openHowTo(): void;
  /** The ⚙ of a row: the GM's Tempo setup of that combatant. */
  openSetup(who: string): void;
}

/** A tracker document, with what its portrait was drawn from. */
type Doc = TrackerCombatantDoc & { label: string; pc: boolean };

/** The playground's own controls in its bar beside the template's (Next is the template's). */
const BAR_CONTROLS = ["start", "endTurn", "end"] as const;

/** One of the bar's buttons as it reads now. */
interface BarButton {
  id: string;
  disabled: boolean;
  title: string;
  label: string;
  primary: boolean;
}

export class TrackerPanel {
  private controls: TrackerControl[] = [];
  private controlsFor: EncounterState | null = null;
  private barKey = "";
  private bar: HTMLElement | null = null;
  private structureHtml: string | null = null;
  private shellKey: string | null = null;
  /** The documents the view model reads (name and portrait), kept while they do not change. */
  private docs = new Map<string, Doc>();
  private options: TrackerOptions | null = null;
  /** Keeps the rows whose inputs did not change as the same objects (contract 2 of issue 31). */
  private memo = new TrackerMemo();
  /** The list's rows: drawn by change, a long list in view first (tracker-rows.ts). */
  private readonly list: TrackerRows;

  constructor(
    private readonly host: PlaygroundHost,
    private readonly el: HTMLElement,
    private readonly views: ViewModules,
    private readonly links: TrackerPanelLinks,
  ) {
    el.addEventListener("click", (e) => this.onClick(e));
    this.list = new TrackerRows(
      el,
      (row) => views.trackerRowHtml(row),
      () => host.selected,
    );
  }

  reset(): void {
    this.shellKey = null;
    this.list.clear();
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
    const most = frame.changes.combatants.size * 2 > Math.max(this.list.size, 8);
    if (frame.changes.all || most || shellKey !== this.shellKey) {
      if (!this.drawWhole(view)) return;
      this.shellKey = shellKey;
    } else {
      this.patchStructure(view);
      this.list.patch(view.combatants);
    }
    if (this.list.selected !== frame.selected || frame.selectionChanged)
      this.list.markSelected(frame.selected);
  }

  /** The whole tracker from its template; false (and the plain controls) while it is loading. */
  private drawWhole(view: TrackerView): boolean {
    const eager = this.list.eager(view.combatants);
    const html = this.views.trackerHtml(
      eager ? { ...view, combatants: view.combatants.filter((r) => eager.has(r.id)) } : view,
    );
    this.list.clear();
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
    this.list.adopt(view.combatants, eager);
    this.decorate();
    return true;
  }

  /** The round's header, replaced only when its HTML changed (round, step, waiting, controls). */
  private patchStructure(view: TrackerView): void {
    const html = this.views.trackerStructureHtml(view);
    const old = this.el.querySelector(".tempo-tracker__structure");
    if (html !== null && html !== this.structureHtml && old) {
      const fresh = fromHtml(html);
      if (fresh) {
        // Laid over in place (a provoking move adds the waiting line and disables Next): what
        // reads the same stays, a focused control keeps focus, and the playground's own bar in
        // the header is kept rather than made again.
        // Its parts (status, steps, waiting line, controls) are matched by their class, so a
        // line that comes or goes moves none of the others.
        const bar = this.bar;
        const part = (node: Node): string | undefined =>
          node instanceof Element && (node.parentNode === old || node.parentNode === fresh)
            ? (node.getAttribute("class") ?? undefined)
            : undefined;
        morphdom(old, fresh, {
          onBeforeElUpdated: (from, to) => !from.isEqualNode(to),
          onBeforeNodeDiscarded: (node) => node !== bar,
          getNodeKey: part,
        });
        this.structureHtml = html;
      }
    }
    this.decorate();
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
    const anchor =
      this.el.querySelector(".tempo-tracker__controls") ??
      this.el.querySelector(".tempo-tracker__structure > :first-child");
    // The header laid over itself may leave the bar before a line it gained: put back beside the controls.
    if (this.bar?.isConnected && anchor && this.bar.previousElementSibling !== anchor) anchor.after(this.bar);
    const placed = this.bar?.isConnected === true && this.bar.previousElementSibling === anchor;
    if (key !== this.barKey || !placed) {
      const shown = this.barButtons(BAR_CONTROLS);
      const setup = this.host.session.state.status === "setup";
      const buttons = this.bar ? this.bar.querySelectorAll<HTMLButtonElement>(":scope > button") : [];
      // Before the start the bar has no history buttons (historyBar), after it it has them.
      const hasHistory = this.bar?.querySelector(":scope > [data-pg=history]") != null;
      const same =
        this.bar !== null &&
        placed &&
        hasHistory === !setup &&
        buttons.length === shown.length &&
        shown.every((b, i) => buttons[i]?.dataset["pgCommand"] === b.id);
      if (same)
        // The same buttons with another one enabled or another reason (a provoking move): each is
        // written where it differs, so a focused button keeps focus and none is made again.
        shown.forEach((b, i) => {
          const el = buttons[i];
          if (!el) return;
          if (el.disabled !== b.disabled) el.disabled = b.disabled;
          if ((el.getAttribute("title") ?? "") !== b.title) {
            if (b.title) el.setAttribute("title", b.title);
            else el.removeAttribute("title");
          }
          if (el.textContent !== b.label) el.textContent = b.label;
        });
      else {
        const bar = this.controlBar(BAR_CONTROLS);
        const history = this.historyBar();
        if (history) bar.append(history);
        this.bar?.remove();
        if (anchor) anchor.after(bar);
        else this.el.prepend(bar);
        this.bar = bar;
      }
      this.barKey = key;
    }
    // Next turn and End turn both move the fight on: each says what it does. (Written only where
    // the header was drawn again: an unchanged attribute is not written twice.)
    const hint = this.host.loc.localize("TEMPO.Playground.Tracker.NextHint");
    for (const next of this.el.querySelectorAll<HTMLElement>(
      ".tempo-tracker__structure [data-action=tempoNext]",
    ))
      if (next.title !== hint) next.title = hint;
    // The tracker's link to the ruleset's pages opens them here too, from the keyboard as well.
    for (const link of this.el.querySelectorAll<HTMLElement>(
      ".tempo-tracker__structure [data-action=tempoHowto]",
    )) {
      if (link.getAttribute("href") !== "#") link.setAttribute("href", "#");
      if (link.getAttribute("role") !== "button") link.setAttribute("role", "button");
    }
  }

  /** The buttons of the bar: those of `only` (all when not given), as they read now. */
  private barButtons(only?: readonly string[]): BarButton[] {
    const loc = this.host.loc;
    const name = this.currentName();
    return this.controls
      .filter((c) => !only || only.includes(c.id))
      .map((c) => ({
        id: c.id,
        disabled: !c.enabled,
        title: [this.controlHint(c.id), c.reason].filter(Boolean).join(" "),
        label: loc.format(c.label, { name }),
        primary: c.id === "next" || c.id === "start",
      }));
  }

  private controlBar(only?: readonly string[]): HTMLElement {
    return h(
      "div",
      { class: "pg-controls", "data-pg": "tracker-controls" },
      ...this.barButtons(only).map((b) =>
        h(
          "button",
          {
            type: "button",
            "data-pg-command": b.id,
            disabled: b.disabled,
            title: b.title || null,
            class: b.primary ? "pg-primary" : null,
          },
          b.label,
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
      ...historyButtons(this.host.session.state.ruleset).map(([id, label, hint]) => button(id, label, hint)),
    );
  }

  private currentName(): string {
    const state = this.host.session.state;
    const id = state.current;
    // A combatant the GM keeps hidden is "someone" to a player (issue 44).
    return id ? this.host.sight.name(id, combatantIn(state, id)?.name ?? id, this.host.loc) : "";
  }

  /** What a tracker control does, for its tooltip. */
  private controlHint(id: string): string {
    if (id === "next") return this.host.loc.localize("TEMPO.Playground.Tracker.NextHint");
    if (id === "endTurn")
      return this.host.loc.format("TEMPO.Playground.Tracker.EndTurnHint", { name: this.currentName() });
    return "";
  }

  /**
   * The view model's options: as the GM the playground's user runs the table (owning everyone);
   * as a player (issue 44) it owns its one combatant and does not see those the GM keeps hidden.
   * The documents and the owned list are kept while the roster, names, viewer and hidden list do
   * not change, so the view model sees the same inputs and can keep its rows.
   */
  private optionsFor(state: EncounterState): TrackerOptions {
    const viewer = this.host.viewer;
    const owned = viewer.isGM ? state.roster : (viewer.owned ?? []);
    let changed = this.options === null || this.options.owned !== owned || this.options.isGM !== viewer.isGM;
    const hidden = this.host.hidden;
    for (const id of state.roster) {
      const c = combatantIn(state, id);
      if (!c) continue;
      const label = this.host.label(id);
      const doc = this.docs.get(id);
      const isHidden = hidden.has(id);
      if (
        doc &&
        doc.name === c.name &&
        doc.label === label &&
        doc.pc === c.pc &&
        (doc.hidden ?? false) === isHidden
      )
        continue;
      this.docs.set(id, {
        id,
        name: c.name,
        img: avatar(label || c.name, c.pc),
        label,
        pc: c.pc,
        ...(isHidden ? { hidden: true } : {}),
      });
      changed = true;
    }
    if (changed || !this.options) {
      const docs = state.roster.flatMap((id) => {
        const doc = this.docs.get(id);
        return doc ? [doc] : [];
      });
      this.options = { i18n: this.host.loc, isGM: viewer.isGM, owned, combatants: docs };
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
      if (id === "redo") {
        this.host.redo();
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
    if (templated?.dataset["action"] === "tempoSetup") {
      const who = templated.dataset["who"];
      if (who) this.links.openSetup(who);
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
