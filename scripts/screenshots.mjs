/**
 * Screenshots of the character sheet, a weapon sheet, the combat tracker (also compact, with 6 and 20
 * combatants in a 300 px sidebar), the GM's combatant setup dialog (before the fight and during
 * it) and a token with engine conditions, rendered from the system's own templates and view
 * models with the real `handlebars` package and the system's CSS, in light and dark themes,
 * captured with playwright-core and Debian's Chromium.
 *
 *   node scripts/screenshots.mjs [outDir]        (default test-artifacts/screenshots)
 *   import { captureScreenshots } from "./screenshots.mjs"; await captureScreenshots({ outDir });
 *
 * The page defines the Foundry v13 theme variables the CSS reads (a light and a dark palette) on
 * .theme-light / .theme-dark wrappers, as Foundry does on its applications. Chromium is
 * /usr/bin/chromium unless CHROMIUM is set (`apt-get install -y chromium` installs it).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Handlebars from "handlebars";
import { chromium } from "playwright-core";
import { tsImport } from "tsx/esm/api";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");

function inlineCss(file, seen = new Set()) {
  if (seen.has(file)) return "";
  seen.add(file);
  let css;
  try {
    css = readFileSync(file, "utf8");
  } catch {
    return "";
  }
  return css.replace(/^\s*@import\s+(?:url\()?["']([^"']+)["']\)?\s*;\s*$/gm, (_l, path) =>
    inlineCss(resolve(dirname(file), path), seen),
  );
}

function localizer() {
  const lang = JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8"));
  const localize = (key) => {
    let node = lang;
    for (const part of key.split(".")) node = node && typeof node === "object" ? node[part] : undefined;
    return typeof node === "string" ? node : key;
  };
  const format = (key, data) => localize(key).replace(/{(\w+)}/g, (all, name) => (data[name] === undefined ? all : String(data[name])));
  return { localize, format };
}

/** The scene the pictures show: a flow fight in round 1, Aria's turn, an orc answering her attack. */
async function scene(i18n) {
  const engine = await tsImport(join(root, "src/engine/index.ts"), import.meta.url);
  const { sheetView, weaponSheetView } = await tsImport(join(root, "src/views/sheet.ts"), import.meta.url);
  const tracker = await tsImport(join(root, "src/views/tracker.ts"), import.meta.url);
  const ruleset = engine.getRuleset("flow");
  let state = engine.createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "aria", name: "Aria Vane", side: "party", pc: true, at: [0, 0], reach: 2, stats: { agility: 3 }, skills: { melee: 55 } },
        { id: "brannoc", name: "Brannoc", side: "party", pc: true, at: [0, 1], stats: { agility: 1 }, skills: { melee: 50 }, tags: ["shield"] },
        { id: "orc", name: "Orc Raider", side: "foes", at: [1, 0], stats: { agility: 1 }, skills: { melee: 45 } },
        { id: "ogre", name: "Ogre Brute", side: "foes", at: [3, -1], size: "large", skills: { melee: 50 } },
      ],
    },
    ruleset,
  );
  const step = (command, dice = []) => {
    const result = engine.apply(state, command, new engine.ScriptedDice(dice), ruleset);
    if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
    state = result.state;
  };
  step({ type: "start" }, [9, 6, 4, 2]);
  step({ type: "apply", who: "aria", condition: "readied", rounds: 1 });
  step({ type: "act", who: state.current, action: "feint", target: "orc", outcome: "success" });
  const current = state.current;
  const subject = {
    id: current,
    name: engine.combatantIn(state, current).name,
    img: PORTRAIT,
    type: "character",
    setup: { id: current, name: engine.combatantIn(state, current).name, side: "party", pc: true, reach: 2 },
    stats: { agility: 3, moveSpeed: 6, maxAp: 5, maxRp: 2, weaponRange: 0 },
    skills: { melee: 55, ranged: 25, agility: 50, athletics: 35, endurance: 30, deception: 40 },
    pools: { ap: 5, rp: 2, fp: 0 },
    weapons: [
      { id: "w1", name: "Halberd", img: "", kind: "melee", reach: 2, range: 0, damage: "1d10", equipped: true },
      { id: "w2", name: "Shortbow", img: "", kind: "ranged", reach: 0, range: 12, damage: "1d6", equipped: false },
    ],
  };
  const sheet = sheetView(
    { subject, ruleset: "flow", options: {}, encounter: { state, combatantId: current }, canControl: true, isGM: true, editable: true },
    i18n,
  );
  const weapon = weaponSheetView({
    id: "w1",
    name: "Halberd",
    img: PORTRAIT,
    type: "weapon",
    editable: true,
    fields: [
      { path: "kind", input: "select", label: "Kind", hint: "", value: "melee", choices: [{ value: "melee", label: "Melee" }, { value: "ranged", label: "Ranged" }] },
      { path: "reach", input: "number", label: "Reach", hint: "Cells the weapon reaches; 0 uses the wielder's size reach.", value: 2, min: 0, max: 10 },
      { path: "speed", input: "number", label: "Speed", hint: "", value: 0, min: 0, max: 20 },
      { path: "range", input: "number", label: "Range", hint: "", value: 0, min: 0, max: 200 },
      { path: "damage", input: "text", label: "Damage", hint: "", value: "1d10" },
      { path: "equipped", input: "checkbox", label: "Equipped", hint: "", value: true },
    ],
  });
  const docs = state.roster.map((id) => ({ id, name: engine.combatantIn(state, id).name, img: "", hidden: false }));
  const trackerContext = { tempo: tracker.trackerView(state, { i18n, isGM: true, owned: state.roster, combatants: docs }) };
  const { setupView } = await tsImport(join(root, "src/views/setup.ts"), import.meta.url);
  const setup = { tempo: setupView("dorn", "Dorn", { side: "party", marching: 2, surprised: true, unseen: false }, null, i18n) };
  const setupLive = { tempo: setupView("ogre", "Ogre Brute", { side: "foes", marching: null, surprised: false, unseen: false }, state, i18n) };
  // The orc under three engine conditions, as its token shows them (src/views/statuses.ts).
  step({ type: "apply", who: "orc", condition: "prone", rounds: 2 });
  step({ type: "apply", who: "orc", condition: "grappled", rounds: null });
  step({ type: "apply", who: "orc", condition: "totalDefense", rounds: 1 });
  const { tokenConditions } = await tsImport(join(root, "src/views/statuses.ts"), import.meta.url);
  const token = { name: engine.combatantIn(state, "orc").name, conditions: tokenConditions(state, "orc", i18n) };
  return {
    sheet,
    weapon,
    setup,
    setupLive,
    token,
    tracker: trackerContext,
    tracker6: crowd(engine, tracker, i18n, 6),
    tracker20: crowd(engine, tracker, i18n, 20),
  };
}

const NAMES = ["Aria Vane", "Brannoc", "Cressida of the Long Road", "Dorn", "Elspeth", "Fenwick", "Goblin Archer", "Goblin Cutter", "Hobgoblin Captain", "Ogre Brute"];

/** A segments fight of n combatants (two sides, marching places, conditions) in its HIGH stage, as the GM sees it. */
function crowd(engine, tracker, i18n, n) {
  const ruleset = engine.getRuleset("flow");
  const combatants = Array.from({ length: n }, (_, i) => ({
    id: `c${i}`,
    name: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? ` ${Math.floor(i / NAMES.length) + 1}` : ""}`,
    side: i % 3 === 2 ? "wolves" : i % 2 === 0 ? "party" : "goblins",
    pc: i % 2 === 0,
    stats: { agility: i % 4 },
    surprised: i === 3,
  }));
  let state = engine.createEncounter({ ruleset: "flow", grid: { type: "none" }, combatants }, ruleset);
  const step = (command, dice = []) => {
    const result = engine.apply(state, command, new engine.ScriptedDice(dice), ruleset);
    if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
    state = result.state;
  };
  step({ type: "start" }, Array.from({ length: 400 }, (_, i) => (i * 7) % 10 + 1));
  step({ type: "apply", who: "c1", condition: "prone", rounds: 2 });
  if (n > 5) step({ type: "apply", who: "c5", condition: "grappled", rounds: null });
  const docs = state.roster.map((id, i) => ({ id, name: engine.combatantIn(state, id).name, img: i % 2 === 0 ? PORTRAIT : GOBLIN, hidden: i === 4 }));
  return { tempo: tracker.trackerView(state, { i18n, isGM: true, owned: [], combatants: docs, ruleset: "flow" }) };
}

/**
 * A token as the playground's map draws it (src/playground/map.ts: a disc, its label, one badge per
 * engine condition beside it, "Prone 2"), on a patch of hex map; Foundry shows the same conditions
 * as the token's status icons (src/foundry/table/statuses.ts).
 */
function tokenSvg({ name, conditions }) {
  const r = 30;
  const esc = (t) => String(t).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);
  const hex = (cx, cy) => {
    const pts = Array.from({ length: 6 }, (_, k) => {
      const a = (Math.PI / 3) * k + Math.PI / 6;
      return `${(cx + 40 * Math.cos(a)).toFixed(1)},${(cy + 40 * Math.sin(a)).toFixed(1)}`;
    });
    return `<polygon points="${pts.join(" ")}" class="tok-cell"/>`;
  };
  const cells = [hex(80, 70), hex(149.3, 70), hex(114.6, 130), hex(45.4, 130)].join("");
  const size = Math.max(9, r * 0.42);
  const badges = conditions
    .map(
      (k, i) =>
        `<text class="tok-status" data-condition="${esc(k.id)}" x="${(r * 0.75).toFixed(1)}" y="${(-r * 0.6 + i * size * 1.25).toFixed(1)}" font-size="${size.toFixed(1)}"><title>${esc(k.label)}</title>${esc(k.short)}</text>`,
    )
    .join("");
  return `<svg class="tok" viewBox="0 0 260 180" width="260" height="180" role="img" aria-label="${esc(name)}: ${esc(conditions.map((k) => k.label).join(", "))}">
    ${cells}
    <g transform="translate(80,70)">
      <circle r="${r + 5}" class="tok-ring"/><circle r="${r}" class="tok-disc"/>
      <text class="tok-label" text-anchor="middle" dominant-baseline="central" font-size="${(r * 0.62).toFixed(1)}">OR</text>
      ${badges}
    </g>
  </svg>`;
}

/** A portrait placeholder (Foundry's own icons are not served outside Foundry). */
const PORTRAIT =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#7a6f5c"/><circle cx="32" cy="24" r="11" fill="#d8cfbf"/><path d="M12 60c2-14 10-20 20-20s18 6 20 20z" fill="#d8cfbf"/></svg>',
  );

const GOBLIN =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#4d6b3a"/><circle cx="32" cy="28" r="14" fill="#9fc27a"/><path d="M14 22l8 6M50 22l-8 6" stroke="#9fc27a" stroke-width="5"/></svg>',
  );

const THEMES = {
  light: `--color-text-primary:#191813;--color-text-secondary:#4b4a44;--color-text-subtle:#6f6c64;--color-border:#8a877d;
    --color-warm-1:#c9593f;--color-warm-2:#b5462d;--color-warm-3:rgba(201,89,63,.15);--color-level-success:#2f7d32;
    --color-level-warning:#8a5a00;--color-border-highlight:#ff6400;--button-background-color:rgba(0,0,0,.06);
    --shot-bg:#ece7da;background:#ece7da;color:#191813;`,
  dark: `--color-text-primary:#e7e5df;--color-text-secondary:#b3afa4;--color-text-subtle:#8d897f;--color-border:#5d5a52;
    --color-warm-1:#e0a93b;--color-warm-2:#e2835f;--color-warm-3:rgba(226,131,95,.18);--color-level-success:#6fbf73;
    --color-level-warning:#e0b84f;--color-border-highlight:#ff6400;--button-background-color:rgba(255,255,255,.08);
    --shot-bg:#1f2127;background:#1f2127;color:#e7e5df;`,
};

function page(css, body) {
  const themes = Object.entries(THEMES)
    .map(([name, vars]) => `.theme-${name}{${vars}}`)
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
  body{margin:0;font:14px/1.4 "Signika","Segoe UI",system-ui,sans-serif}
  ${themes}
  .shot{display:inline-block;padding:16px;vertical-align:top}
  .frame{width:640px}
  .frame.narrow{width:320px}
  .frame.sidebar{width:300px}
  .frame.item{width:480px}
  .frame.token{width:260px}
  .tok-cell{fill:none;stroke:var(--color-border);stroke-width:1}
  .tok-ring{fill:none;stroke:var(--color-border-highlight);stroke-width:3}
  .tok-disc{fill:#8c3b2e}
  .tok-label{fill:#fff;font-weight:700}
  .tok-status{fill:var(--color-text-primary);paint-order:stroke;stroke:var(--shot-bg);stroke-width:3px;font-weight:600}
  input,select,textarea{font:inherit;color:inherit;background:transparent;border:1px solid var(--color-border);border-radius:3px;padding:2px 4px}
  ${css}
  </style></head><body>${body}</body></html>`;
}

export async function captureScreenshots({ outDir = join(root, "test-artifacts/screenshots"), executablePath } = {}) {
  const i18n = localizer();
  const hbs = Handlebars.create();
  hbs.registerHelper("localize", (key, options) => {
    const hash = options?.hash ?? {};
    return Object.keys(hash).length > 0 ? i18n.format(String(key), hash) : i18n.localize(String(key));
  });
  const { PARTIALS, TEMPLATE_PATHS, repoPath } = await tsImport(join(root, "src/views/templates.ts"), import.meta.url);
  for (const [name, path] of Object.entries(PARTIALS)) {
    try {
      hbs.registerPartial(name, readFileSync(join(root, repoPath(path)), "utf8"));
    } catch {
      // A partial not written yet: templates that need it fail below, loudly.
    }
  }
  const template = (path) => hbs.compile(readFileSync(join(root, repoPath(path)), "utf8"));
  const context = await scene(i18n);
  const parts = {
    sheet: ["frame", template(TEMPLATE_PATHS.actorSheet)(context.sheet)],
    weapon: ["frame item", template(TEMPLATE_PATHS.itemSheet)(context.weapon)],
    tracker: ["frame narrow", template(TEMPLATE_PATHS.tracker)(context.tracker)],
    "tracker-6": ["frame sidebar", template(TEMPLATE_PATHS.tracker)(context.tracker6)],
    "tracker-20": ["frame sidebar", template(TEMPLATE_PATHS.tracker)(context.tracker20)],
    "combatant-setup": ["frame item", template(TEMPLATE_PATHS.combatantSetup)(context.setup)],
    "combatant-setup-live": ["frame item", template(TEMPLATE_PATHS.combatantSetup)(context.setupLive)],
    "token-conditions": ["frame token", tokenSvg(context.token)],
  };
  const body = Object.keys(THEMES)
    .flatMap((theme) =>
      Object.entries(parts).map(
        ([name, [cls, html]]) => `<div class="shot theme-${theme}" id="${name}-${theme}"><div class="${cls}">${html}</div></div>`,
      ),
    )
    .join("\n");
  const html = page(inlineCss(join(root, "styles/tempo.css")), body);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "screenshots.html"), html);

  const browser = await chromium.launch({ executablePath: executablePath ?? process.env.CHROMIUM ?? "/usr/bin/chromium" });
  const files = [];
  try {
    const tab = await browser.newPage({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
    await tab.setContent(html, { waitUntil: "load" });
    for (const theme of Object.keys(THEMES)) {
      for (const name of Object.keys(parts)) {
        const file = join(outDir, `${name}-${theme}.png`);
        await tab.locator(`#${name}-${theme}`).screenshot({ path: file });
        files.push(file);
      }
    }
  } finally {
    await browser.close();
  }
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const files = await captureScreenshots(process.argv[2] ? { outDir: resolve(process.argv[2]) } : {});
  for (const f of files) console.log(f);
}
