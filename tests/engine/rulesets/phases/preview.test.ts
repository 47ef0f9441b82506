import { describe, expect, it } from "vitest";
import { phases } from "../../../../src/engine/rulesets/phases";
import type { MoveMode } from "../../../../src/engine/commands";
import type { Cell, CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";

/**
 * The ruler's view of a phases move (previewMove): where walking it would be held for attacks of
 * opportunity ("Moving out of a threatened hex usually provokes an attack of opportunity from the
 * threatening character"), or why it would be refused. Hex neighbours of [q, r]: [q±1, r],
 * [q, r±1], [q+1, r-1], [q-1, r+1].
 */
const hex = { grid: { type: "hex" as const } };

/** The hero at [0, 0] next to the thug at [1, 0]; the goon at [-2, -1] is next to [-2, 0]. */
const lane = (extra: CombatantSetup[] = []) =>
  new Table(
    [
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 9 } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      { id: "goon", side: "foes", at: [-2, -1], stats: { combatValue: 5 } },
      ...extra,
    ],
    [],
    hex,
  ).do({ type: "start" });

const preview = (t: Table, who: string, path: Cell[], mode: MoveMode = "normal") =>
  phases.previewMove?.(t.state, who, path, mode);

describe("phases: previewing a move", () => {
  it("names each hex whose leaving provokes, with the step it is left at and who may attack", () => {
    const t = lane();
    expect(preview(t, "hero", [[-3, 0]])).toEqual({
      cells: [
        [0, 0],
        [-1, 0],
        [-2, 0],
        [-3, 0],
      ],
      cost: {},
      // [0, 0] (the start, step 0) is the thug's; [-2, 0] (step 2) the goon's.
      provocations: [
        { cell: [0, 0], step: 0, by: ["thug"] },
        { cell: [-2, 0], step: 2, by: ["goon"] },
      ],
      refusal: null,
    });
  });

  it('a 1-hex step and a withdrawal provoke nothing ("Taking this 1-hex step never provokes")', () => {
    const t = lane();
    expect(preview(t, "hero", [[-1, 0]], "step")).toEqual({
      cells: [
        [0, 0],
        [-1, 0],
      ],
      cost: {},
      provocations: [],
      refusal: null,
    });
    expect(preview(t, "hero", [[-3, 0]], "withdraw")?.provocations).toEqual([]);
  });

  it("an opponent already provoked this Phase is not counted again; one who cannot attack is left out", () => {
    const t = lane([{ id: "ally", side: "party", at: [5, 5], stats: { combatValue: 1 } }]);
    // [0, 1] is next to [0, 0] and to the thug: leaving [0, 0] provokes the thug once.
    t.do({ type: "move", who: "hero", path: [[0, 1]] });
    t.do({ type: "react", who: "thug", with: "decline" });
    expect(preview(t, "hero", [[0, 2]])).toEqual({
      cells: [
        [0, 1],
        [0, 2],
      ],
      cost: {},
      provocations: [],
      refusal: null,
    });
    t.do({ type: "apply", who: "goon", condition: "unconscious", rounds: null });
    expect(
      preview(t, "hero", [
        [-1, 1],
        [-2, 1],
        [-3, 1],
      ])?.provocations,
    ).toEqual([]);
  });

  it("a move that would be refused shows the cells walked and the refusal", () => {
    const t = lane();
    // Movement 6: seven hexes are too far.
    expect(preview(t, "hero", [[-7, 0]])).toEqual({
      cells: [
        [0, 0],
        [-1, 0],
        [-2, 0],
        [-3, 0],
        [-4, 0],
        [-5, 0],
        [-6, 0],
        [-7, 0],
      ],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.TooFar", data: { who: "hero", need: 6 } },
    });
    expect(preview(t, "thug", [[2, 0]])?.refusal).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "thug" },
    });
  });

  it("refuses while reactions are open, and for a character who cannot act", () => {
    const t = lane();
    t.do({ type: "act", who: "hero", action: "pickUp" });
    expect(preview(t, "hero", [[-1, 0]])?.refusal).toEqual({
      key: "TEMPO.Refusal.ReactionsPending",
      data: { count: 1 },
    });
    t.do({ type: "react", who: "thug", with: "decline" });
    t.do({ type: "apply", who: "hero", condition: "paralysed", rounds: null });
    expect(preview(t, "hero", [[-1, 0]])?.refusal).toEqual({
      key: "TEMPO.Refusal.CannotAct",
      data: { who: "hero" },
    });
  });

  it("refuses a defeated character's move", () => {
    const t = lane().do({ type: "setDefeated", who: "goon", defeated: true });
    expect(preview(t, "goon", [[-3, 0]])?.refusal?.key).toBe("TEMPO.Refusal.Defeated");
  });
});

describe("phases: previewing a delayer's move (it would take its delayed turn by moving)", () => {
  /** The hero delays; the thug is current and has not acted. */
  const delayed = () => lane().do({ type: "delay", who: "hero" });

  it("is run on a copy: held where the first attack of opportunity is offered", () => {
    const t = delayed();
    expect(t.state.current).toBe("thug");
    const before = JSON.stringify(t.state);
    expect(preview(t, "hero", [[-3, 0]])).toEqual({
      cells: [
        [0, 0],
        [-1, 0],
        [-2, 0],
        [-3, 0],
      ],
      cost: {},
      provocations: [{ cell: [0, 0], step: 0, by: ["thug"] }],
      refusal: null,
    });
    expect(JSON.stringify(t.state)).toBe(before);
  });

  it("a step is previewed unheld, and a refused move with its refusal", () => {
    const t = delayed();
    expect(preview(t, "hero", [[-1, 0]], "step")).toEqual({
      cells: [
        [0, 0],
        [-1, 0],
      ],
      cost: {},
      provocations: [],
      refusal: null,
    });
    expect(preview(t, "hero", [[-7, 0]])?.refusal).toEqual({
      key: "TEMPO.Refusal.TooFar",
      data: { who: "hero", need: 6 },
    });
  });

  it("once the current character has acted, the delayer may not cut in", () => {
    const t = delayed().do({ type: "act", who: "thug", action: "block" });
    expect(preview(t, "hero", [[-1, 0]])?.refusal).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "hero" },
    });
  });
});

describe("phases: previewing a delayer's move at the Phase's end", () => {
  it('"wait until some time later and act then": the move the delayer may make there is previewed, not refused', () => {
    const t = lane().do({ type: "delay", who: "hero" }).next(2);
    expect(t.state).toMatchObject({ phase: 1, current: null });
    // The thug (at [1, 0]) and the goon (at [-2, -1]) are there to be provoked.
    expect(preview(t, "hero", [[-3, 0]])).toEqual({
      cells: [
        [0, 0],
        [-1, 0],
        [-2, 0],
        [-3, 0],
      ],
      cost: {},
      provocations: [{ cell: [0, 0], step: 0, by: ["thug"] }],
      refusal: null,
    });
    t.do({ type: "move", who: "hero", path: [[-3, 0]] });
    expect(t.state.offers.map((o) => o.who)).toEqual(["thug"]);
  });

  it("nobody but a delayer moves there", () => {
    const t = lane().do({ type: "delay", who: "hero" }).next(2);
    expect(preview(t, "thug", [[2, 0]])?.refusal).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "thug" },
    });
  });
});
