import { coreHandlers } from "../../apply";
import type { Ruleset } from "../../ruleset";
import { act, ACTIONS, move, previewMove, react, REACTIONS } from "./actions";
import {
  advance,
  choose,
  declare,
  delay,
  endOwnTurn,
  placeNewcomer,
  setCombatant,
  setDefeated,
  start,
} from "./round";
import { switchFrantic } from "./frantic";
import { seize } from "./seize";
import { setupCombatant } from "./setup";

/**
 * marching (rules/marching.txt): marching order; the lead takes or cedes initiative (an unseen side
 * cedes); turns in marching order, nearest-first and in a clockwise spiral from the point of
 * contact; one primary, one move and one reaction a turn; conditions tick at the end of their
 * owner's turn; delay, seizing initiative, acting together, surprise modifiers and the
 * frantic-combat clock. See docs/rulesets/marching.md.
 */
export const marching: Ruleset = {
  id: "marching",
  pools: [],
  actions: ACTIONS,
  reactions: REACTIONS,
  moveModes: ["normal"],
  options: {
    frantic: { choices: ["off", "on"], default: "off" },
    // "each may make an AGL check": the contested combatant is asked (and may decline), or rolls at once.
    seizeOpponent: { choices: ["asks", "rolls"], default: "asks" },
    // "On your turn, you may use your primary action, move action, and reaction": a used reaction
    // comes back when the round starts, or at the start of its owner's next turn.
    reactionBack: { choices: ["round", "turn"], default: "round" },
    // "If a party member delays too long": anyone may delay, or only the party.
    delayers: { choices: ["anyone", "party"], default: "anyone" },
  },
  stats: ["agility"],
  skills: [],
  conditions: ["surprised", "delayed"],
  setupCombatant,
  previewMove: (state, who, path, mode) => previewMove(marching, state, who, path, mode),
  handlers: {
    start,
    choose,
    next: advance,
    endTurn: (ctx, cmd) => endOwnTurn(ctx, cmd.who),
    act,
    move,
    react,
    delay,
    seize,
    declare,
    setCombatant,
    setDefeated,
    setOption: (ctx, cmd) => switchFrantic(ctx, cmd.option, cmd.value),
    addCombatant(ctx, cmd) {
      coreHandlers.addCombatant?.(ctx, cmd);
      if (ctx.state.status === "active") placeNewcomer(ctx, cmd.combatant.id);
    },
  },
};
