/**
 * What one user may see of a fight with hidden combatants (issue 44, "Hidden foes stay hidden").
 * The engine decides the same whether a combatant is hidden or not; only what each user is shown
 * differs, and that is worked out here, once, for every host: a GM sees everything; a player does
 * not see a combatant the GM keeps hidden (Foundry's `combatant.hidden`, the playground's hidden
 * list) unless the player owns it. A hidden combatant's row, its chat lines, its name in a prompt,
 * the ruler's provoking cells it threatens and its rolls (initiative, tie-breaks, surprise) never
 * reach a player: the host sends the player only what `Sight` lets through, and the rest to the GM.
 *
 * Pure: ids and events in, ids and events out.
 */
import type { Command, EngineEvent, Json, MovePreview } from "../engine";
import type { ChatEntry } from "./chat";
import type { Localizer } from "./sheet";
import { fixedText } from "./words";

export interface Viewer {
  isGM: boolean;
  /** The combatants the viewer owns: a player sees its own combatant even while it is hidden. */
  owned?: readonly string[];
}

/** When a hidden combatant is shown to players: only by the GM's toggle, or at its first action too. */
export type RevealRule = "gm" | "firstAction";
export const REVEAL_RULES: readonly RevealRule[] = ["gm", "firstAction"];

/** Events that are a hidden combatant's own roll: whispered to the GM, never shown to a player. */
const ROLL_EVENTS: ReadonlySet<string> = new Set([
  "initiativeRolled",
  "initiativeTieRolled",
  "luckContested",
  "surpriseRolled",
  "diceRolled",
  "checkRolled",
]);

/** Events by which a combatant acts in the fight (the first of them reveals it, by the GM's rule). */
const ACTING_EVENTS: ReadonlySet<string> = new Set([
  "actionTaken",
  "actionDeclared",
  "attackResolved",
  "moved",
  "movePaused",
  "reactionResolved",
]);

export class Sight {
  private readonly hiddenIds: ReadonlySet<string>;
  private readonly ownedIds: ReadonlySet<string>;

  constructor(
    readonly viewer: Viewer,
    hidden: Iterable<string>,
  ) {
    this.hiddenIds = new Set(hidden);
    this.ownedIds = new Set(viewer.owned ?? []);
  }

  /** Whether anything is masked for this viewer at all (a GM, or a fight with nobody hidden). */
  get masks(): boolean {
    if (this.viewer.isGM) return false;
    for (const id of this.hiddenIds) if (!this.ownedIds.has(id)) return true;
    return false;
  }

  /** Whether the viewer sees combatant `id`. */
  sees(id: string): boolean {
    return this.viewer.isGM || !this.hiddenIds.has(id) || this.ownedIds.has(id);
  }

  /** Whether `id` is hidden from players (whoever looks). */
  isHidden(id: string): boolean {
    return this.hiddenIds.has(id);
  }

  /** The combatant's name, or "Someone" where the viewer does not see it. */
  name(id: string, name: string, i18n: Localizer): string {
    return this.sees(id) ? name : fixedText(i18n, "TEMPO.Table.Hidden.Someone");
  }

  /** The ids the viewer sees, in the given order. */
  visible(ids: readonly string[]): string[] {
    return this.masks ? ids.filter((id) => this.sees(id)) : [...ids];
  }

  /** Whether a value (an event's field, any depth) names a combatant the viewer does not see. */
  private names(value: Json | undefined): boolean {
    if (typeof value === "string") return !this.sees(value);
    if (Array.isArray(value)) return value.some((v) => this.names(v));
    if (value !== null && typeof value === "object") return Object.values(value).some((v) => this.names(v));
    return false;
  }

  /** Whether an event says anything of a combatant the viewer does not see. */
  hides(event: EngineEvent): boolean {
    if (!this.masks) return false;
    for (const key in event) if (key !== "type" && this.names(event[key])) return true;
    return false;
  }

  /** Whether a command is one of a combatant the viewer does not see (its whole card is the GM's). */
  hidesCommand(command: Command): boolean {
    if (!this.masks) return false;
    const who = (command as { who?: unknown }).who;
    return typeof who === "string" && !this.sees(who);
  }

  /**
   * The chat entry as this viewer is shown it: the events about combatants it does not see are
   * left out, and the whole entry where the command is a hidden combatant's (null: no card).
   */
  entry(entry: ChatEntry): ChatEntry | null {
    if (!this.masks) return entry;
    if (this.hidesCommand(entry.command)) return null;
    const events = entry.events.filter((e) => !this.hides(e));
    if (events.length === entry.events.length) return entry;
    return { ...entry, events };
  }

  /** The ruler's preview as the viewer is shown it: a provoking cell of a foe it does not see is not drawn. */
  preview(preview: MovePreview): MovePreview {
    if (!this.masks || preview.provocations.length === 0) return preview;
    const provocations = preview.provocations.flatMap((p) => {
      const by = p.by.filter((id) => this.sees(id));
      return by.length === 0 ? [] : [{ ...p, by }];
    });
    return { ...preview, provocations };
  }
}

/**
 * The events of an entry that go to the GM alone: the rolls of combatants hidden from players
 * (initiative, tie-breaks, surprise, any die), which the host whispers to the GM.
 */
export function whisperedRolls(events: readonly EngineEvent[], hidden: Iterable<string>): EngineEvent[] {
  const player = new Sight({ isGM: false }, hidden);
  if (!player.masks) return [];
  return events.filter((e) => ROLL_EVENTS.has(e.type) && player.hides(e));
}

/**
 * Which hidden combatants these events reveal under the GM's rule: none by "gm" (only the GM's
 * toggle shows them), the ones that act by "firstAction".
 */
export function revealedBy(
  events: readonly EngineEvent[],
  hidden: Iterable<string>,
  rule: RevealRule,
): string[] {
  if (rule !== "firstAction") return [];
  const still = new Set(hidden);
  const out: string[] = [];
  for (const e of events) {
    const who = e["who"];
    if (!ACTING_EVENTS.has(e.type) || typeof who !== "string" || !still.has(who)) continue;
    still.delete(who);
    out.push(who);
  }
  return out;
}
