/**
 * data/: the adapter's lowest layer. Tempo's TypeDataModels (actors, items, Combat, Combatant),
 * the catalog of stats, skills and traits they validate against, their source migrations, and
 * the v14 shapes the adapter reads (v14.ts, types only). Every data model, one map per document
 * type: src/tempo.ts registers these in `init`.
 *
 * May import: src/engine only (docs/design.md "The adapter's layers").
 */
import { CharacterModel, NpcModel } from "./actor";
import { CombatModel, CombatantModel } from "./combat";
import { ActionModel, WeaponModel } from "./item";

export { CharacterModel, NpcModel, CombatModel, CombatantModel, ActionModel, WeaponModel };

export const ACTOR_MODELS = { character: CharacterModel, npc: NpcModel };
export const ITEM_MODELS = { weapon: WeaponModel, action: ActionModel };
/** Foundry makes Combat and Combatant documents with the type "base" (FOUNDRY-NOTES). */
export const COMBAT_MODELS = { base: CombatModel };
export const COMBATANT_MODELS = { base: CombatantModel };
