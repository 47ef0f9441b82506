/**
 * Localisation keys shared by the tracker, the sheets, the settings and the playground's chat, so
 * the same thing is worded the same way everywhere (one list, not a copy per view).
 */
import type { RulesetId } from "../engine";

/** Each ruleset's name. */
export const RULESET_LABELS = {
  flow: "TEMPO.Ruleset.flow",
  rating: "TEMPO.Ruleset.rating",
  segments: "TEMPO.Ruleset.segments",
  phases: "TEMPO.Ruleset.phases",
  marching: "TEMPO.Ruleset.marching",
} as const satisfies Record<RulesetId, string>;

/** phases' Phase names ("a 12-second Turn of 4 Phases", the surprise phase and Post-Turn Recovery). */
export const PHASE_LABELS = {
  surprise: "TEMPO.Tracker.Phase.surprise",
  "1": "TEMPO.Tracker.Phase.1",
  "2": "TEMPO.Tracker.Phase.2",
  "3": "TEMPO.Tracker.Phase.3",
  "4": "TEMPO.Tracker.Phase.4",
  postTurn: "TEMPO.Tracker.Phase.postTurn",
} as const;

/** A Phase's key by its engine mark (1..4, "surprise", "postTurn"), or undefined for another value. */
export function phaseLabel(mark: unknown): string | undefined {
  const key = String(mark);
  return Object.hasOwn(PHASE_LABELS, key) ? PHASE_LABELS[key as keyof typeof PHASE_LABELS] : undefined;
}

/**
 * Whether a ruleset speaks of reach and threatened cells: flow (a Reaction Attack on whoever
 * "moves OUT of any hex you threaten"), segments (free attacks on whoever flees or moves out of
 * melee) and phases ("You threaten all hexes into which you can make a melee attack") do;
 * rating has no movement at all, and marching's only reaction is seizing the initiative, so
 * neither ever names reach, threat or acting "within reach".
 */
export const SPEAKS_OF_THREAT = {
  flow: true,
  rating: false,
  segments: true,
  phases: true,
  marching: false,
} as const satisfies Record<RulesetId, boolean>;
