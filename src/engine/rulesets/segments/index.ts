import { coreHandlers } from "../../apply";
import type { Ruleset } from "../../ruleset";
import { ACTIONS, REACTIONS } from "./actions";
import {
  act,
  applyCondition,
  declare,
  delay,
  endTurn,
  move,
  next,
  previewMove,
  react,
  setDefeated,
  start,
} from "./combat";
import { changeCombatant } from "../../core/combatants";
import { changeGroup, placeNewcomer } from "./round";
import { freshCombatantExt } from "./state";

/**
 * segments (rules/segments.txt): a one-minute round of 10 segments; declared actions; d6 group
 * initiative HIGH/LOW; fixed stages (fast actions, multi-attack, HIGH, LOW, remaining multi-attacks,
 * spells by casting time, end of round). See docs/rulesets/segments.md.
 */
export const segments: Ruleset = {
  id: "segments",
  pools: [],
  actions: ACTIONS,
  reactions: REACTIONS,
  moveModes: ["normal"],
  options: {
    // "Adjustments may be made for individuals with a Dexterity Reaction Adjustment in the right circumstances."
    dexterityReaction: { choices: ["groups", "off"], default: "groups" },
    // Fast actions "in the order as presented in the Combat Round Flowchart": by type, then by group
    // initiative (flowchart), or by group initiative, then by type (group).
    fastOrder: { choices: ["flowchart", "group"], default: "flowchart" },
    // A casting carried into a later round: no group turn for its caster (noTurn), or a D1 turn (groupTurn).
    carriedCasting: { choices: ["noTurn", "groupTurn"], default: "noTurn" },
  },
  stats: ["dexterity", "weaponSpeed", "attacks", "aac0", "ac", "attackBonus"],
  skills: [],
  conditions: ["surprised", "delayed", "failedSave", "impeded"],
  setupCombatant(combatant) {
    Object.assign(combatant.ext, freshCombatantExt());
  },
  previewMove: (state, who, path, mode) => previewMove(segments, state, who, path, mode),
  handlers: {
    start,
    next,
    endTurn,
    declare,
    act,
    delay,
    move,
    react,
    apply: applyCondition,
    setDefeated,
    addCombatant(ctx, cmd) {
      coreHandlers.addCombatant?.(ctx, cmd);
      if (ctx.state.status === "active") placeNewcomer(ctx, cmd.combatant.id);
    },
    setCombatant(ctx, cmd) {
      const changes = changeCombatant(ctx, cmd);
      if (ctx.state.status === "active" && changes.side !== undefined) changeGroup(ctx, cmd.who);
    },
  },
};
