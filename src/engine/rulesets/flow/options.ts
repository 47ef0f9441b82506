/**
 * flow's ruleset options: where the text leaves two defensible readings, the default is Tempo's
 * decision and the other is a choice per world (docs/rulesets/flow.md, "Decisions").
 */
import { held } from "../../context";
import type { OptionDef } from "../../ruleset";
import type { EncounterState } from "../../state";

export const FLOW_OPTIONS = {
  /** "a single unmodified attack" (default) vs "Reaction Attacks are included" in gang-up, Feint, a grappler's Disadvantage. */
  reactionAttackEdges: { choices: ["unmodified", "included"], default: "unmodified" },
  /** Whether Total Defense's "Advantage on all Reactions" reaches a Reaction Attack (default) or not. */
  totalDefenseReactionAttack: { choices: ["included", "unmodified"], default: "included" },
  /** Whether a Reaction Attack that hits is also "a successful reaction" (1 FP once per round). */
  reactionAttackFp: { choices: ["both", "hitOnly"], default: "both" },
  /** Whether a lost Intercept still closes the ally's own reactions ("No other reactions may be used"). */
  interceptLost: { choices: ["closes", "allyReacts"], default: "allyReacts" },
  /** Whether `ready` keeps the turn's AP until the action fires, or forfeits all but its cost. */
  readyAp: { choices: ["keep", "forfeit"], default: "forfeit" },
  /** "Ties are resolved as normal": higher Agility then a roll-off (default), or a roll-off at once. */
  initiativeTies: { choices: ["agility", "rollOff"], default: "agility" },
} as const satisfies Record<string, OptionDef>;

export type FlowOption = keyof typeof FLOW_OPTIONS;

/** The value of one of flow's options in this encounter (its default when the state has none). */
export function flowOption<K extends FlowOption>(
  state: EncounterState,
  option: K,
): (typeof FLOW_OPTIONS)[K]["choices"][number] {
  const def = FLOW_OPTIONS[option];
  const options = held(state, "options");
  // A state made before Total Defense had its own option (round four): it followed
  // reactionAttackEdges, and a running combat keeps playing as it started.
  const value =
    option === "totalDefenseReactionAttack" && options[option] === undefined
      ? options["reactionAttackEdges"]
      : options[option];
  return (def.choices as readonly string[]).includes(value as string)
    ? (value as (typeof FLOW_OPTIONS)[K]["choices"][number])
    : def.default;
}
