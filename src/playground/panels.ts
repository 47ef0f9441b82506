/**
 * The playground's side panels: the header (ruleset, encounter, seed, session file), the tracker,
 * the sheet, the reaction prompt, the chat log and the toasts. Each panel renders the system's own
 * Handlebars template from its view model when that template exists, and a plain DOM rendering of
 * the same data otherwise, so the page works while parts of the system are still being written.
 */
import {
  check,
  getRuleset,
  type Command,
  type EncounterState,
  type MoveMode,
  type Offer,
  type Refusal,
  type RulesetId,
  combatantIn,
} from "../engine";
import { refusalText, sheetView, type SheetInput, type SheetSubject, type SheetView } from "../views/sheet";
import { ENCOUNTERS, findEncounter } from "./encounters";
import { h } from "./dom";
import type { Playground } from "./main";
import { PROMPT_SECONDS, randomSeed } from "./main";
import { ChatLog } from "./chat";
import { ViewModules } from "./views";
import { Countdown } from "../views/prompt";
import { howToFor } from "./howto";
import { howtoLink } from "../views/howto";

interface PromptState {
  key: string;
  who: string;
  countdown: Countdown;
  lastTick: number;
  /** Escape was pressed: the prompt asks whether to decline, and declines only on a yes. */
  confirming: boolean;
}

/** Where keyboard focus was, to give it back: the element, and a selector that finds it re-rendered. */
interface FocusMark {
  el: Element | null;
  selector: string | null;
  /** The panel it was in (tracker, sheet, ...), to find a neighbour when it is gone. */
  panel: string | null;
}

const PANELS = ["tracker", "sheet", "chat", "map-bar", "prompt", "header"];

export class Panels {
  private readonly header: HTMLElement;
  private readonly tracker: HTMLElement;
  private readonly sheet: HTMLElement;
  private readonly promptHost: HTMLElement;
  private readonly toasts: HTMLElement;
  private readonly chat: ChatLog;
  readonly views: ViewModules;
  private prompt: PromptState | null = null;
  private timer: number | null = null;
  /** Where focus goes back to when the prompt closes. */
  private returnFocus: FocusMark | null = null;
  private readonly learn: HTMLElement;
  private readonly dialog: HTMLDialogElement;
  /** Per actor, the combatant the player targets with actions. */
  private readonly targets = new Map<string, string>();

  constructor(
    private readonly app: Playground,
    root: HTMLElement,
  ) {
    const get = (name: string) => {
      const el = root.querySelector<HTMLElement>(`[data-pg=${name}]`);
      if (!el) throw new Error(`playground: no ${name} host`);
      return el;
    };
    this.header = get("header");
    this.tracker = get("tracker");
    this.sheet = get("sheet");
    this.promptHost = get("prompt");
    this.toasts = get("toasts");
    this.learn = get("learn");
    this.dialog = h("dialog", { class: "pg-dialog", "data-pg": "dialog" });
    root.append(this.dialog);
    this.views = new ViewModules(app.loc, app.templates);
    this.chat = new ChatLog(app, get("chat"), this.views);
    this.tracker.addEventListener("click", (e) => this.onTrackerClick(e));
    this.sheet.addEventListener("click", (e) => this.onSheetClick(e));
    this.sheet.addEventListener("change", (e) => this.onSheetChange(e));
    this.promptHost.addEventListener("click", (e) => this.onPromptClick(e));
    // The first stop of Tab: straight to the acting combatant's actions (J does the same).
    const skip = h(
      "a",
      { href: "#", class: "pg-skip", "data-pg": "skip" },
      app.loc.localize("TEMPO.Playground.Keys.Skip"),
    );
    skip.addEventListener("click", (e) => {
      e.preventDefault();
      this.jumpToActions();
    });
    root.prepend(skip);
    document.addEventListener("keydown", (e) => this.onGlobalKey(e));
    this.promptHost.addEventListener("keydown", (e) => {
      // Escape never declines on its own: it asks first (a reaction lost to a stray key is lost).
      if (e.key !== "Escape") return;
      e.preventDefault();
      e.stopPropagation();
      this.onPromptEscape();
    });
  }

  get loc() {
    return this.app.loc;
  }

  get state(): EncounterState {
    return this.app.session.state;
  }

  refusalText(refusal: Refusal): string {
    return refusalText(refusal, this.loc);
  }

  async loadTemplates(): Promise<void> {
    await this.views.load();
  }

  reset(): void {
    this.closePrompt();
    this.returnFocus = null;
    this.targets.clear();
    this.chat.reset();
    this.renderLearn();
  }

  render(): void {
    // Taken before the panels re-render, which may replace the focused control.
    const focusBefore = focusMark(document.activeElement);
    this.renderTracker();
    this.renderSheet();
    this.renderPrompt(focusBefore);
    this.chat.render();
    this.renderStatus();
    this.keepFocus(focusBefore);
    // Templates still missing are fetched again now and then; re-render once one arrives.
    void this.views.refresh().then((changed) => {
      if (changed) this.app.render();
    });
  }

  /**
   * A re-render replaced the focused control (a sheet's action, a tracker button): focus goes
   * back to the same control, or, where it is gone or disabled now, to the nearest one that still
   * does something (the panel's first enabled control), never to the page's body.
   */
  private keepFocus(before: FocusMark): void {
    const active = document.activeElement;
    if (!before.el || (active && active !== document.body && active.isConnected)) return;
    const name = before.panel;
    const usable = (el: Element | null): el is HTMLElement =>
      el instanceof HTMLElement && !el.matches(":disabled") && el.getClientRects().length > 0;
    const same = before.selector ? document.querySelector(before.selector) : null;
    const host = name ? document.querySelector(`[data-pg="${CSS.escape(name)}"]`) : null;
    const candidates: (Element | null)[] = [same];
    if (host) {
      candidates.push(
        ...Array.from(
          host.querySelectorAll(
            "[data-action=takeAction], [data-pg-command], [data-action], button, select, input, [tabindex='0']",
          ),
        ),
      );
    }
    for (const el of candidates) {
      if (!usable(el)) continue;
      el.focus({ preventScroll: true });
      if (document.activeElement === el) return;
    }
  }

  /** J, or the skip link: the acting combatant's sheet and its first action that can be taken now. */
  jumpToActions(): void {
    const state = this.state;
    const who = state.current ?? this.app.selected ?? state.roster[0] ?? null;
    if (who && who !== this.app.selected) this.app.select(who);
    const enabled = this.sheet.querySelector<HTMLElement>("[data-action=takeAction]:not([disabled])");
    const target = enabled ?? this.sheet.querySelector<HTMLElement>("button:not([disabled]), select");
    if (target) {
      target.focus();
      target.scrollIntoView({ block: "nearest" });
      return;
    }
    this.sheet.tabIndex = -1;
    this.sheet.focus();
  }

  /** Keys that work anywhere but a text field: Ctrl+Z undoes, J jumps to the acting combatant's actions. */
  private onGlobalKey(e: KeyboardEvent): void {
    if (e.defaultPrevented || this.dialog.open) return;
    const target = e.target instanceof Element ? e.target : null;
    const typing =
      !!target &&
      (target.matches("input, textarea, select, [contenteditable=''], [contenteditable=true]") ||
        (target instanceof HTMLElement && target.isContentEditable));
    if (typing) return;
    const key = e.key.toLowerCase();
    if (key === "z" && (e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      this.app.goBack("undo");
      return;
    }
    if (key === "j" && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      this.jumpToActions();
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Header: ruleset picker, encounter, seed, session file.
  // ---------------------------------------------------------------------------------------------

  buildHeader(ruleset: RulesetId, encounterId: string, seed: number): void {
    const loc = this.loc;
    const rulesetSelect = h("select", { id: "pg-ruleset", "data-pg": "ruleset" });
    for (const id of (this.app.constructor as typeof Playground).registered()) {
      rulesetSelect.append(h("option", { value: id }, loc.localize(`TEMPO.Ruleset.${id}`)));
    }
    const encounterSelect = h("select", { id: "pg-encounter", "data-pg": "encounter" });
    const seedInput = h("input", {
      id: "pg-seed",
      "data-pg": "seed",
      type: "number",
      min: 0,
      step: 1,
      inputmode: "numeric",
    });
    const fileInput = h("input", {
      type: "file",
      accept: "application/json,.json",
      class: "pg-hidden",
      "data-pg": "load-file",
    });
    const fillEncounters = (id: RulesetId) => {
      encounterSelect.replaceChildren(
        ...ENCOUNTERS[id].map((e) => h("option", { value: e.id }, loc.localize(e.title))),
      );
    };
    const restart = () => {
      const encounter = findEncounter(encounterSelect.value);
      if (!encounter) return;
      this.app.load(encounter, Number(seedInput.value) >>> 0);
      this.updateUrl();
      this.syncHowTo();
    };
    /** Starting over throws the running fight away: ask first; on a no, the header shows the fight again. */
    const startOver = async (then: () => void) => {
      if (this.app.midFight && !(await this.confirmLeave())) {
        this.syncHeader(this.app.session.ruleset, this.app.session.encounter, this.app.session.seed);
        return;
      }
      then();
    };
    rulesetSelect.addEventListener("change", () => {
      void startOver(() => {
        fillEncounters(rulesetSelect.value as RulesetId);
        restart();
      });
    });
    encounterSelect.addEventListener("change", () => void startOver(restart));
    fileInput.addEventListener("change", () => {
      const file = fileInput.files?.[0];
      fileInput.value = "";
      if (file) void startOver(() => void this.app.upload(file));
    });
    this.header.replaceChildren(
      h(
        "h1",
        { class: "pg-title" },
        h("span", { class: "pg-logo", "aria-hidden": "true" }, "◷"),
        loc.localize("TEMPO.Playground.Title"),
      ),
      h(
        "label",
        { class: "pg-field" },
        h("span", {}, loc.localize("TEMPO.Playground.Header.Ruleset")),
        rulesetSelect,
      ),
      h(
        "label",
        { class: "pg-field" },
        h("span", {}, loc.localize("TEMPO.Playground.Header.Encounter")),
        encounterSelect,
      ),
      h(
        "label",
        { class: "pg-field pg-seed" },
        h("span", {}, loc.localize("TEMPO.Playground.Header.Seed")),
        seedInput,
      ),
      h(
        "div",
        { class: "pg-header-buttons" },
        h("button", { type: "button", "data-pg": "howto", onclick: () => this.openHowTo() }, ""),
        h(
          "button",
          {
            type: "button",
            "data-pg": "restart",
            title: loc.localize("TEMPO.Playground.Header.NewEncounterHint"),
            onclick: () => void startOver(restart),
          },
          loc.localize("TEMPO.Playground.Header.NewEncounter"),
        ),
        h(
          "button",
          {
            type: "button",
            "data-pg": "reroll",
            title: loc.localize("TEMPO.Playground.Header.NewSeedHint"),
            onclick: () =>
              void startOver(() => {
                seedInput.value = String(randomSeed());
                restart();
              }),
          },
          loc.localize("TEMPO.Playground.Header.NewSeed"),
        ),
        h(
          "button",
          { type: "button", "data-pg": "download", onclick: () => this.app.download() },
          loc.localize("TEMPO.Playground.Header.Download"),
        ),
        h(
          "button",
          { type: "button", "data-pg": "load", onclick: () => fileInput.click() },
          loc.localize("TEMPO.Playground.Header.Load"),
        ),
        fileInput,
      ),
    );
    this.syncHeader(ruleset, encounterId, seed);
  }

  syncHeader(ruleset: RulesetId, encounterId: string, seed: number): void {
    const rulesetSelect = this.header.querySelector<HTMLSelectElement>("#pg-ruleset");
    const encounterSelect = this.header.querySelector<HTMLSelectElement>("#pg-encounter");
    const seedInput = this.header.querySelector<HTMLInputElement>("#pg-seed");
    if (!rulesetSelect || !encounterSelect || !seedInput) return;
    rulesetSelect.value = ruleset;
    encounterSelect.replaceChildren(
      ...ENCOUNTERS[ruleset].map((e) => h("option", { value: e.id }, this.loc.localize(e.title))),
    );
    encounterSelect.value = encounterId;
    seedInput.value = String(seed);
    this.updateUrl();
    this.syncHowTo();
  }

  // ---------------------------------------------------------------------------------------------
  // Dialogs: "are you sure" before a fight is thrown away, and "How <ruleset> plays".
  // ---------------------------------------------------------------------------------------------

  /** Ask before the running fight is replaced; true when the user says to start over. */
  confirmLeave(): Promise<boolean> {
    const loc = this.loc;
    const state = this.state;
    const message = loc.format("TEMPO.Playground.Confirm.Leave", {
      encounter: loc.localize(this.app.encounter.title),
      round: state.round,
    });
    return new Promise((resolve) => {
      const answer = (yes: boolean) => {
        this.dialog.onclose = null;
        this.dialog.close();
        resolve(yes);
      };
      const keep = h(
        "button",
        { type: "button", class: "pg-primary", "data-pg": "confirm-keep", onclick: () => answer(false) },
        loc.localize("TEMPO.Playground.Confirm.Keep"),
      );
      this.dialog.className = "pg-dialog pg-dialog-confirm";
      this.dialog.setAttribute("aria-labelledby", "pg-dialog-title");
      this.dialog.replaceChildren(
        h("h2", { id: "pg-dialog-title" }, loc.localize("TEMPO.Playground.Confirm.Title")),
        h("p", {}, message),
        h(
          "div",
          { class: "pg-dialog-buttons" },
          keep,
          h(
            "button",
            { type: "button", "data-pg": "confirm-leave", onclick: () => answer(true) },
            loc.localize("TEMPO.Playground.Confirm.StartOver"),
          ),
        ),
      );
      // Escape (the dialog's cancel) keeps the fight.
      this.dialog.onclose = () => resolve(false);
      this.dialog.showModal();
      keep.focus();
    });
  }

  /** "How <ruleset> plays", in the words of the tracker's link to the same pages. */
  private howToTitle(): string {
    return howtoLink(this.state.ruleset, this.loc).label;
  }

  /** The header button names the ruleset it explains. */
  private syncHowTo(): void {
    const button = this.header.querySelector<HTMLButtonElement>("[data-pg=howto]");
    if (button) button.textContent = this.howToTitle();
  }

  /** The ruleset's pages from Foundry's rules journal, in a dialog. */
  openHowTo(): void {
    const loc = this.loc;
    const howTo = howToFor(this.state.ruleset);
    const body = h("div", { class: "pg-howto-pages" });
    if (howTo) {
      for (const page of howTo.pages) {
        // A page named as the entry (one page per ruleset) needs no heading of its own.
        const heading = page.name && page.name !== howTo.title ? h("h3", {}, page.name) : null;
        const section = h("section", { class: "pg-howto-page" }, heading);
        const content = h("div", { class: "pg-howto-content" });
        // Our own pack source, the same HTML Foundry's journal page shows.
        content.innerHTML = page.html;
        section.append(content);
        body.append(section);
      }
    } else {
      body.append(h("p", {}, loc.localize(this.app.encounter.blurb)));
    }
    this.dialog.onclose = null;
    this.dialog.className = "pg-dialog pg-dialog-howto";
    this.dialog.setAttribute("aria-labelledby", "pg-dialog-title");
    const close = h(
      "button",
      { type: "button", class: "pg-primary", "data-pg": "howto-close", onclick: () => this.dialog.close() },
      loc.localize("TEMPO.Playground.HowTo.Close"),
    );
    this.dialog.replaceChildren(
      h("h2", { id: "pg-dialog-title" }, this.howToTitle()),
      body,
      this.tryThis(false),
      h("div", { class: "pg-dialog-buttons" }, close),
    );
    this.dialog.showModal();
    // The pages read from the top; focus waits on Close without scrolling to it.
    close.focus({ preventScroll: true });
    this.dialog.scrollTop = 0;
  }

  /** The sample encounter's three first steps: what to drag or press, and what will happen. */
  private tryThis(open: boolean): HTMLElement {
    const loc = this.loc;
    return h(
      "details",
      { class: "pg-try", "data-pg": "try", open },
      h("summary", {}, loc.localize("TEMPO.Playground.Try.Title")),
      h("ol", {}, ...this.app.encounter.tryThis.map((key) => h("li", {}, loc.localize(key)))),
    );
  }

  /** Under the map: the "try this" steps and the way into the ruleset's pages. */
  private renderLearn(): void {
    if (!this.app.encounter) return;
    this.learn.replaceChildren(this.tryThis(true));
  }

  private updateUrl(): void {
    const s = this.app.session;
    const url = new URL(location.href);
    url.searchParams.set("ruleset", s.ruleset);
    url.searchParams.set("encounter", s.encounter);
    url.searchParams.set("seed", String(s.seed));
    history.replaceState(null, "", url);
  }

  /** The line under the map: the encounter's blurb, the move mode, and the live ruler text. */
  private renderStatus(): void {
    const host = document.querySelector<HTMLElement>("[data-pg=map-bar]");
    if (!host) return;
    const state = this.state;
    const ruleset = getRuleset(state.ruleset);
    const blurb = h("p", { class: "pg-blurb" }, this.loc.localize(this.app.encounter.blurb));
    const keys = h(
      "p",
      { class: "pg-help pg-keys", "data-pg": "keys" },
      this.loc.localize("TEMPO.Playground.Keys.Help"),
    );
    if (ruleset.moveModes.length === 0) {
      // rating has no movement: no drag, no move mode, and the help says so.
      host.replaceChildren(
        blurb,
        h(
          "p",
          { class: "pg-help", "data-pg": "help" },
          this.loc.localize("TEMPO.Playground.Map.HelpNoMovement"),
        ),
        keys,
      );
      return;
    }
    const modes = ruleset.moveModes;
    if (!modes.includes(this.app.moveMode)) this.app.moveMode = "normal";
    const select = h(
      "select",
      {
        id: "pg-move-mode",
        "data-pg": "move-mode",
        onchange: (e: Event) => {
          this.app.moveMode = (e.target as HTMLSelectElement).value as MoveMode;
        },
      },
      ...modes.map((m) =>
        h("option", { value: m, selected: m === this.app.moveMode }, this.moveModeLabel(m)),
      ),
    );
    host.replaceChildren(
      blurb,
      h(
        "label",
        { class: "pg-field" },
        h("span", {}, this.loc.localize("TEMPO.Playground.Map.MoveMode")),
        select,
      ),
      h(
        "p",
        { class: "pg-help", "data-pg": "help" },
        this.loc.localize(
          state.grid.type === "hex" ? "TEMPO.Playground.Map.HelpHex" : "TEMPO.Playground.Map.HelpSquare",
        ),
      ),
      keys,
      h("p", { id: "pg-ruler-live", class: "pg-sr-only", "aria-live": "polite" }),
    );
  }

  private moveModeLabel(mode: MoveMode): string {
    const keys: Record<MoveMode, string> = {
      normal: "TEMPO.Playground.MoveMode.normal",
      step: "TEMPO.Playground.MoveMode.step",
      tumble: "TEMPO.Playground.MoveMode.tumble",
      withdraw: "TEMPO.Playground.MoveMode.withdraw",
    };
    return this.loc.localize(keys[mode]);
  }

  // ---------------------------------------------------------------------------------------------
  // Tracker
  // ---------------------------------------------------------------------------------------------

  /** Commands the tracker's controls send, if the engine would take them now. */
  trackerControls(): { id: string; label: string; command: Command; enabled: boolean; reason: string }[] {
    const state = this.state;
    const out: { id: string; label: string; command: Command; enabled: boolean; reason: string }[] = [];
    const add = (id: string, label: string, command: Command) => {
      const refusal = check(state, command);
      out.push({
        id,
        label,
        command,
        enabled: refusal === null,
        reason: refusal ? this.refusalText(refusal) : "",
      });
    };
    if (state.status === "setup") add("start", "TEMPO.Playground.Tracker.Start", { type: "start" });
    if (state.status === "active") {
      add("next", "TEMPO.Tracker.Control.Next", { type: "next" });
      if (state.current)
        add("endTurn", "TEMPO.Playground.Tracker.EndTurn", { type: "endTurn", who: state.current });
      // Marching: the lead chooses to take or cede initiative.
      for (const id of state.roster) {
        for (const initiative of ["take", "cede"] as const) {
          const command: Command = { type: "choose", who: id, initiative };
          if (check(state, command) === null)
            add(
              `choose-${initiative}-${id}`,
              initiative === "take" ? "TEMPO.Playground.Tracker.Take" : "TEMPO.Playground.Tracker.Cede",
              command,
            );
        }
      }
      add("end", "TEMPO.Playground.Tracker.EndCombat", { type: "end" });
    }
    return out;
  }

  private renderTracker(): void {
    const docs = this.state.roster.flatMap((id) => {
      const c = combatantIn(this.state, id);
      return c ? [{ id, name: c.name, img: avatar(this.app.labels.get(id) ?? c.name, c.pc) }] : [];
    });
    const html = this.views.trackerHtml(this.state, docs);
    if (html !== null) {
      this.tracker.innerHTML = html;
      this.tracker.dataset["source"] = "template";
      // The system's tracker has Next and the marching choice; the playground adds what a GM
      // does elsewhere in Foundry: start the combat, end a turn for anyone, end the combat. They
      // sit next to Next turn, at the top of the tracker (styles/playground.css), never scrolled away.
      const bar = this.trackerControlBar(["start", "endTurn", "end"]);
      const history = this.historyBar();
      if (history) bar.append(history);
      const anchor =
        this.tracker.querySelector(".tempo-tracker__controls") ??
        this.tracker.querySelector(".tempo-tracker__structure > :first-child");
      if (anchor) anchor.after(bar);
      else this.tracker.prepend(bar);
      // Next turn and End turn both move the fight on: each says what it does.
      for (const next of this.tracker.querySelectorAll<HTMLElement>("[data-action=tempoNext]"))
        next.title = this.loc.localize("TEMPO.Playground.Tracker.NextHint");
      // The tracker's link to the ruleset's pages opens them here too, from the keyboard as well.
      for (const link of this.tracker.querySelectorAll<HTMLElement>("[data-action=tempoHowto]")) {
        link.setAttribute("href", "#");
        link.setAttribute("role", "button");
      }
      for (const row of this.tracker.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
        row.classList.toggle("is-selected", row.dataset["combatantId"] === this.app.selected);
      }
      return;
    }
    // Until the system's tracker template can be fetched, the controls alone keep the fight going.
    this.tracker.dataset["source"] = "playground";
    this.tracker.replaceChildren(
      h("p", { class: "pg-empty" }, this.loc.localize("TEMPO.Playground.Loading")),
      this.trackerControlBar(),
    );
  }

  private trackerControlBar(only?: readonly string[]): HTMLElement {
    return h(
      "div",
      { class: "pg-controls", "data-pg": "tracker-controls" },
      ...this.trackerControls()
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
            this.loc.format(c.label, { name: this.currentName() }),
          ),
        ),
    );
  }

  /**
   * Undo, Previous turn and Previous round, once the fight has begun: what Foundry's tracker and
   * token movement history give the GM. A press that cannot go back says why in a toast.
   */
  private historyBar(): HTMLElement | null {
    if (this.state.status === "setup") return null;
    const loc = this.loc;
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
    const id = this.state.current;
    return id ? (combatantIn(this.state, id)?.name ?? id) : "";
  }

  /** What a tracker control does, for its tooltip. */
  private controlHint(id: string): string {
    if (id === "next") return this.loc.localize("TEMPO.Playground.Tracker.NextHint");
    if (id === "endTurn")
      return this.loc.format("TEMPO.Playground.Tracker.EndTurnHint", { name: this.currentName() });
    return "";
  }

  private onTrackerClick(e: Event): void {
    const target = e.target instanceof Element ? e.target : null;
    const select = target?.closest<HTMLElement>("[data-pg-select], [data-combatant-id]");
    const button = target?.closest<HTMLElement>("[data-pg-command]");
    if (button) {
      const back = { undo: "undo", previousTurn: "turn", previousRound: "round" } as const;
      const id = button.dataset["pgCommand"] ?? "";
      if (Object.hasOwn(back, id)) {
        this.app.goBack(back[id as keyof typeof back]);
        return;
      }
      const control = this.trackerControls().find((c) => c.id === button.dataset["pgCommand"]);
      if (control) this.app.send(control.command);
      return;
    }
    const templated = target?.closest<HTMLElement>("[data-action]");
    if (templated?.dataset["action"] === "tempoHowto") {
      e.preventDefault();
      this.openHowTo();
      return;
    }
    if (templated && this.views.trackerAction(templated, this.app)) return;
    const id = select?.dataset["pgSelect"] ?? select?.dataset["combatantId"];
    if (id) this.app.select(id);
  }

  // ---------------------------------------------------------------------------------------------
  // Sheet
  // ---------------------------------------------------------------------------------------------

  private subjectOf(id: string): SheetSubject | null {
    const c = combatantIn(this.state, id);
    if (!c) return null;
    const setup = this.app.session.setup.combatants.find((x) => x.id === id) ?? { id, side: c.side };
    return {
      id: c.id,
      name: c.name,
      img: avatar(this.app.labels.get(id) ?? c.name, c.pc),
      type: c.pc ? "character" : "npc",
      setup,
      stats: { ...c.stats },
      skills: { ...c.skills },
      pools: {},
      weapons: [],
    };
  }

  /** The target an actor's actions aim at: the one picked, else the nearest standing enemy. */
  targetOf(who: string): string | null {
    const state = this.state;
    const picked = this.targets.get(who);
    if (picked && combatantIn(state, picked) && !combatantIn(state, picked)?.defeated) return picked;
    const self = combatantIn(state, who);
    if (!self) return null;
    const enemies = state.roster
      .map((id) => combatantIn(state, id))
      .filter((c) => c && c.side !== self.side && !c.defeated);
    const dist = (a: readonly [number, number] | null, b: readonly [number, number] | null) =>
      a && b ? Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[0] + a[1] - b[0] - b[1]) : 99;
    enemies.sort((a, b) => dist(self.at, a?.at ?? null) - dist(self.at, b?.at ?? null));
    return enemies[0]?.id ?? null;
  }

  sheetModel(id: string): SheetView | null {
    const subject = this.subjectOf(id);
    if (!subject) return null;
    const input: SheetInput = {
      subject,
      ruleset: this.state.ruleset,
      options: {},
      encounter: { state: this.state, combatantId: id },
      canControl: true,
      // The playground's user runs the table: the GM's controls are theirs.
      isGM: true,
      editable: false,
      target: this.targetOf(id),
    };
    return sheetView(input, this.loc);
  }

  private renderSheet(): void {
    const id = this.app.selected;
    const model = id ? this.sheetModel(id) : null;
    const focused =
      document.activeElement instanceof HTMLElement && this.sheet.contains(document.activeElement)
        ? document.activeElement.dataset["focusKey"]
        : undefined;
    if (!id || !model) {
      this.sheet.replaceChildren(
        h("p", { class: "pg-empty" }, this.loc.localize("TEMPO.Playground.Sheet.PickToken")),
      );
      return;
    }
    const targetBar = this.targetBar(id);
    const html = this.views.sheetHtml(model);
    if (html !== null) {
      this.sheet.innerHTML = `<div class="tempo-sheet-host">${html}</div>`;
      this.sheet.dataset["source"] = "template";
      const pools = this.poolBar(id);
      this.sheet.prepend(
        targetBar,
        ...(pools && !this.sheet.querySelector("[data-action=spendPool], [data-action=restorePool]")
          ? [pools]
          : []),
      );
    } else {
      this.sheet.dataset["source"] = "playground";
      // The sheet template is still loading.
      this.sheet.replaceChildren(
        targetBar,
        h("p", { class: "pg-empty" }, this.loc.localize("TEMPO.Playground.Loading")),
      );
    }
    this.sheet.dataset["combatant"] = id;
    if (focused) this.sheet.querySelector<HTMLElement>(`[data-focus-key="${focused}"]`)?.focus();
  }

  private targetBar(id: string): HTMLElement {
    const state = this.state;
    const current = this.targetOf(id);
    const select = h("select", { id: "pg-target", "data-pg": "target", "data-focus-key": "target" });
    for (const other of state.roster) {
      const c = combatantIn(state, other);
      if (!c || other === id) continue;
      select.append(h("option", { value: other, selected: other === current }, c.name));
    }
    return h(
      "label",
      { class: "pg-field pg-target" },
      h("span", {}, this.loc.localize("TEMPO.Playground.Sheet.Target")),
      select,
    );
  }

  /** The command a sheet's action button sends: `declare` while declarations are open, else `act`. */
  actCommand(who: string, action: string, cost?: number): Command {
    const target = this.targetOf(who) ?? undefined;
    const ruleset = getRuleset(this.state.ruleset);
    const def = ruleset.actions[action];
    const act: Command = { type: "act", who, action };
    if (def && def.target !== "none" && target) act.target = target;
    if (def && def.cost === null) act.cost = cost ?? 1;
    if (check(this.state, act) !== null) {
      const declare: Command = { type: "declare", who, action };
      if (check(this.state, declare) === null) return declare;
    }
    return act;
  }

  sendFromSheet(command: Command): void {
    this.app.send(command);
  }

  /** Spend and restore buttons for each pool, as the GM adjusts them (adjustPool). */
  private poolBar(id: string): HTMLElement | null {
    const c = combatantIn(this.state, id);
    // A ruleset without points (segments, phases) gets no pool bar at all.
    if (!c || getRuleset(this.state.ruleset).pools.length === 0) return null;
    const loc = this.loc;
    return h(
      "div",
      { class: "pg-pool-bar", "data-pg": "pool-bar" },
      ...getRuleset(this.state.ruleset).pools.map((p) => {
        const abbr = loc.localize(`TEMPO.Pool.${p.id}.Abbr`);
        const value = c.pools[p.id] ?? 0;
        return h(
          "span",
          { class: "pg-pool-adjust" },
          h(
            "button",
            {
              type: "button",
              class: "pg-mini",
              "data-pool-delta": "-1",
              "data-pool-id": p.id,
              disabled: value <= 0,
              "aria-label": loc.format("TEMPO.Sheet.Spend", { pool: abbr }),
              "data-focus-key": `spend-${p.id}`,
            },
            "−",
          ),
          h("span", { "data-pool-value": p.id }, `${abbr} ${value}/${c.maxPools[p.id] ?? 0}`),
          h(
            "button",
            {
              type: "button",
              class: "pg-mini",
              "data-pool-delta": "1",
              "data-pool-id": p.id,
              "aria-label": loc.format("TEMPO.Sheet.Restore", { pool: abbr }),
              "data-focus-key": `restore-${p.id}`,
            },
            "+",
          ),
        );
      }),
    );
  }

  private onSheetClick(e: Event): void {
    const who = this.sheet.dataset["combatant"];
    const target = e.target instanceof Element ? e.target : null;
    if (!who || !target) return;
    const pool = target.closest<HTMLElement>("[data-pool-delta]");
    if (pool) {
      this.app.send({
        type: "adjustPool",
        who,
        pool: pool.dataset["poolId"] ?? "",
        delta: Number(pool.dataset["poolDelta"]),
      });
      return;
    }
    const templated = target.closest<HTMLElement>("[data-action]");
    if (templated) this.views.sheetAction(templated, who, this);
  }

  private onSheetChange(e: Event): void {
    const who = this.sheet.dataset["combatant"];
    if (!who || !(e.target instanceof HTMLSelectElement) || e.target.id !== "pg-target") return;
    this.targets.set(who, e.target.value);
    this.app.render();
  }

  // ---------------------------------------------------------------------------------------------
  // Reaction prompt: for whoever may react now, with a countdown; declining on timeout.
  // ---------------------------------------------------------------------------------------------

  private openFor(): { who: string; offers: Offer[] } | null {
    const first = this.state.offers[0];
    if (!first) return null;
    return { who: first.who, offers: this.state.offers.filter((o) => o.who === first.who) };
  }

  private renderPrompt(focusBefore: FocusMark): void {
    const open = this.openFor();
    if (!open) {
      const wasOpen = !this.promptHost.hidden;
      this.closePrompt();
      this.promptHost.replaceChildren();
      this.promptHost.hidden = true;
      delete this.promptHost.dataset["who"];
      if (wasOpen) this.giveFocusBack();
      return;
    }
    const key = `${open.who}:${open.offers.map((o) => o.id).join(",")}`;
    let opened = false;
    if (!this.prompt || this.prompt.key !== key) {
      // A prompt that follows another (a chain of reactions) keeps where focus first came from.
      if (!this.prompt && !this.returnFocus) this.returnFocus = focusBefore;
      this.closePrompt();
      const who = open.who;
      // The system's countdown, as Foundry's prompt runs it: declining when it runs out.
      const countdown = new Countdown(PROMPT_SECONDS * 1000, () => this.expire(key, who));
      this.prompt = {
        key,
        who,
        countdown,
        lastTick: performance.now(),
        confirming: false,
      };
      this.timer = window.setInterval(() => this.tick(), 200);
      opened = true;
    }
    this.promptHost.hidden = false;
    this.promptHost.dataset["who"] = open.who;
    this.drawPrompt(open.who, open.offers);
    // Focus follows the action: the prompt's first reaction (or Decline, when none is possible).
    if (opened) this.focusPrompt();
  }

  private focusPrompt(): void {
    const first =
      this.promptHost.querySelector<HTMLElement>("[autofocus]:not([disabled])") ??
      this.promptHost.querySelector<HTMLElement>("[data-action=tempoReact]:not([disabled])") ??
      this.promptHost.querySelector<HTMLElement>("[data-action=tempoDecline]");
    first?.focus();
    first?.scrollIntoView({ block: "nearest" });
  }

  /** The prompt closed: focus goes back where it was, or to the acting token if that is gone. */
  private giveFocusBack(): void {
    const mark = this.returnFocus;
    this.returnFocus = null;
    const active = document.activeElement;
    // Focus moved somewhere on purpose meanwhile (not the prompt, not lost to the body): leave it.
    if (active && active !== document.body && !this.promptHost.contains(active)) return;
    const candidates: (Element | null)[] = [
      mark?.el && mark.el.isConnected ? mark.el : null,
      mark?.selector ? document.querySelector(mark.selector) : null,
      this.app.selected
        ? document.querySelector(`.pg-token[data-id="${CSS.escape(this.app.selected)}"]`)
        : null,
    ];
    for (const el of candidates) {
      if (!(el instanceof HTMLElement || el instanceof SVGElement) || el === document.body) continue;
      el.focus();
      if (document.activeElement === el) return;
    }
  }

  private closePrompt(): void {
    this.prompt?.countdown.finish();
    this.prompt = null;
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
  }

  /** Nobody answered in time: the offers are declined, as a table would move on. */
  private expire(key: string, who: string): void {
    if (this.prompt?.key !== key) return;
    const offer = this.state.offers.find((o) => o.who === who);
    this.closePrompt();
    this.app.send(
      { type: "react", who, with: "decline", ...(offer ? { against: offer.against } : {}) },
      { timedOut: true },
    );
  }

  private onPromptEscape(): void {
    const prompt = this.prompt;
    if (!prompt) return;
    prompt.confirming = !prompt.confirming;
    // Time does not run out while the reactor is being asked whether to decline: the countdown
    // stops while the question is open and runs on after "Keep choosing" (one paused by hand
    // before stays paused).
    if (prompt.confirming) prompt.countdown.hold();
    else {
      prompt.countdown.release();
      prompt.lastTick = performance.now();
    }
    const open = this.openFor();
    if (!open) return;
    this.drawPrompt(open.who, open.offers);
    if (prompt.confirming)
      this.promptHost.querySelector<HTMLElement>("[data-action=pgKeepChoosing]")?.focus();
    else this.focusPrompt();
  }

  private drawPrompt(who: string, offers: Offer[]): void {
    const prompt = this.prompt;
    if (!prompt) return;
    const focused =
      document.activeElement instanceof HTMLElement && this.promptHost.contains(document.activeElement)
        ? focusKeyOf(document.activeElement)
        : null;
    const html = this.views.promptHtml(this.state, who, offers, prompt.countdown);
    if (html !== null) {
      this.promptHost.innerHTML = html;
      this.promptHost.dataset["source"] = "template";
    } else {
      // The template is still loading: the one answer that is always possible.
      this.promptHost.dataset["source"] = "playground";
      this.promptHost.replaceChildren(
        h(
          "div",
          {
            class: "pg-prompt-card",
            role: "alertdialog",
            "aria-label": this.loc.localize("TEMPO.Prompt.WindowTitle"),
          },
          h("p", {}, this.loc.localize("TEMPO.Playground.Loading")),
          h(
            "button",
            { type: "button", "data-action": "tempoDecline" },
            this.loc.localize("TEMPO.Prompt.Decline"),
          ),
        ),
      );
    }
    if (prompt.confirming) {
      const name = combatantIn(this.state, who)?.name ?? who;
      const card = this.promptHost.firstElementChild ?? this.promptHost;
      card.append(
        h(
          "div",
          { class: "pg-prompt-confirm", role: "group", "aria-labelledby": "pg-prompt-confirm-text" },
          h(
            "p",
            { id: "pg-prompt-confirm-text" },
            this.loc.format("TEMPO.Playground.Prompt.ConfirmDecline", { name }),
          ),
          h(
            "button",
            { type: "button", class: "pg-primary", "data-action": "pgKeepChoosing" },
            this.loc.localize("TEMPO.Playground.Prompt.KeepChoosing"),
          ),
          h(
            "button",
            { type: "button", "data-action": "pgConfirmDecline" },
            this.loc.localize("TEMPO.Playground.Prompt.YesDecline"),
          ),
        ),
      );
    }
    if (focused) this.promptHost.querySelector<HTMLElement>(focused)?.focus();
  }

  private tick(): void {
    const prompt = this.prompt;
    if (!prompt) return;
    const now = performance.now();
    const before = prompt.countdown.seconds;
    prompt.countdown.tick(now - prompt.lastTick);
    prompt.lastTick = now;
    // Only the clock changes while waiting: update it in place so keyboard focus stays put.
    if (this.prompt === prompt && prompt.countdown.seconds !== before) {
      const open = this.openFor();
      const clock = open ? this.views.promptClock(this.state, open.who, open.offers, prompt.countdown) : null;
      const seconds = this.promptHost.querySelector<HTMLElement>("[data-tempo-seconds]");
      const fill = this.promptHost.querySelector<HTMLElement>(".tempo-prompt__fill");
      const timer = this.promptHost.querySelector<HTMLElement>("[role=timer]");
      if (clock && seconds) seconds.textContent = clock.text;
      if (clock && fill) fill.setAttribute("style", clock.barStyle);
      if (clock && timer) timer.setAttribute("aria-label", clock.ariaLabel);
    }
  }

  private onPromptClick(e: Event): void {
    const target = e.target instanceof Element ? e.target : null;
    const prompt = this.prompt;
    const button = target?.closest<HTMLElement>("[data-action]");
    if (!button || !prompt) return;
    const who = prompt.who;
    const offers = this.state.offers.filter((o) => o.who === who);
    switch (button.dataset["action"]) {
      case "tempoPauseCountdown":
      case "tempoResumeCountdown":
        if (button.dataset["action"] === "tempoPauseCountdown") prompt.countdown.pause();
        else prompt.countdown.resume();
        prompt.lastTick = performance.now();
        this.drawPrompt(who, offers);
        this.promptHost.querySelector<HTMLElement>(".tempo-prompt__toggle")?.focus();
        return;
      case "tempoReact": {
        const offer = offers.find((o) => o.id === button.dataset["offerId"]);
        if (offer) this.app.send({ type: "react", who, with: offer.with, against: offer.against });
        return;
      }
      case "pgKeepChoosing":
        this.onPromptEscape();
        return;
      case "pgConfirmDecline":
      case "tempoDecline":
        this.app.send({
          type: "react",
          who,
          with: "decline",
          ...(offers[0] ? { against: offers[0].against } : {}),
        });
        return;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Toasts
  // ---------------------------------------------------------------------------------------------

  toast(text: string, kind: "refusal" | "error" | "info"): void {
    const el = h(
      "div",
      { class: `pg-toast pg-toast-${kind}`, role: kind === "info" ? "status" : "alert" },
      text,
    );
    this.toasts.append(el);
    setTimeout(() => el.classList.add("is-leaving"), 4200);
    setTimeout(() => el.remove(), 4800);
  }
}

/** A portrait for sample actors: the token's label on a disc, as an SVG data URI. */
function avatar(label: string, pc: boolean): string {
  const fill = pc ? "#3b6fb6" : "#b8463a";
  const size = label.length > 2 ? 20 : 26;
  const text = label.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${fill}"/><text x="32" y="41" font-family="Georgia,serif" font-size="${size}" fill="#fff" text-anchor="middle">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Where focus is now, as an element and a selector that finds it again after a re-render. */
function focusMark(el: Element | null): FocusMark {
  if (!el || el === document.body) return { el: null, selector: null, panel: null };
  const panel = el.closest(PANELS.map((p) => `[data-pg="${p}"]`).join(","))?.getAttribute("data-pg") ?? null;
  const data = (el as HTMLElement).dataset ?? {};
  const attr = (name: string, value: string | undefined) =>
    value === undefined ? "" : `[${name}="${CSS.escape(value)}"]`;
  let selector: string | null = null;
  if (el.classList.contains("pg-token") && data["id"]) selector = `.pg-token${attr("data-id", data["id"])}`;
  else if (data["focusKey"]) selector = attr("data-focus-key", data["focusKey"]);
  else if (data["pgCommand"]) selector = attr("data-pg-command", data["pgCommand"]);
  else if (data["action"]) {
    const panel = el.closest("[data-pg]")?.getAttribute("data-pg");
    selector = `${panel ? `[data-pg="${panel}"] ` : ""}${attr("data-action", data["action"])}${attr("data-action-id", data["actionId"])}`;
  } else if (el.id) selector = `#${CSS.escape(el.id)}`;
  return { el, selector, panel };
}

/** A selector that finds the same control after a re-render (ids are not stable across renders). */
function focusKeyOf(el: HTMLElement): string | null {
  if (el.dataset["focusKey"]) return `[data-focus-key="${el.dataset["focusKey"]}"]`;
  if (el.dataset["offerId"]) return `[data-offer-id="${el.dataset["offerId"]}"]`;
  if (el.dataset["action"]) return `[data-action="${el.dataset["action"]}"]`;
  return null;
}
