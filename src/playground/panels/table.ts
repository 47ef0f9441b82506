/**
 * The table bar under the map (issue 44): who is looking (the GM, or the player of one combatant),
 * the turn notice (with its tone), the waiting line with the prompt's seconds, the user's own
 * notice choices, the GM's table settings (notices for the table, hidden combatants and when they
 * are revealed, the story whispered or public) and the GM's Export log. The words come from the
 * shared view models (src/views/turns.ts, waiting.ts); the state is the owner's (table.ts).
 */
import { combatantIn, type EncounterState } from "../../engine";
import type { RevealRule } from "../../views/sight";
import { turnNotices } from "../../views/turns";
import { waitingView } from "../../views/waiting";
import { h } from "../dom";
import type { Frame, PlaygroundHost } from "../host";
import type { TableSettings } from "../table";
import { playTone } from "../tone";

export interface TableLinks {
  /** The prompt's seconds left, while one runs. */
  seconds(): number | null;
  /** The viewer or the hidden list changed: every view is drawn again for what the viewer sees. */
  seen(): void;
  /**
   * Where the notice and the waiting line show: over the foot of the map, so their coming and
   * going moves no panel and no token (issue 45).
   */
  banner: HTMLElement;
}

export class TableBar {
  private readonly viewerSelect: HTMLSelectElement;
  private readonly notice: HTMLElement;
  private readonly waiting: HTMLElement;
  private readonly gmPart: HTMLElement;
  private readonly hiddenList: HTMLElement;
  private readonly exportButton: HTMLButtonElement;
  private last: EncounterState | null = null;
  private rosterOf: readonly string[] | null = null;
  private hiddenOf: ReadonlySet<string> | null = null;
  private listedForGM = true;
  private timer: number | null = null;

  constructor(
    private readonly host: PlaygroundHost,
    private readonly el: HTMLElement,
    private readonly table: TableSettings,
    private readonly links: TableLinks,
  ) {
    const loc = host.loc;
    const t = (key: string) => loc.localize(key);
    this.viewerSelect = h("select", { "data-pg": "viewer" }) as HTMLSelectElement;
    this.viewerSelect.addEventListener("change", () => {
      const id = this.viewerSelect.value;
      this.table.viewAs(id === "" ? null : id);
      this.last = null;
      this.links.seen();
    });
    this.notice = h("p", { class: "pg-notice", "data-pg": "notice", role: "status", "aria-live": "polite" });
    this.waiting = h("p", { class: "pg-waiting", "data-pg": "waiting", role: "status", hidden: true });
    const own = (which: "turn" | "upNext" | "sound", key: string) =>
      this.checkbox(`notice-${which}`, t(key), this.table.notices[which], (on) =>
        this.table.setOwn(which, on),
      );
    const reveal = h(
      "select",
      { "data-pg": "reveal" },
      h("option", { value: "gm" }, t("TEMPO.Table.Playground.RevealGM")),
      h("option", { value: "firstAction" }, t("TEMPO.Table.Playground.RevealFirstAction")),
    ) as HTMLSelectElement;
    reveal.value = this.table.reveal;
    reveal.addEventListener("change", () => {
      this.table.reveal = reveal.value === "firstAction" ? "firstAction" : ("gm" satisfies RevealRule);
    });
    const story = h(
      "select",
      { "data-pg": "story-audience" },
      h("option", { value: "whisper" }, t("TEMPO.Table.Playground.StoryWhisper")),
      h("option", { value: "public" }, t("TEMPO.Table.Playground.StoryPublic")),
    ) as HTMLSelectElement;
    story.value = this.table.storyWhispered ? "whisper" : "public";
    story.addEventListener("change", () => {
      this.table.storyWhispered = story.value === "whisper";
    });
    this.hiddenList = h("div", { class: "pg-hidden-list", "data-pg": "hidden-list" });
    this.gmPart = h(
      "fieldset",
      { class: "pg-table-gm", "data-pg": "table-gm" },
      h("legend", {}, t("TEMPO.Table.Playground.GmSettings")),
      this.checkbox("notices-world", t("TEMPO.Table.Playground.NoticesWorld"), this.table.noticesOn, (on) => {
        this.table.noticesOn = on;
      }),
      h("label", {}, t("TEMPO.Table.Playground.Reveal"), " ", reveal),
      h("label", {}, t("TEMPO.Table.Playground.Story"), " ", story),
      h("p", { class: "pg-muted" }, t("TEMPO.Table.Playground.Hidden")),
      this.hiddenList,
    );
    this.exportButton = h(
      "button",
      { type: "button", "data-pg": "export-log", title: t("TEMPO.Table.Playground.ExportHint") },
      t("TEMPO.Table.Playground.Export"),
    ) as HTMLButtonElement;
    this.exportButton.addEventListener("click", () => this.host.download());
    // Closed, the settings take no room at all (not even boxes a toast could sit over).
    const body = h(
      "div",
      { class: "pg-table-settings-body", hidden: true },
      h(
        "fieldset",
        {},
        h("legend", {}, t("TEMPO.Table.Playground.YourNotices")),
        own("turn", "TEMPO.Table.Playground.NoticeTurn"),
        own("upNext", "TEMPO.Table.Playground.NoticeUpNext"),
        own("sound", "TEMPO.Table.Playground.NoticeSound"),
      ),
      this.gmPart,
    );
    const settings = h(
      "details",
      { class: "pg-table-settings", "data-pg": "table-settings" },
      h("summary", {}, t("TEMPO.Table.Playground.Settings")),
      body,
    ) as HTMLDetailsElement;
    settings.addEventListener("toggle", () => {
      body.hidden = !settings.open;
    });
    el.replaceChildren(
      h("label", { class: "pg-viewer" }, t("TEMPO.Table.Playground.ViewAs"), " ", this.viewerSelect),
      this.exportButton,
      settings,
    );
    links.banner.append(h("div", { class: "pg-map-banner" }, this.notice, this.waiting));
  }

  private checkbox(id: string, label: string, on: boolean, change: (on: boolean) => void): HTMLElement {
    const box = h("input", { type: "checkbox", "data-pg": id }) as HTMLInputElement;
    box.checked = on;
    box.addEventListener("change", () => change(box.checked));
    return h("label", { class: "pg-check" }, box, " ", label);
  }

  /** A new fight: nobody hidden, the GM looking, no notice. */
  reset(): void {
    this.last = null;
    this.rosterOf = null;
    this.hiddenOf = null;
    this.notice.textContent = "";
  }

  update(frame: Frame): void {
    const state = frame.state;
    this.syncRoster(state);
    const viewer = this.table.viewer;
    this.gmPart.hidden = !viewer.isGM;
    this.exportButton.hidden = !viewer.isGM;
    // "Your turn" and "up next" for the viewer's own combatant (the GM runs everyone: none).
    const owned = viewer.isGM ? [] : (viewer.owned ?? []);
    const notices = turnNotices(this.last, state, owned, this.host.sight, this.table.notices, this.host.loc);
    this.last = state;
    const latest = notices.at(-1);
    if (latest) {
      this.notice.textContent = notices.map((n) => n.text).join(" ");
      this.notice.dataset["kind"] = latest.kind;
      if (latest.sound) playTone(latest.kind);
    }
    this.drawWaiting();
    if (state.offers.length > 0 && this.timer === null)
      this.timer = window.setInterval(() => this.drawWaiting(), 250);
    else if (state.offers.length === 0 && this.timer !== null) {
      window.clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** "Waiting for Cyra's reaction, 12 s", for every viewer (a hidden reactor is "someone" to a player). */
  private drawWaiting(): void {
    const state = this.host.session.state;
    const view = waitingView(state, this.links.seconds(), this.host.sight, this.host.loc);
    if (this.waiting.textContent !== view.text) this.waiting.textContent = view.text;
    this.waiting.hidden = view.text === "";
  }

  /** The viewer list and the GM's hidden toggles follow the roster (and the names). */
  private syncRoster(state: EncounterState): void {
    // Kept by identity: the roster (who joined or left) and the hidden list (the GM's toggles).
    const roster = state.roster;
    const hidden = this.host.hidden;
    const gm = this.table.viewer.isGM;
    if (roster === this.rosterOf && hidden === this.hiddenOf && gm === this.listedForGM) return;
    this.listedForGM = gm;
    const key = roster;
    const loc = this.host.loc;
    if (key !== this.rosterOf) {
      this.rosterOf = key;
      const pcs = state.roster.flatMap((id) => {
        const c = combatantIn(state, id);
        return c?.pc ? [c] : [];
      });
      this.viewerSelect.replaceChildren(
        h("option", { value: "" }, loc.localize("TEMPO.Table.Playground.ViewGM")),
        ...pcs.map((c) =>
          h("option", { value: c.id }, loc.format("TEMPO.Table.Playground.ViewPlayer", { name: c.name })),
        ),
      );
    }
    const viewer = this.table.viewer;
    this.viewerSelect.value = viewer.isGM ? "" : (viewer.owned?.[0] ?? "");
    this.hiddenOf = hidden;
    // The GM's list of everyone (hidden ones too) is not on a player's page at all.
    if (!gm) {
      this.hiddenList.replaceChildren();
      return;
    }
    this.hiddenList.replaceChildren(
      ...state.roster.map((id) =>
        this.checkbox(`hide-${id}`, combatantIn(state, id)?.name ?? id, this.host.hidden.has(id), (on) => {
          this.table.setHidden(id, on);
          this.links.seen();
        }),
      ),
    );
  }
}
