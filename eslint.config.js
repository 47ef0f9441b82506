// ESLint flat config. The engine layer is kept pure by rule, not by hope:
// no Foundry globals, no DOM, no Math.random, no imports from the adapter.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const foundryGlobals = ["game", "canvas", "Hooks", "CONFIG", "ui", "foundry", "document", "window", "Roll", "ChatMessage"];

export default tseslint.config(
  // What tools write while they run (builds, Vite's cache, test and mutation reports) is never linted,
  // so the README's commands pass in any order on the same checkout.
  {
    ignores: [
      "dist/**",
      "dist-playground/**",
      "node_modules/**",
      "**/.vite/**",
      ".stryker-tmp/**",
      "reports/**",
      "packs/**",
      "test-artifacts/**",
      "scripts/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // The live harness's stand-in server (tests/live-harness) is plain Node ES modules, run by node as they are.
    files: ["tests/**/*.mjs"],
    languageOptions: {
      globals: { process: "readonly", console: "readonly", URL: "readonly", URLSearchParams: "readonly" },
    },
  },
  {
    // Foundry v14 removes what v13 deprecates: the adapter may use none of it (type-aware check).
    files: ["src/foundry/**/*.ts", "src/tempo.ts"],
    ignores: ["**/*.d.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-deprecated": "error" },
  },
  {
    files: ["src/engine/**/*.ts"],
    rules: {
      "no-restricted-globals": ["error", ...foundryGlobals.map((name) => ({ name, message: "src/engine is pure: no Foundry or DOM globals." }))],
      "no-restricted-properties": ["error", { object: "Math", property: "random", message: "Dice come through the dice port." }],
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/foundry/**", "**/playground/**", "**/scenario/**"], message: "The engine imports nothing above it." }] }],
    },
  },
  {
    files: ["src/engine/rulesets/*/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [
        { group: ["**/foundry/**", "**/playground/**", "**/scenario/**"], message: "The engine imports nothing above it." },
        { group: ["../flow/**", "../rating/**", "../segments/**", "../phases/**", "../marching/**"], message: "Rulesets never import each other; shared mechanics live in the engine core." },
      ] }],
    },
  },
);
