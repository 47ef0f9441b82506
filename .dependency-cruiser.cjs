/* global module */
// The architecture, checked (issue 41; docs/design.md "Layers"). `npm run lint` runs
// `depcruise src --config .dependency-cruiser.cjs`: a broken rule fails lint and names the
// offending import (from -> to). Type-only imports count (tsPreCompilationDeps), so a type shared
// both ways belongs in the lower file. tests/architecture.test.ts shows once that a deliberately
// added upward import, or a circle, fails it.

/**
 * The Foundry adapter's layers, lowest first. A file may import its own layer and the layers
 * below it, never one above. Inside a folder, files import each other by file (never their own
 * folder's index), and the no-circular rule keeps those imports one-way too.
 */
const ADAPTER_LAYERS = [
  ["data", "^src/foundry/data/"],
  ["base", "^src/foundry/(settings|localizer)[.]ts$"],
  ["store", "^src/foundry/store/"],
  ["rules", "^src/foundry/rules/"],
  ["channel", "^src/foundry/channel/"],
  ["migrations", "^src/foundry/migrations/"],
  ["documents", "^src/foundry/documents/"],
  ["apps", "^src/foundry/apps/"],
  ["table", "^src/foundry/table/"],
  ["quench", "^src/foundry/quench/"],
  ["types", "^src/foundry/types[.]d[.]ts$"],
];

const layerRules = ADAPTER_LAYERS.slice(0, -1).map(([name, path], i) => ({
  name: `foundry-layer-${name}`,
  comment: `src/foundry/${name} imports only its own layer and those below it (${ADAPTER_LAYERS.slice(0, i)
    .map(([n]) => n)
    .join(", ") || "none"}): never ${ADAPTER_LAYERS.slice(i + 1)
    .map(([n]) => n)
    .join(", ")}.`,
  severity: "error",
  from: { path },
  to: { path: ADAPTER_LAYERS.slice(i + 1).map(([, p]) => p) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circle anywhere in src (type-only imports included).",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "engine-pure",
      comment: "src/engine imports nothing of src outside itself.",
      severity: "error",
      from: { path: "^src/engine/" },
      to: { path: "^src/", pathNot: "^src/engine/" },
    },
    {
      name: "views-only-engine",
      comment: "src/views imports only the engine and itself.",
      severity: "error",
      from: { path: "^src/views/" },
      to: { path: "^src/", pathNot: "^src/(engine|views)/" },
    },
    {
      name: "scenario-only-engine",
      comment: "src/scenario imports only the engine and itself.",
      severity: "error",
      from: { path: "^src/scenario/" },
      to: { path: "^src/", pathNot: "^src/(engine|scenario)/" },
    },
    {
      name: "foundry-not-playground",
      comment: "The Foundry adapter imports the engine and the views, never the playground, the scenario runner or the entry.",
      severity: "error",
      from: { path: "^src/foundry/" },
      to: { path: "^src/(playground/|scenario/|tempo[.]ts$)" },
    },
    {
      name: "playground-not-foundry",
      comment: "The playground imports the engine, the views and the scenario runner, never the Foundry adapter or its entry.",
      severity: "error",
      from: { path: "^src/playground/" },
      to: { path: "^src/(foundry/|tempo[.]ts$)" },
    },
    {
      name: "src-not-tests",
      comment: "Nothing in src imports tests/ or bench/.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(tests|bench)/" },
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "node_modules" },
    // Type-only imports are dependencies too: a circle of types is still a circle.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".d.ts", ".js", ".mjs", ".json"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
