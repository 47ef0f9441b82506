import { describe, expect, it } from "vitest";
import type { CombatantSetup } from "../../../../src/engine/state";
import { Table, duel, orcHitsAna } from "./helpers";

/**
 * Every flow reaction through its rolled path: the reactor's d100 is scripted, never stipulated.
 * Success levels under skill S (docs/rulesets/flow.md "Dice"): critical at most S/10 (and 1), major
 * at most S/5, hard at most S/2, normal at most S, fail above, critical failure on 100. Expected
 * levels below are worked out by hand from that table.
 */

/** ana attacks orc, stipulated a Normal hit; orc then answers with `reaction`, rolled. */
function defend(reaction: string, orc: Partial<CombatantSetup>, dice: number[]): Table {
  const t = duel({ orc }, dice);
  t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
  t.do({ type: "react", who: "orc", with: reaction });
  return t;
}

describe("flow defences roll their own skill", () => {
  it('rolls Dodge on Agility when it is the higher of Agility and Athletics (flow: "Dodge: 1 RP to roll higher of Agility/Athletics")', () => {
    // 65 under Agility 70 is a Normal success (above 35): equal to the Normal attack, so it dodges.
    const t = defend("dodge", { skills: { agility: 70, athletics: 20 } }, [65]);
    expect(t.event("checkRolled")).toMatchObject({
      who: "orc",
      purpose: "dodge",
      skill: 70,
      rolls: [65],
      roll: 65,
      level: "normal",
      edge: null,
    });
    expect(t.event("reactionResolved")).toMatchObject({ with: "dodge", won: true, level: "normal" });
    expect(t.event("attackResolved")).toMatchObject({ hit: false, avoidedBy: "dodge" });
    expect(t.pools("orc").rp).toBe(1);
  });

  it('rolls Parry on Melee, not Agility (flow: "Parry: 1 RP to roll Melee to deflect another melee attack")', () => {
    const t = defend("parry", { skills: { melee: 70, agility: 10, athletics: 10 } }, [65]);
    expect(t.event("checkRolled")).toMatchObject({ purpose: "parry", skill: 70, level: "normal" });
    expect(t.event("attackResolved")).toMatchObject({ hit: false, avoidedBy: "parry" });
  });

  it('rolls Block on Endurance (flow: "Block: 1 RP to roll Endurance to block a melee or ranged attack")', () => {
    const t = defend("block", { tags: ["shield"], skills: { endurance: 70, melee: 10, agility: 10 } }, [65]);
    expect(t.event("checkRolled")).toMatchObject({ purpose: "block", skill: 70, level: "normal" });
    expect(t.event("attackResolved")).toMatchObject({ hit: false, avoidedBy: "block" });
  });

  it('rolls Riposte on Melee and, having won, offers the counterattack free (flow: "Riposte: 2 RP to Parry and immediately counterattack on success")', () => {
    const t = defend("riposte", { skills: { melee: 70, agility: 10, endurance: 10 } }, [65, 71]);
    expect(t.event("checkRolled")).toMatchObject({ purpose: "riposte", skill: 70, level: "normal" });
    expect(t.pools("orc").rp).toBe(0);
    expect(t.offers()).toEqual(["orc/reactionAttack/ana"]);
    // The counterattack is a Reaction Attack rolled on Melee: 71 over 70 fails; it costs no RP.
    t.do({ type: "react", who: "orc", with: "reactionAttack" });
    expect(t.event("checkRolled")).toMatchObject({
      purpose: "reactionAttack",
      skill: 70,
      roll: 71,
      level: "fail",
    });
    expect(t.event("attackResolved")).toMatchObject({ attacker: "orc", hit: false, reactionAttack: true });
    expect(t.pools("orc").rp).toBe(0);
  });

  it("offers no counterattack when the rolled Riposte loses", () => {
    const t = defend("riposte", { skills: { melee: 70 } }, [71]);
    expect(t.event("reactionResolved")).toMatchObject({ with: "riposte", won: false, level: "fail" });
    expect(t.offers()).toEqual([]);
    expect(t.event("attackResolved")).toMatchObject({ hit: true, victim: "orc" });
  });
});

describe("flow Intercept rolls Agility", () => {
  /** orc (first on 9) attacks ana; bob can reach a hex beside both. */
  function intercepted(bob: { agility: number; melee: number }, roll: number): Table {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bob", side: "party", at: [-2, 0], skills: bob },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [2, 3, 9, roll],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    t.do({ type: "react", who: "bob", with: "intercept" });
    return t;
  }

  it('takes the hit for the ally on a won Agility check (flow: "you must make an Agility Check against their attack as an Opposed Check")', () => {
    // 65 under Agility 70: Normal, equal to the Normal attack, so bob wins and takes the hit.
    const t = intercepted({ agility: 70, melee: 10 }, 65);
    expect(t.event("checkRolled")).toMatchObject({
      who: "bob",
      purpose: "intercept",
      skill: 70,
      level: "normal",
    });
    expect(t.event("attackResolved")).toMatchObject({ hit: true, victim: "bob", interceptedBy: "bob" });
  });

  it("leaves the hit on the original target when the Agility check fails, whatever bob's Melee", () => {
    // 65 over Agility 10 fails; Melee 70 does not count.
    const t = intercepted({ agility: 10, melee: 70 }, 65);
    expect(t.event("checkRolled")).toMatchObject({ skill: 10, level: "fail" });
    // Ana may still defend herself (interceptLost: allyReacts); she declines and is hit.
    t.do({ type: "react", who: "ana", with: "decline", against: "orc" });
    expect(t.event("attackResolved")).toMatchObject({ hit: true, victim: "ana" });
    expect(t.pools("bob").rp).toBe(0);
  });
});

describe("flow opposed checks, both sides rolled", () => {
  it("lets a rolled Hard attack beat a Normal dodge, and a Hard dodge beat it (equal levels go to the defender)", () => {
    // ana's Melee 60: 30 is Hard (at most 30). orc's Agility 60: 31 is Normal, 30 Hard.
    const rolled = (dodge: number) => {
      const t = duel(
        { ana: { stats: { agility: 1 }, skills: { melee: 60 } }, orc: { skills: { agility: 60 } } },
        [30, dodge],
      );
      t.do({ type: "act", who: "ana", action: "attack", target: "orc" });
      expect(t.event("checkRolled")).toMatchObject({ who: "ana", skill: 60, roll: 30, level: "hard" });
      t.do({ type: "react", who: "orc", with: "dodge" });
      return t;
    };
    const lost = rolled(31);
    expect(lost.event("reactionResolved")).toMatchObject({ level: "normal", won: false });
    expect(lost.event("attackResolved")).toMatchObject({ hit: true, level: "hard", victim: "orc" });
    const won = rolled(30);
    expect(won.event("reactionResolved")).toMatchObject({ level: "hard", won: true });
    expect(won.event("attackResolved")).toMatchObject({ hit: false });
  });

  it('raises a larger attacker one level against a rolled Parry, not against a Dodge (flow: "the larger attacker is considered to be 1 success level higher")', () => {
    // ana's Melee and Agility 60: 31 is Normal. The large orc's Normal hit counts as Hard against
    // her Parry (she loses), but stays Normal against her Dodge (she wins).
    const answer = (reaction: string) => {
      const t = duel(
        {
          ana: { stats: { agility: 1 }, skills: { melee: 60, agility: 60 } },
          orc: { size: "large", at: [1, 0] },
        },
        [31],
      );
      t.do({ type: "endTurn", who: "ana" });
      t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
      t.do({ type: "react", who: "ana", with: reaction });
      return t;
    };
    expect(answer("parry").event("reactionResolved")).toMatchObject({ level: "normal", won: false });
    expect(answer("dodge").event("reactionResolved")).toMatchObject({ level: "normal", won: true });
  });

  it('rolls reactions with Advantage after Total Defense, keeping the lower die (flow: "Advantage on all Reactions until the beginning of your next turn")', () => {
    // orc's Agility 50: of 90 and 20 the lower, 20, is Hard (at most 25).
    const t = duel({ orc: { skills: { agility: 50 } } }, [90, 20]);
    t.do({ type: "endTurn", who: "ana" });
    t.do({ type: "act", who: "orc", action: "totalDefense" });
    expect(t.state.current).toBe("ana");
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    t.do({ type: "react", who: "orc", with: "dodge" });
    expect(t.event("checkRolled")).toMatchObject({
      rolls: [90, 20],
      roll: 20,
      level: "hard",
      edge: "advantage",
    });
    expect(t.event("reactionResolved")).toMatchObject({ won: true });
  });
});

describe("flow critical reactions", () => {
  it('regains the RP for a critical Dodge against a non-critical attack (flow: "If you critically succeed at your Dodge/Parry roll ... you regain the 1 RP")', () => {
    // Agility 50: 5 is Critical (at most 5), 6 only Major (at most 10).
    expect(defend("dodge", { skills: { agility: 50 } }, [5]).pools("orc").rp).toBe(2);
    expect(defend("dodge", { skills: { agility: 50 } }, [6]).pools("orc").rp).toBe(1);
  });

  it("regains the RP for a critical Parry and Riposte, but not for a critical Block", () => {
    expect(defend("parry", { skills: { melee: 50 } }, [5]).pools("orc").rp).toBe(2);
    expect(defend("riposte", { skills: { melee: 50 } }, [5]).pools("orc").rp).toBe(1);
    expect(defend("block", { tags: ["shield"], skills: { endurance: 50 } }, [5]).pools("orc").rp).toBe(1);
  });

  it('regains nothing when the attack was critical too (flow: "as long as the enemy attack was not also a critical success")', () => {
    const t = duel({ orc: { skills: { agility: 50 } } }, [5]);
    t.do({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "crit" });
    t.do({ type: "react", who: "orc", with: "dodge" });
    // Critical against critical: the defender still wins the tie, but keeps the RP spent.
    expect(t.event("reactionResolved")).toMatchObject({ level: "critical", won: true });
    expect(t.pools("orc").rp).toBe(1);
  });

  it("lets a rolled Reaction Attack that succeeds open an attack the mover may answer", () => {
    // orc's Melee 40: 40 is a Normal success; ana may Dodge or Parry it, not Riposte (reaction chains).
    const t = duel({ orc: { skills: { melee: 40 } } }, [40]);
    t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    t.do({ type: "react", who: "orc", with: "reactionAttack" });
    expect(t.event("checkRolled")).toMatchObject({ purpose: "reactionAttack", skill: 40, level: "normal" });
    expect(t.offers()).toEqual(["ana/dodge/orc", "ana/parry/orc"]);
  });
});

describe("flow answering an offer: what is checked when the answer comes", () => {
  it("refuses an answer whose RP went on another reaction since the offer was made", () => {
    // ana (1 RP) is offered Dodge against both orc's and gob's Reaction Attacks; the first answer
    // spends her only RP.
    const t = new Table(
      [
        { id: "ana", side: "party", pc: true, at: [0, 0], stats: { agility: 1, maxRp: 1 } },
        { id: "orc", side: "foes", at: [1, 0] },
        { id: "gob", side: "foes", at: [-1, 1] },
      ],
      [9, 4, 3],
    );
    t.do({ type: "start" });
    t.do({ type: "move", who: "ana", path: [[0, -1]] });
    t.do({ type: "react", who: "orc", with: "reactionAttack", outcome: "hit" });
    t.do({ type: "react", who: "gob", with: "reactionAttack", outcome: "hit" });
    t.do({ type: "react", who: "ana", with: "dodge", against: "gob", outcome: "success" });
    expect(t.pools("ana").rp).toBe(0);
    expect(t.refused({ type: "react", who: "ana", with: "dodge", against: "orc", outcome: "success" })).toBe(
      "TEMPO.Refusal.NotEnoughRP",
    );
  });

  it("refuses a reaction flow does not have, and an Intercept stipulated to kill", () => {
    const t = orcHitsAna();
    // The command's schema looks the reaction up in flow's own list before flow's handler runs.
    expect(t.refused({ type: "react", who: "ana", with: "teleport" })).toBe("TEMPO.Refusal.UnknownReaction");
    expect(t.refused({ type: "react", who: "bob", with: "intercept", outcome: "kill" })).toBe(
      "TEMPO.Refusal.FlowBadOutcome",
    );
  });

  it("moves the interceptor into a hex beside both its ally and the attacker, in one step", () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0] },
        { id: "bob", side: "party", at: [-2, 0] },
        { id: "orc", side: "foes", at: [1, 0] },
      ],
      [2, 3, 9],
    );
    t.do({ type: "start" });
    t.do({ type: "act", who: "orc", action: "attack", target: "ana", outcome: "hit" });
    t.do({ type: "react", who: "bob", with: "intercept", outcome: "success" });
    // The hexes next to both ana [0, 0] and orc [1, 0] are [1, -1] and [0, 1], 3 hexes from bob.
    const moved = t.event("moved");
    expect(moved).toMatchObject({ who: "bob", from: [-2, 0], mode: "intercept" });
    const to = t.c("bob").at;
    expect([
      [1, -1],
      [0, 1],
    ]).toContainEqual(to);
    expect(moved).toMatchObject({ to, path: [[-2, 0], to] });
    expect(t.pools("bob").rp).toBe(0);
  });
});

describe('flow: FP for a reaction ("Gain 1 FP from a successful reaction (once per round)")', () => {
  it("gives a rolled defence that fails no FP", () => {
    // 90 over Agility 70 fails the Dodge; the orc keeps its 2 FP and pays its 1 RP.
    const t = defend("dodge", { skills: { agility: 70, athletics: 20 } }, [90]);
    expect(t.event("reactionResolved")).toMatchObject({ with: "dodge", won: false, level: "fail" });
    expect(t.pools("orc")).toMatchObject({ rp: 1, fp: 2 });
  });

  it("gives a rolled defence that wins 1 FP", () => {
    // 65 under Agility 70 is a Normal success, equal to the Normal attack: dodged.
    const t = defend("dodge", { skills: { agility: 70, athletics: 20 } }, [65]);
    expect(t.event("reactionResolved")).toMatchObject({ with: "dodge", won: true, level: "normal" });
    expect(t.pools("orc")).toMatchObject({ rp: 1, fp: 3 });
  });
});
