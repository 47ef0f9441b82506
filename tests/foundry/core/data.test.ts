import { describe, expect, it } from "vitest";

import { RULESET_IDS } from "../../../src/engine";
import { RULESETS } from "../../../src/engine/rulesets";
import {
  isDamageFormula,
  isKnownAction,
  isWeaponLike,
  skillNames,
  skillSpec,
  statNames,
  statSpec,
  summarizeWeapons,
} from "../../../src/foundry/data/catalog";
import {
  UnknownActionError,
  migrateActionSource,
  migrateActorSource,
  migrateCombatSource,
  migrateWeaponSource,
} from "../../../src/foundry/data/migrations";

describe("what an actor stores for the rulesets", () => {
  it("has a field for every stat and skill some ruleset reads", () => {
    for (const id of RULESET_IDS) {
      const ruleset = RULESETS[id];
      if (!ruleset) continue;
      for (const stat of ruleset.stats) expect(statNames(), `${id} reads ${stat}`).toContain(stat);
      for (const skill of ruleset.skills) expect(skillNames(), `${id} reads ${skill}`).toContain(skill);
    }
  });

  it('holds the pool maxima as stats, with the rule texts\' defaults (flow: "Every player starts each round of combat with 5 AP")', () => {
    expect(statSpec("maxAp").initial).toBe(5);
    expect(statSpec("maxRp").initial).toBe(2);
    expect(statSpec("maxFp").initial).toBe(2);
  });

  it("bounds every stat and skill so its default lies within them", () => {
    for (const name of statNames()) {
      const spec = statSpec(name);
      expect(spec.min <= spec.initial && spec.initial <= spec.max, name).toBe(true);
    }
    for (const name of skillNames()) {
      const spec = skillSpec(name);
      expect(spec.min <= spec.initial && spec.initial <= spec.max, name).toBe(true);
    }
  });
});

describe("weapons", () => {
  it("accepts dice formulas and refuses other text as damage", () => {
    for (const ok of ["1d6", "1d8+2", "2d6 + 1d4", "(1d6+1)*2", "3", "d20"])
      expect(isDamageFormula(ok), ok).toBe(true);
    for (const bad of ["", "sword", "1d", "1d6+", "1d6; drop table", "2x3"])
      expect(isDamageFormula(bad), bad).toBe(false);
  });

  it('gives the longest equipped reach and range, and the first equipped melee weapon\'s speed ("the larger of this and size reach counts")', () => {
    const summary = summarizeWeapons([
      { kind: "melee", reach: 1, range: 0, speed: 5, equipped: true },
      { kind: "melee", reach: 3, range: 0, speed: 9, equipped: false },
      { kind: "melee", reach: 2, range: 0, speed: 7, equipped: true },
      { kind: "ranged", reach: 0, range: 20, speed: 2, equipped: true },
    ]);
    expect(summary).toEqual({ reach: 2, range: 20, speed: 5 });
    expect(summarizeWeapons([])).toEqual({ reach: 0, range: 0, speed: 0 });
  });

  it("reads only weapon-shaped system data", () => {
    expect(isWeaponLike({ kind: "melee", reach: 1, range: 0, speed: 0, equipped: true })).toBe(true);
    expect(isWeaponLike({ kind: "melee", reach: "1" })).toBe(false);
  });
});

describe("actions", () => {
  it("refuses an action id its ruleset does not have", () => {
    expect(isKnownAction("flow", "action", "attack")).toBe(true);
    expect(isKnownAction("flow", "reaction", "dodge")).toBe(true);
    expect(isKnownAction("flow", "action", "dodge")).toBe(false);
    expect(isKnownAction("flow", "action", "fireball")).toBe(false);
  });

  it("takes no inherited name for an action, and knows no action of an unknown ruleset", () => {
    for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(isKnownAction("flow", "action", name)).toBe(false);
      expect(isKnownAction("rating", "reaction", name)).toBe(false);
    }
    expect(isKnownAction("chess", "action", "attack")).toBe(false);
  });
});

describe("migrations from older shapes", () => {
  it("moves top-level stats under stats, bare pool numbers into { value }, pool maxima into stats, tags into traits", () => {
    const migrated = migrateActorSource({
      agility: 3,
      speed: 7,
      pools: { ap: 4, rp: { value: 1, max: 3 } },
      tags: ["shield"],
      size: "large",
    });
    expect(migrated).toEqual({
      stats: { agility: 3, moveSpeed: 7, maxRp: 3 },
      pools: { ap: { value: 4 }, rp: { value: 1 } },
      traits: { shield: true },
      size: "large",
    });
  });

  it("keeps a stat already under stats over an old top-level value", () => {
    expect(migrateActorSource({ agility: 3, stats: { agility: 5 } })).toEqual({ stats: { agility: 5 } });
  });

  it("renames a weapon's type to kind and weaponSpeed to speed", () => {
    expect(migrateWeaponSource({ type: "ranged", weaponSpeed: 4, reach: 1 })).toEqual({
      kind: "ranged",
      speed: 4,
      reach: 1,
    });
  });

  it("cuts a combat's state and log, stored whole as JSON text (layout 1), into pieces, marking the layout old", () => {
    const state = { version: 1, round: 2, order: ["a"], combatants: { a: { id: "a" } } };
    const log = [{ command: { type: "start" }, dice: [3], userId: "gm" }];
    const migrated = migrateCombatSource({
      state: JSON.stringify(state),
      initial: "{}",
      log: JSON.stringify(log),
      seq: 1,
    });
    expect(migrated).toEqual({
      state: { version: "1", round: "2", order: '["a"]' },
      combatants: { a: '{"id":"a"}' },
      initial: "{}",
      log: { e0: JSON.stringify(log[0]) },
      seq: 1,
      layout: 1,
    });
  });

  it("reads a combat that never started in layout 1 (no state, an empty log text) as empty pieces", () => {
    expect(migrateCombatSource({ state: null, log: "[]", seq: 0 })).toEqual({
      state: null,
      log: {},
      seq: 0,
      layout: 1,
    });
  });

  it("keeps a combat's state or log that is not JSON unreadable rather than empty", () => {
    const migrated = migrateCombatSource({ state: "{oops", log: "[oops" });
    expect(migrated["state"]).toEqual({ unreadable: "{oops" });
    expect(migrated["log"]).toEqual({ unreadable: "[oops" });
  });

  it("leaves a combat in the current layout, and a partial update, alone", () => {
    const current = { layout: 2, state: { round: "1" }, combatants: {}, log: { e0: "{}" }, seq: 1 };
    expect(migrateCombatSource(structuredClone(current))).toEqual(current);
    expect(migrateCombatSource({ state: { round: "3" }, seq: 4 })).toEqual({ state: { round: "3" }, seq: 4 });
  });

  it("renames actionId to action and reads a bare cost as AP", () => {
    expect(migrateActionSource({ actionId: "attack", cost: 2 })).toEqual({
      action: "attack",
      cost: { ap: 2 },
    });
  });
});

describe("migrations repair or reject what the engine would refuse (issue 12 item 8)", () => {
  it("clamps a stored stat, skill and pool to the data model's bounds and rounds it to a whole number", () => {
    const agility = statSpec("agility");
    const migrated = migrateActorSource({
      stats: { agility: 40, maxAp: -5, luck: 2.6 },
      skills: { combatReflexes: 1e9 },
      pools: { ap: { value: 500 }, rp: { value: -3 } },
    });
    expect(migrated).toEqual({
      stats: { agility: agility.max, maxAp: statSpec("maxAp").min, luck: 3 },
      skills: { combatReflexes: skillSpec("combatReflexes").max },
      pools: { ap: { value: 99 }, rp: { value: 0 } },
    });
  });

  it("drops values that are no number at all, unknown names and prototype names, so the model's initial applies", () => {
    const source = JSON.parse(
      '{"stats":{"agility":"x","luck":null,"__proto__":{"polluted":1},"nonsense":3},"pools":{"ap":7,"zz":{"value":1}},"traits":{"shield":"yes","multiAttack":true},"size":"colossal"}',
    ) as Record<string, unknown>;
    expect(migrateActorSource(source)).toEqual({
      stats: {},
      pools: { ap: { value: 7 } },
      traits: { multiAttack: true },
    });
    expect(Object.prototype).not.toHaveProperty("polluted");
  });

  it("clamps a weapon's reach, speed and range (a reach of 1000 never reaches the engine)", () => {
    expect(migrateWeaponSource({ kind: "melee", reach: 1000, speed: -2, range: Number.NaN })).toEqual({
      kind: "melee",
      reach: 10,
      speed: 0,
    });
    expect(migrateWeaponSource({ kind: "laser", reach: 1 })).toEqual({ reach: 1 });
  });

  it("clamps an action's costs and rejects an action id its ruleset does not have", () => {
    expect(
      migrateActionSource({
        ruleset: "flow",
        category: "action",
        action: "attack",
        cost: { ap: 50, rp: -1 },
      }),
    ).toEqual({ ruleset: "flow", category: "action", action: "attack", cost: { ap: 20, rp: 0 } });
    expect(() => migrateActionSource({ ruleset: "flow", category: "action", action: "constructor" })).toThrow(
      UnknownActionError,
    );
    expect(() => migrateActionSource({ ruleset: "flow", category: "action", action: "dodge" })).toThrow(
      UnknownActionError,
    );
    expect(migrateActionSource({ ruleset: "flow", category: "reaction", action: "dodge" })).toEqual({
      ruleset: "flow",
      category: "reaction",
      action: "dodge",
    });
  });
});
