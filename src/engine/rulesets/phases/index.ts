import type { Ruleset } from "../../ruleset";
import { ACTIONS, REACTIONS } from "./actions";
import {
  abort,
  act,
  addCombatant,
  delay,
  endTurn,
  move,
  next,
  previewMove,
  react,
  ready,
  removeCombatant,
  setDefeated,
  start,
} from "./combat";
import { freshCombatantExt } from "./state";

/**
 * phases (rules/phases.txt): Initiative = Combat Value (+ Lightning Reflexes), fixed for the combat;
 * a 12-second Turn of 4 Phases in which everybody acts in the same order, then a Post-Turn
 * Recovery; a Surprise Phase; attacks of opportunity; delay, ready and abort. See docs/rulesets/phases.md.
 */
export const phases: Ruleset = {
  id: "phases",
  pools: [],
  actions: ACTIONS,
  reactions: REACTIONS,
  moveModes: ["normal", "step", "withdraw"],
  options: {
    // Combat Reflexes: "more than one attack of opportunity in each Phase": one more per level, or no limit.
    combatReflexes: { choices: ["perLevel", "unlimited"], default: "perLevel" },
    // "you cannot make an attack of opportunity if you have used the dodge manoeuvre": for the rest
    // of that Phase, or until the dodger's next turn.
    dodge: { choices: ["phase", "untilNextTurn"], default: "phase" },
  },
  stats: ["combatValue", "lightningReflexes", "movement", "ocv", "dcv"],
  skills: ["combatReflexes"],
  conditions: [
    "surprised",
    "delayed",
    "readied",
    "aborted",
    "limited",
    "hampered",
    "prone",
    "unconscious",
    "paralysed",
  ],
  setupCombatant(combatant) {
    Object.assign(combatant.ext, freshCombatantExt());
  },
  previewMove: (state, who, path, mode) => previewMove(phases, state, who, path, mode),
  handlers: {
    start,
    next,
    endTurn,
    act,
    move,
    react,
    delay,
    ready,
    abort,
    addCombatant,
    removeCombatant,
    setDefeated,
  },
};
