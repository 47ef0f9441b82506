/**
 * The sample characters have the stats their ruleset uses (issue 30): the playground's encounters
 * and the compendium's sample actors set every stat and skill the ruleset reads, with values a
 * table would use, not the 0 an unset field falls back to (a segments fighter with Armour Class 0
 * and no Attack AC 0 cannot be played as the text says).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import YAML from "yaml";
import { describe, expect, it } from "vitest";

import { getRuleset, RULESET_IDS, type RulesetId } from "../../src/engine";
import { ENCOUNTERS } from "../../src/playground/encounters";

const ROOT = resolve(__dirname, "../..");

/** Stats an equipped weapon gives in Foundry (src/foundry/store/setup.ts), and may be 0 without one. */
const FROM_WEAPON: readonly string[] = ["weaponRange"];
/** Stats whose 0 is a real value: no bonus, no extra speed, no Luck, no reflexes. */
const ZERO_IS_A_VALUE: readonly string[] = [
  "agility",
  "attackBonus",
  "luck",
  "lightningReflexes",
  "weaponRange",
];

describe("the playground's sample encounters", () => {
  for (const id of RULESET_IDS) {
    it(`${id}: every combatant sets every stat and skill ${id} reads`, () => {
      const ruleset = getRuleset(id);
      for (const sample of ENCOUNTERS[id]) {
        for (const c of sample.setup.combatants) {
          const stats = c.stats ?? {};
          for (const stat of ruleset.stats) {
            expect(stats[stat], `${c.name}: ${stat}`).toBeTypeOf("number");
            if (!ZERO_IS_A_VALUE.includes(stat)) expect(stats[stat], `${c.name}: ${stat}`).not.toBe(0);
          }
          for (const skill of ruleset.skills)
            expect(c.skills?.[skill], `${c.name}: ${skill}`).toBeTypeOf("number");
        }
      }
    });
  }

  it("segments: the fighter has a weapon speed, attacks, an Attack AC 0 and an Armour Class of a fighter", () => {
    const fighter = ENCOUNTERS.segments[0]?.setup.combatants.find((c) => c.id === "fighter");
    expect(fighter?.stats).toMatchObject({ weaponSpeed: 5, attacks: 1, aac0: 17, ac: 2, attackBonus: 1 });
  });
});

describe("the compendium's sample actors", () => {
  const dir = join(ROOT, "packs/_source/tempo-actors");
  const actors = readdirSync(dir)
    .filter((f) => f.endsWith(".yml") && !f.startsWith("folder-"))
    .map((f) => ({
      file: f,
      doc: YAML.parse(readFileSync(join(dir, f), "utf8")) as Record<string, unknown>,
    }));

  it("are there for every ruleset", () => {
    const rulesets = new Set(
      actors.map((a) => (a.doc["flags"] as { tempo: { ruleset: string } }).tempo.ruleset),
    );
    expect([...rulesets].sort()).toEqual([...RULESET_IDS].sort());
  });

  it("each sets every stat its ruleset reads (a weapon's speed and range as its equipped weapon has them)", () => {
    for (const { file, doc } of actors) {
      const ruleset = getRuleset((doc["flags"] as { tempo: { ruleset: RulesetId } }).tempo.ruleset);
      const stats = (doc["system"] as { stats: Record<string, number> }).stats;
      for (const stat of ruleset.stats) {
        expect(stats[stat], `${file}: ${stat}`).toBeTypeOf("number");
        if (!ZERO_IS_A_VALUE.includes(stat) && !FROM_WEAPON.includes(stat))
          expect(stats[stat], `${file}: ${stat}`).not.toBe(0);
      }
    }
  });
});
