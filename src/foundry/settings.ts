/**
 * World settings. The ruleset is read when a combat starts; a running combat keeps the ruleset
 * (and options) it started with, stored in its own system data.
 */
import { RULESET_IDS, getRuleset, type RulesetId } from "../engine";
import { isTempoCombat, isWriter, submit } from "./commands";
import { RULESET_LABELS } from "../views/labels";

export const SYSTEM_ID = "tempo";

/** The values of Tempo's world settings, as the engine and the adapter read them. */
export interface TempoSettings {
  ruleset: RulesetId;
  ratingApRefresh: "round" | "turn";
  promptTimeout: number;
  marchingFrantic: boolean;
  reactToUnseen: boolean;
  /** The GM's hand: a GM's drop with the override key held places the token without walking it. */
  gmOverride: boolean;
}

/**
 * The options a new encounter of `ruleset` gets from the world settings: only options the
 * ruleset declares, with values among its choices (createEncounter refuses anything else).
 */
export function encounterOptions(ruleset: RulesetId, settings: TempoSettings): Record<string, string> {
  const declared = getRuleset(ruleset).options;
  // Each setting and the option names it may fill, with the values it may take.
  const candidates: { option: string; values: string[] }[] = [
    { option: "apRefresh", values: [settings.ratingApRefresh] },
    { option: "frantic", values: settings.marchingFrantic ? ["on", "true", "yes"] : ["off", "false", "no"] },
  ];
  const options: Record<string, string> = {};
  for (const { option, values } of candidates) {
    const def = declared[option];
    if (!def) continue;
    const value = values.find((v) => def.choices.includes(v));
    if (value !== undefined) options[option] = value;
  }
  return options;
}

function onRulesetChange(value: string): void {
  // "a running combat keeps the ruleset it started with": say so when one is running.
  const running = game.combats?.some((c) => c.started) ?? false;
  if (!running) return;
  const label = game.i18n?.localize(RULESET_LABELS[value as RulesetId] ?? value) ?? value;
  ui.notifications?.info(
    game.i18n?.format("TEMPO.Settings.RulesetChangedMidCombat", { ruleset: label }) ?? "",
  );
}

/**
 * marching: "If the table is moving too slowly, the GM may switch to frantic combat." The switch
 * applies to running marching combats at once, as the engine's logged setOption command; other
 * settings wait for the next combat.
 */
function onFranticChange(value: boolean): void {
  if (!isWriter()) return;
  for (const combat of game.combats ?? []) {
    if (!isTempoCombat(combat)) continue;
    const state = combat.encounter;
    if (!state || state.status !== "active" || state.ruleset !== "marching") continue;
    const options = encounterOptions("marching", { ...readSettings(), marchingFrantic: value });
    const frantic = options["frantic"];
    if (frantic !== undefined && state.options["frantic"] !== frantic) {
      void submit(combat, { type: "setOption", option: "frantic", value: frantic });
    }
  }
}

export function registerSettings(): void {
  const settings = game.settings;
  if (!settings) return;
  settings.register(SYSTEM_ID, "ruleset", {
    name: "TEMPO.Settings.Ruleset.Name",
    hint: "TEMPO.Settings.Ruleset.Hint",
    scope: "world",
    config: true,
    type: String,
    default: "flow",
    choices: RULESET_LABELS,
    requiresReload: false,
    onChange: onRulesetChange,
  });
  settings.register(SYSTEM_ID, "ratingApRefresh", {
    name: "TEMPO.Settings.RatingApRefresh.Name",
    hint: "TEMPO.Settings.RatingApRefresh.Hint",
    scope: "world",
    config: true,
    type: String,
    default: "round",
    choices: { round: "TEMPO.Settings.RatingApRefresh.Round", turn: "TEMPO.Settings.RatingApRefresh.Turn" },
  });
  settings.register(SYSTEM_ID, "promptTimeout", {
    name: "TEMPO.Settings.PromptTimeout.Name",
    hint: "TEMPO.Settings.PromptTimeout.Hint",
    scope: "world",
    config: true,
    type: new foundry.data.fields.NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 3,
      max: 300,
      initial: 15,
    }),
    default: 15,
  });
  settings.register(SYSTEM_ID, "marchingFrantic", {
    name: "TEMPO.Settings.MarchingFrantic.Name",
    hint: "TEMPO.Settings.MarchingFrantic.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
    onChange: onFranticChange,
  });
  settings.register(SYSTEM_ID, "reactToUnseen", {
    name: "TEMPO.Settings.ReactToUnseen.Name",
    hint: "TEMPO.Settings.ReactToUnseen.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: false,
  });
  // A status the GM sets from the token HUD in a running fight becomes the engine's condition for
  // this many rounds (0: until removed), unless the effect carries its own duration.
  settings.register(SYSTEM_ID, "statusRounds", {
    name: "TEMPO.Settings.StatusRounds.Name",
    hint: "TEMPO.Settings.StatusRounds.Hint",
    scope: "world",
    config: true,
    type: new foundry.data.fields.NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 0,
      max: 99,
      initial: 0,
    }),
    default: 0,
  });
  // A core sight status (invisible, blind) a player sets on its own actor in a running fight:
  // shown but deciding nothing (the GM's decide), or put back.
  settings.register(SYSTEM_ID, "playerStatuses", {
    name: "TEMPO.Settings.PlayerStatuses.Name",
    hint: "TEMPO.Settings.PlayerStatuses.Hint",
    scope: "world",
    config: true,
    type: String,
    default: "ignore",
    choices: {
      ignore: "TEMPO.Settings.PlayerStatuses.Ignore",
      revert: "TEMPO.Settings.PlayerStatuses.Revert",
    },
  });
  settings.register(SYSTEM_ID, "gmOverride", {
    name: "TEMPO.Settings.GmOverride.Name",
    hint: "TEMPO.Settings.GmOverride.Hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}

function isRuleset(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}

/** The current values, with the defaults where a setting is missing or malformed. */
export function readSettings(): TempoSettings {
  const settings = game.settings;
  if (!settings)
    return {
      ruleset: "flow",
      ratingApRefresh: "round",
      promptTimeout: 15,
      marchingFrantic: false,
      reactToUnseen: false,
      gmOverride: true,
    };
  const ruleset = settings.get(SYSTEM_ID, "ruleset");
  const refresh = settings.get(SYSTEM_ID, "ratingApRefresh");
  return {
    ruleset: isRuleset(ruleset) ? ruleset : "flow",
    ratingApRefresh: refresh === "turn" ? "turn" : "round",
    promptTimeout: settings.get(SYSTEM_ID, "promptTimeout") ?? 15,
    marchingFrantic: settings.get(SYSTEM_ID, "marchingFrantic"),
    reactToUnseen: settings.get(SYSTEM_ID, "reactToUnseen"),
    gmOverride: settings.get(SYSTEM_ID, "gmOverride"),
  };
}
