import { SetupError, isRulesetId } from "./encounter";
import type { Ruleset } from "./ruleset";
import { RULESETS } from "./rulesets";

/** The ruleset with this id, or a setup error naming it. */
export function getRuleset(id: string): Ruleset {
  const found = isRulesetId(id) ? RULESETS[id] : undefined;
  if (!found) throw new SetupError("TEMPO.Setup.UnknownRuleset", { ruleset: id });
  return found;
}
