import { describe, expect, it } from "vitest";
import {
  apply,
  availableActions,
  check,
  firstTarget,
  openReactions,
  createEncounter,
  getRuleset,
  ScriptedDice,
  SetupError,
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

describe("availableActions: the target a check names", () => {
  // Flow: ana and bob (party), orc (defeated) and gob (foes); ana acts first (initiative 9 + 1).
  const table = () =>
    run(
      createEncounter(
        {
          ruleset: "flow",
          combatants: [
            { id: "ana", side: "party", pc: true, stats: { agility: 1 } },
            { id: "orc", side: "foes" },
            { id: "bob", side: "party" },
            { id: "gob", side: "foes" },
          ],
        },
        getRuleset("flow"),
      ),
      [{ type: "start" }, { type: "setDefeated", who: "orc", defeated: true }],
      [9, 1, 2, 3],
    );

  it("aims an attack at the first standing enemy in roster order (the defeated orc is passed over)", () => {
    expect(verbOf(table(), "ana", "attack")).toMatchObject({ verb: "act", refusal: null, target: "gob" });
  });

  it("aims an action on anyone at the first other standing combatant, never the actor itself", () => {
    expect(verbOf(table(), "ana", "cast")).toMatchObject({ refusal: null, target: "bob" });
    // Were the orc standing, it comes first in the roster: "any" takes a foe as readily as a friend.
    const standing = run(table(), [{ type: "setDefeated", who: "orc", defeated: false }]);
    expect(verbOf(standing, "ana", "cast")).toMatchObject({ refusal: null, target: "orc" });
  });

  it("names no target for an action that takes none", () => {
    expect(verbOf(table(), "ana", "draw")).toMatchObject({ refusal: null, target: null });
  });

  it("checks against the target it is given", () => {
    const state = table();
    expect(availableActions(state, "ana", "orc").find((a) => a.action.id === "attack")).toMatchObject({
      target: "orc",
      refusal: { key: "TEMPO.Refusal.FlowTargetDefeated" },
    });
  });

  it("asks with a stated cost where the actor says an action's cost (rating: primary)", () => {
    const state = run(
      createEncounter(
        {
          ruleset: "rating",
          combatants: [
            { id: "hero", side: "party", pc: true, stats: { initiativeRating: 3, luck: 2, maxAp: 3 } },
            { id: "bandit", side: "foes", stats: { initiativeRating: 1, luck: 0, maxAp: 3 } },
          ],
        },
        getRuleset("rating"),
      ),
      [{ type: "start" }],
      // Initiative "1d6 + Initiative Rating": hero 6 + 3, bandit 1 + 1.
      [6, 1],
    );
    expect(state.current).toBe("hero");
    expect(verbOf(state, "hero", "primary")).toMatchObject({ verb: "act", refusal: null, target: "bandit" });
  });

  it("names no target when no one the action may take stands (ana alone with her own side)", () => {
    const alone = run(table(), [{ type: "setDefeated", who: "gob", defeated: true }]);
    expect(verbOf(alone, "ana", "attack")).toMatchObject({ target: null });
  });

  it('finds an action aimed at an ally a standing friend, never a foe nor the actor (target "ally")', () => {
    const state = table();
    expect(firstTarget(state, "ana", "ally")).toBe("bob");
    expect(firstTarget(state, "gob", "ally")).toBeUndefined();
    expect(firstTarget(state, "ana", "enemy")).toBe("gob");
  });

  it("names no target for someone not in the encounter, and refuses every action", () => {
    const state = table();
    const nobody = availableActions(state, "zed");
    expect(nobody.every((a) => a.target === null)).toBe(true);
    expect(nobody.every((a) => a.refusal !== null)).toBe(true);
  });
});

describe("check and openReactions: legality without dice", () => {
  const duel = () =>
    run(
      createEncounter(
        {
          ruleset: "flow",
          grid: { type: "hex" },
          combatants: [
            { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
            { id: "orc", side: "foes", at: [1, 0] },
          ],
        },
        getRuleset("flow"),
      ),
      [{ type: "start" }],
      [9, 4],
    );

  it("allows an attack that would roll dice, and changes nothing", () => {
    const state = duel();
    const before = JSON.stringify(state);
    expect(check(state, { type: "act", who: "ana", action: "attack", target: "orc" })).toBeNull();
    expect(JSON.stringify(state)).toBe(before);
  });

  it("lets an engine failure through instead of calling it allowed (a state of no known ruleset)", () => {
    const state = { ...duel(), ruleset: "chess" } as unknown as EncounterState;
    expect(() => check(state, { type: "endTurn", who: "ana" })).toThrow(SetupError);
  });

  it("gives the refusal of an illegal command", () => {
    expect(check(duel(), { type: "act", who: "orc", action: "attack", target: "ana" })?.key).toBe(
      "TEMPO.Refusal.NotYourTurn",
    );
  });

  it("answers the same question of the same state once: the second ask gives the very refusal of the first, another state asks afresh", () => {
    const state = duel();
    const illegal = { type: "act", who: "orc", action: "attack", target: "ana" } as const;
    const first = check(state, illegal);
    expect(first?.key).toBe("TEMPO.Refusal.NotYourTurn");
    expect(check(state, { ...illegal })).toBe(first);
    const other = duel();
    const again = check(other, illegal);
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(check(state, { type: "act", who: "ana", action: "attack", target: "orc" })).toBeNull();
    // A drag asks about a new path on every hover: what a state remembers is bounded.
    for (let q = 1; q <= 70; q++) check(state, { type: "move", who: "ana", path: [[q, 0]] });
    const afresh = check(state, illegal);
    expect(afresh).toEqual(first);
    expect(afresh).not.toBe(first);
  });

  it("remembers an answer while other questions are asked, up to 64 a state, then starts again", () => {
    const state = duel();
    const illegal = { type: "act", who: "orc", action: "attack", target: "ana" } as const;
    const first = check(state, illegal);
    // Another question does not make the state forget the first answer.
    check(state, { type: "act", who: "ana", action: "draw" });
    expect(check(state, illegal)).toBe(first);
    // 64 answers in all (the first, the draw, 62 paths): all remembered.
    for (let q = 1; q <= 62; q++) check(state, { type: "move", who: "ana", path: [[q, 0]] });
    expect(check(state, illegal)).toBe(first);
    // The 65th question starts the memory again: the first is asked afresh, its answer equal.
    check(state, { type: "move", who: "ana", path: [[63, 0]] });
    const afresh = check(state, illegal);
    expect(afresh).toEqual(first);
    expect(afresh).not.toBe(first);
  });

  it("lists nothing for an offer of a reaction the ruleset does not have (an offer the host made up)", () => {
    const state = duel();
    const made: EncounterState = {
      ...state,
      offers: [{ id: "x1", who: "orc", with: "teleport", against: "ana", trigger: "t", cell: null }],
    };
    expect(openReactions(made, "orc")).toEqual([]);
  });

  it("lists only the asker's own offers, each with the reaction and why it cannot be taken", () => {
    const state = run(duel(), [{ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" }]);
    const open = openReactions(state, "orc");
    expect(open.map((r) => [r.reaction.id, r.offer.with, r.offer.against, r.refusal])).toEqual([
      ["dodge", "dodge", "ana", null],
      ["parry", "parry", "ana", null],
      ["riposte", "riposte", "ana", null],
    ]);
    expect(openReactions(state, "ana")).toEqual([]);
  });

  it("gives an offered reaction the pool can no longer pay for its refusal (Riposte: 2 RP)", () => {
    const state = run(duel(), [
      { type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" },
      { type: "adjustPool", who: "orc", pool: "rp", delta: -1 },
    ]);
    expect(openReactions(state, "orc").map((r) => [r.reaction.id, r.refusal?.key ?? null])).toEqual([
      ["dodge", null],
      ["parry", null],
      ["riposte", "TEMPO.Refusal.NotEnoughRP"],
    ]);
  });
});

describe("availableActions once declarations are closed (segments)", () => {
  it("gives the act refusal, not the declaration's, for an action refused outside the declare stage", () => {
    const state = run(
      createEncounter(
        {
          ruleset: "segments",
          combatants: [
            { id: "fighter", side: "party", pc: true, stats: { dexterity: 12 } },
            { id: "orc", side: "foes", stats: { dexterity: 10 } },
          ],
        },
        getRuleset("segments"),
      ),
      [{ type: "start" }, { type: "next" }],
      [5, 2],
    );
    expect(state.current).toBe("fighter");
    const orc = verbOf(state, "orc", "attack");
    expect(orc?.verb).toBe("act");
    expect(orc?.target).toBe("fighter");
    expect(orc?.refusal?.key).toBe("TEMPO.Refusal.NotYourTurn");
  });
});
