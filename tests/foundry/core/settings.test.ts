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

  it("gives a ruleset only options it declares, so every ruleset accepts the result", () => {
    expect(encounterOptions("flow", { ...defaults, ratingApRefresh: "turn", marchingFrantic: true })).toEqual(
      {},
    );
    for (const id of RULESET_IDS) {
      const options = encounterOptions(id, { ...defaults, ratingApRefresh: "turn", marchingFrantic: true });
      expect(() => createEncounter({ ruleset: id, options, combatants: [] }, getRuleset(id))).not.toThrow();
    }
  });
});
