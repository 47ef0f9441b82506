/**
 * The combat tracker: Foundry's sidebar tab with Tempo's list and the round's structure (phases,
 * segments, stages, HIGH/LOW groups, options), each combatant's pools as pips and markers for
 * surprised, delayed, readied, aborted and defeated. The view model is src/views/tracker.ts.
 * Header and footer stay Foundry's (begin/end combat, previous/next turn and round).
 *
 * Rendered by change (issue 31; docs/foundry-internals.md, "Rendering by change"): Foundry asks the
 * tracker to render on every combat update. When only some combatants' rows differ from what the
 * tracker shows, and nothing else of its view does, those rows alone are drawn again (the row
 * partial through `renderTemplate`, each replacing its `<li data-combatant-id>`) and Foundry draws
 * its own header and footer parts; anything else is Foundry's whole render.
 */
import type { Command } from "../../engine";
import { trackerCommand } from "../../views/controls";
import { TrackerMemo, trackerView, type CombatantRowView, type TrackerView } from "../../views/tracker";
import { PARTIALS, TEMPLATE_PATHS } from "../../views/templates";
import { submit } from "../channel/commands";
import { readSettings } from "../settings";
import { openHowto, rulesetOf } from "./howto";
import { openCombatantSetup } from "./combatant-setup";
import { TempoCombat } from "../documents/combat";
import type { LegacyOptionsOf, RenderOptionsOf } from "./render-forms";

const { CombatTracker } = foundry.applications.sidebar.tabs;
const { renderTemplate } = foundry.applications.handlebars;

/** Foundry's two ways to call ApplicationV2#render: (options) and the legacy (force, options). */
type TrackerRender = InstanceType<typeof CombatTracker>["render"];
type RenderOptionsArg = RenderOptionsOf<TrackerRender>;
type LegacyOptionsArg = LegacyOptionsOf<TrackerRender>;

/** The render options a combat update brings (`Document#render(force, context)`): a row patch may answer them. */
const PATCHABLE_OPTIONS = new Set(["force", "renderContext", "renderData"]);

/** A Foundry document id (letters and digits): anything else is never put into a selector. */
const DOCUMENT_ID = /^[A-Za-z0-9]{1,64}$/;

/** What the tracker part shows: the combat, the view it was drawn from, and that view without its rows. */
interface Shown {
  combat: object | null;
  view: TrackerView;
  frame: string;
}

/** The view without its rows, as text: what must be the same for a row patch to be enough. */
function frameOf(view: TrackerView): string {
  return JSON.stringify({ ...view, combatants: view.combatants.length });
}

/** Each row's text, worked out once per row object (a row the memo gives back is never read again). */
const rowTexts = new WeakMap<CombatantRowView, string>();
function rowText(row: CombatantRowView): string {
  let text = rowTexts.get(row);
  if (text === undefined) {
    text = JSON.stringify(row);
    rowTexts.set(row, text);
  }
  return text;
}

/**
 * The rows of `now` to draw again over `shown`: null when the rows are not the same combatants in
 * the same places (a join, a leave, a new order), or an id is not a document id. A row is the
 * same when it is the same object (the memo's) or reads the same.
 */
export function rowsToDraw(
  shown: readonly CombatantRowView[],
  now: readonly CombatantRowView[],
): CombatantRowView[] | null {
  if (shown.length !== now.length) return null;
  const out: CombatantRowView[] = [];
  for (let i = 0; i < now.length; i += 1) {
    const row = now[i] as CombatantRowView;
    const was = shown[i] as CombatantRowView;
    if (row.id !== was.id) return null;
    if (row === was || rowText(row) === rowText(was)) continue;
    if (!DOCUMENT_ID.test(row.id)) return null;
    out.push(row);
  }
  return out;
}

export class TempoCombatTracker extends CombatTracker {
  static override DEFAULT_OPTIONS = {
    actions: {
      tempoNext: TempoCombatTracker.#onCommand,
      tempoEndTurn: TempoCombatTracker.#onCommand,
      tempoChoose: TempoCombatTracker.#onCommand,
      tempoHowto: TempoCombatTracker.#onHowto,
      tempoAdjustPool: TempoCombatTracker.#onCommand,
      tempoSetup: TempoCombatTracker.#onSetup,
    },
  };

  static override PARTS = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: TEMPLATE_PATHS.tracker, scrollable: [""] },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };

  /**
   * The rows kept between renders: `trackerView(state, options, memo)` gives an unchanged row back
   * as the identical object, so only the rows a command changed are built and compared.
   */
  readonly #memo = new TrackerMemo();
  /** What the tracker part shows now; null before its first render. */
  #shown: Shown | null = null;
  /** Renders started: a row patch whose templates come back after a newer render started is dropped. */
  #generation = 0;
  /** Whole renders under way: no row patch while one is (it would draw over the patch). */
  #wholeRenders = 0;
  /** How many rows were drawn by patch and how many whole renders of the tracker part ran (for tests and benches). */
  readonly drawn = { rows: 0, whole: 0 };

  /** One localizer for the tracker's life: the memo keeps its rows while the localizer is the same. */
  readonly #i18n = {
    localize: (key: string) => game.i18n?.localize(key) ?? key,
    format: (key: string, data: Readonly<Record<string, unknown>>) =>
      game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ?? key,
  };

  /** The viewed combat, if it is Tempo's. */
  get tempoCombat(): TempoCombat | null {
    const combat = this.viewed;
    return combat instanceof TempoCombat ? combat : null;
  }

  /** The tracker's view model for this user. */
  tempoView(): TrackerView {
    const combat = this.tempoCombat;
    const user = game.user;
    const docs = combat
      ? combat.combatants.contents.map((c) => {
          // The combatant's own Tempo setup (src/foundry/data/combat.ts), shown before the start.
          const system = c.system as {
            side?: unknown;
            marching?: unknown;
            surprised?: unknown;
            unseen?: unknown;
          };
          return {
            id: c.id ?? "",
            name: c.name ?? "",
            img: c.img ?? "",
            hidden: c.hidden,
            side: typeof system.side === "string" ? system.side : "",
            marching: typeof system.marching === "number" ? system.marching : null,
            surprised: system.surprised === true,
            unseen: system.unseen === true,
          };
        })
      : [];
    const owned =
      combat && user ? combat.combatants.contents.filter((c) => c.isOwner).map((c) => c.id ?? "") : [];
    return trackerView(
      combat?.encounter ?? null,
      {
        i18n: this.#i18n,
        isGM: user?.isGM ?? false,
        owned,
        combatants: docs,
        ruleset: readSettings().ruleset,
      },
      this.#memo,
    );
  }

  /**
   * Foundry renders the tracker on every update of the viewed combat. Where the rows that changed
   * can be drawn alone (#patchRows), they are, with Foundry's header and footer parts; otherwise
   * this is Foundry's render.
   */
  override render(options?: RenderOptionsArg): Promise<this>;
  override render(force: boolean, options?: LegacyOptionsArg): Promise<this>;
  override async render(options?: RenderOptionsArg | boolean, _options?: LegacyOptionsArg): Promise<this> {
    const generation = (this.#generation += 1);
    const patched = await this.#patchRows(options, _options, generation);
    if (patched === null) return this;
    if (patched) return super.render({ parts: ["header", "footer"] });
    this.#wholeRenders += 1;
    try {
      // The legacy form is given to Foundry as the options it stands for (force and the rest).
      return await super.render(
        typeof options === "boolean" ? { ...(_options ?? {}), force: options } : options,
      );
    } finally {
      this.#wholeRenders -= 1;
    }
  }

  /**
   * Draw again only the rows whose view changed, when that is all that changed: true when done;
   * false when a whole render is needed; null when a newer render started meanwhile (it draws).
   */
  async #patchRows(options: unknown, legacy: unknown, generation: number): Promise<boolean | null> {
    const shown = this.#shown;
    const element = this.element as HTMLElement | null | undefined;
    if (!shown || !this.rendered || !element || this.#wholeRenders > 0) return false;
    const asked: Record<string, unknown> =
      typeof options === "boolean"
        ? { ...(legacy && typeof legacy === "object" ? legacy : {}), force: options }
        : options && typeof options === "object"
          ? (options as Record<string, unknown>)
          : {};
    if (asked["force"] === true || Object.keys(asked).some((key) => !PATCHABLE_OPTIONS.has(key)))
      return false;
    const combat = this.tempoCombat;
    if (combat !== shown.combat || combat === null) return false;
    const view = this.tempoView();
    if (frameOf(view) !== shown.frame) return false;
    const rows = rowsToDraw(shown.view.combatants, view.combatants);
    if (!rows) return false;
    const html = await Promise.all(
      rows.map((row) => renderTemplate(PARTIALS["tempo-tracker-combatant"], { ...row })),
    );
    if (generation !== this.#generation) return null;
    const targets = rows.map((row) => element.querySelector(`li[data-combatant-id="${row.id}"]`));
    if (targets.some((target) => !target)) return false;
    targets.forEach((target, i) => {
      if (target) target.outerHTML = html[i] ?? "";
    });
    // The turn moved to a row drawn here: it is brought into view, as Foundry's tracker does when
    // it draws a new turn.
    const current = rows.find((row) => row.current);
    if (current)
      element.querySelector(`li[data-combatant-id="${current.id}"]`)?.scrollIntoView({ block: "nearest" });
    this.drawn.rows += rows.length;
    this.#shown = { combat, view, frame: shown.frame };
    return true;
  }

  protected override async _preparePartContext(
    partId: string,
    context: foundry.applications.sidebar.tabs.CombatTracker.RenderContext,
    options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions,
  ) {
    const prepared = await super._preparePartContext(partId, context, options);
    if (partId !== "tracker") return prepared;
    const view = this.tempoView();
    this.#shown = { combat: this.tempoCombat, view, frame: frameOf(view) };
    this.drawn.whole += 1;
    return Object.assign(prepared, { tempo: view });
  }

  static async #send(this: TempoCombatTracker, command: Command): Promise<void> {
    const combat = this.tempoCombat;
    if (combat) await submit(combat, command);
  }

  /** A control that sends a command: the command is the view's (src/views/controls.ts). */
  static async #onCommand(
    this: TempoCombatTracker,
    _event: PointerEvent,
    target: HTMLElement,
  ): Promise<void> {
    const command = trackerCommand(target.dataset["action"] ?? "", { ...target.dataset });
    if (command) await TempoCombatTracker.#send.call(this, command);
  }

  /** The "How <ruleset> plays" link in the tracker's header. */
  static async #onHowto(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const ruleset = rulesetOf(target);
    if (ruleset) await openHowto(ruleset);
  }

  /** The GM's Tempo setup of a combatant (side, surprised, marching place, unseen). */
  static async #onSetup(this: TempoCombatTracker, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const combat = this.tempoCombat;
    const who = target.dataset["who"];
    if (combat && who && game.user?.isGM) await openCombatantSetup(combat, who);
  }
}
