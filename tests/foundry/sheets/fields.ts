/**
 * Tempo's data models, read in Node. The models build their schemas from `foundry.data.fields`
 * when `defineSchema()` is called; here those field classes are small stand-ins that keep the
 * options they are given (required, nullable, integer, min, max, choices, blank, validate,
 * initial), and `validateSource` checks data against them the way Foundry's DataField
 * validation does:
 *
 * - a missing value takes the field's `initial` (Foundry's cleaning; a missing schema field is
 *   the object of its fields' initial values), then
 * - undefined fails a `required` field; null fails unless `nullable` (NumberField: nullable
 *   unless told otherwise; other fields: not nullable);
 * - NumberField: a finite number; `integer`; `min`/`max`; `choices`;
 * - StringField (and HTMLField): a string; "" fails when `blank: false`; `choices`;
 * - BooleanField: a boolean; SchemaField: an object whose fields are checked in turn;
 *   ArrayField: an array whose elements are checked; ObjectField: an object;
 * - `validate(value)` returning false or throwing fails the field.
 *
 * One rule is stricter than Foundry: a key the schema does not have is reported (Foundry would
 * drop it silently), because in pack sources it is a typo that loses data.
 *
 * Import this module before the data models: it installs the stand-ins as `globalThis.foundry`.
 */
type Options = Record<string, unknown>;

export abstract class Field {
  constructor(readonly options: Options = {}) {}
  get required(): boolean {
    return this.options["required"] === true;
  }
  get nullable(): boolean {
    return this.options["nullable"] === true;
  }
  /** Problems with a present, non-null value (type and bounds), as messages. */
  abstract check(value: unknown, path: string): string[];
}

function choicesOf(options: Options): unknown[] | null {
  const c = options["choices"];
  if (Array.isArray(c)) return c;
  if (c && typeof c === "object") return Object.keys(c);
  return null;
}

export class NumberField extends Field {
  override get nullable(): boolean {
    return this.options["nullable"] !== false;
  }
  check(value: unknown, path: string): string[] {
    if (typeof value !== "number" || !Number.isFinite(value)) return [`${path}: must be a finite number`];
    const out: string[] = [];
    if (this.options["integer"] === true && !Number.isInteger(value)) out.push(`${path}: must be an integer`);
    const min = this.options["min"];
    const max = this.options["max"];
    if (typeof min === "number" && value < min) out.push(`${path}: must be at least ${min}`);
    if (typeof max === "number" && value > max) out.push(`${path}: must be at most ${max}`);
    const choices = choicesOf(this.options);
    if (choices && !choices.includes(value))
      out.push(`${path}: ${value} is not one of ${choices.join(", ")}`);
    return out;
  }
}

export class StringField extends Field {
  /** StringField#choices: the allowed values (an array, an object keyed by value, or a function giving one). */
  get choices(): unknown {
    return this.options["choices"];
  }
  check(value: unknown, path: string): string[] {
    if (typeof value !== "string") return [`${path}: must be a string`];
    if (value === "" && this.options["blank"] === false) return [`${path}: may not be blank`];
    const choices = choicesOf(this.options);
    if (choices && !(value === "" && this.options["blank"] !== false) && !choices.includes(value))
      return [`${path}: "${value}" is not one of ${choices.join(", ")}`];
    return [];
  }
}

export class HTMLField extends StringField {}

/** A string holding JSON (Foundry's JSONField). */
export class JSONField extends StringField {
  override check(value: unknown, path: string): string[] {
    if (typeof value !== "string") return [`${path}: must be a JSON string`];
    try {
      JSON.parse(value);
      return [];
    } catch {
      return [`${path}: is not valid JSON`];
    }
  }
}

/** A field kind these stand-ins do not model: only required and nullable are checked. */
export class AnyField extends Field {
  check(): string[] {
    return [];
  }
}

export class BooleanField extends Field {
  check(value: unknown, path: string): string[] {
    return typeof value === "boolean" ? [] : [`${path}: must be true or false`];
  }
}

export class ObjectField extends Field {
  check(value: unknown, path: string): string[] {
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? []
      : [`${path}: must be an object`];
  }
}

export class SchemaField extends Field {
  constructor(
    readonly fields: Record<string, Field>,
    options: Options = {},
  ) {
    super({ required: true, ...options });
  }
  check(value: unknown, path: string): string[] {
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return [`${path}: must be an object`];
    return validateFields(this.fields, value as Record<string, unknown>, path);
  }
}

export class ArrayField extends Field {
  constructor(
    readonly element: Field,
    options: Options = {},
  ) {
    super({ required: true, ...options });
  }
  check(value: unknown, path: string): string[] {
    if (!Array.isArray(value)) return [`${path}: must be a list`];
    return value.flatMap((v, i) => validateValue(this.element, v, `${path}.${i}`));
  }
}

function validateValue(field: Field, given: unknown, path: string): string[] {
  const initial = field.options["initial"];
  // A schema field's initial value is the object of its fields' initial values.
  const fallback =
    initial === undefined && field instanceof SchemaField
      ? {}
      : typeof initial === "function"
        ? (initial as () => unknown)()
        : initial;
  const value = given === undefined ? fallback : given;
  if (value === undefined) return field.required ? [`${path}: may not be undefined`] : [];
  if (value === null) return field.nullable ? [] : [`${path}: may not be null`];
  const problems = field.check(value, path);
  if (problems.length > 0) return problems;
  const validate = field.options["validate"];
  if (typeof validate === "function") {
    try {
      if ((validate as (v: unknown) => unknown)(value) === false) return [`${path}: is not a valid value`];
    } catch (error) {
      return [`${path}: ${error instanceof Error ? error.message : String(error)}`];
    }
  }
  return [];
}

function validateFields(
  fields: Record<string, Field>,
  data: Record<string, unknown>,
  path: string,
): string[] {
  const out: string[] = [];
  for (const [name, field] of Object.entries(fields))
    out.push(...validateValue(field, data[name], join(path, name)));
  for (const key of Object.keys(data))
    if (!(key in fields)) out.push(`${join(path, key)}: not a field of this model`);
  return out;
}

function join(path: string, name: string): string {
  return path === "" ? name : `${path}.${name}`;
}

/** The stand-in base class: what the models call on it when defined and validated. */
export class TypeDataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  static defineSchema(): Record<string, Field> {
    return {};
  }
  static migrateData(source: Record<string, unknown>): Record<string, unknown> {
    return source;
  }
  static validateJoint(_data: Record<string, unknown>): void {}
}

const modelled: Record<string, unknown> = {
  NumberField,
  StringField,
  HTMLField,
  JSONField,
  BooleanField,
  ObjectField,
  SchemaField,
  ArrayField,
  SetField: ArrayField,
};
/** Field classes not modelled above become AnyField, so a model using one still loads. */
const fields = new Proxy(modelled, {
  get: (target, name: string) => target[name] ?? AnyField,
});
/** `foundry.abstract` and `foundry.data` as these stand-ins give them (for another realm too). */
export function fieldStandIns(): { abstract: Record<string, unknown>; data: { fields: unknown } } {
  return { abstract: { TypeDataModel, DataModel: TypeDataModel }, data: { fields } };
}
(globalThis as unknown as { foundry: unknown }).foundry = fieldStandIns();

/** What tests need of a data model class. */
export interface ModelClass {
  name: string;
  LOCALIZATION_PREFIXES: string[];
  defineSchema(): Record<string, unknown>;
  validateJoint(data: Record<string, unknown>): void;
}

/** Problems of `data` against a model (field rules, then the model's joint validation). */
export function validateSource(model: ModelClass, data: Record<string, unknown>): string[] {
  const fields = model.defineSchema() as Record<string, Field>;
  const problems = validateFields(fields, data, "system");
  if (problems.length > 0) return problems;
  try {
    model.validateJoint(data);
  } catch (error) {
    return [`system: ${error instanceof Error ? error.message : String(error)}`];
  }
  return [];
}

/** Every field path of a model's schema, nested schema fields included ("pools", "pools.ap", "pools.ap.value"). */
export function fieldPaths(model: ModelClass): string[] {
  const out: string[] = [];
  const walk = (fields: Record<string, Field>, prefix: string): void => {
    for (const [name, field] of Object.entries(fields)) {
      const path = join(prefix, name);
      out.push(path);
      if (field instanceof SchemaField) walk(field.fields, path);
    }
  };
  walk(model.defineSchema() as Record<string, Field>, "");
  return out;
}

/** The top-level field names of a model's schema. */
export function topFields(model: ModelClass): string[] {
  return Object.keys(model.defineSchema());
}

/** The data models, imported after the stand-ins are in place. */
export async function loadModels(): Promise<typeof import("../../../src/foundry/data")> {
  return import("../../../src/foundry/data");
}
