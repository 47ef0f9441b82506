/**
 * The combat tracker's view model: engine state (and document-shaped extras) in, plain data out.
 * Pure: no Foundry, no DOM. Foundry's TempoCombatTracker and the playground both call
 * `trackerView(state, options)` and render templates/tracker/tracker.hbs with `{ tempo: view }`.
 * Every label, aria text, css class and disabled flag is worked out here; the templates only show.
 */
import {
  check,
  getRuleset,
  type Command,
  type CombatantState,
  type EncounterState,
  type RulesetId,
  combatantIn,
} from "../engine";
import { howtoLink, type HowtoLinkView } from "./howto";
import { poolHasMax, poolMeter, refusalText, type Localizer, type PipView } from "./sheet";
import { fixedFormat, fixedText, plural } from "./words";
import { PHASE_LABELS, RULESET_LABELS, SPEAKS_OF_THREAT } from "./labels";
import { reactionKey, reactionState, type ReactionStateView } from "./reacted";
import { Sight } from "./sight";
import { actingIds, upNextId } from "./turns";
import { heldViews, waitingView, type HeldView } from "./waiting";

export type { Localizer };

/** What the host knows about a combatant beyond the engine: its document's picture and visibility. */
export interface TrackerCombatantDoc {
  id: string;
  name: string;
  img?: string;
  /** Hidden from players (Foundry's combatant.hidden); GMs see it marked. */
  hidden?: boolean;
  /** The combatant's own setup, as its document holds it (shown before the fight starts). */
  side?: string;
  marching?: number | null;
  surprised?: boolean;
  unseen?: boolean;
}

export interface TrackerOptions {
  i18n: Localizer;
  isGM: boolean;
  /** Combatant ids the viewing user owns: their pools show, and their own-turn controls. */
  owned?: readonly string[];
  /** The combat's combatants as documents, in the order the GM added them. Before the start they are all there is. */
  combatants?: readonly TrackerCombatantDoc[];
  /** The world's ruleset, for a combat not started yet (a running one shows its own). */
  ruleset?: RulesetId;
}

/** One step of the round's structure (a phase, a segment, a stage). */
export interface StepView {
  id: string;
  label: string;
  /** What the step's chip shows when space is short (a segment's number). */
  short: string;
  current: boolean;
  cssClass: string;
  /** "step" on the current one, for aria-current. */
  ariaCurrent: string;
}

export interface StructureView {
  label: string;
  steps: StepView[];
}

export interface GroupView {
  side: string;
  label: string;
  cssClass: string;
}

/** A ruleset option in force, as one sentence ("AP refresh: at the start of each round"). */
export interface OptionView {
  text: string;
}

export interface PoolPipsView {
  id: string;
  label: string;
  abbr: string;
  value: number;
  max: number;
  hasMax: boolean;
  count: string;
  pips: PipView[];
  ariaLabel: string;
  /** The GM's − and + (empty for players: adjustPool is a GM command). */
  buttons: PoolButtonView[];
  hasButtons: boolean;
}

export interface MarkerView {
  id: string;
  /** The whole sentence: "Prone, 2 rounds left". */
  label: string;
  /** What the compact line shows: "Prone 2". */
  short: string;
  cssClass: string;
}

/** A GM's ± on a pool in the tracker: sends adjustPool { who, pool, delta }. */
export interface PoolButtonView {
  action: "tempoAdjustPool";
  who: string;
  pool: string;
  delta: number;
  label: string;
  text: string;
  disabled: boolean;
  /** Why it is disabled ("Snag has no RP left to spend."); empty when it is not. */
  reason: string;
}

export interface CombatantRowView {
  id: string;
  name: string;
  img: string;
  hasImg: boolean;
  side: string;
  /** tempo-side--N: the side's colour, by the order sides first appear in the roster. */
  sideClass: string;
  sideLabel: string;
  /** marching: place in the marching order ("1" = lead), "" when none. */
  marching: string;
  hasMarching: boolean;
  marchingLabel: string;
  initiative: string;
  hasInitiative: boolean;
  current: boolean;
  /** Acting now (several at once where the ruleset has them act together: issue 44). */
  acting: boolean;
  /** Next to act after the ones acting now. */
  upNext: boolean;
  /** "Acting now" or "Up next", for the row's badge; empty otherwise. */
  turnLabel: string;
  /** Its reaction state in the ruleset's own terms (RP left, reacted this round ...); null before the fight. */
  reaction: ReactionStateView | null;
  hasReaction: boolean;
  /** The acting combatant's row opens: pips, the GM's pool buttons, conditions with rounds left. */
  expanded: boolean;
  /** The GM's button that opens the combatant's Tempo setup (side, surprised, marching, unseen). */
  canSetup: boolean;
  setupLabel: string;
  cssClass: string;
  ariaLabel: string;
  pools: PoolPipsView[];
  hasPools: boolean;
  markers: MarkerView[];
  hasMarkers: boolean;
}

/** A button that sends a command; the host maps `action` to a handler reading the data attributes. */
export interface ControlView {
  action: string;
  label: string;
  cssClass: string;
  /** data-who: the combatant the command is for, if any. */
  who: string;
  /** data-value: the command's choice (take/cede). */
  value: string;
  disabled: boolean;
  /** Why it is disabled (the engine's refusal, worded), shown on hover and read as its description. */
  reason: string;
}

export interface TrackerView {
  started: boolean;
  status: string;
  ruleset: { id: RulesetId | ""; label: string };
  round: string;
  phases: StructureView | null;
  segments: StructureView | null;
  stages: StructureView | null;
  groups: GroupView[];
  hasGroups: boolean;
  options: OptionView[];
  hasOptions: boolean;
  /** The options' disclosure line ("Rule options (6)"): the list opens on a click. */
  optionsSummary: string;
  /** marching: the lead's choice, once made. */
  marchingChoice: string;
  hasMarchingChoice: boolean;
  waiting: string;
  isWaiting: boolean;
  /**
   * Why a move or action is held ("Aria's move stopped at 4, 2: Cyra may react"): the viewer's own
   * combatants' (every one for the GM).
   */
  held: HeldView[];
  hasHeld: boolean;
  /** The combat has no grid (no scene, or a gridless one): nothing spatial is judged. Empty otherwise. */
  gridless: string;
  isGridless: boolean;
  combatants: CombatantRowView[];
  hasCombatants: boolean;
  controls: ControlView[];
  hasControls: boolean;
  /** The "How <ruleset> plays" page of the combat's ruleset (the world's before the start). */
  howto: HowtoLinkView | null;
}

/** segments: "1. Declare ... 2. Group Initiative ... " in the order the text runs them. */
const SEGMENT_STAGES = ["declare", "fast", "multi", "high", "low", "multiRest", "spells", "end"] as const;
/** marching: the lead chooses, then turns are taken. */
const MARCHING_STAGES = ["choose", "turns"] as const;

const STAGE_LABELS = {
  declare: "TEMPO.Tracker.Stage.declare",
  fast: "TEMPO.Tracker.Stage.fast",
  multi: "TEMPO.Tracker.Stage.multi",
  high: "TEMPO.Tracker.Stage.high",
  low: "TEMPO.Tracker.Stage.low",
  multiRest: "TEMPO.Tracker.Stage.multiRest",
  spells: "TEMPO.Tracker.Stage.spells",
  end: "TEMPO.Tracker.Stage.end",
  choose: "TEMPO.Tracker.Stage.choose",
  turns: "TEMPO.Tracker.Stage.turns",
} as const;

const GROUP_LABELS = { high: "TEMPO.Tracker.Group.high", low: "TEMPO.Tracker.Group.low" } as const;
const CHOICE_LABELS = { take: "TEMPO.Tracker.Choice.take", cede: "TEMPO.Tracker.Choice.cede" } as const;

/** Markers the tracker shows for conditions and states that change who acts when. */
const MARKER_LABELS = {
  surprised: "TEMPO.Tracker.Marker.surprised",
  delayed: "TEMPO.Tracker.Marker.delayed",
  readied: "TEMPO.Tracker.Marker.readied",
  aborted: "TEMPO.Tracker.Marker.aborted",
  defeated: "TEMPO.Tracker.Marker.defeated",
  hidden: "TEMPO.Tracker.Marker.hidden",
  unseen: "TEMPO.Tracker.Marker.unseen",
} as const;
type MarkerId = keyof typeof MARKER_LABELS;

function has<K extends string>(map: Readonly<Record<K, string>>, key: string): key is K {
  return Object.prototype.hasOwnProperty.call(map, key);
}

function step(id: string, label: string, current: boolean, short = label): StepView {
  return {
    id,
    label,
    short,
    current,
    cssClass: current ? "tempo-step is-current" : "tempo-step",
    ariaCurrent: current ? "step" : "false",
  };
}

function phasesView(state: EncounterState, i18n: Localizer): StructureView | null {
  if (state.phase === null) return null;
  const ids: (keyof typeof PHASE_LABELS)[] = ["1", "2", "3", "4", "postTurn"];
  // phases: the surprise phase comes before the first Turn only when someone is surprised.
  if (state.phase === "surprise") ids.unshift("surprise");
  const current = String(state.phase);
  return {
    label: i18n.localize("TEMPO.Tracker.Phases"),
    steps: ids.map((id) => step(id, i18n.localize(PHASE_LABELS[id]), id === current)),
  };
}

function segmentsView(state: EncounterState, i18n: Localizer): StructureView | null {
  if (state.segment === null) return null;
  // segments: "a 1-minute round of 10 segments"
  const steps = Array.from({ length: 10 }, (_, i) => {
    const n = i + 1;
    return step(String(n), i18n.format("TEMPO.Tracker.SegmentNumber", { n }), n === state.segment, String(n));
  });
  return { label: i18n.localize("TEMPO.Tracker.Segments"), steps };
}

function stagesView(state: EncounterState, i18n: Localizer): StructureView | null {
  if (state.stage === null) return null;
  const all: readonly string[] =
    state.ruleset === "segments"
      ? SEGMENT_STAGES
      : state.ruleset === "marching"
        ? MARCHING_STAGES
        : [state.stage];
  const ids = all.includes(state.stage) ? all : [...all, state.stage];
  return {
    label: i18n.localize("TEMPO.Tracker.Stages"),
    steps: ids.map((id) =>
      step(id, has(STAGE_LABELS, id) ? i18n.localize(STAGE_LABELS[id]) : id, id === state.stage),
    ),
  };
}

function optionsView(state: EncounterState, i18n: Localizer): OptionView[] {
  const ruleset = getRuleset(state.ruleset);
  return Object.keys(ruleset.options).flatMap((option) => {
    const value = state.options[option];
    if (typeof value !== "string") return [];
    return [{ text: i18n.localize(`TEMPO.Option.${state.ruleset}.${option}.${value}`) }];
  });
}

function poolsView(c: CombatantState, state: EncounterState, isGM: boolean, i18n: Localizer): PoolPipsView[] {
  const defs = getRuleset(state.ruleset).pools;
  const order = defs.map((p) => p.id);
  const ids = [
    ...order.filter((id) => id in c.pools),
    ...Object.keys(c.pools).filter((id) => !order.includes(id)),
  ];
  return ids.map((id) => {
    const value = c.pools[id] ?? 0;
    const max = c.maxPools[id] ?? 0;
    const abbr = fixedText(i18n, `TEMPO.Pool.${id}.Abbr`);
    const def = defs.find((p) => p.id === id);
    const hasMax = def ? poolHasMax(def, state.options) : true;
    const meter = poolMeter(abbr, value, max, hasMax);
    return {
      id,
      label: fixedText(i18n, `TEMPO.Pool.${id}.Name`),
      abbr,
      value,
      max,
      hasMax,
      count: meter.count,
      pips: meter.pips,
      ariaLabel: fixedFormat(i18n, hasMax ? "TEMPO.Tracker.PoolMeter" : "TEMPO.Tracker.PoolValue", {
        name: c.name,
        ...meter.meter,
      }),
      buttons: isGM ? poolButtons(c, id, abbr, value, i18n) : [],
      hasButtons: isGM,
    };
  });
}

/** The GM's − and +: adjustPool is a GM command, so only a GM is given them (never a refused press). */
function poolButtons(
  c: CombatantState,
  pool: string,
  abbr: string,
  value: number,
  i18n: Localizer,
): PoolButtonView[] {
  return [
    {
      action: "tempoAdjustPool",
      who: c.id,
      pool,
      delta: -1,
      label: fixedFormat(i18n, "TEMPO.Tracker.Control.Spend", { name: c.name, pool: abbr }),
      text: "−",
      disabled: value <= 0,
      reason:
        value <= 0
          ? fixedFormat(i18n, "TEMPO.Tracker.Control.NothingToSpend", { name: c.name, pool: abbr })
          : "",
    },
    {
      action: "tempoAdjustPool",
      who: c.id,
      pool,
      delta: 1,
      label: fixedFormat(i18n, "TEMPO.Tracker.Control.Restore", { name: c.name, pool: abbr }),
      text: "+",
      disabled: false,
      reason: "",
    },
  ];
}

function marker(id: MarkerId, i18n: Localizer): MarkerView {
  const label = fixedText(i18n, MARKER_LABELS[id]);
  return { id, label, short: label, cssClass: `tempo-marker tempo-marker--${id}` };
}

/** An engine condition with its rounds left ("Prone 2"; no number when it lasts until removed). */
function conditionMarker(id: string, rounds: number | null, i18n: Localizer): MarkerView {
  const name = has(MARKER_LABELS, id)
    ? fixedText(i18n, MARKER_LABELS[id])
    : fixedText(i18n, `TEMPO.Condition.${id}`);
  return {
    id,
    label:
      rounds === null
        ? name
        : fixedFormat(i18n, "TEMPO.Tracker.ConditionRounds", { condition: name, rounds }),
    short: rounds === null ? name : `${name} ${rounds}`,
    cssClass: `tempo-marker tempo-marker--${id}`,
  };
}

function markersOf(
  c: CombatantState | null,
  doc: TrackerCombatantDoc | undefined,
  isGM: boolean,
  i18n: Localizer,
): MarkerView[] {
  const out: MarkerView[] = [];
  if (c) {
    // Every engine condition, with the rounds it has left (each ruleset ticks them its own way).
    for (const x of c.conditions) out.push(conditionMarker(x.id, x.rounds, i18n));
    if (c.surprised && !c.conditions.some((x) => x.id === "surprised")) out.push(marker("surprised", i18n));
    if (c.defeated) out.push(marker("defeated", i18n));
  } else if (doc?.surprised) out.push(marker("surprised", i18n));
  if (isGM && (c ? c.unseen : doc?.unseen)) out.push(marker("unseen", i18n));
  if (isGM && doc?.hidden) out.push(marker("hidden", i18n));
  return out;
}

/** Each side's colour index, in the order sides first appear (up to six colours, then again). */
function sideIndex(sides: readonly string[], side: string): number {
  const i = sides.indexOf(side);
  return i < 0 ? 0 : i % 6;
}

function row(
  id: string,
  c: CombatantState | null,
  doc: TrackerCombatantDoc | undefined,
  state: EncounterState | null,
  options: TrackerOptions,
  sides: readonly string[],
  owns: boolean,
  turn: RowTurn = NO_TURN,
): CombatantRowView {
  const { i18n } = options;
  const name = c?.name ?? doc?.name ?? id;
  const current = state !== null && state.current === id;
  const reaction = c && state ? reactionState(c, state, i18n) : null;
  const showPools = c !== null && (options.isGM || owns);
  const pools = c && state && showPools ? poolsView(c, state, options.isGM, i18n) : [];
  const markers = markersOf(c, doc, options.isGM, i18n);
  const initiative = c?.initiative ?? null;
  const side = c?.side ?? doc?.side ?? "";
  const marching = c ? c.marching : (doc?.marching ?? null);
  const css = ["combatant", "tempo-combatant", `tempo-side--${sideIndex(sides, side)}`];
  if (current) css.push("active", "is-current", "is-expanded");
  if (turn.acting) css.push("is-acting");
  if (turn.upNext) css.push("is-up-next");
  if (reaction && !reaction.ready) css.push("is-reaction-spent");
  if (c?.defeated) css.push("defeated", "is-defeated");
  if (doc?.hidden) css.push("hide", "is-hidden");
  const ariaParts = [name];
  if (side !== "") ariaParts.push(fixedFormat(i18n, "TEMPO.Tracker.SideOf", { side }));
  if (marching !== null) ariaParts.push(fixedFormat(i18n, "TEMPO.Tracker.MarchingPlace", { n: marching }));
  if (initiative !== null)
    ariaParts.push(fixedFormat(i18n, "TEMPO.Tracker.InitiativeValue", { value: initiative }));
  if (current || turn.acting) ariaParts.push(fixedText(i18n, "TEMPO.Tracker.CurrentTurn"));
  else if (turn.upNext) ariaParts.push(fixedText(i18n, "TEMPO.Table.Turn.UpNext"));
  for (const m of markers) ariaParts.push(m.label);
  if (reaction) ariaParts.push(reaction.label);
  return {
    id,
    name,
    img: doc?.img ?? "",
    hasImg: (doc?.img ?? "") !== "",
    side,
    sideClass: `tempo-side--${sideIndex(sides, side)}`,
    sideLabel: side === "" ? "" : fixedFormat(i18n, "TEMPO.Tracker.SideOf", { side }),
    marching: marching === null ? "" : String(marching),
    hasMarching: marching !== null,
    marchingLabel: marching === null ? "" : fixedFormat(i18n, "TEMPO.Tracker.MarchingPlace", { n: marching }),
    initiative: initiative === null ? "" : String(initiative),
    hasInitiative: initiative !== null,
    current,
    acting: turn.acting,
    upNext: turn.upNext,
    turnLabel: turn.acting
      ? fixedText(i18n, "TEMPO.Table.Turn.Acting")
      : turn.upNext
        ? fixedText(i18n, "TEMPO.Table.Turn.UpNext")
        : "",
    reaction,
    hasReaction: reaction !== null,
    expanded: current && (pools.length > 0 || markers.length > 0),
    canSetup: options.isGM,
    setupLabel: fixedFormat(i18n, "TEMPO.Tracker.Control.Setup", { name }),
    cssClass: css.join(" "),
    ariaLabel: ariaParts.join(", "),
    pools,
    hasPools: pools.length > 0,
    markers,
    hasMarkers: markers.length > 0,
  };
}

/**
 * The combatant who chooses in marching's choose stage: the one the ruleset named (`ext.lead`),
 * else the first in marching order, PCs first.
 */
function marchingLead(state: EncounterState): CombatantState | null {
  const named = state.ext["lead"];
  if (typeof named === "string" && combatantIn(state, named)) return combatantIn(state, named) ?? null;
  const placed = state.roster
    .map((id) => combatantIn(state, id))
    .filter((c): c is CombatantState => !!c && c.marching !== null && !c.defeated);
  placed.sort((a, b) => (a.marching ?? 0) - (b.marching ?? 0));
  return placed.find((c) => c.pc) ?? placed[0] ?? null;
}

/**
 * Who chooses to take or cede the initiative now: marching's lead while its round waits in the
 * choose stage, nobody in any other stage or ruleset (flow, rating, segments and phases have no
 * such choice). A host that draws its own take/cede buttons asks this once, not every combatant.
 */
export function choosingLead(state: EncounterState | null): string | null {
  if (!state || state.status !== "active" || state.ruleset !== "marching" || state.stage !== "choose")
    return null;
  return marchingLead(state)?.id ?? null;
}

function nextLabel(state: EncounterState): string {
  if (state.stage === "declare") return "TEMPO.Tracker.Control.RollGroups";
  if (state.stage === "end") return "TEMPO.Tracker.Control.EndRound";
  if (state.phase === "postTurn") return "TEMPO.Tracker.Control.Recover";
  if (state.current === null) return "TEMPO.Tracker.Control.NextStage";
  return "TEMPO.Tracker.Control.Next";
}

function control(action: string, label: string, who = "", value = "", reason = ""): ControlView {
  return {
    action,
    label,
    cssClass: `tempo-control tempo-control--${action}`,
    who,
    value,
    disabled: reason !== "",
    reason,
  };
}

function controlsView(state: EncounterState, options: TrackerOptions): ControlView[] {
  const { i18n, isGM } = options;
  if (state.status !== "active") return [];
  const owned = options.owned ?? [];
  const waiting = state.offers.length > 0;
  const out: ControlView[] = [];
  // Only marching has the lead's take/cede, and only while its round waits for the choice.
  const lead = choosingLead(state);
  if (lead !== null && (isGM || owned.includes(lead))) {
    out.push(control("tempoChoose", i18n.localize("TEMPO.Tracker.Control.Take"), lead, "take"));
    out.push(control("tempoChoose", i18n.localize("TEMPO.Tracker.Control.Cede"), lead, "cede"));
  }
  const current = state.current;
  // A button the engine would refuse now is disabled, never a refused press: "turn-taking commands
  // wait while offers are open", marching's lead must choose before the turns begin, and so on.
  const wouldRefuse = (command: Command): string => {
    const refusal = check(state, command);
    if (refusal) return refusalText(refusal, i18n);
    return waiting ? plural(i18n, "TEMPO.Refusal.ReactionsPending", state.offers.length) : "";
  };
  if (current !== null && !isGM && owned.includes(current)) {
    const endTurn = wouldRefuse({ type: "endTurn", who: current });
    out.push(control("tempoEndTurn", i18n.localize("TEMPO.Tracker.Control.EndTurn"), current, "", endTurn));
  }
  if (isGM)
    out.push(control("tempoNext", i18n.localize(nextLabel(state)), "", "", wouldRefuse({ type: "next" })));
  return out;
}

/** Whether a row acts now or next (issue 44: several act at once in some rulesets). */
interface RowTurn {
  acting: boolean;
  upNext: boolean;
}
const NO_TURN: RowTurn = { acting: false, upNext: false };
const ACTING: RowTurn = { acting: true, upNext: false };
const NEXT: RowTurn = { acting: false, upNext: true };

/** Who acts now and next in a state, worked out once per tracker build. */
function turnsOf(state: EncounterState | null): { acting: ReadonlySet<string>; next: string | null } {
  if (!state || state.status !== "active") return { acting: new Set(), next: null };
  return { acting: new Set(actingIds(state)), next: upNextId(state) };
}

function turnOf(turns: { acting: ReadonlySet<string>; next: string | null }, id: string): RowTurn {
  return turns.acting.has(id) ? ACTING : turns.next === id ? NEXT : NO_TURN;
}

/** What a viewer sees of the tracker's combatants: those hidden (the documents say) are masked for players. */
function sightOf(options: TrackerOptions): Sight {
  const hidden = (options.combatants ?? []).filter((d) => d.hidden === true).map((d) => d.id);
  return new Sight({ isGM: options.isGM, owned: options.owned ?? [] }, hidden);
}

const NO_DOCS: readonly TrackerCombatantDoc[] = [];
const NO_IDS: readonly string[] = [];

/** The inputs a row was built from, kept by the memo to tell whether it can be given again. */
interface HeldRow {
  c: CombatantState | null;
  doc: TrackerCombatantDoc | undefined;
  current: boolean;
  /** Acting, up next, and the reaction state's key (it may change with the segment or Phase). */
  turn: string;
  side: number;
  owned: boolean;
  row: CombatantRowView;
}

/** Whether two documents of a combatant show the same (a host may build its documents afresh each render). */
function sameDoc(a: TrackerCombatantDoc | undefined, b: TrackerCombatantDoc | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return (
    a.id === b.id &&
    a.name === b.name &&
    a.img === b.img &&
    a.hidden === b.hidden &&
    a.side === b.side &&
    a.marching === b.marching &&
    a.surprised === b.surprised &&
    a.unseen === b.unseen
  );
}

/**
 * What `trackerView` keeps between calls so it builds only what changed (issue 31): a host that
 * renders the tracker again and again passes the same memo each time, and every row whose inputs
 * did not change (its combatant object, which the engine shares with the state before when a
 * command leaves it alone; its document; whether it is current; its side's colour; whether the
 * viewer owns it; the viewer's i18n and GM flag) comes back as the identical object, so the host
 * patches only the rows whose object changed (`data-combatant-id` on each row's element). The
 * roster's order, the visible rows and the sides' colours are kept by the identity of the roster,
 * the order and the documents, so the work outside the rows does not grow with N either. The
 * localizer is compared by identity: pass the same object each time (a new one rebuilds every row).
 */
export class TrackerMemo {
  /** How many rows this memo has built (not given again) in all: the work the calls did. */
  built = 0;
  private rows = new Map<string, HeldRow>();
  private context: {
    i18n: Localizer;
    isGM: boolean;
    ruleset: RulesetId | null;
    options: EncounterState["options"] | null;
  } | null = null;
  private docsOf: readonly TrackerCombatantDoc[] | null = null;
  private docById = new Map<string, TrackerCombatantDoc>();
  private ownedOf: readonly string[] | null = null;
  private ownedSet = new Set<string>();
  /** Counts the changes of what the viewer owns (by content: a host may pass a new list of the same ids). */
  private ownedVersion = 0;
  private head: {
    state: EncounterState | null;
    i18n: Localizer;
    isGM: boolean;
    owned: number;
    ruleset: RulesetId | undefined;
    /** Which documents are hidden: it decides whose names the waiting line masks. */
    hidden: string;
    view: TrackerHead;
  } | null = null;
  private shown: {
    order: readonly string[] | null;
    roster: readonly string[] | null;
    docs: readonly TrackerCombatantDoc[];
    isGM: boolean;
    ids: readonly string[];
  } | null = null;
  private coloured: {
    roster: readonly string[] | null;
    combatants: readonly CombatantState[] | null;
    docs: readonly TrackerCombatantDoc[];
    sides: readonly string[];
  } | null = null;
  private list: CombatantRowView[] | null = null;
  /** The ids the rows were last pruned to (rows of combatants no longer shown are let go). */
  private rowIds: readonly string[] | null = null;

  /** The rows for `state` (null before the start), building only those whose inputs changed. */
  rowsFor(state: EncounterState | null, options: TrackerOptions): CombatantRowView[] {
    const { i18n, isGM } = options;
    const ruleset = state?.ruleset ?? null;
    const stateOptions = state?.options ?? null;
    const ctx = this.context;
    if (
      !ctx ||
      ctx.i18n !== i18n ||
      ctx.isGM !== isGM ||
      ctx.ruleset !== ruleset ||
      ctx.options !== stateOptions
    ) {
      this.rows.clear();
      this.context = { i18n, isGM, ruleset, options: stateOptions };
    }
    const docs = options.combatants ?? NO_DOCS;
    if (docs !== this.docsOf) {
      this.docsOf = docs;
      this.docById = new Map(docs.map((d) => [d.id, d]));
    }
    this.own(options.owned ?? NO_IDS);
    const ids = this.visibleIds(state, docs, isGM);
    const sides = this.sides(state, docs);
    let changed = this.list === null || this.list.length !== ids.length;
    const out: CombatantRowView[] = [];
    const turns = turnsOf(state);
    for (const id of ids) {
      const c = state ? (combatantIn(state, id) ?? null) : null;
      const doc = this.docById.get(id);
      const current = state !== null && state.current === id;
      const rowTurn = turnOf(turns, id);
      const turnKey = `${rowTurn.acting ? "a" : ""}${rowTurn.upNext ? "n" : ""}${c && state ? reactionKey(c, state) : ""}`;
      const side = sideIndex(sides, c?.side ?? doc?.side ?? "");
      const own = this.ownedSet.has(id);
      const held = this.rows.get(id);
      let made: CombatantRowView;
      if (
        held &&
        held.c === c &&
        held.current === current &&
        held.turn === turnKey &&
        held.side === side &&
        held.owned === own &&
        sameDoc(held.doc, doc)
      )
        made = held.row;
      else {
        made = row(id, c, doc, state, options, sides, own, rowTurn);
        this.built += 1;
        this.rows.set(id, { c, doc, current, turn: turnKey, side, owned: own, row: made });
      }
      if (!changed && this.list?.[out.length] !== made) changed = true;
      out.push(made);
    }
    // Rows of combatants no longer shown are let go.
    if (ids !== this.rowIds) {
      this.rowIds = ids;
      if (this.rows.size > ids.length) {
        const shown = new Set(ids);
        for (const id of this.rows.keys()) if (!shown.has(id)) this.rows.delete(id);
      }
    }
    if (changed || !this.list) this.list = out;
    return this.list;
  }

  /**
   * The tracker's head (structure, waiting line, controls): built again only for another state
   * or viewer, so drawing the same state again asks the engine nothing (the controls' checks).
   */
  headFor(state: EncounterState | null, options: TrackerOptions): TrackerHead {
    this.own(options.owned ?? NO_IDS);
    const held = this.head;
    if (
      held &&
      held.state === state &&
      held.i18n === options.i18n &&
      held.isGM === options.isGM &&
      held.owned === this.ownedVersion &&
      held.ruleset === options.ruleset &&
      held.hidden === this.hiddenKey(options.combatants)
    )
      return held.view;
    const view = headOf(state, options);
    this.head = {
      state,
      i18n: options.i18n,
      isGM: options.isGM,
      owned: this.ownedVersion,
      ruleset: options.ruleset,
      hidden: this.hiddenKey(options.combatants),
      view,
    };
    return view;
  }

  private hiddenOf: { docs: readonly TrackerCombatantDoc[] | undefined; key: string } | null = null;

  /** The hidden documents' ids, as one text, worked out again only for other documents. */
  private hiddenKey(docs: readonly TrackerCombatantDoc[] | undefined): string {
    const held = this.hiddenOf;
    if (held && held.docs === docs) return held.key;
    const key = (docs ?? NO_DOCS)
      .filter((d) => d.hidden === true)
      .map((d) => d.id)
      .join("\u0000");
    this.hiddenOf = { docs, key };
    return key;
  }

  private own(owned: readonly string[]): void {
    if (owned === this.ownedOf) return;
    const before = this.ownedOf;
    this.ownedOf = owned;
    if (before && before.length === owned.length && owned.every((id, i) => before[i] === id)) return;
    this.ownedSet = new Set(owned);
    this.ownedVersion += 1;
  }

  /** Foundry's order (who acts first, then the rest of the roster, then documents not in it), without hidden rows for players. */
  private visibleIds(
    state: EncounterState | null,
    docs: readonly TrackerCombatantDoc[],
    isGM: boolean,
  ): readonly string[] {
    const order = state?.order ?? null;
    const roster = state?.roster ?? null;
    const held = this.shown;
    if (held && held.order === order && held.roster === roster && held.docs === docs && held.isGM === isGM)
      return held.ids;
    const ids = shownIds(state, docs, this.docById, isGM);
    this.shown = { order, roster, docs, isGM, ids };
    return ids;
  }

  /**
   * The sides in the order they first appear (roster, then documents). Worked out again only when
   * the roster or the documents changed, or a combatant the command changed is on another side.
   */
  private sides(state: EncounterState | null, docs: readonly TrackerCombatantDoc[]): readonly string[] {
    const roster = state?.roster ?? null;
    const combatants = state?.combatants ?? null;
    const held = this.coloured;
    let same = held !== null && held.roster === roster && held.docs === docs;
    if (same && held && combatants !== held.combatants) {
      const before = held.combatants;
      if (!before || !combatants || before.length !== combatants.length) same = false;
      else
        for (let i = 0; i < combatants.length && same; i += 1) {
          const was = before[i];
          const now = combatants[i];
          if (was !== now && (was?.side !== now?.side || was?.id !== now?.id)) same = false;
        }
    }
    if (same && held) {
      held.combatants = combatants;
      return held.sides;
    }
    const sides = sidesOf(state, docs);
    this.coloured = { roster, combatants, docs, sides };
    return sides;
  }
}

/** Each side once, in the order sides first appear: the roster's, then the documents'. */
function sidesOf(state: EncounterState | null, docs: readonly TrackerCombatantDoc[]): string[] {
  if (!state) return [...new Set(docs.map((d) => d.side ?? ""))];
  return [
    ...new Set(
      state.roster.map((id) => combatantIn(state, id)?.side ?? "").concat(docs.map((d) => d.side ?? "")),
    ),
  ];
}

/** The ids the tracker lists, in Foundry's order, without the rows hidden from a player. */
function shownIds(
  state: EncounterState | null,
  docs: readonly TrackerCombatantDoc[],
  docById: ReadonlyMap<string, TrackerCombatantDoc>,
  isGM: boolean,
): string[] {
  const visible = (id: string) => isGM || !docById.get(id)?.hidden;
  if (!state) return docs.map((d) => d.id).filter(visible);
  // Foundry's order: who acts this round (or phase, stage) first, then the rest of the roster.
  const seen = new Set<string>();
  return [...state.order, ...state.roster, ...docs.map((d) => d.id)].filter((id) => {
    if (seen.has(id)) return false;
    seen.add(id);
    return visible(id);
  });
}

/** The rows, built afresh (no memo). */
function freshRows(state: EncounterState | null, options: TrackerOptions): CombatantRowView[] {
  const docs = options.combatants ?? [];
  const docById = new Map(docs.map((d) => [d.id, d]));
  const sides = sidesOf(state, docs);
  const owned = new Set(options.owned ?? []);
  const turns = turnsOf(state);
  return shownIds(state, docs, docById, options.isGM).map((id) =>
    row(
      id,
      state ? (combatantIn(state, id) ?? null) : null,
      docById.get(id),
      state,
      options,
      sides,
      owned.has(id),
      turnOf(turns, id),
    ),
  );
}

/** Everything of the tracker but its rows: the structure, the waiting line, the controls. */
export type TrackerHead = Omit<TrackerView, "combatants" | "hasCombatants">;

/**
 * The whole tracker, for a combat's state (null before it starts). With a memo (the same one on
 * each call), rows whose inputs did not change are the identical objects as on the call before,
 * and so is everything else when the state and the viewer are the same as on the call before.
 */
export function trackerView(
  state: EncounterState | null,
  options: TrackerOptions,
  memo?: TrackerMemo,
): TrackerView {
  const combatants = memo ? memo.rowsFor(state, options) : freshRows(state, options);
  const head = memo ? memo.headFor(state, options) : headOf(state, options);
  return { ...head, combatants, hasCombatants: combatants.length > 0 };
}

/** The tracker's head for a state (null before the start). */
function headOf(state: EncounterState | null, options: TrackerOptions): TrackerHead {
  const { i18n } = options;
  if (!state) {
    return {
      started: false,
      status: i18n.localize("TEMPO.Tracker.NotStarted"),
      ruleset: { id: "", label: "" },
      round: "",
      phases: null,
      segments: null,
      stages: null,
      groups: [],
      hasGroups: false,
      options: [],
      hasOptions: false,
      optionsSummary: "",
      marchingChoice: "",
      hasMarchingChoice: false,
      waiting: "",
      isWaiting: false,
      held: [],
      hasHeld: false,
      gridless: "",
      isGridless: false,
      controls: [],
      hasControls: false,
      howto: options.ruleset ? howtoLink(options.ruleset, i18n) : null,
    };
  }

  const groups: GroupView[] = Object.entries(state.groups ?? {}).map(([side, level]) => ({
    side,
    label: i18n.format("TEMPO.Tracker.GroupSide", { side, level: i18n.localize(GROUP_LABELS[level]) }),
    cssClass: `tempo-group tempo-group--${level}`,
  }));
  const choice = state.ext["initiative"];
  const marchingChoice =
    state.ruleset === "marching" && typeof choice === "string" && has(CHOICE_LABELS, choice)
      ? i18n.localize(CHOICE_LABELS[choice])
      : "";
  const opts = optionsView(state, i18n);
  const controls = controlsView(state, options);
  const sight = sightOf(options);
  const waiting = waitingView(state, null, sight, i18n).text;
  const owned = options.owned ?? NO_IDS;
  const held = heldViews(state, sight, i18n).filter((h) => options.isGM || owned.includes(h.who));
  const status =
    state.status === "ended"
      ? i18n.localize("TEMPO.Tracker.Ended")
      : state.status === "setup"
        ? i18n.localize("TEMPO.Tracker.NotStarted")
        : i18n.localize("TEMPO.Tracker.Running");
  return {
    started: state.status !== "setup",
    status,
    ruleset: { id: state.ruleset, label: i18n.localize(RULESET_LABELS[state.ruleset]) },
    // phases: the round is "the 12-second Turn".
    round: i18n.format(
      state.ruleset === "phases" ? "TEMPO.Tracker.TurnNumber" : "TEMPO.Tracker.RoundNumber",
      {
        n: state.round,
      },
    ),
    phases: phasesView(state, i18n),
    segments: segmentsView(state, i18n),
    stages: stagesView(state, i18n),
    groups,
    hasGroups: groups.length > 0,
    options: opts,
    hasOptions: opts.length > 0,
    optionsSummary: i18n.format("TEMPO.Tracker.OptionsSummary", { count: opts.length }),
    marchingChoice,
    hasMarchingChoice: marchingChoice !== "",
    waiting,
    isWaiting: waiting !== "",
    held,
    hasHeld: held.length > 0,
    gridless:
      state.grid.type === "none"
        ? i18n.localize(
            SPEAKS_OF_THREAT[state.ruleset] ? "TEMPO.Tracker.Gridless" : "TEMPO.Tracker.GridlessNoThreat",
          )
        : "",
    isGridless: state.grid.type === "none",
    controls,
    hasControls: controls.length > 0,
    howto: howtoLink(state.ruleset, i18n),
  };
}
