/**
 * The sheet panel: the selected combatant's sheet from the system's template (src/views/sheet.ts),
 * with the target it aims at and the GM's pool buttons. Drawn again only when what it shows could
 * have changed: another subject, its combatant, its target (or the target's combatant), or the
 * turn's fields (whose turn, offers, round ...).
 */
import {
  check,
  combatantIn,
  getRuleset,
  type CombatantSetup,
  type Command,
  type EncounterState,
} from "../../engine";
import { sheetCommand } from "../../views/controls";
import { sheetView, type SheetInput, type SheetSubject, type SheetView } from "../../views/sheet";
import { h, layOverParts } from "../dom";
import type { Frame, PlaygroundHost } from "../host";
import { avatar } from "../labels";
import type { ViewModules } from "../views";

/** Each setup list's combatants by id, made once per list (a session's setup does not change). */
const setupsById = new WeakMap<readonly CombatantSetup[], Map<string, CombatantSetup>>();

function setupOf(list: readonly CombatantSetup[], id: string): CombatantSetup | undefined {
  let byId = setupsById.get(list);
  if (!byId) {
    byId = new Map(list.map((c) => [c.id, c]));
    setupsById.set(list, byId);
  }
  return byId.get(id);
}

export class SheetPanel {
  /** Per actor, the combatant the player targets with actions. */
  private readonly targets = new Map<string, string>();
  /** What the sheet was drawn from, by identity; null: draw it. */
  private drawn: readonly unknown[] | null = null;
  private targetOptions: {
    names: string;
    roster: EncounterState["roster"];
    /** What the viewer sees: a player's list leaves out the combatants the GM keeps hidden. */
    sight: unknown;
    select: HTMLSelectElement;
  } | null = null;
  /** What the sheet's elements show now (subject, HTML, target, target list, combatant). */
  private shown: readonly unknown[] | null = null;
  /** Counts the frames whose turn fields (whose turn, offers, round ...) changed. */
  private turns = 0;
  /** The nearest enemy last worked out, for an actor and a list of combatants. */
  private nearest: {
    who: string;
    list: EncounterState["combatants"];
    sight: unknown;
    id: string | null;
  } | null = null;
  /**
   * The panel's lasting parts: the target bar (its list of every combatant is built once per roster
   * and kept, never copied per draw), a slot for the pool bar, and the sheet template's host.
   */
  private readonly bar = h("label", { class: "pg-field pg-target" });
  private readonly poolSlot = h("div", { class: "pg-pool-slot" });
  private readonly body = h("div", { class: "tempo-sheet-host" });
  /** The option hidden in the target list: the sheet's own combatant, who is no target of its own. */
  private hiddenOption: HTMLOptionElement | null = null;

  constructor(
    private readonly host: PlaygroundHost,
    private readonly el: HTMLElement,
    private readonly views: ViewModules,
  ) {
    el.addEventListener("click", (e) => this.onClick(e));
    el.addEventListener("change", (e) => this.onChange(e));
  }

  private get state(): EncounterState {
    return this.host.session.state;
  }

  reset(): void {
    this.targets.clear();
    this.drawn = null;
    this.shown = null;
  }

  update(frame: Frame): void {
    const state = frame.state;
    const id = frame.selected;
    const target = id ? this.targetOf(id) : null;
    if (frame.changes.turn || frame.changes.all) this.turns += 1;
    const inputs = [
      id,
      id ? combatantIn(state, id) : null,
      target,
      target ? combatantIn(state, target) : null,
      this.views.hasSheetTemplate,
      // Beyond its subject and target, the sheet reads the turn's fields (its actions' legality).
      this.turns,
    ];
    if (this.drawn && inputs.every((v, i) => v === this.drawn?.[i])) return;
    this.drawn = inputs;
    this.draw(id, frame);
  }

  /** The target an actor's actions aim at: the one picked, else the nearest standing enemy. */
  targetOf(who: string): string | null {
    const state = this.state;
    const picked = this.targets.get(who);
    if (picked && combatantIn(state, picked) && !combatantIn(state, picked)?.defeated) return picked;
    // The nearest enemy is worked out once per actor and list of combatants (a crowd has hundreds,
    // and a draw asks several times): one pass, no sort.
    const known = this.nearest;
    const sight = this.host.sight;
    if (known && known.who === who && known.list === state.combatants && known.sight === sight)
      return known.id;
    const self = combatantIn(state, who);
    if (!self) return null;
    const dist = (a: readonly [number, number] | null, b: readonly [number, number] | null) =>
      a && b ? Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[0] + a[1] - b[0] - b[1]) : 99;
    let best: string | null = null;
    let bestDist = Infinity;
    for (const c of state.combatants) {
      // A foe the GM keeps hidden is nobody a player aims at (issue 44).
      if (c.side === self.side || c.defeated || !sight.sees(c.id)) continue;
      const d = dist(self.at, c.at);
      if (d < bestDist) {
        best = c.id;
        bestDist = d;
      }
    }
    this.nearest = { who, list: state.combatants, sight, id: best };
    return best;
  }

  private subjectOf(id: string): SheetSubject | null {
    const c = combatantIn(this.state, id);
    if (!c) return null;
    const setup = setupOf(this.host.session.setup.combatants, id) ?? { id, side: c.side };
    return {
      id: c.id,
      name: c.name,
      img: avatar(this.host.label(id), c.pc),
      type: c.pc ? "character" : "npc",
      setup,
      stats: { ...c.stats },
      skills: { ...c.skills },
      pools: {},
      weapons: [],
    };
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
    return sheetView(input, this.host.loc);
  }

  /** Draw the sheet; focus inside it stays on the same control (after the frame's writes, in a render). */
  private draw(id: string | null, frame?: Frame): void {
    const model = id ? this.sheetModel(id) : null;
    const focused =
      document.activeElement instanceof HTMLElement && this.el.contains(document.activeElement)
        ? document.activeElement.dataset["focusKey"]
        : undefined;
    if (!id || !model) {
      this.shown = null;
      this.el.replaceChildren(
        h("p", { class: "pg-empty" }, this.host.loc.localize("TEMPO.Playground.Sheet.PickToken")),
      );
      return;
    }
    const html = this.views.sheetHtml(model);
    // A turn change that leaves this sheet as it was (another's reaction, a step elsewhere) keeps
    // its elements, and with them focus and the layout.
    const shown = [id, html, this.targetOf(id), this.targetSelect(), combatantIn(this.state, id)];
    if (html !== null && this.shown?.every((v, i) => v === shown[i])) return;
    this.shown = html !== null ? shown : null;
    this.updateTargetBar(id);
    if (this.el.firstChild !== this.bar || this.body.parentElement !== this.el)
      this.el.replaceChildren(this.bar, this.poolSlot, this.body);
    if (html !== null) {
      // Part by part: a command changes one or two of a sheet's parts (issue 31).
      layOverParts(this.body, html);
      this.el.dataset["source"] = "template";
      const bar = this.poolBar(id);
      const pools =
        bar && !this.body.querySelector("[data-action=spendPool], [data-action=restorePool]") ? bar : null;
      // The same bar stays where it is (its buttons keep focus); another replaces it.
      if (this.poolSlot.firstChild !== pools || this.poolSlot.childNodes.length > 1)
        this.poolSlot.replaceChildren(...(pools ? [pools] : []));
    } else {
      this.el.dataset["source"] = "playground";
      // The sheet template is still loading.
      this.poolSlot.replaceChildren();
      this.body.replaceChildren(
        h("p", { class: "pg-empty" }, this.host.loc.localize("TEMPO.Playground.Loading")),
      );
    }
    this.el.dataset["combatant"] = id;
    if (!focused) return;
    // The same control in the same place: focus without a scroll.
    const refocus = () =>
      this.el.querySelector<HTMLElement>(`[data-focus-key="${focused}"]`)?.focus({ preventScroll: true });
    if (frame) frame.after(refocus);
    else refocus();
  }

  /** The target bar for `id`: the roster's list (built once per roster), without `id`, on its target. */
  private updateTargetBar(id: string): void {
    const select = this.targetSelect();
    if (select.parentElement !== this.bar) {
      this.hiddenOption = null;
      this.bar.replaceChildren(
        h("span", {}, this.host.loc.localize("TEMPO.Playground.Sheet.Target")),
        select,
      );
    }
    const self = select.querySelector<HTMLOptionElement>(`option[value="${CSS.escape(id)}"]`);
    if (self !== this.hiddenOption) {
      if (this.hiddenOption) this.hiddenOption.hidden = this.hiddenOption.disabled = false;
      if (self) self.hidden = self.disabled = true;
      this.hiddenOption = self;
    }
    const current = this.targetOf(id);
    select.value = current ?? "";
  }

  /** Every combatant as a target option, built once per roster and names (a crowd has hundreds). */
  private targetSelect(): HTMLSelectElement {
    const state = this.state;
    const sight = this.host.sight;
    if (this.targetOptions?.roster === state.roster && this.targetOptions.sight === sight)
      return this.targetOptions.select;
    const names = state.roster.map((id) => `${id}\u0000${combatantIn(state, id)?.name ?? ""}`).join("\u0001");
    if (this.targetOptions?.names === names && this.targetOptions.sight === sight) {
      this.targetOptions.roster = state.roster;
      return this.targetOptions.select;
    }
    const select = h("select", { id: "pg-target", "data-pg": "target", "data-focus-key": "target" });
    for (const other of state.roster) {
      const c = combatantIn(state, other);
      if (c && sight.sees(other)) select.append(h("option", { value: other }, c.name));
    }
    this.targetOptions = { names, roster: state.roster, sight, select };
    return select;
  }

  /** The command a sheet's action button sends: `declare` while declarations are open, else `act`. */
  actCommand(who: string, action: string, cost?: number): Command {
    const target = this.targetOf(who) ?? undefined;
    const ruleset = getRuleset(this.state.ruleset);
    const def = ruleset.actions[action];
    const act: Command = { type: "act", who, action };
    if (def && def.target !== "none" && target) act.target = target;
    if (def && def.cost === null) act.cost = cost ?? 1;
    // Only a ruleset that declares actions has another command to send: the others send the act
    // as it is (a dry run first would cost the click the command's work twice).
    if (!ruleset.handlers.declare) return act;
    if (check(this.state, act) !== null) {
      const declare: Command = { type: "declare", who, action };
      if (check(this.state, declare) === null) return declare;
    }
    return act;
  }

  /** The pool bar last built, and the combatant it was built for (kept while that is unchanged). */
  private pools: { c: unknown; bar: HTMLElement | null } | null = null;

  /** Spend and restore buttons for each pool, as the GM adjusts them (adjustPool). */
  private poolBar(id: string): HTMLElement | null {
    const c = combatantIn(this.state, id);
    if (this.pools && this.pools.c === c && c) return this.pools.bar;
    const bar = this.buildPoolBar(id);
    this.pools = { c, bar };
    return bar;
  }

  private buildPoolBar(id: string): HTMLElement | null {
    const c = combatantIn(this.state, id);
    const pools = getRuleset(this.state.ruleset).pools;
    // A ruleset without points (segments, phases) gets no pool bar at all.
    if (!c || pools.length === 0) return null;
    const loc = this.host.loc;
    return h(
      "div",
      { class: "pg-pool-bar", "data-pg": "pool-bar" },
      ...pools.map((p) => {
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

  /** J, or the skip link: the acting combatant's sheet and its first action that can be taken now. */
  jumpToActions(): void {
    const state = this.state;
    const who = state.current ?? this.host.selected ?? state.roster[0] ?? null;
    if (who && who !== this.host.selected) this.host.select(who);
    const enabled = this.el.querySelector<HTMLElement>("[data-action=takeAction]:not([disabled])");
    const target = enabled ?? this.el.querySelector<HTMLElement>("button:not([disabled]), select");
    if (target) {
      target.focus();
      target.scrollIntoView({ block: "nearest" });
      return;
    }
    this.el.tabIndex = -1;
    this.el.focus();
  }

  private onClick(e: Event): void {
    const who = this.el.dataset["combatant"];
    const target = e.target instanceof Element ? e.target : null;
    if (!who || !target) return;
    const pool = target.closest<HTMLElement>("[data-pool-delta]");
    if (pool) {
      this.host.send({
        type: "adjustPool",
        who,
        pool: pool.dataset["poolId"] ?? "",
        delta: Number(pool.dataset["poolDelta"]),
      });
      return;
    }
    const button = target.closest<HTMLElement>("[data-action]");
    if (!button) return;
    // The sheet template's buttons: take an action (with its chosen cost), answer an offer.
    switch (button.dataset["action"]) {
      case "takeAction": {
        const id = button.dataset["actionId"] ?? "";
        const input = button
          .closest("[data-action-id]")
          ?.parentElement?.querySelector<HTMLInputElement>(`input[data-cost-for="${id}"]`);
        this.host.send(this.actCommand(who, id, input ? Number(input.value) : undefined));
        return;
      }
      case "spendPool":
      case "restorePool":
      case "react": {
        const command = sheetCommand(button.dataset["action"] ?? "", who, { ...button.dataset });
        if (command) this.host.send(command);
        return;
      }
    }
  }

  /** Another target picked: only the sheet shows it (its actions aim there now). */
  private onChange(e: Event): void {
    const who = this.el.dataset["combatant"];
    if (!who || !(e.target instanceof HTMLSelectElement) || e.target.id !== "pg-target") return;
    this.targets.set(who, e.target.value);
    this.drawn = null;
    this.draw(who);
  }
}
