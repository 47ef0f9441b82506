import { describe, expect, it } from "vitest";
import { foe, pc, Table } from "./helpers";

/** docs/rulesets/marching.md, "Decisions": each question the text leaves open, as the engine reads it. */

function party(options: Record<string, string> = {}, dice: number[] = []) {
  return new Table(
    [pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("goblin", [2, 0]), foe("orc", [4, 0])],
    dice,
    options,
  ).do({ type: "start" });
}

describe('marching decisions: a defeated lead ("the lead person, usually the first in marching order or the vanguard, chooses either to take initiative or cede initiative")', () => {
  it("gives the choice to the next standing party member in marching order when the lead is defeated before choosing", () => {
    const t = party().do({ type: "setDefeated", who: "lead", defeated: true });
    expect(t.state.ext.lead).toBe("second");
    expect(t.ofType("stageStarted")).toMatchObject([{ stage: "choose", who: "second" }]);
    expect(t.refused({ type: "choose", who: "lead", initiative: "take" }).key).toBe("TEMPO.Refusal.NotLead");
    t.do({ type: "choose", who: "second", initiative: "take" });
    expect(t.state.current).toBe("second");
    expect(t.state.order).toEqual(["lead", "second", "goblin", "orc"]);
  });

  it("gives the choice back to the first in marching order when that lead stands up before the choice", () => {
    const t = party()
      .do({ type: "setDefeated", who: "lead", defeated: true })
      .do({ type: "setDefeated", who: "lead", defeated: false });
    expect(t.state.ext.lead).toBe("lead");
    t.do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.state.current).toBe("goblin");
  });

  it("lets the monsters act first when nobody of the party stands to choose", () => {
    const t = party()
      .do({ type: "setDefeated", who: "lead", defeated: true })
      .do({ type: "setDefeated", who: "second", defeated: true });
    expect(t.ofType("initiativeChosen")).toEqual([
      { type: "initiativeChosen", who: null, initiative: "cede", reason: "noLead" },
    ]);
    expect(t.state.stage).toBe("turns");
    expect(t.state.current).toBe("goblin");
  });

  it("refuses a choice by a defeated lead that a stored fight still names", () => {
    const t = party();
    const lead = t.state.combatants.find((c) => c.id === "lead");
    if (!lead) throw new Error("no lead");
    t.state = {
      ...t.state,
      combatants: t.state.combatants.map((c) => (c === lead ? { ...c, defeated: true } : c)),
    };
    expect(t.refused({ type: "choose", who: "lead", initiative: "take" }).key).toBe("TEMPO.Refusal.Defeated");
  });
});

describe('marching decisions: when the reaction comes back ("On your turn, you may use your primary action, move action, and reaction if you wish")', () => {
  function reactedBeforeItsTurn(options: Record<string, string>) {
    // take: lead, second, goblin, orc. The goblin spends its reaction on the lead's attack, before
    // its turn; the second delays, so it comes after the goblin's turn in this round.
    const t = party(options).do({ type: "choose", who: "lead", initiative: "take" });
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    t.do({ type: "react", who: "goblin", with: "reaction", outcome: "success" });
    t.do({ type: "next" }).do({ type: "delay", who: "second" });
    expect(t.state.order).toEqual(["lead", "goblin", "orc", "second"]);
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("second");
    t.do({ type: "act", who: "second", action: "attack", target: "goblin" });
    return t;
  }

  it("by default gives it back when the next round starts, not at its owner's turn (reactionBack: round)", () => {
    const t = reactedBeforeItsTurn({});
    expect(t.state.offers).toEqual([]);
    t.do({ type: "next" }).do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["goblin", "lead"]]);
  });

  it("with reactionBack: turn gives it back at the start of its owner's next turn", () => {
    const t = reactedBeforeItsTurn({ reactionBack: "turn" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["goblin", "second"]]);
  });

  it("with reactionBack: turn keeps a reaction spent to seize spent through the turn it seized", () => {
    // take: lead, second, goblin, orc; the orc seizes the goblin's turn, the goblin declines the contest.
    const t = party({ reactionBack: "turn" }, [5]).do({ type: "choose", who: "lead", initiative: "take" });
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("goblin");
    t.do({ type: "seize", who: "orc" }).do({ type: "react", who: "goblin", with: "decline" });
    expect(t.state.current).toBe("orc");
    expect(t.refused({ type: "seize", who: "orc" }).key).toBe("TEMPO.Refusal.AlreadyYourTurn");
    t.do({ type: "next" }).do({ type: "act", who: "goblin", action: "attack", target: "lead" });
    t.do({ type: "react", who: "lead", with: "decline" });
    t.do({ type: "next" }); // round 2: lead
    t.do({ type: "act", who: "lead", action: "attack", target: "orc" });
    expect(t.state.offers).toEqual([]);
  });
});

describe('marching decisions: who may delay ("If a party member delays too long, initiative passes to the next person in line, then to the monsters, then back to them")', () => {
  it("by default lets a monster delay too: it comes back after everyone still to act (delayers: anyone)", () => {
    const t = party().do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.state.current).toBe("goblin");
    t.do({ type: "delay", who: "goblin" });
    expect(t.state.order).toEqual(["orc", "lead", "second", "goblin"]);
    expect(t.state.current).toBe("orc");
  });

  it("with delayers: party refuses a monster's delay and still lets a party member delay", () => {
    const t = party({ delayers: "party" }).do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.refused({ type: "delay", who: "goblin" }).key).toBe("TEMPO.Refusal.OnlyPartyDelays");
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("lead");
    t.do({ type: "delay", who: "lead" });
    expect(t.state.current).toBe("second");
  });
});

describe('marching decisions: both sides unseen ("If one side is unseen by the other, the unseen side cedes initiative")', () => {
  it("leaves the choice to the lead when both sides are unseen, as when both see one another", () => {
    const t = new Table([pc("lead", 1, [0, 0], { unseen: true }), foe("orc", [3, 0], { unseen: true })]).do({
      type: "start",
    });
    expect(t.state.stage).toBe("choose");
    expect(t.ofType("initiativeChosen")).toEqual([]);
    t.do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.state.current).toBe("orc");
  });
});
