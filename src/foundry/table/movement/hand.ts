/**
 * The GM's hand: teleports, Token Config edits, pastes and override drops are `place` commands.
 */
import { check, type Command, type EncounterState } from "../../../engine";
import { showRefusal } from "../../channel/notices";
import { submit } from "../../channel/commands";
import type { TempoCombat } from "../../documents/combat";
import { type HandMove } from "../../rules/paths";
import { readSettings } from "../../settings";
import { cellAt, type Box } from "../scene";

// ---------------------------------------------------------------------------------------------
// The GM's hand: teleports, Token Config edits, pastes and override drops are `place` commands
// ---------------------------------------------------------------------------------------------

/** Is the GM override held now: a GM, the world setting on, the Alt key down? */
export function gmOverrideHeld(): boolean {
  if (!game.user?.isGM || !readSettings().gmOverride) return false;
  // KeyboardManager#isModifierActive takes "one of the values in KeyboardManager.MODIFIER_KEYS"
  // (https://foundryvtt.com/api/v13/classes/foundry.helpers.interaction.KeyboardManager.html);
  // the v13 types ask for the enum's key names instead, so the method is read as the page gives it.
  const keyboard: { isModifierActive(modifier: string): boolean } | null = game.keyboard ?? null;
  return keyboard?.isModifierActive(foundry.helpers.interaction.KeyboardManager.MODIFIER_KEYS.ALT) ?? false;
}

export function handMove(method: string, action: string | null): HandMove {
  const def = action ? CONFIG.Token.movement.actions[action] : undefined;
  return {
    isGM: game.user?.isGM ?? false,
    method,
    teleport: def?.teleport === true,
    override: gmOverrideHeld(),
  };
}

/**
 * The GM puts the token at its destination: the engine's `place` is checked first (a combatant
 * whose move is held cannot be placed), then Foundry moves the token as it would (teleport,
 * config edit, paste or drag) and the command is written.
 */
export function placeByHand(
  token: TokenDocument.Implementation,
  combat: TempoCombat,
  state: EncounterState,
  who: string,
  destination: Box,
  level: string | null,
): boolean | void {
  const to = state.grid.type === "none" ? null : cellAt(token, destination);
  // On a scene with levels (v14) the engine learns the level with the cell (it may be another one).
  const command: Command =
    level !== null ? { type: "place", who, at: to, level } : { type: "place", who, at: to };
  const refusal = check(state, command);
  if (refusal) {
    showRefusal(refusal);
    return false;
  }
  void submit(combat, command);
}
