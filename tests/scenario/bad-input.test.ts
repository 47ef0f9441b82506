import { describe, expect, it } from "vitest";
import { ENCOUNTERS } from "../../src/playground/encounters";
import { Session, SessionFileError, parseSessionFile } from "../../src/playground/session";
import { ScenarioError, loadScenario } from "../../src/scenario/load";
import { runScenario } from "../../src/scenario/run";

/** Issue 12 item 9: the loaders report bad input as bad input, naming the field, never as an engine error. */

const scenario = (combatant: string) => `
name: bad input
rules: flow
grid: hex
combatants:
  - ${combatant}
  - { id: orc, side: foes, at: [1, 0] }
steps:
  - start: {}
`;

describe("the scenario loader names the bad field of a combatant", () => {
  it.each([
    ["{ id: ana, side: party, stats: { agility: 99 } }", "combatants[0].stats.agility"],
    ["{ id: ana, side: party, reach: 1000 }", "combatants[0].reach"],
    ["{ id: __proto__, side: party }", "combatants[0].id"],
    ["{ id: ana, side: constructor }", "combatants[0].side"],
    ["{ id: ana, side: party, marching: -5 }", "combatants[0].marching"],
  ])("%s", (combatant, field) => {
    expect(() => loadScenario(scenario(combatant))).toThrow(ScenarioError);
    expect(() => loadScenario(scenario(combatant))).toThrow(field);
    const result = runScenario(scenario(combatant));
    expect(result.passed).toBe(false);
    expect(result.failures.join(" ")).not.toMatch(/engine error/);
  });
});

describe("the playground's session loader names the bad field of a saved file", () => {
  const flow = ENCOUNTERS.flow[0];
  const saved = (): Record<string, unknown> => {
    if (!flow) throw new Error("no flow encounter");
    return JSON.parse(JSON.stringify(new Session(flow.id, flow.setup, 7).toFile())) as Record<
      string,
      unknown
    >;
  };
  const fieldOf = (file: unknown): string => {
    try {
      parseSessionFile(file);
      return "accepted";
    } catch (error) {
      return error instanceof SessionFileError ? error.field : `not a SessionFileError: ${String(error)}`;
    }
  };

  it("accepts the file a session wrote", () => {
    expect(fieldOf(saved())).toBe("accepted");
  });

  it("refuses a combatant out of bounds, a reserved id, a junk grid, a junk seed or ruleset", () => {
    const withCombatant = (patch: Record<string, unknown>) => {
      const file = saved();
      const setup = file.setup as { combatants: Record<string, unknown>[] };
      setup.combatants[0] = { ...setup.combatants[0], ...patch };
      return file;
    };
    expect(fieldOf(withCombatant({ stats: { agility: "x" } }))).toBe("setup.combatants.0.stats.agility");
    expect(fieldOf(withCombatant({ at: [0.5, 0.5] }))).toBe("setup.combatants.0.at");
    expect(fieldOf(withCombatant({ id: "constructor" }))).toBe("setup.combatants.0.id");
    expect(fieldOf({ ...saved(), setup: { ...(saved().setup as object), grid: { type: "octagon" } } })).toBe(
      "setup.grid.type",
    );
    expect(fieldOf({ ...saved(), seed: "seven" })).toBe("seed");
    expect(fieldOf({ ...saved(), ruleset: "chess" })).toBe("ruleset");
    expect(fieldOf({ ...saved(), commands: "all of them" })).toBe("commands");
    expect(fieldOf(null)).toBe("format");
  });
});
