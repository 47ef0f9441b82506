/**
 * Tempo's movement actions and their cost function: the AP limit on every action's cost, a
 * safety net for keyboard and API moves that skip the ruler.
 */
import { getRuleset, type EncounterState, type MoveMode } from "../../../engine";
import { cellOfOffset } from "../../store/setup";
import { costMultiplierOf, stepCost } from "../../rules/paths";
import { fightingIn } from "../scene";
import { exemptFromCost } from "./memory";

/** Tempo's movement actions and the engine move mode each one is. */
export const MOVE_ACTIONS = {
  tempoStep: {
    mode: "step",
    label: "TEMPO.Movement.Action.step",
    icon: "fa-solid fa-shoe-prints",
    order: 20,
  },
  tempoTumble: {
    mode: "tumble",
    label: "TEMPO.Movement.Action.tumble",
    icon: "fa-solid fa-person-falling",
    order: 21,
  },
  tempoWithdraw: {
    mode: "withdraw",
    label: "TEMPO.Movement.Action.withdraw",
    icon: "fa-solid fa-person-walking-arrow-loop-left",
    order: 22,
  },
} as const satisfies Record<string, { mode: MoveMode; label: string; icon: string; order: number }>;

type TempoAction = keyof typeof MOVE_ACTIONS;

function isTempoAction(action: string): action is TempoAction {
  return action in MOVE_ACTIONS;
}

/** The engine move mode of a Foundry movement action (Foundry's own actions are normal moves). */
export function modeOfAction(action: string | null | undefined): MoveMode {
  return action && isTempoAction(action) ? MOVE_ACTIONS[action].mode : "normal";
}

// ---------------------------------------------------------------------------------------------
// The cost function: a safety net for keyboard and API moves that skip the ruler
// ---------------------------------------------------------------------------------------------

/**
 * Wrap a movement action's cost function: in a running combat, a step beyond what the AP allow
 * costs Infinity, which stops the path there. Tempo's own moves (following the engine, a held move
 * carried through its checkpoints) cost what Foundry says: memory.ts exemptFromCost.
 */
export function withApLimit(
  action: string,
  def: {
    getCostFunction?: CONFIG.Token.MovementActionConfig["getCostFunction"] | null;
    costMultiplier?: unknown;
  },
): CONFIG.Token.MovementActionConfig["getCostFunction"] {
  const mode = modeOfAction(action);
  const base = def.getCostFunction ?? null;
  // v14: an action without a cost function of its own prices steps by its costMultiplier, which
  // core applies only while getCostFunction is unset; Tempo's wrapper sets it, so it applies it.
  const multiplier = costMultiplierOf(def);
  return (token, options) => {
    const inner = base?.(token, options);
    const found = token.id && !exemptFromCost(token.id) ? fightingIn(token) : null;
    const grid = token.parent?.grid;
    // Foundry's cost function: (baseCost, from, to, distance, segment) => cost.
    return (baseCost, from, to, distance, segment) => {
      const cost = inner
        ? inner(baseCost, from, to, distance, segment)
        : multiplier !== null
          ? baseCost * multiplier
          : baseCost;
      if (!found?.combatant.id || !grid) return cost;
      const cell = cellOfOffset(grid.type, { i: to.i, j: to.j });
      if (!cell) return cost;
      return stepCost(found.state, found.combatant.id, cell, mode, cost);
    };
  };
}

/** Add Tempo's movement actions and the AP limit to every movement action. */
export function registerMovementActions(): void {
  const actions = CONFIG.Token.movement.actions;
  const walk = actions["walk"];
  for (const [id, def] of Object.entries(MOVE_ACTIONS)) {
    if (!walk) break;
    actions[id] = {
      ...walk,
      label: def.label,
      icon: def.icon,
      order: def.order,
      // Offered only where the running combat's ruleset has this way of moving.
      canSelect: (token) => {
        if (!(token instanceof TokenDocument)) return false;
        const found = fightingIn(token);
        return found !== null && getModes(found.state).includes(def.mode);
      },
    };
  }
  for (const [id, def] of Object.entries(actions)) def.getCostFunction = withApLimit(id, def);
}

function getModes(state: EncounterState): readonly MoveMode[] {
  return getRuleset(state.ruleset).moveModes;
}
