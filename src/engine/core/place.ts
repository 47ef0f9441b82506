/**
 * The GM's hand: put a combatant at a cell, or take it off the grid, without moving it. Nothing is
 * walked, so nothing is paid and nothing provoked; the change is a command like any other, so it
 * is logged and replays.
 *
 * A combatant whose own move or action is held (it is the actor of a pending trigger: reactions or
 * a readied action it drew are not yet done) cannot be placed until they are: the held move's remaining path
 * starts at the held cell, and an attack's offers were made from where it stood, so moving it
 * under them would leave the engine resuming from a place it no longer is. Every ruleset keeps
 * its held triggers in `state.pending`, so this one check covers all five.
 */
import type { CommandOf } from "../commands";
import { gridOf, type Context } from "../context";
import { frozen } from "../json";
import { refuse } from "../refusal";
import type { Cell, CombatantState } from "../state";
import { combatant } from "./combatants";

function isCell(at: Cell): boolean {
  return Array.isArray(at) && at.length === 2 && at.every((n) => Number.isSafeInteger(n));
}

export function place(ctx: Context, cmd: CommandOf<"place">): void {
  const c = combatant(ctx.state, cmd.who);
  if (cmd.at !== null) {
    if (!isCell(cmd.at)) refuse("BadCell", { at: JSON.stringify(cmd.at) });
    if (gridOf(ctx.state).type === "none") refuse("NoGrid");
  }
  if (ctx.state.pending.some((p) => p.actor === cmd.who)) refuse("PlaceWhileHeld", { who: c.name });
  const from = c.at;
  standAt(ctx, c, cmd.at);
  if (cmd.level !== undefined) c.level = cmd.level;
  ctx.emit({
    type: "combatantPlaced",
    who: c.id,
    from: from ? [from[0], from[1]] : null,
    to: c.at ? [c.at[0], c.at[1]] : null,
  });
}

/**
 * Put `c` (taken from the command's draft) on `cell`, or off the grid, and note that it moved
 * (ctx.moved). The cell is a new one of its own, frozen (json.ts frozen): no cell is ever changed
 * in place, only replaced.
 */
export function standAt(ctx: Context, c: CombatantState, cell: Cell | null): void {
  c.at = cell === null ? null : frozen<Cell>([cell[0] + 0, cell[1] + 0]);
  ctx.moved(c.id);
}
