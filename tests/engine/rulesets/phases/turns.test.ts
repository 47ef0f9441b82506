import { describe, expect, it } from "vitest";
import { Table } from "./helpers";
import { combatantIn } from "../../../../src/engine/record";

/**
 * phases' Special Initiative Actions (rules/phases.txt): delay, ready and abort, and how the turn
 * passes. The trio acts hero (Initiative 10), thug (7), goon (5); gridless unless said.
 */
const trio = () =>
  new Table([
    { id: "hero", side: "party", stats: { combatValue: 10 } },
    { id: "thug", side: "foes", stats: { combatValue: 7 } },
    { id: "goon", side: "foes", stats: { combatValue: 5 } },
  ]).do({ type: "start" });

const hex = { grid: { type: "hex" as const } };

describe('phases: delay ("take no action on your own Initiative score and wait to act later")', () => {
  it('"immediately before Captain Comet\'s action": the delayer acts just before the one named, with its score', () => {
    const t = trio().do({ type: "delay", who: "hero", until: "goon" });
    expect(t.eventsOf("delayed")).toEqual([{ type: "delayed", who: "hero", until: "goon" }]);
    expect(t.conditions("hero")).toEqual(["delayed"]);
    expect(t.state.current).toBe("thug");
    t.next();
    expect(t.eventsOf("delayedActionTaken")).toEqual([
      { type: "delayedActionTaken", who: "hero", before: "goon", initiative: 5 },
    ]);
    expect(t.state).toMatchObject({ current: "hero", order: ["thug", "hero", "goon"] });
    expect(t.conditions("hero")).toEqual([]);
    expect(t.state.ext.delayers).toEqual([]);
    t.next(2);
    expect(t.state).toMatchObject({ phase: 2, current: "thug", order: ["thug", "hero", "goon"] });
  });

  it("a delayer may cut in before the current character has acted, not after", () => {
    const t = trio().do({ type: "delay", who: "hero" });
    expect(t.eventsOf("delayed")).toEqual([{ type: "delayed", who: "hero", until: null }]);
    t.do({ type: "act", who: "thug", action: "block" });
    expect(t.refusal({ type: "act", who: "hero", action: "block" })).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "hero" },
    });
    t.next();
    t.do({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "miss" });
    expect(t.eventsOf("delayedActionTaken")).toEqual([
      { type: "delayedActionTaken", who: "hero", before: "goon", initiative: 5 },
    ]);
    expect(t.state.current).toBe("hero");
  });

  it("a delayer waiting for someone who cannot act is not taken there: the Phase waits at its end", () => {
    const t = trio().do({ type: "delay", who: "hero", until: "goon" });
    t.do({ type: "apply", who: "goon", condition: "unconscious", rounds: null });
    t.next();
    expect(t.state).toMatchObject({ phase: 1, current: null });
    expect(t.eventsOf("phaseEndWaits")).toEqual([
      { type: "phaseEndWaits", round: 1, phase: 1, who: ["hero"] },
    ]);
  });

  it("a delayer who can no longer act neither cuts in nor holds the Phase open", () => {
    const t = trio().do({ type: "delay", who: "hero", until: "goon" });
    t.do({ type: "apply", who: "hero", condition: "paralysed", rounds: null });
    t.next();
    expect(t.state.current).toBe("goon");
    t.next();
    expect(t.state).toMatchObject({ phase: 2, current: "thug" });
    expect(t.eventsOf("phaseEndWaits")).toEqual([]);
  });

  it("refuses a delay out of turn, until oneself, or after anything was done on the turn", () => {
    const t = trio();
    expect(t.refusal({ type: "delay", who: "thug" })).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "thug" },
    });
    expect(t.refusal({ type: "delay", who: "hero", until: "hero" })).toEqual({
      key: "TEMPO.Refusal.DelayUntilSelf",
      data: { who: "hero" },
    });
    const h = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [4, 0], stats: { combatValue: 7 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    // A 1-hex step is no action, but it is something done on the turn.
    h.do({ type: "move", who: "hero", path: [[-1, 0]], mode: "step" });
    expect(h.refusal({ type: "delay", who: "hero" })).toEqual({
      key: "TEMPO.Refusal.AlreadyActedThisPhase",
      data: { who: "hero" },
    });
  });

  it("refuses a delay while reactions are open", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "act", who: "hero", action: "pickUp" });
    expect(t.refused({ type: "delay", who: "hero" })).toBe("TEMPO.Refusal.ReactionsPending");
    expect(
      t.refused({ type: "ready", who: "hero", action: "strike", trigger: { who: "thug", verb: "act" } }),
    ).toBe("TEMPO.Refusal.ReactionsPending");
    expect(t.refused({ type: "endTurn", who: "hero" })).toBe("TEMPO.Refusal.ReactionsPending");
  });
});

describe('phases: ready ("specify the action you will take and the conditions under which you will take it")', () => {
  it("readying is an attack action, recorded with its trigger", () => {
    const t = trio().do({
      type: "ready",
      who: "hero",
      action: "strike",
      trigger: { who: "goon", verb: "act" },
    });
    expect(t.eventsOf("readied")).toEqual([
      { type: "readied", who: "hero", action: "strike", trigger: { who: "goon", verb: "act" } },
    ]);
    expect(t.conditions("hero")).toEqual(["readied"]);
    expect(t.state.ext.readiers).toEqual(["hero"]);
    expect(t.refused({ type: "act", who: "hero", action: "block" })).toBe("TEMPO.Refusal.NoAttackActionLeft");
    // Readying took the turn's action: no delay after it.
    expect(t.refused({ type: "delay", who: "hero" })).toBe("TEMPO.Refusal.AlreadyActedThisPhase");
    t.do({ type: "act", who: "hero", action: "drawFocus" });
  });

  it("refuses a full-phase action, a trigger on oneself, readying out of turn or with no attack action left", () => {
    const t = trio();
    expect(
      t.refusal({ type: "ready", who: "hero", action: "recover", trigger: { who: "goon", verb: "act" } }),
    ).toEqual({ key: "TEMPO.Refusal.CannotReadyFullPhase", data: { who: "hero", action: "recover" } });
    expect(
      t.refusal({ type: "ready", who: "hero", action: "strike", trigger: { who: "hero", verb: "act" } }),
    ).toEqual({ key: "TEMPO.Refusal.ReadyOnSelf", data: { who: "hero" } });
    expect(
      t.refusal({ type: "ready", who: "thug", action: "strike", trigger: { who: "hero", verb: "act" } }),
    ).toEqual({ key: "TEMPO.Refusal.NotYourTurn", data: { who: "thug" } });
    t.do({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "miss" });
    expect(
      t.refused({ type: "ready", who: "hero", action: "strike", trigger: { who: "goon", verb: "act" } }),
    ).toBe("TEMPO.Refusal.NoAttackActionLeft");
  });

  it("the readier interrupts its trigger, acts just before it and keeps that place in the order", () => {
    const t = trio().do({
      type: "ready",
      who: "hero",
      action: "strike",
      trigger: { who: "goon", verb: "block" },
    });
    t.next(2);
    t.do({ type: "act", who: "goon", action: "block" });
    expect(t.eventsOf("readiedActionTriggered")).toEqual([
      { type: "readiedActionTriggered", who: "hero", trigger: "goon", action: "strike" },
    ]);
    expect(t.state.current).toBe("hero");
    expect(t.refusal({ type: "next" })).toEqual({
      key: "TEMPO.Refusal.ReadiedActionPending",
      data: { who: "hero" },
    });
    expect(t.refusal({ type: "delay", who: "hero" })).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "hero" },
    });
    expect(t.refusal({ type: "act", who: "hero", action: "dodge" })).toEqual({
      key: "TEMPO.Refusal.NotTheReadiedAction",
      data: { who: "hero", action: "strike" },
    });
    t.do({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "miss" });
    expect(t.eventsOf("readiedActionTaken")).toEqual([
      { type: "readiedActionTaken", who: "hero", before: "goon", initiative: 5 },
    ]);
    // The goon's block goes on.
    expect(t.state.current).toBe("goon");
    expect(t.eventsOf("actionTaken").map((e) => [e.who, e.action])).toEqual([
      ["hero", "strike"],
      ["goon", "block"],
    ]);
    expect(t.state.ext.held).toBeNull();
    expect(t.conditions("hero")).toEqual([]);
    expect(t.state.ext.readiers).toEqual([]);
    t.next();
    expect(t.state).toMatchObject({ phase: 2, current: "thug", order: ["thug", "hero", "goon"] });
    expect(combatantIn(t.state, "hero")?.initiative).toBe(5);
  });

  it('a readied trigger verb: "move" is any move, "act" any action, an action id that action only', () => {
    const fires = (verb: string, command: { action: string } | "move") => {
      const t = new Table(
        [
          { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
          { id: "goon", side: "foes", at: [5, 0], stats: { combatValue: 5 } },
        ],
        [],
        hex,
      ).do({ type: "start" });
      t.do({ type: "ready", who: "hero", action: "block", trigger: { who: "goon", verb } }).next();
      if (command === "move") t.do({ type: "move", who: "goon", path: [[6, 0]] });
      else t.do({ type: "act", who: "goon", action: command.action });
      return t.state.current === "hero";
    };
    expect(fires("move", "move")).toBe(true);
    expect(fires("move", { action: "move" })).toBe(true);
    expect(fires("move", { action: "fullMove" })).toBe(true);
    expect(fires("move", { action: "drawFocus" })).toBe(false);
    expect(fires("act", { action: "drawFocus" })).toBe(true);
    expect(fires("act", "move")).toBe(false);
    expect(fires("reload", { action: "reload" })).toBe(true);
    expect(fires("reload", { action: "drawFocus" })).toBe(false);
    expect(fires("reload", "move")).toBe(false);
  });

  it("a readier who cannot act does not interrupt", () => {
    const t = trio().do({
      type: "ready",
      who: "hero",
      action: "strike",
      trigger: { who: "thug", verb: "act" },
    });
    t.next();
    t.do({ type: "apply", who: "hero", condition: "unconscious", rounds: null });
    t.do({ type: "act", who: "thug", action: "block" });
    expect(t.state.current).toBe("thug");
    expect(t.eventsOf("readiedActionTriggered")).toEqual([]);
  });

  it("two readiers on one trigger interrupt in turn, in Initiative order, then the trigger goes on", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "ally", side: "party", stats: { combatValue: 8 } },
      { id: "goon", side: "foes", stats: { combatValue: 5 } },
    ]).do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "strike", trigger: { who: "goon", verb: "act" } }).next();
    t.do({ type: "ready", who: "ally", action: "block", trigger: { who: "goon", verb: "act" } }).next();
    t.do({ type: "act", who: "goon", action: "drawFocus" });
    expect(t.state.current).toBe("hero");
    t.do({ type: "act", who: "hero", action: "strike", target: "goon", outcome: "miss" });
    expect(t.state.current).toBe("ally");
    t.do({ type: "act", who: "ally", action: "block" });
    expect(t.state.current).toBe("goon");
    expect(t.eventsOf("readiedActionTriggered").map((e) => e.who)).toEqual(["hero", "ally"]);
    expect(t.eventsOf("actionTaken").map((e) => e.who)).toEqual(["hero", "ally", "goon"]);
    expect(t.state.order).toEqual(["hero", "ally", "goon"]);
    expect(t.state.ext.held).toBeNull();
  });

  it("a readied action not of the trigger's kind: a readied move action other than a move is not answered by moving", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "goon", side: "foes", at: [5, 0], stats: { combatValue: 5 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "drawFocus", trigger: { who: "goon", verb: "act" } }).next();
    t.do({ type: "act", who: "goon", action: "block" });
    expect(t.refusal({ type: "move", who: "hero", path: [[-1, 0]] })).toEqual({
      key: "TEMPO.Refusal.NotTheReadiedAction",
      data: { who: "hero", action: "drawFocus" },
    });
    t.do({ type: "act", who: "hero", action: "drawFocus" });
    expect(t.state.current).toBe("goon");
  });

  it('a readied attack that defeats the trigger cancels its action ("Assuming he is still capable of doing so")', () => {
    const t = trio().do({
      type: "ready",
      who: "hero",
      action: "strike",
      trigger: { who: "thug", verb: "act" },
    });
    t.next();
    t.do({ type: "act", who: "thug", action: "strike", target: "hero", outcome: "hit" });
    t.do({ type: "act", who: "hero", action: "strike", target: "thug", outcome: "kill" });
    expect(t.eventsOf("triggerCancelled")).toEqual([{ type: "triggerCancelled", who: "thug" }]);
    expect(t.eventsOf("attackResolved").map((e) => e.who)).toEqual(["hero"]);
    expect(t.state.current).toBe("goon");
    expect(t.state.ext.held).toBeNull();
  });

  it("a trigger whose action is no longer possible after the readied action is cancelled, with the refusal's key", () => {
    // The thug strikes the adjacent hero; the hero's readied move takes it out of reach (the thug
    // declines the attack of opportunity), so the strike is refused: "NotInReach".
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "move", trigger: { who: "thug", verb: "strike" } }).next();
    t.do({ type: "act", who: "thug", action: "strike", target: "hero", outcome: "hit" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.offers.map((o) => o.who)).toEqual(["thug"]);
    t.do({ type: "react", who: "thug", with: "decline" });
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
    expect(t.eventsOf("triggerCancelled")).toEqual([
      { type: "triggerCancelled", who: "thug", reason: "TEMPO.Refusal.NotInReach" },
    ]);
    expect(t.eventsOf("attackResolved")).toEqual([]);
    expect(t.state.current).toBe("thug");
    expect(t.state.ext.held).toBeNull();
    // The thug's strike never happened: it still has its actions.
    t.do({ type: "move", who: "thug", path: [[-1, 0]] });
    t.do({ type: "act", who: "thug", action: "strike", target: "hero", outcome: "miss" });
  });

  it("a readied move that provokes is held for the attack of opportunity, then the trigger goes on", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "ready", who: "hero", action: "move", trigger: { who: "thug", verb: "reload" } }).next();
    t.do({ type: "act", who: "thug", action: "reload", outcome: "success" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    expect(t.state.current).toBe("hero");
    expect(combatantIn(t.state, "hero")?.at).toEqual([0, 0]);
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "miss" });
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
    expect(t.state.current).toBe("thug");
    expect(t.eventsOf("actionTaken").map((e) => [e.who, e.action])).toEqual([
      ["hero", "move"],
      ["thug", "reload"],
    ]);
  });

  it("a readied action lapses when the readier's own action comes up", () => {
    const t = trio().do({
      type: "ready",
      who: "hero",
      action: "strike",
      trigger: { who: "goon", verb: "move" },
    });
    t.next(3);
    expect(t.state).toMatchObject({ phase: 2, current: "hero" });
    expect(t.eventsOf("readyLapsed")).toEqual([{ type: "readyLapsed", who: "hero" }]);
    expect(t.conditions("hero")).toEqual([]);
    expect(t.state.ext.readiers).toEqual([]);
  });

  it("only the current character ends its turn", () => {
    const t = trio();
    expect(t.refusal({ type: "endTurn", who: "thug" })).toEqual({
      key: "TEMPO.Refusal.NotYourTurn",
      data: { who: "thug" },
    });
    t.do({ type: "endTurn", who: "hero" });
    expect(t.eventsOf("turnEnded")).toEqual([{ type: "turnEnded", who: "hero", round: 1, phase: 1 }]);
    expect(t.state.current).toBe("thug");
  });
});

describe('phases: abort ("take a defensive action before it is your place in the initiative order")', () => {
  it("before one's Initiative: gives up this Phase's action, which is then passed over", () => {
    const t = trio().do({ type: "abort", who: "thug", to: "block" });
    expect(t.eventsOf("aborted")).toEqual([
      { type: "aborted", who: "thug", to: "block", givesUp: { round: 1, phase: 1 } },
    ]);
    expect(t.conditions("thug")).toEqual(["aborted"]);
    t.next();
    expect(t.eventsOf("turnSkipped")).toEqual([
      { type: "turnSkipped", who: "thug", round: 1, phase: 1, reason: "aborted" },
    ]);
    expect(t.state.current).toBe("goon");
    expect(t.conditions("thug")).toEqual([]);
    // The Initiative has passed: it may abort again.
    t.do({ type: "abort", who: "thug", to: "dodge" });
    expect(t.eventsOf("aborted").at(-1)).toMatchObject({ givesUp: { round: 1, phase: 2 } });
  });

  it("after acting in Phase 4: gives up Phase 1 of the next Turn", () => {
    const t = trio().next(10);
    expect(t.state).toMatchObject({ phase: 4, current: "thug" });
    t.do({ type: "abort", who: "hero", to: "dodge" });
    expect(t.eventsOf("aborted")).toEqual([
      { type: "aborted", who: "hero", to: "dodge", givesUp: { round: 2, phase: 1 } },
    ]);
    t.next(2);
    expect(t.state.phase).toBe("postTurn");
    expect(t.refusal({ type: "abort", who: "goon", to: "dodge" })).toEqual({
      key: "TEMPO.Refusal.NoPhase",
      data: {},
    });
    t.next();
    expect(t.state).toMatchObject({ round: 2, phase: 1, current: "thug" });
    expect(t.eventsOf("turnSkipped")).toEqual([
      { type: "turnSkipped", who: "hero", round: 2, phase: 1, reason: "aborted" },
    ]);
  });

  it("having acted in the previous Phase, before one's Initiative in this one: gives up this Phase's action", () => {
    const t = trio().next(3);
    // Phase 2, the hero's turn: the thug acted in Phase 1, not yet in Phase 2.
    expect(t.state).toMatchObject({ phase: 2, current: "hero" });
    t.do({ type: "abort", who: "thug", to: "block" });
    expect(t.eventsOf("aborted")).toEqual([
      { type: "aborted", who: "thug", to: "block", givesUp: { round: 1, phase: 2 } },
    ]);
  });

  it("having last acted in the same Phase of the previous Turn: gives up this Phase's action", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    t.next(3);
    expect(t.state).toMatchObject({ round: 1, phase: 2, current: "thug" });
    // The thug's last turn is Phase 2 of Turn 1; it is out cold until Phase 2 of Turn 2.
    t.do({ type: "apply", who: "thug", condition: "unconscious", rounds: null });
    t.next(5);
    expect(t.state).toMatchObject({ round: 2, phase: 2, current: "hero" });
    t.do({ type: "removeCondition", who: "thug", condition: "unconscious" });
    t.do({ type: "abort", who: "thug", to: "dodge" });
    expect(t.eventsOf("aborted")).toEqual([
      { type: "aborted", who: "thug", to: "dodge", givesUp: { round: 2, phase: 2 } },
    ]);
    t.next();
    expect(t.eventsOf("turnSkipped")).toEqual([
      { type: "turnSkipped", who: "thug", round: 2, phase: 2, reason: "aborted" },
    ]);
  });

  it("after acting in Phase 1: gives up Phase 2's action", () => {
    const t = trio().next();
    t.do({ type: "abort", who: "hero", to: "block" });
    expect(t.eventsOf("aborted")[0]).toMatchObject({ givesUp: { round: 1, phase: 2 } });
  });

  it("after acting in the Surprise Phase: gives up Phase 1's action; the unaware cannot abort", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "ally", side: "party", stats: { combatValue: 8 } },
      { id: "thug", side: "foes", surprised: true, stats: { combatValue: 7 } },
    ]).do({ type: "start" });
    expect(t.state.phase).toBe("surprise");
    t.next();
    expect(t.state.current).toBe("ally");
    t.do({ type: "abort", who: "hero", to: "block" });
    expect(t.eventsOf("aborted")[0]).toMatchObject({ givesUp: { round: 1, phase: 1 } });
    expect(t.refusal({ type: "abort", who: "thug", to: "dodge" })).toEqual({
      key: "TEMPO.Refusal.CannotAct",
      data: { who: "thug" },
    });
    t.next();
    expect(t.state).toMatchObject({ phase: 1, current: "ally" });
  });

  it("refuses an abort on one's own turn, a second abort, a non-defensive action, and by one who cannot act", () => {
    const t = trio();
    expect(t.refusal({ type: "abort", who: "hero", to: "dodge" })).toEqual({
      key: "TEMPO.Refusal.AbortOnOwnTurn",
      data: { who: "hero" },
    });
    expect(t.refusal({ type: "abort", who: "thug", to: "move" })).toEqual({
      key: "TEMPO.Refusal.AbortToDefensive",
      data: { who: "thug", action: "move" },
    });
    t.do({ type: "abort", who: "thug", to: "dodge" });
    expect(t.refusal({ type: "abort", who: "thug", to: "block" })).toEqual({
      key: "TEMPO.Refusal.AlreadyAborted",
      data: { who: "thug" },
    });
    t.do({ type: "apply", who: "goon", condition: "unconscious", rounds: null });
    expect(t.refused({ type: "abort", who: "goon", to: "dodge" })).toBe("TEMPO.Refusal.CannotAct");
  });

  it("aborting to a dodge withdraws one's attack of opportunity, and the held move goes on", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    const offerId = t.state.offers[0]?.id;
    t.do({ type: "abort", who: "thug", to: "dodge" });
    expect(t.eventsOf("offerWithdrawn")).toEqual([
      { type: "offerWithdrawn", offer: offerId, who: "thug", with: "attackOfOpportunity", reason: "dodged" },
    ]);
    expect(t.state.pending).toEqual([]);
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
  });

  it("aborting to a block leaves the attack of opportunity open", () => {
    const t = new Table(
      [
        { id: "hero", side: "party", at: [0, 0], stats: { combatValue: 10 } },
        { id: "thug", side: "foes", at: [1, 0], stats: { combatValue: 7 } },
      ],
      [],
      hex,
    ).do({ type: "start" });
    t.do({ type: "move", who: "hero", path: [[-2, 0]] });
    t.do({ type: "abort", who: "thug", to: "block" });
    expect(t.state.offers.map((o) => o.who)).toEqual(["thug"]);
    t.do({ type: "react", who: "thug", with: "attackOfOpportunity", outcome: "miss" });
    expect(combatantIn(t.state, "hero")?.at).toEqual([-2, 0]);
  });
});

describe("phases: the roster during the fight", () => {
  it("a combatant added before the start takes its place when Initiative is set", () => {
    const t = new Table([
      { id: "hero", side: "party", stats: { combatValue: 10 } },
      { id: "thug", side: "foes", stats: { combatValue: 7 } },
    ]);
    t.do({ type: "addCombatant", combatant: { id: "goon", side: "foes", stats: { combatValue: 9 } } });
    expect(t.state.ext).toEqual({});
    t.do({ type: "start" });
    expect(t.state.order).toEqual(["hero", "goon", "thug"]);
  });

  it("a newcomer ahead of the others by Initiative goes before them in the order", () => {
    const t = trio();
    t.do({
      type: "addCombatant",
      combatant: { id: "boss", side: "foes", stats: { combatValue: 8, lightningReflexes: 1 } },
    });
    // 8 + 1 = 9: after the hero (10), before the thug (7).
    expect(t.state.order).toEqual(["hero", "boss", "thug", "goon"]);
    expect(combatantIn(t.state, "boss")?.initiative).toBe(9);
  });

  it("a removed combatant leaves the sequence for the Phases that follow", () => {
    const t = trio().do({ type: "removeCombatant", who: "thug" });
    t.next(2);
    expect(t.state).toMatchObject({ phase: 2, current: "hero", order: ["hero", "goon"] });
    expect(t.state.ext.sequence).toEqual(["hero", "goon"]);
  });
});
