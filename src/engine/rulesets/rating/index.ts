import type { Ruleset } from "../../ruleset";
import { act, ACTIONS } from "./actions";
import { react, REACTIONS } from "./reactions";
import { advance, endOwnTurn, start } from "./round";
import { setupCombatant } from "./setup";
import { addCombatant, reorderTie } from "./ties";

/**
 * rating (rules/rating.txt): 1d6 + Initiative Rating; ties by rating, then PCs before NPCs and the
 * higher Luck between two PCs (option luckBonus: other readings), then a
 * contested Luck roll or the GM; AP replenished each round (or each turn, optional rule); primary,
 * secondary, special, free actions and reactions paid in AP. See docs/rulesets/rating.md.
 */
export const rating: Ruleset = {
  id: "rating",
  pools: [{ id: "ap", refillsAt: (options) => (options.apRefresh === "turn" ? "turnStart" : "roundStart") }],
  actions: ACTIONS,
  reactions: REACTIONS,
  moveModes: [],
  options: {
    apRefresh: { choices: ["round", "turn"], default: "round" },
    ties: { choices: ["luck", "gm"], default: "luck" },
    // "then Luck bonus (meaning PCs beat NPCs)": PCs beat NPCs, then the higher Luck between two PCs
    // (default); PCs beat NPCs and nothing more; or the Luck stat first, then PCs.
    luckBonus: { choices: ["pcThenLuck", "pcFirst", "luckStat"], default: "pcThenLuck" },
    // "may only take Reactions" vs "Free Actions can be taken at any time": the surprised take no
    // free action, or they may.
    surprisedFree: { choices: ["forbidden", "allowed"], default: "forbidden" },
    // "Only one reaction attempt is permitted for each threat or event": one per character, or one
    // for the threat whoever makes it.
    reactionAttempts: { choices: ["perReactor", "perThreat"], default: "perReactor" },
  },
  stats: ["initiativeRating", "luck", "maxAp"],
  skills: [],
  conditions: ["surprised"],
  setupCombatant,
  handlers: {
    start,
    next: advance,
    endTurn: (ctx, cmd) => endOwnTurn(ctx, cmd.who),
    act,
    react,
    delay: reorderTie,
    addCombatant,
  },
};
