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

/**
 * Each ruleset's own name for a way of moving other than a plain move, as its text says it: flow's
 * "Take a Step" and "Tumble Through", phases' "1-hex step" and "withdraw action". A plain move is
 * the command's own word.
 */
const MOVE_MODE_LABELS: Readonly<Record<RulesetId, Readonly<Record<string, string>>>> = {
  flow: { step: "TEMPO.Chat.MoveMode.flow.step", tumble: "TEMPO.Chat.MoveMode.flow.tumble" },
  rating: {},
  segments: {},
  phases: { step: "TEMPO.Chat.MoveMode.phases.step", withdraw: "TEMPO.Chat.MoveMode.phases.withdraw" },
  marching: {},
};

/** The key naming a move of `mode` in `ruleset`: its own name for the mode, or the plain "Move". */
export function moveLabel(ruleset: RulesetId, mode: string | undefined): string {
  const labels = MOVE_MODE_LABELS[ruleset];
  return mode !== undefined && Object.hasOwn(labels, mode) ? (labels[mode] as string) : "TEMPO.Command.move";
}

/**
 * What a reaction with no points to pay costs, in its ruleset's words, where two such reactions meet
 * in one prompt: segments' Free Attack ("Creatures executing a free attack do not otherwise affect
 * any of their other actions"; "Only one free attack may be taken per segment") and Immediate
 * Attack ("(major)": "must have an available major action").
 */
const REACTION_COST_NOTES: Readonly<Record<string, string>> = {
  freeAttack: "TEMPO.Prompt.CostNote.freeAttack",
  immediateAttack: "TEMPO.Prompt.CostNote.immediateAttack",
};

/** The key of a reaction's cost note, or null when its cost in points says it all. */
export function reactionCostNote(reaction: string): string | null {
  return Object.hasOwn(REACTION_COST_NOTES, reaction) ? (REACTION_COST_NOTES[reaction] as string) : null;
}

/** The key naming a command in a log line: a move by its mode's own name, others by their type. */
export function commandLabel(
  ruleset: RulesetId,
  command: { type: string; mode?: string | undefined },
): string {
  return command.type === "move" ? moveLabel(ruleset, command.mode) : `TEMPO.Command.${command.type}`;
}
