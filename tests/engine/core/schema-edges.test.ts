import { describe, expect, it } from "vitest";
import { createEncounter } from "../../../src/engine/encounter";
import type { Ruleset } from "../../../src/engine/ruleset";
import {
  combatantSetupFault,
  commandRefusal,
  copyGrid,
  copySetup,
  gridFault,
  insideScene,
  parseCommand,
} from "../../../src/engine/schema";
import type { EncounterState, GridDescription } from "../../../src/engine/state";
import { coreTestRuleset as ruleset } from "./fixture";

/** Ana and the orc on a square scene whose cells run from [0, 0] to [9, 9], not yet started. */
function onAScene(): EncounterState {
  return createEncounter(
    {
      ruleset: "flow",
      grid: { type: "square", bounds: { min: [0, 0], max: [9, 9] } },
      combatants: [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [4, 0] },
      ],
    },
    ruleset,
  );
}

/** The core test ruleset with one option, "pace". */
const withPace: Ruleset = { ...ruleset, options: { pace: { choices: ["slow", "fast"], default: "slow" } } };

function refusalOf(command: unknown, rules: Ruleset = ruleset): unknown {
  return commandRefusal(command, onAScene(), rules);
}

function badField(command: string, field: string) {
  return { key: "TEMPO.Refusal.BadField", data: { command, field } };
}

const notACommand = { key: "TEMPO.Refusal.NotACommand", data: {} };

describe("the command's outer shape", () => {
  it("takes a command whose prototype is null as a plain object", () => {
    const bare = Object.assign(Object.create(null) as object, { type: "next" });
    expect(parseCommand(bare, onAScene(), ruleset)).toEqual({ type: "next" });
  });

  it("refuses a class instance with an own type as not a command", () => {
    class Shaped {
      type = "next";
    }
    expect(refusalOf(new Shaped())).toEqual(notACommand);
  });

  it("refuses a function as not a command, even one whose prototype is null", () => {
    const bare = Object.setPrototypeOf(
      Object.assign(() => undefined, { type: "next" }),
      null,
    ) as unknown;
    expect(refusalOf(bare)).toEqual(notACommand);
    expect(combatantSetupFault(bare)).toBe("combatant");
  });

  it("refuses an array carrying an own type as not a command", () => {
    expect(refusalOf(Object.assign([], { type: "next" }))).toEqual(notACommand);
  });

  it("refuses a type that is an array, though arrays have a slice method", () => {
    expect(refusalOf({ type: ["next"] })).toEqual(notACommand);
  });

  it("names an unknown command type in the refusal, cut to 64 characters", () => {
    expect(refusalOf({ type: "fly" })).toEqual({
      key: "TEMPO.Refusal.UnknownCommandType",
      data: { command: "fly" },
    });
    expect(refusalOf({ type: "f".repeat(100) })).toEqual({
      key: "TEMPO.Refusal.UnknownCommandType",
      data: { command: "f".repeat(64) },
    });
  });

  it("refuses as not a command a value whose field getter throws, rather than throwing", () => {
    const command = {
      type: "endTurn",
      get who(): string {
        throw new Error("a getter that throws");
      },
    };
    expect(refusalOf(command)).toEqual(notACommand);
  });

  it("answers null for a well-formed command", () => {
    expect(refusalOf({ type: "endTurn", who: "ana" })).toBeNull();
  });

  it("names the command and the missing field", () => {
    expect(refusalOf({ type: "move", who: "ana" })).toEqual({
      key: "TEMPO.Refusal.MissingField",
      data: { command: "move", field: "path" },
    });
    expect(refusalOf({ type: "endTurn", who: undefined })).toEqual({
      key: "TEMPO.Refusal.MissingField",
      data: { command: "endTurn", field: "who" },
    });
  });

  it("treats an optional field set to undefined as absent, and leaves it out of the result", () => {
    const parsed = parseCommand(
      { type: "move", who: "ana", path: [[1, 0]], mode: undefined },
      onAScene(),
      ruleset,
    );
    expect(parsed).toStrictEqual({ type: "move", who: "ana", path: [[1, 0]] });
  });
});

describe("unexpected fields are named in the refusal", () => {
  it("names the command and the extra field", () => {
    expect(refusalOf({ type: "endTurn", who: "ana", junk: 1 })).toEqual({
      key: "TEMPO.Refusal.UnexpectedField",
      data: { command: "endTurn", field: "junk" },
    });
  });

  it("cuts a huge field name to 64 characters", () => {
    expect(refusalOf({ type: "endTurn", who: "ana", ["k".repeat(100)]: 1 })).toEqual({
      key: "TEMPO.Refusal.UnexpectedField",
      data: { command: "endTurn", field: "k".repeat(64) },
    });
  });

  it('names a symbol key "(symbol)"', () => {
    expect(refusalOf({ type: "endTurn", who: "ana", [Symbol("s")]: 1 })).toEqual({
      key: "TEMPO.Refusal.UnexpectedField",
      data: { command: "endTurn", field: "(symbol)" },
    });
  });
});

describe("ids: text of 1..64 characters, then looked up", () => {
  it("refuses a combatant that is not text as a bad field, not as unknown", () => {
    expect(refusalOf({ type: "endTurn", who: 5 })).toEqual(badField("endTurn", "who"));
    expect(refusalOf({ type: "endTurn", who: "a".repeat(65) })).toEqual(badField("endTurn", "who"));
  });

  it("names a combatant the state does not hold", () => {
    expect(refusalOf({ type: "endTurn", who: "zed" })).toEqual({
      key: "TEMPO.Refusal.UnknownCombatant",
      data: { who: "zed" },
    });
  });

  it("refuses an action or a reaction that is not text as a bad field", () => {
    expect(refusalOf({ type: "act", who: "ana", action: 5 })).toEqual(badField("act", "action"));
    expect(refusalOf({ type: "react", who: "ana", with: 5 })).toEqual(badField("react", "with"));
  });

  it("refuses an option that is not text as a bad field, and names an unknown option and the ruleset", () => {
    expect(refusalOf({ type: "setOption", option: 5, value: "fast" }, withPace)).toEqual(
      badField("setOption", "option"),
    );
    expect(refusalOf({ type: "setOption", option: "nope", value: "fast" }, withPace)).toEqual({
      key: "TEMPO.Refusal.UnknownOption",
      data: { option: "nope", ruleset: "flow" },
    });
    expect(refusalOf({ type: "setOption", option: "pace", value: "fast" }, withPace)).toBeNull();
  });

  it("refuses a pool that is not text as a bad field, and names a pool the ruleset lacks", () => {
    expect(refusalOf({ type: "adjustPool", who: "ana", pool: 5, delta: 1 })).toEqual(
      badField("adjustPool", "pool"),
    );
    expect(refusalOf({ type: "adjustPool", who: "ana", pool: "zzz", delta: 1 })).toEqual({
      key: "TEMPO.Refusal.UnknownPool",
      data: { pool: "zzz" },
    });
    expect(refusalOf({ type: "adjustPool", who: "ana", pool: "ap", delta: 1 })).toBeNull();
  });

  it("takes a condition id of exactly 64 characters and refuses 65 or a reserved name", () => {
    const apply = (condition: unknown) => ({ type: "apply", who: "ana", condition, rounds: null });
    expect(refusalOf(apply("c".repeat(64)))).toBeNull();
    expect(refusalOf(apply("c".repeat(65)))).toEqual(badField("apply", "condition"));
    expect(refusalOf(apply("toString"))).toEqual(badField("apply", "condition"));
  });

  it("takes a word (an effect) of exactly 32 characters and refuses 33", () => {
    const act = (effect: string) => ({ type: "act", who: "ana", action: "wait", effect });
    expect(refusalOf(act("w".repeat(32)))).toBeNull();
    expect(refusalOf(act("w".repeat(33)))).toEqual(badField("act", "effect"));
  });
});

describe("enumerated fields take only their listed words", () => {
  it("refuses an outcome, a move mode or an initiative choice that is not listed", () => {
    expect(refusalOf({ type: "act", who: "ana", action: "wait", outcome: "meh" })).toEqual(
      badField("act", "outcome"),
    );
    expect(refusalOf({ type: "move", who: "ana", path: [], mode: "fly" })).toEqual(badField("move", "mode"));
    expect(refusalOf({ type: "choose", who: "ana", initiative: "pass" })).toEqual(
      badField("choose", "initiative"),
    );
    expect(refusalOf({ type: "choose", who: "ana", initiative: "cede" })).toBeNull();
  });
});

describe("numbers: whole and within each field's own range", () => {
  const act = (extra: Record<string, unknown>) => ({ type: "act", who: "ana", action: "wait", ...extra });

  it("leaves a number as cost to the ruleset's own rule (issue 45), and refuses a numeric string or a non-finite number", () => {
    // The ruleset that reads a cost names what it allows, for 99999 and 2.5 as for -3.
    expect(refusalOf(act({ cost: 20 }))).toBeNull();
    expect(refusalOf(act({ cost: 99999 }))).toBeNull();
    expect(refusalOf(act({ cost: 2.5 }))).toBeNull();
    expect(refusalOf(act({ cost: "1" }))).toEqual(badField("act", "cost"));
    expect(refusalOf(act({ cost: Number.POSITIVE_INFINITY }))).toEqual(badField("act", "cost"));
    expect(refusalOf(act({ cost: Number.NaN }))).toEqual(badField("act", "cost"));
  });

  it("takes a time of exactly ±100 and refuses 101", () => {
    expect(refusalOf(act({ time: 100 }))).toBeNull();
    expect(refusalOf(act({ time: -100 }))).toBeNull();
    expect(refusalOf(act({ time: 101 }))).toEqual(badField("act", "time"));
  });

  it("takes a pool delta of exactly ±99 and refuses 100 or null", () => {
    const adjust = (delta: unknown) => ({ type: "adjustPool", who: "ana", pool: "ap", delta });
    expect(refusalOf(adjust(99))).toBeNull();
    expect(refusalOf(adjust(-99))).toBeNull();
    expect(refusalOf(adjust(100))).toEqual(badField("adjustPool", "delta"));
    expect(refusalOf(adjust(null))).toEqual(badField("adjustPool", "delta"));
  });

  it("takes a duration of exactly ±1000 rounds or null, and refuses 1001", () => {
    const apply = (rounds: unknown) => ({ type: "apply", who: "ana", condition: "prone", rounds });
    expect(refusalOf(apply(1000))).toBeNull();
    expect(refusalOf(apply(-1000))).toBeNull();
    expect(refusalOf(apply(null))).toBeNull();
    expect(refusalOf(apply(1001))).toEqual(badField("apply", "rounds"));
  });
});

describe("cells and paths", () => {
  const place = (at: unknown) => ({ type: "place", who: "ana", at });

  it("describes a cell that is not an array by its type", () => {
    expect(refusalOf(place("x"))).toEqual({
      key: "TEMPO.Refusal.BadCell",
      data: { at: "string", command: "place", field: "at" },
    });
  });

  it("describes an array of more than four entries only as an object", () => {
    expect(refusalOf(place([1, 2, 3, 4, 5]))).toEqual({
      key: "TEMPO.Refusal.BadCell",
      data: { at: "object", command: "place", field: "at" },
    });
  });

  it("lists an array of up to four entries, numbers as written and anything else by its type", () => {
    expect(refusalOf(place([1, 2, 3, 4]))).toEqual({
      key: "TEMPO.Refusal.BadCell",
      data: { at: "[1, 2, 3, 4]", command: "place", field: "at" },
    });
    expect(refusalOf(place([0.5, "a", null]))).toEqual({
      key: "TEMPO.Refusal.BadCell",
      data: { at: "[0.5, string, object]", command: "place", field: "at" },
    });
  });

  it("cuts the description of a bad cell to 64 characters", () => {
    const long = 0.1111111111111111;
    expect(refusalOf(place([long, long, long, long]))).toEqual({
      key: "TEMPO.Refusal.BadCell",
      data: {
        at: "[0.1111111111111111, 0.1111111111111111, 0.1111111111111111, 0.1",
        command: "place",
        field: "at",
      },
    });
  });

  it("names a cell outside the scene with its coordinates", () => {
    expect(refusalOf(place([10, 0]))).toEqual({
      key: "TEMPO.Refusal.OutsideScene",
      data: { command: "place", field: "at", at: [10, 0] },
    });
    expect(refusalOf(place([9, 9]))).toBeNull();
  });

  it("reads minus zero as zero", () => {
    const parsed = parseCommand(place([-0, -0]), onAScene(), ruleset);
    const at = parsed.type === "place" ? parsed.at : null;
    expect(at === null ? null : [1 / at[0], 1 / at[1]]).toEqual([Infinity, Infinity]);
  });

  it("names the waypoint of a path by its index", () => {
    expect(
      refusalOf({
        type: "move",
        who: "ana",
        path: [
          [0, 1],
          [0.5, 0],
        ],
      }),
    ).toEqual({
      key: "TEMPO.Refusal.BadCell",
      data: { at: "[0.5, 0]", command: "move", field: "path.1" },
    });
  });

  it("takes a path of exactly 256 waypoints and refuses 257, naming the most", () => {
    const path = (n: number) => Array.from({ length: n }, () => [1, 1]);
    expect(refusalOf({ type: "move", who: "ana", path: path(256) })).toBeNull();
    expect(refusalOf({ type: "move", who: "ana", path: path(257) })).toEqual({
      key: "TEMPO.Refusal.PathTooLong",
      data: { max: 256 },
    });
  });
});

describe("insideScene: the scene's box of cells, corners included", () => {
  const bounds = { min: [0, 0] as [number, number], max: [9, 9] as [number, number] };

  it("holds every cell when the grid has no bounds", () => {
    expect(insideScene([-5000, 5000], undefined)).toBe(true);
  });

  it("takes both corners and refuses one cell past each side", () => {
    expect(insideScene([0, 0], bounds)).toBe(true);
    expect(insideScene([9, 9], bounds)).toBe(true);
    expect(insideScene([-1, 5], bounds)).toBe(false);
    expect(insideScene([10, 5], bounds)).toBe(false);
    expect(insideScene([5, -1], bounds)).toBe(false);
    expect(insideScene([5, 10], bounds)).toBe(false);
  });
});

describe("a ready's trigger", () => {
  const ready = (trigger: unknown) => ({ type: "ready", who: "ana", action: "attack", trigger });

  it("refuses a trigger that is null or an array as a bad field", () => {
    expect(refusalOf(ready(null))).toEqual(badField("ready", "trigger"));
    expect(refusalOf(ready([]))).toEqual(badField("ready", "trigger"));
  });

  it("names the trigger's own bad field", () => {
    expect(refusalOf(ready({ who: 5, verb: "moves" }))).toEqual(badField("ready", "trigger.who"));
    expect(refusalOf(ready({ who: "orc", verb: "" }))).toEqual(badField("ready", "trigger.verb"));
    expect(refusalOf(ready({ who: "orc", verb: "moves" }))).toBeNull();
  });
});

describe("addCombatant names the faulty field of the setup", () => {
  it("names the field in the BadCombatant refusal", () => {
    expect(refusalOf({ type: "addCombatant", combatant: { id: "x" } })).toEqual({
      key: "TEMPO.Refusal.BadCombatant",
      data: { field: "side" },
    });
  });
});

describe("combatantSetupFault", () => {
  const base = { id: "x", side: "foes" };
  const fault = (extra: Record<string | symbol, unknown>) => combatantSetupFault({ ...base, ...extra });

  it("refuses a setup that is an array, null or a throwing getter as a whole", () => {
    expect(combatantSetupFault([])).toBe("combatant");
    expect(combatantSetupFault(null)).toBe("combatant");
    const throwing = {
      side: "foes",
      get id(): string {
        throw new Error("a getter that throws");
      },
    };
    expect(combatantSetupFault(throwing)).toBe("combatant");
  });

  it("names an unknown key, cut to 64 characters, or a symbol key", () => {
    expect(fault({ junk: 1 })).toBe("junk");
    expect(fault({ ["k".repeat(100)]: 1 })).toBe("k".repeat(64));
    expect(fault({ [Symbol("s")]: 1 })).toBe("(symbol)");
  });

  it("names each optional field that is malformed", () => {
    expect(fault({ name: "" })).toBe("name");
    expect(fault({ pc: "yes" })).toBe("pc");
    expect(fault({ size: "big" })).toBe("size");
    expect(fault({ surprised: 1 })).toBe("surprised");
    expect(fault({ unseen: 1 })).toBe("unseen");
    expect(fault({ name: "Grug", pc: false, size: "large", surprised: true, unseen: false })).toBeNull();
  });

  it("takes a level of exactly 32 characters and refuses 33", () => {
    expect(fault({ level: "l".repeat(32) })).toBeNull();
    expect(fault({ level: "l".repeat(33) })).toBe("level");
  });

  it("takes up to 16 tags of up to 32 characters, each a safe id", () => {
    const tags = (n: number) => Array.from({ length: n }, (_, k) => `t${k}`);
    expect(fault({ tags: tags(16) })).toBeNull();
    expect(fault({ tags: tags(17) })).toBe("tags");
    expect(fault({ tags: "a" })).toBe("tags");
    expect(fault({ tags: ["ok", "toString"] })).toBe("tags");
    expect(fault({ tags: ["toString"] })).toBe("tags");
    expect(fault({ tags: ["t".repeat(32)] })).toBeNull();
    expect(fault({ tags: ["t".repeat(33)] })).toBe("tags");
  });

  it("refuses stats that are null or an array, and takes 32 stats but not 33", () => {
    const stats = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, k) => [`s${k}`, 0]));
    expect(fault({ stats: null })).toBe("stats");
    expect(fault({ stats: [] })).toBe("stats");
    expect(fault({ stats: stats(32) })).toBeNull();
    expect(fault({ stats: stats(33) })).toBe("stats");
  });

  it("names a stat whose name is not a safe id, cut to 64 characters", () => {
    expect(fault({ stats: { toString: 1 } })).toBe("stats.toString");
    expect(fault({ stats: { ["s".repeat(100)]: 1 } })).toBe(`stats.${"s".repeat(64)}`);
    expect(fault({ stats: { [Symbol("s")]: 1 } })).toBe("stats.(symbol)");
  });

  it("names a skill out of its bounds (0..99)", () => {
    expect(fault({ skills: { x: 100 } })).toBe("skills.x");
    expect(fault({ skills: { x: 99 } })).toBeNull();
  });
});

describe("gridFault", () => {
  it("refuses a grid that is not a plain object as a whole", () => {
    expect(gridFault(7)).toBe("grid");
    expect(gridFault([])).toBe("grid");
    const throwing = {
      type: "square",
      get bounds(): unknown {
        throw new Error("a getter that throws");
      },
    };
    expect(gridFault(throwing)).toBe("grid");
  });

  it("names an unknown key, cut to 64 characters", () => {
    expect(gridFault({ type: "square", junk: 1 })).toBe("junk");
    expect(gridFault({ type: "square", ["k".repeat(100)]: 1 })).toBe("k".repeat(64));
  });

  it("takes the two diagonal rules and refuses any other", () => {
    expect(gridFault({ type: "square", diagonals: "equidistant" })).toBeNull();
    expect(gridFault({ type: "square", diagonals: "alternating" })).toBeNull();
    expect(gridFault({ type: "square", diagonals: "chess" })).toBe("diagonals");
  });

  it("takes bounds of a min and a max cell, min ≤ max on each axis, a single column included", () => {
    expect(gridFault({ type: "square", bounds: { min: [0, 0], max: [9, 9] } })).toBeNull();
    expect(gridFault({ type: "square", bounds: { min: [0, 0], max: [0, 5] } })).toBeNull();
    expect(gridFault({ type: "square", bounds: { min: [0, 0], max: [5, 0] } })).toBeNull();
  });

  it("refuses bounds that are null, carry a third key, lack a good corner or run backwards", () => {
    const grid = (bounds: unknown) => gridFault({ type: "square", bounds });
    expect(grid(null)).toBe("bounds");
    expect(grid({ min: [0, 0], max: [9, 9], extra: 1 })).toBe("bounds");
    expect(grid({ min: "x", max: [9, 9] })).toBe("bounds");
    expect(grid({ min: [0, 0], max: "x" })).toBe("bounds");
    expect(grid({ min: [1, 0], max: [0, 9] })).toBe("bounds");
    expect(grid({ min: [0, 1], max: [9, 0] })).toBe("bounds");
  });
});

describe("copies of checked grids and setups hold only the fields given", () => {
  it("copies a grid without adding diagonals or bounds it lacked", () => {
    expect(copyGrid({ type: "hex" })).toStrictEqual({ type: "hex" });
  });

  it("copies a grid's diagonals and bounds", () => {
    const grid: GridDescription = {
      type: "square",
      diagonals: "alternating",
      bounds: { min: [0, 1], max: [8, 9] },
    };
    expect(copyGrid(grid)).toStrictEqual({
      type: "square",
      diagonals: "alternating",
      bounds: { min: [0, 1], max: [8, 9] },
    });
  });

  it("copies a bare setup as only its id and side", () => {
    expect(Object.keys(copySetup({ id: "x", side: "foes" }))).toEqual(["id", "side"]);
  });
});
