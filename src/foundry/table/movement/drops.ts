/**
 * The drop judgement. preMoveToken (synchronous, only on the client that moves the token) turns
 * the planned path into engine cells and asks the engine whether the move is legal; an illegal
 * move is refused before the token moves, with the engine's reason. A legal move that provokes
 * nothing goes ahead as Foundry animates it, and its `move` command is sent when the token arrives
 * (holds.ts onMoveToken). A move that provokes (or a Tumble Through, whose check decides where it
 * ends) is held (holds.ts).
 */
import { type Cell, type Command, type MoveMode, combatantIn } from "../../../engine";
import { showRefusal } from "../../channel/notices";
import { submit } from "../../channel/commands";
import { levelOf } from "../../store/read";
import type { TempoCombat } from "../../documents/combat";
import { isGmPlacement, pathAfter, previewFor, previewSeenBy } from "../../rules/paths";
import { perceives } from "../../rules/sight";
import { readSettings } from "../../settings";
import { cellAt, fightingIn, trustedSightOf, type Box } from "../scene";
import { type HeldMove } from "../../rules/holds";
import { modeOfAction } from "./actions";
import { following, holding, isReissue, judge, judged, planned, reissuing } from "./memory";
import { handMove, placeByHand } from "./hand";
import { onUndo } from "./undo";
import { holdMove } from "./holds";

/**
 * Does `reactor` see the mover? Hidden and invisible tokens are unseen unless the setting says
 * otherwise; a sight status counts only where the GM vouched for it (table/scene.ts trustedSightOf).
 */
export function seesIn(combat: TempoCombat, reactor: string, mover: string): boolean {
  return perceives(
    trustedSightOf(combat, reactor),
    trustedSightOf(combat, mover),
    readSettings().reactToUnseen,
  );
}

/** The cells of a movement's waypoints, in order. */
function cellsOf(token: TokenDocument.Implementation, waypoints: readonly Box[]): Cell[] {
  return waypoints.map((w) => cellAt(token, w)).filter((c): c is Cell => c !== null);
}

/** The Tempo action of a movement, if any of its waypoints uses one. */
function modeOfWaypoints(waypoints: readonly { action?: string }[]): MoveMode {
  for (const w of waypoints) {
    const mode = modeOfAction(w.action);
    if (mode !== "normal") return mode;
  }
  return "normal";
}

/** preMoveToken: judge a move before the token moves. Returning false refuses it. */
export function onPreMoveToken(
  token: TokenDocument.Implementation,
  movement: TokenDocument.MovementOperation,
): boolean | void {
  if (token.id && following.has(token.id)) return;
  // v14 may send one movement as several subpaths sharing its id (TokenPreMovementOperation#split,
  // #subpathId): it was judged as a whole at its first subpath, never again from a later one.
  if (judged.has(movement.id)) return;
  // Tempo's own re-issued movement of a held move: judged already, carried through its checkpoints.
  // Only the very movement Tempo issued (its waypoints, while that `move` is under way) is exempt.
  if (token.id && movement.chain.length === 0 && isReissue(token.id, movement)) {
    reissuing.delete(token.id);
    const entry = holding.get(token.id);
    if (entry) entry.movementId = movement.id;
    judge(movement.id);
    return;
  }
  const found = fightingIn(token);
  if (!found?.combatant.id) return;
  const who = found.combatant.id;
  // The movement's last waypoint: the pending ones follow the passed ones, and a movement done in
  // one update has them all passed (a teleport's action is on its destination).
  const all = [...movement.passed.waypoints, ...movement.pending.waypoints];
  const last = all[all.length - 1];
  if (isGmPlacement(handMove(movement.method, last?.action ?? null))) {
    if (movement.chain.length > 0) return;
    return placeByHand(token, found.combat, found.state, who, movement.destination, levelOf(last));
  }
  const at = combatantIn(found.state, who)?.at ?? null;
  if (!at) return;
  if (movement.method === "undo") return onUndo(found.combat, found.state, who);
  // A move Foundry split in parts (at a checkpoint or region) was judged as a whole at its start.
  if (movement.chain.length > 0) return;
  const waypoints = all;
  // v14 scene levels: the engine knows which level a combatant stands on, and a walk keeps to it;
  // going to another level is the GM's placement (docs/hooks.md).
  const level = levelOf(token);
  if (waypoints.some((w) => levelOf(w) !== null && levelOf(w) !== level)) {
    showRefusal({ key: "TEMPO.Refusal.LevelChange", data: {} });
    return false;
  }
  const path = pathAfter(at, cellsOf(token, waypoints));
  if (path.length === 0) return;
  const mode = modeOfWaypoints(waypoints);
  // Fail closed: a preview that throws refuses the move (Foundry would let it through).
  let preview;
  try {
    preview = previewSeenBy(previewFor(found.state, who, path, mode), (id) => seesIn(found.combat, id, who));
  } catch (error) {
    console.error("Tempo: a move's preview failed", error);
    showRefusal({ key: "TEMPO.Refusal.Internal", data: {} });
    return false;
  }
  if (preview.refusal) {
    showRefusal(preview.refusal);
    // A refused GM move says how the GM may put the token there anyway.
    if (game.user?.isGM)
      ui.notifications?.info(
        game.i18n?.localize(
          readSettings().gmOverride ? "TEMPO.Movement.OverrideHint" : "TEMPO.Movement.OverrideOff",
        ) ?? "",
      );
    return false;
  }
  const command: Command = { type: "move", who, path, ...(mode === "normal" ? {} : { mode }) };
  if (mode === "tumble") {
    // Tumble Through: its Agility Check decides where it ends, so the engine leads and the GM's
    // client moves the token where the engine put it (docs/hooks.md).
    void submit(found.combat, command);
    return false;
  }
  if (preview.provocations.length > 0) {
    // Held with Foundry's movement pausing: this movement is refused and the mover's client
    // moves again through the engine's cells with a checkpoint at every provoking cell.
    const hold: HeldMove = {
      combatId: found.combat.id ?? "",
      who,
      cells: preview.cells.map((c): Cell => [c[0], c[1]]),
      mode,
      checkpoints: preview.provocations.map((p): Cell => [p.cell[0], p.cell[1]]),
      sent: false,
    };
    void holdMove(token, hold, waypoints[waypoints.length - 1]?.action ?? null);
    return false;
  }
  planned.set(movement.id, { combatId: found.combat.id ?? "", who, path, mode });
  judge(movement.id);
}
