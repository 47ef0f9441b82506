/**
 * Issue 46, rules round four: four defaults changed (flow readyAp, interceptLost, Total Defense's
 * new totalDefenseReactionAttack, rating luckBonus). A world played before keeps playing as it did:
 * the migration stores the old default where the GM never chose a value, and the value of
 * reactionAttackEdges for the option split from it. A brand-new world takes the new defaults.
 */
import { describe, expect, it } from "vitest";

import { ROUND_FOUR_DEFAULTS } from "../../../src/foundry/migrations";
import {
  runMigrations,
  type MigrationWorld,
  type WorldDocument,
} from "../../../src/foundry/migrations/runner";
import { keepRoundThreeDefaults } from "../../../src/foundry/migrations/steps";

/** A world of stored settings (only those the GM set) and some documents. */
function world(settings: Record<string, unknown>, documents: WorldDocument[] = []) {
  const stored = new Map(Object.entries(settings));
  const w: MigrationWorld = {
    documents: () => documents,
    writeSystem: async () => {},
    setting: (key) => stored.get(key),
    setSetting: async (key, value) => {
      stored.set(key, value);
    },
  };
  return { w, stored };
}

const ACTOR: WorldDocument = { kind: "actor", id: "a1", parentId: null, type: "character", system: {} };

describe("migration 0.3.0: a world played before keeps round three's rule defaults", () => {
  it("stores the old defaults where the GM never chose, keeping what the GM chose", async () => {
    const { w, stored } = world({ worldVersion: "0.2.0", flowInterceptLost: "allyReacts" });
    const result = await runMigrations(
      w,
      { kind: "migrate", from: "0.2.0", to: "0.3.0", migrations: [ROUND_FOUR_DEFAULTS] },
      "worldVersion",
    );
    expect(Object.fromEntries(stored)).toEqual({
      worldVersion: "0.3.0",
      flowInterceptLost: "allyReacts",
      flowReadyAp: "keep",
      ratingLuckBonus: "pcFirst",
      flowTotalDefenseReactionAttack: "unmodified",
    });
    expect(result.settings.sort()).toEqual([
      "flowReadyAp",
      "flowTotalDefenseReactionAttack",
      "ratingLuckBonus",
    ]);
  });

  it("gives Total Defense the value of the option it was split from (reactionAttackEdges: included)", () => {
    expect(
      keepRoundThreeDefaults((key) => ({ flowReactionAttackEdges: "included" })[key], { used: true }),
    ).toMatchObject({ flowTotalDefenseReactionAttack: "included" });
  });

  it("changes nothing run again (idempotent)", () => {
    const done: Record<string, string> = {
      flowReadyAp: "keep",
      flowInterceptLost: "closes",
      ratingLuckBonus: "pcFirst",
      flowTotalDefenseReactionAttack: "unmodified",
    };
    expect(keepRoundThreeDefaults((key) => done[key], { used: true })).toEqual({});
  });

  it("leaves a brand-new world (no documents, no recorded version) on the new defaults", async () => {
    const { w, stored } = world({});
    await runMigrations(
      w,
      { kind: "migrate", from: "0.1.0", to: "0.3.0", migrations: [ROUND_FOUR_DEFAULTS] },
      "worldVersion",
    );
    expect(Object.fromEntries(stored)).toEqual({ worldVersion: "0.3.0" });
  });

  it("treats a world with Tempo documents but no recorded version (a 0.1.0 build's) as played", async () => {
    const { w, stored } = world({}, [ACTOR]);
    await runMigrations(
      w,
      { kind: "migrate", from: "0.1.0", to: "0.3.0", migrations: [ROUND_FOUR_DEFAULTS] },
      "worldVersion",
    );
    expect(stored.get("flowReadyAp")).toBe("keep");
  });
});
