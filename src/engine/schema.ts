/**
 * The engine's front door: every command is checked against an exact schema before any handler
 * sees it, and every combatant's setup against the data model's bounds (bounds.ts). A command that
 * passes comes out as a fresh plain object holding only its own checked fields, so a handler never
 * reads a getter, an inherited member or a field nobody declared.
 *
 * Ids are looked up as own entries (Object.hasOwn) of the state's combatants and of the ruleset's
 * own lists, never with `in` or a bare index, so "__proto__", "constructor" or "toString" name
 * nothing. Every field is bounded (ids and words by length, numbers by range, paths by length,
 * cells by the scene), so a command that passes is small and the work it can cause is bounded.
 */
import { LIMITS, RESERVED_NAMES, skillSpec, statSpec, type NumberSpec } from "./bounds";
import { OUTCOMES, type Command, type CommandType, type MoveMode } from "./commands";
import type { GridBounds } from "./grid/types";
import { hasCombatant } from "./record";
import { refuse, RefusalError, type Refusal } from "./refusal";
import type { Ruleset } from "./ruleset";
import { SIZES, type Cell, type CombatantSetup, type EncounterState, type GridDescription } from "./state";

/** Every move mode a command may name; whether the ruleset has it is the ruleset's to say. */
const MOVE_MODES: readonly MoveMode[] = ["normal", "step", "tumble", "withdraw"];

type Kind =
  | "combatant"
  | "action"
  | "reaction"
  | "option"
  | "pool"
  | "condition"
  | "word"
  | "bool"
  | "outcome"
  | "moveMode"
  | "initiative"
  | "cellOrNull"
  | "path"
  | "trigger"
  | "setup"
  | "cost"
  | "time"
  | "delta"
  | "rounds"
  | "side"
  | "marching";

/** A field's kind; a trailing "?" makes it optional. */
type FieldSpec = Kind | `${Kind}?`;

/** One exact schema per command type: the fields it takes besides `type`, and their kinds. */
const COMMAND_SCHEMAS: { readonly [T in CommandType]: Readonly<Record<string, FieldSpec>> } = {
  start: {},
  next: {},
  end: {},
  endTurn: { who: "combatant" },
  move: { who: "combatant", path: "path", mode: "moveMode?" },
  act: {
    who: "combatant",
    action: "action",
    target: "combatant?",
    outcome: "outcome?",
    time: "time?",
    cost: "cost?",
    effect: "word?",
  },
  react: { who: "combatant", with: "reaction", against: "combatant?", outcome: "outcome?", effect: "word?" },
  declare: { who: "combatant", action: "action", time: "time?" },
  choose: { who: "combatant", initiative: "initiative" },
  delay: { who: "combatant", until: "combatant?" },
  ready: { who: "combatant", action: "action", trigger: "trigger" },
  abort: { who: "combatant", to: "action" },
  seize: { who: "combatant" },
  apply: { who: "combatant", condition: "condition", rounds: "rounds" },
  removeCondition: { who: "combatant", condition: "condition" },
  adjustPool: { who: "combatant", pool: "pool", delta: "delta" },
  setDefeated: { who: "combatant", defeated: "bool" },
  setOption: { option: "option", value: "word" },
  addCombatant: { combatant: "setup" },
  removeCombatant: { who: "combatant" },
  place: { who: "combatant", at: "cellOrNull", level: "word?" },
  setCombatant: { who: "combatant", side: "side?", marching: "marching?", unseen: "bool?" },
};

interface CompiledField {
  field: string;
  kind: Kind;
  optional: boolean;
}

/** Every command type the engine knows (its schemas' keys): hosts label each one (TEMPO.Command.<type>). */
export const COMMAND_TYPES = Object.keys(COMMAND_SCHEMAS) as readonly CommandType[];

/** The schemas as lists, worked out once: checking a command reads no spec strings. */
const COMPILED = Object.fromEntries(
  Object.entries(COMMAND_SCHEMAS).map(([type, schema]) => [
    type,
    Object.entries(schema).map(([field, spec]): CompiledField => {
      const optional = spec.endsWith("?");
      return { field, kind: (optional ? spec.slice(0, -1) : spec) as Kind, optional };
    }),
  ]),
) as unknown as Record<CommandType, readonly CompiledField[]>;

type Fields = Record<string, unknown>;

function isPlainObject(value: unknown): value is Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A short printable form of a field name for a refusal: never the whole of a huge key. */
function fieldName(key: string | symbol): string {
  return typeof key === "string" ? key.slice(0, LIMITS.idLength) : "(symbol)";
}

function badField(command: string, field: string): never {
  refuse("BadField", { command, field });
}

/** A string of 1..max characters. */
function isText(value: unknown, max: number): value is string {
  return typeof value === "string" && value.length > 0 && value.length <= max;
}

/** An id that may become a key of the state: bounded and not a name objects inherit. */
export function isSafeId(value: unknown): value is string {
  return isText(value, LIMITS.idLength) && !RESERVED_NAMES.has(value);
}

function isIntIn(value: unknown, min: number, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= min && value <= max;
}

/** Whether `value` has an own entry named `key` (never an inherited one). */
function hasOwnEntry(record: object, key: string): boolean {
  return Object.hasOwn(record, key);
}

/** A cell: two integer coordinates within the engine's limit (the scene is checked by insideScene). */
function readCell(value: unknown): Cell | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const a: unknown = value[0];
  const b: unknown = value[1];
  const limit = LIMITS.coordinate;
  if (!isIntIn(a, -limit, limit) || !isIntIn(b, -limit, limit)) return null;
  return [a + 0, b + 0];
}

/** Whether a cell lies inside the scene's box of cells (always, when the grid has no bounds). */
export function insideScene(cell: Cell, bounds: GridBounds | undefined): boolean {
  if (!bounds) return true;
  return (
    cell[0] >= bounds.min[0] &&
    cell[0] <= bounds.max[0] &&
    cell[1] >= bounds.min[1] &&
    cell[1] <= bounds.max[1]
  );
}

/** A short, safe picture of a value that was meant to be a cell, for the refusal's text. */
function describeCell(value: unknown): string {
  if (!Array.isArray(value) || value.length > 4) return typeof value;
  const parts: string[] = [];
  for (let k = 0; k < value.length; k++) {
    const v: unknown = value[k];
    parts.push(typeof v === "number" ? String(v) : typeof v);
  }
  return `[${parts.join(", ")}]`.slice(0, LIMITS.idLength);
}

function cellField(command: string, field: string, value: unknown, grid: GridDescription): Cell {
  const cell = readCell(value);
  if (!cell) refuse("BadCell", { at: describeCell(value), command, field });
  if (!insideScene(cell, grid.bounds)) refuse("OutsideScene", { command, field, at: [cell[0], cell[1]] });
  return cell;
}

/** Exact own string keys, each in `allowed`; a missing required field or any other key is refused. */
function checkKeys(
  command: string,
  value: Fields,
  schema: Readonly<Record<string, FieldSpec>>,
  skip?: string,
) {
  for (const key of Reflect.ownKeys(value)) {
    if (key === skip) continue;
    if (typeof key !== "string" || !hasOwnEntry(schema, key))
      refuse("UnexpectedField", { command, field: fieldName(key) });
  }
}

interface Scope {
  state: EncounterState;
  ruleset: Ruleset;
}

function checkField(scope: Scope, command: string, field: string, kind: Kind, value: unknown): unknown {
  const { state, ruleset } = scope;
  switch (kind) {
    case "combatant":
      if (!isText(value, LIMITS.idLength)) badField(command, field);
      if (!hasCombatant(state, value)) refuse("UnknownCombatant", { who: value });
      return value;
    case "action":
      if (!isText(value, LIMITS.idLength)) badField(command, field);
      if (!hasOwnEntry(ruleset.actions, value)) refuse("UnknownAction", { action: value });
      return value;
    case "reaction":
      if (!isText(value, LIMITS.idLength)) badField(command, field);
      // "decline" answers every offer: the reactor lets the trigger go on.
      if (value !== "decline" && !hasOwnEntry(ruleset.reactions, value))
        refuse("UnknownReaction", { reaction: value });
      return value;
    case "option":
      if (!isText(value, LIMITS.idLength)) badField(command, field);
      if (!hasOwnEntry(ruleset.options, value))
        refuse("UnknownOption", { option: value, ruleset: ruleset.id });
      return value;
    case "pool":
      if (!isText(value, LIMITS.idLength)) badField(command, field);
      if (!ruleset.pools.some((p) => p.id === value)) refuse("UnknownPool", { pool: value });
      return value;
    case "condition":
      if (!isSafeId(value)) badField(command, field);
      return value;
    case "word":
      if (!isText(value, LIMITS.wordLength)) badField(command, field);
      return value;
    case "bool":
      if (typeof value !== "boolean") badField(command, field);
      return value;
    case "outcome":
      if (!(OUTCOMES as readonly unknown[]).includes(value)) badField(command, field);
      return value;
    case "moveMode":
      if (!(MOVE_MODES as readonly unknown[]).includes(value)) badField(command, field);
      return value;
    case "initiative":
      if (value !== "take" && value !== "cede") badField(command, field);
      return value;
    case "cellOrNull":
      return value === null ? null : cellField(command, field, value, state.grid);
    case "path": {
      if (!Array.isArray(value)) badField(command, field);
      if (value.length > LIMITS.waypoints) refuse("PathTooLong", { max: LIMITS.waypoints });
      const cells: Cell[] = [];
      for (let k = 0; k < value.length; k++)
        cells.push(cellField(command, `${field}.${k}`, value[k], state.grid));
      return cells;
    }
    case "trigger": {
      if (!isPlainObject(value)) badField(command, field);
      checkKeys(command, value, TRIGGER_SCHEMA);
      const who = checkField(scope, command, `${field}.who`, "combatant", value["who"]);
      const verb = checkField(scope, command, `${field}.verb`, "word", value["verb"]);
      return { who, verb };
    }
    case "setup": {
      const fault = combatantSetupFault(value, state.grid);
      if (fault !== null) refuse("BadCombatant", { field: fault });
      return copySetup(value as CombatantSetup);
    }
    // Magnitudes only: whether a cost, time, amount or duration means anything is the handler's
    // to say, with the rule's own refusal (a cost below 1 in rating, a duration below 1 round).
    // A cost is any number here: the ruleset that reads it says which are allowed, in its own
    // words, for 2.5 and 99999 as for -3 (rating's BadCost, flow's FlowBadCost).
    case "cost":
      if (typeof value !== "number" || !Number.isFinite(value)) badField(command, field);
      return value;
    case "time":
      if (!isIntIn(value, -LIMITS.time, LIMITS.time)) badField(command, field);
      return value;
    case "delta":
      if (!isIntIn(value, -LIMITS.pool, LIMITS.pool)) badField(command, field);
      return value;
    case "rounds":
      if (value !== null && !isIntIn(value, -LIMITS.rounds, LIMITS.rounds)) badField(command, field);
      return value;
    // The same bounds as a combatant's setup (combatantSetupFault): a safe id, a place in 1..99 or none.
    case "side":
      if (!isSafeId(value)) badField(command, field);
      return value;
    case "marching":
      if (value !== null && !isIntIn(value, 1, LIMITS.marching)) badField(command, field);
      return value;
  }
}

const TRIGGER_SCHEMA: Readonly<Record<string, FieldSpec>> = { who: "combatant", verb: "word" };

/**
 * Check a command against its schema, the state's combatants and the ruleset's own lists. Returns
 * a fresh command holding only the checked fields, or throws the refusal (a RefusalError) naming
 * the first fault. Anything else that goes wrong while reading the value (a throwing getter, a
 * revoked proxy) is refused as not a command.
 */
export function parseCommand(value: unknown, state: EncounterState, ruleset: Ruleset): Command {
  try {
    return parseUnguarded(value, { state, ruleset });
  } catch (error) {
    if (error instanceof RefusalError) throw error;
    refuse("NotACommand");
  }
}

function parseUnguarded(value: unknown, scope: Scope): Command {
  if (!isPlainObject(value) || !hasOwnEntry(value, "type")) refuse("NotACommand");
  const type: unknown = value["type"];
  if (!isText(type, LIMITS.idLength) || !hasOwnEntry(COMMAND_SCHEMAS, type)) {
    if (typeof type === "string") refuse("UnknownCommandType", { command: type.slice(0, LIMITS.idLength) });
    refuse("NotACommand");
  }
  const schema = COMMAND_SCHEMAS[type as CommandType];
  checkKeys(type, value, schema, "type");
  const out: Fields = { type };
  for (const { field, kind, optional } of COMPILED[type as CommandType]) {
    const present = hasOwnEntry(value, field) && value[field] !== undefined;
    if (!present) {
      if (!optional) refuse("MissingField", { command: type, field });
      continue;
    }
    out[field] = checkField(scope, type, field, kind, value[field]);
  }
  return out as Command;
}

/** Check a command without applying it: the refusal, or null when it is well-formed here. */
export function commandRefusal(value: unknown, state: EncounterState, ruleset: Ruleset): Refusal | null {
  try {
    parseCommand(value, state, ruleset);
    return null;
  } catch (error) {
    if (error instanceof RefusalError) return error.refusal;
    throw error;
  }
}

const SETUP_FIELDS: ReadonlySet<string> = new Set([
  "id",
  "name",
  "side",
  "pc",
  "at",
  "size",
  "reach",
  "stats",
  "skills",
  "tags",
  "surprised",
  "marching",
  "unseen",
  "level",
]);

function numbersFault(value: unknown, field: string, spec: (name: string) => NumberSpec): string | null {
  if (value === undefined) return null;
  if (!isPlainObject(value)) return field;
  const keys = Reflect.ownKeys(value);
  if (keys.length > LIMITS.statCount) return field;
  for (const key of keys) {
    if (!isSafeId(key)) return `${field}.${fieldName(key)}`;
    const { min, max } = spec(key);
    if (!isIntIn(value[key], min, max)) return `${field}.${key}`;
  }
  return null;
}

function optionalFault(value: Fields, key: string, ok: (v: unknown) => boolean): string | null {
  const v = value[key];
  return v === undefined || ok(v) ? null : key;
}

/**
 * The first field of a combatant's setup that is malformed or out of the data model's bounds, or
 * null when it is sound: a safe id and side, a known size, whole-number stats and skills within
 * their bounds, a bounded reach and marching place, a cell inside the scene.
 */
export function combatantSetupFault(value: unknown, grid: GridDescription = { type: "none" }): string | null {
  try {
    if (!isPlainObject(value)) return "combatant";
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== "string" || !SETUP_FIELDS.has(key)) return fieldName(key);
    }
    if (!isSafeId(value["id"])) return "id";
    if (!isSafeId(value["side"])) return "side";
    const at = value["at"];
    if (at !== undefined && at !== null) {
      const cell = readCell(at);
      if (!cell || !insideScene(cell, grid.bounds)) return "at";
    }
    return (
      optionalFault(value, "name", (v) => isText(v, LIMITS.nameLength)) ??
      optionalFault(value, "pc", (v) => typeof v === "boolean") ??
      optionalFault(value, "size", (v) => (SIZES as readonly unknown[]).includes(v)) ??
      optionalFault(value, "reach", (v) => isIntIn(v, 0, LIMITS.reach)) ??
      optionalFault(value, "surprised", (v) => typeof v === "boolean") ??
      optionalFault(value, "unseen", (v) => typeof v === "boolean") ??
      optionalFault(value, "marching", (v) => v === null || isIntIn(v, 1, LIMITS.marching)) ??
      optionalFault(value, "level", (v) => isSafeId(v) && v.length <= LIMITS.wordLength) ??
      optionalFault(
        value,
        "tags",
        (v) =>
          Array.isArray(v) &&
          v.length <= LIMITS.tagCount &&
          v.every((t) => isSafeId(t) && t.length <= LIMITS.wordLength),
      ) ??
      numbersFault(value["stats"], "stats", statSpec) ??
      numbersFault(value["skills"], "skills", skillSpec)
    );
  } catch {
    return "combatant";
  }
}

/**
 * The first field of a grid description that is malformed, or null: a known type, a known diagonal
 * rule, and bounds whose corners are cells with min ≤ max.
 */
export function gridFault(value: unknown): string | null {
  try {
    if (!isPlainObject(value)) return "grid";
    for (const key of Reflect.ownKeys(value)) {
      if (key !== "type" && key !== "diagonals" && key !== "bounds") return fieldName(key);
    }
    if (value["type"] !== "hex" && value["type"] !== "square" && value["type"] !== "none") return "type";
    const diagonals = value["diagonals"];
    if (diagonals !== undefined && diagonals !== "equidistant" && diagonals !== "alternating")
      return "diagonals";
    const bounds = value["bounds"];
    if (bounds === undefined) return null;
    if (!isPlainObject(bounds) || Reflect.ownKeys(bounds).length !== 2) return "bounds";
    const min = readCell(bounds["min"]);
    const max = readCell(bounds["max"]);
    if (!min || !max || min[0] > max[0] || min[1] > max[1]) return "bounds";
    return null;
  } catch {
    return "grid";
  }
}

/** A fresh copy of a checked grid description. */
export function copyGrid(grid: GridDescription): GridDescription {
  return {
    type: grid.type,
    ...(grid.diagonals === undefined ? {} : { diagonals: grid.diagonals }),
    ...(grid.bounds === undefined
      ? {}
      : {
          bounds: {
            min: [grid.bounds.min[0], grid.bounds.min[1]],
            max: [grid.bounds.max[0], grid.bounds.max[1]],
          },
        }),
  };
}

/** A fresh copy of a checked setup, holding only its own fields. */
export function copySetup(setup: CombatantSetup): CombatantSetup {
  const out: CombatantSetup = { id: setup.id, side: setup.side };
  if (setup.name !== undefined) out.name = setup.name;
  if (setup.pc !== undefined) out.pc = setup.pc;
  if (setup.at !== undefined) out.at = setup.at === null ? null : [setup.at[0], setup.at[1]];
  if (setup.size !== undefined) out.size = setup.size;
  if (setup.reach !== undefined) out.reach = setup.reach;
  if (setup.stats !== undefined) out.stats = { ...setup.stats };
  if (setup.skills !== undefined) out.skills = { ...setup.skills };
  if (setup.tags !== undefined) out.tags = [...setup.tags];
  if (setup.surprised !== undefined) out.surprised = setup.surprised;
  if (setup.marching !== undefined) out.marching = setup.marching;
  if (setup.unseen !== undefined) out.unseen = setup.unseen;
  if (setup.level !== undefined) out.level = setup.level;
  return out;
}
