/**
 * docs/foundry.md's settings table (issue 45): every setting a GM sees in Configure Settings is
 * listed by the name the settings window shows (lang/en.json), and the table speaks a GM's words,
 * not the code's (no logged command names, no constants of src/foundry).
 */
import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

const source = readFileSync("src/foundry/settings.ts", "utf8");
const lang = JSON.parse(readFileSync("lang/en.json", "utf8")) as {
  TEMPO: { Settings: Record<string, unknown> };
};
const doc = readFileSync("docs/foundry.md", "utf8");

/** The rows of the table under "System Settings" in docs/foundry.md. */
function settingsTable(): string {
  const start = doc.indexOf("| setting | what it does |");
  const end = doc.indexOf("\n\n", start);
  return doc.slice(start, end);
}

/** The names (lang keys) of every setting shown in the settings window: config: true, or an option setting. */
function shownSettingNames(): string[] {
  const registered = [...source.matchAll(/settings\.register\(SYSTEM_ID, "(\w+)", \{([\s\S]*?)\n {2}\}\);/g)]
    .filter((m) => /config: true/.test(m[2] ?? ""))
    .map((m) => /name: "([^"]+)"/.exec(m[2] ?? "")?.[1] ?? "");
  const options = [...source.matchAll(/name: "(TEMPO\.Settings\.\w+\.Name)"/g)].map((m) => m[1] ?? "");
  return [...new Set([...registered, ...options])].filter(Boolean);
}

function nameOf(key: string): string {
  const entry = lang.TEMPO.Settings[key.split(".")[2] ?? ""] as { Name?: string } | undefined;
  return entry?.Name ?? key;
}

describe("docs/foundry.md's settings table", () => {
  it("lists every world setting shown in the settings window by its name there", () => {
    const table = settingsTable();
    const names = shownSettingNames().filter((k) => k !== "TEMPO.Settings.WorldVersion.Name");
    // The six of flow (Total Defense split from the Reaction Attack modifiers, issue 46), the ones issue 45 found missing, and every other one.
    expect(names).toContain("TEMPO.Settings.GmOverride.Name");
    expect(names).toContain("TEMPO.Settings.StatusRounds.Name");
    expect(names.filter((k) => k.startsWith("TEMPO.Settings.Flow"))).toHaveLength(6);
    const missing = names.filter((k) => !table.includes(`| ${nameOf(k)} |`));
    expect(missing.map(nameOf)).toEqual([]);
  });

  it("speaks a GM's words: no logged command, no constant of the code", () => {
    const table = settingsTable();
    expect(table).not.toMatch(/setOption|OPTION_SETTINGS|src\/foundry|`\w+`/);
  });
});
