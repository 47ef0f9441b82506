import { describe, expect, it } from "vitest";
import { clockwiseAngle, spiralFrom } from "../../../../src/engine/rulesets/marching/sides";
import { seesTorchlight, TORCHLIGHT_FEET } from "../../../../src/engine/rulesets/marching/visibility";
import { foe, pc, Table } from "./helpers";

describe('marching: starting combat (marching.txt "Starting Combat")', () => {
  it('opens the choose stage for the lead, first in marching order ("the lead person, usually the first in marching order or the vanguard, chooses")', () => {
    const t = new Table([pc("second", 2, [0, 1]), pc("lead", 1, [0, 0]), foe("orc", [3, 0])]).do({
      type: "start",
    });
    expect(t.state.stage).toBe("choose");
    expect(t.state.current).toBeNull();
    expect(t.state.order).toEqual([]);
    expect(t.state.ext.lead).toBe("lead");
    expect(t.refused({ type: "choose", who: "second", initiative: "take" }).key).toBe(
      "TEMPO.Refusal.NotLead",
    );
    expect(t.refused({ type: "choose", who: "orc", initiative: "cede" }).key).toBe("TEMPO.Refusal.NotLead");
    expect(t.refused({ type: "next" }).key).toBe("TEMPO.Refusal.ChooseInitiativeFirst");
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe(
      "TEMPO.Refusal.ChooseInitiativeFirst",
    );
  });

  it('on take, the players act first in marching order, then the monsters ("If the lead character takes initiative, the players act first in marching order")', () => {
    const t = new Table([
      pc("third", 3, [0, 2]),
      pc("lead", 1, [0, 0]),
      pc("second", 2, [0, 1]),
      foe("orc", [3, 0]),
    ]);
    t.do({ type: "start" }).do({ type: "choose", who: "lead", initiative: "take" });
    expect(t.state.stage).toBe("turns");
    expect(t.state.order).toEqual(["lead", "second", "third", "orc"]);
    expect(t.state.current).toBe("lead");
    expect(t.refused({ type: "choose", who: "lead", initiative: "cede" }).key).toBe(
      "TEMPO.Refusal.NotChoosing",
    );
  });

  it('on cede, the monsters act first, nearest to the PCs first, then the players ("starting with the ones closest to the PCs")', () => {
    const t = new Table([
      pc("lead", 1, [0, 0]),
      pc("second", 2, [0, 1]),
      foe("far", [6, 0]),
      foe("mid", [0, 4]),
      foe("near", [2, 1]),
    ]);
    t.do({ type: "start" }).do({ type: "choose", who: "lead", initiative: "cede" });
    // near: 2 from either PC; mid: 3 from second; far: 6 from lead.
    expect(t.state.order.slice(0, 3)).toEqual(["near", "mid", "far"]);
    expect(t.state.current).toBe("near");
  });

  it('makes an unseen party cede without a choice ("If one side is unseen by the other, the unseen side cedes initiative")', () => {
    const t = new Table([pc("lead", 1, [0, 0], { unseen: true }), foe("orc", [3, 0])]).do({ type: "start" });
    expect(t.state.stage).toBe("turns");
    expect(t.state.ext.initiative).toBe("cede");
    expect(t.state.order).toEqual(["orc", "lead"]);
    expect(t.refused({ type: "choose", who: "lead", initiative: "take" }).key).toBe(
      "TEMPO.Refusal.NotChoosing",
    );
  });

  it("makes unseen monsters cede to the party", () => {
    const t = new Table([
      pc("lead", 1, [0, 0]),
      foe("orc", [3, 0], { unseen: true }),
      foe("bat", [4, 0], { unseen: true }),
    ]).do({ type: "start" });
    expect(t.state.ext.initiative).toBe("take");
    expect(t.state.current).toBe("lead");
  });

  it("still lets the lead choose when both sides are unseen, or only some of a side is", () => {
    const both = new Table([
      pc("lead", 1, [0, 0], { unseen: true }),
      foe("orc", [3, 0], { unseen: true }),
    ]).do({ type: "start" });
    expect(both.state.stage).toBe("choose");
    const some = new Table([
      pc("lead", 1, [0, 0]),
      foe("orc", [3, 0], { unseen: true }),
      foe("bat", [4, 0]),
    ]).do({ type: "start" });
    expect(some.state.stage).toBe("choose");
  });

  it('tells whether torchlight is seen ("Torchlight can be seen in darkness from 1320 feet away ... if it is in a straight line and there are no other light sources at the viewer\'s location")', () => {
    expect(TORCHLIGHT_FEET).toBe(1320);
    expect(seesTorchlight({ feet: 1320, straightLine: true, lightAtViewer: false })).toBe(true);
    expect(seesTorchlight({ feet: 1325, straightLine: true, lightAtViewer: false })).toBe(false);
    expect(seesTorchlight({ feet: 100, straightLine: false, lightAtViewer: false })).toBe(false);
    expect(seesTorchlight({ feet: 100, straightLine: true, lightAtViewer: true })).toBe(false);
  });
});

describe('marching: combat order ("Take turns from the point of contact closest to the target, radiating outward clockwise in a spiral")', () => {
  it("orders the second side outward from its point of contact, clockwise from north at equal distance", () => {
    // The orcs' point of contact is o0 at [3, 0] (nearest the lead). Around it at distance 1:
    // north [3,-1], east [4,0], south [3,1], west... then distance 2.
    const t = new Table([
      pc("lead", 1, [0, 0]),
      foe("far", [5, 0]),
      foe("south", [3, 1]),
      foe("east", [4, 0]),
      foe("o0", [2, 0]),
      foe("north", [2, -1]),
    ]);
    t.do({ type: "start" }).do({ type: "choose", who: "lead", initiative: "take" });
    // contact o0 [2,0]; north [2,-1] d1 angle 0; east... [3,1]: d1 angle 135°; [4,0]: d2; [5,0]: d3.
    expect(t.state.order).toEqual(["lead", "o0", "north", "south", "east", "far"]);
  });

  it("orders the players after ceding in the spiral from the PC nearest the monsters", () => {
    const t = new Table([
      pc("lead", 1, [0, 0]),
      pc("second", 2, [-1, 0]),
      pc("third", 3, [3, 1]),
      foe("orc", [4, 1]),
    ]);
    t.do({ type: "start" }).do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.state.order).toEqual(["orc", "third", "lead", "second"]);
  });

  it("goes clockwise around the contact point on a hex grid too (pointy-top: the six neighbours lie at 30°, 90° ... 330°)", () => {
    const t = new Table(
      [pc("a", 1, [0, 0]), foe("nw", [0, -1]), foe("w", [-1, 0]), foe("e", [1, 0]), foe("ne", [1, -1])],
      [],
      {},
      { type: "hex" },
    );
    const members = ["nw", "w", "e", "ne"].map((id) => t.c(id));
    expect(spiralFrom(t.state, [0, 0], members).map((c) => c.id)).toEqual(["ne", "e", "w", "nw"]);
    expect(clockwiseAngle(t.state, [0, 0], [1, 0])).toBeCloseTo(Math.PI / 2);
  });

  it("keeps roster order off the grid, where nothing can be measured", () => {
    const t = new Table(
      [
        { id: "lead", side: "party", pc: true, marching: 1 },
        { id: "b", side: "foes" },
        { id: "a", side: "foes" },
      ],
      [],
      {},
      { type: "none" },
    );
    t.do({ type: "start" }).do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.state.order).toEqual(["b", "a", "lead"]);
  });

  it('goes round the order one by one and starts the next round in the same way ("The next individual clockwise then takes their turn")', () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("orc", [2, 0])]);
    t.do({ type: "start" }).do({ type: "choose", who: "lead", initiative: "take" }).do({ type: "next" });
    expect(t.state.current).toBe("orc");
    t.do({ type: "endTurn", who: "orc" });
    expect(t.state.round).toBe(2);
    expect(t.state.current).toBe("lead");
    expect(t.refused({ type: "endTurn", who: "orc" }).key).toBe("TEMPO.Refusal.NotYourTurn");
  });

  it("remakes the order from the positions at the start of each round", () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("a", [2, 0]), foe("b", [5, 0])]);
    t.do({ type: "start" }).do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.state.order).toEqual(["a", "b", "lead"]);
    t.do({ type: "move", who: "a", path: [[6, 0]] }).do({ type: "next" });
    t.do({ type: "move", who: "b", path: [[1, 0]] })
      .do({ type: "next" })
      .do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.order).toEqual(["b", "a", "lead"]);
  });
});

describe("marching: a combatant joining mid-fight (docs/rulesets/marching.md, Joining)", () => {
  it('acts after everyone still to act this round, then in its place ("initiative passes to the next person in line, then to the monsters, then back"; "Initiative resets as normal at the beginning of the next round")', () => {
    const t = new Table([pc("lead", 1, [0, 0]), pc("rear", 3, [0, 2]), foe("orc", [3, 0])]);
    t.do({ type: "start" }).do({ type: "addCombatant", combatant: pc("scout", 2, [0, 1]) });
    expect(t.state.order).toEqual([]);
    t.do({ type: "choose", who: "lead", initiative: "take" });
    expect(t.state.order).toEqual(["lead", "scout", "rear", "orc"]);
    t.do({ type: "addCombatant", combatant: foe("wolf", [4, 0]) });
    expect(t.state.order).toEqual(["lead", "scout", "rear", "orc", "wolf"]);
    expect(t.ofType("orderChanged")).toEqual([
      {
        type: "orderChanged",
        order: ["lead", "scout", "rear", "orc", "wolf"],
        reason: "newcomer",
        who: "wolf",
      },
    ]);
    for (const who of ["lead", "scout", "rear", "orc"]) t.do({ type: "endTurn", who });
    expect(t.state.current).toBe("wolf");
    t.do({ type: "endTurn", who: "wolf" });
    expect(t.state.round).toBe(2);
    expect(t.state.order.slice(0, 3)).toEqual(["lead", "scout", "rear"]);
  });
});
