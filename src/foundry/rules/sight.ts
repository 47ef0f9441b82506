/**
 * Seeing the mover: what a token lets others see (Foundry's hidden flag, statuses, detection
 * modes in the v13 and v14 shapes), who perceives whom, and which offers a reactor who cannot see
 * the mover declines. Plain functions; nothing here touches Foundry globals.
 */
import { type Command, type EncounterState, type Offer } from "../../engine";
import type { V14DetectionModes } from "../data/v14";

// ---------------------------------------------------------------------------------------------
// Seeing the mover
// ---------------------------------------------------------------------------------------------

/** What sight needs from a token: Foundry's `hidden`, its status ids, its detection modes. */
export interface SightData {
  hidden: boolean;
  statuses: readonly string[];
  detectionModes: readonly { id: string; enabled: boolean }[];
}

/**
 * A token's detection modes in either shape Foundry gives them, as `{ id, enabled }` entries:
 * v13's array of `{ id, enabled, range }`
 * (https://foundryvtt.com/api/v13/classes/foundry.documents.TokenDocument.html#detectionmodes) and
 * v14's object keyed by mode id with `{ enabled, range }` values
 * (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenDetectionMode.html).
 * The shape is detected, not the version; anything else reads as no modes.
 */
export function detectionModesOf(
  raw: V14DetectionModes | readonly { id?: string; enabled?: boolean }[] | unknown,
): { id: string; enabled: boolean }[] {
  const entry = (id: unknown, mode: unknown) => {
    const m = typeof mode === "object" && mode !== null ? (mode as Record<string, unknown>) : {};
    return { id: typeof id === "string" ? id : "", enabled: m["enabled"] !== false };
  };
  if (Array.isArray(raw))
    return raw.map((m: unknown) =>
      entry(typeof m === "object" && m !== null ? (m as Record<string, unknown>)["id"] : "", m),
    );
  if (typeof raw === "object" && raw !== null) return Object.entries(raw).map(([id, m]) => entry(id, m));
  return [];
}

/** Foundry's core status id for invisibility (CONFIG.statusEffects "invisible"). */
export const INVISIBLE = "invisible";
/** Foundry's core status id for blindness (CONFIG.statusEffects "blind"). */
export const BLIND = "blind";
/**
 * Detection modes that see an invisible creature: Foundry's core "seeInvisibility",
 * "senseInvisibility", "senseAll", and "seeAll" (CONFIG.Canvas.detectionModes; "See All" detects
 * every token, invisible ones included).
 */
export const SEES_INVISIBLE: readonly string[] = [
  "seeInvisibility",
  "senseInvisibility",
  "senseAll",
  "seeAll",
];

/**
 * Does a reactor perceive a mover? A hidden token (Foundry's "hidden") is unseen by everyone; an
 * invisible one by anyone without a detection mode that sees invisibility; a blind reactor sees
 * no one. With the world setting "react to unseen movers" on, everyone perceives everyone.
 */
export function perceives(
  reactor: SightData | null,
  mover: SightData | null,
  reactToUnseen: boolean,
): boolean {
  if (reactToUnseen || !mover) return true;
  if (mover.hidden) return false;
  if (reactor?.statuses.includes(BLIND)) return false;
  if (mover.statuses.includes(INVISIBLE)) {
    return reactor?.detectionModes.some((m) => m.enabled && SEES_INVISIBLE.includes(m.id)) ?? false;
  }
  return true;
}

/** Offers drawn by a move (leaving a threatened cell, fleeing), as opposed to an attack or an action. */
export const MOVE_TRIGGERS: readonly string[] = ["move", "flee"];

export function isMoveOffer(state: EncounterState, offer: Offer): boolean {
  const pending = state.pending.find((p) => p.id === offer.trigger);
  return pending !== undefined && MOVE_TRIGGERS.includes(pending.kind);
}

/**
 * "Hidden or invisible movers do not provoke": the declines the GM gives for reactors who cannot
 * see the mover, one per reactor and mover. Entering a threat range never provokes (the engine
 * offers only on leaving), so only move offers are looked at.
 */
export function unseenDeclines(
  state: EncounterState,
  sees: (reactor: string, mover: string) => boolean,
): Command[] {
  const seen = new Set<string>();
  const out: Command[] = [];
  for (const offer of state.offers) {
    if (!isMoveOffer(state, offer) || sees(offer.who, offer.against)) continue;
    const key = `${offer.who}>${offer.against}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ type: "react", who: offer.who, with: "decline", against: offer.against });
  }
  return out;
}
