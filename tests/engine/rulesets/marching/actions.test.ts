import { describe, expect, it } from "vitest";
import { firstConflict } from "../../../../src/engine/rulesets/marching/actions";
import { marching } from "../../../../src/engine/rulesets/marching";
import { foe, pc, Table } from "./helpers";

/** lead (1st), second (2nd), goblin and orc; the lead took initiative: lead, second, goblin, orc. */
function taken(options: Record<string, string> = {}) {
  return new Table(
    [pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("goblin", [2, 0]), foe("orc", [4, 0])],
    [6, 6],
    { seizeOpponent: "rolls", ...options },
  )
    .do({ type: "start" })
    .do({ type: "choose", who: "lead", initiative: "take" });
}

describe('marching: the ruler\'s preview of a move ("marching.txt gives no reactions to movement")', () => {
  it("shows the cells a legal move walks, free of cost and of provocations, and changes nothing", () => {
    const t = taken();
    const before = JSON.stringify(t.state);
    expect(
      marching.previewMove?.(
        t.state,
        "lead",
        [
          [1, 0],
          [1, 1],
        ],
        "normal",
      ),
    ).toEqual({
      // From the cell it stands on, one cell per 5 feet.
      cells: [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
      cost: {},
      provocations: [],
      refusal: null,
    });
    expect(JSON.stringify(t.state)).toBe(before);
  });

  it("shows a refused move's walk from where the mover stands, with the refusal", () => {
    const t = taken();
    expect(marching.previewMove?.(t.state, "second", [[1, 1]], "normal")).toEqual({
      cells: [
        [0, 1],
        [1, 1],
      ],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.NotYourTurn", data: { who: "second" } },
    });
    expect(marching.previewMove?.(t.state, "lead", [[1, 0]], "step")).toEqual({
      cells: [
        [0, 0],
        [1, 0],
      ],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.NotInRuleset", data: { command: "move step", ruleset: "marching" } },
    });
  });

  it("shows no cells for a refused move of someone unknown or unplaced", () => {
    const t = taken();
    expect(marching.previewMove?.(t.state, "ghost", [[1, 0]], "normal")?.cells).toEqual([]);
    expect(marching.previewMove?.(t.state, "ghost", [[1, 0]], "normal")?.refusal?.key).toBe(
      "TEMPO.Refusal.UnknownCombatant",
    );
    const unplaced = new Table([pc("lead", 1, [0, 0]), { id: "orc", side: "foes" }], [])
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" });
    expect(marching.previewMove?.(unplaced.state, "orc", [[1, 0]], "normal")).toMatchObject({
      cells: [],
      refusal: { key: "TEMPO.Refusal.NotYourTurn" },
    });
  });

  it("on a gridless scene refuses in the preview as `move` does (NoGrid), instead of failing to measure", () => {
    const gridless = new Table([pc("lead", 1, [0, 0]), foe("orc", [3, 0])], [], {}, { type: "none" })
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" });
    expect(gridless.refused({ type: "move", who: "lead", path: [[1, 0]] })).toEqual({
      key: "TEMPO.Refusal.NoGrid",
      data: {},
    });
    expect(marching.previewMove?.(gridless.state, "lead", [[1, 0]], "normal")).toEqual({
      cells: [],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.NoGrid", data: {} },
    });
    expect(marching.previewMove?.(gridless.state, "orc", [[1, 0]], "normal")).toEqual({
      cells: [],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.NotYourTurn", data: { who: "orc" } },
    });
  });

  it("shows the second of a pair moving together stopping before the clash", () => {
    // The goblin seizes the lead's turn; equal dice (6, 6) make them act together.
    const t = taken().do({ type: "seize", who: "goblin" });
    t.do({
      type: "move",
      who: "lead",
      path: [
        [1, 1],
        [2, 2],
      ],
    });
    // The goblin's walk [1,1] then [0,2] enters [1,1] at step 1, where the lead stood after its first 5 feet.
    expect(
      marching.previewMove?.(
        t.state,
        "goblin",
        [
          [1, 1],
          [0, 2],
        ],
        "normal",
      ),
    ).toEqual({ cells: [[2, 0]], cost: {}, provocations: [], refusal: null });
  });
});

describe('marching: the move action ("On your turn, you may use your primary action, move action, and reaction")', () => {
  it("reports the move from where the mover stood to where it ends, along the cells walked", () => {
    const t = taken().do({
      type: "move",
      who: "lead",
      path: [
        [1, 0],
        [1, 1],
      ],
    });
    expect(t.events).toEqual([
      {
        type: "moved",
        who: "lead",
        from: [0, 0],
        to: [1, 1],
        path: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      },
    ]);
    expect(t.c("lead").at).toEqual([1, 1]);
  });

  it("refuses the other movement modes, naming the mode and the ruleset", () => {
    const t = taken();
    expect(t.refused({ type: "move", who: "lead", path: [[1, 0]], mode: "withdraw" })).toEqual({
      key: "TEMPO.Refusal.NotInRuleset",
      data: { command: "move withdraw", ruleset: "marching" },
    });
    t.do({ type: "move", who: "lead", path: [[1, 0]], mode: "normal" });
    expect(t.c("lead").at).toEqual([1, 0]);
  });

  it("refuses a move off turn, in the choose stage, and a second move, naming who", () => {
    const t = taken();
    expect(t.refused({ type: "move", who: "second", path: [[1, 1]] })).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "second" },
    });
    t.do({ type: "move", who: "lead", path: [[1, 0]] });
    expect(t.refused({ type: "move", who: "lead", path: [[2, 0]] })).toEqual({
      key: "TEMPO.Refusal.MoveUsed",
      data: { who: "lead" },
    });
    const choosing = new Table([pc("lead", 1, [0, 0]), foe("orc", [3, 0])]).do({ type: "start" });
    expect(choosing.refused({ type: "move", who: "lead", path: [[1, 0]] }).key).toBe(
      "TEMPO.Refusal.ChooseInitiativeFirst",
    );
  });

  it("records the first choice of each of a pair acting together once, and only for the pair", () => {
    const t = taken().do({ type: "seize", who: "goblin" });
    t.do({ type: "move", who: "lead", path: [[0, -1]] });
    expect(t.ofType("togetherChoice")).toEqual([{ type: "togetherChoice", who: "lead", first: "move" }]);
    // The first of the pair to move has no partner's walk to compare with yet.
    expect(t.ofType("simultaneousMovement")).toEqual([]);
    t.do({ type: "act", who: "lead", action: "primary" });
    expect(t.ofType("togetherChoice")).toEqual([]);
    expect(t.state.ext.together).toMatchObject({ who: ["lead", "goblin"], first: { lead: "move" } });
    t.do({ type: "act", who: "goblin", action: "considerOptions" });
    expect(t.ofType("togetherChoice")).toEqual([{ type: "togetherChoice", who: "goblin", first: "act" }]);
  });
});

describe("marching: a pair acting together, the other way round", () => {
  it('records the move action taken with `act` as a choice to move first ("They must choose whether to act or move first")', () => {
    const t = taken().do({ type: "seize", who: "goblin" });
    t.do({ type: "act", who: "goblin", action: "move" });
    expect(t.ofType("togetherChoice")).toEqual([{ type: "togetherChoice", who: "goblin", first: "move" }]);
  });

  it("stops the lead before a clash when the goblin of the pair moved first", () => {
    const t = taken().do({ type: "seize", who: "goblin" });
    t.do({
      type: "move",
      who: "goblin",
      path: [
        [1, 1],
        [0, 2],
      ],
    });
    // The goblin's walk: [2,0], [1,1], [0,2]; the lead's: [0,0], [1,1] -- both enter [1,1] at step 1.
    t.do({
      type: "move",
      who: "lead",
      path: [
        [1, 1],
        [2, 2],
      ],
    });
    expect(t.ofType("overrun")).toEqual([{ type: "overrun", who: ["goblin", "lead"], at: [1, 1], step: 1 }]);
    expect(t.c("lead").at).toEqual([0, 0]);
  });

  it("defeats at once a third party killed by one of the pair: only the pair's own attacks are simultaneous", () => {
    const t = taken().do({ type: "seize", who: "goblin" });
    t.do({ type: "act", who: "lead", action: "attack", target: "orc", outcome: "kill" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["orc", "lead"]]);
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.ofType("attackResolved")).toMatchObject([{ target: "orc", simultaneous: false }]);
    expect(t.ofType("defeatedChanged")).toEqual([{ type: "defeatedChanged", who: "orc", defeated: true }]);
    expect(t.ofType("defeatDeferred")).toEqual([]);
    expect(t.c("orc").defeated).toBe(true);
  });
});

describe("marching: the paths of a pair moving together, 5 feet a step", () => {
  it("finds the first step where the two walks enter the same cell", () => {
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 0],
          [2, 0],
        ],
        [
          [2, 1],
          [2, 0],
          [1, 0],
        ],
      ),
    ).toBe(2);
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 0],
        ],
        [
          [2, 1],
          [1, 0],
        ],
      ),
    ).toBe(1);
  });

  it("finds the first step where the two swap cells", () => {
    // a goes [0,0] -> [1,0] while b goes [1,0] -> [0,0].
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 0],
        ],
        [
          [1, 0],
          [0, 0],
        ],
      ),
    ).toBe(1);
  });

  it("keeps a walk that ended on its last cell, so a later walk into it conflicts", () => {
    // a stopped at [1,0] after one step; b reaches [1,0] at step 3.
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 0],
        ],
        [
          [4, 0],
          [3, 0],
          [2, 0],
          [1, 0],
        ],
      ),
    ).toBe(3);
  });

  it("finds none for walks that never meet, nor against an empty walk, nor for a walk of one cell", () => {
    expect(
      firstConflict(
        [
          [0, 0],
          [0, 1],
        ],
        [
          [1, 0],
          [1, 1],
        ],
      ),
    ).toBeNull();
    expect(
      firstConflict(
        [],
        [
          [1, 0],
          [1, 1],
        ],
      ),
    ).toBeNull();
    expect(firstConflict([[1, 0]], [[1, 0]])).toBeNull();
    // Crossing diagonally without sharing a cell or swapping is no conflict.
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 1],
        ],
        [
          [1, 0],
          [0, 1],
        ],
      ),
    ).toBeNull();
  });
});

describe("marching: what is and is not a clash of two walks", () => {
  it("sees no clash in sharing only a column, nor in one following the other, nor in crossing corners", () => {
    // Same column, different rows at step 1.
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 0],
        ],
        [
          [1, 2],
          [1, 1],
        ],
      ),
    ).toBeNull();
    // a follows b into the cell b has just left; then b follows a.
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 0],
        ],
        [
          [1, 0],
          [2, 0],
        ],
      ),
    ).toBeNull();
    expect(
      firstConflict(
        [
          [1, 0],
          [2, 0],
        ],
        [
          [0, 0],
          [1, 0],
        ],
      ),
    ).toBeNull();
    // a enters b's old column only, b returns to a's old cell: no swap.
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 1],
        ],
        [
          [1, 0],
          [0, 0],
        ],
      ),
    ).toBeNull();
    // a enters b's old cell, b goes to a's old row only: no swap.
    expect(
      firstConflict(
        [
          [0, 0],
          [1, 0],
        ],
        [
          [1, 0],
          [0, 1],
        ],
      ),
    ).toBeNull();
  });
});

describe('marching: attacks ("The engine rolls no attack die"; Surprise "+2 to hit them")', () => {
  it("names the refused attacker and target: no target, an ally, a defeated foe", () => {
    const t = taken();
    expect(t.refused({ type: "act", who: "lead", action: "attack" })).toEqual({
      key: "TEMPO.Refusal.NeedsTarget",
      data: { who: "lead", action: "attack" },
    });
    expect(t.refused({ type: "act", who: "lead", action: "attack", target: "second" })).toEqual({
      key: "TEMPO.Refusal.NotAnEnemy",
      data: { target: "second", who: "lead" },
    });
    t.do({ type: "setDefeated", who: "goblin", defeated: true });
    expect(t.refused({ type: "act", who: "lead", action: "attack", target: "goblin" }).key).toBe(
      "TEMPO.Refusal.Defeated",
    );
  });

  it("reports the attack taken with its target, and the resolution with the stipulated outcome, no bonus and the answer", () => {
    const t = taken().do({ type: "act", who: "lead", action: "attack", target: "goblin", outcome: "hit" });
    expect(t.ofType("actionTaken")).toEqual([
      { type: "actionTaken", who: "lead", action: "attack", target: "goblin" },
    ]);
    expect(t.state.pending).toEqual([
      {
        id: expect.stringMatching(/^p\d+$/),
        kind: "attack",
        actor: "lead",
        data: { target: "goblin", outcome: "hit", reactions: [], simultaneous: false },
      },
    ]);
    t.do({ type: "react", who: "goblin", with: "reaction", outcome: "fail" });
    expect(t.events).toEqual([
      {
        type: "reactionResolved",
        who: "goblin",
        with: "reaction",
        against: "lead",
        outcome: "fail",
        trigger: expect.stringMatching(/^p\d+$/),
      },
      {
        type: "attackResolved",
        who: "lead",
        target: "goblin",
        outcome: "hit",
        toHitBonus: 0,
        simultaneous: false,
        reactions: [{ who: "goblin", outcome: "fail" }],
      },
    ]);
    expect(t.state.pending).toEqual([]);
  });

  it("resolves an attack the target declines, with no outcome stipulated and no reactions", () => {
    const t = taken().do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    t.do({ type: "react", who: "goblin", with: "decline" });
    expect(t.ofType("attackResolved")).toEqual([
      {
        type: "attackResolved",
        who: "lead",
        target: "goblin",
        outcome: null,
        toHitBonus: 0,
        simultaneous: false,
        reactions: [],
      },
    ]);
    expect(t.c("goblin").defeated).toBe(false);
  });

  it("defeats the target of a killing attack at once, reporting it", () => {
    const t = taken().do({ type: "act", who: "lead", action: "attack", target: "goblin", outcome: "kill" });
    t.do({ type: "react", who: "goblin", with: "reaction" });
    expect(t.ofType("defeatedChanged")).toEqual([{ type: "defeatedChanged", who: "goblin", defeated: true }]);
    expect(t.c("goblin").defeated).toBe(true);
  });

  it("makes no offer to a target whose reaction is spent this round, and resolves at once", () => {
    const t = taken().do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    t.do({ type: "react", who: "goblin", with: "reaction" }).do({ type: "next" });
    t.do({ type: "act", who: "second", action: "attack", target: "goblin", outcome: "miss" });
    expect(t.state.offers).toEqual([]);
    expect(t.ofType("attackResolved")).toMatchObject([{ who: "second", target: "goblin", outcome: "miss" }]);
    expect(t.refused({ type: "react", who: "goblin", with: "reaction", against: "second" }).key).toBe(
      "TEMPO.Refusal.NoSuchOffer",
    );
  });

  it("defers the defeat of one of a pair killed by its partner's attack to the end of their turn, reporting it", () => {
    const t = taken().do({ type: "seize", who: "goblin" });
    t.do({ type: "act", who: "goblin", action: "attack", target: "lead", outcome: "kill" });
    expect(t.ofType("defeatDeferred")).toEqual([{ type: "defeatDeferred", who: "lead", until: "turnEnd" }]);
    expect(t.state.ext.together).toMatchObject({ defeats: ["lead"] });
    expect(t.c("lead").defeated).toBe(false);
    t.do({ type: "endTurn", who: "lead" });
    expect(t.ofType("defeatedChanged")).toEqual([{ type: "defeatedChanged", who: "lead", defeated: true }]);
    expect(t.c("lead").defeated).toBe(true);
  });

  it('gives +2 to hit a surprised target, and reports nothing for one whose surprise was set without a duration ("+2 to hit them")', () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("goblin", [2, 0], { surprised: true })], [])
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" });
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    t.do({ type: "react", who: "goblin", with: "decline" });
    expect(t.ofType("attackResolved")).toMatchObject([{ toHitBonus: 2 }]);
  });
});

describe("marching: reactions", () => {
  it("closes the seize offer the contested combatant takes up, so the turn goes on", () => {
    const t = taken({ seizeOpponent: "asks" }).do({ type: "seize", who: "goblin" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["lead", "goblin"]]);
    t.do({ type: "react", who: "lead", with: "reaction" });
    expect(t.state.offers).toEqual([]);
    expect(t.state.pending).toEqual([]);
  });

  it("refuses an unknown reaction and a second reaction in a round, naming who", () => {
    const t = taken().do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    expect(t.refused({ type: "react", who: "goblin", with: "parry" }).key).toBe(
      "TEMPO.Refusal.UnknownReaction",
    );
    t.do({ type: "react", who: "goblin", with: "reaction" });
    // "Seizing Initiative": "each may make an AGL check to spend their reaction": the spent one cannot.
    t.do({ type: "next" });
    expect(t.refused({ type: "seize", who: "goblin" })).toEqual({
      key: "TEMPO.Refusal.ReactionUsed",
      data: { who: "goblin" },
    });
  });
});
