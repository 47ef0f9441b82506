import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { foe, pc, Table } from "./helpers";

/** lead, second, then goblin and orc (take). */
function taken(
  extra: Partial<Record<string, Partial<CombatantSetup>>> = {},
  dice: number[] = [],
  options: Record<string, string> = {},
) {
  return new Table(
    [
      pc("lead", 1, [0, 0], extra.lead),
      pc("second", 2, [0, 1], extra.second),
      foe("goblin", [2, 0], extra.goblin),
      foe("orc", [4, 0], extra.orc),
    ],
    dice,
    options,
  )
    .do({ type: "start" })
    .do({ type: "choose", who: "lead", initiative: "take" });
}

describe('marching: a turn ("On your turn, you may use your primary action, move action, and reaction if you wish")', () => {
  it("allows one primary action and one move action a turn, and refuses the second of each", () => {
    const t = taken();
    t.do({ type: "move", who: "lead", path: [[1, 0]] });
    expect(t.refused({ type: "move", who: "lead", path: [[1, 1]] }).key).toBe("TEMPO.Refusal.MoveUsed");
    expect(t.refused({ type: "act", who: "lead", action: "move" }).key).toBe("TEMPO.Refusal.MoveUsed");
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin", outcome: "miss" });
    t.do({ type: "react", who: "goblin", with: "decline" });
    expect(t.refused({ type: "act", who: "lead", action: "primary" }).key).toBe("TEMPO.Refusal.PrimaryUsed");
    expect(t.refused({ type: "act", who: "lead", action: "considerOptions" }).key).toBe(
      "TEMPO.Refusal.PrimaryUsed",
    );
    t.do({ type: "next" });
    t.do({ type: "act", who: "second", action: "primary" }).do({
      type: "act",
      who: "second",
      action: "move",
    });
  });

  it("allows one reaction a round: an attacked combatant who reacted is not offered another", () => {
    const t = taken();
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    expect(t.state.offers.map((o) => [o.who, o.with, o.against])).toEqual([["goblin", "reaction", "lead"]]);
    t.do({ type: "react", who: "goblin", with: "reaction", outcome: "success" });
    expect(t.ofType("attackResolved")[0]).toMatchObject({
      who: "lead",
      target: "goblin",
      reactions: [{ who: "goblin", outcome: "success" }],
    });
    t.do({ type: "next" });
    t.do({ type: "act", who: "second", action: "attack", target: "goblin" });
    expect(t.state.offers).toEqual([]);
    expect(t.ofType("attackResolved")).toHaveLength(1);
  });

  it("refuses a reaction nobody was offered, and any turn-taking while an offer is open", () => {
    const t = taken();
    expect(t.refused({ type: "react", who: "orc", with: "reaction" }).key).toBe("TEMPO.Refusal.NoSuchOffer");
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin" });
    expect(t.refused({ type: "next" }).key).toBe("TEMPO.Refusal.ReactionsPending");
    expect(t.refused({ type: "move", who: "lead", path: [[1, 0]] }).key).toBe(
      "TEMPO.Refusal.ReactionsPending",
    );
  });

  it("refuses acting out of turn, attacking an ally or nobody, and unknown actions", () => {
    const t = taken();
    expect(t.refused({ type: "act", who: "second", action: "primary" }).key).toBe(
      "TEMPO.Refusal.NotYourTurn",
    );
    expect(t.refused({ type: "act", who: "lead", action: "attack", target: "second" }).key).toBe(
      "TEMPO.Refusal.NotAnEnemy",
    );
    expect(t.refused({ type: "act", who: "lead", action: "attack" }).key).toBe("TEMPO.Refusal.NeedsTarget");
    expect(t.refused({ type: "act", who: "lead", action: "cast" }).key).toBe("TEMPO.Refusal.UnknownAction");
    expect(t.refused({ type: "move", who: "lead", path: [[0, 1]] }).key).toBe(
      "TEMPO.Refusal.MoveOccupiedEnd",
    );
  });

  it("defeats the target of a killing attack, which then loses its turn", () => {
    const t = taken();
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin", outcome: "kill" }).do({
      type: "react",
      who: "goblin",
      with: "decline",
    });
    expect(t.c("goblin").defeated).toBe(true);
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("orc");
  });

  it('advances conditions at the end of their owner\'s turn only ("At the end of your turn, any condition you have advances by 1 round")', () => {
    const t = taken();
    t.do({ type: "apply", who: "orc", condition: "stunned", rounds: 1 });
    t.do({ type: "apply", who: "lead", condition: "blessed", rounds: 2 });
    t.do({ type: "next" });
    expect(t.c("lead").conditions).toEqual([{ id: "blessed", rounds: 1 }]);
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.conditions("orc")).toEqual(["stunned"]);
    t.do({ type: "next" });
    expect(t.conditions("orc")).toEqual([]);
    expect(t.conditions("lead")).toEqual(["blessed"]);
    t.do({ type: "next" });
    expect(t.conditions("lead")).toEqual([]);
  });
});

describe('marching: surprise ("Surprise does not grant an additional full round of attacks. It allows you to catch opponents as impaired")', () => {
  it("gives no extra round: the surprised take their turns in their places", () => {
    const t = taken({ goblin: { surprised: true } });
    expect(t.state.order).toEqual(["lead", "second", "goblin", "orc"]);
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("goblin");
    t.do({ type: "act", who: "goblin", action: "primary" });
  });

  it('reports +2 to hit a surprised target ("+2 to hit them")', () => {
    const t = taken({ goblin: { surprised: true } });
    t.do({ type: "act", who: "lead", action: "attack", target: "goblin" }).do({
      type: "react",
      who: "goblin",
      with: "decline",
    });
    expect(t.ofType("attackResolved")[0]).toMatchObject({ toHitBonus: 2 });
    t.do({ type: "act", who: "lead", action: "move" }).do({ type: "next" });
    t.do({ type: "act", who: "second", action: "attack", target: "orc" }).do({
      type: "react",
      who: "orc",
      with: "decline",
    });
    expect(t.ofType("attackResolved")[0]).toMatchObject({ toHitBonus: 0 });
  });

  it("ends surprise at the end of the surprised combatant's first turn", () => {
    const t = taken({ goblin: { surprised: true } });
    t.do({ type: "next" }).do({ type: "next" });
    expect(t.conditions("goblin")).toEqual(["surprised"]);
    t.do({ type: "next" });
    expect(t.conditions("goblin")).toEqual([]);
  });
});

describe('marching: delaying ("If a party member delays too long, initiative passes to the next person in line, then to the monsters, then back to them")', () => {
  it("passes the turn to the next in line, the monsters, then back; the order resets next round", () => {
    const t = taken();
    t.do({ type: "delay", who: "lead" });
    expect(t.state.order).toEqual(["second", "goblin", "orc", "lead"]);
    expect(t.state.current).toBe("second");
    expect(t.conditions("lead")).toEqual(["delayed"]);
    t.do({ type: "next" }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("lead");
    expect(t.conditions("lead")).toEqual([]);
    t.do({ type: "act", who: "lead", action: "primary" }).do({ type: "next" });
    // "Initiative resets as normal at the beginning of the next round."
    expect(t.state.round).toBe(2);
    expect(t.state.order).toEqual(["lead", "second", "goblin", "orc"]);
  });

  it("may delay until just before a named combatant still to act", () => {
    const t = taken();
    t.do({ type: "delay", who: "lead", until: "orc" });
    expect(t.state.order).toEqual(["second", "goblin", "lead", "orc"]);
  });

  it("refuses delaying after acting, twice in a round, past someone who already acted, or out of turn", () => {
    const t = taken();
    expect(t.refused({ type: "delay", who: "second" }).key).toBe("TEMPO.Refusal.NotYourTurn");
    t.do({ type: "act", who: "lead", action: "primary" });
    expect(t.refused({ type: "delay", who: "lead" }).key).toBe("TEMPO.Refusal.DelayAfterActing");
    t.do({ type: "next" }).do({ type: "delay", who: "second" }).do({ type: "next" }).do({ type: "next" });
    expect(t.state.current).toBe("second");
    expect(t.refused({ type: "delay", who: "second" }).key).toBe("TEMPO.Refusal.AlreadyDelayed");
    const u = taken().do({ type: "next" });
    expect(u.refused({ type: "delay", who: "second", until: "lead" }).key).toBe(
      "TEMPO.Refusal.DelayPastUntil",
    );
  });
});
