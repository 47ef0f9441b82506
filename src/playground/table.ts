/**
 * The table around the fight (issue 44), as the playground plays it: who is looking (the GM, or
 * the player of one combatant), the combatants the GM keeps hidden and when they are revealed, the
 * GM's world switches (turn notices for the table, the story whispered or public) and each user's
 * own (turn and up-next notices, the tone). Foundry keeps the same as combatant.hidden, world
 * settings and client settings; the view models (src/views/sight.ts, turns.ts, story.ts) read them
 * the same way in both hosts. A user's own choices are kept in the browser's storage.
 */
import type { EngineEvent } from "../engine";
import { revealedBy, Sight, type RevealRule, type Viewer } from "../views/sight";
import { DEFAULT_NOTICE_SETTINGS, type NoticeSettings } from "../views/turns";

const NOTICES_KEY = "tempo-playground-notices";

/** The user's own notice choices (the client settings), as the browser's storage holds them. */
function storedNotices(): Omit<NoticeSettings, "world"> {
  const defaults = { turn: true, upNext: true, sound: true };
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(NOTICES_KEY) ?? "null");
    if (typeof raw !== "object" || raw === null) return defaults;
    const r = raw as Record<string, unknown>;
    return {
      turn: typeof r["turn"] === "boolean" ? r["turn"] : true,
      upNext: typeof r["upNext"] === "boolean" ? r["upNext"] : true,
      sound: typeof r["sound"] === "boolean" ? r["sound"] : true,
    };
  } catch {
    return defaults;
  }
}

export class TableSettings {
  private viewerNow: Viewer = { isGM: true };
  private hiddenIds = new Set<string>();
  private sightNow: Sight | null = null;
  /** The GM's world settings. */
  reveal: RevealRule = "gm";
  storyWhispered = true;
  noticesOn = DEFAULT_NOTICE_SETTINGS.world;
  /** This user's own. */
  private own = storedNotices();

  get viewer(): Viewer {
    return this.viewerNow;
  }

  get hidden(): ReadonlySet<string> {
    return this.hiddenIds;
  }

  /** What the viewer sees: made again only when the viewer or the hidden list changed. */
  get sight(): Sight {
    this.sightNow ??= new Sight(this.viewerNow, this.hiddenIds);
    return this.sightNow;
  }

  get notices(): NoticeSettings {
    return { world: this.noticesOn, ...this.own };
  }

  /** Look as the GM (null) or as the player of combatant `id`. */
  viewAs(id: string | null): void {
    this.viewerNow = id === null ? { isGM: true } : { isGM: false, owned: [id] };
    this.sightNow = null;
  }

  /** The GM's toggle: hide a combatant from players, or show it. */
  setHidden(id: string, hidden: boolean): void {
    if (hidden === this.hiddenIds.has(id)) return;
    this.hiddenIds = new Set(this.hiddenIds);
    if (hidden) this.hiddenIds.add(id);
    else this.hiddenIds.delete(id);
    this.sightNow = null;
  }

  /** A command's events under the GM's reveal rule: true when someone was revealed. */
  revealBy(events: readonly EngineEvent[]): boolean {
    const shown = revealedBy(events, this.hiddenIds, this.reveal);
    for (const id of shown) this.setHidden(id, false);
    return shown.length > 0;
  }

  /** A user's own notice choice, kept in the browser's storage. */
  setOwn(which: "turn" | "upNext" | "sound", on: boolean): void {
    this.own = { ...this.own, [which]: on };
    try {
      localStorage.setItem(NOTICES_KEY, JSON.stringify(this.own));
    } catch {
      // Storage refused (private mode): the choice holds for this page.
    }
  }

  /** A new fight: nobody hidden, the GM looking. The user's own choices stay. */
  reset(): void {
    this.viewAs(null);
    this.hiddenIds = new Set();
    this.sightNow = null;
  }
}
