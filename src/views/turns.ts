/**
 * Whose turn it is, for everyone (issue 44): the combatants acting now, by each ruleset's own
 * structure, who is up next, and the notices a user gets when its combatant comes up. Pure: the
 * engine's state in, ids and words out; Foundry's turn marker and notices and the playground's
 * tracker, tokens and tone read the same answers.
 *
 * Who acts now, as the engine's state holds it:
 * - segments, while declarations are open ("1. All individuals Declare Actions"): every combatant
 *   still standing declares at once;
 * - marching, while a pair acts together ("Acting Together": one turn at the same time): both;
 * - everywhere else: the current combatant (flow and rating's turn, segments' actor in its group's
 *   or stage's turn, phases' character acting in this Phase, marching's combatant of the side whose
 *   turn it is); nobody between turns (segments' End the Round, phases' Post-Turn Recovery,
 *   marching's lead choosing).
 */
import { combatantIn, type EncounterState } from "../engine";
import type { Localizer } from "./sheet";
import type { Sight } from "./sight";

/** The combatants acting now, in the order they act (empty between turns and outside a fight). */
export function actingIds(state: EncounterState): string[] {
  if (state.status !== "active") return [];
  if (state.ruleset === "segments" && state.stage === "declare")
    return state.order.filter((id) => combatantIn(state, id)?.defeated === false);
  if (state.ruleset === "marching") {
    const together = state.ext["together"];
    if (together !== null && typeof together === "object" && !Array.isArray(together)) {
      const who = together["who"];
      if (Array.isArray(who)) return who.filter((id): id is string => typeof id === "string");
    }
  }
  return state.current === null ? [] : [state.current];
}

/**
 * Who acts after the ones acting now in this round's (phase's, stage's) order, skipping the
 * defeated: null when the acting ones are the last, nobody acts now, or everyone acts at once.
 */
export function upNextId(state: EncounterState): string | null {
  const acting = actingIds(state);
  if (acting.length === 0 || (state.ruleset === "segments" && state.stage === "declare")) return null;
  const last = Math.max(...acting.map((id) => state.order.indexOf(id)));
  if (last < 0) return null;
  for (const id of state.order.slice(last + 1)) {
    if (acting.includes(id)) continue;
    const c = combatantIn(state, id);
    if (c && !c.defeated) return id;
  }
  return null;
}

/** The user's choices (client settings) and the GM's world switch for turn notices. */
export interface NoticeSettings {
  /** The GM's world setting: notices and sounds for nobody when false. */
  world: boolean;
  /** This user's: "your turn" notices. */
  turn: boolean;
  /** This user's: "up next" notices. */
  upNext: boolean;
  /** This user's: the tone that goes with a notice. */
  sound: boolean;
}

export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = { world: true, turn: true, upNext: true, sound: true };

export interface TurnNotice {
  kind: "turn" | "upNext";
  who: string;
  text: string;
  /** Whether the host plays its tone with it. */
  sound: boolean;
}

/**
 * The notices a user gets as the fight goes from `before` to `after`: "your turn" for each of its
 * combatants that begins to act, "up next" for its combatant that became next (not one acting
 * already). Nothing for a combatant hidden from players (even to its owner: a hidden foe is the
 * GM's), nothing the user or the GM turned off.
 */
export function turnNotices(
  before: EncounterState | null,
  after: EncounterState,
  owned: readonly string[],
  sight: Sight,
  settings: NoticeSettings,
  i18n: Localizer,
): TurnNotice[] {
  if (!settings.world || owned.length === 0) return [];
  const mine = new Set(owned);
  const out: TurnNotice[] = [];
  const wasActing = new Set(before ? actingIds(before) : []);
  const acting = actingIds(after);
  const name = (id: string) => combatantIn(after, id)?.name ?? id;
  if (settings.turn)
    for (const id of acting) {
      if (!mine.has(id) || wasActing.has(id) || sight.isHidden(id)) continue;
      out.push({
        kind: "turn",
        who: id,
        text: i18n.format("TEMPO.Table.Notice.Turn", { name: name(id) }),
        sound: settings.sound,
      });
    }
  const next = upNextId(after);
  if (
    settings.upNext &&
    next !== null &&
    mine.has(next) &&
    !sight.isHidden(next) &&
    (before === null || upNextId(before) !== next) &&
    !wasActing.has(next)
  )
    out.push({
      kind: "upNext",
      who: next,
      text: i18n.format("TEMPO.Table.Notice.UpNext", { name: name(next) }),
      sound: settings.sound,
    });
  return out;
}
