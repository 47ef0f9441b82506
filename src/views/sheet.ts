/**
 * View models for the actor and item sheets: plain data in, plain data out, no Foundry and no DOM.
 * The Foundry sheets call these in `_prepareContext`; the playground calls them before rendering
 * the same templates; tests call them in Node. Templates only show what is here: every label,
 * aria text, css class and disabled flag is worked out now.
 */
import {
  availableActions,
  createEncounter,
  getRuleset,
  openReactions,
  type ActionDef,
  type CombatantSetup,
  type CombatantState,
  type EncounterState,
  type Json,
  type JsonObject,
  type PoolDef,
  type Refusal,
  type Ruleset,
  type RulesetId,
  combatantIn,
} from "../engine";
import { reachOf } from "../engine/core/movement";
import { threatenedCells } from "../engine/grid";
import { phaseLabel, SPEAKS_OF_THREAT } from "./labels";
import { plural, TextMemory, type Localizer } from "./words";

/** The localizer the views word everything with (declared in words.ts, the lower file). */
export type { Localizer } from "./words";

/** An actor as the sheet sees it: what its document holds, already read out of `system`. */
export interface SheetSubject {
  /** The actor's id (the document id, not the combatant's). */
  id: string;
  name: string;
  img: string;
  /** character or npc */
  type: string;
  /** What the actor brings to a fight, as the adapter sets up a combatant of it (pools are the ruleset's to fill). */
  setup: CombatantSetup;
  /** The actor's stored stats and skills, shown and edited on the sheet. */
  stats: Record<string, number>;
  skills: Record<string, number>;
  /** The actor's own pool values between fights; a pool the actor does not keep is absent. */
  pools: Record<string, number>;
  weapons: SheetWeapon[];
}

export interface SheetWeapon {
  id: string;
  name: string;
  img: string;
  kind: string;
  /** Reach in cells; 0 when the weapon gives no reach of its own (size reach applies). */
  reach: number;
  /** Range for ranged weapons in cells; 0 for melee. */
  range: number;
  damage: string;
  equipped: boolean;
}

/** The running encounter the actor takes part in, if any. */
export interface SheetEncounter {
  state: EncounterState;
  /** The actor's combatant id in `state`, or null if it is not in this combat. */
  combatantId: string | null;
}

export interface SheetInput {
  subject: SheetSubject;
  /** The world's ruleset; a running combat's own ruleset wins ("a running combat keeps the ruleset it started with"). */
  ruleset: RulesetId;
  /** The world's ruleset options (refill times depend on them). */
  options: Record<string, string>;
  encounter: SheetEncounter | null;
  /** The user owns the actor or is a GM: spend/restore and action buttons are theirs. */
  canControl: boolean;
  /** The user is a GM: in a fight only a GM adjusts pools (adjustPool is a GM command). */
  isGM: boolean;
  /** The sheet is editable (Foundry's isEditable): stat inputs are enabled. */
  editable: boolean;
  /** The combatant the user targets, if any: actions needing a target are checked against it. */
  target?: string | null;
}

export interface PipView {
  cssClass: string;
}

export interface PoolView {
  id: string;
  label: string;
  abbr: string;
  value: number;
  max: number;
  /** False for a pool with no maximum (poolHasMax): only its value shows. */
  hasMax: boolean;
  /** "3/5", or "7" for a pool with no maximum. */
  count: string;
  pips: PipView[];
  /** "AP 3 of 5" ("FP 7" without a maximum): the meter's accessible name. */
  ariaLabel: string;
  /** "Refills at the start of its turn" */
  refill: string;
  /** "3 above the maximum of 5" when the GM granted points past the maximum; else empty. */
  aboveMax: string;
  /** The user may spend and restore points of this pool (owner or GM, and the pool is held somewhere it can change). */
  adjustable: boolean;
  canSpend: boolean;
  canRestore: boolean;
  spendLabel: string;
  restoreLabel: string;
}

export interface StatView {
  id: string;
  label: string;
  value: number;
  field: string;
  inputId: string;
}

export interface CostView {
  text: string;
}

export interface ActionView {
  id: string;
  label: string;
  kind: string;
  cost: string;
  /** Actions whose cost the player chooses (rating's primary, secondary, special). */
  chooseCost: boolean;
  /** The command the button sends: act, or declare while declarations or announcements are due. */
  verb: "act" | "declare";
  /** The target the button's command names: the one the check passed with ("" for none). */
  target: string;
  costInputId: string;
  costInputLabel: string;
  limits: string;
  disabled: boolean;
  /** Why it is disabled, localised; empty when enabled. */
  reason: string;
  /** The element that says why: the row's own reason, or the note above the actions it shares. */
  reasonId: string;
  /** False when the reason is said once above the actions (several actions share it). */
  showReason: boolean;
  buttonLabel: string;
  cssClass: string;
}

/** A reason several actions share ("The combat has not started yet."), said once above them. */
export interface ActionNoteView {
  id: string;
  text: string;
}

export interface ReactionView {
  id: string;
  label: string;
  cost: string;
}

export interface OfferView {
  offerId: string;
  reaction: string;
  against: string;
  label: string;
  cost: string;
  disabled: boolean;
  reason: string;
  reasonId: string;
  buttonLabel: string;
}

export interface ConditionView {
  id: string;
  label: string;
  duration: string;
}

export interface WeaponView {
  id: string;
  name: string;
  img: string;
  details: string;
  equipped: boolean;
  equippedLabel: string;
  editLabel: string;
}

export interface SheetView {
  actorId: string;
  combatantId: string | null;
  name: string;
  img: string;
  type: string;
  cssClass: string;
  editable: boolean;
  canControl: boolean;
  ruleset: { id: RulesetId; label: string };
  inCombat: boolean;
  /** "Round 2: your turn" / "Not in combat" */
  status: string;
  isTurn: boolean;
  stats: StatView[];
  hasStats: boolean;
  skills: StatView[];
  hasSkills: boolean;
  pools: PoolView[];
  /** False for a ruleset without points (segments, phases): the sheet shows no Points box. */
  hasPools: boolean;
  actions: ActionView[];
  /** Reasons shared by more than one action, each said once above the actions. */
  actionNotes: ActionNoteView[];
  hasActionNotes: boolean;
  reactions: ReactionView[];
  hasReactions: boolean;
  offers: OfferView[];
  hasOffers: boolean;
  reach: { value: number; text: string; threat: string };
  /** False where the ruleset has no reach or threat (rating, marching): the sheet shows neither. */
  hasReach: boolean;
  conditions: ConditionView[];
  hasConditions: boolean;
  weapons: WeaponView[];
  hasWeapons: boolean;
}

/**
 * Refusal data as format() arguments: numbers and strings as they are, lists joined, others as
 * JSON; engine ids the text names (an action, a reaction, a pool, a condition) by their names.
 */
function formatData(data: Readonly<Record<string, Json>>, i18n: Localizer): Record<string, string | number> {
  const named: Readonly<Record<string, (id: string) => string>> = {
    action: (id) => `TEMPO.Action.${id}`,
    reaction: (id) => `TEMPO.Reaction.${id}`,
    pool: (id) => `TEMPO.Pool.${id}.Abbr`,
    condition: (id) => `TEMPO.Condition.${id}`,
    // A command by its label ("Only a GM can do that (Condition)."), never its internal type.
    command: (id) => `TEMPO.Command.${id}`,
  };
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(data)) {
    const key = typeof v === "string" ? named[k]?.(v) : undefined;
    const name = key === undefined ? undefined : i18n.localize(key);
    if (name !== undefined && name !== key) out[k] = name;
    else if (typeof v === "number" || typeof v === "string") out[k] = v;
    else if (Array.isArray(v))
      out[k] = v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ");
    else out[k] = JSON.stringify(v);
  }
  return out;
}

/**
 * A reason more than one action gives is said once, above the actions, and each of those actions
 * points at it (aria-describedby) instead of repeating it under itself: "Waiting for 1 reaction to
 * be answered first." under every action is noise.
 */
function shareReasons(actions: ActionView[], idPrefix: string): ActionNoteView[] {
  const counts = new Map<string, number>();
  for (const a of actions) if (a.disabled) counts.set(a.reason, (counts.get(a.reason) ?? 0) + 1);
  const notes: ActionNoteView[] = [];
  for (const [text, count] of counts) {
    if (count < 2) continue;
    const note = { id: `${idPrefix}-shared-${notes.length + 1}`, text };
    notes.push(note);
    for (const a of actions)
      if (a.disabled && a.reason === text) {
        a.reasonId = note.id;
        a.showReason = false;
      }
  }
  return notes;
}

/** Each localizer's refusal sentences, by the refusal's key and data. */
const refusalTexts = new TextMemory(512);

/**
 * A refusal as the sentence a player reads. Remembered per localizer by the refusal's key and
 * data: while reactions are asked every action of the sheet and every button of the tracker is
 * refused for the same reason, and each asked for its sentence (issue 31).
 */
export function refusalText(refusal: Refusal, i18n: Localizer): string {
  const id = `${refusal.key}\u0000${JSON.stringify(refusal.data)}`;
  return refusalTexts.text(i18n, id, refusal.key, () => {
    // A refusal that counts ("Waiting for 1 reaction") takes the plural form for its count.
    const count = refusal.data["count"];
    return typeof count === "number"
      ? plural(i18n, refusal.key, count, formatData(refusal.data, i18n))
      : i18n.format(refusal.key, formatData(refusal.data, i18n));
  });
}

/**
 * "2 AP, 1 FP"; "Free" for an empty cost; a null cost is chosen by the player ("AP: you choose").
 * `pools`, the ruleset's pool ids, when known: a ruleset without points (phases, segments,
 * marching) has no cost to show, so the text is empty.
 */
export function costText(
  cost: Readonly<Record<string, number>> | null,
  i18n: Localizer,
  pools?: readonly string[],
): string {
  if (pools !== undefined && pools.length === 0) return "";
  if (cost === null)
    return i18n.format("TEMPO.Sheet.CostChosen", {
      pool: (pools ?? []).map((p) => i18n.localize(`TEMPO.Pool.${p}.Abbr`)).join("/"),
    });
  const parts = Object.entries(cost)
    .filter(([, amount]) => amount > 0)
    .map(([pool, amount]) =>
      i18n.format("TEMPO.Sheet.Cost", { amount, pool: i18n.localize(`TEMPO.Pool.${pool}.Abbr`) }),
    );
  return parts.length > 0 ? parts.join(", ") : i18n.localize("TEMPO.Sheet.CostFree");
}

/**
 * Whether a pool has a maximum worth showing: pools that come back to their allotment during the
 * fight (each round or turn) do; a pool filled only when combat starts (flow's FP: "2 FP at start
 * of combat", then gained and lost with no cap) or never has no maximum, only a value.
 */
export function poolHasMax(def: PoolDef, options: JsonObject): boolean {
  const refill = def.refillsAt(options);
  return refill === "roundStart" || refill === "turnStart";
}

/** Pips and the accessible text of a pool, with or without a maximum (poolHasMax). */
export function poolMeter(
  abbr: string,
  value: number,
  max: number,
  hasMax: boolean,
): { pips: PipView[]; count: string; meter: { pool: string; value: number; max: number } } {
  return {
    pips: hasMax ? pipsFor(value, max) : pipsFor(value, value),
    count: hasMax ? `${value}/${max}` : String(value),
    meter: { pool: abbr, value, max },
  };
}

/**
 * Pips already made, by value and maximum: a tracker of N rows shows the same few meters again
 * and again, so each is made once and shared (views only read them; they are frozen).
 */
const madePips = new Map<string, readonly PipView[]>();

/** Pool pips: one per point up to the larger of value and maximum, so points above the maximum show as extra. */
export function pipsFor(value: number, max: number): PipView[] {
  const key = `${value}/${max}`;
  const made = madePips.get(key);
  if (made) return made as PipView[];
  const count = Math.max(0, value, max);
  const pips = Object.freeze(
    Array.from({ length: count }, (_, i) =>
      Object.freeze({
        cssClass: ["tempo-pip", i < value ? "is-filled" : "is-empty", i >= max ? "is-extra" : ""]
          .filter(Boolean)
          .join(" "),
      }),
    ),
  );
  // Pools are small numbers; a bound keeps a table that grants thousands of points from piling up meters.
  if (madePips.size < 1_000) madePips.set(key, pips);
  return pips as PipView[];
}

/**
 * Pool maxima outside combat: the ruleset's own setup applied to the actor's stats, in a
 * throw-away encounter, so the sheet shows what a fight would start with.
 */
function freshCombatant(
  subject: SheetSubject,
  ruleset: Ruleset,
  options: Record<string, string>,
): CombatantState {
  const known = Object.fromEntries(Object.entries(options).filter(([k]) => k in ruleset.options));
  const state = createEncounter(
    { ruleset: ruleset.id, options: known, combatants: [{ ...subject.setup, id: subject.id }] },
    ruleset,
  );
  const made = combatantIn(state, subject.id);
  if (!made) throw new Error(`sheet: ${subject.id} was not set up`);
  return made;
}

function actionLabel(action: ActionDef, i18n: Localizer): string {
  return i18n.localize(`TEMPO.Action.${action.id}`);
}

/**
 * Where the fight is, in the tracker's words: "Round 2"; phases' "Turn 1, Phase 2" (phases: "a
 * 12-second Turn of 4 Phases"); segments' "Round 1, Segment 3" once a segment runs.
 */
export function whenText(state: EncounterState, i18n: Localizer): string {
  const phase = state.phase === null ? undefined : phaseLabel(state.phase);
  if (state.ruleset === "phases" && phase)
    return i18n.format("TEMPO.Sheet.When.Phase", { round: state.round, phase: i18n.localize(phase) });
  if (state.segment !== null)
    return i18n.format("TEMPO.Sheet.When.Segment", { round: state.round, segment: state.segment });
  return i18n.format("TEMPO.Sheet.When.Round", { round: state.round });
}

/** The whole sheet's view model. */
export function sheetView(input: SheetInput, i18n: Localizer): SheetView {
  const { subject, encounter } = input;
  const state = encounter?.state ?? null;
  const combatantId = encounter?.combatantId ?? null;
  const live = state && combatantId ? (combatantIn(state, combatantId) ?? null) : null;
  const rulesetId = state ? state.ruleset : input.ruleset;
  const ruleset = getRuleset(rulesetId);
  const options: JsonObject = state ? state.options : { ...input.options };
  // Out of combat the sheet shows what a fight would start with; in one, the combatant itself.
  const fresh = live ? null : freshCombatant(subject, ruleset, input.options);
  const active = state !== null && state.status === "active" && live !== null;
  const isTurn = active && state.current === combatantId;

  const poolIds = ruleset.pools.map((p) => p.id);
  const pools: PoolView[] = ruleset.pools.map((def) => {
    const abbr = i18n.localize(`TEMPO.Pool.${def.id}.Abbr`);
    const max = live ? (live.maxPools[def.id] ?? 0) : (fresh?.maxPools[def.id] ?? 0);
    const own = subject.pools[def.id];
    const value = live ? (live.pools[def.id] ?? 0) : (own ?? fresh?.pools[def.id] ?? 0);
    // In a fight the engine holds the pool and adjusting it is the GM's adjustPool command (a
    // player's press could only be refused, so a player gets no button); outside one, the owner
    // changes the pools the actor keeps.
    const adjustable = live !== null ? input.isGM : input.canControl && own !== undefined;
    const hasMax = poolHasMax(def, options);
    const meter = poolMeter(abbr, value, max, hasMax);
    return {
      id: def.id,
      label: i18n.localize(`TEMPO.Pool.${def.id}.Name`),
      abbr,
      value,
      max,
      hasMax,
      count: meter.count,
      pips: meter.pips,
      ariaLabel: i18n.format(hasMax ? "TEMPO.Sheet.PoolMeter" : "TEMPO.Sheet.PoolValue", meter.meter),
      refill: i18n.localize(`TEMPO.Refill.${def.refillsAt(options)}`),
      aboveMax:
        hasMax && max > 0 && value > max
          ? i18n.format("TEMPO.Sheet.PoolAboveMax", { over: value - max, max })
          : "",
      adjustable,
      canSpend: adjustable && value > 0,
      // Outside a fight the actor's own value stops at the maximum; in one, the GM may grant more
      // (flow: "It is possible to start a round with more than 5").
      canRestore: adjustable && (live !== null || value < max),
      spendLabel: i18n.format("TEMPO.Sheet.Spend", { pool: abbr }),
      restoreLabel: i18n.format("TEMPO.Sheet.Restore", { pool: abbr }),
    };
  });

  const stats: StatView[] = ruleset.stats.map((id) => ({
    id,
    label: i18n.localize(`TEMPO.Stat.${id}`),
    value: subject.stats[id] ?? 0,
    field: `system.stats.${id}`,
    inputId: `tempo-${subject.id}-stat-${id}`,
  }));
  const skills: StatView[] = ruleset.skills.map((id) => ({
    id,
    label: i18n.localize(`TEMPO.Skill.${id}`),
    value: subject.skills[id] ?? 0,
    field: `system.skills.${id}`,
    inputId: `tempo-${subject.id}-skill-${id}`,
  }));

  const reasonWhenIdle = !input.canControl
    ? i18n.localize("TEMPO.Sheet.NotYours")
    : !state
      ? i18n.localize("TEMPO.Sheet.NoCombat")
      : !live
        ? i18n.localize("TEMPO.Sheet.NotInThisCombat")
        : null;
  const availability =
    state && live && combatantId ? availableActions(state, combatantId, input.target ?? undefined) : null;
  const actions: ActionView[] = Object.values(ruleset.actions).map((action) => {
    const found = availability?.find((a) => a.action.id === action.id);
    const refusal = found ? found.refusal : null;
    const reason = reasonWhenIdle ?? (refusal ? refusalText(refusal, i18n) : "");
    const disabled = reason !== "";
    const label = actionLabel(action, i18n);
    return {
      id: action.id,
      label,
      kind: i18n.localize(`TEMPO.ActionKind.${action.kind}`),
      cost: costText(action.cost, i18n, poolIds),
      // Only a ruleset with points lets the player choose how many to spend (rating).
      chooseCost: action.cost === null && poolIds.length > 0,
      costInputId: `tempo-${subject.id}-cost-${action.id}`,
      costInputLabel: i18n.format("TEMPO.Sheet.CostInput", { action: label }),
      limits: (action.limits ?? []).map((l) => i18n.localize(`TEMPO.Limit.${l}`)).join(", "),
      disabled,
      reason,
      reasonId: `tempo-${subject.id}-why-${action.id}`,
      showReason: disabled,
      verb: found?.verb ?? "act",
      target: found?.target ?? "",
      buttonLabel: i18n.format(found?.verb === "declare" ? "TEMPO.Sheet.Declare" : "TEMPO.Sheet.Take", {
        action: label,
      }),
      cssClass: disabled ? "tempo-action is-disabled" : "tempo-action",
    };
  });

  const actionNotes = shareReasons(actions, `tempo-${subject.id}-why`);

  const reactions: ReactionView[] = Object.values(ruleset.reactions).map((r) => ({
    id: r.id,
    label: i18n.localize(`TEMPO.Reaction.${r.id}`),
    cost: costText(r.cost, i18n, poolIds),
  }));

  const offers: OfferView[] =
    state && live && combatantId
      ? openReactions(state, combatantId).map(({ reaction, offer, refusal }) => {
          const label = i18n.localize(`TEMPO.Reaction.${reaction.id}`);
          const against = combatantIn(state, offer.against)?.name ?? offer.against;
          const reason = !input.canControl
            ? i18n.localize("TEMPO.Sheet.NotYours")
            : refusal
              ? refusalText(refusal, i18n)
              : "";
          return {
            offerId: offer.id,
            reaction: reaction.id,
            against: offer.against,
            label: i18n.format("TEMPO.Sheet.OfferAgainst", { reaction: label, against }),
            cost: costText(reaction.cost, i18n, poolIds),
            disabled: reason !== "",
            reason,
            reasonId: `tempo-${subject.id}-offer-${offer.id}`,
            buttonLabel: i18n.format("TEMPO.Sheet.React", { reaction: label, against }),
          };
        })
      : [];

  const body = live ?? fresh ?? freshCombatant(subject, ruleset, input.options);
  const reach = reachOf(body);
  const grid = state && state.grid.type !== "none" ? state.grid : { type: "hex" as const };
  const threat = threatenedCells(grid, { anchor: [0, 0], size: body.size, reach }).length;

  const conditions: ConditionView[] = (live ? live.conditions : []).map((c) => ({
    id: c.id,
    label: i18n.localize(`TEMPO.Condition.${c.id}`),
    duration:
      c.rounds === null
        ? i18n.localize("TEMPO.Sheet.UntilRemoved")
        : i18n.format("TEMPO.Sheet.RoundsLeft", { rounds: c.rounds }),
  }));

  const weapons: WeaponView[] = subject.weapons.map((w) => ({
    id: w.id,
    name: w.name,
    img: w.img,
    details: [
      i18n.localize(`TEMPO.Sheet.WeaponKind.${w.kind === "ranged" ? "ranged" : "melee"}`),
      w.reach > 0 && SPEAKS_OF_THREAT[rulesetId]
        ? i18n.format("TEMPO.Sheet.WeaponReach", { reach: w.reach })
        : "",
      w.range > 0 ? i18n.format("TEMPO.Sheet.WeaponRange", { range: w.range }) : "",
      i18n.format("TEMPO.Sheet.WeaponDamage", { damage: w.damage }),
    ]
      .filter(Boolean)
      .join(", "),
    equipped: w.equipped,
    equippedLabel: i18n.localize(w.equipped ? "TEMPO.Sheet.Equipped" : "TEMPO.Sheet.NotEquipped"),
    editLabel: i18n.format("TEMPO.Sheet.EditItem", { name: w.name }),
  }));

  let status: string;
  if (!state || !live) status = i18n.localize("TEMPO.Sheet.OutOfCombat");
  else if (state.status === "setup") status = i18n.localize("TEMPO.Sheet.CombatNotStarted");
  // phases' "Turn" is the 12-second Turn of four Phases, not one character's go: there, "you act".
  else if (isTurn)
    status = i18n.format(state.ruleset === "phases" ? "TEMPO.Sheet.YouAct" : "TEMPO.Sheet.YourTurn", {
      when: whenText(state, i18n),
    });
  else status = whenText(state, i18n);

  return {
    actorId: subject.id,
    combatantId: live ? combatantId : null,
    name: subject.name,
    img: subject.img,
    type: subject.type,
    cssClass: `tempo-sheet tempo-sheet--${subject.type}${isTurn ? " is-turn" : ""}`,
    editable: input.editable,
    canControl: input.canControl,
    ruleset: { id: rulesetId, label: i18n.localize(`TEMPO.Ruleset.${rulesetId}`) },
    inCombat: live !== null,
    status,
    isTurn,
    stats,
    hasStats: stats.length > 0,
    skills,
    hasSkills: skills.length > 0,
    pools,
    hasPools: pools.length > 0,
    actions,
    actionNotes,
    hasActionNotes: actionNotes.length > 0,
    reactions,
    hasReactions: reactions.length > 0,
    offers,
    hasOffers: offers.length > 0,
    reach: {
      value: reach,
      text: i18n.format("TEMPO.Sheet.Reach", { reach }),
      threat: i18n.format(grid.type === "square" ? "TEMPO.Sheet.ThreatSquares" : "TEMPO.Sheet.ThreatHexes", {
        cells: threat,
      }),
    },
    hasReach: SPEAKS_OF_THREAT[rulesetId],
    conditions,
    hasConditions: conditions.length > 0,
    weapons,
    hasWeapons: weapons.length > 0,
  };
}

// ---------------------------------------------------------------------------------------------
// Item sheets (weapons and actions)
// ---------------------------------------------------------------------------------------------

/** One field of an item's system data, as the adapter reads it from the data model's schema. */
export interface FieldSpec {
  /** Path under `system`, e.g. "reach" or "cost.ap". */
  path: string;
  input: "number" | "text" | "select" | "checkbox" | "textarea";
  /** The field's label and hint, already localised (Foundry localises them from LOCALIZATION_PREFIXES). */
  label: string;
  hint: string;
  value: string | number | boolean;
  min?: number;
  max?: number;
  /** Choices of a select: value and localised label. */
  choices?: { value: string; label: string }[];
}

export interface FieldView {
  name: string;
  inputId: string;
  hintId: string;
  label: string;
  hint: string;
  isNumber: boolean;
  isText: boolean;
  isSelect: boolean;
  isCheckbox: boolean;
  isTextarea: boolean;
  value: string;
  checked: boolean;
  min: string;
  max: string;
  options: { value: string; label: string; selected: boolean }[];
  disabled: boolean;
}

export interface ItemSheetInput {
  id: string;
  name: string;
  img: string;
  type: string;
  editable: boolean;
  fields: FieldSpec[];
}

export interface ItemSheetView {
  itemId: string;
  name: string;
  img: string;
  cssClass: string;
  editable: boolean;
  /** The inputs, one per field (not `fields`: Foundry's sheet context already has that name). */
  inputs: FieldView[];
  /** What the engine's catalog says about this action (its cost and kind), when it knows it. */
  notes: string[];
  hasNotes: boolean;
  /** Where the item disagrees with the engine (a cost that is not the ruleset's). */
  warnings: string[];
  hasWarnings: boolean;
}

function fieldView(itemId: string, spec: FieldSpec, editable: boolean): FieldView {
  const slug = spec.path.replace(/\./g, "-");
  const value = typeof spec.value === "boolean" ? "" : String(spec.value);
  return {
    name: `system.${spec.path}`,
    inputId: `tempo-${itemId}-${slug}`,
    hintId: `tempo-${itemId}-${slug}-hint`,
    label: spec.label,
    hint: spec.hint,
    isNumber: spec.input === "number",
    isText: spec.input === "text",
    isSelect: spec.input === "select",
    isCheckbox: spec.input === "checkbox",
    isTextarea: spec.input === "textarea",
    value,
    checked: spec.value === true,
    min: spec.min === undefined ? "" : String(spec.min),
    max: spec.max === undefined ? "" : String(spec.max),
    options: (spec.choices ?? []).map((c) => ({ ...c, selected: c.value === value })),
    disabled: !editable,
  };
}

function specValue(fields: readonly FieldSpec[], path: string): string | number | boolean | undefined {
  return fields.find((f) => f.path === path)?.value;
}

/** A weapon's sheet: its fields, labelled and bounded as its data model says. */
export function weaponSheetView(input: ItemSheetInput): ItemSheetView {
  return {
    itemId: input.id,
    name: input.name,
    img: input.img,
    cssClass: "tempo-sheet tempo-sheet--weapon",
    editable: input.editable,
    inputs: input.fields.map((f) => fieldView(input.id, f, input.editable)),
    notes: [],
    hasNotes: false,
    warnings: [],
    hasWarnings: false,
  };
}

/**
 * An action item's sheet. The select of engine ids offers only the ids the chosen ruleset has for
 * the chosen category, and the sheet says what the ruleset's catalog gives the action (cost and
 * kind), warning when the item's own cost differs from it.
 */
export function actionSheetView(input: ItemSheetInput, i18n: Localizer): ItemSheetView {
  const rulesetId = String(specValue(input.fields, "ruleset") ?? "");
  const category = String(specValue(input.fields, "category") ?? "action");
  const actionId = String(specValue(input.fields, "action") ?? "");
  let ruleset: Ruleset | null = null;
  try {
    ruleset = getRuleset(rulesetId);
  } catch {
    ruleset = null;
  }
  const catalog = ruleset ? (category === "reaction" ? ruleset.reactions : ruleset.actions) : {};
  const fields = input.fields.map((f) => {
    if (f.path !== "action" || !ruleset) return f;
    const ids = Object.keys(catalog);
    const choices = ids.map((id) => ({
      value: id,
      label: i18n.localize(category === "reaction" ? `TEMPO.Reaction.${id}` : `TEMPO.Action.${id}`),
    }));
    // Keep an id the catalog lacks visible, so the sheet shows what is stored.
    if (!ids.includes(actionId)) choices.unshift({ value: actionId, label: actionId });
    return { ...f, input: "select" as const, choices };
  });
  const notes: string[] = [];
  const warnings: string[] = [];
  const def = catalog[actionId];
  if (ruleset && def) {
    const cost = def.cost;
    notes.push(
      i18n.format("TEMPO.ItemSheet.CatalogCost", {
        ruleset: i18n.localize(`TEMPO.Ruleset.${ruleset.id}`),
        cost: costText(
          cost,
          i18n,
          ruleset.pools.map((p) => p.id),
        ),
      }),
    );
    const own: Record<string, number> = {};
    for (const f of input.fields) {
      if (f.path.startsWith("cost.") && typeof f.value === "number") own[f.path.slice(5)] = f.value;
    }
    const variable = specValue(input.fields, "variableCost") === true;
    const differs =
      cost === null
        ? !variable
        : Object.keys({ ...own, ...cost }).some((pool) => (own[pool] ?? 0) !== (cost[pool] ?? 0)) || variable;
    if (differs) warnings.push(i18n.localize("TEMPO.ItemSheet.CostDiffers"));
  } else if (ruleset) {
    warnings.push(
      i18n.format("TEMPO.ItemSheet.UnknownId", {
        ruleset: i18n.localize(`TEMPO.Ruleset.${ruleset.id}`),
        id: actionId,
      }),
    );
  }
  return {
    itemId: input.id,
    name: input.name,
    img: input.img,
    cssClass: "tempo-sheet tempo-sheet--action",
    editable: input.editable,
    inputs: fields.map((f) => fieldView(input.id, f, input.editable)),
    notes,
    hasNotes: notes.length > 0,
    warnings,
    hasWarnings: warnings.length > 0,
  };
}

/** A data model validation failure as Foundry reports it: the field's path and Foundry's message. */
export interface FieldFailure {
  path: string;
  message: string;
}

/**
 * The notification for an edit the data model refused: one line per field, named by its label
 * ("Damage: must be a dice formula"). Paths are as Foundry gives them ("system.damage").
 */
export function validationNotice(
  failures: readonly FieldFailure[],
  fields: readonly FieldSpec[],
  i18n: Localizer,
): string {
  const lines = failures.map((f) => {
    const path = f.path.replace(/^system\./, "");
    const label = fields.find((s) => s.path === path)?.label ?? path;
    return i18n.format("TEMPO.ItemSheet.InvalidField", { field: label, problem: f.message });
  });
  return i18n.format("TEMPO.ItemSheet.Invalid", { problems: lines.join("; ") });
}
