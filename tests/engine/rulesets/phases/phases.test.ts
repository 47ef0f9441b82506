import { describe, expect, it } from "vitest";
import { attackHits } from "../../../../src/engine/rulesets/phases/actions";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

const pair = (
  extra: { heroStats?: Record<string, number>; thugStats?: Record<string, number> } = {},
  dice: number[] = [],
) =>
  new Table(
    [
      { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 8, ...extra.heroStats } },
      { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6, ...extra.thugStats } },
    ],
    dice,
    { grid: { type: "hex" } },
  );

describe("phases: initiative", () => {
  it('rolls no dice when nobody is tied ("Characters act in order, counting down from highest result to lowest")', () => {
    const t = pair().do({ type: "start" });
    expect(t.dice.used).toBe(0);
    expect(t.state.order).toEqual(["hero", "thug"]);
  });

  it("places a newcomer by its Initiative, rolling nothing when it ties with nobody", () => {
    const t = pair().do({ type: "start" });
    t.do({ type: "addCombatant", combatant: { id: "goon", side: "foes", stats: { combatValue: 7 } } });
    expect(t.state.order).toEqual(["hero", "goon", "thug"]);
    expect(combatantIn(t.state, "goon")?.initiative).toBe(7);
    expect(t.dice.used).toBe(0);
  });
});

describe("phases: attacks", () => {
  it('hits when "3d6 and adds their OCV" reaches "10 plus the defender\'s DCV"', () => {
    expect(attackHits(9, 5, 4)).toBe(true);
    expect(attackHits(8, 5, 4)).toBe(false);
  });

  it("rolls 3d6 for an attack without an outcome", () => {
    const t = pair({ heroStats: { ocv: 5 }, thugStats: { dcv: 4 } }, [3, 3, 3]).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "strike", target: "thug" });
    expect(t.eventsOf("attackResolved")[0]).toMatchObject({ roll: 9, hit: true, needed: 9 });
  });

  it('gives the unaware "a -3 DCV penalty during that Phase" (the Surprise Phase)', () => {
    const t = new Table(
      [
        { id: "hero", side: "party", stats: { combatValue: 8, ocv: 3 } },
        { id: "thug", side: "foes", surprised: true, stats: { combatValue: 6, dcv: 5 } },
      ],
      [3, 3, 3],
    ).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "strike", target: "thug" });
    expect(t.eventsOf("attackResolved")[0]).toMatchObject({ roll: 9, hit: true, needed: 9 });
  });
});

describe("phases: Post-Turn", () => {
  it('"most characters automatically get to Take a Recovery": every character still standing recovers', () => {
    const t = pair().do({ type: "start" }).do({ type: "setDefeated", who: "thug", defeated: true });
    for (let i = 0; i < 4; i += 1) t.next();
    expect(t.state.phase).toBe("postTurn");
    expect(t.eventsOf("recovered").map((e) => e.who)).toEqual(["hero"]);
  });
});

describe("phases: refusals change nothing", () => {
  it("refuses a second attack action, a full-phase action after moving, and acting out of turn", () => {
    const t = pair().do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" });
    expect(t.refused({ type: "act", who: "hero", action: "attack", target: "thug", outcome: "miss" })).toBe(
      "TEMPO.Refusal.NoAttackActionLeft",
    );
    expect(t.refused({ type: "act", who: "thug", action: "dodge" })).toBe("TEMPO.Refusal.NotYourTurn");
    t.next();
    t.do({ type: "move", who: "thug", path: [[2, 0]] });
    t.do({ type: "react", who: "hero", with: "decline" });
    expect(t.refused({ type: "act", who: "thug", action: "recover" })).toBe(
      "TEMPO.Refusal.FullPhaseAfterAction",
    );
    expect(
      t.refused({
        type: "move",
        who: "thug",
        path: [
          [3, 0],
          [4, 0],
          [5, 0],
          [6, 0],
          [7, 0],
          [8, 0],
        ],
      }),
    ).toBe("TEMPO.Refusal.TooFar");
  });

  it("refuses a delay after acting, and an abort to a non-defensive action", () => {
    const t = pair().do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "drawFocus", outcome: "success" });
    expect(t.refused({ type: "delay", who: "hero" })).toBe("TEMPO.Refusal.AlreadyActedThisPhase");
    expect(t.refused({ type: "abort", who: "thug", to: "strike" })).toBe("TEMPO.Refusal.AbortToDefensive");
  });

  it('refuses a second attack of opportunity in a Phase ("you can only make one per Phase")', () => {
    const t = new Table(
      [
        { id: "ana", side: "party", at: [0, 0], stats: { combatValue: 9 } },
        { id: "ben", side: "party", at: [2, -1], stats: { combatValue: 8 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 6 } },
      ],
      [],
      { grid: { type: "hex" } },
    ).do({ type: "start" });
    t.do({ type: "move", who: "ana", path: [[-1, 0]] });
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "miss" });
    t.next();
    t.do({ type: "move", who: "ben", path: [[3, -1]] });
    expect(t.state.offers).toEqual([]);
    expect(combatantIn(t.state, "ben")?.at).toEqual([3, -1]);
  });
});

describe("phases: ready", () => {
  it('readying in a threatened hex offers no attack of opportunity ("Readying is an attack action. It does not provoke")', () => {
    const t = pair().do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "strike", trigger: { who: "thug", verb: "move" } });
    expect(t.state.offers).toEqual([]);
    expect(t.refused({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "miss" })).toBe(
      "TEMPO.Refusal.NoAttackActionLeft",
    );
  });

  it("a readier who passes lets the trigger go on and keeps the readied action", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", stats: { combatValue: 10 } },
        { id: "thug", side: "foes", stats: { combatValue: 7 } },
      ],
      [],
    ).do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "strike", trigger: { who: "thug", verb: "act" } }).next();
    t.do({ type: "act", who: "thug", action: "drawFocus" });
    expect(t.state.current).toBe("hero");
    expect(t.refused({ type: "next" })).toBe("TEMPO.Refusal.ReadiedActionPending");
    t.do({ type: "endTurn", who: "hero" });
    expect(t.state.current).toBe("thug");
    expect(t.eventsOf("actionTaken").at(-1)).toMatchObject({ who: "thug", action: "drawFocus" });
    expect(combatantIn(t.state, "hero")?.conditions.map((k) => k.id)).toEqual(["readied"]);
  });

  it('a readied move action answers with a move ("You can ready an attack action, a move action")', () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [4, 0], stats: { combatValue: 7 } },
      ],
      [],
      { grid: { type: "hex" } },
    ).do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "move", trigger: { who: "thug", verb: "attack" } }).next();
    t.do({ type: "act", who: "thug", action: "attack", target: "hero", outcome: "miss" });
    expect(t.state.current).toBe("hero");
    expect(t.refused({ type: "act", who: "hero", action: "attack", target: "thug", outcome: "hit" })).toBe(
      "TEMPO.Refusal.NotTheReadiedAction",
    );
    t.do({ type: "move", who: "hero", path: [[-1, 0]] });
    expect(t.state.current).toBe("thug");
    expect(t.state.order).toEqual(["hero", "thug"]);
    expect(t.eventsOf("attackResolved")).toHaveLength(1);
  });
});
