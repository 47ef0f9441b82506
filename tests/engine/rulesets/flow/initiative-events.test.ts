import { describe, expect, it } from "vitest";
import { Table } from "./helpers";

/**
 * What flow's initiative reports, event by event (flow.txt: "Everyone rolls 1d10 + Agility
 * Modifier"; ties: docs/rulesets/flow.md, higher Agility, then a d10 roll-off). Expected values are
 * worked out by hand from the scripted dice.
 */
describe("flow initiative events", () => {
  it('reports each roll as the d10, the Agility added and the total ("1d10 + Agility Modifier")', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", stats: { agility: 2 } },
        { id: "orc", side: "foes", stats: { agility: -1 } },
      ],
      [7, 3],
    );
    t.do({ type: "start" });
    expect(t.events.filter((e) => e.type === "initiativeRolled")).toEqual([
      { type: "initiativeRolled", who: "ana", die: 7, agility: 2, initiative: 9 },
      { type: "initiativeRolled", who: "orc", die: 3, agility: -1, initiative: 2 },
    ]);
    expect(t.events.filter((e) => e.type === "diceRolled")).toEqual([
      { type: "diceRolled", faces: 10, result: 7, purpose: "initiative", who: "ana" },
      { type: "diceRolled", faces: 10, result: 3, purpose: "initiative", who: "orc" },
    ]);
  });

  it("reports a roll-off with who rolled what, in roster order, and names its dice", () => {
    // a, b, c all 6 + 0; roll-off 4, 4, 9: c first, a and b tie again; again 2, 3: b before a.
    const t = new Table(
      [
        { id: "a", side: "x" },
        { id: "b", side: "y" },
        { id: "c", side: "y" },
      ],
      [6, 6, 6, 4, 4, 9, 2, 3],
    );
    t.do({ type: "start" });
    expect(t.events.filter((e) => e.type === "initiativeTieRolled")).toEqual([
      { type: "initiativeTieRolled", who: ["a", "b", "c"], rolls: [4, 4, 9] },
      { type: "initiativeTieRolled", who: ["a", "b"], rolls: [2, 3] },
    ]);
    expect(
      t.events.filter((e) => e.type === "diceRolled").map((e) => ("purpose" in e ? e.purpose : null)),
    ).toEqual([
      "initiative",
      "initiative",
      "initiative",
      "initiativeRollOff",
      "initiativeRollOff",
      "initiativeRollOff",
      "initiativeRollOff",
      "initiativeRollOff",
    ]);
    expect(t.state.order).toEqual(["c", "b", "a"]);
  });

  it("rolls no roll-off between combatants whose totals differ, even when their Agility is equal", () => {
    // a 5, b 4, c 5: a and c tie (roll-off 3, 8: c first), b is alone below them.
    const t = new Table(
      [
        { id: "a", side: "x" },
        { id: "b", side: "y" },
        { id: "c", side: "y" },
      ],
      [5, 4, 5, 3, 8],
    );
    t.do({ type: "start" });
    expect(t.events.filter((e) => e.type === "initiativeTieRolled")).toEqual([
      { type: "initiativeTieRolled", who: ["a", "c"], rolls: [3, 8] },
    ]);
    expect(t.state.order).toEqual(["c", "a", "b"]);
  });
});
