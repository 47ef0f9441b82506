import { describe, expect, it } from "vitest";
import {
  apply,
  availableActions,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type Command,
  type EncounterState,
} from "../../src/engine";

function run(state: EncounterState, commands: Command[], dice: number[] = []): EncounterState {
  const ruleset = getRuleset(state.ruleset);
  const scripted = new ScriptedDice(dice);
  return commands.reduce((s, command) => {
    const result = apply(s, command, scripted, ruleset);
    if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
    return result.state;
  }, state);
}

const verbOf = (state: EncounterState, who: string, action: string) =>
  availableActions(state, who).find((a) => a.action.id === action);

describe("availableActions: how an action is taken now", () => {
  const segments = () =>
    createEncounter(
      {
        ruleset: "segments",
        combatants: [
          { id: "fighter", side: "party", pc: true, stats: { dexterity: 12 } },
          { id: "orc", side: "foes", stats: { dexterity: 10 } },
        ],
      },
      getRuleset("segments"),
    );

  it('offers declaring while declarations are open (segments: "1. All individuals Declare Actions")', () => {
    const state = run(segments(), [{ type: "start" }]);
    expect(state.stage).toBe("declare");
    expect(verbOf(state, "fighter", "cast")).toMatchObject({ verb: "declare", refusal: null });
  });

  it("gives the declaration's own refusal while declarations are open (one spell per round)", () => {
    const state = run(segments(), [
      { type: "start" },
      { type: "declare", who: "fighter", action: "cast", time: 3 },
    ]);
    const again = verbOf(state, "fighter", "cast");
    expect(again?.verb).toBe("declare");
    expect(again?.refusal?.key).toMatch(/^TEMPO\.Refusal\./);
  });

  it("takes actions with act once group initiative is rolled", () => {
    const state = run(segments(), [{ type: "start" }, { type: "next" }], [5, 2]);
    expect(state.current).toBe("fighter");
    expect(verbOf(state, "fighter", "attack")?.verb).toBe("act");
  });

  it('asks a timed player to announce first in frantic combat (marching: "six seconds to announce an action")', () => {
    const marching = getRuleset("marching");
    const state = run(
      createEncounter(
        {
          ruleset: "marching",
          options: { frantic: "on" },
          grid: { type: "square" },
          combatants: [
            { id: "lead", side: "party", pc: true, marching: 1, at: [0, 0], stats: { agility: 1 } },
            { id: "goblin", side: "foes", at: [3, 0] },
          ],
        },
        marching,
      ),
      [{ type: "start" }, { type: "choose", who: "lead", initiative: "take" }],
    );
    expect(verbOf(state, "lead", "primary")).toMatchObject({ verb: "declare", refusal: null });
  });

  it("keeps act for rulesets without declarations (flow)", () => {
    const flow = getRuleset("flow");
    const state = run(
      createEncounter(
        {
          ruleset: "flow",
          combatants: [
            { id: "ana", side: "party", pc: true, stats: { agility: 1 } },
            { id: "orc", side: "foes", stats: { agility: 0 } },
          ],
        },
        flow,
      ),
      [{ type: "start" }],
      [9, 4],
    );
    expect(availableActions(state, "ana").every((a) => a.verb === "act")).toBe(true);
  });
});
