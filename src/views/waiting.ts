/**
 * Who the table waits for (issue 44, "Pauses nobody can explain"): while reaction offers are open,
 * every user sees "Waiting for Cyra's reaction, 12 s", and the combatant whose move or action is
 * held sees why ("Your move stopped at 4, 2: Cyra may react"). Pure: the engine's open offers and
 * pending triggers, the prompt's seconds left and the viewer in, words out. A reactor the viewer
 * does not see (hidden by the GM) is named "someone".
 */
import { combatantIn, type EncounterState } from "../engine";
import type { Localizer } from "./sheet";
import type { Sight } from "./sight";
import { listText } from "./words";

export interface WaitingView {
  /** "Waiting for Cyra's reaction, 12 s"; empty when nobody is asked. */
  text: string;
  /** The reactors asked, in the order their offers were made. */
  reactors: string[];
  /** The seconds shown (null: no countdown known to this host). */
  seconds: number | null;
}

const NOT_WAITING: WaitingView = { text: "", reactors: [], seconds: null };

function nameOf(state: EncounterState, id: string, sight: Sight, i18n: Localizer): string {
  return sight.name(id, combatantIn(state, id)?.name ?? id, i18n);
}

/** The distinct names (a hidden reactor, once, as "someone"). */
function names(state: EncounterState, ids: readonly string[], sight: Sight, i18n: Localizer): string[] {
  return [...new Set(ids.map((id) => nameOf(state, id, sight, i18n)))];
}

/** The waiting line for every client, with the prompt's seconds left when the host has them. */
export function waitingView(
  state: EncounterState,
  seconds: number | null,
  sight: Sight,
  i18n: Localizer,
): WaitingView {
  if (state.offers.length === 0) return NOT_WAITING;
  const reactors = [...new Set(state.offers.map((o) => o.who))];
  const who = listText(names(state, reactors, sight, i18n), i18n);
  const one = reactors.length === 1;
  const text =
    seconds === null
      ? i18n.format(one ? "TEMPO.Table.Waiting.One" : "TEMPO.Table.Waiting.Many", { names: who })
      : i18n.format(one ? "TEMPO.Table.Waiting.OneSeconds" : "TEMPO.Table.Waiting.ManySeconds", {
          names: who,
          seconds: Math.max(0, Math.ceil(seconds)),
        });
  return { text, reactors, seconds };
}

/** Why a combatant's move or action is held: one line per held combatant the viewer sees. */
export interface HeldView {
  who: string;
  text: string;
}

/**
 * For each combatant whose move or action is held by open offers (the actor of their pending
 * trigger): "Aria's move stopped at 4, 2: Cyra may react". The host shows the lines of the
 * viewer's own combatants (the mover's "why my token stopped"), and all of them to the GM.
 */
export function heldViews(state: EncounterState, sight: Sight, i18n: Localizer): HeldView[] {
  if (state.offers.length === 0) return [];
  const out: HeldView[] = [];
  for (const p of state.pending) {
    const offers = state.offers.filter((o) => o.trigger === p.id);
    if (offers.length === 0 || !sight.sees(p.actor)) continue;
    const reactors = listText(
      names(
        state,
        offers.map((o) => o.who),
        sight,
        i18n,
      ),
      i18n,
    );
    const mover = nameOf(state, p.actor, sight, i18n);
    const cell = offers.find((o) => o.cell !== null)?.cell ?? null;
    const moving = p.kind === "move" || p.kind === "flee" || p.kind === "readiedMove";
    const text =
      moving && cell
        ? i18n.format("TEMPO.Table.Held.MoveAt", { name: mover, x: cell[0], y: cell[1], reactors })
        : moving
          ? i18n.format("TEMPO.Table.Held.Move", { name: mover, reactors })
          : i18n.format("TEMPO.Table.Held.Action", { name: mover, reactors });
    out.push({ who: p.actor, text });
  }
  return out;
}
