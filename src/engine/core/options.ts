import type { Context } from "../context";
import { refuse } from "../refusal";

/**
 * The GM changes a ruleset option during the encounter (marching: "the GM may switch to frantic
 * combat"). Only options the ruleset declares, and only their declared values, are accepted; as a
 * command, the change is in the log and replays with it.
 */
export function changeOption(ctx: Context, option: string, value: string): void {
  const def = Object.hasOwn(ctx.ruleset.options, option) ? ctx.ruleset.options[option] : undefined;
  if (!def) refuse("UnknownOption", { option, ruleset: ctx.ruleset.id });
  if (!def.choices.includes(value))
    refuse("BadOptionValue", { option, value, choices: def.choices.join(", ") });
  if (ctx.state.options[option] === value) return;
  ctx.state.options[option] = value;
  ctx.emit({ type: "optionChanged", option, value });
}
