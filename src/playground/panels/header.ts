/**
 * The header: ruleset picker, sample encounter, seed, new encounter / new seed, the session file
 * (download, load) and the "How <ruleset> plays" button. Starting over mid-fight asks first.
 */
import type { RulesetId } from "../../engine";
import { MAX_SEED, parseSeed, randomSeed, registeredRulesets } from "../config";
import { h } from "../dom";
import { ENCOUNTERS, findEncounter } from "../encounters";
import type { PlaygroundHost } from "../host";
import type { Dialogs } from "./dialogs";

export class Header {
  constructor(
    private readonly host: PlaygroundHost,
    private readonly el: HTMLElement,
    private readonly dialogs: Dialogs,
  ) {}

  build(): void {
    const loc = this.host.loc;
    const rulesetSelect = h("select", { id: "pg-ruleset", "data-pg": "ruleset" });
    for (const id of registeredRulesets()) {
      rulesetSelect.append(h("option", { value: id }, loc.localize(`TEMPO.Ruleset.${id}`)));
    }
    const encounterSelect = h("select", { id: "pg-encounter", "data-pg": "encounter" });
    const seedInput = h("input", {
      id: "pg-seed",
      "data-pg": "seed",
      type: "number",
      min: 0,
      max: MAX_SEED,
      step: 1,
      inputmode: "numeric",
      title: loc.localize("TEMPO.Playground.Header.SeedHint"),
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
    /** The seed typed in the field, or null after saying what a seed is (the field shows the running one again). */
    const typedSeed = (): number | null => {
      const seed = parseSeed(seedInput.value);
      if (seed !== null) return seed;
      const typed = seedInput.value.trim().slice(0, 24);
      const running = this.host.session.seed;
      this.host.toast(
        typed === ""
          ? loc.format("TEMPO.Playground.Seed.Empty", { max: MAX_SEED, seed: running })
          : loc.format("TEMPO.Playground.Seed.Bad", { value: typed, max: MAX_SEED, seed: running }),
        "refusal",
      );
      seedInput.value = String(running);
      return null;
    };
    const restart = () => {
      const encounter = findEncounter(encounterSelect.value);
      const seed = typedSeed();
      if (!encounter || seed === null) return;
      this.host.load(encounter, seed);
      this.updateUrl();
      this.syncHowTo();
    };
    /** Starting over throws the running fight away: ask first; on a no, the header shows the fight again. */
    const startOver = async (then: () => void) => {
      if (this.host.midFight && !(await this.dialogs.confirmLeave())) {
        this.sync();
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
    // The seed applies as soon as it is entered (Enter or leaving the field): the encounter starts
    // over with the new dice (asking first during a fight). A bad seed is named and changes nothing.
    seedInput.addEventListener("change", () => {
      const seed = typedSeed();
      if (seed === null || seed === this.host.session.seed) return;
      void startOver(restart);
    });
    fileInput.addEventListener("change", () => {
      const file = fileInput.files?.[0];
      fileInput.value = "";
      if (file) void startOver(() => void this.host.upload(file));
    });
    this.el.replaceChildren(
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
        h("button", { type: "button", "data-pg": "howto", onclick: () => this.dialogs.openHowTo() }, ""),
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
          { type: "button", "data-pg": "download", onclick: () => this.host.download() },
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
    this.sync();
  }

  /** The pickers show the running session (its ruleset, encounter and seed), and so does the address. */
  sync(): void {
    const ruleset = this.host.session.ruleset;
    const encounterId = this.host.encounter.id;
    const rulesetSelect = this.el.querySelector<HTMLSelectElement>("#pg-ruleset");
    const encounterSelect = this.el.querySelector<HTMLSelectElement>("#pg-encounter");
    const seedInput = this.el.querySelector<HTMLInputElement>("#pg-seed");
    if (!rulesetSelect || !encounterSelect || !seedInput) return;
    rulesetSelect.value = ruleset;
    const loc = this.host.loc;
    const listed = ENCOUNTERS[ruleset];
    const running = this.host.encounter;
    encounterSelect.replaceChildren(
      ...listed.map((e) => h("option", { value: e.id }, loc.localize(e.title))),
      // A Crowd of another size than the listed one (?n=50, a saved fight) is named with its size.
      ...(listed.some((e) => e.id === encounterId) ||
      !encounterId.startsWith("crowd-") ||
      running.setup.ruleset !== ruleset
        ? []
        : [
            h(
              "option",
              { value: encounterId },
              loc.format("TEMPO.Playground.Encounter.Crowd.TitleOf", { n: running.setup.combatants.length }),
            ),
          ]),
    );
    encounterSelect.value = encounterId;
    seedInput.value = String(this.host.session.seed);
    this.updateUrl();
    this.syncHowTo();
  }

  /** The header button names the ruleset it explains. */
  private syncHowTo(): void {
    const button = this.el.querySelector<HTMLButtonElement>("[data-pg=howto]");
    if (button) button.textContent = this.dialogs.howToTitle();
  }

  private updateUrl(): void {
    const s = this.host.session;
    const url = new URL(location.href);
    url.searchParams.set("ruleset", s.ruleset);
    url.searchParams.set("encounter", s.encounter);
    url.searchParams.set("seed", String(s.seed));
    history.replaceState(null, "", url);
  }
}
