/**
 * The line under the map: the encounter's blurb, the move mode, the help for the grid and the live
 * ruler text. Drawn again only when what it shows changed (a new encounter, another ruleset or
 * grid), so the ruler's live region and the move mode picker stay put while the fight goes on.
 */
import { getRuleset, type MoveMode } from "../../engine";
import { h } from "../dom";
import type { Frame, PlaygroundHost } from "../host";

const MOVE_MODE_LABELS: Record<MoveMode, string> = {
  normal: "TEMPO.Playground.MoveMode.normal",
  step: "TEMPO.Playground.MoveMode.step",
  tumble: "TEMPO.Playground.MoveMode.tumble",
  withdraw: "TEMPO.Playground.MoveMode.withdraw",
};

export class StatusBar {
  /** What the bar was drawn from: redrawn only when one of these differs. */
  private drawn: readonly unknown[] = [];

  constructor(
    private readonly host: PlaygroundHost,
    private readonly el: HTMLElement | null,
  ) {}

  reset(): void {
    this.drawn = [];
  }

  update(frame: Frame): void {
    const host = this.el;
    if (!host) return;
    const state = frame.state;
    const ruleset = getRuleset(state.ruleset);
    const modes = ruleset.moveModes;
    if (modes.length > 0 && !modes.includes(this.host.moveMode)) this.host.setMoveMode("normal");
    const inputs = [this.host.encounter, state.ruleset, state.grid.type, this.host.moveMode];
    if (inputs.length === this.drawn.length && inputs.every((v, i) => v === this.drawn[i])) return;
    this.drawn = inputs;
    const loc = this.host.loc;
    const blurb = h("p", { class: "pg-blurb" }, loc.localize(this.host.encounter.blurb));
    const keys = h(
      "p",
      { class: "pg-help pg-keys", "data-pg": "keys" },
      loc.localize("TEMPO.Playground.Keys.Help"),
    );
    if (modes.length === 0) {
      // rating has no movement: no drag, no move mode, and the help says so.
      host.replaceChildren(
        blurb,
        h("p", { class: "pg-help", "data-pg": "help" }, loc.localize("TEMPO.Playground.Map.HelpNoMovement")),
        keys,
      );
      return;
    }
    const select = h(
      "select",
      {
        id: "pg-move-mode",
        "data-pg": "move-mode",
        onchange: (e: Event) => {
          this.host.setMoveMode((e.target as HTMLSelectElement).value as MoveMode);
        },
      },
      ...modes.map((m) =>
        h("option", { value: m, selected: m === this.host.moveMode }, loc.localize(MOVE_MODE_LABELS[m])),
      ),
    );
    host.replaceChildren(
      blurb,
      h("label", { class: "pg-field" }, h("span", {}, loc.localize("TEMPO.Playground.Map.MoveMode")), select),
      h(
        "p",
        { class: "pg-help", "data-pg": "help" },
        loc.localize(
          state.grid.type === "hex" ? "TEMPO.Playground.Map.HelpHex" : "TEMPO.Playground.Map.HelpSquare",
        ),
      ),
      keys,
      h("p", { id: "pg-ruler-live", class: "pg-sr-only", "aria-live": "polite" }),
    );
  }
}
