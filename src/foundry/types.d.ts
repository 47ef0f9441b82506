/**
 * Declaration merging for the Foundry v13 types (fvtt-types): Tempo's data models, document
 * classes, settings and queries, so `actor.system`, `game.settings.get("tempo", ...)` and
 * `CONFIG.queries` are typed. This is the one augmentation file of the adapter.
 */
import type { ActionModel, CharacterModel, CombatModel, CombatantModel, NpcModel, WeaponModel } from "./data";
import type { TempoCombat, TempoCombatant } from "./documents";
import type { TempoCombatTracker } from "./apps/combat-tracker";

declare module "fvtt-types/configuration" {
  interface DataModelConfig {
    Actor: { character: typeof CharacterModel; npc: typeof NpcModel };
    Item: { weapon: typeof WeaponModel; action: typeof ActionModel };
    Combat: { base: typeof CombatModel };
    Combatant: { base: typeof CombatantModel };
  }

  interface DocumentClassConfig {
    Combat: typeof TempoCombat;
    Combatant: typeof TempoCombatant;
  }

  interface SettingConfig {
    "tempo.ruleset": string;
    "tempo.ratingApRefresh": string;
    "tempo.promptTimeout": foundry.data.fields.NumberField<{
      required: true;
      nullable: false;
      integer: true;
      min: 3;
      max: 300;
      initial: 15;
    }>;
    "tempo.marchingFrantic": boolean;
    "tempo.reactToUnseen": boolean;
  }
}

/**
 * CONFIG.queries: handlers other users' clients call with User#query (v13 API: "CONFIG.queries",
 * "User#query"). The handler gets the query's data; its answer is returned to the asker.
 */
declare global {
  namespace CONFIG {
    interface Queries {
      "tempo.command": (data: unknown) => Promise<import("./commands").CommandAnswer>;
    }
  }
}

export type { TempoCombatTracker };
