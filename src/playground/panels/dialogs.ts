/**
 * The page's dialogs and the "try this" steps under the map: "are you sure" before a fight is
 * thrown away, and "How <ruleset> plays" (the ruleset's pages from Foundry's rules journal).
 */
import { h } from "../dom";
import { howToFor } from "../howto";
import type { PlaygroundHost } from "../host";
import { howtoLink } from "../../views/howto";

export class Dialogs {
  private readonly dialog: HTMLDialogElement;

  constructor(
    private readonly host: PlaygroundHost,
    root: HTMLElement,
    private readonly learn: HTMLElement,
  ) {
    this.dialog = h("dialog", { class: "pg-dialog", "data-pg": "dialog" });
    root.append(this.dialog);
  }

  /** A dialog is up: the page's own keys wait. */
  get open(): boolean {
    return this.dialog.open;
  }

  /** Ask before the running fight is replaced; true when the user says to start over. */
  confirmLeave(): Promise<boolean> {
    const loc = this.host.loc;
    return this.confirm({
      title: "TEMPO.Playground.Confirm.Title",
      message: loc.format("TEMPO.Playground.Confirm.Leave", {
        encounter: loc.localize(this.host.encounter.title),
        round: this.host.session.state.round,
      }),
      keep: "TEMPO.Playground.Confirm.Keep",
      go: { label: "TEMPO.Playground.Confirm.StartOver", pg: "confirm-leave" },
    });
  }

  /**
   * Ask before a step back takes back play (moves, actions, reactions taken), not only the turn
   * passing on; true when the GM says to go back. Escape keeps playing.
   */
  confirmBack(kind: "undo" | "turn" | "round", count: number, play: number): Promise<boolean> {
    const loc = this.host.loc;
    const commands = loc.format(
      count === 1 ? "TEMPO.Playground.Undo.CommandsOne" : "TEMPO.Playground.Undo.CommandsMany",
      { count },
    );
    const where = loc.localize(
      kind === "round" ? "TEMPO.Playground.Undo.PreviousRound" : "TEMPO.Playground.Undo.PreviousTurn",
    );
    return this.confirm({
      title: "TEMPO.Playground.Confirm.BackTitle",
      message: loc.format("TEMPO.Playground.Confirm.Back", { where, commands, play }),
      keep: "TEMPO.Playground.Confirm.KeepPlaying",
      go: { label: "TEMPO.Playground.Confirm.GoBack", pg: "confirm-back" },
    });
  }

  /**
   * A yes-or-no question in the modal dialog: "keep" (focused first, and what Escape answers)
   * resolves false, "go" resolves true.
   */
  private confirm(ask: {
    title: string;
    message: string;
    keep: string;
    go: { label: string; pg: string };
  }): Promise<boolean> {
    const loc = this.host.loc;
    return new Promise((resolve) => {
      const answer = (yes: boolean) => {
        this.dialog.onclose = null;
        this.dialog.close();
        resolve(yes);
      };
      const keep = h(
        "button",
        { type: "button", class: "pg-primary", "data-pg": "confirm-keep", onclick: () => answer(false) },
        loc.localize(ask.keep),
      );
      this.dialog.className = "pg-dialog pg-dialog-confirm";
      this.dialog.setAttribute("aria-labelledby", "pg-dialog-title");
      this.dialog.replaceChildren(
        h("h2", { id: "pg-dialog-title" }, loc.localize(ask.title)),
        h("p", {}, ask.message),
        h(
          "div",
          { class: "pg-dialog-buttons" },
          keep,
          h(
            "button",
            { type: "button", "data-pg": ask.go.pg, onclick: () => answer(true) },
            loc.localize(ask.go.label),
          ),
        ),
      );
      // Escape (the dialog's cancel) keeps what is.
      this.dialog.onclose = () => resolve(false);
      this.dialog.showModal();
      keep.focus();
    });
  }

  /**
   * A form in the dialog (the combatant setup): its HTML from the system's template, Save and
   * Cancel. Resolves with the form when saved, null when cancelled (Escape, Cancel). Focus starts
   * on the first field and goes back to `returnTo` when the dialog closes.
   */
  form(title: string, html: string, returnTo: HTMLElement | null): Promise<HTMLFormElement | null> {
    const loc = this.host.loc;
    return new Promise((resolve) => {
      const body = h("div", { class: "pg-dialog-form" });
      body.innerHTML = html;
      const form = h(
        "form",
        { method: "dialog", "data-pg": "dialog-form", novalidate: true },
        body,
        h(
          "div",
          { class: "pg-dialog-buttons" },
          h(
            "button",
            { type: "submit", class: "pg-primary", "data-pg": "dialog-save" },
            loc.localize("TEMPO.Setup.Save"),
          ),
          h(
            "button",
            { type: "button", "data-pg": "dialog-cancel", onclick: () => this.dialog.close() },
            loc.localize("TEMPO.Playground.Dialog.Cancel"),
          ),
        ),
      );
      let saved = false;
      form.addEventListener("submit", (e) => {
        e.preventDefault();
        saved = true;
        this.dialog.close();
      });
      this.dialog.onclose = () => {
        this.dialog.onclose = null;
        resolve(saved ? form : null);
        if (returnTo?.isConnected) returnTo.focus();
      };
      this.dialog.className = "pg-dialog pg-dialog-setup";
      this.dialog.setAttribute("aria-labelledby", "pg-dialog-title");
      this.dialog.replaceChildren(h("h2", { id: "pg-dialog-title" }, title), form);
      this.dialog.showModal();
      form.querySelector<HTMLElement>("input:not([disabled]), select, button")?.focus();
    });
  }

  /** "How <ruleset> plays", in the words of the tracker's link to the same pages. */
  howToTitle(): string {
    return howtoLink(this.host.session.state.ruleset, this.host.loc).label;
  }

  /** The ruleset's pages from Foundry's rules journal, in a dialog. */
  openHowTo(): void {
    const loc = this.host.loc;
    const howTo = howToFor(this.host.session.state.ruleset);
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
      body.append(h("p", {}, loc.localize(this.host.encounter.blurb)));
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
    const loc = this.host.loc;
    return h(
      "details",
      { class: "pg-try", "data-pg": "try", open },
      h("summary", {}, loc.localize("TEMPO.Playground.Try.Title")),
      h("ol", {}, ...this.host.encounter.tryThis.map((key) => h("li", {}, loc.localize(key)))),
    );
  }

  /** A new encounter: the "try this" steps under the map are its own. */
  reset(): void {
    this.learn.replaceChildren(this.tryThis(true));
  }
}
