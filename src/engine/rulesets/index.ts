import type { Ruleset } from "../ruleset";
import type { RulesetId } from "../state";
import { flow } from "./flow";
import { marching } from "./marching";
import { rating } from "./rating";
import { segments } from "./segments";
import { phases } from "./phases";

/**
 * Every ruleset, by id. A ruleset is one folder whose index.ts exports one object; adding a sixth
 * means one folder and one line here, and no change to the other five.
 */
export const RULESETS: Partial<Record<RulesetId, Ruleset>> = {
  phases,
  segments,
  flow,
  rating,
  marching,
};
