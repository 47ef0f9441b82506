import { describe, expect, it } from "vitest";

import { createEncounter, getRuleset, RULESET_IDS } from "../../../src/engine";
import { encounterOptions, OPTION_SETTINGS, type TempoSettings } from "../../../src/foundry/settings";
import { createTable, TABLE_TIMEOUT_MS } from "../table";
import { flowWorld } from "../table/worlds";

const defaults: TempoSettings = {
  ruleset: "flow",
  ratingApRefresh: "round",
  promptTimeout: 15,
  marchingFrantic: false,
  reactToUnseen: false,
  gmOverride: true,
  ruleOptions: {},
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

  it('gives marching when a used reaction comes back ("On your turn, you may use your primary action, move action, and reaction")', () => {
    expect(
      encounterOptions("marching", { ...defaults, ruleOptions: { marchingReactionBack: "turn" } }),
    ).toEqual({
      frantic: "off",
      reactionBack: "turn",
    });
  });

  it('gives marching who may delay ("If a party member delays too long")', () => {
    expect(encounterOptions("marching", { ...defaults, ruleOptions: { marchingDelayers: "party" } })).toEqual(
      {
        frantic: "off",
        delayers: "party",
      },
    );
  });

  it('gives rating the free actions of the surprised and the reaction attempts ("may only take Reactions"; "Only one reaction attempt is permitted for each threat or event")', () => {
    expect(
      encounterOptions("rating", {
        ...defaults,
        ruleOptions: { ratingSurprisedFree: "allowed", ratingReactionAttempts: "perThreat" },
      }),
    ).toEqual({ apRefresh: "round", surprisedFree: "allowed", reactionAttempts: "perThreat" });
  });

  it('gives phases the readings of Combat Reflexes and Dodge ("more than one attack of opportunity in each Phase"; "if you have used the dodge manoeuvre")', () => {
    expect(
      encounterOptions("phases", {
        ...defaults,
        ruleOptions: { phasesCombatReflexes: "unlimited", phasesDodge: "untilNextTurn" },
      }),
    ).toEqual({ combatReflexes: "unlimited", dodge: "untilNextTurn" });
    expect(encounterOptions("phases", defaults)).toEqual({});
  });

  it('gives segments the order of fast actions and the carried casting\'s turn ("in the order as presented in the Combat Round Flowchart"; "it will normally occur in another round")', () => {
    expect(
      encounterOptions("segments", {
        ...defaults,
        ruleOptions: { segmentsFastOrder: "group", segmentsCarriedCasting: "groupTurn" },
      }),
    ).toEqual({ fastOrder: "group", carriedCasting: "groupTurn" });
  });

  it("gives segments, rating and marching their earlier options too (dexterityReaction, ties, luckBonus, seizeOpponent)", () => {
    const ruleOptions = {
      segmentsDexterityReaction: "off",
      ratingTies: "gm",
      ratingLuckBonus: "luckStat",
      marchingSeizeOpponent: "rolls",
    };
    expect(encounterOptions("segments", { ...defaults, ruleOptions })).toEqual({ dexterityReaction: "off" });
    expect(encounterOptions("rating", { ...defaults, ruleOptions })).toEqual({
      apRefresh: "round",
      ties: "gm",
      luckBonus: "luckStat",
    });
    expect(encounterOptions("marching", { ...defaults, ruleOptions })).toEqual({
      frantic: "off",
      seizeOpponent: "rolls",
    });
  });

  it("fills only options the rulesets declare, each setting a different option", () => {
    for (const def of OPTION_SETTINGS)
      expect(
        getRuleset(def.ruleset).options[def.option],
        `${def.key} fills ${def.ruleset}.${def.option}`,
      ).toBeDefined();
    expect(new Set(OPTION_SETTINGS.map((d) => `${d.ruleset}.${d.option}`)).size).toBe(OPTION_SETTINGS.length);
  });

  it("ignores a stored option value the ruleset does not offer (a hand-edited world setting)", () => {
    expect(
      encounterOptions("marching", { ...defaults, ruleOptions: { marchingDelayers: "everyone" } }),
    ).toEqual({
      frantic: "off",
    });
  });

  it("gives flow its options, the readings its text leaves open (docs/rulesets/flow.md, Decisions)", () => {
    expect(encounterOptions("flow", { ...defaults, ratingApRefresh: "turn", marchingFrantic: true })).toEqual(
      {},
    );
    const ruleOptions = {
      flowReactionAttackEdges: "included",
      flowTotalDefenseReactionAttack: "unmodified",
      flowReactionAttackFp: "hitOnly",
      flowInterceptLost: "closes",
      flowReadyAp: "keep",
      flowInitiativeTies: "rollOff",
    };
    const options = encounterOptions("flow", { ...defaults, ruleOptions });
    expect(options).toEqual({
      reactionAttackEdges: "included",
      totalDefenseReactionAttack: "unmodified",
      reactionAttackFp: "hitOnly",
      interceptLost: "closes",
      readyAp: "keep",
      initiativeTies: "rollOff",
    });
    expect(createEncounter({ ruleset: "flow", options, combatants: [] }, getRuleset("flow")).options).toEqual(
      options,
    );
    // A value the ruleset does not declare is left out, so the encounter takes the option's default.
    expect(
      encounterOptions("flow", { ...defaults, ruleOptions: { flowReadyAp: "bank" } }),
    ).not.toHaveProperty("readyAp");
  });

  it("gives a ruleset only options it declares, so every ruleset accepts the result", () => {
    expect(
      encounterOptions("rating", {
        ...defaults,
        ruleOptions: { flowReadyAp: "forfeit" },
        marchingFrantic: true,
      }),
    ).toEqual({
      apRefresh: "round",
    });
    for (const id of RULESET_IDS) {
      const ruleOptions = Object.fromEntries(
        OPTION_SETTINGS.map((def) => [
          def.key,
          getRuleset(def.ruleset).options[def.option]?.choices.at(-1) ?? "",
        ]),
      );
      const options = encounterOptions(id, {
        ...defaults,
        ratingApRefresh: "turn",
        marchingFrantic: true,
        ruleOptions,
      });
      expect(() => createEncounter({ ruleset: id, options, combatants: [] }, getRuleset(id))).not.toThrow();
    }
  });
});

describe(
  "a combat started on the simulated table takes its ruleset options from the world settings",
  { timeout: TABLE_TIMEOUT_MS },
  () => {
    it("starts a marching fight with the world's reading of \"If a party member delays\" and of the reaction's return", async () => {
      const world = flowWorld();
      const table = await createTable({
        world: {
          ...world,
          settings: {
            "tempo.ruleset": "marching",
            "tempo.marchingDelayers": "party",
            "tempo.marchingReactionBack": "turn",
          },
        },
      });
      await table.begin();
      expect(table.encounter().ruleset).toBe("marching");
      expect(table.encounter().options).toMatchObject({ delayers: "party", reactionBack: "turn" });
    });

    it("starts with each option's default when the world leaves the setting alone", async () => {
      const world = flowWorld();
      const table = await createTable({ world: { ...world, settings: { "tempo.ruleset": "marching" } } });
      await table.begin();
      expect(table.encounter().options).toMatchObject({ delayers: "anyone", reactionBack: "round" });
    });
  },
);
