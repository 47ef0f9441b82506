import { describe, expect, it } from "vitest";

import { createEncounter, getRuleset, RULESET_IDS } from "../../../src/engine";
import { encounterOptions, type TempoSettings } from "../../../src/foundry/settings";

const defaults: TempoSettings = {
  ruleset: "flow",
  ratingApRefresh: "round",
  promptTimeout: 15,
  marchingFrantic: false,
  reactToUnseen: false,
  gmOverride: true,
  flowReactionAttackEdges: "unmodified",
  flowReactionAttackFp: "both",
  flowInterceptLost: "closes",
  flowReadyAp: "keep",
  flowInitiativeTies: "agility",
};

describe("encounterOptions (world settings → a new encounter's ruleset options)", () => {
  it('gives rating the AP refresh mode ("Optional Rule: Turn-based AP Refreshing")', () => {
    expect(encounterOptions("rating", { ...defaults, ratingApRefresh: "turn" })).toEqual({
      apRefresh: "turn",
    });
    expect(encounterOptions("rating", defaults)).toEqual({ apRefresh: "round" });
  });

  it('gives marching frantic combat on or off ("the GM may switch to frantic combat")', () => {
    expect(encounterOptions("marching", { ...defaults, marchingFrantic: true })).toEqual({ frantic: "on" });
    expect(encounterOptions("marching", defaults)).toEqual({ frantic: "off" });
  });

  it("gives flow its options, the readings its text leaves open (docs/rulesets/flow.md, Decisions)", () => {
    expect(encounterOptions("flow", defaults)).toEqual({
      reactionAttackEdges: "unmodified",
      reactionAttackFp: "both",
      interceptLost: "closes",
      readyAp: "keep",
      initiativeTies: "agility",
    });
    const other = {
      ...defaults,
      flowReactionAttackEdges: "included",
      flowReactionAttackFp: "hitOnly",
      flowInterceptLost: "allyReacts",
      flowReadyAp: "forfeit",
      flowInitiativeTies: "rollOff",
    };
    const options = encounterOptions("flow", other);
    expect(options).toEqual({
      reactionAttackEdges: "included",
      reactionAttackFp: "hitOnly",
      interceptLost: "allyReacts",
      readyAp: "forfeit",
      initiativeTies: "rollOff",
    });
    expect(createEncounter({ ruleset: "flow", options, combatants: [] }, getRuleset("flow")).options).toEqual(
      options,
    );
    // A value the ruleset does not declare is left out, so the encounter takes the option's default.
    expect(encounterOptions("flow", { ...defaults, flowReadyAp: "bank" })).not.toHaveProperty("readyAp");
  });

  it("gives a ruleset only options it declares, so every ruleset accepts the result", () => {
    expect(
      encounterOptions("rating", { ...defaults, flowReadyAp: "forfeit", marchingFrantic: true }),
    ).toEqual({
      apRefresh: "round",
    });
    for (const id of RULESET_IDS) {
      const options = encounterOptions(id, { ...defaults, ratingApRefresh: "turn", marchingFrantic: true });
      expect(() => createEncounter({ ruleset: id, options, combatants: [] }, getRuleset(id))).not.toThrow();
    }
  });
});
