/**
 * Foundry's mirrors of the engine's state, and putting them back (issue 29). Core lets a player
 * update fields the engine owns: its own Combatant's `defeated`, `initiative` and `system` (the
 * setup), and a Combat's `round` and `turn`. None of them is a request: the writer (the active
 * GM's client) puts each back to the engine's value as soon as it sees the change, and only a GM's
 * toggle of `defeated` reaches the engine, as the logged `setDefeated`. Plain functions, so what
 * is put back is tested without Foundry.
 */
import type { CombatantState, EncounterState } from "../../engine";
import { combatantIn } from "../../engine/record";
import { turnIndex } from "../store/turns";
import { vouchedSightOf, type VouchedSight } from "./vouched";

/** A Combatant's setup as the engine holds it: what `system` shows during the fight. */
export interface SetupMirror {
  side: string;
  marching: number | null;
  surprised: boolean;
  unseen: boolean;
}

export function setupMirror(engine: CombatantState): SetupMirror {
  return {
    side: engine.side,
    marching: engine.marching,
    surprised: engine.surprised,
    unseen: engine.unseen,
  };
}

/** A Combatant's fields as Foundry holds them now. */
export interface CombatantMirror {
  initiative: number | null;
  defeated: boolean;
  system: SetupMirror;
}

/**
 * The update that puts a Combatant back to the engine after a change (`changed`: the keys the
 * update named) by a player or a GM (`fromGM`), or null when nothing differs:
 * - `initiative` is the engine's, whoever wrote it (the engine rolls it);
 * - `defeated` written by a player goes back (a GM's toggle is the engine's setDefeated instead);
 * - `system` written by a player goes back to the setup the engine holds (the GM changes it
 *   through the combatant dialog, a logged setCombatant).
 */
export function combatantPutBack(
  engine: CombatantState,
  now: CombatantMirror,
  changed: readonly string[],
  fromGM: boolean,
): Record<string, unknown> | null {
  const back: Record<string, unknown> = {};
  if (changed.includes("initiative") && now.initiative !== engine.initiative)
    back["initiative"] = engine.initiative;
  if (!fromGM && changed.includes("defeated") && now.defeated !== engine.defeated)
    back["defeated"] = engine.defeated;
  if (!fromGM && changed.includes("system")) {
    const setup = setupMirror(engine);
    const differs = (Object.keys(setup) as (keyof SetupMirror)[]).some((k) => now.system[k] !== setup[k]);
    if (differs) back["system"] = setup;
  }
  return Object.keys(back).length > 0 ? back : null;
}

/**
 * The Combatant updates that bring Foundry's mirrors in step with the engine after a write: each
 * combatant's `initiative` and `defeated` (the engine's setDefeated, or a kill, shows on the
 * tracker and the token).
 */
export function mirrorUpdates(
  state: EncounterState,
  combatants: readonly { id: string; initiative: number | null; defeated: boolean }[],
): ({ _id: string } & Record<string, unknown>)[] {
  const updates: ({ _id: string } & Record<string, unknown>)[] = [];
  for (const c of combatants) {
    const engine = combatantIn(state, c.id);
    if (!engine) continue;
    const update: { _id: string } & Record<string, unknown> = { _id: c.id };
    if (engine.initiative !== c.initiative) update["initiative"] = engine.initiative;
    if (engine.defeated !== c.defeated) update["defeated"] = engine.defeated;
    if (Object.keys(update).length > 1) updates.push(update);
  }
  return updates;
}

/** Foundry's `round` and `turn` as the engine has them, or null when the combat shows them already. */
export function turnPutBack(
  state: EncounterState,
  ids: readonly string[],
  now: { round: number; turn: number | null },
): { round: number; turn: number | null } | null {
  const turn = turnIndex(state, ids);
  return now.round === state.round && now.turn === turn ? null : { round: state.round, turn };
}

/**
 * A combat's flags update, written by the writer only: Document#update with `flags`
 * (https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html#update). The published
 * types check flags against a declared scope; Tempo's one scope is written here, as the page gives
 * the call.
 */
interface FlagWriter {
  flags?: unknown;
  update(data: { flags: { tempo: Record<string, unknown> } }): Promise<unknown>;
}

/**
 * Record what the GM vouches for a combatant's sight (rules/vouched.ts VouchedSight: its sight
 * statuses, its token's `hidden` and detection modes), by combatant, in the combat's
 * `flags.tempo.sight`; only the entries that differ from what it holds are written, whole.
 */
export async function vouchSight(
  combat: object,
  entries: Readonly<Record<string, Partial<VouchedSight>>>,
): Promise<void> {
  const writer = combat as FlagWriter;
  const changed: Record<string, VouchedSight> = {};
  for (const [who, entry] of Object.entries(entries)) {
    const held = vouchedSightOf(writer, who);
    const next: VouchedSight = { ...held, ...entry, statuses: [...(entry.statuses ?? held.statuses)] };
    const same =
      held.statuses.length === next.statuses.length &&
      held.statuses.every((s) => next.statuses.includes(s)) &&
      held.hidden === next.hidden &&
      JSON.stringify(held.detectionModes) === JSON.stringify(next.detectionModes);
    if (!same) changed[who] = next;
  }
  if (Object.keys(changed).length > 0) await writer.update({ flags: { tempo: { sight: changed } } });
}
