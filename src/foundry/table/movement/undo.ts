/**
 * Undo (Foundry's movement history, method "undo") is allowed when the engine may take the move
 * back (rules/undo.ts); a player asks the GM (query "tempo.undoMove"), who rewinds the log.
 */
import { type EncounterState, combatantIn } from "../../../engine";
import { answerRequest, askGM } from "../../channel/requests";
import { checkpointsOf, writeDecision } from "../../channel/writer";
import { showRefusal } from "../../channel/notices";
import { type CommandAnswer } from "../../channel/answers";
import type { TempoCombat } from "../../documents/combat";
import { combatWrite } from "../../store/pieces";
import { permission } from "../../channel/permission";
import { undoCheck, undoMove } from "../../rules/undo";
import { combatById } from "../../documents/find";
import { followEngine } from "./follow";

export const UNDO_QUERY = "tempo.undoMove";

// ---------------------------------------------------------------------------------------------
// Undo
// ---------------------------------------------------------------------------------------------

/** What a player's client asks the GM to undo (sent on the command channel: askGM). */
interface UndoRequest {
  combatId: string;
  who: string;
}

function isUndoRequest(value: unknown): value is UndoRequest {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v["combatId"] === "string" && typeof v["who"] === "string";
}

/** Foundry's undo of a token's last move: allowed only when the engine may take it back. */
export function onUndo(combat: TempoCombat, state: EncounterState, who: string): boolean | void {
  const stored = combat.stored;
  if (!stored) return false;
  const user = game.user;
  const undo = undoCheck(stored.log, who, stored.state, !user || user.isGM ? null : user.id);
  if (!undo.ok) {
    showRefusal(undo.refusal);
    return false;
  }
  void requestUndo(combat, who).then(async (answer) => {
    if (answer.ok) return;
    showRefusal(answer.refusal ?? { key: "TEMPO.Refusal.GMDidNotAnswer", data: {} });
    const at = combatantIn(combat.encounter, who)?.at ?? combatantIn(state, who)?.at;
    if (at) await followEngine(combat, [{ who, path: [], to: [at[0], at[1]] }]);
  });
}

export async function requestUndo(combat: TempoCombat, who: string): Promise<CommandAnswer> {
  if (!combat.id) return { ok: false, refusal: { key: "TEMPO.Refusal.NotStarted", data: {} } };
  return askGM(UNDO_QUERY, { combatId: combat.id, who }, undoFor);
}

/**
 * The GM's answer to an undo from a known sender (the command channel proved who sent it): the
 * sender must own the combatant; the log is replayed without the move, written as a rewind, and
 * the token put where the engine now has it.
 */
async function undoFor(data: UndoRequest, user: User.Implementation): Promise<CommandAnswer> {
  const combat = combatById(data.combatId);
  if (!combat) return { ok: false, refusal: { key: "TEMPO.Refusal.BadRequest", data: {} } };
  const denied = permission(
    { type: "move", who: data.who, path: [] },
    user,
    (id) => combat.combatants.get(id)?.actor?.testUserPermission(user, "OWNER") ?? false,
    (id) => combat.combatants.get(id)?.name ?? id,
  );
  if (denied) return { ok: false, refusal: denied };
  const answer = await writeDecision(combat, async (stored) => {
    // A player undoes only its own last move; a GM undoes anything.
    const undo = undoMove(
      stored.initial,
      stored.log,
      data.who,
      stored.state,
      () => checkpointsOf(data.combatId, stored),
      user.isGM ? null : user.id,
    );
    if (!undo.ok) return { ok: false, refusal: undo.refusal };
    const write = combatWrite(
      undo.state,
      stored,
      { keep: undo.keep, append: [] },
      { entries: [], rewound: true },
      stored.seq + 1,
      stored.ids,
    );
    return { ok: true, write, dice: [], events: [], rolls: [], states: [] };
  });
  if (answer.ok) {
    const at = combatantIn(combat.encounter, data.who)?.at;
    if (at) await followEngine(combat, [{ who: data.who, path: [], to: [at[0], at[1]] }]);
  }
  return answer;
}

/** The GM's handler of "tempo.undoMove" (registered in CONFIG.queries): the command channel's checks, then undoFor. */
export const handleUndoQuery = answerRequest(UNDO_QUERY, isUndoRequest, undoFor);
