import { describe, expect, it } from "vitest";

import { combatantIn, type EncounterState } from "../../src/engine";
import { reactionKey, reactionState } from "../../src/views/reacted";
import { i18n } from "../support/i18n";
import { play, stepWhere, type PlayedStep } from "./played";

function stateOf(state: EncounterState, id: string) {
  const c = combatantIn(state, id);
  if (!c) throw new Error(`no ${id}`);
  return reactionState(c, state, i18n);
}

const reactedBy = (who: string) => (s: PlayedStep) =>
  s.command.type === "react" && s.command.who === who && s.command.with !== "decline";

describe("reactionState: each combatant's reaction in its ruleset's own terms, reset when the ruleset says", () => {
  it('flow: the RP left; spent after its turn they stay spent into the next round and come back at its own turn ("Players regain their RP at the start of their turn")', () => {
    const fight = play("flow/02-rp-regained-at-own-turn.yaml");
    const [react, at] = stepWhere(fight, reactedBy("ana"));
    expect(stateOf(react.before, "ana")).toMatchObject({
      ready: true,
      short: "RP 2",
      label: "2 of 2 RP left for reactions",
    });
    expect(stateOf(react.after, "ana")).toMatchObject({
      ready: true,
      short: "RP 1",
      label: "1 of 2 RP left for reactions",
    });
    const [round2] = stepWhere(fight, (s) => s.events.some((e) => e.type === "roundStarted"), at + 1);
    expect(stateOf(round2.after, "ana")?.short).toBe("RP 1");
    const [ownTurn] = stepWhere(
      fight,
      (s) => s.events.some((e) => e.type === "turnStarted" && e["who"] === "ana"),
      at + 1,
    );
    expect(stateOf(ownTurn.after, "ana")?.short).toBe("RP 2");
  });

  it('rating: the attempts this round and the AP left ("any number of reactions may be made per round (provided that the character has Action Points left)"); cleared when the round starts', () => {
    const fight = play("rating/11-one-reaction-per-threat.yaml");
    const [first, at] = stepWhere(fight, reactedBy("orc"));
    expect(stateOf(first.before, "orc")).toMatchObject({
      ready: true,
      label: "No reaction yet this round; 2 AP left",
    });
    expect(stateOf(first.after, "orc")).toMatchObject({
      ready: true,
      short: "Reacted",
      label: "Reacted once this round; 1 AP left",
    });
    const [second] = stepWhere(fight, reactedBy("orc"), at + 1);
    expect(stateOf(second.after, "orc")).toMatchObject({
      ready: false,
      label: "Reacted 2 times this round; 0 AP left",
    });
    const round = play("rating/08-ap-each-turn.yaml");
    const [r, rAt] = stepWhere(round, reactedBy("orc"));
    expect(stateOf(r.after, "orc")?.short).toBe("Reacted");
    const [next] = stepWhere(round, (s) => s.events.some((e) => e.type === "roundStarted"), rAt + 1);
    expect(stateOf(next.after, "orc")?.short).toBe("Ready");
  });

  it('segments: a free attack made this segment ("Only one free attack may be taken per segment by any creature"); the next segment it reads ready again', () => {
    const fight = play("segments/10-free-attack-once-per-segment.yaml");
    const [react, at] = stepWhere(fight, reactedBy("orc"));
    expect(stateOf(react.before, "orc")).toMatchObject({ ready: true, label: "Can react" });
    expect(stateOf(react.after, "orc")).toMatchObject({
      ready: false,
      label: "Made a free attack this segment",
    });
    const later = fight.steps.slice(at + 1).find((s) => s.after.segment !== react.after.segment);
    if (later) expect(stateOf(later.after, "orc")?.label).not.toBe("Made a free attack this segment");
    // The state itself says when it resets: the same combatant in another segment reads ready.
    const moved = { ...react.after, segment: (react.after.segment ?? 0) + 1 };
    expect(stateOf(moved, "orc")?.ready).toBe(true);
  });

  it('segments: an Immediate Attack spends the major action ("must have an available major action to use")', () => {
    const fight = play("segments/18-immediate-attack-uses-major-action.yaml");
    const [react] = stepWhere(
      fight,
      (s) => s.command.type === "react" && s.command.with === "immediateAttack",
    );
    const who = react.command.type === "react" ? react.command.who : "";
    expect(stateOf(react.after, who)?.label).toBe("Major action spent this round: no Immediate Attack");
  });

  it('phases: attacks of opportunity this Phase against the limit ("you can only make one per Phase"; Combat Reflexes one more per level)', () => {
    const fight = play("phases/10-one-attack-of-opportunity-per-phase.yaml");
    const [thug, at] = stepWhere(fight, reactedBy("thug"));
    expect(stateOf(thug.before, "thug")).toMatchObject({
      ready: true,
      label: "Attacks of opportunity this Phase: 0 of 1",
    });
    expect(stateOf(thug.after, "thug")).toMatchObject({
      ready: false,
      label: "Attacks of opportunity this Phase: 1 of 1",
    });
    const [vet] = stepWhere(fight, reactedBy("vet"), at);
    expect(stateOf(vet.after, "vet")).toMatchObject({
      ready: true,
      label: "Attacks of opportunity this Phase: 1 of 2",
    });
    const nextPhase = fight.steps.find((s, i) => i > at && s.after.phase !== thug.after.phase);
    if (nextPhase) expect(stateOf(nextPhase.after, "thug")?.ready).toBe(true);
  });

  it('marching: the reaction used ("your primary action, move action, and reaction"), back when the round starts by default', () => {
    const fight = play("marching/06-one-of-each-a-turn.yaml");
    const [react] = stepWhere(fight, reactedBy("orc"));
    expect(stateOf(react.before, "orc")).toMatchObject({ ready: true, label: "Can react" });
    expect(stateOf(react.after, "orc")).toMatchObject({
      ready: false,
      label: "Reaction used: back when the round starts",
    });
    const turnRule = { ...react.after, options: { ...react.after.options, reactionBack: "turn" } };
    expect(stateOf(turnRule, "orc")?.label).toBe("Reaction used: back at the start of its next turn");
  });

  it("reactionKey changes exactly when the state's words do (the tracker's memo rebuilds a row by it)", () => {
    for (const [file, who] of [
      ["flow/02-rp-regained-at-own-turn.yaml", "ana"],
      ["rating/11-one-reaction-per-threat.yaml", "orc"],
      ["segments/10-free-attack-once-per-segment.yaml", "orc"],
      ["phases/10-one-attack-of-opportunity-per-phase.yaml", "thug"],
      ["marching/06-one-of-each-a-turn.yaml", "orc"],
    ] as const) {
      const fight = play(file);
      for (const s of fight.steps) {
        const a = combatantIn(s.before, who);
        const b = combatantIn(s.after, who);
        if (!a || !b || s.before.status !== "active") continue;
        const sameKey = reactionKey(a, s.before) === reactionKey(b, s.after);
        const sameWords = reactionState(a, s.before, i18n)?.label === reactionState(b, s.after, i18n)?.label;
        if (sameKey) expect(sameWords, `${file} ${s.command.type}`).toBe(true);
      }
    }
  });

  it("shows nothing before the fight or for the defeated", () => {
    const fight = play("flow/02-rp-regained-at-own-turn.yaml");
    expect(stateOf(fight.initial, "ana")).toBeNull();
  });
});
