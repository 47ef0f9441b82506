/**
 * Asking and answering reactions, as plain functions: which user answers a reactor's offer, what
 * the GM asks and what an answer may be, in which order answers are applied, and what a timeout,
 * a disconnect or a forged answer does. The prompt (apps/reaction-prompt.ts) and the GM's loop
 * (rules/loop.ts) use these; tests/foundry/movement tests them without Foundry.
 */
import {
  check,
  type Command,
  type EncounterState,
  type Offer,
  type Refusal,
  combatantIn,
} from "../../engine";

// ---------------------------------------------------------------------------------------------
// Who answers
// ---------------------------------------------------------------------------------------------

/** A user as the choice of answerer needs it. */
export interface UserData {
  id: string;
  isGM: boolean;
  active: boolean;
  /** The actor id of the user's assigned character, if any. */
  character: string | null;
}

/**
 * Who answers for a reactor: a connected player who owns its actor (the one whose character it is
 * first); the active GM for NPCs, and for a player's reactor whose owners are not connected.
 */
export function answererFor(
  actorId: string | null,
  users: readonly UserData[],
  owns: (userId: string, actorId: string) => boolean,
  activeGM: string | null,
): string | null {
  if (actorId !== null) {
    const players = users.filter((u) => !u.isGM && u.active && owns(u.id, actorId));
    const own = players.find((u) => u.character === actorId) ?? players[0];
    if (own) return own.id;
  }
  return activeGM;
}

// ---------------------------------------------------------------------------------------------
// Asking and answering
// ---------------------------------------------------------------------------------------------

/** What the GM sends a reactor's user: the open offers of one reactor, and how long to answer. */
export interface ReactionAsk {
  askId: string;
  combatId: string;
  reactor: string;
  offers: Offer[];
  /** Countdown in seconds; decline when it runs out. */
  seconds: number;
}

/** What comes back: the offer taken (by id), or a decline (offerId null). */
export interface ReactionAnswer {
  askId: string;
  offerId: string | null;
}

export function isReactionAsk(value: unknown): value is ReactionAsk {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v["askId"] === "string" &&
    typeof v["combatId"] === "string" &&
    typeof v["reactor"] === "string" &&
    typeof v["seconds"] === "number" &&
    Array.isArray(v["offers"])
  );
}

export function isReactionAnswer(value: unknown): value is ReactionAnswer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v["askId"] === "string" && (v["offerId"] === null || typeof v["offerId"] === "string");
}

/** The asks for a state: one per reactor with open offers, in initiative order. */
export function asksFor(
  state: EncounterState,
  combatId: string,
  seconds: number,
  nextId: () => string,
): ReactionAsk[] {
  const reactors = [...new Set(state.offers.map((o) => o.who))];
  return inInitiativeOrder(state, reactors).map((reactor) => ({
    askId: nextId(),
    combatId,
    reactor,
    offers: state.offers.filter((o) => o.who === reactor).map((o) => ({ ...o })),
    seconds,
  }));
}

/**
 * Initiative order for applying answers: the engine's order for this round first (its ties are
 * already broken), then higher initiative, then the order combatants joined.
 */
export function inInitiativeOrder(state: EncounterState, ids: readonly string[]): string[] {
  const rank = (id: string): [number, number, number] => {
    const inOrder = state.order.indexOf(id);
    const initiative = combatantIn(state, id)?.initiative ?? null;
    return [
      inOrder >= 0 ? inOrder : Number.MAX_SAFE_INTEGER,
      initiative === null ? Number.MAX_SAFE_INTEGER : -initiative,
      state.roster.indexOf(id),
    ];
  };
  return [...ids].sort((a, b) => {
    const ra = rank(a);
    const rb = rank(b);
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
  });
}

export type AnswerCheck = { ok: true; commands: Command[] } | { ok: false; refusal: Refusal };

const REFUSED = {
  NotThisPrompt: "TEMPO.Prompt.Refused.NotThisPrompt",
  NotYours: "TEMPO.Prompt.Refused.NotYours",
  Closed: "TEMPO.Prompt.Refused.Closed",
} as const;

function refusal(key: keyof typeof REFUSED, data: Refusal["data"] = {}): AnswerCheck {
  return { ok: false, refusal: { key: REFUSED[key], data } };
}

/**
 * Is this answer acceptable now, on the GM's client? It must answer this ask; come from a user who
 * owns the reactor (the GM owns every one); take an offer of this ask that is still open (by id:
 * a late or duplicate answer finds it closed); and the engine must accept it (pools, reach ...).
 * A decline declines what of the ask is still open. Refused answers change nothing.
 */
export function checkAnswer(
  state: EncounterState,
  ask: ReactionAsk,
  answer: unknown,
  answeredBy: string,
  owns: (userId: string, combatantId: string) => boolean,
): AnswerCheck {
  if (!isReactionAnswer(answer) || answer.askId !== ask.askId) return refusal("NotThisPrompt");
  if (!owns(answeredBy, ask.reactor)) return refusal("NotYours", { who: nameOf(state, ask.reactor) });
  const open = ask.offers.filter((o) => state.offers.some((s) => s.id === o.id));
  if (answer.offerId === null) {
    if (open.length === 0) return refusal("Closed");
    const against = [...new Set(open.map((o) => o.against))];
    return {
      ok: true,
      commands: against.map((a) => ({ type: "react", who: ask.reactor, with: "decline", against: a })),
    };
  }
  const offer = open.find((o) => o.id === answer.offerId);
  if (!offer) return refusal("Closed");
  const command: Command = { type: "react", who: ask.reactor, with: offer.with, against: offer.against };
  const denied = check(state, command);
  if (denied) return { ok: false, refusal: denied };
  return { ok: true, commands: [command] };
}

function nameOf(state: EncounterState, id: string): string {
  return combatantIn(state, id)?.name ?? id;
}

/**
 * Is a prompt still worth showing? Not when the combat is gone or over, the reactor left it, the
 * reactor's token was deleted, or none of its offers is open any more (answered elsewhere).
 */
export function promptStillOpen(state: EncounterState | null, ask: ReactionAsk, tokenGone = false): boolean {
  if (!state || state.status !== "active" || tokenGone || !combatantIn(state, ask.reactor)) return false;
  return ask.offers.some((o) => state.offers.some((s) => s.id === o.id));
}

/**
 * The ask a prompt may show, read from the stored combat state rather than from the query's
 * payload (a query's sender is not known, so any user could send one): only the reactor's offers
 * that are open in the stored state, as stored. Null when there is none (a fake or stale prompt is
 * never shown), or when this user may not answer for the reactor.
 */
export function storedAsk(
  state: EncounterState | null,
  ask: ReactionAsk,
  mayAnswer: (reactor: string) => boolean,
): ReactionAsk | null {
  if (!state || state.status !== "active" || !combatantIn(state, ask.reactor) || !mayAnswer(ask.reactor))
    return null;
  const asked = new Set(ask.offers.map((o) => o.id));
  const offers = state.offers.filter((o) => asked.has(o.id) && o.who === ask.reactor).map((o) => ({ ...o }));
  return offers.length > 0 ? { ...ask, offers } : null;
}

/** The longest countdown a prompt accepts from an ask (the world setting's own maximum). */
export const MAX_PROMPT_SECONDS = 300;

/** A decline for an ask, as the answer a timeout or a disconnect stands for. */
export function declineOf(ask: ReactionAsk): ReactionAnswer {
  return { askId: ask.askId, offerId: null };
}

/** How one ask ended: the answer used, who gave it, and why a decline stood in. */
export interface Collected {
  ask: ReactionAsk;
  answer: unknown;
  answeredBy: string;
  /** "answered", or why the decline was given for them: "timeout", "disconnected". */
  how: "answered" | "timeout" | "disconnected";
}

/** One ask sent out: who answers it, and the promise of that user's reply. */
export interface Sent {
  ask: ReactionAsk;
  userId: string;
  /** Resolves with the reply (null when the countdown ran out); rejects when the user is gone. */
  reply: Promise<unknown>;
}

/**
 * Wait for every ask at once. A reply of null (the countdown ran out) or a rejection (the user
 * disconnected, the query timed out) counts as a decline given by the GM for that user.
 */
export async function collect(sent: readonly Sent[], gmId: string): Promise<Collected[]> {
  const settled = await Promise.allSettled(sent.map((s) => s.reply));
  return sent.map((s, i) => {
    const result = settled[i];
    if (!result || result.status === "rejected")
      return { ask: s.ask, answer: declineOf(s.ask), answeredBy: gmId, how: "disconnected" };
    if (result.value === null || result.value === undefined)
      return { ask: s.ask, answer: declineOf(s.ask), answeredBy: gmId, how: "timeout" };
    return { ask: s.ask, answer: result.value, answeredBy: s.userId, how: "answered" };
  });
}
