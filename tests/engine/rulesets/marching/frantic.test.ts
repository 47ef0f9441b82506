import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table } from "./helpers";

const combatants: CombatantSetup[] = [
  { id: "lead", side: "party", pc: true, marching: 1, at: [0, 0] },
  { id: "second", side: "party", pc: true, marching: 2, at: [0, 1] },
  { id: "goblin", side: "foes", at: [2, 0] },
];

function frantic() {
  return new Table(combatants, [], { frantic: "on" })
    .do({ type: "start" })
    .do({ type: "choose", who: "lead", initiative: "take" });
}

describe('marching: frantic combat ("each player has six seconds to announce an action and six seconds to execute it")', () => {
  it("starts a six-second announce clock on each player's turn, for the host to run", () => {
    const t = frantic();
    expect(t.state.ext.frantic).toEqual({
      on: true,
      who: "lead",
      step: "announce",
      seconds: 6,
      announced: null,
    });
    expect(t.ofType("franticClockStarted")).toEqual([
      { type: "franticClockStarted", who: "lead", step: "announce", seconds: 6 },
    ]);
  });

  it("takes an action only once announced, then gives six seconds to execute that action", () => {
    const t = frantic();
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe(
      "TEMPO.Refusal.AnnounceFirst",
    );
    t.do({ type: "declare", who: "lead", action: "primary" });
    expect(t.state.ext.frantic).toMatchObject({ step: "execute", announced: "primary", seconds: 6 });
    expect(t.refused({ type: "act", who: "lead", action: "move" }).key).toBe("TEMPO.Refusal.NotAnnounced");
    expect(t.refused({ type: "declare", who: "lead", action: "move" }).key).toBe(
      "TEMPO.Refusal.NotAnnouncing",
    );
    t.do({ type: "act", who: "lead", action: "primary" });
    expect(t.state.ext.frantic).toMatchObject({ step: "announce", announced: null });
    t.do({ type: "declare", who: "lead", action: "move" }).do({ type: "move", who: "lead", path: [[1, 0]] });
  });

  it('loses an action not executed in time ("If you are too slow, you lose that action")', () => {
    const t = frantic();
    t.do({ type: "declare", who: "lead", action: "move" });
    t.do({ type: "act", who: "lead", action: "considerOptions" });
    expect(t.ofType("actionLost")).toEqual([
      { type: "actionLost", who: "lead", action: "move", reason: "tooSlow" },
    ]);
    expect(t.state.ext.frantic).toMatchObject({ step: "announce" });
    t.do({ type: "declare", who: "lead", action: "move" });
    expect(t.refused({ type: "act", who: "lead", action: "move" }).key).toBe("TEMPO.Refusal.MoveUsed");
  });

  it("loses the rest of the turn when nothing more is announced in time, after an action was taken", () => {
    const t = frantic();
    t.do({ type: "declare", who: "lead", action: "primary" }).do({
      type: "act",
      who: "lead",
      action: "primary",
    });
    t.do({ type: "act", who: "lead", action: "considerOptions" });
    expect(t.ofType("actionLost")).toEqual([
      { type: "actionLost", who: "lead", action: "move", reason: "tooSlow" },
    ]);
    expect(t.ofType("actionTaken")).toEqual([]);
    expect(t.state.ext.frantic).toMatchObject({ step: null, who: null });
  });

  it('takes Consider Options for a player who missed every action ("If you miss all actions, you take Consider Options by default")', () => {
    const t = frantic();
    t.do({ type: "declare", who: "lead", action: "primary" }).do({
      type: "act",
      who: "lead",
      action: "considerOptions",
    });
    t.do({ type: "act", who: "lead", action: "considerOptions" });
    expect(t.ofType("actionTaken")).toEqual([
      { type: "actionTaken", who: "lead", action: "considerOptions", target: null, default: true },
    ]);
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe("TEMPO.Refusal.PrimaryUsed");
    const u = frantic().do({ type: "act", who: "lead", action: "considerOptions" });
    expect(u.ofType("actionTaken")).toMatchObject([{ action: "considerOptions", default: true }]);
  });

  it("times only the players: the monsters' turns run without a clock", () => {
    const t = frantic().do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("goblin");
    expect(t.state.ext.frantic).toMatchObject({ on: true, step: null, who: null });
    t.do({ type: "act", who: "goblin", action: "primary" });
    expect(t.refused({ type: "declare", who: "goblin", action: "move" }).key).toBe(
      "TEMPO.Refusal.NotAnnouncing",
    );
  });

  it('can be switched on by the GM mid-combat ("If the table is moving too slowly, the GM may switch to frantic combat")', () => {
    const t = new Table(combatants)
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" });
    expect(t.state.ext.frantic).toMatchObject({ on: false, step: null });
    expect(t.refused({ type: "declare", who: "lead", action: "primary" }).key).toBe(
      "TEMPO.Refusal.NotFrantic",
    );
    t.do({ type: "setOption", option: "frantic", value: "on" });
    expect(t.state.ext.frantic).toEqual({
      on: true,
      who: "lead",
      step: "announce",
      seconds: 6,
      announced: null,
    });
    t.do({ type: "declare", who: "lead", action: "primary" })
      .do({ type: "act", who: "lead", action: "primary" })
      .do({ type: "next" });
    expect(t.state.ext.frantic).toMatchObject({ who: "second", step: "announce" });
    t.do({ type: "setOption", option: "frantic", value: "off" });
    t.do({ type: "act", who: "second", action: "primary" });
  });

  it("takes Consider Options as an ordinary primary action outside frantic combat", () => {
    const t = new Table(combatants)
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" });
    t.do({ type: "act", who: "lead", action: "considerOptions" });
    expect(t.ofType("actionTaken")).toEqual([
      { type: "actionTaken", who: "lead", action: "considerOptions", target: null },
    ]);
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe("TEMPO.Refusal.PrimaryUsed");
  });
});
