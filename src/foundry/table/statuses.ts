/**
 * Engine conditions and token statuses, both ways (issue 14). What each status means is
 * src/views/statuses.ts; this file only reads and writes Foundry.
 *
 * - Tempo's statuses join CONFIG.statusEffects, so the token HUD offers them with core icons
 *   (public API: https://foundryvtt.com/api/v13/variables/CONFIG.statusEffects.html, entries
 *   https://foundryvtt.com/api/v14/types/CONFIG.StatusEffectConfig.html: `id`, `name`, `img`).
 *   v13 keeps them in an array; the v14 page shows an object keyed by id: both are handled,
 *   by shape, not by version.
 * - A status the token HUD toggles is an ActiveEffect created or deleted on the token's actor
 *   with that id in its `statuses` (ActiveEffectData#statuses:
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.ActiveEffectData.html).
 *   createActiveEffect / deleteActiveEffect run on every client with the id of the user who made
 *   the change, stamped by the server (hookEvents.createDocument / deleteDocument:
 *   https://foundryvtt.com/api/v13/functions/hookEvents.createDocument.html). Only the active GM's
 *   client acts on them: a GM's toggle becomes the logged `apply` / `removeCondition`, with the
 *   effect's own rounds or the world's default duration; a player's toggle of a status the
 *   ruleset gives meaning to is put back as the engine has it (conditions are the GM's).
 * - After each write, the active GM's client sets the statuses the write's conditionAdded /
 *   conditionRemoved events call for with Actor#toggleStatusEffect(statusId, { active })
 *   (https://foundryvtt.com/api/v13/classes/foundry.documents.Actor.html#togglestatuseffect).
 *   The ActiveEffect that makes comes back through the hooks above, finds the engine already
 *   agreeing, and sends nothing: the two ways do not loop.
 */
import type { EncounterState } from "../../engine";
import {
  fightEndStatuses,
  statusChanges,
  statusCommand,
  statusRounds,
  statusOf,
  statusSync,
  TEMPO_STATUSES,
  type StatusChange,
} from "../../views/statuses";
import { isTempoCombat } from "../store/stored";
import { isWriter, writeCommands } from "../channel/writer";
import { notifyNotApplied } from "../channel/notices";
import { type CommandContext } from "../channel/announce";
import { SYSTEM_ID } from "../settings";
import { vouchSight } from "../rules/mirror";
import { SIGHT_STATUSES, vouchedSight } from "../rules/vouched";
import { noteSightEffect } from "../documents/sight";
import { combatantIn } from "../../engine/record";

/** The parts of a status entry Tempo writes (the rest of StatusEffectConfig is core's). */
interface StatusEntry {
  id: string;
  name: string;
  img: string;
}

/** Add Tempo's statuses to CONFIG.statusEffects where core has no entry of that id (core's wins). */
export function registerStatuses(): void {
  const config = CONFIG as unknown as { statusEffects: StatusEntry[] | Record<string, StatusEntry> };
  const effects = config.statusEffects;
  if (Array.isArray(effects)) {
    for (const s of TEMPO_STATUSES) if (!effects.some((e) => e.id === s.id)) effects.push({ ...s });
    return;
  }
  for (const s of TEMPO_STATUSES) if (!Object.hasOwn(effects, s.id)) effects[s.id] = { ...s };
}

/** An actor as this file reads it: its statuses and the toggle (Actor#statuses, Actor#toggleStatusEffect). */
interface StatusActor {
  statuses: ReadonlySet<string>;
  toggleStatusEffect(statusId: string, options: { active: boolean }): Promise<unknown>;
}

/** An ActiveEffect as the hooks give it: its parent, its statuses, its duration. */
interface StatusEffectDoc {
  id: string | null;
  parent: unknown;
  statuses: ReadonlySet<string>;
  duration?: { rounds?: number | null } | null;
}

/** Running Tempo combats and the id of each combatant of `actor` in them. */
function combatantsOf(
  actor: unknown,
): { combat: Combat.Implementation; state: EncounterState; who: string }[] {
  const out: { combat: Combat.Implementation; state: EncounterState; who: string }[] = [];
  for (const combat of game.combats ?? []) {
    if (!isTempoCombat(combat)) continue;
    const state = combat.encounter;
    if (!state || state.status !== "active") continue;
    // The same actor object: a linked token's actor is the world's, an unlinked one's its own.
    for (const c of combat.combatants)
      if (c.id && (c.actor as unknown) === actor) out.push({ combat, state, who: c.id });
  }
  return out;
}

/** The world's default duration, in rounds, of a condition set from the token HUD (0: until removed). */
function defaultRounds(): number {
  const value: unknown = game.settings?.get(SYSTEM_ID, "statusRounds");
  return typeof value === "number" ? value : 0;
}

function isStatusActor(value: unknown): value is StatusActor {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { statuses?: unknown }).statuses instanceof Set &&
    typeof (value as { toggleStatusEffect?: unknown }).toggleStatusEffect === "function"
  );
}

/** A status was toggled on an actor's token (an ActiveEffect with statuses created or deleted). */
function onStatusToggled(effect: StatusEffectDoc, active: boolean, userId: string): void {
  if (!isWriter()) return;
  const actor = effect.parent;
  if (!isStatusActor(actor)) return;
  const fromGM = game.users?.get(userId)?.isGM ?? false;
  for (const status of effect.statuses) {
    if (SIGHT_STATUSES.includes(status)) {
      noteSightEffect(actor as unknown as { id: string | null }, effect, status, active, fromGM);
      toggledSight(actor, status, active, fromGM);
    }
    for (const { combat, state, who } of combatantsOf(actor)) {
      const rounds = statusRounds(effect.duration?.rounds, defaultRounds());
      const command = statusCommand(state, who, status, active, rounds);
      if (command === null) continue;
      if (!fromGM) {
        // Conditions are the GM's: the player's toggle is put back as the engine has it.
        void actor.toggleStatusEffect(status, { active: !active });
        continue;
      }
      void writeCommands(combat, [command], userId).then((answer) =>
        notifyNotApplied(combat, command, answer),
      );
    }
  }
}

/**
 * A sight status (invisible, blind) toggled on an actor in a running fight: a GM's decides who
 * perceives whom from now on (vouched in the combat's flags); a player's is shown but decides
 * nothing, or is put back when the world setting "playerStatuses" says "revert".
 */
function toggledSight(actor: StatusActor, status: string, active: boolean, fromGM: boolean): void {
  const fights = combatantsOf(actor);
  if (fights.length === 0) return;
  if (!fromGM) {
    if (game.settings?.get(SYSTEM_ID, "playerStatuses") === "revert")
      void actor.toggleStatusEffect(status, { active: !active });
    return;
  }
  for (const { combat, who } of fights) {
    const held = vouchedSight(combat, who).filter((s) => s !== status);
    void vouchSight(combat, { [who]: { statuses: active ? [...held, status] : held } });
  }
}

export function onCreateActiveEffect(effect: StatusEffectDoc, _options: unknown, userId: string): void {
  onStatusToggled(effect, true, userId);
}

export function onDeleteActiveEffect(effect: StatusEffectDoc, _options: unknown, userId: string): void {
  onStatusToggled(effect, false, userId);
}

/** Set one combatant's token status to what the engine holds, if it does not show it already. */
async function showStatus(combat: Combat.Implementation, change: StatusChange): Promise<void> {
  const actor: unknown = combat.combatants.get(change.who)?.actor;
  if (!isStatusActor(actor) || actor.statuses.has(change.status) === change.active) return;
  await actor.toggleStatusEffect(change.status, { active: change.active });
}

/**
 * After a write (tempo.commandApplied, every client): the active GM shows the engine's condition
 * changes. A fight that starts, or a combatant that joins, brings conditions from its setup
 * (surprised) without an event: those are shown too. Statuses the engine does not hold are left
 * alone then, so what the GM put on a token before the fight stays.
 */
export function onCommandAppliedStatuses(context: CommandContext): void {
  if (!isWriter()) return;
  const { combat, command } = context;
  if ((command.type === "start" || command.type === "addCombatant") && isTempoCombat(combat)) {
    const state = combat.encounter;
    const ids = command.type === "start" ? (state?.roster ?? []) : [command.combatant.id];
    for (const who of ids) {
      const actor: unknown = combat.combatants.get(who)?.actor;
      if (!state || !isStatusActor(actor)) continue;
      for (const status of statusSync(state, who, actor.statuses).on)
        void showStatus(combat, { who, status, active: true });
    }
  }
  for (const change of statusChanges(context.events)) void showStatus(combat, change);
  if (command.type === "end" && isTempoCombat(combat)) clearFightStatuses(combat);
}

/**
 * The fight is over (the engine's `end`, or the GM deletes the combat, as core's End Combat
 * does: hookEvents.deleteDocument, https://foundryvtt.com/api/v13/functions/hookEvents.deleteDocument.html,
 * which still hands over the deleted document with its data): the active GM clears the token
 * statuses of combat-time and timed conditions (fightEndStatuses), unless another running Tempo
 * combat of the same actor still holds that condition.
 */
export function onDeleteCombatStatuses(combat: unknown): void {
  if (isTempoCombat(combat)) clearFightStatuses(combat);
}

function clearFightStatuses(combat: Combat.Implementation): void {
  if (!isWriter()) return;
  const state = combat.encounter;
  if (!state) return;
  for (const c of combat.combatants) {
    const actor: unknown = c.actor;
    if (!c.id || !isStatusActor(actor)) continue;
    const elsewhere = new Set(
      combatantsOf(actor)
        .filter((other) => other.combat !== combat)
        .flatMap(({ state: s, who }) => (combatantIn(s, who)?.conditions ?? []).map((k) => statusOf(k.id))),
    );
    for (const status of fightEndStatuses(state, c.id, actor.statuses))
      if (!elsewhere.has(status)) void actor.toggleStatusEffect(status, { active: false });
  }
}

/** After an undo (tempo.rewound): the active GM makes every token show the engine's conditions again. */
export function onRewoundStatuses(combat: Combat.Implementation): void {
  if (!isWriter() || !isTempoCombat(combat)) return;
  const state = combat.encounter;
  if (!state) return;
  for (const c of combat.combatants) {
    const actor: unknown = c.actor;
    if (!c.id || !isStatusActor(actor)) continue;
    const { on, off } = statusSync(state, c.id, actor.statuses);
    for (const status of on) void showStatus(combat, { who: c.id, status, active: true });
    for (const status of off) void showStatus(combat, { who: c.id, status, active: false });
  }
}
