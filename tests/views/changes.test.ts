import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type Command,
  type CombatantSetup,
  type EncounterState,
  type RulesetId,
} from "../../src/engine";
import { stateChanges } from "../../src/views/changes";

/** An encounter driven through the engine with scripted dice, keeping each state it passed through. */
class Fight {
  state: EncounterState;
  private readonly dice: ScriptedDice;
  constructor(
    readonly ruleset: RulesetId,
    combatants: CombatantSetup[],
    dice: number[],
  ) {
    this.state = createEncounter(
      { ruleset, options: {}, combatants, grid: { type: "hex" } },
      getRuleset(ruleset),
    );
    this.dice = new ScriptedDice(dice);
  }
  /** Apply a command that must be accepted; gives the state before it. */
  do(command: Command): EncounterState {
    const before = this.state;
    const result = apply(before, command, this.dice, getRuleset(this.ruleset));
    if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
    this.state = result.state;
    return before;
  }
}

/** Flow: ana (6) and orc (4) side by side, bob (10) and gob (2) further off; bob acts first. */
function flowFour(): Fight {
  const fight = new Fight(
    "flow",
    [
      { id: "ana", name: "Ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1 } },
      { id: "bob", name: "Bob", side: "party", pc: true, at: [-4, 0] },
      { id: "orc", name: "Orc", side: "foes", at: [1, 0] },
      { id: "gob", name: "Gob", side: "foes", at: [6, 0] },
    ],
    [5, 10, 4, 2, 7],
  );
  fight.do({ type: "start" });
  return fight;
}

const ids = (set: ReadonlySet<string>) => [...set].sort();

describe("stateChanges: what a command changed, by identity", () => {
  it("a move changes the mover alone, and not the turn", () => {
    const fight = flowFour();
    const before = fight.do({
      type: "move",
      who: "bob",
      path: [
        [-4, 0],
        [-4, 1],
      ],
    });
    const changes = stateChanges(before, fight.state);
    expect(ids(changes.combatants)).toEqual(["bob"]);
    expect(changes.turn).toBe(false);
    expect(changes.all).toBe(false);
  });

  it("flow: a hit that opens the defender's reactions changes the attacker (AP spent) and the turn (the offers), not the bystanders", () => {
    const fight = flowFour();
    fight.do({ type: "endTurn", who: "bob" });
    const before = fight.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    const changes = stateChanges(before, fight.state);
    expect(fight.state.offers.map((o) => o.who)).toContain("orc");
    expect(ids(changes.combatants)).toEqual(["ana"]);
    expect(changes.turn).toBe(true);
    expect(changes.all).toBe(false);
  });

  it("flow: the defender's answer to a hit changes the two fighters (its RP spent, the attack resolved), not the bystanders", () => {
    const fight = flowFour();
    fight.do({ type: "endTurn", who: "bob" });
    fight.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    const offer = fight.state.offers.find((o) => o.who === "orc");
    if (!offer) throw new Error("orc has no reaction offered");
    const before = fight.do({ type: "react", who: "orc", with: offer.with, outcome: "fail" });
    const changes = stateChanges(before, fight.state);
    expect(ids(changes.combatants)).toEqual(["ana", "orc"]);
    expect(changes.turn).toBe(true);
  });

  it("next turn changes `turn` (current), and only the combatants whose own state the turn change touched", () => {
    const fight = flowFour();
    const before = fight.do({ type: "endTurn", who: "bob" });
    const changes = stateChanges(before, fight.state);
    expect(before.current).toBe("bob");
    expect(fight.state.current).toBe("ana");
    expect(changes.turn).toBe(true);
    expect(changes.all).toBe(false);
    // The one whose turn ended (its turn's counters cleared); the one starting reads as before.
    expect(ids(changes.combatants)).toEqual(["bob"]);
  });

  it("a combatant who joins is named (and the order it joins), nobody else", () => {
    const fight = flowFour();
    const before = fight.do({
      type: "addCombatant",
      combatant: { id: "elf", name: "Elf", side: "party", at: [-6, 2] },
    });
    const changes = stateChanges(before, fight.state);
    expect(ids(changes.combatants)).toEqual(["elf"]);
    expect(changes.turn).toBe(true);
    expect(changes.all).toBe(false);
  });

  it("a combatant who leaves is named, and nobody who stays in place", () => {
    const fight = flowFour();
    const before = fight.do({ type: "removeCombatant", who: "gob" });
    const changes = stateChanges(before, fight.state);
    expect(ids(changes.combatants)).toEqual(["gob"]);
    expect(changes.all).toBe(false);
  });

  it("the same state twice changes nothing", () => {
    const fight = flowFour();
    const changes = stateChanges(fight.state, fight.state);
    expect(changes.combatants.size).toBe(0);
    expect(changes.turn).toBe(false);
    expect(changes.all).toBe(false);
  });

  it("no state before (a fight just started, or just read) or none after (the combat ended) changes everything", () => {
    const fight = flowFour();
    for (const changes of [stateChanges(null, fight.state), stateChanges(fight.state, undefined)]) {
      expect(changes.all).toBe(true);
      expect(changes.turn).toBe(true);
      expect(ids(changes.combatants)).toEqual(["ana", "bob", "gob", "orc"]);
    }
  });

  it("a roster whose staying combatants changed places cannot be diffed row by row: everything", () => {
    const fight = flowFour();
    const after = {
      ...fight.state,
      roster: [...fight.state.roster].reverse(),
      combatants: [...fight.state.combatants].reverse(),
    };
    expect(stateChanges(fight.state, after).all).toBe(true);
  });

  it("a copy read from stored text (new objects, same contents) is told apart by identity: every combatant", () => {
    const fight = flowFour();
    const copy = JSON.parse(JSON.stringify(fight.state)) as EncounterState;
    const changes = stateChanges(fight.state, copy);
    expect(ids(changes.combatants)).toEqual(["ana", "bob", "gob", "orc"]);
    expect(changes.all).toBe(false);
  });

  it("marching: the lead's choice to take the initiative changes the turn and no combatant", () => {
    const fight = new Fight(
      "marching",
      [
        { id: "ana", name: "Ana", side: "party", pc: true, marching: 1 },
        { id: "bob", name: "Bob", side: "party", pc: true, marching: 2 },
        { id: "orc", name: "Orc", side: "foes", marching: 1 },
      ],
      [6, 6, 6, 6, 6, 6, 6, 6],
    );
    fight.do({ type: "start" });
    const before = fight.state;
    expect(before.stage).toBe("choose");
    const lead = before.order[0] ?? before.roster[0] ?? "";
    fight.do({ type: "choose", who: lead, initiative: "take" });
    const changes = stateChanges(before, fight.state);
    expect(changes.combatants.size).toBe(0);
    expect(changes.turn).toBe(true);
    expect(changes.all).toBe(false);
  });
});
