/**
 * The combat tracker: Foundry's sidebar tab with Tempo's list and the round's structure (phases,
 * segments, stages, HIGH/LOW groups, options), each combatant's pools as pips and markers for
 * surprised, delayed, readied, aborted and defeated. The view model is src/views/tracker.ts.
 * Header and footer stay Foundry's (begin/end combat, previous/next turn and round).
 */
import type { Command } from "../../engine";
import { trackerCommand } from "../../views/controls";
import { trackerView, type TrackerView } from "../../views/tracker";
import { TEMPLATE_PATHS } from "../../views/templates";
import { submit } from "../commands";
import { readSettings } from "../settings";
import { openHowto, rulesetOf } from "./howto";
import { openCombatantSetup } from "./combatant-setup";
import { TempoCombat } from "../documents/combat";

const { CombatTracker } = foundry.applications.sidebar.tabs;

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

  /** The viewed combat, if it is Tempo's. */
  get tempoCombat(): TempoCombat | null {
    const combat = this.viewed;
    return combat instanceof TempoCombat ? combat : null;
  }

  /** The tracker's view model for this user. */
  tempoView(): TrackerView {
    const combat = this.tempoCombat;
    const user = game.user;
    const i18n = {
      localize: (key: string) => game.i18n?.localize(key) ?? key,
      format: (key: string, data: Readonly<Record<string, unknown>>) =>
        game.i18n?.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)]))) ??
        key,
    };
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
    return trackerView(combat?.encounter ?? null, {
      i18n,
      isGM: user?.isGM ?? false,
      owned,
      combatants: docs,
      ruleset: readSettings().ruleset,
    });
  }

  protected override async _preparePartContext(
    partId: string,
    context: foundry.applications.sidebar.tabs.CombatTracker.RenderContext,
    options: foundry.applications.sidebar.tabs.CombatTracker.RenderOptions,
  ) {
    const prepared = await super._preparePartContext(partId, context, options);
    if (partId === "tracker") return Object.assign(prepared, { tempo: this.tempoView() });
    return prepared;
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
