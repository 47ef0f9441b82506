/**
 * Every user-visible string goes through lang/en.json (DESIGN: "Every string goes through
 * `lang/en.json`"). This test reads the code, the templates, the manifest and the engine's ruleset
 * registry, works out every key the system can ask for, and compares that set with en.json both
 * ways: a key used but missing fails, and a key present that nothing uses fails.
 *
 * Where keys come from:
 * 1. String literals in src/**\/*.ts that look like keys (`"TEMPO.Tracker.Round"`).
 * 2. Key-shaped strings in templates/**\/*.hbs (`{{localize "TEMPO.Sheet.Actions"}}`, hash args).
 * 3. Strings of the form TEMPO.* anywhere in system.json (pack labels, pack folders).
 * 4. Refusals: `refuse(X)` produces `TEMPO.Refusal.<X>`. X is resolved with the TypeScript
 *    checker: a literal, a union of literal types, a template literal over such unions, `a ?? b`,
 *    `c ? a : b`, or a lookup in a const object literal (`POOL_REFUSAL[pool]`). A refusal key that
 *    cannot be resolved this way fails the test, naming the file and line.
 * 5. Keys built at run time (`TEMPO.Action.${id}`, `"TEMPO.Pool." + pool`) are resolved the same
 *    way when the checker can; otherwise their literal head must name one of the DYNAMIC families
 *    below, whose members are computed from the engine's ruleset registry, and every member the
 *    expression's shape can produce counts as used (so every member must exist in en.json).
 *    A built key that fits no family fails the test.
 * 6. Data model field labels: a model with `LOCALIZATION_PREFIXES = ["P"]` makes Foundry look up
 *    `P.FIELDS.<path>.label` (and `.hint`) for every field of its schema; see collectFieldLabels.
 * 7. `TYPES.<Document>.<subtype>` for every subtype system.json declares in documentTypes.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

import { fieldPaths, loadModels, type ModelClass } from "./foundry/sheets/fields";

import { COMMAND_TYPES, RULESET_IDS, type Ruleset } from "../src/engine";
import { RULESETS } from "../src/engine/rulesets";

const ROOT = resolve(__dirname, "..");
const KEY = /^(TEMPO|TYPES)\.[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

function filesUnder(dir: string, ending: string): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const path = join(abs, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(relative(ROOT, path), ending));
    else if (entry.name.endsWith(ending) && !entry.name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function where(node: ts.Node): string {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${relative(ROOT, file.fileName)}:${line + 1}`;
}

/** en.json flattened to dotted keys; a non-string leaf is reported, not silently skipped. */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value);
}

// ---------------------------------------------------------------------------------------------
// Dynamic families: keys the code builds from engine ids. Each family is a literal head and the
// values its placeholder(s) can take, computed from the registry so a new action, reaction or
// condition in a ruleset is checked as soon as it exists. Values may span several segments
// ("rating.apRefresh") for expressions with several placeholders.
// ---------------------------------------------------------------------------------------------
const rulesets: Ruleset[] = RULESET_IDS.flatMap((id) => RULESETS[id] ?? []);
const unique = (xs: Iterable<string>): string[] => [...new Set(xs)].sort();

const DYNAMIC: Record<string, string[]> = {
  /** TEMPO.Ruleset.<rulesetId>: the ruleset's name (settings, sheets, tracker). */
  "TEMPO.Ruleset.": [...RULESET_IDS],
  /** TEMPO.Command.<commandType>: every engine command, by its label (chat titles, refusals). */
  "TEMPO.Command.": [...COMMAND_TYPES],
  /** TEMPO.Action.<actionId>: every action of every ruleset. */
  "TEMPO.Action.": unique(rulesets.flatMap((r) => Object.keys(r.actions))),
  /** TEMPO.Reaction.<reactionId>: every reaction of every ruleset. */
  "TEMPO.Reaction.": unique(rulesets.flatMap((r) => Object.keys(r.reactions))),
  /** TEMPO.Condition.<conditionId>: every condition a ruleset gives meaning to. */
  "TEMPO.Condition.": unique(rulesets.flatMap((r) => r.conditions)),
  /** TEMPO.Pool.<poolId>: ap, rp, fp ... as the rulesets define them. */
  "TEMPO.Pool.": unique(rulesets.flatMap((r) => r.pools.map((p) => p.id))),
  /** TEMPO.Refill.<refillTime>: when a pool refills, for each time a pool of some ruleset uses. */
  "TEMPO.Refill.": unique(
    rulesets.flatMap((r) =>
      r.pools.flatMap((p) => optionCombinations(r).map((options) => p.refillsAt(options))),
    ),
  ),
  /** TEMPO.Stat.<stat> and TEMPO.Skill.<skill>: what the rulesets read from a combatant. */
  "TEMPO.Stat.": unique(rulesets.flatMap((r) => r.stats)),
  "TEMPO.Skill.": unique(rulesets.flatMap((r) => r.skills)),
  /** TEMPO.ActionKind.<kind>: the rule texts' own categories (attack, move, special ...). */
  "TEMPO.ActionKind.": unique(rulesets.flatMap((r) => Object.values(r.actions).map((a) => a.kind))),
  /** TEMPO.Limit.<limit>: limits on actions ("oncePerRound"). */
  "TEMPO.Limit.": unique(rulesets.flatMap((r) => Object.values(r.actions).flatMap((a) => a.limits ?? []))),
  /** TEMPO.Option.<rulesetId>.<option>[.<choice>]: ruleset options and their choices. */
  "TEMPO.Option.": unique(
    rulesets.flatMap((r) =>
      Object.entries(r.options).flatMap(([option, def]) => [
        `${r.id}.${option}`,
        ...def.choices.map((choice) => `${r.id}.${option}.${choice}`),
      ]),
    ),
  ),
};

/** Every combination of a ruleset's option values (a pool may refill at another time under an option). */
function optionCombinations(r: Ruleset): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const [option, def] of Object.entries(r.options)) {
    combos = combos.flatMap((c) => def.choices.map((choice) => ({ ...c, [option]: choice })));
  }
  return combos;
}

// ---------------------------------------------------------------------------------------------
// Resolving string expressions with the checker.
// ---------------------------------------------------------------------------------------------
type Part = { literal: string } | { span: ts.Expression };

const UNRESOLVED = null;

/** All strings an expression can evaluate to, or null when that cannot be known statically. */
function resolveStrings(expr: ts.Expression, checker: ts.TypeChecker, depth = 0): string[] | null {
  if (depth > 8) return UNRESOLVED;
  const e = skipParens(expr);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isTemplateExpression(e)) {
    let acc = [e.head.text];
    for (const span of e.templateSpans) {
      const values = resolveStrings(span.expression, checker, depth + 1);
      if (!values) return UNRESOLVED;
      acc = acc.flatMap((a) => values.map((v) => a + v + span.literal.text));
    }
    return acc;
  }
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
      const left = resolveStrings(e.left, checker, depth + 1);
      const right = resolveStrings(e.right, checker, depth + 1);
      return left && right ? unique([...left, ...right]) : UNRESOLVED;
    }
    if (op === ts.SyntaxKind.PlusToken) {
      const left = resolveStrings(e.left, checker, depth + 1);
      const right = resolveStrings(e.right, checker, depth + 1);
      return left && right ? left.flatMap((l) => right.map((r) => l + r)) : UNRESOLVED;
    }
  }
  if (ts.isConditionalExpression(e)) {
    const a = resolveStrings(e.whenTrue, checker, depth + 1);
    const b = resolveStrings(e.whenFalse, checker, depth + 1);
    return a && b ? unique([...a, ...b]) : UNRESOLVED;
  }
  const fromType = literalsOfType(checker.getTypeAtLocation(e));
  if (fromType) return fromType;
  if (ts.isElementAccessExpression(e) || ts.isPropertyAccessExpression(e)) {
    const target = ts.isElementAccessExpression(e) ? e.expression : e.expression;
    const object = constObjectLiteral(target, checker);
    if (object) {
      const values: string[] = [];
      for (const prop of object.properties) {
        if (!ts.isPropertyAssignment(prop)) return UNRESOLVED;
        if (ts.isPropertyAccessExpression(e) && prop.name.getText() !== e.name.text) continue;
        const v = resolveStrings(prop.initializer, checker, depth + 1);
        if (!v) return UNRESOLVED;
        values.push(...v);
      }
      return values.length > 0 ? unique(values) : UNRESOLVED;
    }
  }
  if (ts.isIdentifier(e)) {
    const init = constInitializer(e, checker);
    if (init) return resolveStrings(init, checker, depth + 1);
  }
  return UNRESOLVED;
}

function skipParens(e: ts.Expression): ts.Expression {
  let x = e;
  while (
    ts.isParenthesizedExpression(x) ||
    ts.isAsExpression(x) ||
    ts.isSatisfiesExpression(x) ||
    ts.isNonNullExpression(x)
  )
    x = x.expression;
  return x;
}

/** The string literal members of a type (a literal or a union of literals; undefined dropped). */
function literalsOfType(type: ts.Type): string[] | null {
  const members = type.isUnion() ? type.types : [type];
  const out: string[] = [];
  for (const t of members) {
    if (t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) continue;
    if (!t.isStringLiteral()) return null;
    out.push(t.value);
  }
  return out.length > 0 ? out : null;
}

function constInitializer(id: ts.Identifier, checker: ts.TypeChecker): ts.Expression | undefined {
  const symbol = checker.getSymbolAtLocation(id);
  const decl = symbol?.valueDeclaration;
  if (!decl || !ts.isVariableDeclaration(decl) || !decl.initializer) return undefined;
  const list = decl.parent;
  if (!ts.isVariableDeclarationList(list) || !(list.flags & ts.NodeFlags.Const)) return undefined;
  return decl.initializer;
}

function constObjectLiteral(
  target: ts.Expression,
  checker: ts.TypeChecker,
): ts.ObjectLiteralExpression | undefined {
  const t = skipParens(target);
  if (!ts.isIdentifier(t)) return undefined;
  const init = constInitializer(t, checker);
  const inner = init ? skipParens(init) : undefined;
  return inner && ts.isObjectLiteralExpression(inner) ? inner : undefined;
}

/** A key expression as literal pieces and placeholders: `TEMPO.Action.${id}.Rules`, "TEMPO.Pool." + p. */
function partsOf(expr: ts.Expression): Part[] {
  const e = skipParens(expr);
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [{ literal: e.text }];
  if (ts.isTemplateExpression(e)) {
    const parts: Part[] = [{ literal: e.head.text }];
    for (const span of e.templateSpans) parts.push({ span: span.expression }, { literal: span.literal.text });
    return parts;
  }
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return [...partsOf(e.left), ...partsOf(e.right)];
  return [{ span: e }];
}

// ---------------------------------------------------------------------------------------------
// Collecting the keys in use.
// ---------------------------------------------------------------------------------------------
interface Usage {
  /** key → first place it is used */
  used: Map<string, string>;
  /** problems that make the set of keys unknowable */
  problems: string[];
  /** LOCALIZATION_PREFIXES found, with the class they belong to */
  prefixes: { prefix: string; owner: string; at: string }[];
}

function use(usage: Usage, key: string, at: string): void {
  if (!usage.used.has(key)) usage.used.set(key, at);
}

/** Keys a built key expression can produce, via the checker or a dynamic family. */
function expandBuilt(expr: ts.Expression, checker: ts.TypeChecker, usage: Usage): void {
  const at = where(expr);
  const resolved = resolveStrings(expr, checker);
  if (resolved && resolved.every((k) => KEY.test(k))) {
    for (const k of resolved) use(usage, k, at);
    return;
  }
  const parts = partsOf(expr);
  const head = parts[0] && "literal" in parts[0] ? parts[0].literal : "";
  const family = Object.keys(DYNAMIC).find((prefix) => head === prefix);
  if (!family) {
    usage.problems.push(`${at}: key built at run time (${expr.getText()}) fits no documented dynamic family`);
    return;
  }
  // The placeholders are one segment each; the last literal piece is a tail added to every member.
  const rest = parts.slice(1);
  const last = rest[rest.length - 1];
  const tail = last && "literal" in last ? last.literal : "";
  const inner = (tail ? rest.slice(0, -1) : rest)
    .map((p) => ("literal" in p ? p.literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : "[A-Za-z0-9_-]+"))
    .join("");
  const shape = new RegExp(`^${inner}$`);
  const members = (DYNAMIC[family] ?? []).filter((v) => shape.test(v));
  if (members.length === 0 && (DYNAMIC[family] ?? []).length > 0) {
    usage.problems.push(`${at}: ${expr.getText()} matches no member of the family ${family}*`);
    return;
  }
  for (const m of members) use(usage, `${family}${m}${tail}`, at);
}

function isRefuseCall(node: ts.Node): node is ts.CallExpression {
  return ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "refuse";
}

function collectFromSource(usage: Usage): void {
  const files = filesUnder("src", ".ts");
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    types: [],
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const visit = (node: ts.Node): void => {
      if (isRefuseCall(node)) {
        const arg = node.arguments[0];
        const values = arg ? resolveStrings(arg, checker) : null;
        if (!values)
          usage.problems.push(
            `${where(node)}: refuse(${arg?.getText() ?? ""}) has a key the test cannot resolve`,
          );
        else for (const v of values) use(usage, `TEMPO.Refusal.${v}`, where(node));
        for (const a of node.arguments.slice(1)) visit(a);
        return;
      }
      // refuse() itself builds `TEMPO.Refusal.${key}`; its keys are counted at each call (rule 4).
      if (ts.isFunctionDeclaration(node) && node.name?.text === "refuse") return;
      if (ts.isPropertyDeclaration(node) && node.name.getText() === "LOCALIZATION_PREFIXES") {
        const owner = ts.isClassLike(node.parent) ? (node.parent.name?.text ?? "?") : "?";
        const init = node.initializer ? skipParens(node.initializer) : undefined;
        if (!init || !ts.isArrayLiteralExpression(init)) {
          usage.problems.push(`${where(node)}: LOCALIZATION_PREFIXES is not an array literal`);
        } else {
          for (const el of init.elements) {
            const values = resolveStrings(el, checker);
            if (!values) usage.problems.push(`${where(el)}: LOCALIZATION_PREFIXES entry cannot be resolved`);
            else for (const prefix of values) usage.prefixes.push({ prefix, owner, at: where(el) });
          }
        }
        return;
      }
      if (ts.isTemplateExpression(node) && /^(TEMPO|TYPES)\./.test(node.head.text)) {
        expandBuilt(node, checker, usage);
        return;
      }
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
        !(ts.isBinaryExpression(node.parent) && node.parent.operatorToken.kind === ts.SyntaxKind.PlusToken)
      ) {
        const first = partsOf(node)[0];
        if (first && "literal" in first && /^(TEMPO|TYPES)\./.test(first.literal)) {
          expandBuilt(node, checker, usage);
          return;
        }
      }
      if (
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
        /^(TEMPO|TYPES)\./.test(node.text)
      ) {
        if (KEY.test(node.text)) use(usage, node.text, where(node));
        else usage.problems.push(`${where(node)}: "${node.text}" looks like a key but is not one`);
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

function collectFromTemplates(usage: Usage): void {
  for (const file of filesUnder("templates", ".hbs")) {
    const text = readFileSync(file, "utf8");
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/["'](TEMPO\.[^"'\s]*)["']/g)) {
        const key = m[1] ?? "";
        const at = `${relative(ROOT, file)}:${i + 1}`;
        if (KEY.test(key)) use(usage, key, at);
        else usage.problems.push(`${at}: "${key}" looks like a key but is not one`);
      }
    });
  }
}

interface Manifest {
  documentTypes?: Record<string, Record<string, unknown>>;
}

function collectFromManifest(usage: Usage): Manifest {
  const path = join(ROOT, "system.json");
  if (!existsSync(path)) return {};
  const text = readFileSync(path, "utf8");
  for (const m of text.matchAll(/"(TEMPO\.[^"]*)"/g)) use(usage, m[1] ?? "", "system.json");
  const manifest = JSON.parse(text) as Manifest;
  for (const [documentName, types] of Object.entries(manifest.documentTypes ?? {})) {
    for (const type of Object.keys(types))
      use(usage, `TYPES.${documentName}.${type}`, "system.json documentTypes");
  }
  return manifest;
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// Field labels. Foundry localises each field of a model with LOCALIZATION_PREFIXES ["P"] from
// P.FIELDS.<path>.label and P.FIELDS.<path>.hint, nested schema fields by their dotted path
// (P.FIELDS.pools.ap.value.label). Every field needs its label (forms and sheets show it); a hint
// is optional and counts as used when present. The schemas come from the data models themselves
// (read in Node through tests/foundry/sheets/fields.ts).
// ---------------------------------------------------------------------------------------------
const models = await loadModels();
const modelClasses = new Map<string, ModelClass>(
  Object.values(models)
    .filter((m): m is typeof m & ModelClass => typeof m === "function" && "defineSchema" in m)
    .map((m) => [m.name, m as unknown as ModelClass]),
);

function collectFieldLabels(usage: Usage, allKeys: Set<string>): void {
  for (const { prefix, owner, at } of usage.prefixes) {
    const model = modelClasses.get(owner);
    if (!model) {
      // An abstract base or a class the data index does not export: its subclasses are checked.
      if ([...modelClasses.values()].some((m) => m.LOCALIZATION_PREFIXES.includes(prefix))) continue;
      usage.problems.push(
        `${at}: ${owner} sets LOCALIZATION_PREFIXES but is not exported by src/foundry/data`,
      );
      continue;
    }
    for (const path of fieldPaths(model)) {
      use(usage, `${prefix}.FIELDS.${path}.label`, at);
      const hint = `${prefix}.FIELDS.${path}.hint`;
      if (allKeys.has(hint)) use(usage, hint, at);
    }
  }
}

const langPath = join(ROOT, "lang", "en.json");
const en = new Map<string, unknown>();
if (existsSync(langPath)) flatten(JSON.parse(readFileSync(langPath, "utf8")), "", en);

const usage: Usage = { used: new Map(), problems: [], prefixes: [] };
collectFromSource(usage);
collectFromTemplates(usage);
collectFromManifest(usage);
collectFieldLabels(usage, new Set(en.keys()));

/**
 * A key used in its Foundry-style plural forms: `K.one`, `K.other` ... (the categories of
 * Intl.PluralRules, as game.i18n.pluralRules selects them; src/views/words.ts `plural`). A used key
 * K with no text of its own is present when it has at least `K.other`; each form counts as used.
 */
const PLURAL_CATEGORIES = ["zero", "one", "two", "few", "many", "other"];
function pluralForms(key: string): string[] {
  if (en.has(key) || !en.has(`${key}.other`)) return [];
  return PLURAL_CATEGORIES.map((c) => `${key}.${c}`).filter((k) => en.has(k));
}

describe("lang/en.json", () => {
  it("exists and holds only strings", () => {
    expect(existsSync(langPath)).toBe(true);
    const nonStrings = [...en].filter(([, v]) => typeof v !== "string").map(([k]) => k);
    expect(nonStrings).toEqual([]);
  });

  it("every key the code builds can be worked out (literal keys, resolvable refusals, documented dynamic families)", () => {
    expect(usage.problems).toEqual([]);
  });

  it('has every key the code, templates, manifest and rulesets use ("Every string goes through lang/en.json")', () => {
    const missing = [...usage.used]
      .filter(([k]) => !en.has(k) && !pluralForms(k).length)
      .map(([k, at]) => `${k}  (used at ${at})`);
    expect(missing).toEqual([]);
  });

  it("holds no key that nothing uses", () => {
    const plurals = new Set([...usage.used.keys()].flatMap(pluralForms));
    const unused = [...en.keys()].filter((k) => !usage.used.has(k) && !plurals.has(k)).sort();
    expect(unused).toEqual([]);
  });

  it("finds the keys it is meant to find (self-check of the scanner)", () => {
    // Each engine refusal with a literal key must show up as TEMPO.Refusal.<key>; the core's
    // pools module refuses through a lookup table, which the checker must expand.
    expect(usage.used.has("TEMPO.Refusal.NotYourTurn")).toBe(true);
    expect(usage.used.has("TEMPO.Refusal.NotEnoughAP")).toBe(true);
    expect(usage.used.has("TEMPO.Refusal.NotEnoughPool")).toBe(true);
    expect(usage.used.has("TEMPO.Refusal.MoveEnemyCell")).toBe(true);
    // A counted refusal is kept in its plural forms and still found through its one key.
    expect(pluralForms("TEMPO.Refusal.ReactionsPending")).toEqual([
      "TEMPO.Refusal.ReactionsPending.one",
      "TEMPO.Refusal.ReactionsPending.other",
    ]);
    expect(usage.used.has("TEMPO.Refusal.ReactionsPending")).toBe(true);
  });
});
