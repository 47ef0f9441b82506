import { describe, expect, it } from "vitest";
import { playerChoiceRefusal } from "../../src/engine/choices";
import { getRuleset } from "../../src/engine/registry";

/**
 * What a player may not say in a command (issue 12): a die's result is the GM's, and so is a cost
 * or a time the rule text does not leave to the actor. The refusal's data is what its message
 * (lang/en.json) shows: the command or the action, shortened to 64 characters.
 */

const flow = getRuleset("flow");
const rating = getRuleset("rating");
const segments = getRuleset("segments");

describe("playerChoiceRefusal", () => {
  it("names the command whose outcome a player tried to say", () => {
    expect(playerChoiceRefusal({ type: "act", who: "ana", action: "attack", outcome: "kill" }, flow)).toEqual(
      {
        key: "TEMPO.Refusal.OutcomeIsGMs",
        data: { command: "act" },
      },
    );
  });

  it("shortens a long command type to 64 characters, and names none that is not text", () => {
    expect(playerChoiceRefusal({ type: "a".repeat(80), outcome: "hit" }, flow)).toEqual({
      key: "TEMPO.Refusal.OutcomeIsGMs",
      data: { command: "a".repeat(64) },
    });
    expect(playerChoiceRefusal({ type: 7, outcome: "hit" }, flow)).toEqual({
      key: "TEMPO.Refusal.OutcomeIsGMs",
      data: { command: "" },
    });
  });

  it('names the fixed-cost action a player tried to price (flow: "Attacking/Casting a Spell: 2 AP")', () => {
    expect(playerChoiceRefusal({ type: "act", who: "ana", action: "attack", cost: 0 }, flow)).toEqual({
      key: "TEMPO.Refusal.CostNotYours",
      data: { action: "attack" },
    });
  });

  it("names the action whose time a player tried to say, shortened; none when it is not text", () => {
    expect(playerChoiceRefusal({ type: "declare", who: "f", action: "attack", time: 2 }, segments)).toEqual({
      key: "TEMPO.Refusal.TimeNotYours",
      data: { action: "attack" },
    });
    expect(
      playerChoiceRefusal({ type: "declare", who: "f", action: "b".repeat(70), time: 2 }, segments),
    ).toEqual({
      key: "TEMPO.Refusal.TimeNotYours",
      data: { action: "b".repeat(64) },
    });
    expect(playerChoiceRefusal({ type: "act", who: "f", action: 3, cost: 1 }, rating)).toEqual({
      key: "TEMPO.Refusal.CostNotYours",
      data: { action: "" },
    });
  });

  it("lets the actor price rating's own-cost actions and time segments' spells, nothing else", () => {
    expect(playerChoiceRefusal({ type: "act", who: "hero", action: "primary", cost: 2 }, rating)).toBeNull();
    expect(
      playerChoiceRefusal({ type: "declare", who: "mage", action: "cast", time: 3 }, segments),
    ).toBeNull();
    // An action that names no choices of its own, or that the ruleset does not have, leaves none.
    expect(playerChoiceRefusal({ type: "act", who: "hero", action: "free", cost: 1 }, rating)?.key).toBe(
      "TEMPO.Refusal.CostNotYours",
    );
    expect(
      playerChoiceRefusal({ type: "act", who: "hero", action: "hasOwnProperty", cost: 1 }, rating)?.key,
    ).toBe("TEMPO.Refusal.CostNotYours");
  });

  it("accepts a command that claims nothing a player may not say", () => {
    expect(
      playerChoiceRefusal({ type: "act", who: "ana", action: "attack", target: "orc" }, flow),
    ).toBeNull();
    expect(playerChoiceRefusal({ type: "endTurn", who: "ana" }, flow)).toBeNull();
  });

  it("reads only a command's own fields: an inherited outcome claims nothing", () => {
    const inherited = Object.create({ outcome: "kill", cost: 0 }) as object;
    Object.assign(inherited, { type: "act", who: "ana", action: "attack" });
    expect(playerChoiceRefusal(inherited, flow)).toBeNull();
  });

  it("refuses as not a command what is not an object, and one whose fields cannot be read", () => {
    expect(playerChoiceRefusal("act", flow)?.key).toBe("TEMPO.Refusal.NotACommand");
    expect(playerChoiceRefusal(undefined, flow)?.key).toBe("TEMPO.Refusal.NotACommand");
    expect(playerChoiceRefusal(null, flow)).toEqual({ key: "TEMPO.Refusal.NotACommand", data: {} });
    const throwing = Object.defineProperty({}, "outcome", {
      enumerable: true,
      get() {
        throw new Error("no");
      },
    });
    expect(playerChoiceRefusal(throwing, flow)).toEqual({ key: "TEMPO.Refusal.NotACommand", data: {} });
  });
});
