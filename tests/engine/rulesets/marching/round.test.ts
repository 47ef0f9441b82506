import { describe, expect, it } from "vitest";
import { marching } from "../../../../src/engine/rulesets/marching";
import { agility, surpriseModifiers, togetherOf } from "../../../../src/engine/rulesets/marching/setup";
import { foe, pc, Table } from "./helpers";

/** lead (1st), second (2nd), goblin and orc, the choose stage open. */
function choosing(options: Record<string, string> = {}) {
  return new Table(
    [pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("goblin", [2, 0]), foe("orc", [4, 0])],
    [],
    options,
  ).do({ type: "start" });
}

/** The same, the lead having taken initiative: lead, second, goblin, orc. */
function taken(options: Record<string, string> = {}) {
  return choosing(options).do({ type: "choose", who: "lead", initiative: "take" });
}

describe('marching: starting combat ("When combat begins and both sides see one another, the lead person ... chooses")', () => {
  it("starts round 1 with the lead and the party named, then opens the choose stage for the lead, the clock off", () => {
    const t = choosing();
    expect(t.events).toEqual([
      { type: "combatStarted", lead: "lead", party: "party" },
      { type: "roundStarted", round: 1 },
      { type: "stageStarted", stage: "choose", who: "lead" },
    ]);
    expect(t.state.stage).toBe("choose");
    expect(t.state.ext).toMatchObject({
      lead: "lead",
      party: "party",
      initiative: null,
      together: null,
      frantic: { on: false, who: null, step: null, seconds: 6, announced: null },
    });
    expect(choosing({ frantic: "on" }).state.ext.frantic).toEqual({
      on: true,
      who: null,
      step: null,
      seconds: 6,
      announced: null,
    });
  });

  it("reports the lead's choice, the order it makes and the first turn", () => {
    const t = taken();
    expect(t.events).toEqual([
      { type: "initiativeChosen", who: "lead", initiative: "take", reason: "lead" },
      { type: "orderChanged", order: ["lead", "second", "goblin", "orc"], reason: "roundStart" },
      ...t.ofType("turnStarted"),
    ]);
    expect(t.ofType("turnStarted")).toHaveLength(1);
    expect(t.state.current).toBe("lead");
    expect(t.state.ext.initiative).toBe("take");
  });

  it("refuses the choice to anyone but the lead, naming both, and once it is made", () => {
    const t = choosing();
    expect(t.refused({ type: "choose", who: "second", initiative: "take" })).toEqual({
      key: "TEMPO.Refusal.NotLead",
      data: { who: "second", lead: "lead" },
    });
    t.do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.refused({ type: "choose", who: "lead", initiative: "take" })).toEqual({
      key: "TEMPO.Refusal.NotChoosing",
      data: {},
    });
  });

  it("refuses the choice to everyone when the party has nobody standing to lead it, naming no lead", () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("orc", [3, 0])])
      .do({ type: "setDefeated", who: "lead", defeated: true })
      .do({ type: "start" });
    expect(t.state.ext.lead).toBeNull();
    expect(t.refused({ type: "choose", who: "orc", initiative: "take" })).toEqual({
      key: "TEMPO.Refusal.NotLead",
      data: { who: "orc", lead: "" },
    });
  });

  it("refuses turn-taking while the lead chooses", () => {
    const t = choosing();
    expect(t.refused({ type: "next" }).key).toBe("TEMPO.Refusal.ChooseInitiativeFirst");
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe(
      "TEMPO.Refusal.ChooseInitiativeFirst",
    );
  });

  it('settles the choice when the GM makes the party unseen while the lead chooses ("the unseen side cedes initiative")', () => {
    const t = choosing();
    t.do({ type: "setCombatant", who: "lead", unseen: true }).do({
      type: "setCombatant",
      who: "second",
      unseen: true,
    });
    expect(t.ofType("initiativeChosen")).toEqual([
      { type: "initiativeChosen", who: null, initiative: "cede", reason: "partyUnseen" },
    ]);
    expect(t.state.stage).toBe("turns");
    // Ceded: the monsters first, nearest the party first.
    expect(t.state.order).toEqual(["goblin", "orc", "lead", "second"]);
  });

  it('makes a new first in marching order the lead while the lead chooses ("the lead person, usually the first in marching order")', () => {
    const t = choosing().do({ type: "setCombatant", who: "second", marching: 1 });
    t.do({ type: "setCombatant", who: "lead", marching: 3 });
    expect(t.events).toEqual([
      { type: "combatantChanged", who: "lead", marching: 3 },
      { type: "stageStarted", stage: "choose", who: "second" },
    ]);
    expect(t.state.ext.lead).toBe("second");
  });

  it('settles the choice for the party when the monsters turn unseen while the lead chooses ("the unseen side cedes initiative")', () => {
    const t = choosing().do({ type: "setCombatant", who: "goblin", unseen: true });
    t.do({ type: "setCombatant", who: "orc", unseen: true });
    expect(t.ofType("initiativeChosen")).toEqual([
      { type: "initiativeChosen", who: null, initiative: "take", reason: "monstersUnseen" },
    ]);
  });

  it("announces no new lead when the GM's change leaves the lead as it was, and changes nothing before the start", () => {
    const t = choosing().do({ type: "setCombatant", who: "second", marching: 3 });
    expect(t.events).toEqual([{ type: "combatantChanged", who: "second", marching: 3 }]);
    expect(t.state.stage).toBe("choose");
    const before = new Table([pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("orc", [4, 0])]);
    before
      .do({ type: "setCombatant", who: "second", marching: 1 })
      .do({ type: "setCombatant", who: "lead", marching: 3 });
    expect(before.state.stage).toBeNull();
    expect(before.state.ext).toEqual({});
    before.do({ type: "start" });
    expect(before.state.ext.lead).toBe("second");
  });
  it('keeps the lead and the choice once the turns are under way ("Initiative resets as normal at the beginning of the next round")', () => {
    const t = taken().do({ type: "setCombatant", who: "second", marching: 1 });
    t.do({ type: "setCombatant", who: "lead", marching: 3 });
    t.do({ type: "setCombatant", who: "goblin", unseen: true }).do({
      type: "setCombatant",
      who: "orc",
      unseen: true,
    });
    expect(t.events).toEqual([{ type: "combatantChanged", who: "orc", unseen: true }]);
    expect(t.state.ext).toMatchObject({ lead: "lead", initiative: "take" });
    expect(t.state.current).toBe("lead");
  });
});

describe('marching: the turns ("The next individual clockwise then takes their turn")', () => {
  it("ends each turn by name and round, and ends the round after the last, starting the next", () => {
    const t = taken().do({ type: "next" });
    expect(t.ofType("turnEnded")).toEqual([{ type: "turnEnded", who: "lead", round: 1 }]);
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.ofType("turnEnded")).toEqual([{ type: "turnEnded", who: "orc", round: 1 }]);
    expect(t.ofType("roundEnded")).toEqual([{ type: "roundEnded", round: 1 }]);
    expect(t.ofType("roundStarted")).toEqual([{ type: "roundStarted", round: 2 }]);
    expect(t.ofType("orderChanged")).toEqual([
      { type: "orderChanged", order: ["lead", "second", "goblin", "orc"], reason: "roundStart" },
    ]);
    expect(t.state.current).toBe("lead");
  });

  it("refuses the next turn while an attack waits for its target's reaction", () => {
    const t = taken().do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    expect(t.refused({ type: "next" }).key).toBe("TEMPO.Refusal.ReactionsPending");
    expect(t.refused({ type: "endTurn", who: "lead" }).key).toBe("TEMPO.Refusal.ReactionsPending");
  });

  it("gives the reaction back each round: one reaction a round", () => {
    const t = taken().do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    t.do({ type: "react", who: "goblin", with: "reaction" });
    for (let i = 0; i < 4; i += 1) t.do({ type: "next" });
    expect(t.state.round).toBe(2);
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    expect(t.state.offers.map((o) => [o.who, o.against])).toEqual([["goblin", "lead"]]);
  });

  it("does not report again the defeat of one of a pair the GM already set defeated", () => {
    // The goblin seizes the lead's turn (equal dice: together); the lead kills the goblin, whose defeat waits.
    const t = new Table(
      [pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("goblin", [2, 0]), foe("orc", [4, 0])],
      [6, 6],
      { seizeOpponent: "rolls" },
    )
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" })
      .do({ type: "seize", who: "goblin" });
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin", outcome: "kill" });
    t.do({ type: "setDefeated", who: "goblin", defeated: true });
    t.do({ type: "next" });
    expect(t.ofType("defeatedChanged")).toEqual([]);
    expect(t.ofType("turnEnded")).toEqual([
      { type: "turnEnded", who: "lead", round: 1 },
      { type: "turnEnded", who: "goblin", round: 1 },
    ]);
    expect(t.state.current).toBe("second");
  });
});

describe("marching: rounds with nobody standing, and a pair losing one of its two", () => {
  it("runs the rounds on with no current combatant while everyone is defeated, and gives the turn again to one back on its feet only at the next round", () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("orc", [3, 0])])
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" });
    t.do({ type: "setDefeated", who: "orc", defeated: true }).do({
      type: "setDefeated",
      who: "lead",
      defeated: true,
    });
    t.do({ type: "next" });
    expect([t.state.round, t.state.current]).toEqual([2, null]);
    t.do({ type: "next" });
    // Nobody's turn ended: the round simply ends.
    expect(t.events).toEqual([
      { type: "roundEnded", round: 2 },
      { type: "roundStarted", round: 3 },
      { type: "orderChanged", order: ["lead", "orc"], reason: "roundStart" },
    ]);
    t.do({ type: "setDefeated", who: "lead", defeated: false }).do({ type: "next" });
    expect([t.state.round, t.state.current]).toEqual([4, "lead"]);
  });

  it("ends the turn of the one of a pair still in the fight when the other was removed", () => {
    const t = new Table(
      [pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("goblin", [2, 0]), foe("orc", [4, 0])],
      [6, 6],
      { seizeOpponent: "rolls" },
    )
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" })
      .do({ type: "seize", who: "goblin" })
      .do({ type: "removeCombatant", who: "goblin" })
      .do({ type: "next" });
    expect(t.ofType("turnEnded")).toEqual([{ type: "turnEnded", who: "lead", round: 1 }]);
    expect(t.state.current).toBe("second");
  });

  it("names who may not delay while acting together", () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("goblin", [2, 0]), foe("orc", [4, 0])], [6, 6], {
      seizeOpponent: "rolls",
    })
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" })
      .do({ type: "seize", who: "goblin" });
    expect(t.refused({ type: "delay", who: "lead" })).toEqual({
      key: "TEMPO.Refusal.ActingTogether",
      data: { who: "lead" },
    });
  });
});

describe('marching: delaying ("initiative passes to the next person in line")', () => {
  it("passes from a delayer who is not first to the one after it, announcing the new order", () => {
    const t = taken().do({ type: "next" }).do({ type: "delay", who: "second" });
    expect(t.ofType("orderChanged")).toEqual([
      { type: "orderChanged", order: ["lead", "goblin", "orc", "second"], reason: "delay", who: "second" },
    ]);
    expect(t.state.current).toBe("goblin");
    expect(t.c("second").conditions).toEqual([{ id: "delayed", rounds: null }]);
  });

  it("refuses to delay with nobody standing after, naming the delayer", () => {
    const t = taken().do({ type: "setDefeated", who: "orc", defeated: true });
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("goblin");
    expect(t.refused({ type: "delay", who: "goblin" })).toEqual({
      key: "TEMPO.Refusal.NobodyToPassTo",
      data: { who: "goblin" },
    });
  });

  it("names the delayer refused for having acted, for delaying twice, or past the one named", () => {
    const t = taken();
    t.do({ type: "move", who: "lead", path: [[1, 0]] });
    expect(t.refused({ type: "delay", who: "lead" })).toEqual({
      key: "TEMPO.Refusal.DelayAfterActing",
      data: { who: "lead" },
    });
    const u = taken().do({ type: "next" });
    expect(u.refused({ type: "delay", who: "second", until: "lead" })).toEqual({
      key: "TEMPO.Refusal.DelayPastUntil",
      data: { who: "second", until: "lead" },
    });
    u.do({ type: "delay", who: "second", until: "orc" });
    u.do({ type: "next" });
    expect(u.state.current).toBe("second");
    expect(u.refused({ type: "delay", who: "second" })).toEqual({
      key: "TEMPO.Refusal.AlreadyDelayed",
      data: { who: "second" },
    });
  });
});

describe('marching: frantic combat switched by the GM ("the GM may switch to frantic combat")', () => {
  it("starts no clock when switched on while the lead chooses, and times the first player's turn after", () => {
    const t = choosing().do({ type: "setOption", option: "frantic", value: "on" });
    expect(t.events).toEqual([{ type: "optionChanged", option: "frantic", value: "on" }]);
    expect(t.state.ext.frantic).toEqual({ on: true, who: null, step: null, seconds: 6, announced: null });
    t.do({ type: "choose", who: "lead", initiative: "take" });
    expect(t.ofType("franticClockStarted")).toEqual([
      { type: "franticClockStarted", who: "lead", step: "announce", seconds: 6 },
    ]);
  });

  it("starts no clock when switched on during a monster's turn", () => {
    const t = taken().do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("goblin");
    t.do({ type: "setOption", option: "frantic", value: "on" });
    expect(t.ofType("franticClockStarted")).toEqual([]);
    expect(t.state.ext.frantic).toEqual({ on: true, who: null, step: null, seconds: 6, announced: null });
  });

  it("starts the announce clock when switched on during a player's turn, and stops it when switched off", () => {
    const t = taken().do({ type: "setOption", option: "frantic", value: "on" });
    expect(t.ofType("franticClockStarted")).toEqual([
      { type: "franticClockStarted", who: "lead", step: "announce", seconds: 6 },
    ]);
    t.do({ type: "setOption", option: "frantic", value: "off" });
    expect(t.state.ext.frantic).toEqual({ on: false, who: null, step: null, seconds: 6, announced: null });
    expect(t.ofType("franticClockStarted")).toEqual([]);
  });

  it("leaves the clock alone when the GM changes another option", () => {
    const t = taken({ frantic: "on" }).do({ type: "declare", who: "lead", action: "primary" });
    const clock = t.state.ext.frantic;
    t.do({ type: "setOption", option: "seizeOpponent", value: "rolls" });
    expect(t.events).toEqual([{ type: "optionChanged", option: "seizeOpponent", value: "rolls" }]);
    expect(t.state.ext.frantic).toEqual(clock);
    expect(t.state.options.seizeOpponent).toBe("rolls");
  });
});

describe("marching: the frantic clock in odd states", () => {
  it("reads a running encounter saved without a clock, or with a malformed one, as the option's clock with nobody timed", () => {
    for (const saved of [undefined, null, [], "on"]) {
      const on = taken({ frantic: "on" });
      if (saved === undefined) delete on.state.ext.frantic;
      else on.state.ext.frantic = saved;
      // Frantic combat is on (the option), but no player is being timed: announcing is refused, acting is not.
      expect(on.refused({ type: "declare", who: "lead", action: "primary" }).key).toBe(
        "TEMPO.Refusal.NotAnnouncing",
      );
      on.do({ type: "act", who: "lead", action: "primary" });
      const off = taken();
      if (saved === undefined) delete off.state.ext.frantic;
      else off.state.ext.frantic = saved;
      expect(off.refused({ type: "declare", who: "lead", action: "primary" }).key).toBe(
        "TEMPO.Refusal.NotFrantic",
      );
    }
  });

  it("times only the player of a pair acting together: the monster of the pair acts unannounced", () => {
    const t = new Table(
      [pc("lead", 1, [0, 0]), pc("second", 2, [0, 1]), foe("goblin", [2, 0]), foe("orc", [4, 0])],
      [6, 6],
      { seizeOpponent: "rolls", frantic: "on" },
    )
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" })
      .do({ type: "seize", who: "goblin" });
    expect(t.state.ext.together).toMatchObject({ who: ["lead", "goblin"] });
    expect(t.state.ext.frantic).toMatchObject({ who: "lead", step: "announce" });
    t.do({ type: "act", who: "goblin", action: "primary" });
    expect(t.ofType("actionTaken")).toEqual([
      { type: "actionTaken", who: "goblin", action: "primary", target: null },
    ]);
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe(
      "TEMPO.Refusal.AnnounceFirst",
    );
  });

  it("starts no clock with nobody standing to take a turn, even when the GM switches frantic combat on", () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("orc", [3, 0])], [], { frantic: "on" })
      .do({ type: "start" })
      .do({ type: "choose", who: "lead", initiative: "take" });
    t.do({ type: "setOption", option: "frantic", value: "off" });
    t.do({ type: "setDefeated", who: "orc", defeated: true }).do({
      type: "setDefeated",
      who: "lead",
      defeated: true,
    });
    t.do({ type: "next" });
    expect(t.state.current).toBeNull();
    t.do({ type: "setOption", option: "frantic", value: "on" });
    expect(t.state.ext.frantic).toEqual({ on: true, who: null, step: null, seconds: 6, announced: null });
    t.do({ type: "next" });
    expect(t.state.ext.frantic).toEqual({ on: true, who: null, step: null, seconds: 6, announced: null });
    expect(t.ofType("franticClockStarted")).toEqual([]);
  });
});

describe('marching: announcing in frantic combat ("each player has six seconds to announce an action and six seconds to execute it")', () => {
  it("reports the announced action and starts the six-second execute step", () => {
    const t = taken({ frantic: "on" }).do({ type: "declare", who: "lead", action: "attack" });
    expect(t.events).toEqual([
      { type: "actionAnnounced", who: "lead", action: "attack", seconds: 6 },
      { type: "franticClockStarted", who: "lead", step: "execute", seconds: 6 },
    ]);
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    expect(t.ofType("franticClockStarted")).toEqual([
      { type: "franticClockStarted", who: "lead", step: "announce", seconds: 6 },
    ]);
  });

  it("names who and what in the refusals: announcing out of turn, acting unannounced, acting on another announcement", () => {
    const t = taken({ frantic: "on" });
    expect(t.refused({ type: "declare", who: "second", action: "primary" })).toEqual({
      key: "TEMPO.Refusal.NotAnnouncing",
      data: { who: "second" },
    });
    expect(t.refused({ type: "act", who: "lead", action: "primary" })).toEqual({
      key: "TEMPO.Refusal.AnnounceFirst",
      data: { who: "lead" },
    });
    t.do({ type: "declare", who: "lead", action: "primary" });
    expect(t.refused({ type: "move", who: "lead", path: [[1, 0]] })).toEqual({
      key: "TEMPO.Refusal.NotAnnounced",
      data: { who: "lead", action: "move", announced: "primary" },
    });
    expect(t.refused({ type: "declare", who: "lead", action: "dance" })).toEqual({
      key: "TEMPO.Refusal.UnknownAction",
      data: { action: "dance" },
    });
  });

  it("refuses announcing outside frantic combat, and before the turns begin", () => {
    expect(taken().refused({ type: "declare", who: "lead", action: "primary" })).toEqual({
      key: "TEMPO.Refusal.NotFrantic",
      data: {},
    });
    const early = new Table([pc("lead", 1, [0, 0]), foe("orc", [3, 0])], [], { frantic: "on" });
    expect(early.refused({ type: "declare", who: "lead", action: "primary" }).key).toBe(
      "TEMPO.Refusal.NotStarted",
    );
    expect(choosing({ frantic: "on" }).refused({ type: "declare", who: "lead", action: "primary" }).key).toBe(
      "TEMPO.Refusal.NotAnnouncing",
    );
  });

  it("takes an announced Consider Options as the player's action, not as time running out", () => {
    const t = taken({ frantic: "on" }).do({ type: "declare", who: "lead", action: "considerOptions" });
    t.do({ type: "act", who: "lead", action: "considerOptions" });
    expect(t.ofType("actionTaken")).toEqual([
      { type: "actionTaken", who: "lead", action: "considerOptions", target: null },
    ]);
    expect(t.ofType("actionLost")).toEqual([]);
    expect(t.state.ext.frantic).toMatchObject({ who: "lead", step: "announce", announced: null });
  });

  it('takes Consider Options without reporting lost actions for a player who did nothing at all ("If you miss all actions")', () => {
    const t = taken({ frantic: "on" }).do({ type: "act", who: "lead", action: "considerOptions" });
    expect(t.events).toEqual([
      { type: "actionTaken", who: "lead", action: "considerOptions", target: null, default: true },
    ]);
  });

  it("loses the primary action alone when time runs out after a move", () => {
    const t = taken({ frantic: "on" }).do({ type: "declare", who: "lead", action: "move" });
    t.do({ type: "move", who: "lead", path: [[1, 0]] });
    t.do({ type: "act", who: "lead", action: "considerOptions" });
    expect(t.events).toEqual([{ type: "actionLost", who: "lead", action: "primary", reason: "tooSlow" }]);
  });

  it("loses an announced attack as the turn's primary action when it is not executed in time", () => {
    const t = taken({ frantic: "on" }).do({ type: "declare", who: "lead", action: "attack" });
    t.do({ type: "act", who: "lead", action: "considerOptions" });
    expect(t.events).toEqual([
      { type: "actionLost", who: "lead", action: "attack", reason: "tooSlow" },
      { type: "franticClockStarted", who: "lead", step: "announce", seconds: 6 },
    ]);
    t.do({ type: "declare", who: "lead", action: "primary" });
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe("TEMPO.Refusal.PrimaryUsed");
    t.do({ type: "act", who: "lead", action: "considerOptions" });
    t.do({ type: "declare", who: "lead", action: "move" }).do({ type: "move", who: "lead", path: [[1, 0]] });
  });
});

describe('marching: surprise and slots ("Surprise ... allows you to catch opponents as impaired")', () => {
  it("sets up a combatant marked surprised as surprised through its first turn", () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("goblin", [2, 0], { surprised: true })]);
    expect(t.c("goblin").conditions).toEqual([{ id: "surprised", rounds: 1 }]);
    expect(t.c("lead").conditions).toEqual([]);
    expect([t.c("goblin").pools, t.c("goblin").maxPools]).toEqual([{}, {}]);
  });

  it('gives +2 to hit a surprised combatant and -1 to its AGL checks and saves ("+2 to hit them", "target suffers -1 AGL checks/saves"), nothing otherwise', () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("goblin", [2, 0], { surprised: true })]);
    expect(surpriseModifiers(t.c("goblin"))).toEqual({ toHitAgainst: 2, agilityChecks: -1, saves: -1 });
    expect(surpriseModifiers(t.c("lead"))).toEqual({ toHitAgainst: 0, agilityChecks: 0, saves: 0 });
  });

  it("reads a missing or non-finite Agility as 0", () => {
    const t = new Table([pc("lead", 1, [0, 0], { stats: { agility: 2 } }), foe("goblin", [2, 0])]);
    expect(agility(t.c("lead"))).toBe(2);
    expect(agility(t.c("goblin"))).toBe(0);
    const c = t.c("lead");
    c.stats.agility = Number.NaN;
    expect(agility(c)).toBe(0);
  });

  it("reads a pair acting together only from an object", () => {
    const t = taken();
    for (const v of [null, [], "lead"]) {
      t.state.ext.together = v;
      expect(togetherOf(t.state)).toBeNull();
    }
  });

  it("names who is refused a second primary action", () => {
    const t = taken().do({ type: "act", who: "lead", action: "primary" });
    expect(t.refused({ type: "act", who: "lead", action: "considerOptions" })).toEqual({
      key: "TEMPO.Refusal.PrimaryUsed",
      data: { who: "lead" },
    });
  });
});

describe("marching: what the ruleset declares for the host", () => {
  it("declares the attack, a primary action, the move action and Consider Options, each once a turn, and one reaction", () => {
    // "On your turn, you may use your primary action, move action, and reaction"; "If you miss all
    // actions, you take Consider Options by default."
    expect(marching.actions).toEqual({
      attack: { id: "attack", cost: null, kind: "primary", target: "enemy", limits: ["oncePerTurn"] },
      primary: { id: "primary", cost: null, kind: "primary", target: "none", limits: ["oncePerTurn"] },
      move: { id: "move", cost: null, kind: "move", target: "none", limits: ["oncePerTurn"] },
      considerOptions: {
        id: "considerOptions",
        cost: null,
        kind: "primary",
        target: "none",
        limits: ["oncePerTurn"],
      },
    });
    expect(marching.reactions).toEqual({ reaction: { id: "reaction", cost: {} } });
  });

  it("defaults to frantic combat off, the contested combatant asked, the reaction back at round start and anyone delaying, reads Agility, knows surprised and delayed, and moves normally only", () => {
    expect(choosing().state.options).toEqual({
      frantic: "off",
      seizeOpponent: "asks",
      reactionBack: "round",
      delayers: "anyone",
    });
    expect(
      new Table([pc("lead", 1, [0, 0])], [], { frantic: "on", seizeOpponent: "rolls" }).state.options,
    ).toMatchObject({ frantic: "on", seizeOpponent: "rolls" });
    expect(marching.stats).toEqual(["agility"]);
    expect(marching.skills).toEqual([]);
    expect(marching.conditions).toEqual(["surprised", "delayed"]);
    expect(marching.moveModes).toEqual(["normal"]);
    expect(marching.pools).toEqual([]);
  });

  it("adds a combatant before the start to the roster only: it takes its place when the lead chooses", () => {
    const t = new Table([pc("lead", 1, [0, 0]), foe("orc", [3, 0])]).do({
      type: "addCombatant",
      combatant: foe("wolf", [2, 0]),
    });
    expect(t.state.order).toEqual([]);
    expect(t.ofType("orderChanged")).toEqual([]);
    t.do({ type: "start" }).do({ type: "choose", who: "lead", initiative: "cede" });
    expect(t.state.order).toEqual(["wolf", "orc", "lead"]);
  });
});
