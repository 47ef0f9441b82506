import { describe, expect, it } from "vitest";
import { apply } from "../../../src/engine/apply";
import type { Command } from "../../../src/engine/commands";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { getRuleset } from "../../../src/engine/registry";
import { replay } from "../../../src/engine/replay";
import { RULESET_IDS, type EncounterState } from "../../../src/engine/state";
import { foe, pc, Table as MarchingTable } from "../rulesets/marching/helpers";
import { Table as SegmentsTable } from "../rulesets/segments/helpers";
import { combatantIn } from "../../../src/engine/record";

const flow = getRuleset("flow");

function flowFight(): EncounterState {
  const state = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
    },
    flow,
  );
  const started = apply(state, { type: "start" }, new ScriptedDice([9, 4]), flow);
  if (!started.ok) throw new Error(started.refusal.key);
  return started.state;
}

function run(state: EncounterState, command: unknown) {
  return apply(state, command, new ScriptedDice([]), flow);
}

describe("setCombatant: the GM changes a combatant's side, marching place or unseen (issue 14)", () => {
  it("stores the new values and emits combatantChanged naming only what changed", () => {
    const result = run(flowFight(), { type: "setCombatant", who: "orc", side: "party", marching: 3 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(combatantIn(result.state, "orc")).toMatchObject({ side: "party", marching: 3, unseen: false });
    expect(result.events).toEqual([{ type: "combatantChanged", who: "orc", side: "party", marching: 3 }]);
  });

  it("a foe turned ally no longer threatens: leaving its reach right after provokes nothing (flow)", () => {
    const state = flowFight();
    // Before: ana stepping away from the adjacent orc is held for the orc's Reaction Attack.
    const before = run(state, { type: "move", who: "ana", path: [[-1, 0]] });
    expect(before.ok && before.events.some((e) => e.type === "movePaused")).toBe(true);
    const turned = run(state, { type: "setCombatant", who: "orc", side: "party" });
    if (!turned.ok) throw new Error(turned.refusal.key);
    const after = run(turned.state, { type: "move", who: "ana", path: [[-1, 0]] });
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    expect(after.events.some((e) => e.type === "movePaused")).toBe(false);
    expect(after.state.offers).toEqual([]);
    expect(combatantIn(after.state, "ana")?.at).toEqual([-1, 0]);
  });

  it("a value equal to the present one changes nothing and emits nothing", () => {
    const state = flowFight();
    const result = run(state, { type: "setCombatant", who: "orc", side: "foes", unseen: false });
    expect(result.ok && result.events).toEqual([]);
    expect(result.ok && combatantIn(result.state, "orc")).toEqual(combatantIn(state, "orc"));
  });

  it("is taken before the fight starts as well as during it, in every ruleset", () => {
    for (const id of RULESET_IDS) {
      const ruleset = getRuleset(id);
      const state = createEncounter(
        {
          ruleset: id,
          combatants: [
            { id: "a", side: "party", pc: true },
            { id: "b", side: "foes" },
          ],
        },
        ruleset,
      );
      const result = apply(
        state,
        { type: "setCombatant", who: "b", unseen: true },
        new ScriptedDice([]),
        ruleset,
      );
      expect(result.ok && combatantIn(result.state, "b")?.unseen, id).toBe(true);
    }
  });

  it("refuses a command that names nothing to change (NothingToChange) and changes nothing", () => {
    const state = flowFight();
    const result = run(state, { type: "setCombatant", who: "orc" });
    expect(result.ok ? null : result.refusal.key).toBe("TEMPO.Refusal.NothingToChange");
    expect(result.state).toBe(state);
  });

  it("refuses a side that is not a safe id and a marching place outside 1..99 (BadField), naming the field", () => {
    const state = flowFight();
    const bad: Record<string, unknown>[] = [
      { side: "" },
      { side: "__proto__" },
      { side: "x".repeat(65) },
      { side: 3 },
      { marching: 0 },
      { marching: 100 },
      { marching: 1.5 },
      { marching: "1" },
      { unseen: "yes" },
    ];
    for (const fields of bad) {
      const result = run(state, { type: "setCombatant", who: "orc", ...fields });
      expect(result.ok ? null : result.refusal, JSON.stringify(fields)).toEqual({
        key: "TEMPO.Refusal.BadField",
        data: { command: "setCombatant", field: Object.keys(fields)[0] },
      });
      expect(result.state).toBe(state);
    }
  });

  it("takes marching: null (no place in the marching order)", () => {
    const result = run(flowFight(), { type: "setCombatant", who: "ana", marching: null });
    expect(result.ok && combatantIn(result.state, "ana")?.marching).toBeNull();
  });

  it("refuses a side change while the combatant is in an open offer (SideWhileHeld): the offer was made between enemies", () => {
    // ana walks out of the orc's threat: flow offers the orc a Reaction Attack against ana.
    const moved = run(flowFight(), { type: "move", who: "ana", path: [[-1, 0]] });
    expect(moved.ok).toBe(true);
    if (!moved.ok) return;
    expect(moved.state.offers.map((o) => [o.who, o.against])).toEqual([["orc", "ana"]]);
    for (const who of ["ana", "orc"]) {
      const result = run(moved.state, { type: "setCombatant", who, side: "third" });
      expect(result.ok ? null : result.refusal.key, who).toBe("TEMPO.Refusal.SideWhileHeld");
    }
    // Its marching place is no party to the offer.
    expect(run(moved.state, { type: "setCombatant", who: "orc", marching: 2 }).ok).toBe(true);
  });

  it("replays: the same commands give the same state", () => {
    const commands: Command[] = [
      { type: "setCombatant", who: "orc", side: "party" },
      { type: "setCombatant", who: "ana", unseen: true, marching: 1 },
    ];
    const a = replay(flowFight(), commands, new ScriptedDice([]));
    const b = replay(flowFight(), commands, new ScriptedDice([]));
    expect(a.state).toEqual(b.state);
    expect(combatantIn(a.state, "orc")?.side).toBe("party");
    expect(a.log.every((e) => e.refusal === null)).toBe(true);
  });
});

describe("setCombatant in marching (marching.txt Starting Combat)", () => {
  it('while the lead chooses, a new first in marching order becomes the lead ("the lead person, usually the first in marching order")', () => {
    const t = new MarchingTable([pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("orc", [3, 0])]).do({
      type: "start",
    });
    expect(t.state.ext.lead).toBe("lead");
    t.do({ type: "setCombatant", who: "second", marching: 1 }).do({
      type: "setCombatant",
      who: "lead",
      marching: 2,
    });
    expect(t.state.ext.lead).toBe("second");
    expect(t.ofType("stageStarted")).toEqual([{ type: "stageStarted", stage: "choose", who: "second" }]);
    expect(t.refused({ type: "choose", who: "lead", initiative: "take" }).key).toBe("TEMPO.Refusal.NotLead");
    t.do({ type: "choose", who: "second", initiative: "take" });
    expect(t.state.order).toEqual(["second", "lead", "orc"]);
  });

  it('while the lead chooses, making the monsters unseen settles it ("If one side is unseen by the other, the unseen side cedes initiative")', () => {
    const t = new MarchingTable([pc("lead", 1, [0, 0]), foe("orc", [3, 0])]).do({ type: "start" });
    t.do({ type: "setCombatant", who: "orc", unseen: true });
    expect(t.state.stage).toBe("turns");
    expect(t.state.ext.initiative).toBe("take");
    expect(t.ofType("initiativeChosen")).toEqual([
      { type: "initiativeChosen", who: null, initiative: "take", reason: "monstersUnseen" },
    ]);
    expect(t.state.current).toBe("lead");
  });

  it('a marching place changed during the turns keeps this round\'s order and counts from the next ("Initiative resets as normal at the beginning of the next round")', () => {
    const t = new MarchingTable([pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("orc", [3, 0])])
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" });
    t.do({ type: "setCombatant", who: "second", marching: 1 }).do({
      type: "setCombatant",
      who: "lead",
      marching: 3,
    });
    expect(t.state.order).toEqual(["lead", "second", "orc"]);
    expect(t.state.current).toBe("lead");
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.round).toBe(2);
    expect(t.state.order).toEqual(["second", "lead", "orc"]);
  });

  it("a combatant moved to the monsters' side during the turns acts with the monsters from the next round", () => {
    const t = new MarchingTable([pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("orc", [3, 0])])
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" })
      .do({ type: "setCombatant", who: "second", side: "foes" });
    expect(t.state.order).toEqual(["lead", "second", "orc"]);
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.order.indexOf("second")).toBeGreaterThan(t.state.order.indexOf("lead"));
    expect(t.state.order[0]).toBe("lead");
    expect(t.state.order.slice(1).sort()).toEqual(["orc", "second"]);
  });
});

describe("setCombatant in segments (segments.txt Group Initiative)", () => {
  const table = () =>
    new SegmentsTable(
      [
        { id: "fighter", side: "party", pc: true },
        { id: "orc", side: "foes" },
        { id: "goblin", side: "foes" },
      ],
      [2, 6],
    );

  it('after the roll, a combatant moved to another side takes that side\'s roll and group ("Each group will roll a d6")', () => {
    const t = table().do({ type: "start" }).next();
    expect(t.state.groups).toEqual({ party: "low", foes: "high" });
    expect(combatantIn(t.state, "fighter")?.ext.group).toBe("low");
    t.do({ type: "setCombatant", who: "fighter", side: "foes" });
    expect(combatantIn(t.state, "fighter")?.ext.group).toBe("high");
    expect(combatantIn(t.state, "fighter")?.initiative).toBe(6);
    expect(t.eventsOf("groupChanged")).toEqual([
      { type: "groupChanged", who: "fighter", group: "high", round: 1 },
    ]);
  });

  it("a combatant moved to a side that did not roll this round is LOW (a side that did not roll is LOW)", () => {
    const t = table().do({ type: "start" }).next();
    t.do({ type: "setCombatant", who: "goblin", side: "third" });
    expect(combatantIn(t.state, "goblin")?.ext.group).toBe("low");
    expect(combatantIn(t.state, "goblin")?.initiative).toBeNull();
  });

  it("during the declarations nothing is rolled yet: the roll reads the new side when declarations close", () => {
    const t = table().do({ type: "start" }).do({ type: "setCombatant", who: "fighter", side: "foes" });
    expect(t.eventsOf("groupChanged")).toEqual([]);
    t.next();
    expect(t.eventsOf("initiativeRolled").map((e) => e.side)).toEqual(["foes"]);
    expect(combatantIn(t.state, "fighter")?.ext.group).toBe("high");
  });
});
