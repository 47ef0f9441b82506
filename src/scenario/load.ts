import { parse } from "yaml";
import type { Command, MoveMode, Outcome } from "../engine/commands";
import { OUTCOMES } from "../engine/commands";
import type { EncounterSetup } from "../engine/encounter";
import { isRulesetId } from "../engine/encounter";
import { getRuleset } from "../engine/registry";
import type { Ruleset } from "../engine/ruleset";
import type { Cell, CombatantSetup, GridDescription, Size } from "../engine/state";
import { combatantSetupFault } from "../engine/schema";
import { SIZES } from "../engine/state";

/** A problem with the scenario file itself (not with the engine): it fails the scenario. */
export class ScenarioError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ScenarioError";
  }
}

export interface Step {
  index: number;
  verb: string;
  command: Command;
  expect: Record<string, unknown> | null;
  /** false: must be accepted; true: must be refused; a name: must be refused with TEMPO.Refusal.<name>. */
  rejects: boolean | string;
}

export interface Scenario {
  name: string;
  setup: EncounterSetup;
  dice: number[];
  steps: Step[];
  ruleset: Ruleset;
}

type Obj = Record<string, unknown>;

const TOP_KEYS = ["name", "rules", "options", "grid", "dice", "combatants", "steps"];
const COMBATANT_KEYS = [
  "id",
  "name",
  "side",
  "pc",
  "at",
  "size",
  "reach",
  "stats",
  "surprised",
  "marching",
  "unseen",
  "skills",
  "tags",
  "level",
];
export const EXPECT_KEYS = [
  "round",
  "phase",
  "segment",
  "stage",
  "current",
  "order",
  "initiative",
  "groups",
  "pools",
  "offers",
  "conditions",
  "positions",
  "can",
  "cannot",
];
const VERB_KEYS: Record<string, readonly string[] | "who" | "empty"> = {
  start: "empty",
  next: "empty",
  endTurn: "who",
  move: ["who", "path", "mode"],
  act: ["who", "action", "target", "outcome", "time", "cost", "effect"],
  react: ["who", "with", "against", "outcome", "effect"],
  declare: ["who", "action", "time"],
  choose: ["who", "initiative"],
  delay: ["who", "until"],
  ready: ["who", "action", "trigger"],
  abort: ["who", "to"],
  seize: ["who"],
  apply: ["who", "condition", "rounds"],
  place: ["who", "at"],
  join: ["combatant"],
};
const MOVE_MODES: readonly MoveMode[] = ["normal", "step", "tumble", "withdraw"];

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function onlyKeys(where: string, value: Obj, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) throw new ScenarioError(`${where}: unknown key "${key}"`);
  }
}

function str(where: string, v: unknown): string {
  if (typeof v !== "string" || v === "")
    throw new ScenarioError(`${where}: expected a name, got ${JSON.stringify(v)}`);
  return v;
}

function int(where: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isInteger(v))
    throw new ScenarioError(`${where}: expected a whole number, got ${JSON.stringify(v)}`);
  return v;
}

export function cell(where: string, v: unknown): Cell {
  if (!Array.isArray(v) || v.length !== 2)
    throw new ScenarioError(`${where}: expected a cell [a, b], got ${JSON.stringify(v)}`);
  return [int(where, v[0]), int(where, v[1])];
}

function numberMap(where: string, v: unknown, allowed: readonly string[]): Record<string, number> {
  if (!isObj(v)) throw new ScenarioError(`${where}: expected a map`);
  const out: Record<string, number> = {};
  for (const [k, n] of Object.entries(v)) {
    if (!allowed.includes(k)) throw new ScenarioError(`${where}: unknown key "${k}"`);
    out[k] = int(`${where}.${k}`, n);
  }
  return out;
}

function grid(v: unknown): GridDescription {
  if (v === undefined || v === "none") return { type: "none" };
  if (v === "hex" || v === "square") return { type: v };
  throw new ScenarioError(`grid: unknown grid "${String(v)}"`);
}

function combatantSetup(v: unknown, ruleset: Ruleset, gridType: string, where: string): CombatantSetup {
  if (!isObj(v)) throw new ScenarioError(`${where}: expected a map`);
  onlyKeys(where, v, COMBATANT_KEYS);
  const setup: CombatantSetup = { id: str(`${where}.id`, v.id), side: str(`${where}.side`, v.side) };
  if (v.name !== undefined) setup.name = str(`${where}.name`, v.name);
  if (v.pc !== undefined) setup.pc = v.pc === true;
  if (v.at !== undefined) {
    if (gridType === "none") throw new ScenarioError(`${where}.at: a cell on a grid of type none`);
    setup.at = cell(`${where}.at`, v.at);
  }
  if (v.size !== undefined) {
    if (!SIZES.includes(v.size as Size))
      throw new ScenarioError(`${where}.size: unknown size "${String(v.size)}"`);
    setup.size = v.size as Size;
  }
  if (v.reach !== undefined) setup.reach = int(`${where}.reach`, v.reach);
  if (v.stats !== undefined) setup.stats = numberMap(`${where}.stats`, v.stats, ruleset.stats);
  if (v.skills !== undefined) setup.skills = numberMap(`${where}.skills`, v.skills, ruleset.skills);
  if (v.tags !== undefined) {
    if (!Array.isArray(v.tags)) throw new ScenarioError(`${where}.tags: expected a list`);
    setup.tags = v.tags.map((t, j) => str(`${where}.tags[${j}]`, t));
  }
  if (v.surprised !== undefined) setup.surprised = v.surprised === true;
  if (v.unseen !== undefined) setup.unseen = v.unseen === true;
  if (v.marching !== undefined) setup.marching = int(`${where}.marching`, v.marching);
  // A scene level (Foundry v14): combatants on different levels neither threaten nor block.
  if (v.level !== undefined) setup.level = str(`${where}.level`, v.level);
  // The engine's own check, with the data model's bounds: a stat out of range, a reserved id.
  const fault = combatantSetupFault(setup);
  if (fault !== null)
    throw new ScenarioError(`${where}.${fault}: malformed or outside the data model's bounds`);
  return setup;
}

function outcome(where: string, v: unknown): Outcome {
  if (!OUTCOMES.includes(v as Outcome)) throw new ScenarioError(`${where}: unknown outcome "${String(v)}"`);
  return v as Outcome;
}

function who(where: string, v: unknown, ids: Set<string>): string {
  const id = str(where, v);
  if (!ids.has(id)) throw new ScenarioError(`${where}: unknown combatant "${id}"`);
  return id;
}

/**
 * `join: { combatant }`: the GM adds a combatant mid-fight (the engine's addCombatant); the
 * ruleset places it in the order. Its id is known to the steps after it.
 */
function join(w: string, v: Obj, ruleset: Ruleset, gridType: string, ids: Set<string>): Command {
  const setup = combatantSetup(v.combatant, ruleset, gridType, `${w}.combatant`);
  if (ids.has(setup.id)) throw new ScenarioError(`${w}.combatant.id: "${setup.id}" is already in the fight`);
  ids.add(setup.id);
  return { type: "addCombatant", combatant: setup };
}

/** Turn one step's verb into an engine command, naming anything not understood. */
function command(
  where: string,
  verb: string,
  v: unknown,
  ruleset: Ruleset,
  ids: Set<string>,
  gridType: string,
): Command {
  const shape = VERB_KEYS[verb];
  if (shape === undefined) throw new ScenarioError(`${where}: unknown verb "${verb}"`);
  if (shape === "who") return { type: "endTurn", who: who(`${where}.${verb}`, v, ids) };
  if (!isObj(v)) throw new ScenarioError(`${where}.${verb}: expected a map`);
  if (shape === "empty") {
    onlyKeys(`${where}.${verb}`, v, []);
    return verb === "start" ? { type: "start" } : { type: "next" };
  }
  onlyKeys(`${where}.${verb}`, v, shape);
  const w = `${where}.${verb}`;
  if (verb === "join") return join(w, v, ruleset, gridType, ids);
  const actor = who(`${w}.who`, v.who, ids);
  switch (verb) {
    case "move": {
      if (!Array.isArray(v.path) || v.path.length === 0)
        throw new ScenarioError(`${w}.path: expected a list of cells`);
      const mode = (v.mode ?? "normal") as MoveMode;
      if (!MOVE_MODES.includes(mode)) throw new ScenarioError(`${w}.mode: unknown mode "${String(v.mode)}"`);
      if (!ruleset.moveModes.includes(mode))
        throw new ScenarioError(`${w}.mode: "${mode}" is not a ${ruleset.id} move mode`);
      return { type: "move", who: actor, path: v.path.map((c, i) => cell(`${w}.path[${i}]`, c)), mode };
    }
    case "act": {
      const action = str(`${w}.action`, v.action);
      if (!Object.hasOwn(ruleset.actions, action))
        throw new ScenarioError(`${w}.action: unknown ${ruleset.id} action "${action}"`);
      const cmd: Command = { type: "act", who: actor, action };
      if (v.target !== undefined) cmd.target = who(`${w}.target`, v.target, ids);
      if (v.outcome !== undefined) cmd.outcome = outcome(`${w}.outcome`, v.outcome);
      if (v.time !== undefined) cmd.time = int(`${w}.time`, v.time);
      if (v.cost !== undefined) cmd.cost = int(`${w}.cost`, v.cost);
      if (v.effect !== undefined) cmd.effect = str(`${w}.effect`, v.effect);
      return cmd;
    }
    case "react": {
      const reaction = str(`${w}.with`, v.with);
      if (reaction !== "decline" && !Object.hasOwn(ruleset.reactions, reaction))
        throw new ScenarioError(`${w}.with: unknown ${ruleset.id} reaction "${reaction}"`);
      const cmd: Command = { type: "react", who: actor, with: reaction };
      if (v.against !== undefined) cmd.against = who(`${w}.against`, v.against, ids);
      if (v.outcome !== undefined) cmd.outcome = outcome(`${w}.outcome`, v.outcome);
      // The reactor's choice where the text gives one (flow Intercept: takePlace).
      if (v.effect !== undefined) cmd.effect = str(`${w}.effect`, v.effect);
      return cmd;
    }
    case "declare": {
      const action = str(`${w}.action`, v.action);
      if (!Object.hasOwn(ruleset.actions, action))
        throw new ScenarioError(`${w}.action: unknown ${ruleset.id} action "${action}"`);
      const cmd: Command = { type: "declare", who: actor, action };
      if (v.time !== undefined) cmd.time = int(`${w}.time`, v.time);
      return cmd;
    }
    case "choose": {
      if (v.initiative !== "take" && v.initiative !== "cede")
        throw new ScenarioError(`${w}.initiative: expected take or cede, got "${String(v.initiative)}"`);
      return { type: "choose", who: actor, initiative: v.initiative };
    }
    case "delay": {
      const cmd: Command = { type: "delay", who: actor };
      if (v.until !== undefined) cmd.until = who(`${w}.until`, v.until, ids);
      return cmd;
    }
    case "ready": {
      const action = str(`${w}.action`, v.action);
      if (!Object.hasOwn(ruleset.actions, action))
        throw new ScenarioError(`${w}.action: unknown ${ruleset.id} action "${action}"`);
      if (!isObj(v.trigger)) throw new ScenarioError(`${w}.trigger: expected { who, verb }`);
      onlyKeys(`${w}.trigger`, v.trigger, ["who", "verb"]);
      return {
        type: "ready",
        who: actor,
        action,
        trigger: {
          who: who(`${w}.trigger.who`, v.trigger.who, ids),
          verb: str(`${w}.trigger.verb`, v.trigger.verb),
        },
      };
    }
    case "abort": {
      const to = str(`${w}.to`, v.to);
      if (!Object.hasOwn(ruleset.actions, to))
        throw new ScenarioError(`${w}.to: unknown ${ruleset.id} action "${to}"`);
      return { type: "abort", who: actor, to };
    }
    case "seize":
      return { type: "seize", who: actor };
    case "apply": {
      const rounds = v.rounds === undefined || v.rounds === null ? null : int(`${w}.rounds`, v.rounds);
      return { type: "apply", who: actor, condition: str(`${w}.condition`, v.condition), rounds };
    }
    case "place":
      // The GM's hand: `at: null` takes the combatant off the grid.
      return { type: "place", who: actor, at: v.at === null ? null : cell(`${w}.at`, v.at) };
    default:
      throw new ScenarioError(`${where}: unknown verb "${verb}"`);
  }
}

/** Parse and check a scenario file's text. Throws ScenarioError naming what is not understood. */
export function loadScenario(text: string): Scenario {
  const doc: unknown = parse(text);
  if (!isObj(doc)) throw new ScenarioError("the file is not a YAML map");
  onlyKeys("top level", doc, TOP_KEYS);
  const name = str("name", doc.name);
  const rules = str("rules", doc.rules);
  if (!isRulesetId(rules)) throw new ScenarioError(`rules: unknown ruleset "${rules}"`);
  let ruleset: Ruleset;
  try {
    ruleset = getRuleset(rules);
  } catch {
    throw new ScenarioError(`rules: unknown ruleset "${rules}"`);
  }
  const options: Record<string, string> = {};
  if (doc.options !== undefined) {
    if (!isObj(doc.options)) throw new ScenarioError("options: expected a map");
    for (const [k, v] of Object.entries(doc.options)) {
      const def = Object.hasOwn(ruleset.options, k) ? ruleset.options[k] : undefined;
      if (!def) throw new ScenarioError(`options: unknown ${rules} option "${k}"`);
      if (typeof v !== "string" || !def.choices.includes(v))
        throw new ScenarioError(
          `options.${k}: expected one of ${def.choices.join(", ")}, got ${JSON.stringify(v)}`,
        );
      options[k] = v;
    }
  }
  const g = grid(doc.grid);
  const dice = doc.dice === undefined || doc.dice === null ? [] : doc.dice;
  if (!Array.isArray(dice)) throw new ScenarioError("dice: expected a list of numbers");
  const diceValues = dice.map((d, i) => int(`dice[${i}]`, d));
  if (!Array.isArray(doc.combatants)) throw new ScenarioError("combatants: expected a list");
  const combatants = doc.combatants.map((c, i) => combatantSetup(c, ruleset, g.type, `combatants[${i}]`));
  const ids = new Set(combatants.map((c) => c.id));
  if (ids.size !== combatants.length) throw new ScenarioError("combatants: two combatants share an id");
  if (!Array.isArray(doc.steps)) throw new ScenarioError("steps: expected a list");
  const steps = doc.steps.map((raw, index): Step => {
    const where = `steps[${index}]`;
    if (!isObj(raw)) throw new ScenarioError(`${where}: expected a map`);
    const verbs = Object.keys(raw).filter((k) => k !== "expect" && k !== "rejects");
    if (verbs.length !== 1)
      throw new ScenarioError(`${where}: expected exactly one verb, got ${verbs.join(", ") || "none"}`);
    const verb = verbs[0] as string;
    let expect: Obj | null = null;
    if (raw.expect !== undefined) {
      if (!isObj(raw.expect)) throw new ScenarioError(`${where}.expect: expected a map`);
      onlyKeys(`${where}.expect`, raw.expect, EXPECT_KEYS);
      expect = raw.expect;
    }
    const rejects = raw.rejects ?? false;
    if (typeof rejects !== "boolean" && (typeof rejects !== "string" || !/^[A-Z][A-Za-z]*$/.test(rejects)))
      throw new ScenarioError(
        `${where}.rejects: expected true, false or a refusal name such as NotYourTurn, got ${JSON.stringify(rejects)}`,
      );
    return {
      index,
      verb,
      command: command(where, verb, raw[verb], ruleset, ids, g.type),
      expect,
      rejects,
    };
  });
  const setup: EncounterSetup = { ruleset: rules, options, grid: g, combatants };
  return { name, setup, dice: diceValues, steps, ruleset };
}
