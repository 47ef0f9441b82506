/**
 * Compendium pack sources (packs/_source/<pack>/*.yml) against the manifest, the data models and
 * the engine. The data models are read through tests/foundry/sheets/fields.ts, whose stand-in
 * field classes check values the way Foundry's DataField validation does (plus unknown keys).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import YAML from "yaml";
import { describe, expect, it } from "vitest";

import { validateSource, loadModels, type ModelClass } from "./foundry/sheets/fields";
import { RULESET_IDS, SeededDice, apply, createEncounter, getRuleset, type RulesetId } from "../src/engine";
import { combatantSetup, type ActorData } from "../src/foundry/store/setup";
import { summarizeWeapons, type WeaponLike } from "../src/foundry/data/catalog";
import { HOWTO_ENTRIES, howtoSource } from "../src/views/howto";

const models = await loadModels();
const ROOT = resolve(__dirname, "..");

type Doc = Record<string, unknown> & { _id: string; _key: string; name: string };
interface PackManifest {
  name: string;
  type: string;
  path: string;
}
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
  packs: PackManifest[];
  documentTypes: Record<string, Record<string, unknown>>;
};

function load(pack: string): { file: string; doc: Doc }[] {
  const dir = join(ROOT, "packs/_source", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yml"))
    .sort()
    .map((file) => ({ file, doc: YAML.parse(readFileSync(join(dir, file), "utf8")) as Doc }));
}

const ID = /^[A-Za-z0-9]{16}$/;
const COLLECTION: Record<string, string> = { Item: "items", Actor: "actors", JournalEntry: "journal" };
const itemModels = models.ITEM_MODELS as unknown as Record<string, ModelClass>;
const actorModels = models.ACTOR_MODELS as unknown as Record<string, ModelClass>;

function isFolder(doc: Doc): boolean {
  return doc._key.startsWith("!folders!");
}

function system(doc: Doc | Record<string, unknown>): Record<string, unknown> {
  return (doc["system"] ?? {}) as Record<string, unknown>;
}

const packs = Object.fromEntries(manifest.packs.map((p) => [p.name, load(p.name)]));
const docs = (name: string) => (packs[name] ?? []).map((e) => e.doc).filter((d) => !isFolder(d));

describe("the validator the pack checks rely on", () => {
  it("rejects what Foundry's field validation would reject, and unknown keys", () => {
    const weapon = itemModels["weapon"];
    if (!weapon) throw new Error("no weapon model");
    expect(
      validateSource(weapon, { kind: "melee", reach: 1, speed: 0, range: 0, damage: "1d8", equipped: true }),
    ).toEqual([]);
    expect(validateSource(weapon, { damage: "banana" })).toEqual(["system.damage: is not a valid value"]);
    expect(validateSource(weapon, { reach: 1.5 })).toEqual(["system.reach: must be an integer"]);
    expect(validateSource(weapon, { reach: -1 })[0]).toMatch(/system.reach: must be at least/);
    expect(validateSource(weapon, { kind: "laser" })[0]).toMatch(/system.kind: "laser" is not one of/);
    expect(validateSource(weapon, { equipped: "yes" })).toEqual(["system.equipped: must be true or false"]);
    expect(validateSource(weapon, { sharpness: 3 })).toEqual(["system.sharpness: not a field of this model"]);
  });

  it("runs the model's joint validation (an action id the ruleset does not have)", () => {
    const action = itemModels["action"];
    if (!action) throw new Error("no action model");
    expect(validateSource(action, { ruleset: "flow", category: "action", action: "fly" })).toEqual([
      'system: flow has no action "fly"',
    ]);
  });
});

describe("pack sources", () => {
  it("exist for every pack system.json lists, and every source folder is a listed pack", () => {
    const folders = readdirSync(join(ROOT, "packs/_source"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual(manifest.packs.map((p) => p.name).sort());
  });

  for (const pack of manifest.packs) {
    describe(pack.name, () => {
      const entries = packs[pack.name] ?? [];

      it("has one document per file, each with a 16-character id, its _key, and a name", () => {
        expect(entries.length).toBeGreaterThan(0);
        const collection = COLLECTION[pack.type];
        for (const { file, doc } of entries) {
          expect(doc._id, file).toMatch(ID);
          expect(doc.name, file).toMatch(/\S/);
          const expected = isFolder(doc) ? `!folders!${doc._id}` : `!${collection}!${doc._id}`;
          expect(doc._key, file).toBe(expected);
        }
      });

      it("gives embedded documents their own ids and _keys under their parent", () => {
        for (const { file, doc } of entries) {
          for (const item of (doc["items"] ?? []) as Doc[]) {
            expect(item._id, file).toMatch(ID);
            expect(item._key, file).toBe(`!actors.items!${doc._id}.${item._id}`);
          }
          for (const page of (doc["pages"] ?? []) as Doc[]) {
            expect(page._id, file).toMatch(ID);
            expect(page._key, file).toBe(`!journal.pages!${doc._id}.${page._id}`);
          }
        }
      });

      it("uses each id once, and puts documents only in folders of the pack made for their type", () => {
        const ids = entries.flatMap(({ doc }) => [
          doc._id,
          ...((doc["items"] ?? []) as Doc[]).map((i) => i._id),
          ...((doc["pages"] ?? []) as Doc[]).map((p) => p._id),
        ]);
        expect(new Set(ids).size).toBe(ids.length);
        const folders = new Map(entries.filter((e) => isFolder(e.doc)).map((e) => [e.doc._id, e.doc]));
        for (const folder of folders.values()) expect(folder["type"]).toBe(pack.type);
        for (const { file, doc } of entries) {
          const parent = doc["folder"];
          if (parent !== null && parent !== undefined) expect(folders.has(String(parent)), file).toBe(true);
        }
      });
    });
  }
});

describe("tempo-actions", () => {
  const actions = docs("tempo-actions");

  it("validates every entry against the data model of its type", () => {
    for (const doc of actions) {
      const model = itemModels[String(doc["type"])];
      expect(Object.keys(itemModels), doc.name).toContain(String(doc["type"]));
      expect(validateSource(model as ModelClass, system(doc)), doc.name).toEqual([]);
    }
  });

  it("holds every action and reaction of every ruleset exactly once, with its rules text", () => {
    const have = actions
      .map((d) => `${system(d)["ruleset"]}:${system(d)["category"]}:${system(d)["action"]}`)
      .sort();
    const want = RULESET_IDS.flatMap((id) => {
      const r = getRuleset(id);
      return [
        ...Object.keys(r.actions).map((a) => `${id}:action:${a}`),
        ...Object.keys(r.reactions).map((a) => `${id}:reaction:${a}`),
      ];
    }).sort();
    expect(have).toEqual(want);
    for (const doc of actions)
      expect(String(system(doc)["description"]).length, doc.name).toBeGreaterThan(40);
  });

  it("gives each entry the cost and kind its ruleset's catalog gives the action", () => {
    for (const doc of actions) {
      const s = system(doc);
      const ruleset = getRuleset(String(s["ruleset"]));
      const reaction = s["category"] === "reaction";
      const def = reaction ? ruleset.reactions[String(s["action"])] : ruleset.actions[String(s["action"])];
      if (!def) throw new Error(`${doc.name}: not in the catalog`);
      const cost = s["cost"] as Record<string, number>;
      // A null catalog cost means the command carries it (rating): the item says so.
      expect(s["variableCost"], doc.name).toBe(def.cost === null);
      for (const pool of new Set([...Object.keys(cost), ...Object.keys(def.cost ?? {})])) {
        expect(cost[pool] ?? 0, `${doc.name} ${pool}`).toBe(def.cost?.[pool] ?? 0);
      }
      if (!reaction && "kind" in def) expect(s["kind"], doc.name).toBe(def.kind);
    }
  });

  it("files each ruleset's actions in a folder of their own", () => {
    const folders = new Map(
      (packs["tempo-actions"] ?? []).filter((e) => isFolder(e.doc)).map((e) => [e.doc._id, e.doc]),
    );
    for (const id of RULESET_IDS) {
      const inRuleset = actions.filter((d) => system(d)["ruleset"] === id);
      const used = new Set(inRuleset.map((d) => String(d["folder"])));
      expect(used.size, id).toBe(1);
      expect(folders.get([...used][0] ?? "")?.name, id).toMatch(/\S/);
    }
  });
});

describe("tempo-conditions", () => {
  const entries = docs("tempo-conditions");
  const meta = (d: Doc) =>
    ((d["flags"] as Record<string, Record<string, unknown>>)["tempo"] ?? {}) as {
      condition: string;
      rulesets: string[];
    };

  it("holds each condition some ruleset gives meaning to, naming exactly the rulesets that use it", () => {
    const want: Record<string, string[]> = {};
    for (const id of RULESET_IDS) for (const c of getRuleset(id).conditions) (want[c] ??= []).push(id);
    const have = Object.fromEntries(entries.map((d) => [meta(d).condition, [...meta(d).rulesets].sort()]));
    expect(have).toEqual(Object.fromEntries(Object.entries(want).map(([c, r]) => [c, [...r].sort()])));
  });

  it("gives each condition a text page with its rules", () => {
    for (const d of entries) {
      const pages = (d["pages"] ?? []) as Record<string, unknown>[];
      expect(pages.length, d.name).toBe(1);
      expect(pages[0]?.["type"]).toBe("text");
      const text = (pages[0]?.["text"] ?? {}) as { content?: string };
      expect(text.content?.length ?? 0, d.name).toBeGreaterThan(40);
    }
  });
});

describe("tempo-actors", () => {
  const actors = docs("tempo-actors");
  const rulesetOf = (d: Doc) =>
    String(((d["flags"] as Record<string, Record<string, unknown>>)["tempo"] ?? {})["ruleset"]);

  it("validates every actor and its embedded items against their data models", () => {
    for (const doc of actors) {
      const model = actorModels[String(doc["type"])];
      expect(Object.keys(actorModels), doc.name).toContain(String(doc["type"]));
      expect(validateSource(model as ModelClass, system(doc)), doc.name).toEqual([]);
      for (const item of (doc["items"] ?? []) as Doc[]) {
        const itemModel = itemModels[String(item["type"])];
        expect(Object.keys(itemModels), `${doc.name}: ${item.name}`).toContain(String(item["type"]));
        expect(validateSource(itemModel as ModelClass, system(item)), `${doc.name}: ${item.name}`).toEqual(
          [],
        );
      }
    }
  });

  it("offers at least one character and one NPC for every ruleset", () => {
    for (const id of RULESET_IDS) {
      const mine = actors.filter((d) => rulesetOf(d) === id);
      expect(
        mine.some((d) => d["type"] === "character"),
        id,
      ).toBe(true);
      expect(
        mine.some((d) => d["type"] === "npc"),
        id,
      ).toBe(true);
    }
  });

  it("sets every stat and skill its ruleset reads (weapon stats come from the weapons)", () => {
    const fromWeapons = new Set(["weaponRange", "weaponSpeed"]);
    for (const doc of actors) {
      const r = getRuleset(rulesetOf(doc));
      const s = system(doc);
      const stats = s["stats"] as Record<string, number>;
      const skills = s["skills"] as Record<string, number>;
      for (const stat of r.stats)
        if (!fromWeapons.has(stat)) expect(stats, `${doc.name} ${stat}`).toHaveProperty(stat);
      for (const skill of r.skills) expect(skills, `${doc.name} ${skill}`).toHaveProperty(skill);
    }
  });

  it("can fight: each ruleset's ready-made actors start an encounter in that ruleset", () => {
    for (const id of RULESET_IDS) {
      const mine = actors.filter((d) => rulesetOf(d) === id);
      const setups = mine.map((doc, i) => {
        const s = system(doc);
        const weapons = ((doc["items"] ?? []) as Doc[]).map((w) => system(w) as unknown as WeaponLike);
        const actor: ActorData = {
          type: String(doc["type"]),
          name: doc.name,
          hasPlayerOwner: doc["type"] === "character",
          system: {
            size: String(s["size"]),
            stats: s["stats"] as Record<string, number>,
            skills: s["skills"] as Record<string, number>,
            traits: (s["traits"] ?? {}) as Record<string, boolean>,
            weapon: summarizeWeapons(weapons),
          },
        };
        const combatant = {
          id: `c${i}`,
          name: doc.name,
          hidden: false,
          system: { side: "", marching: i + 1, surprised: false, unseen: false },
        };
        return combatantSetup(combatant, actor, [i * 2, 0]);
      });
      const ruleset = getRuleset(id as RulesetId);
      const made = createEncounter(
        { ruleset: id as RulesetId, grid: { type: "hex" }, combatants: setups },
        ruleset,
      );
      const started = apply(made, { type: "start" }, new SeededDice(7), ruleset);
      expect(started.ok ? null : started.refusal, id).toBeNull();
    }
  });
});

describe("tempo-rules: how each ruleset plays", () => {
  const entries = docs("tempo-rules");
  const rulesetOf = (d: Doc) =>
    String(((d["flags"] as Record<string, Record<string, unknown>>)["tempo"] ?? {})["ruleset"]);
  const content = (d: Doc) => {
    const page = ((d["pages"] ?? []) as Record<string, unknown>[])[0] ?? {};
    return String(((page["text"] ?? {}) as { content?: string }).content ?? "");
  };
  const lang = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as {
    TEMPO: { Ruleset: Record<string, string>; Pool: Record<string, { Abbr: string }> };
  };

  it("holds one entry per ruleset, in the file and under the id the links use", () => {
    expect(entries.map(rulesetOf).sort()).toEqual([...RULESET_IDS].sort());
    for (const id of RULESET_IDS) {
      const doc = YAML.parse(readFileSync(join(ROOT, howtoSource(id)), "utf8")) as Doc;
      expect(rulesetOf(doc)).toBe(id);
      expect(doc._id, id).toBe(HOWTO_ENTRIES[id]);
      expect(doc.name).toBe(`How ${lang.TEMPO.Ruleset[id]} plays`);
    }
  });

  it("gives each ruleset one text page saying what its time is, its points, what provokes, and surprise", () => {
    for (const doc of entries) {
      const pages = (doc["pages"] ?? []) as Record<string, unknown>[];
      expect(pages.length, doc.name).toBe(1);
      expect(pages[0]?.["type"], doc.name).toBe("text");
      const headings = [...content(doc).matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
      expect(headings, doc.name).toEqual(["Time", "Points", "Provoking and reacting", "Surprise"]);
    }
  });

  it("names every pool of the ruleset by its abbreviation, or says there are none", () => {
    for (const doc of entries) {
      const pools = getRuleset(rulesetOf(doc)).pools.map((p) => p.id);
      const text = content(doc);
      if (pools.length === 0) expect(text, doc.name).toContain("There are no points");
      for (const pool of pools) expect(text, `${doc.name} ${pool}`).toContain(lang.TEMPO.Pool[pool]?.Abbr);
    }
  });

  it("names the ruleset's own units of time", () => {
    const words: Record<RulesetId, string[]> = {
      flow: ["round", "turn"],
      rating: ["round", "turn"],
      segments: ["round", "segments"],
      phases: ["Turn", "Phases", "Post-Turn"],
      marching: ["round", "turn", "marching order"],
    };
    for (const doc of entries) {
      const id = rulesetOf(doc) as RulesetId;
      for (const w of words[id]) expect(content(doc), `${id} ${w}`).toContain(`<strong>${w}</strong>`);
    }
  });
});

it("pack sources are the only pack data in git (built packs go to dist/, which git ignores)", () => {
  const ignore = readFileSync(join(ROOT, ".gitignore"), "utf8").split("\n");
  expect(ignore).toContain("dist/");
  for (const pack of manifest.packs) expect(existsSync(join(ROOT, pack.path))).toBe(false);
});
