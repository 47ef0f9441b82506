/**
 * Tempo's sheets, registered from the `init` hook in src/tempo.ts: characters, NPCs, weapons and
 * actions, with v13's DocumentSheetConfig. Sheets of combatants redraw when their combat changes
 * and when the user's target changes (actions are checked against it).
 */
import { TempoActionSheet } from "./action-sheet";
import { TempoCharacterSheet } from "./character-sheet";
import { TempoNpcSheet } from "./npc-sheet";
import { refreshCombatSheets, refreshOnTarget } from "./refresh";
import { TempoWeaponSheet } from "./weapon-sheet";
import { TempoCombat } from "../../documents/combat";
import type { EncounterState } from "../../../engine";

/** A combat's engine state: null before the start, or for a combat that is not Tempo's. */
function encounterOf(combat: Combat.Implementation): EncounterState | null {
  return combat instanceof TempoCombat ? combat.encounter : null;
}

export { TempoActionSheet, TempoCharacterSheet, TempoNpcSheet, TempoWeaponSheet };

export function registerSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  const Actor = foundry.documents.Actor;
  const Item = foundry.documents.Item;
  DocumentSheetConfig.registerSheet(Actor, "tempo", TempoCharacterSheet, {
    types: ["character"],
    makeDefault: true,
    label: "TEMPO.Sheet.Label.Character",
  });
  DocumentSheetConfig.registerSheet(Actor, "tempo", TempoNpcSheet, {
    types: ["npc"],
    makeDefault: true,
    label: "TEMPO.Sheet.Label.Npc",
  });
  DocumentSheetConfig.registerSheet(Item, "tempo", TempoWeaponSheet, {
    types: ["weapon"],
    makeDefault: true,
    label: "TEMPO.Sheet.Label.Weapon",
  });
  DocumentSheetConfig.registerSheet(Item, "tempo", TempoActionSheet, {
    types: ["action"],
    makeDefault: true,
    label: "TEMPO.Sheet.Label.Action",
  });
  Hooks.on("updateCombat", (combat) => refreshCombatSheets(combat, encounterOf(combat)));
  Hooks.on("deleteCombat", (combat) => refreshCombatSheets(combat, null, true));
  Hooks.on("targetToken", (user) => refreshOnTarget(user));
}
