/**
 * src/tempo.ts, Tempo's Foundry entry, loaded into stand-ins of the Foundry globals it touches,
 * then its `init` hook run: what it registers is asserted by name. This loads every module the
 * system ships (apps, sheets, hooks, documents, data models) the way Foundry does, at `init`.
 * The stand-ins, and the public API page each follows: tests/foundry/entry-stand-ins.ts.
 */
import "./sheets/fields";

import { beforeAll, describe, expect, it } from "vitest";

import { entryStandIns } from "./entry-stand-ins";

const { globals, once, on, settings, sheets, templates } = entryStandIns();
const g = globalThis as Record<string, unknown>;
// The data fields fields.ts installed stay; the rest of `foundry` and the other globals join them.
Object.assign(g.foundry as Record<string, unknown>, globals.foundry);
const { foundry: _foundry, ...others } = globals;
Object.assign(g, others);

interface Config {
  Combat: { documentClass?: { name: string }; dataModels: Record<string, { name: string }> };
  Combatant: { documentClass?: { name: string }; dataModels: Record<string, { name: string }> };
  Actor: { dataModels: Record<string, { name: string }> };
  Item: { dataModels: Record<string, { name: string }> };
  ui: { combat?: { name: string } };
  queries: Record<string, unknown>;
  Token: { rulerClass?: { name: string }; movement: { actions: Record<string, Record<string, unknown>> } };
  statusEffects: { id: string; name: string; img: string }[];
}
const config = g.CONFIG as Config;
const names = (record: Record<string, { name: string }>) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, v.name]));

describe("src/tempo.ts registers Tempo with Foundry at init", () => {
  beforeAll(async () => {
    await import("../../src/tempo");
    expect([...once.keys()]).toEqual(["init"]);
    // Nothing is registered before Foundry calls init.
    expect(config.Combat.documentClass).toBeUndefined();
    for (const init of once.get("init") ?? []) init();
  });

  it("sets Tempo's Combat and Combatant document classes and the combat tracker", () => {
    expect(config.Combat.documentClass?.name).toBe("TempoCombat");
    expect(config.Combatant.documentClass?.name).toBe("TempoCombatant");
    expect(config.ui.combat?.name).toBe("TempoCombatTracker");
  });

  it("registers the data models of every document type the system declares", () => {
    expect(names(config.Actor.dataModels)).toEqual({ character: "CharacterModel", npc: "NpcModel" });
    expect(names(config.Item.dataModels)).toEqual({ weapon: "WeaponModel", action: "ActionModel" });
    // Combat and Combatant have no subtypes: their system data is the "base" type's model.
    expect(names(config.Combat.dataModels)).toEqual({ base: "CombatModel" });
    expect(names(config.Combatant.dataModels)).toEqual({ base: "CombatantModel" });
  });

  it("registers the four sheets as defaults for their types", () => {
    expect(
      sheets.map((s) => [s.document, s.scope, s.sheet.name, s.options.types, s.options.makeDefault]),
    ).toEqual([
      ["ActorDoc", "tempo", "TempoCharacterSheet", ["character"], true],
      ["ActorDoc", "tempo", "TempoNpcSheet", ["npc"], true],
      ["ItemDoc", "tempo", "TempoWeaponSheet", ["weapon"], true],
      ["ItemDoc", "tempo", "TempoActionSheet", ["action"], true],
    ]);
  });

  it("registers the world settings under the system's id", () => {
    expect(settings.map((s) => [s.namespace, s.key, s.config.scope])).toEqual([
      ["tempo", "ruleset", "world"],
      ["tempo", "ratingApRefresh", "world"],
      ["tempo", "promptTimeout", "world"],
      ["tempo", "marchingFrantic", "world"],
      ["tempo", "reactToUnseen", "world"],
      ["tempo", "statusRounds", "world"],
      ["tempo", "playerStatuses", "world"],
      ["tempo", "gmOverride", "world"],
      ["tempo", "worldVersion", "world"],
      ["tempo", "flowReactionAttackEdges", "world"],
      ["tempo", "flowTotalDefenseReactionAttack", "world"],
      ["tempo", "flowReactionAttackFp", "world"],
      ["tempo", "flowInterceptLost", "world"],
      ["tempo", "flowReadyAp", "world"],
      ["tempo", "flowInitiativeTies", "world"],
      ["tempo", "marchingReactionBack", "world"],
      ["tempo", "marchingDelayers", "world"],
      ["tempo", "ratingSurprisedFree", "world"],
      ["tempo", "ratingReactionAttempts", "world"],
      ["tempo", "phasesCombatReflexes", "world"],
      ["tempo", "phasesDodge", "world"],
      ["tempo", "segmentsFastOrder", "world"],
      ["tempo", "segmentsCarriedCasting", "world"],
      ["tempo", "segmentsDexterityReaction", "world"],
      ["tempo", "ratingTies", "world"],
      ["tempo", "ratingLuckBonus", "world"],
      ["tempo", "marchingSeizeOpponent", "world"],
      ["tempo", "logRounds", "world"],
      ["tempo", "logBeyond", "world"],
      ["tempo", "logArchive", "world"],
    ]);
    // The version the world was migrated to is Tempo's to set, not in the settings window.
    expect(settings.find((s) => s.key === "worldVersion")?.config).toMatchObject({
      config: false,
      default: "",
    });
  });

  it("checks the world's stored version at setup and migrates an older world at ready", async () => {
    const { checkWorldVersion, migrateWorld } = await import("../../src/foundry/migrations");
    expect(once.get("setup")).toEqual([checkWorldVersion]);
    expect(once.get("ready")).toContain(migrateWorld);
  });

  it("answers the command, confirmation, GM control, heal, prompt and undo queries", async () => {
    expect(Object.keys(config.queries).sort()).toEqual([
      "tempo.command",
      "tempo.confirm",
      "tempo.gmControl",
      "tempo.heal",
      "tempo.reactionPrompt",
      "tempo.undoMove",
    ]);
    const { QUERIES } = await import("../../src/foundry/channel/commands");
    const { handlePromptQuery } = await import("../../src/foundry/apps/reaction-prompt");
    const { handleUndoQuery } = await import("../../src/foundry/table/movement/undo");
    expect(config.queries).toEqual({
      ...QUERIES,
      "tempo.reactionPrompt": handlePromptQuery,
      "tempo.undoMove": handleUndoQuery,
    });
  });

  it("sets the token ruler and adds Tempo's movement actions beside walk, each with the AP limit", () => {
    expect(config.Token.rulerClass?.name).toBe("TempoTokenRuler");
    const actions = config.Token.movement.actions;
    expect(Object.keys(actions)).toEqual(
      ["walk", "tempoStep", "tempoTumble"].concat(Object.keys(actions).slice(3)),
    );
    expect(actions.tempoStep).toMatchObject({ label: "TEMPO.Movement.Action.step", order: 20 });
    expect(actions.tempoTumble).toMatchObject({ label: "TEMPO.Movement.Action.tumble", order: 21 });
    expect(actions.tempoWithdraw).toMatchObject({ label: "TEMPO.Movement.Action.withdraw" });
    // Each Tempo action is walk's configuration with its own label and icon.
    expect(actions.tempoStep).toMatchObject({ icon: "fa-solid fa-shoe-prints" });
    for (const def of Object.values(actions)) expect(typeof def.getCostFunction).toBe("function");
  });

  it("listens to the hooks of movement, reactions, prompts, chat, sheets and settings", () => {
    const counts = Object.fromEntries([...on.entries()].map(([hook, fns]) => [hook, fns.length]));
    expect(counts).toEqual({
      renderSettingsConfig: 1,
      // Sheets redraw and prompts close when a combat changes or goes; when it goes, the tokens
      // lose its combat-time statuses.
      updateCombat: 2,
      deleteCombat: 3,
      targetToken: 1,
      preMoveToken: 1,
      moveToken: 1,
      // A stopped movement is over, whatever TokenDocument#movement still reads (foundryvtt#13044).
      stopToken: 1,
      // A position written without the movement hooks is put back (or the GM's place); a token's
      // sight fields count as the GM set them; what the engine reads of a combat's documents is
      // the GM's record (a player's write put back).
      updateToken: 3,
      createToken: 1,
      updateActor: 1,
      createActor: 1,
      updateItem: 1,
      createItem: 1,
      updateCombatant: 1,
      createCombatant: 1,
      updateActiveEffect: 1,
      deleteItem: 1,
      // The paused game stops the prompts' countdowns.
      pauseGame: 1,
      // The GM's reaction loop, and the token statuses of the engine's condition changes.
      "tempo.commandApplied": 2,
      "tempo.rewound": 1,
      // A status toggled on a token (and the GM's record of a created effect).
      createActiveEffect: 2,
      deleteActiveEffect: 1,
      userConnected: 1,
      deleteCombatant: 1,
      deleteToken: 1,
      renderChatMessageHTML: 1,
    });
  });

  it("adds Tempo's condition statuses to the token HUD's list, keeping core's own entry where the id is core's", () => {
    const ids = config.statusEffects.map((s) => s.id);
    for (const id of ["surprised", "grappled", "delayed", "readied", "totalDefense", "aborted"])
      expect(ids).toContain(id);
    expect(config.statusEffects.filter((s) => s.id === "prone")).toEqual([
      { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
    ]);
    expect(config.statusEffects.find((s) => s.id === "delayed")).toEqual({
      id: "delayed",
      name: "TEMPO.Condition.delayed",
      img: "icons/svg/hourglass.svg",
    });
  });

  it("loads the partials by name and the templates by path", () => {
    expect(templates).toHaveLength(2);
    const [partials, paths] = templates as [Record<string, string>, string[]];
    for (const path of [...Object.values(partials), ...paths])
      expect(path).toMatch(/^systems\/tempo\/templates\/.+\.hbs$/);
  });
});
