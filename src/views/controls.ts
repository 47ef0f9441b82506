/**
 * What each tracker and sheet control sends. Pure: a control's action name and the data
 * attributes the template put on it in, the engine command out (null when the control sends none
 * or its data is not what the view drew). The Foundry tracker and sheet handlers and the
 * playground call these, so the command a button sends is the one the view-model tests check.
 */
import type { Command } from "../engine";

/** A control's data attributes as the template writes them (dataset values are strings). */
export interface ControlData {
  who?: string | undefined;
  value?: string | undefined;
  pool?: string | undefined;
  delta?: string | undefined;
  actionId?: string | undefined;
  verb?: string | undefined;
  target?: string | undefined;
  reaction?: string | undefined;
  against?: string | undefined;
}

/** The command of a tracker control (templates/tracker/*.hbs), or null. */
export function trackerCommand(action: string, data: ControlData): Command | null {
  const who = data.who ?? "";
  switch (action) {
    case "tempoNext":
      return { type: "next" };
    case "tempoEndTurn":
      return who ? { type: "endTurn", who } : null;
    case "tempoChoose":
      return who && (data.value === "take" || data.value === "cede")
        ? { type: "choose", who, initiative: data.value }
        : null;
    case "tempoAdjustPool": {
      const delta = Number(data.delta);
      return who && data.pool && (delta === 1 || delta === -1)
        ? { type: "adjustPool", who, pool: data.pool, delta }
        : null;
    }
    // tempoSetup opens the GM's dialog (its commands: src/views/setup.ts); tempoHowto opens a page.
    default:
      return null;
  }
}

/**
 * The command of a sheet control (templates/sheets/actor.hbs and its partials) for the actor's
 * combatant `who` in a running fight, or null. An action names the target its check passed with
 * (data-target: the user's target when there is one, else the first the action may take), so the
 * command is the one the view found allowed. `cost` is what the player typed where the ruleset
 * lets the actor choose it (rating), at least 1.
 */
export function sheetCommand(
  action: string,
  who: string,
  data: ControlData,
  cost: number | null = null,
): Command | null {
  switch (action) {
    case "spendPool":
    case "restorePool":
      return data.pool
        ? { type: "adjustPool", who, pool: data.pool, delta: action === "spendPool" ? -1 : 1 }
        : null;
    case "takeAction": {
      const id = data.actionId;
      if (!id) return null;
      if (data.verb === "declare") return { type: "declare", who, action: id };
      const command: Command = { type: "act", who, action: id };
      if (data.target) command.target = data.target;
      if (cost !== null) command.cost = Math.max(1, Math.trunc(cost) || 1);
      return command;
    }
    case "react":
      return data.reaction
        ? { type: "react", who, with: data.reaction, ...(data.against ? { against: data.against } : {}) }
        : null;
    // editItem and editImage open Foundry's own sheets and file picker: no command.
    default:
      return null;
  }
}
