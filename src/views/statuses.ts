/**
 * Engine conditions as Foundry token statuses, both ways. Pure: the Foundry side
 * (src/foundry/table/statuses.ts) registers TEMPO_STATUSES in CONFIG.statusEffects and asks these
 * functions what a toggled status means to the engine, and which statuses a token should show.
 *
 * The engine is the truth during a fight. A status the GM toggles on a token becomes the logged
 * `apply` / `removeCondition` when the combat's ruleset gives that condition meaning; the token
 * then shows what the engine holds. Both ways compare with what is already there, so the token
 * update that follows an engine change finds the engine already agreeing and sends nothing: no loop.
 */
import { getRuleset, RULESET_IDS, type Command, type EncounterState, combatantIn } from "../engine";
import type { Localizer } from "./sheet";

/** A status as CONFIG.statusEffects takes it: `name` is a localisation key, `img` a core icon. */
export interface TempoStatus {
  id: string;
  name: string;
  img: string;
}

/**
 * Core statuses that are an engine condition under another id (Foundry's own "paralysis" is
 * phases' "paralysed"): the token shows core's, and toggling it reaches the engine.
 */
const CORE_ALIASES: Readonly<Record<string, string>> = { paralysis: "paralysed" };

/** Core's icons (Foundry's icons/svg), one per condition any ruleset gives meaning. */
const ICONS: Readonly<Record<string, string>> = {
  surprised: "icons/svg/terror.svg",
  grappled: "icons/svg/net.svg",
  prone: "icons/svg/falling.svg",
  totalDefense: "icons/svg/shield.svg",
  readied: "icons/svg/target.svg",
  delayed: "icons/svg/hourglass.svg",
  failedSave: "icons/svg/downgrade.svg",
  impeded: "icons/svg/anchor.svg",
  aborted: "icons/svg/cancel.svg",
  limited: "icons/svg/clockwork.svg",
  hampered: "icons/svg/daze.svg",
  unconscious: "icons/svg/unconscious.svg",
  paralysed: "icons/svg/paralysis.svg",
};

/** Every condition some ruleset gives meaning to, in the rulesets' order, once each. */
export const MEANINGFUL_CONDITIONS: readonly string[] = [
  ...new Set(RULESET_IDS.flatMap((id) => getRuleset(id).conditions)),
];

/** The token status that shows an engine condition. */
export function statusOf(condition: string): string {
  for (const [status, alias] of Object.entries(CORE_ALIASES)) if (alias === condition) return status;
  return condition;
}

/** Tempo's statuses, for CONFIG.statusEffects (core's own entry wins where core has the id). */
export const TEMPO_STATUSES: readonly TempoStatus[] = MEANINGFUL_CONDITIONS.map((condition) => ({
  id: statusOf(condition),
  name: `TEMPO.Condition.${condition}`,
  img: ICONS[condition] ?? "icons/svg/aura.svg",
}));

/** The engine condition a token status stands for in this ruleset, or null when it means nothing there. */
export function conditionOf(status: string, state: EncounterState): string | null {
  const condition = Object.hasOwn(CORE_ALIASES, status) ? (CORE_ALIASES[status] as string) : status;
  return getRuleset(state.ruleset).conditions.includes(condition) ? condition : null;
}

/**
 * The condition's duration from a status the GM toggled: the effect's own rounds when it has
 * some, else the world's default (0: until removed).
 */
export function statusRounds(effectRounds: unknown, defaultRounds: number): number | null {
  const own = typeof effectRounds === "number" && Number.isInteger(effectRounds) ? effectRounds : 0;
  if (own > 0) return own;
  return Number.isInteger(defaultRounds) && defaultRounds > 0 ? defaultRounds : null;
}

/**
 * The engine command a status toggled on `who`'s token stands for, or null: none when the fight
 * is not running, the combatant is not in it, the ruleset gives the status no meaning, or the
 * engine already agrees (the token only caught up with the engine).
 */
export function statusCommand(
  state: EncounterState | null,
  who: string,
  status: string,
  active: boolean,
  rounds: number | null,
): Command | null {
  if (!state || state.status !== "active") return null;
  const c = combatantIn(state, who);
  if (!c) return null;
  const condition = conditionOf(status, state);
  if (condition === null) return null;
  const has = c.conditions.some((k) => k.id === condition);
  if (active && !has) return { type: "apply", who, condition, rounds };
  if (!active && has) return { type: "removeCondition", who, condition };
  return null;
}

/**
 * Which statuses `who`'s token should gain and lose to show the engine: every engine condition
 * Tempo has a status for is shown; a status of a condition the ruleset gives meaning to that the
 * engine does not hold (it ended, or was never applied) is cleared. Statuses the ruleset gives
 * no meaning to are the GM's own and are left as they are.
 */
export function statusSync(
  state: EncounterState,
  who: string,
  present: ReadonlySet<string>,
): { on: string[]; off: string[] } {
  const c = combatantIn(state, who);
  if (!c) return { on: [], off: [] };
  const held = new Set(c.conditions.map((k) => statusOf(k.id)));
  const known = new Set(TEMPO_STATUSES.map((s) => s.id));
  const on = [...held].filter((s) => known.has(s) && !present.has(s));
  const off = getRuleset(state.ruleset)
    .conditions.map(statusOf)
    .filter((s) => present.has(s) && !held.has(s));
  return { on, off };
}

/**
 * Conditions that describe the body, not the fight's clock (lying prone, held, out cold,
 * paralysed): they outlast the fight, and the GM clears them by hand as the story goes on.
 */
const OUTLAST_THE_FIGHT: ReadonlySet<string> = new Set(["prone", "grappled", "unconscious", "paralysed"]);

/**
 * The statuses `who`'s token loses when the fight ends: those of the conditions the engine holds
 * that only mean something in combat time (delayed, readied, surprised, aborted...) or run for a
 * number of rounds, which no clock counts down once the fight is over. Statuses the engine does
 * not hold (the GM's own) and conditions of the body stay.
 */
export function fightEndStatuses(state: EncounterState, who: string, present: ReadonlySet<string>): string[] {
  const c = combatantIn(state, who);
  if (!c) return [];
  return c.conditions
    .filter((k) => k.rounds !== null || !OUTLAST_THE_FIGHT.has(k.id))
    .map((k) => statusOf(k.id))
    .filter((status) => present.has(status));
}

/** A status a token should gain (active) or lose, for the combatant `who`. */
export interface StatusChange {
  who: string;
  status: string;
  active: boolean;
}

/**
 * The token statuses an accepted command's events call for: each condition the engine added or
 * removed that Tempo has a status for ("a condition ending in the engine clears the token's
 * status"). Only conditions the engine itself changed are touched, so a status the GM set on a
 * token for a ruleset that gives it no meaning, or before the fight, stays.
 */
export function statusChanges(events: readonly { type: string; [key: string]: unknown }[]): StatusChange[] {
  const known = new Set(TEMPO_STATUSES.map((s) => s.id));
  const out: StatusChange[] = [];
  for (const e of events) {
    if (e.type !== "conditionAdded" && e.type !== "conditionRemoved") continue;
    if (typeof e["who"] !== "string" || typeof e["condition"] !== "string") continue;
    const status = statusOf(e["condition"]);
    if (!known.has(status)) continue;
    out.push({ who: e["who"], status, active: e.type === "conditionAdded" });
  }
  return out;
}

/** A condition as a token shows it: the status id (its icon in Foundry) and its text with rounds left. */
export interface TokenConditionView {
  id: string;
  status: string;
  /** "Prone 2": what a small badge shows. */
  short: string;
  /** "Prone, 2 rounds left": the accessible name. */
  label: string;
}

/** The engine conditions `who`'s token shows (the playground's map draws them; Foundry shows the statuses). */
export function tokenConditions(state: EncounterState, who: string, i18n: Localizer): TokenConditionView[] {
  const c = combatantIn(state, who);
  if (!c) return [];
  return c.conditions.map((k) => {
    const name = i18n.localize(`TEMPO.Condition.${k.id}`);
    return {
      id: k.id,
      status: statusOf(k.id),
      short: k.rounds === null ? name : `${name} ${k.rounds}`,
      label:
        k.rounds === null
          ? name
          : i18n.format("TEMPO.Tracker.ConditionRounds", { condition: name, rounds: k.rounds }),
    };
  });
}
