/**
 * No text a user reads keeps an unfilled `{placeholder}`, and every chat card names who acts and
 * whom it is aimed at, in every ruleset.
 *
 * Chat cards: every scenario under tests/scenarios is played through the engine; each accepted
 * command's card (src/views/chat.ts) is rendered with templates/chat/card.hbs, and each refused
 * command's refusal is worded as the hosts word it (refusalText), with the data the engine gave.
 *
 * Refusals: every place in src that makes a refusal (`refuse(key, data)`, `refused(key, data)`,
 * a `{ key: "TEMPO.Refusal.X", data }` literal, `new SetupError(key, data)`) is read with the
 * TypeScript parser; its key(s) are worded with exactly the data fields that place gives, so a
 * lang text asking for a field the engine does not send fails here, naming the file and line.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  ScriptedDice,
  type Command,
  type EncounterState,
  type EngineEvent,
  type RulesetId,
  combatantIn,
} from "../../src/engine";
import { loadScenario } from "../../src/scenario/load";
import { chatCard } from "../../src/views/chat";
import { refusalText } from "../../src/views/sheet";
import { repoPath, TEMPLATE_PATHS } from "../../src/views/templates";
import { i18n, templateEnv, unescape } from "../foundry/sheets/handlebars";

const ROOT = resolve(__dirname, "../..");
/** The chat card template, compiled once (templates/chat/card.hbs, as Foundry renders it). */
const cardTemplate = templateEnv().compile(
  readFileSync(join(ROOT, repoPath(TEMPLATE_PATHS.chatCard)), "utf8"),
);
const LEFTOVER = /\{[A-Za-z_][A-Za-z0-9_]*\}/;

function filesUnder(dir: string, ending: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path, ending));
    else if (entry.name.endsWith(ending)) out.push(path);
  }
  return out.sort();
}

interface Played {
  scenario: string;
  ruleset: RulesetId;
  accepted: { command: Command; events: EngineEvent[]; state: EncounterState }[];
  refused: { command: Command; key: string; data: Record<string, unknown>; text: string }[];
}

/** A scenario played through the engine, keeping every card's input and every refusal. */
function play(file: string): Played {
  const scenario = loadScenario(readFileSync(file, "utf8"));
  const dice = new ScriptedDice(scenario.dice);
  let state = createEncounter(scenario.setup, scenario.ruleset);
  const out: Played = {
    scenario: relative(ROOT, file),
    ruleset: scenario.ruleset.id,
    accepted: [],
    refused: [],
  };
  for (const step of scenario.steps) {
    const result = apply(state, step.command, dice, scenario.ruleset);
    if (result.ok) {
      state = result.state;
      out.accepted.push({ command: step.command, events: [...result.events], state });
    } else {
      out.refused.push({
        command: step.command,
        key: result.refusal.key,
        data: result.refusal.data,
        text: refusalText(result.refusal, i18n),
      });
    }
  }
  return out;
}

const played = filesUnder(join(ROOT, "tests/scenarios"), ".yaml").map(play);
const RULESETS: RulesetId[] = ["flow", "rating", "segments", "phases", "marching"];
/** The event that says how an action aimed at another ended: rating's text has no attack roll. */
const AIMED: Record<RulesetId, string> = {
  flow: "attackResolved",
  rating: "actionResolved",
  segments: "attackResolved",
  phases: "attackResolved",
  marching: "attackResolved",
};

describe("chat cards of every scenario, in every ruleset", () => {
  it("plays scenarios of every ruleset, with attacks (rating: actions aimed at a foe) in each", () => {
    for (const id of RULESETS) {
      const mine = played.filter((p) => p.ruleset === id);
      expect(mine.length, id).toBeGreaterThan(0);
      const aimed = mine.flatMap((p) => p.accepted).filter((a) => a.events.some((e) => e.type === AIMED[id]));
      expect(aimed.length, `${id}: ${AIMED[id]}`).toBeGreaterThan(0);
    }
  });

  it("renders every card with no unfilled placeholder and no raw key", () => {
    const problems: string[] = [];
    for (const p of played) {
      for (const [i, a] of p.accepted.entries()) {
        const card = chatCard({ command: a.command, events: a.events }, a.state, i18n);
        if (!card) continue;
        const html = unescape(cardTemplate({ tempo: card }));
        const left = LEFTOVER.exec(html);
        if (left) problems.push(`${p.scenario} #${i + 1} ${a.command.type}: ${left[0]}`);
        if (html.includes("TEMPO.")) problems.push(`${p.scenario} #${i + 1} ${a.command.type}: raw key`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("names the attacker and the target of every attack or aimed action, whichever field the ruleset names them by", () => {
    const problems: string[] = [];
    for (const p of played) {
      for (const [i, a] of p.accepted.entries()) {
        const card = chatCard({ command: a.command, events: a.events }, a.state, i18n);
        for (const e of a.events.filter(
          (x) => x.type === AIMED[p.ruleset] && typeof x["target"] === "string",
        )) {
          // flow names the attacker `attacker`; segments, phases and marching `who`.
          const attacker = combatantIn(a.state, String(e["attacker"] ?? e["who"]))?.name;
          const target = combatantIn(a.state, String(e["target"]))?.name;
          const lines = [...(card?.outcome ?? []), ...(card?.notes ?? [])].map((o) => o.text);
          const named = lines.some((t) => attacker && target && t.includes(attacker) && t.includes(target));
          if (!named)
            problems.push(`${p.scenario} #${i + 1}: ${JSON.stringify(lines)} (${attacker} → ${target})`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("titles every card with the combatant whose command it is", () => {
    const problems: string[] = [];
    for (const p of played) {
      for (const [i, a] of p.accepted.entries()) {
        const card = chatCard({ command: a.command, events: a.events }, a.state, i18n);
        if (!card || !("who" in a.command)) continue;
        const name = combatantIn(a.state, a.command.who)?.name ?? a.command.who;
        if (!card.title.includes(name))
          problems.push(`${p.scenario} #${i + 1}: "${card.title}" lacks ${name}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("words every refusal the scenarios meet with the engine's data, nothing left unfilled", () => {
    const refusals = played.flatMap((p) => p.refused.map((r) => ({ ...r, scenario: p.scenario })));
    expect(refusals.length).toBeGreaterThan(20);
    const problems = refusals
      .filter((r) => LEFTOVER.test(r.text) || r.text.startsWith("TEMPO."))
      .map((r) => `${r.scenario}: ${r.key} ${JSON.stringify(r.data)} → ${r.text}`);
    expect(problems).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Every refusal the code can make, with the data fields each place gives.
// ---------------------------------------------------------------------------------------------
const lang = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>;

function langKeys(node: unknown, prefix: string, out: string[]): string[] {
  if (typeof node === "string") out.push(prefix);
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) langKeys(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
const ALL_KEYS = langKeys(lang, "", []);

interface Site {
  at: string;
  keys: string[];
  /** The data fields given; null when the data is not an object literal the parser can read. */
  fields: string[] | null;
}

function at(node: ts.Node): string {
  const file = node.getSourceFile();
  return `${relative(ROOT, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
}

/** The const object literal an identifier names in the same file, if any. */
function constObject(id: ts.Identifier, file: ts.SourceFile): ts.ObjectLiteralExpression | null {
  let found: ts.ObjectLiteralExpression | null = null;
  const visit = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === id.text && n.initializer) {
      let init: ts.Expression = n.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) found = init;
    }
    ts.forEachChild(n, visit);
  };
  visit(file);
  return found;
}

/** The string literals of a union type (`"EnemyCell" | "OccupiedEnd"`), or null. */
function literalsOf(type: ts.Type): string[] | null {
  const members = type.isUnion() ? type.types : [type];
  const out: string[] = [];
  for (const t of members) {
    if (!t.isStringLiteral()) return null;
    out.push(t.value);
  }
  return out;
}

/**
 * A type checker for the files whose keys are built from a typed value (`Move${reason}`): only
 * those files and what they import, so the whole of src need not be checked.
 */
function checkerFor(paths: string[]): { checker: ts.TypeChecker; file: (path: string) => ts.SourceFile } {
  const program = ts.createProgram(paths, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    types: [],
    lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
    skipLibCheck: true,
  });
  return {
    checker: program.getTypeChecker(),
    file: (path) => {
      const found = program.getSourceFile(path);
      if (!found) throw new Error(`not in the program: ${path}`);
      return found;
    },
  };
}

/** Keys (with `prefix` in front) an expression can give; a template's spans must be literal unions. */
function keysOf(
  expr: ts.Expression,
  prefix: string,
  file: ts.SourceFile,
  checker: ts.TypeChecker | null,
): string[] | null {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [prefix + expr.text];
  if (ts.isTemplateExpression(expr)) {
    if (!checker) return null;
    let acc = [prefix + expr.head.text];
    for (const span of expr.templateSpans) {
      const values = literalsOf(checker.getTypeAtLocation(span.expression));
      if (!values) return null;
      acc = acc.flatMap((a) => values.map((v) => a + v + span.literal.text));
    }
    return acc;
  }
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
    const left = keysOf(expr.left, prefix, file, checker);
    const right = keysOf(expr.right, prefix, file, checker);
    return left && right ? [...left, ...right] : null;
  }
  if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    const object = constObject(expr.expression, file);
    if (!object) return null;
    const out: string[] = [];
    for (const p of object.properties) {
      if (!ts.isPropertyAssignment(p)) return null;
      const v = keysOf(p.initializer, prefix, file, checker);
      if (!v) return null;
      out.push(...v);
    }
    return out;
  }
  return null;
}

function fieldsOf(expr: ts.Expression | undefined): string[] | null {
  if (!expr) return [];
  if (!ts.isObjectLiteralExpression(expr)) return null;
  const out: string[] = [];
  for (const p of expr.properties) {
    if (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) out.push(p.name.getText());
    else return null;
  }
  return out;
}

function refusalSites(): { sites: Site[]; unread: string[] } {
  const sites: Site[] = [];
  const unread: string[] = [];
  const paths = filesUnder(join(ROOT, "src"), ".ts").filter((p) => !p.endsWith(".d.ts"));
  // Pass 1 without types; the sites whose key is a template are read again with a checker.
  const typed: string[] = [];
  const scan = (path: string, file: ts.SourceFile, checker: ts.TypeChecker | null): void => {
    const add = (
      node: ts.Node,
      keyExpr: ts.Expression | undefined,
      prefix: string,
      data: ts.Expression | undefined,
    ) => {
      const keys = keyExpr ? keysOf(keyExpr, prefix, file, checker) : null;
      if (keys) sites.push({ at: at(node), keys, fields: fieldsOf(data) });
      else if (!checker && keyExpr && ts.isTemplateExpression(keyExpr)) {
        if (!typed.includes(path)) typed.push(path);
      } else unread.push(`${at(node)}: key ${keyExpr?.getText() ?? "(none)"}`);
    };
    const templated = (e: ts.Expression | undefined) => !!e && ts.isTemplateExpression(e);
    // With a checker, only the template sites are read (the rest were read in pass 1).
    const wanted = (e: ts.Expression | undefined) => (checker ? templated(e) : true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const name = node.expression.text;
        const key = node.arguments[0];
        // refuse("Key") makes TEMPO.Refusal.Key; refused() takes the whole key.
        if (name === "refuse" && wanted(key)) add(node, key, "TEMPO.Refusal.", node.arguments[1]);
        if (name === "refused" && wanted(key)) add(node, key, "", node.arguments[1]);
      }
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "SetupError"
      )
        if (wanted(node.arguments?.[0])) add(node, node.arguments?.[0], "", node.arguments?.[1]);
      if (ts.isObjectLiteralExpression(node)) {
        const prop = (n: string) =>
          node.properties.find(
            (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === n,
          );
        const key = prop("key")?.initializer;
        const text = key && (ts.isStringLiteral(key) || ts.isTemplateExpression(key)) ? key.getText() : "";
        if ((text.startsWith('"TEMPO.Refusal.') || text.startsWith("`TEMPO.Refusal.")) && wanted(key))
          add(node, key, "", prop("data")?.initializer);
      }
      // The definitions themselves build keys from their parameter.
      if (ts.isFunctionDeclaration(node) && (node.name?.text === "refuse" || node.name?.text === "refused"))
        return;
      ts.forEachChild(node, visit);
    };
    visit(file);
  };
  for (const path of paths)
    scan(path, ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.ES2022, true), null);
  if (typed.length > 0) {
    const { checker, file } = checkerFor(typed);
    for (const path of typed) scan(path, file(path), checker);
  }
  return { sites, unread };
}

describe("every refusal the code can make", () => {
  const { sites, unread } = refusalSites();

  it("is found, with keys the parser can read", () => {
    expect(unread).toEqual([]);
    expect(sites.length).toBeGreaterThan(150);
  });

  it("has its text in lang/en.json and asks only for fields that place gives", () => {
    const problems: string[] = [];
    for (const site of sites) {
      for (const key of site.keys) {
        // A counted refusal is kept in Foundry-style plural forms (key.one, key.other).
        if (!ALL_KEYS.includes(key) && !ALL_KEYS.includes(`${key}.other`)) {
          problems.push(`${site.at}: ${key} is not in lang/en.json`);
          continue;
        }
        if (site.fields === null) {
          problems.push(`${site.at}: data the parser cannot read`);
          continue;
        }
        // Each field filled with a value of the kind the engine sends (names are plain strings).
        const data = Object.fromEntries(
          site.fields.map((f) => [f, f === "at" ? [1, 2] : f === "count" ? 2 : `x${f}`]),
        );
        const text = refusalText({ key, data }, i18n);
        if (text.startsWith("TEMPO.")) problems.push(`${site.at}: ${key} is worded as its raw key`);
        const left = LEFTOVER.exec(text);
        if (left)
          problems.push(
            `${site.at}: ${key} asks for ${left[0]}, given ${site.fields.join(", ") || "nothing"}`,
          );
      }
    }
    expect(problems).toEqual([]);
  });
});
