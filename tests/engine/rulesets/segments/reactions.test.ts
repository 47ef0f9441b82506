import { describe, expect, it } from "vitest";
import { segments } from "../../../../src/engine/rulesets/segments";
import type { Cell, CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * segments' free and immediate attacks (rules/segments.txt, "Free Attack. [immediate]" and
 * "Immediate Attack. [immediate] (major)") against a fleeing or moving combatant, the move held
 * while they are answered, jostling, and the ruler's preview of a move. Square grid; the first side
 * in roster order rolls the first d6, so [5, 2] puts it in HIGH.
 */

const board = (combatants: CombatantSetup[], dice: number[] = [5, 2]) =>
  new Table(combatants, dice, { grid: { type: "square" } });

/** fighter (party) at (0, 0) flees in the fast stage; orc and goblin (foes) beside it. */
function fleeing(extra: CombatantSetup[] = []) {
  const t = board([
    { id: "fighter", side: "party", pc: true, at: [0, 0] },
    { id: "orc", side: "foes", at: [1, 0] },
    { id: "goblin", side: "foes", at: [0, 1] },
    ...extra,
  ]);
  t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
  expect(t.state).toMatchObject({ stage: "fast", current: "fighter" });
  t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
  return t;
}

const offers = (t: Table) => t.state.offers.map((o) => `${o.who}/${o.with}/${o.against}`);

describe("segments: a move held for free and immediate attacks", () => {
  it('leaving a threatened square offers each threatener both attacks, "on the same segment as the trigger and ... before the trigger completes"', () => {
    const t = fleeing();
    expect(offers(t)).toEqual([
      "orc/freeAttack/fighter",
      "orc/immediateAttack/fighter",
      "goblin/freeAttack/fighter",
      "goblin/immediateAttack/fighter",
    ]);
    expect(combatantIn(t.state, "fighter")?.at).toEqual([0, 0]);
    const pending = t.state.pending[0]?.id;
    expect(t.eventsOf("movePaused")).toEqual([{ type: "movePaused", who: "fighter", at: [0, 0], pending }]);
    expect(t.eventsOf("reactionOffered")[0]).toMatchObject({ kind: "move", cell: [0, 0] });
  });

  it("one reactor's answer leaves the move held for the other; the last answer lets it go on", () => {
    const t = fleeing();
    const [free, immediate] = t.state.offers;
    t.do({ type: "react", who: "orc", with: "freeAttack", outcome: "miss" });
    // "One attack routine per trigger": the orc's other offer goes with the one answered.
    expect(t.eventsOf("offerWithdrawn")).toEqual([
      { type: "offerWithdrawn", offer: free?.id, who: "orc", with: "freeAttack", reason: "answered" },
      {
        type: "offerWithdrawn",
        offer: immediate?.id,
        who: "orc",
        with: "immediateAttack",
        reason: "answered",
      },
    ]);
    expect(t.eventsOf("reactionResolved")).toEqual([
      { type: "reactionResolved", who: "orc", with: "freeAttack", against: "fighter", offer: free?.id },
    ]);
    expect(offers(t)).toEqual(["goblin/freeAttack/fighter", "goblin/immediateAttack/fighter"]);
    expect(combatantIn(t.state, "fighter")?.at).toEqual([0, 0]);
    expect(t.eventsOf("moved")).toEqual([]);
    t.do({ type: "react", who: "goblin", with: "decline" });
    expect(t.state.pending).toEqual([]);
    expect(t.eventsOf("moved")).toEqual([
      {
        type: "moved",
        who: "fighter",
        from: [0, 0],
        to: [-1, 0],
        path: [
          [0, 0],
          [-1, 0],
        ],
      },
    ]);
  });

  it('a free attack does not take the attacker\'s major action; an immediate attack does ("use the immediate attack as their major action")', () => {
    const free = fleeing();
    free.do({ type: "react", who: "orc", with: "freeAttack", outcome: "miss" });
    free.do({ type: "react", who: "goblin", with: "immediateAttack", outcome: "miss" });
    expect(combatantIn(free.state, "orc")?.usage).toEqual({ "round:freeAttack:fighter": 1 });
    expect(combatantIn(free.state, "goblin")?.usage).toEqual({ "round:major": 1 });
    free.next();
    expect(free.state).toMatchObject({ stage: "low", order: ["orc", "goblin"], current: "orc" });
    free.do({ type: "act", who: "orc", action: "attack", target: "fighter", outcome: "miss" });
    free.next();
    expect(free.refused({ type: "act", who: "goblin", action: "attack", target: "fighter" })).toBe(
      "TEMPO.Refusal.OneMajorAction",
    );
  });

  it("a killing free attack withdraws the other reactors' offers and stops the move where it was held", () => {
    const t = fleeing();
    const goblins = t.state.offers.filter((o) => o.who === "goblin").map((o) => o.id);
    t.do({ type: "react", who: "orc", with: "freeAttack", outcome: "kill" });
    expect(t.eventsOf("offerWithdrawn").filter((e) => e.reason === "defeated")).toEqual([
      { type: "offerWithdrawn", offer: goblins[0], who: "goblin", with: "freeAttack", reason: "defeated" },
      {
        type: "offerWithdrawn",
        offer: goblins[1],
        who: "goblin",
        with: "immediateAttack",
        reason: "defeated",
      },
    ]);
    expect(t.state.offers).toEqual([]);
    expect(t.state.pending).toEqual([]);
    expect(t.eventsOf("moveStopped")).toEqual([
      { type: "moveStopped", who: "fighter", at: [0, 0], reason: "defeated" },
    ]);
    expect(combatantIn(t.state, "fighter")?.at).toEqual([0, 0]);
  });

  it("the GM defeating the held mover stops the move once the offers are answered", () => {
    const t = fleeing();
    t.do({ type: "setDefeated", who: "fighter", defeated: true });
    expect(t.state.pending).toHaveLength(1);
    t.do({ type: "react", who: "orc", with: "decline" });
    t.do({ type: "react", who: "goblin", with: "decline" });
    expect(t.eventsOf("moveStopped")).toEqual([
      { type: "moveStopped", who: "fighter", at: [0, 0], reason: "defeated" },
    ]);
    expect(t.eventsOf("moved")).toEqual([]);
  });

  it("the GM defeating the last reactor lets the held move go on", () => {
    const t = fleeing();
    t.do({ type: "react", who: "orc", with: "decline" });
    t.do({ type: "setDefeated", who: "goblin", defeated: true });
    expect(t.state.offers).toEqual([]);
    expect(t.state.pending).toEqual([]);
    expect(t.eventsOf("moved")).toMatchObject([{ who: "fighter", to: [-1, 0] }]);
  });

  it("the GM defeating a reactor to a flight resolves the flight", () => {
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
    ]);
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "act", who: "fighter", action: "flee" });
    t.do({ type: "setDefeated", who: "orc", defeated: true });
    expect(t.eventsOf("fleeResolved")).toEqual([{ type: "fleeResolved", who: "fighter" }]);
    expect(t.state.pending).toEqual([]);
  });

  it('refuses an answer from a reactor made surprised while the offer was open ("Creatures with the surprised condition cannot make free attacks")', () => {
    const t = fleeing();
    t.do({ type: "apply", who: "orc", condition: "surprised", rounds: 1 });
    expect(t.refused({ type: "react", who: "orc", with: "freeAttack" })).toBe("TEMPO.Refusal.Surprised");
    expect(t.refused({ type: "react", who: "orc", with: "immediateAttack" })).toBe("TEMPO.Refusal.Surprised");
    expect(t.refused({ type: "react", who: "fighter", with: "freeAttack" })).toBe(
      "TEMPO.Refusal.NoSuchOffer",
    );
  });

  it('refuses an immediate attack from a reactor whose major action went meanwhile ("must have an available major action")', () => {
    // The goblin casts; it is offered both attacks; the GM stuns it, which loses its spell "as if cast".
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "goblin", side: "foes", at: [1, 0] },
    ]);
    t.do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "flee" })
      .do({ type: "declare", who: "goblin", action: "cast", time: 5 })
      .next();
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    expect(offers(t)).toEqual(["goblin/freeAttack/fighter", "goblin/immediateAttack/fighter"]);
    t.do({ type: "apply", who: "goblin", condition: "stunned", rounds: 1 });
    expect(t.refused({ type: "react", who: "goblin", with: "immediateAttack" })).toBe(
      "TEMPO.Refusal.NoMajorForImmediate",
    );
  });

  it("a threatener whose major action is spent is offered only the free attack", () => {
    // foes HIGH: the orc attacks first; then the fighter, in LOW, moves away.
    const t = board(
      [
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "fighter", side: "party", at: [0, 0] },
      ],
      [5, 2],
    );
    t.do({ type: "start" }).next();
    t.do({ type: "act", who: "orc", action: "attack", target: "fighter", outcome: "miss" });
    t.next();
    expect(t.state.current).toBe("fighter");
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    expect(offers(t)).toEqual(["orc/freeAttack/fighter"]);
  });

  it('a creature that took a free attack in one segment may take another in a later one ("Only one free attack may be taken per segment")', () => {
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "thief", side: "party", at: [2, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
    ]);
    t.do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "flee" })
      .do({ type: "declare", who: "thief", action: "flee" })
      .next();
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    t.do({ type: "react", who: "orc", with: "freeAttack", outcome: "miss" });
    t.next();
    expect(t.state).toMatchObject({ current: "thief", segment: 1 });
    // The thief's simple activity first: its flight comes on segment 2.
    t.do({ type: "act", who: "thief", action: "simple" });
    expect(t.state.segment).toBe(2);
    t.do({ type: "move", who: "thief", path: [[3, 0]] });
    expect(offers(t)).toEqual(["orc/freeAttack/thief", "orc/immediateAttack/thief"]);
  });

  it("a defeated threatener is offered nothing", () => {
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
      { id: "goblin", side: "foes", at: [0, 1] },
    ]);
    t.do({ type: "start" })
      .do({ type: "setDefeated", who: "goblin", defeated: true })
      .do({ type: "declare", who: "fighter", action: "flee" })
      .next();
    t.do({ type: "move", who: "fighter", path: [[-1, 0]] });
    expect(offers(t)).toEqual(["orc/freeAttack/fighter", "orc/immediateAttack/fighter"]);
  });

  it("a move held mid-path goes on from where it was held; its moved event runs from the start", () => {
    // The orc at (2, 0) threatens (1, 1): leaving it for (1, 2) is where the move is held.
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [2, 0] },
    ]);
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({
      type: "move",
      who: "fighter",
      path: [
        [1, 1],
        [1, 2],
      ],
    });
    expect(combatantIn(t.state, "fighter")?.at).toEqual([1, 1]);
    expect(t.state.pending[0]?.data).toEqual({ rest: [[1, 2]], origin: [0, 0] });
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.eventsOf("moved")).toEqual([
      {
        type: "moved",
        who: "fighter",
        from: [0, 0],
        to: [1, 2],
        path: [
          [1, 1],
          [1, 2],
        ],
      },
    ]);
  });

  it("a move that comes back to its start still reports the walk", () => {
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
    ]);
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({
      type: "move",
      who: "fighter",
      path: [
        [-1, 0],
        [0, 0],
      ],
    });
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.eventsOf("moved")).toEqual([
      {
        type: "moved",
        who: "fighter",
        from: [0, 0],
        to: [0, 0],
        path: [
          [0, 0],
          [-1, 0],
          [0, 0],
        ],
      },
    ]);
  });
});

describe("segments: jostling", () => {
  /** The wizard (party) casts at `wizardAt`; the fighter flees from (0, 0) past the orc at (2, 0). */
  function jostling(wizardAt: Cell, path: Cell[]) {
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "wizard", side: "party", at: wizardAt },
      { id: "orc", side: "foes", at: [2, 0] },
    ]);
    t.do({ type: "start" })
      .do({ type: "declare", who: "fighter", action: "flee" })
      .do({ type: "declare", who: "wizard", action: "cast", time: 5 })
      .next();
    t.do({ type: "move", who: "fighter", path });
    return t;
  }

  it('moving through an ally\'s square before the move is held breaks its casting then ("any concentration ... will be broken")', () => {
    const t = jostling(
      [1, 1],
      [
        [1, 1],
        [1, 2],
      ],
    );
    expect(combatantIn(t.state, "fighter")?.at).toEqual([1, 1]);
    expect(t.eventsOf("spellLost")).toEqual([
      { type: "spellLost", who: "wizard", spell: "cast", reason: "jostled" },
    ]);
  });

  it("an ally's square past where the move is held is jostled only when the move goes on", () => {
    const t = jostling(
      [1, 2],
      [
        [1, 1],
        [1, 2],
        [1, 3],
      ],
    );
    expect(combatantIn(t.state, "fighter")?.at).toEqual([1, 1]);
    expect(t.eventsOf("spellLost")).toEqual([]);
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(t.eventsOf("spellLost")).toEqual([
      { type: "spellLost", who: "wizard", spell: "cast", reason: "jostled" },
    ]);
    expect(combatantIn(t.state, "fighter")?.at).toEqual([1, 3]);
  });
});

describe("segments: jostling after the casting time", () => {
  it('jostling a caster whose casting time has run out breaks nothing ("during the time period of concentration")', () => {
    // The wizard's 1-segment casting ends on segment 1; the fighter's simple activity puts its move
    // on segment 2, through the wizard's square.
    const t = board([
      { id: "wizard", side: "party", at: [1, 0] },
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [9, 9] },
    ]);
    t.do({ type: "start" }).do({ type: "declare", who: "wizard", action: "cast", time: 1 }).next();
    expect(t.state).toMatchObject({ stage: "high", order: ["wizard", "fighter"], current: "wizard" });
    t.next();
    t.do({ type: "act", who: "fighter", action: "simple" });
    expect(t.state.segment).toBe(2);
    t.do({
      type: "move",
      who: "fighter",
      path: [
        [1, 0],
        [2, 0],
      ],
    });
    expect(combatantIn(t.state, "fighter")?.at).toEqual([2, 0]);
    expect(t.eventsOf("spellLost")).toEqual([]);
    t.next(2);
    expect(t.eventsOf("spellCompleted")).toMatchObject([{ who: "wizard", segment: 1 }]);
  });
});

describe("segments: the ruler's preview of a move", () => {
  const field = () =>
    board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [1, 0] },
      { id: "goblin", side: "foes", at: [0, 1], surprised: true },
    ]);

  it("shows where the move would be held and by whom; a surprised threatener holds nothing", () => {
    const t = field().do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    expect(t.state.current).toBe("fighter");
    const preview = segments.previewMove?.(t.state, "fighter", [[-1, 0]], "normal");
    expect(preview).toEqual({
      cells: [
        [0, 0],
        [-1, 0],
      ],
      cost: {},
      provocations: [{ cell: [0, 0], step: 0, by: ["orc"] }],
      refusal: null,
      // The flee is the round's major action: the ruler says so (issue 30), giving nothing up.
      majorAction: { forgoes: null },
    });
  });

  it("shows no hold by a threatener already offered an attack against this combatant this round", () => {
    const t = field().do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "move", who: "fighter", path: [[0, -1]] });
    t.do({ type: "react", who: "orc", with: "decline" });
    expect(combatantIn(t.state, "fighter")?.at).toEqual([0, -1]);
    const preview = segments.previewMove?.(
      t.state,
      "fighter",
      [
        [1, -1],
        [2, -1],
      ],
      "normal",
    );
    expect(preview).toMatchObject({ provocations: [], refusal: null });
  });

  it("a refused move shows its refusal and the walked line", () => {
    const t = field().do({ type: "start" }).next();
    expect(t.state.stage).not.toBe("declare");
    const preview = segments.previewMove?.(t.state, "orc", [[3, 0]], "normal");
    expect(preview).toEqual({
      cells: [
        [1, 0],
        [2, 0],
        [3, 0],
      ],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.NotYourTurn", data: { who: "orc" } },
    });
  });

  it("a refused move from no cell shows no line (a combatant off the grid cannot move)", () => {
    const t = board([
      { id: "fighter", side: "party" },
      { id: "orc", side: "foes", at: [1, 0] },
    ])
      .do({ type: "start" })
      .next();
    expect(t.state.current).toBe("fighter");
    const preview = segments.previewMove?.(t.state, "fighter", [[3, 0]], "normal");
    expect(preview).toMatchObject({ cells: [], refusal: { key: "TEMPO.Refusal.NotOnGrid" } });
  });
});

describe("segments: more of the ruler's preview and jostling", () => {
  it("a provocation whose only threatener is surprised shows no hold", () => {
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "goblin", side: "foes", at: [1, 0], surprised: true },
      { id: "orc", side: "foes", at: [9, 9] },
    ]);
    t.do({ type: "start" }).next();
    expect(t.state.current).toBe("fighter");
    expect(segments.previewMove?.(t.state, "fighter", [[-1, 0]], "normal")).toMatchObject({
      provocations: [],
      refusal: null,
    });
  });

  it("the preview of one the scene does not know shows its refusal and no line", () => {
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [5, 0] },
    ]);
    t.do({ type: "start" }).next();
    expect(segments.previewMove?.(t.state, "ghost", [[1, 0]], "normal")).toEqual({
      cells: [],
      cost: {},
      provocations: [],
      refusal: { key: "TEMPO.Refusal.UnknownCombatant", data: { who: "ghost" } },
    });
  });

  it("a caster sharing the square the mover leaves is not jostled: the mover moves into none of its squares", () => {
    const t = board([
      { id: "fighter", side: "party", at: [0, 0] },
      { id: "wizard", side: "party", at: [0, 0] },
      { id: "orc", side: "foes", at: [7, 7] },
    ]);
    t.do({ type: "start" }).do({ type: "declare", who: "wizard", action: "cast", time: 5 }).next(2);
    expect(t.state.current).toBe("fighter");
    t.do({ type: "move", who: "fighter", path: [[1, 0]] });
    expect(t.eventsOf("spellLost")).toEqual([]);
  });
});

describe("segments: a gridless scene with tokens placed", () => {
  it("every able enemy is adjacent to a fleer: the engine measures nothing on a gridless scene", () => {
    const t = new Table(
      [
        { id: "fighter", side: "party", at: [0, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "goblin", side: "foes", at: [7, 7] },
      ],
      [5, 2],
    );
    t.do({ type: "start" }).do({ type: "declare", who: "fighter", action: "flee" }).next();
    t.do({ type: "act", who: "fighter", action: "flee" });
    expect(offers(t)).toEqual([
      "orc/freeAttack/fighter",
      "orc/immediateAttack/fighter",
      "goblin/freeAttack/fighter",
      "goblin/immediateAttack/fighter",
    ]);
  });
});
