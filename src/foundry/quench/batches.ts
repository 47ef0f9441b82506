/**
 * Tempo's Quench batches (see index.ts). Each checks what only a running world shows; the titles
 * are localisation keys, as everything a GM reads. Documents a batch creates are deleted after it.
 *
 * Pages followed: Document.implementation and the type's data model
 * (https://foundryvtt.com/api/v13/classes/foundry.abstract.Document.html), DocumentSheetV2#render
 * and #close (https://foundryvtt.com/api/v13/classes/foundry.applications.api.DocumentSheetV2.html),
 * ClientSettings#settings (https://foundryvtt.com/api/v13/classes/foundry.helpers.ClientSettings.html),
 * CompendiumCollection#getDocuments
 * (https://foundryvtt.com/api/v13/classes/foundry.documents.collections.CompendiumCollection.html),
 * Combat#startCombat (https://foundryvtt.com/api/v13/classes/foundry.documents.Combat.html).
 */
import { RULESET_IDS } from "../../engine/state";
import { ACTOR_MODELS, COMBATANT_MODELS, COMBAT_MODELS, ITEM_MODELS } from "../data";
import { SYSTEM_ID } from "../settings";

/** The part of a document the batches touch (read through Foundry's public API). */
interface DocLike {
  id: string | null;
  type: string;
  system: unknown;
  delete(): Promise<unknown>;
}
interface SheetLike {
  render(options: { force: boolean }): Promise<unknown>;
  close(): Promise<unknown>;
  element: HTMLElement | null;
  rendered: boolean;
}
interface CombatLike extends DocLike {
  startCombat(): Promise<unknown>;
  encounter: { round: number; current: string | null; combatants: { id: string }[] } | null;
}
interface DocumentClassLike {
  implementation: new (data: object) => DocLike;
  create(data: object): Promise<(DocLike & { sheet: SheetLike | null }) | undefined>;
}
interface PackLike {
  metadata: { id: string; type: string; packageName: string };
  getDocuments(): Promise<DocLike[]>;
}

/** The globals a batch reads, narrowed to what it uses (the batches run only inside Foundry). */
function world() {
  const g = globalThis as unknown as {
    Actor: DocumentClassLike;
    Item: DocumentClassLike;
    Scene: DocumentClassLike;
    Combat: { create(data: object): Promise<CombatLike | undefined> };
  };
  return g;
}

const t = (key: string): string => game.i18n?.localize(key) ?? key;

/** Delete what a batch created, whatever happened in it. */
function cleanup(context: QuenchContext, created: DocLike[]): void {
  context.after(async () => {
    for (const doc of created.splice(0).reverse()) await doc.delete();
  });
}

const dataModels: TempoBatch = {
  key: `${SYSTEM_ID}.dataModels`,
  label: "TEMPO.Quench.DataModels.Name",
  body({ describe, it, assert }) {
    describe(t("TEMPO.Quench.DataModels.Name"), () => {
      it(t("TEMPO.Quench.DataModels.Registered"), () => {
        for (const [type, model] of Object.entries(ACTOR_MODELS))
          assert.equal(CONFIG.Actor.dataModels[type], model, type);
        for (const [type, model] of Object.entries(ITEM_MODELS))
          assert.equal(CONFIG.Item.dataModels[type], model, type);
        assert.equal(CONFIG.Combat.dataModels["base"], COMBAT_MODELS.base);
        assert.equal(CONFIG.Combatant.dataModels["base"], COMBATANT_MODELS.base);
      });
      it(t("TEMPO.Quench.DataModels.Built"), () => {
        const { Actor, Item } = world();
        for (const [type, model] of Object.entries(ACTOR_MODELS))
          assert.instanceOf(new Actor.implementation({ name: type, type }).system, model, type);
        for (const [type, model] of Object.entries(ITEM_MODELS))
          assert.instanceOf(new Item.implementation({ name: type, type }).system, model, type);
      });
    });
  },
};

const sheets: TempoBatch = {
  key: `${SYSTEM_ID}.sheets`,
  label: "TEMPO.Quench.Sheets.Name",
  body(context) {
    const { describe, it, assert } = context;
    const created: DocLike[] = [];
    describe(t("TEMPO.Quench.Sheets.Name"), () => {
      cleanup(context, created);
      const kinds: ["Actor" | "Item", string][] = [
        ...Object.keys(ACTOR_MODELS).map((type) => ["Actor", type] as ["Actor", string]),
        ...Object.keys(ITEM_MODELS).map((type) => ["Item", type] as ["Item", string]),
      ];
      for (const [documentName, type] of kinds)
        it(`${t("TEMPO.Quench.Sheets.Renders")} (${documentName} ${type})`, async () => {
          const doc = await world()[documentName].create({ name: `Quench ${type}`, type });
          assert(doc, type);
          if (!doc) return;
          created.push(doc);
          const sheet = doc.sheet;
          assert(sheet, type);
          if (!sheet) return;
          await sheet.render({ force: true });
          assert(sheet.rendered, type);
          assert(sheet.element?.classList.contains("tempo"), type);
          await sheet.close();
        });
    });
  },
};

/** Every setting src/foundry/settings.ts registers. */
const SETTINGS = [
  "ruleset",
  "ratingApRefresh",
  "promptTimeout",
  "marchingFrantic",
  "reactToUnseen",
  "statusRounds",
  "gmOverride",
  "worldVersion",
];

const settings: TempoBatch = {
  key: `${SYSTEM_ID}.settings`,
  label: "TEMPO.Quench.Settings.Name",
  body({ describe, it, assert }) {
    describe(t("TEMPO.Quench.Settings.Name"), () => {
      it(t("TEMPO.Quench.Settings.Registered"), () => {
        const registered = (game.settings as unknown as { settings: Map<string, unknown> }).settings;
        for (const key of SETTINGS) assert(registered.has(`${SYSTEM_ID}.${key}`), key);
      });
      it(t("TEMPO.Quench.Settings.Ruleset"), () => {
        assert.include(RULESET_IDS, game.settings?.get(SYSTEM_ID, "ruleset"));
      });
    });
  },
};

const packs: TempoBatch = {
  key: `${SYSTEM_ID}.packs`,
  label: "TEMPO.Quench.Packs.Name",
  body({ describe, it, assert }) {
    describe(t("TEMPO.Quench.Packs.Name"), () => {
      it(t("TEMPO.Quench.Packs.Open"), async () => {
        const all = [...(game.packs as unknown as Iterable<PackLike>)].filter(
          (pack) => pack.metadata.packageName === SYSTEM_ID,
        );
        assert.isAbove(all.length, 0);
        for (const pack of all) {
          const documents = await pack.getDocuments();
          assert.isAbove(documents.length, 0, pack.metadata.id);
          const models: Record<string, object> = pack.metadata.type === "Actor" ? ACTOR_MODELS : ITEM_MODELS;
          if (pack.metadata.type === "Actor" || pack.metadata.type === "Item")
            for (const doc of documents) assert.include(Object.keys(models), doc.type, pack.metadata.id);
        }
      });
    });
  },
};

const fight: TempoBatch = {
  key: `${SYSTEM_ID}.fight`,
  label: "TEMPO.Quench.Fight.Name",
  body(context) {
    const { describe, it, assert } = context;
    const created: DocLike[] = [];
    describe(t("TEMPO.Quench.Fight.Name"), () => {
      cleanup(context, created);
      it(t("TEMPO.Quench.Fight.Starts"), async () => {
        // The engine's writer is the active GM's client: the fight is scripted from it.
        assert(game.user?.isActiveGM, t("TEMPO.Quench.Fight.ActiveGM"));
        const { Actor, Scene } = world();
        const hero = await Actor.create({ name: "Quench Hero", type: "character" });
        const foe = await Actor.create({ name: "Quench Foe", type: "npc" });
        assert(hero && foe);
        if (!hero || !foe) return;
        created.push(hero, foe);
        const size = 100;
        const scene = await Scene.create({
          name: "Quench Battle",
          width: 10 * size,
          height: 10 * size,
          grid: { type: 1, size },
          tokens: [
            { name: hero.id, actorId: hero.id, x: 0, y: 0 },
            { name: foe.id, actorId: foe.id, x: 2 * size, y: size },
          ],
        });
        assert(scene);
        if (!scene) return;
        created.push(scene);
        const tokens = (scene as unknown as { tokens: { id: string; actorId: string }[] }).tokens;
        const combat = await world().Combat.create({
          scene: scene.id,
          combatants: [...tokens].map((token) => ({
            sceneId: scene.id,
            tokenId: token.id,
            actorId: token.actorId,
          })),
        });
        assert(combat);
        if (!combat) return;
        created.push(combat);
        await combat.startCombat();
        const state = combat.encounter;
        assert(state, t("TEMPO.Quench.Fight.Starts"));
        assert.equal(state?.round, 1);
        assert.equal(state?.combatants.length, 2);
        assert.include(
          state?.combatants.map((c) => c.id),
          state?.current,
        );
      });
    });
  },
};

export const BATCHES: readonly TempoBatch[] = [dataModels, sheets, settings, packs, fight];

/** What a batch function receives from Quench (the part Tempo uses). */
export interface QuenchContext {
  describe(title: string, fn: () => void): void;
  it(title: string, fn: () => Promise<void> | void): void;
  after(fn: () => Promise<void> | void): void;
  assert: QuenchAssert;
}

/** Chai's assert as Quench hands it over (the calls Tempo's batches make). */
export interface QuenchAssert {
  (value: unknown, message?: string): void;
  equal(actual: unknown, expected: unknown, message?: string): void;
  deepEqual(actual: unknown, expected: unknown, message?: string): void;
  isAbove(value: number, above: number, message?: string): void;
  include(haystack: unknown, needle: unknown, message?: string): void;
  instanceOf(value: unknown, constructor: unknown, message?: string): void;
}

/** Quench's hub as `quenchReady` passes it: quench.registerBatch(key, fn, { displayName }). */
export interface QuenchLike {
  registerBatch(key: string, fn: (context: QuenchContext) => void, options?: { displayName?: string }): void;
}

/** A Tempo batch: its key (`tempo.<name>`), its display name's localisation key, its body. */
export interface TempoBatch {
  key: string;
  label: string;
  body: (context: QuenchContext) => void;
}
