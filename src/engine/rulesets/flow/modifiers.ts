/**
 * What changes a roll: gang-up and range (a bonus or penalty on the skill), Feint's Advantage, the
 * grappler's Disadvantage, Total Defense's Advantage on reactions. Shared by actions, reactions and
 * (with the option reactionAttackEdges: included) Reaction Attacks.
 */
import { gridOf, peeker, settled } from "../../context";
import { hasCondition } from "../../core/conditions";
import { distance, type SpatialIndex } from "../../grid";
import type { CombatantState, EncounterState } from "../../state";
import { GANG_UP_BONUS, RANGE_PENALTY } from "./catalog";
import { flowExt, readExt } from "./data";
import { inReach, sceneIndex } from "./geometry";

/** "Attacker: ... can make reasonable actions (GM discretion) at Disadvantage". */
export function grapplerDisadvantage(c: CombatantState): boolean {
  return readExt(c).grappling !== undefined;
}

/** Feint: "your next physical attack against that target gains Advantage"; used up by that attack. */
export function useFeint(c: CombatantState, target: string): boolean {
  const feints = readExt(c).feints ?? [];
  if (!feints.includes(target)) return false;
  const rest = feints.filter((id) => id !== target);
  if (rest.length > 0) flowExt(c).feints = rest;
  else delete flowExt(c).feints;
  return true;
}

/** Melee bonus and range penalty on a rolled attack. */
export function attackModifier(
  state: EncounterState,
  a: CombatantState,
  t: CombatantState,
  melee: boolean,
  known?: SpatialIndex,
): number {
  if (melee) {
    // Gang-up: "When 2 or more allies are threatening the same enemy ... +10 Melee bonus".
    const index = known ?? sceneIndex(state);
    const read = peeker(state);
    const ganging = settled(state.roster).some((id) => {
      const ally = read(id);
      return (
        ally !== undefined &&
        ally.id !== a.id &&
        ally.side === a.side &&
        !ally.defeated &&
        inReach(state, ally, t, index)
      );
    });
    return ganging ? GANG_UP_BONUS : 0;
  }
  // "a Shortbow (Range 6) gets a -10 for 7-12 hexes, -20 for 13-18 hexes, etc."
  const range = a.stats.weaponRange;
  if (range === undefined || range <= 0 || !a.at || !t.at || gridOf(state).type === "none") return 0;
  const d = distance(gridOf(state), a.at, t.at);
  return d > range ? -RANGE_PENALTY * Math.ceil((d - range) / range) : 0;
}

/** "Advantage on all Reactions until the beginning of your next turn" (Total Defense). */
export function reactionEdge(c: CombatantState): "advantage" | null {
  return hasCondition(c, "totalDefense") ? "advantage" : null;
}
