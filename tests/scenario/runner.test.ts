import { describe, expect, it } from "vitest";
import { loadScenario } from "../../src/scenario/load";
import { runScenario } from "../../src/scenario/run";

/** FORMAT.md: "Anything the runner does not understand ... FAILS the scenario with a message naming it". */

const base = (steps: string, extra = "", dice = "[9, 4]") => `
name: runner check
rules: flow
grid: hex
dice: ${dice}
${extra}
combatants:
  - { id: ana, side: party, pc: true, at: [0, 0], stats: { agility: 1 } }
  - { id: orc, side: foes, at: [1, 0], stats: { agility: 0 } }
steps:
${steps}
`;

describe("scenario runner", () => {
  it("passes a scenario whose steps and expectations hold", () => {
    const result = runScenario(
      base(`  - start: {}\n    expect: { round: 1, current: ana, initiative: { ana: 10, orc: 4 } }`),
    );
    expect(result).toEqual({ name: "runner check", passed: true, failures: [] });
  });

  it("fails an unknown top-level key, naming it", () => {
    const result = runScenario(base(`  - start: {}`, "weather: rain"));
    expect(result.failures.join()).toMatch(/unknown key "weather"/);
  });

  it("fails an unknown verb, action, reaction and ruleset, naming each", () => {
    expect(runScenario(base(`  - start: {}\n  - dance: { who: ana }`)).failures.join()).toMatch(
      /unknown verb "dance"/,
    );
    expect(
      runScenario(base(`  - start: {}\n  - act: { who: ana, action: fireball }`)).failures.join(),
    ).toMatch(/unknown flow action "fireball"/);
    expect(
      runScenario(base(`  - start: {}\n  - react: { who: orc, with: teleport }`)).failures.join(),
    ).toMatch(/unknown flow reaction "teleport"/);
    expect(runScenario(base(`  - start: {}`).replace("rules: flow", "rules: chess")).failures.join()).toMatch(
      /unknown ruleset "chess"/,
    );
  });

  it("fails an unknown expectation key and an unknown combatant", () => {
    expect(runScenario(base(`  - start: {}\n    expect: { mood: calm }`)).failures.join()).toMatch(
      /unknown key "mood"/,
    );
    expect(runScenario(base(`  - endTurn: bob`)).failures.join()).toMatch(/unknown combatant "bob"/);
  });

  it("reports the step, the expectation and the actual value when an expectation fails", () => {
    const result = runScenario(base(`  - start: {}\n    expect: { current: orc }`));
    expect(result.passed).toBe(false);
    expect(result.failures).toEqual(['step 1 (start): current: expected "orc", got "ana"']);
  });

  it("fails when a rejects step is accepted, and when an ordinary step is refused", () => {
    expect(runScenario(base(`  - start: {}\n    rejects: true`)).failures.join()).toMatch(
      /expected the rules to refuse it/,
    );
    expect(runScenario(base(`  - start: {}\n  - endTurn: orc`)).failures.join()).toMatch(
      /refused \(TEMPO\.Refusal\.NotYourTurn/,
    );
  });

  it("checks the dice: too few, too many, and a value the die cannot show", () => {
    expect(runScenario(base(`  - start: {}`, "", "[9]")).failures.join()).toMatch(/wanted a d10/);
    expect(runScenario(base(`  - start: {}`, "", "[9, 4, 1]")).failures.join()).toMatch(
      /1 dice value\(s\) left over/,
    );
    expect(runScenario(base(`  - start: {}`, "", "[11, 4]")).failures.join()).toMatch(
      /value 11 cannot come from the d10/,
    );
  });
});

describe("scenario runner: the format's later parts", () => {
  it("rejects: a name passes only when the step is refused for that reason", () => {
    expect(runScenario(base(`  - start: {}\n  - endTurn: orc\n    rejects: NotYourTurn`)).passed).toBe(true);
    expect(
      runScenario(base(`  - start: {}\n  - endTurn: orc\n    rejects: NotEnoughAP`)).failures.join(),
    ).toMatch(/expected the refusal NotEnoughAP, got TEMPO\.Refusal\.NotYourTurn/);
    expect(runScenario(base(`  - start: {}\n  - endTurn: orc\n    rejects: true`)).passed).toBe(true);
    expect(runScenario(base(`  - start: {}\n    rejects: NotYourTurn`)).failures.join()).toMatch(
      /expected the rules to refuse it/,
    );
    expect(runScenario(base(`  - start: {}\n    rejects: 3`)).failures.join()).toMatch(
      /rejects: expected true, false or a refusal name/,
    );
  });

  it("join: adds the combatant mid-fight, and later steps may name it", () => {
    const result = runScenario(
      base(
        [
          `  - start: {}`,
          `  - join: { combatant: { id: gob, side: foes, at: [3, 0], stats: { agility: 0 }, tags: [shield] } }`,
          `    expect: { order: [ana, gob, orc], initiative: { gob: 7 } }`,
          `  - endTurn: ana`,
          `    expect: { current: gob }`,
        ].join("\n"),
        "",
        "[9, 4, 7]",
      ),
    );
    expect(result).toEqual({ name: "runner check", passed: true, failures: [] });
  });

  it("join: fails an unknown key in the combatant and an id already in the fight, naming them", () => {
    expect(
      runScenario(
        base(`  - start: {}\n  - join: { combatant: { id: gob, side: foes, mood: 1 } }`),
      ).failures.join(),
    ).toMatch(/join\.combatant: unknown key "mood"/);
    expect(
      runScenario(base(`  - start: {}\n  - join: { combatant: { id: orc, side: foes } }`)).failures.join(),
    ).toMatch(/"orc" is already in the fight/);
    expect(runScenario(base(`  - start: {}\n  - join: { who: orc }`)).failures.join()).toMatch(
      /unknown key "who"/,
    );
  });

  it("act: passes effect to the engine as the command's effect (the actor's choice)", () => {
    const scenario = loadScenario(
      base(
        `  - start: {}\n  - act: { who: ana, action: shove, target: orc, outcome: success, effect: prone }`,
      ),
    );
    expect(scenario.steps[1]?.command).toEqual({
      type: "act",
      who: "ana",
      action: "shove",
      target: "orc",
      outcome: "success",
      effect: "prone",
    });
  });
});
