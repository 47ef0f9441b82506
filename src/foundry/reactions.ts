/**
 * Movement and reactions, as plain functions over engine state and document-shaped data: which
 * cells a dragged path crosses, whether a move is legal and where it provokes, who is asked to
 * react and by which user, whether an answer is acceptable, in which order answers are applied,
 * and what a timeout, a disconnect or a forged answer does. The Foundry glue (hooks/movement.ts,
 * apps/reaction-prompt.ts) only reads documents into these shapes and calls these functions, so
 * all of it is tested without Foundry (tests/foundry/movement).
 *
 * Nothing here touches Foundry globals.
 */
import {
  RefusalError,
  ScriptedDice,
  apply,
  check,
  commandRefusal,
  getRuleset,
  stateBack,
  type Cell,
  type Checkpoints,
  type Command,
  type EncounterState,
  type EngineEvent,
  type MoveMode,
  type MovePreview,
  type Offer,
  type Refusal,
  combatantIn,
} from "../engine";
import { planPath, requireWalkable, spatialIndexOf } from "../engine/core/movement";
import { gridOf } from "../engine/context";
import { sameCell } from "../engine/grid";
import type { LogEntry } from "./documents/sync";
import type { V14DetectionModes } from "./types";

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

/**
 * The cells a dragged path goes through, after the mover's own cell: the waypoints' cells with
 * repeats removed (a waypoint dropped twice in one cell, or several waypoints in the start cell).
 * The engine walks between them (walkPath), so they need not be adjacent.
 */
export function pathAfter(start: Cell, cells: readonly Cell[]): Cell[] {
  const out: Cell[] = [];
  let last = start;
  for (const cell of cells) {
    if (sameCell(cell, last)) continue;
    out.push([cell[0], cell[1]]);
    last = cell;
  }
  return out;
}

/** A combatant's path cells with the start first (as the engine's events list them). */
export function withStart(start: Cell, path: readonly Cell[]): Cell[] {
  return [[start[0], start[1]], ...path.map((c): Cell => [c[0], c[1]])];
}

// ---------------------------------------------------------------------------------------------
// Previews: the ruleset's own, or the core's plan
// ---------------------------------------------------------------------------------------------

/**
 * The ruler's view of a planned move: the ruleset's previewMove where it has one; otherwise the
 * core's plan (cells walked, every cell left that an enemy threatens) with the engine's own
 * verdict on the command (check runs it on a copy). The cost is unknown there (empty).
 */
export function previewFor(
  state: EncounterState,
  who: string,
  path: readonly Cell[],
  mode: MoveMode,
): MovePreview {
  const ruleset = getRuleset(state.ruleset);
  const command: Command = { type: "move", who, path: path.map((c): Cell => [c[0], c[1]]) };
  if (mode !== "normal") command.mode = mode;
  // Bounded as `apply` bounds a move, before a cell is walked: a path a sender may make as long
  // or as far as it likes costs nothing here (it runs inside preMoveToken, on every redraw).
  const bound = moveBound(state, command);
  if (bound) return { cells: [], cost: {}, provocations: [], refusal: bound };
  if (ruleset.previewMove) return ruleset.previewMove(state, who, path, mode);
  const refusal = check(state, command);
  let plan;
  try {
    plan = planPath(state, who, path, spatialIndexOf(state));
  } catch {
    return { cells: [], cost: {}, provocations: [], refusal };
  }
  // A step or a withdrawal provokes nothing in the rulesets that offer them (phases: "a 1-hex step
  // ... never provokes"); the engine has the last word when the move is applied.
  const provocations =
    mode === "normal"
      ? plan.provocations.map((p) => ({ cell: p.from, step: p.step, by: [...p.threateners] }))
      : [];
  return { cells: plan.cells, cost: {}, provocations, refusal };
}

/**
 * The refusal `apply` gives a move for its shape and size alone, or null: the command's schema
 * (each cell within LIMITS.coordinate, at most LIMITS.waypoints of them) and the walk's bound
 * (inside the scene, at most LIMITS.walk cells summed between waypoints: requireWalkable), the
 * very checks `apply` makes before it walks anything.
 */
export function moveBound(state: EncounterState, command: Command): Refusal | null {
  const malformed = commandRefusal(command, state, getRuleset(state.ruleset));
  if (malformed) return malformed;
  if (command.type !== "move") return null;
  const mover = combatantIn(state, command.who);
  const grid = gridOf(state);
  if (!mover?.at || grid.type === "none") return null;
  try {
    requireWalkable(grid, mover.at, command.path, mover.name);
    return null;
  } catch (error) {
    if (error instanceof RefusalError) return error.refusal;
    throw error;
  }
}

/** Drop from a preview the threateners that would not react (they cannot see the mover). */
export function previewSeenBy(preview: MovePreview, reacts: (id: string) => boolean): MovePreview {
  const provocations = preview.provocations
    .map((p) => ({ ...p, by: p.by.filter(reacts) }))
    .filter((p) => p.by.length > 0);
  return { ...preview, provocations };
}

/**
 * The ruler label's cost with Tempo's pool cost as its total. Core may leave `context.cost` out of
 * a waypoint's label context (no measured cost for that waypoint), so the cost is built when it
 * is missing rather than written into something that is not there.
 */
export function labelCost(
  cost: { total: string; units: string } | undefined,
  total: string,
): { total: string; units: string } {
  // Tempo's total names its pools ("1 AP"), so a built cost needs no units of its own.
  return cost ? { ...cost, total } : { total, units: "" };
}

/**
 * The multiplier a movement action applies to the base cost when it has no cost function of its
 * own: a v14 descriptor's `costMultiplier` (core's doubled costs, e.g. crawl or climb)
 * (https://foundryvtt.com/api/v14/interfaces/foundry.types.TokenMovementActionConfigDescriptor.html).
 * Null where it has a cost function (that function already prices the step) or no multiplier.
 */
export function costMultiplierOf(def: {
  getCostFunction?: unknown;
  costMultiplier?: unknown;
}): number | null {
  if (typeof def.getCostFunction === "function") return null;
  const multiplier = def.costMultiplier;
  return typeof multiplier === "number" && Number.isFinite(multiplier) && multiplier >= 0 ? multiplier : null;
}

/** How a GM's hand moved a token (Foundry's TokenMovementMethod and what the GM held). */
export interface HandMove {
  isGM: boolean;
  /** TokenMovementMethod: "dragging", "keyboard", "api", "config" (Token Config), "paste", "undo". */
  method: string;
  /** The movement action is a teleport (TokenMovementActionConfig#teleport). */
  teleport: boolean;
  /** The GM override: the world setting is on and the override key is held. */
  override: boolean;
}

/**
 * Is this move the GM putting a token somewhere rather than walking it? Then it is the engine's
 * `place` (no AP, no reactions): a GM's teleport, a Token Config position edit, a paste, or a drop
 * with the GM override. Everything else, and everything a player does, is a walk the engine judges.
 */
export function isGmPlacement(move: HandMove): boolean {
  if (!move.isGM) return false;
  return move.teleport || move.method === "config" || move.method === "paste" || move.override;
}

/** Refusal keys that mean "not this far" rather than "not now": the cost function's safety net. */
export function isDistanceRefusal(refusal: Refusal): boolean {
  const key = refusal.key.replace(/^TEMPO\.Refusal\./, "");
  return key.startsWith("NotEnough") || /TooFar/.test(key);
}

/**
 * Whether the straight move to a cell is refused for lack of AP or movement, by state, then by
 * mover, mode and cell. Foundry asks the cost function for every step of the path on every redraw
 * of a drag, over the same state: each cell is planned once per state, and the rest of the drag
 * reads the answer (a new state, after a write, starts afresh).
 */
const tooFar = new WeakMap<EncounterState, Map<string, boolean>>();

/**
 * What one more step to `to` costs for the movement action's cost function: the step's own
 * distance while the straight move from the mover's cell stays legal, Infinity once it is refused
 * for lack of AP or movement (so keyboard and API moves stop where the AP run out). Any other
 * refusal (not your turn, not in this combat) is for preMoveToken to explain, not for the ruler.
 */
export function stepCost(
  state: EncounterState | null,
  who: string | null,
  to: Cell,
  mode: MoveMode,
  distance: number,
): number {
  if (!state || who === null || state.status !== "active") return distance;
  const c = combatantIn(state, who);
  if (!c?.at || sameCell(c.at, to)) return distance;
  let known = tooFar.get(state);
  if (!known) {
    known = new Map();
    tooFar.set(state, known);
  }
  const key = `${who}|${mode}|${to[0]},${to[1]}`;
  let refused = known.get(key);
  if (refused === undefined) {
    const preview = previewFor(state, who, [to], mode);
    refused = preview.refusal !== null && isDistanceRefusal(preview.refusal);
    known.set(key, refused);
  }
  return refused ? Infinity : distance;
}

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

// ---------------------------------------------------------------------------------------------
// The GM's loop: ask, collect, apply in initiative order, until no offer is open
// ---------------------------------------------------------------------------------------------

/** What the loop needs from its host (Foundry on the GM's client; scripted data in tests). */
export interface ReactionHost {
  combatId: string;
  gmId: string;
  /** The current state, or null when the combat is gone. */
  read(): EncounterState | null;
  /**
   * Apply commands as the given user (the GM's write; one at a time). `how` says why a decline
   * was written for the user ("timeout": the countdown ran out), so the chat card can say so.
   */
  write(
    commands: Command[],
    userId: string | null,
    how?: Collected["how"],
  ): Promise<{ ok: boolean; refusal: Refusal | null }>;
  /** Send an ask to the user who answers for its reactor. */
  send(ask: ReactionAsk): Sent;
  owns(userId: string, combatantId: string): boolean;
  /** Does this reactor see that mover? */
  sees(reactor: string, mover: string): boolean;
  seconds: number;
  nextId(): string;
  /** An answer was refused (late, duplicate, forged, or no longer affordable). */
  refused?(collected: Collected, refusal: Refusal): void;
  /** The state after each write, e.g. to move tokens to where the engine put them. */
  settled?(state: EncounterState): Promise<void>;
  /**
   * Is this client still the one that writes? A client that stops being the writer (a GM
   * handover) stops asking and writing at once: the new writer asks the open offers again.
   */
  active?(): boolean;
}

export interface LoopReport {
  rounds: number;
  applied: Command[];
  refused: { ask: ReactionAsk; refusal: Refusal }[];
  collected: Collected[];
}

/** A loop that keeps finding offers it cannot close is a bug; stop rather than ask forever. */
export const MAX_ASK_ROUNDS = 50;

export async function resolveReactions(host: ReactionHost): Promise<LoopReport> {
  const report: LoopReport = { rounds: 0, applied: [], refused: [], collected: [] };
  const active = () => host.active?.() ?? true;
  for (let round = 0; round < MAX_ASK_ROUNDS; round += 1) {
    if (!active()) break;
    let state = host.read();
    if (!state || state.status !== "active" || state.offers.length === 0) break;
    report.rounds += 1;
    // Reactors who cannot see a mover decline at once, before anyone is asked.
    const blind = unseenDeclines(state, host.sees);
    if (blind.length > 0) {
      for (const command of blind) {
        const result = await host.write([command], host.gmId);
        if (result.ok) report.applied.push(command);
      }
      state = host.read();
      if (state) await host.settled?.(state);
      continue;
    }
    await host.settled?.(state);
    const asks = asksFor(state, host.combatId, host.seconds, () => host.nextId());
    const collected = await collect(
      asks.map((ask) => host.send(ask)),
      host.gmId,
    );
    report.collected.push(...collected);
    if (!active()) break;
    // Answers are applied in initiative order (asksFor already sorted them), each checked
    // against the state as it is when its turn comes: an earlier answer may have closed it.
    let wrote = false;
    for (const item of collected) {
      const now = host.read();
      if (!now || !active()) return report;
      const verdict = checkAnswer(now, item.ask, item.answer, item.answeredBy, host.owns);
      if (!verdict.ok) {
        report.refused.push({ ask: item.ask, refusal: verdict.refusal });
        host.refused?.(item, verdict.refusal);
        continue;
      }
      for (const command of verdict.commands) {
        const result = await host.write([command], item.answeredBy, item.how);
        if (result.ok) {
          report.applied.push(command);
          wrote = true;
        } else if (result.refusal) {
          report.refused.push({ ask: item.ask, refusal: result.refusal });
          host.refused?.(item, result.refusal);
        }
      }
    }
    const after = host.read();
    if (after) await host.settled?.(after);
    // Nothing changed although offers are open (every answer refused): decline what is left for
    // the asked so the table is never stuck waiting.
    if (!wrote && after && after.offers.length > 0 && active()) {
      for (const ask of asks) {
        const fallback = checkAnswer(after, ask, declineOf(ask), host.gmId, () => true);
        if (!fallback.ok) continue;
        for (const command of fallback.commands) {
          const result = await host.write([command], host.gmId);
          if (result.ok) report.applied.push(command);
        }
      }
    }
  }
  return report;
}

// ---------------------------------------------------------------------------------------------
// Where tokens go after a write
// ---------------------------------------------------------------------------------------------

export interface TokenMove {
  who: string;
  /** Cells from where the token stood in the engine to where it stands now. */
  path: Cell[];
  to: Cell;
}

function asCell(value: unknown): Cell | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [a, b] = value as unknown[];
  return typeof a === "number" && typeof b === "number" ? [a, b] : null;
}

function asCells(value: unknown): Cell[] {
  if (!Array.isArray(value)) return [];
  return value.map(asCell).filter((c): c is Cell => c !== null);
}

/** Event types that change where a combatant stands. */
export const POSITION_EVENTS: readonly string[] = ["moved", "movePaused", "moveStopped"];

/**
 * From a write's events, where each combatant that moved stands now and the path it took (the
 * last event for a combatant wins): the host moves tokens that are not already there.
 */
export function tokenMoves(events: readonly EngineEvent[], state: EncounterState): TokenMove[] {
  const byWho = new Map<string, TokenMove>();
  for (const event of events) {
    if (!POSITION_EVENTS.includes(event.type) || typeof event["who"] !== "string") continue;
    const who = event["who"];
    const at = combatantIn(state, who)?.at;
    if (!at) continue;
    const path = asCells(event["path"]);
    const to = asCell(event["to"]) ?? asCell(event["at"]) ?? at;
    byWho.set(who, { who, path: path.length > 0 ? path : [to], to: [at[0], at[1]] });
  }
  return [...byWho.values()];
}

/**
 * "tempo.moveResumed": a reaction's answer let a held move go on (a `moved` or a further
 * `movePaused` of someone other than the reactor, in the same write as a `react`).
 */
export function resumedMoves(command: Command, events: readonly EngineEvent[]): EngineEvent[] {
  if (command.type !== "react") return [];
  const out: EngineEvent[] = [];
  for (const event of events) {
    if (!POSITION_EVENTS.includes(event.type) || event.type === "moveStopped") continue;
    if (event["who"] === command.who) continue;
    out.push({
      type: "moveResumed",
      who: event["who"],
      via: event.type,
      ...(event["to"] !== undefined ? { to: event["to"] } : {}),
      ...(event["at"] !== undefined ? { at: event["at"] } : {}),
    });
  }
  return out;
}

/** A paused move's cell and who it waits for, from a `movePaused` event. */
export function pausedAt(event: EngineEvent): { who: string; at: Cell } | null {
  const at = asCell(event["at"]);
  return typeof event["who"] === "string" && at ? { who: event["who"], at } : null;
}

// ---------------------------------------------------------------------------------------------
// Undo
// ---------------------------------------------------------------------------------------------

export type UndoResult = { ok: true; keep: number; state: EncounterState } | { ok: false; refusal: Refusal };

/**
 * Whether a token's last move may be undone (Foundry's movement history): refused while any
 * reaction offer is open (its prompts are out); otherwise allowed when the log ends with that
 * combatant's `move`, followed by nothing but declines, and no die was rolled for it (a Tumble's
 * check). `keep`: the log entries before the move. Once a reaction was taken against the move (or
 * anything else happened), the move stands, so a reaction is never undone and taken twice. No
 * replay: a client checks this before asking the GM. `by`: the player asking, who undoes only a
 * move logged under its own user id (not one the GM made for its character); null for a GM, who
 * undoes anything.
 */
export function undoCheck(
  log: readonly LogEntry[],
  who: string,
  current: EncounterState | null,
  by: string | null = null,
): { ok: true; keep: number } | { ok: false; refusal: Refusal } {
  // Issue 12: a held move's prompts are out; taking the move back under them would leave a
  // reactor answering something that is gone. Undo waits until every offer is answered.
  if (current && current.offers.length > 0) return { ok: false, refusal: undoRefusal("OffersOpen") };
  let at = log.length - 1;
  while (at >= 0) {
    const entry = log[at];
    if (!entry || entry.command.type !== "react") break;
    if (entry.command.with !== "decline") return { ok: false, refusal: undoRefusal("ReactionTaken") };
    at -= 1;
  }
  const move = log[at];
  if (!move || move.command.type !== "move" || move.command.who !== who)
    return { ok: false, refusal: undoRefusal("NotLastMove") };
  if (by !== null && move.userId !== by) return { ok: false, refusal: undoRefusal("NotYours") };
  if (move.dice.length > 0) return { ok: false, refusal: undoRefusal("Rolled") };
  return { ok: true, keep: at };
}

/**
 * Undoing a token's last move, where undoCheck allows it: the log without the move and what
 * followed it (the AP come back and the offers it drew are gone). The state is found from the
 * current one and the entries' reverse patches when `current` is the stored state and they have
 * them (no replay); else replayed from the nearest of the writer's checkpoints when given (asked
 * for only then), else from the initial state.
 */
export function undoMove(
  initial: EncounterState,
  log: readonly LogEntry[],
  who: string,
  current: EncounterState | null,
  checkpoints?: () => Checkpoints,
  by: string | null = null,
): UndoResult {
  const allowed = undoCheck(log, who, current, by);
  if (!allowed.ok) return allowed;
  const at = allowed.keep;
  const patched = current
    ? stateBack(
        current,
        log.map((e) => e.undo),
        at,
      )
    : undefined;
  if (patched) return { ok: true, keep: at, state: patched };
  if (checkpoints) return { ok: true, keep: at, state: checkpoints().stateAt(log, at) };
  const ruleset = getRuleset(initial.ruleset);
  let state = initial;
  for (const entry of log.slice(0, at)) {
    const result = apply(state, entry.command, new ScriptedDice(entry.dice), ruleset);
    if (!result.ok) return { ok: false, refusal: result.refusal };
    state = result.state;
  }
  return { ok: true, keep: at, state };
}

const UNDO_REFUSED = {
  OffersOpen: "TEMPO.Movement.Undo.OffersOpen",
  ReactionTaken: "TEMPO.Movement.Undo.ReactionTaken",
  NotLastMove: "TEMPO.Movement.Undo.NotLastMove",
  Rolled: "TEMPO.Movement.Undo.Rolled",
  NotYours: "TEMPO.Movement.Undo.NotYours",
} as const;

function undoRefusal(key: keyof typeof UNDO_REFUSED): Refusal {
  return { key: UNDO_REFUSED[key], data: {} };
}
