/**
 * Issue 12, "How it is shown": thousands of generated malformed commands thrown at `apply`, for
 * every command type, every ruleset, and states in setup, running, with offers open and ended.
 * Whatever the command, apply answers without an exception; a refusal returns the very state it
 * was given, unchanged; an accepted command leaves a state that passes the invariant check below;
 * Object.prototype is never touched; and no call takes long. The seed is the project's
 * (tests/support/fast-check.ts, FC_SEED), printed by fast-check on a failure.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apply } from "../../src/engine/apply";
import { RESERVED_NAMES } from "../../src/engine/bounds";
import { playerChoiceRefusal } from "../../src/engine/choices";
import type { CommandType } from "../../src/engine/commands";
import { ScriptedDice, SeededDice } from "../../src/engine/dice";
import { createEncounter, SetupError } from "../../src/engine/encounter";
import { getRuleset } from "../../src/engine/registry";
import type { Ruleset } from "../../src/engine/ruleset";
import {
  RULESET_IDS,
  type CombatantSetup,
  type EncounterState,
  type RulesetId,
} from "../../src/engine/state";
import { loadScenario } from "../../src/scenario/load";
import { runs } from "../support/fast-check";

// ---------------------------------------------------------------------------------------------
// The invariant every state the engine hands out must keep.

const STATUSES = new Set(["setup", "active", "ended"]);

function isWhole(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n);
}

/** Plain JSON only: own data properties, plain prototypes, finite numbers, no reserved keys. */
function jsonProblems(value: unknown, path: string, out: string[], depth = 0): void {
  if (depth > 64) {
    out.push(`${path}: nested deeper than any state needs`);
    return;
  }
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) out.push(`${path}: ${value} is not a finite number`);
    return;
  }
  if (typeof value !== "object") {
    out.push(`${path}: a ${typeof value} is not JSON`);
    return;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (Array.isArray(value)) {
    if (proto !== Array.prototype) out.push(`${path}: an array with a foreign prototype`);
    value.forEach((v: unknown, i) => jsonProblems(v, `${path}[${i}]`, out, depth + 1));
    return;
  }
  if (proto !== Object.prototype && proto !== null) out.push(`${path}: an object with a foreign prototype`);
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key !== "string") {
      out.push(`${path}: a symbol key`);
      continue;
    }
    if (RESERVED_NAMES.has(key)) out.push(`${path}: the reserved key "${key}"`);
    const descriptor = Object.getOwnPropertyDescriptor(value, key);
    if (!descriptor || !("value" in descriptor)) out.push(`${path}.${key}: not a data property`);
    else jsonProblems(descriptor.value, `${path}.${key}`, out, depth + 1);
  }
}

function isCell(at: unknown): boolean {
  return Array.isArray(at) && at.length === 2 && isWhole(at[0]) && isWhole(at[1]);
}

/** Everything wrong with a state, as messages; [] for a sound one. */
export function stateProblems(state: EncounterState): string[] {
  const out: string[] = [];
  jsonProblems(state, "state", out);
  if (out.length > 0) return out;
  if (!STATUSES.has(state.status)) out.push(`status ${String(state.status)}`);
  if (!isWhole(state.round) || state.round < 0) out.push(`round ${state.round}`);
  if (!isWhole(state.seq) || state.seq < 0) out.push(`seq ${state.seq}`);
  // The combatants are listed in roster order: combatants[i] is roster[i]'s (engine/record.ts).
  const ids = state.combatants.map((c) => c.id);
  const roster = new Set(state.roster);
  if (roster.size !== state.roster.length) out.push("roster repeats an id");
  if (ids.length !== state.roster.length || ids.some((id, i) => id !== state.roster[i]))
    out.push("roster and combatants differ");
  if (new Set(state.order).size !== state.order.length) out.push("order repeats an id");
  for (const id of state.order) if (!roster.has(id)) out.push(`order names ${id}, who is not in the roster`);
  if (state.current !== null && !roster.has(state.current))
    out.push(`current ${state.current} is not in the roster`);
  for (const o of state.offers) {
    if (!roster.has(o.who)) out.push(`offer ${o.id} to ${o.who}, who is not here`);
    if (o.cell !== null && !isCell(o.cell)) out.push(`offer ${o.id} held at a bad cell`);
  }
  if (new Set(state.offers.map((o) => o.id)).size !== state.offers.length) out.push("two offers share an id");
  if (new Set(state.pending.map((p) => p.id)).size !== state.pending.length)
    out.push("two triggers share an id");
  for (const c of state.combatants) {
    const id = c.id;
    if (typeof c.side !== "string" || c.side === "") out.push(`${id}: side`);
    if (c.at !== null && !isCell(c.at)) out.push(`${id}: cell ${JSON.stringify(c.at)}`);
    if (!isWhole(c.reach) || c.reach < 0) out.push(`${id}: reach ${c.reach}`);
    for (const [pool, v] of Object.entries(c.pools))
      if (!isWhole(v) || v < 0) out.push(`${id}: pool ${pool} = ${v}`);
    for (const [pool, v] of Object.entries(c.maxPools))
      if (!isWhole(v) || v < 0) out.push(`${id}: max ${pool} = ${v}`);
    for (const [stat, v] of Object.entries(c.stats)) if (!isWhole(v)) out.push(`${id}: stat ${stat} = ${v}`);
    for (const [skill, v] of Object.entries(c.skills))
      if (!isWhole(v)) out.push(`${id}: skill ${skill} = ${v}`);
    if (c.initiative !== null && typeof c.initiative !== "number")
      out.push(`${id}: initiative ${c.initiative}`);
    for (const k of c.conditions)
      if (typeof k.id !== "string" || (k.rounds !== null && !isWhole(k.rounds))) out.push(`${id}: condition`);
    if (typeof c.defeated !== "boolean") out.push(`${id}: defeated`);
    for (const [key, v] of Object.entries(c.usage)) if (!isWhole(v) || v < 0) out.push(`${id}: usage ${key}`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// States to attack: each ruleset in setup, running, with offers open, and ended. The running and
// offers-open states come from the project's own scenarios, played up to each step.

interface Sample {
  ruleset: Ruleset;
  state: EncounterState;
  kind: "setup" | "running" | "offers" | "ended";
}

const SCENARIOS = resolve(__dirname, "../scenarios");

function scenarioStates(id: RulesetId): EncounterState[] {
  const out: EncounterState[] = [];
  const dir = join(SCENARIOS, id);
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".yaml"))) {
    let scenario;
    try {
      scenario = loadScenario(readFileSync(join(dir, file), "utf8"));
    } catch {
      continue;
    }
    let state: EncounterState;
    try {
      state = createEncounter(scenario.setup, scenario.ruleset);
    } catch (error) {
      if (error instanceof SetupError) continue;
      throw error;
    }
    const dice = new ScriptedDice(scenario.dice);
    out.push(state);
    for (const step of scenario.steps) {
      let result;
      try {
        result = apply(state, step.command, dice, scenario.ruleset);
      } catch {
        break;
      }
      if (result.ok) {
        state = result.state;
        out.push(state);
      }
    }
  }
  return out;
}

function samples(): Sample[] {
  const out: Sample[] = [];
  for (const id of RULESET_IDS) {
    const ruleset = getRuleset(id);
    const states = scenarioStates(id);
    const pick = (kind: Sample["kind"], test: (s: EncounterState) => boolean, most: number) => {
      const found = states.filter(test);
      const step = Math.max(1, Math.floor(found.length / most));
      for (let k = 0; k < found.length && k / step < most; k += step)
        out.push({ ruleset, state: found[k] as EncounterState, kind });
    };
    pick("setup", (s) => s.status === "setup", 3);
    pick("running", (s) => s.status === "active" && s.offers.length === 0, 6);
    pick("offers", (s) => s.status === "active" && s.offers.length > 0, 6);
    const last = states.filter((s) => s.status === "active").at(-1);
    if (last) {
      const ended = apply(last, { type: "end" }, new SeededDice(1), ruleset);
      if (ended.ok) out.push({ ruleset, state: ended.state, kind: "ended" });
    }
  }
  return out;
}

const SAMPLES = samples();

// ---------------------------------------------------------------------------------------------
// Malformed commands.

const COMMAND_TYPES: readonly CommandType[] = [
  "start",
  "next",
  "endTurn",
  "move",
  "act",
  "react",
  "declare",
  "choose",
  "delay",
  "ready",
  "abort",
  "seize",
  "apply",
  "removeCondition",
  "adjustPool",
  "setDefeated",
  "setOption",
  "addCombatant",
  "removeCombatant",
  "place",
  "setCombatant",
  "end",
];

/** Each command type's fields and a well-formed value generator for each (given the sample). */
const FIELDS: Readonly<Record<CommandType, readonly string[]>> = {
  start: [],
  next: [],
  end: [],
  endTurn: ["who"],
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
  removeCondition: ["who", "condition"],
  adjustPool: ["who", "pool", "delta"],
  setDefeated: ["who", "defeated"],
  setOption: ["option", "value"],
  addCombatant: ["combatant"],
  removeCombatant: ["who"],
  place: ["who", "at"],
  setCombatant: ["who", "side", "marching", "unseen"],
};

const PROTO_NAMES = [
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "prototype",
  "isPrototypeOf",
];
const HUGE_STRING = "x".repeat(1 << 20);
const HUGE_PATH = Array.from({ length: 100_000 }, (_, k) => [k, 0]);
const FAR_PATH = [[100_000_000, 0]];
const CYCLIC: Record<string, unknown> = { type: "move" };
CYCLIC.self = CYCLIC;
CYCLIC.path = [CYCLIC];
let deep: unknown = [0, 0];
for (let k = 0; k < 2000; k++) deep = { nested: deep };
const DEEP = deep;
const PROTO_KEYED = JSON.parse('{"__proto__": {"defeated": true, "ap": "x"}, "constructor": 1}') as unknown;
const WITH_GETTER = Object.defineProperty({}, "who", {
  enumerable: true,
  get() {
    throw new Error("a getter that throws");
  },
});

const numberJunk = fc.oneof(
  fc.constantFrom(NaN, Infinity, -Infinity, 0.5, -0.5, 1e9, -1e9, 1e308, Number.MAX_SAFE_INTEGER, -0),
  fc.double(),
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, undefined, true, false, "", 0, -1, [], {}) },
  { weight: 3, arbitrary: fc.constantFrom(...PROTO_NAMES) },
  { weight: 3, arbitrary: numberJunk },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      HUGE_STRING,
      HUGE_PATH,
      FAR_PATH,
      CYCLIC,
      DEEP,
      PROTO_KEYED,
      WITH_GETTER,
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 80 }) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.tuple(numberJunk, numberJunk),
      fc.array(fc.tuple(numberJunk, numberJunk), { maxLength: 4 }),
      fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 3 }),
    ),
  },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }) },
);

function plausible(sample: Sample, field: string): fc.Arbitrary<unknown> {
  const ids = [...sample.state.roster];
  const who = ids.length > 0 ? fc.constantFrom(...ids) : fc.constant("nobody");
  const { ruleset } = sample;
  const actions = Object.keys(ruleset.actions);
  const reactions = [...Object.keys(ruleset.reactions), "decline"];
  const cell = fc.tuple(fc.integer({ min: -4, max: 4 }), fc.integer({ min: -4, max: 4 }));
  switch (field) {
    case "who":
    case "target":
    case "against":
    case "until":
      return who;
    case "action":
    case "to":
      return actions.length > 0 ? fc.constantFrom(...actions) : fc.constant("attack");
    case "with":
      return fc.constantFrom(...reactions);
    case "outcome":
      return fc.constantFrom("hit", "miss", "crit", "kill", "success", "fail", "critFail");
    case "time":
    case "cost":
    case "delta":
      return fc.integer({ min: -3, max: 12 });
    case "rounds":
      return fc.option(fc.integer({ min: 0, max: 5 }), { nil: null });
    case "effect":
      return fc.constantFrom("push", "prone", "both", "takePlace", "offHand");
    case "mode":
      return fc.constantFrom("normal", "step", "tumble", "withdraw");
    case "path":
      return fc.array(cell, { maxLength: 5 });
    case "at":
      return fc.option(cell, { nil: null });
    case "initiative":
      return fc.constantFrom("take", "cede");
    case "trigger":
      return fc.record({ who, verb: fc.constantFrom("move", "attack", "act") });
    case "condition":
      return fc.constantFrom("prone", "surprised", "grappled", "delayed", "readied");
    case "pool":
      return fc.constantFrom("ap", "rp", "fp");
    case "defeated":
    case "unseen":
      return fc.boolean();
    case "side":
      return fc.constantFrom("party", "foes", "third", "__proto__");
    case "marching":
      return fc.option(fc.integer({ min: -1, max: 120 }), { nil: null });
    case "option":
      return fc.constantFrom(...Object.keys(ruleset.options), "apRefresh", "frantic");
    case "value":
      return fc.constantFrom("on", "off", "turn", "round", "gm", "luck");
    case "combatant":
      return fc.record(
        {
          id: fc.oneof(fc.constantFrom("newcomer", "x1", ...ids), fc.constantFrom(...PROTO_NAMES)),
          side: fc.constantFrom("party", "foes", "__proto__"),
          at: fc.option(cell, { nil: null }),
          size: fc.constantFrom("small", "medium", "large", "colossal"),
          reach: fc.integer({ min: -2, max: 1000 }),
          stats: fc.dictionary(
            fc.constantFrom(...ruleset.stats, "__proto__"),
            fc.oneof(numberJunk, fc.string()),
          ),
          marching: fc.option(fc.integer({ min: -1, max: 200 }), { nil: null }),
        },
        { requiredKeys: [] },
      );
    default:
      return junk;
  }
}

/** A command of a type, each field either plausible or junk, some dropped, some extra. */
function commandFor(sample: Sample): fc.Arbitrary<unknown> {
  return fc.oneof(...COMMAND_TYPES.map((type) => commandOfType(sample, type)));
}

function commandOfType(sample: Sample, type: CommandType): fc.Arbitrary<unknown> {
  {
    const fields = FIELDS[type];
    const values = fields.map((f) =>
      fc.oneof(
        { weight: 5, arbitrary: plausible(sample, f) },
        { weight: 3, arbitrary: junk },
        { weight: 1, arbitrary: fc.constant(Symbol.for("drop")) },
      ),
    );
    const extra = fc.option(
      fc.tuple(
        fc.oneof(fc.constantFrom(...PROTO_NAMES, "junk", "userId", "seq"), fc.string({ maxLength: 8 })),
        junk,
      ),
      { freq: 4, nil: null },
    );
    return fc.tuple(fc.tuple(...values), extra).map(([vals, more]) => {
      const command: Record<string, unknown> = { type };
      fields.forEach((f, i) => {
        if (vals[i] !== Symbol.for("drop")) command[f] = vals[i];
      });
      // An own "__proto__" key (as JSON.parse makes), not a prototype change.
      if (more) Object.defineProperty(command, more[0], { value: more[1], enumerable: true, writable: true });
      return command;
    });
  }
}

// Built once per sample, not per run: generating must stay cheap next to applying.
const anyInput: fc.Arbitrary<[Sample, unknown]> = fc.oneof(
  ...SAMPLES.map((sample) =>
    fc.tuple(
      fc.constant(sample),
      fc.oneof({ weight: 9, arbitrary: commandFor(sample) }, { weight: 1, arbitrary: junk }),
    ),
  ),
);

// ---------------------------------------------------------------------------------------------

const PROTO_SNAPSHOT = Object.getOwnPropertyNames(Object.prototype).sort().join(",");

function prototypeUntouched(): boolean {
  const probe: Record<string, unknown> = {};
  return (
    Object.getOwnPropertyNames(Object.prototype).sort().join(",") === PROTO_SNAPSHOT &&
    probe.defeated === undefined &&
    probe.ap === undefined &&
    probe.polluted === undefined
  );
}

function describeValue(value: unknown): string {
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 300);
  } catch {
    return String(value).slice(0, 300);
  }
}

/** How long one apply takes, in ms: the best of three tries, so a pause of the machine is not counted. */
function bestTime(sample: Sample, command: unknown): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const started = performance.now();
    apply(sample.state, command, new SeededDice(7), sample.ruleset);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe("apply is total (issue 12: a trusted command boundary)", () => {
  it("has states of every ruleset in setup, running, with offers open, and ended to attack", () => {
    for (const id of RULESET_IDS) {
      const kinds = new Set(SAMPLES.filter((s) => s.ruleset.id === id).map((s) => s.kind));
      expect([...kinds].sort(), id).toEqual(["ended", "offers", "running", "setup"]);
    }
    for (const sample of SAMPLES) expect(stateProblems(sample.state), sample.ruleset.id).toEqual([]);
  });

  it("answers 20,000 malformed commands without an exception, a corrupt state, a changed state on refusal or a touched Object.prototype", () => {
    let refused = 0;
    let accepted = 0;
    let slowest = 0;
    let slowestWhat = "";
    const snapshots = new Map(SAMPLES.map((sample) => [sample, JSON.stringify(sample.state)]));
    // Plain checks in the loop (an `expect` per call would cost more than the calls themselves);
    // the first failure throws, and fast-check reports its seed and the shrunk command.
    const fail = (what: string, command: unknown): never => {
      throw new Error(`${what}: ${describeValue(command)}`);
    };
    fc.assert(
      fc.property(anyInput, ([sample, command]) => {
        const started = performance.now();
        const result = apply(sample.state, command, new SeededDice(11), sample.ruleset);
        let took = performance.now() - started;
        // A pause of the machine (a collection, another process) is not the command's: the best of three counts.
        if (took > 5) took = bestTime(sample, command);
        if (took > slowest) {
          slowest = took;
          slowestWhat = `${sample.ruleset.id}/${sample.kind}: ${describeValue(command)}`;
        }
        if (took >= 50) fail(`took ${took.toFixed(1)} ms`, command);
        if (!prototypeUntouched()) fail("Object.prototype changed", command);
        if (JSON.stringify(sample.state) !== snapshots.get(sample)) fail("the given state changed", command);
        if (result.ok) {
          accepted += 1;
          const problems = stateProblems(result.state);
          if (problems.length > 0) fail(`corrupt state (${problems.join("; ")})`, command);
        } else {
          refused += 1;
          if (result.state !== sample.state) fail("a refusal returned another state", command);
          if (!/^TEMPO\.Refusal\.[A-Za-z]+$/.test(result.refusal.key))
            fail(`refusal ${result.refusal.key}`, command);
          if (result.refusal.key === "TEMPO.Refusal.Internal") fail("a handler threw", command);
        }
      }),
      { numRuns: runs(20_000) },
    );
    console.info(
      `boundary: ${refused} refused, ${accepted} accepted; slowest call ${slowest.toFixed(2)} ms (${slowestWhat})`,
    );
    expect(refused + accepted).toBe(runs(20_000));
    expect(refused).toBeGreaterThan(accepted);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// The concrete attacks the issue lists, each refused for its own reason.

function flowFight(): { ruleset: Ruleset; state: EncounterState } {
  const ruleset = getRuleset("flow");
  const setup = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex", bounds: { min: [-20, -20], max: [20, 20] } },
      combatants: [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 3 } },
        { id: "orc", side: "foes", at: [2, 0] },
      ],
    },
    ruleset,
  );
  const started = apply(setup, { type: "start" }, new ScriptedDice([9, 2]), ruleset);
  if (!started.ok) throw new Error(started.refusal.key);
  return { ruleset, state: started.state };
}

function refusal(state: EncounterState, ruleset: Ruleset, command: unknown): string {
  const result = apply(state, command, new SeededDice(3), ruleset);
  expect(result.state).toBe(state);
  return result.ok ? "accepted" : result.refusal.key;
}

describe("the attacks issue 12 found, each refused for its reason", () => {
  const { ruleset, state } = flowFight();
  const newcomer = (extra: Partial<CombatantSetup> & Record<string, unknown>) => ({
    type: "addCombatant",
    combatant: { id: "gob", side: "foes", ...extra },
  });

  it('refuses "__proto__", "constructor" and "toString" as combatant ids, to act as and to add', () => {
    for (const name of ["__proto__", "constructor", "toString"]) {
      expect(refusal(state, ruleset, { type: "setDefeated", who: name, defeated: true })).toBe(
        "TEMPO.Refusal.UnknownCombatant",
      );
      expect(refusal(state, ruleset, { type: "adjustPool", who: name, pool: "ap", delta: 1 })).toBe(
        "TEMPO.Refusal.UnknownCombatant",
      );
      expect(refusal(state, ruleset, newcomer({ id: name }))).toBe("TEMPO.Refusal.BadCombatant");
      expect(refusal(state, ruleset, { type: "act", who: "ana", action: name })).toBe(
        "TEMPO.Refusal.UnknownAction",
      );
    }
    expect(({} as Record<string, unknown>).defeated).toBeUndefined();
  });

  it('refuses a newcomer at [0.5, 0.5], with agility "x", with maxAp -5, or without an id', () => {
    expect(refusal(state, ruleset, newcomer({ at: [0.5, 0.5] }))).toBe("TEMPO.Refusal.BadCombatant");
    expect(refusal(state, ruleset, newcomer({ stats: { agility: "x" as unknown as number } }))).toBe(
      "TEMPO.Refusal.BadCombatant",
    );
    expect(refusal(state, ruleset, newcomer({ stats: { maxAp: -5 } }))).toBe("TEMPO.Refusal.BadCombatant");
    expect(refusal(state, ruleset, { type: "addCombatant", combatant: { side: "foes" } })).toBe(
      "TEMPO.Refusal.BadCombatant",
    );
  });

  it("refuses a move whose path is missing or not a list", () => {
    expect(refusal(state, ruleset, { type: "move", who: "ana" })).toBe("TEMPO.Refusal.MissingField");
    expect(refusal(state, ruleset, { type: "move", who: "ana", path: { 0: [1, 0] } })).toBe(
      "TEMPO.Refusal.BadField",
    );
    expect(refusal(state, ruleset, { type: "move", who: "ana", path: null })).toBe("TEMPO.Refusal.BadField");
  });

  it("refuses a waypoint 10^8 cells away, one outside the scene, and a path of too many turns", () => {
    expect(refusal(state, ruleset, { type: "move", who: "ana", path: [[100_000_000, 0]] })).toBe(
      "TEMPO.Refusal.BadCell",
    );
    expect(refusal(state, ruleset, { type: "move", who: "ana", path: [[21, 0]] })).toBe(
      "TEMPO.Refusal.OutsideScene",
    );
    expect(refusal(state, ruleset, { type: "move", who: "ana", path: HUGE_PATH })).toBe(
      "TEMPO.Refusal.PathTooLong",
    );
    const zigzag = Array.from({ length: 200 }, (_, k) => (k % 2 === 0 ? [20, 0] : [-20, 0]));
    expect(refusal(state, ruleset, { type: "move", who: "ana", path: zigzag })).toBe(
      "TEMPO.Refusal.MoveTooLong",
    );
  });

  it("refuses a reach of 1000", () => {
    expect(refusal(state, ruleset, newcomer({ reach: 1000 }))).toBe("TEMPO.Refusal.BadCombatant");
  });

  it("refuses a command carrying a 1 MB junk field", () => {
    expect(refusal(state, ruleset, { type: "endTurn", who: "ana", junk: HUGE_STRING })).toBe(
      "TEMPO.Refusal.UnexpectedField",
    );
    expect(refusal(state, ruleset, { type: "act", who: "ana", action: "attack", effect: HUGE_STRING })).toBe(
      "TEMPO.Refusal.BadField",
    );
  });

  it("refuses a player's outcome, and a player's cost 0 on a fixed-cost action (flow: Attack costs 2 AP)", () => {
    expect(
      playerChoiceRefusal(
        { type: "act", who: "ana", action: "attack", target: "orc", outcome: "kill" },
        ruleset,
      )?.key,
    ).toBe("TEMPO.Refusal.OutcomeIsGMs");
    expect(
      playerChoiceRefusal({ type: "react", who: "orc", with: "dodge", outcome: "crit" }, ruleset)?.key,
    ).toBe("TEMPO.Refusal.OutcomeIsGMs");
    expect(
      playerChoiceRefusal({ type: "act", who: "ana", action: "attack", target: "orc", cost: 0 }, ruleset)
        ?.key,
    ).toBe("TEMPO.Refusal.CostNotYours");
  });

  it("refuses a junk grid or combatant when the encounter is made, naming the field", () => {
    const make = (combatant: unknown) => () =>
      createEncounter({ ruleset: "flow", combatants: [combatant as CombatantSetup] }, ruleset);
    expect(make({ id: "a", side: "x", stats: { agility: 99 } })).toThrow(/stats\.agility/);
    expect(make({ id: "__proto__", side: "x" })).toThrow(/"field":"id"/);
    expect(() =>
      createEncounter(
        { ruleset: "flow", grid: { type: "hex", bounds: { min: [0, 0], max: [-1, 5] } }, combatants: [] },
        ruleset,
      ),
    ).toThrow(SetupError);
  });
});
