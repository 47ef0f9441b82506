/**
 * World settings: registered here and read here, nothing else. The ruleset is read when a combat
 * starts; a running combat keeps the ruleset (and options) it started with, stored in its own
 * system data. A setting whose change reaches running combats through the writer gets that
 * reaction passed in (registerSettings' `onFranticChange`, channel/options.ts), so this file sits
 * below the channel and imports only the engine and the views.
 */
import { RULESET_IDS, getRuleset, type RulesetId } from "../engine";
import { RULESET_LABELS } from "../views/labels";

export const SYSTEM_ID = "tempo";
/** The world setting holding the Tempo version the world's data was last migrated to. */
export const WORLD_VERSION = "worldVersion";

/**
 * Ruleset options where the texts leave tables to differ (docs/rulesets/<ruleset>.md, "Decisions"),
 * one world setting each: the setting's key, the ruleset and option it fills, its name and hint. The
 * engine's `OptionDef` holds the values and the default; each value is labelled as the tracker shows
 * it (`TEMPO.Option.<ruleset>.<option>.<value>`).
 */
export const OPTION_SETTINGS = [
  {
    key: "flowReactionAttackEdges",
    ruleset: "flow",
    option: "reactionAttackEdges",
    name: "TEMPO.Settings.FlowReactionAttackEdges.Name",
    hint: "TEMPO.Settings.FlowReactionAttackEdges.Hint",
  },
  {
    key: "flowTotalDefenseReactionAttack",
    ruleset: "flow",
    option: "totalDefenseReactionAttack",
    name: "TEMPO.Settings.FlowTotalDefenseReactionAttack.Name",
    hint: "TEMPO.Settings.FlowTotalDefenseReactionAttack.Hint",
  },
  {
    key: "flowReactionAttackFp",
    ruleset: "flow",
    option: "reactionAttackFp",
    name: "TEMPO.Settings.FlowReactionAttackFp.Name",
    hint: "TEMPO.Settings.FlowReactionAttackFp.Hint",
  },
  {
    key: "flowInterceptLost",
    ruleset: "flow",
    option: "interceptLost",
    name: "TEMPO.Settings.FlowInterceptLost.Name",
    hint: "TEMPO.Settings.FlowInterceptLost.Hint",
  },
  {
    key: "flowReadyAp",
    ruleset: "flow",
    option: "readyAp",
    name: "TEMPO.Settings.FlowReadyAp.Name",
    hint: "TEMPO.Settings.FlowReadyAp.Hint",
  },
  {
    key: "flowInitiativeTies",
    ruleset: "flow",
    option: "initiativeTies",
    name: "TEMPO.Settings.FlowInitiativeTies.Name",
    hint: "TEMPO.Settings.FlowInitiativeTies.Hint",
  },
  {
    key: "marchingReactionBack",
    ruleset: "marching",
    option: "reactionBack",
    name: "TEMPO.Settings.MarchingReactionBack.Name",
    hint: "TEMPO.Settings.MarchingReactionBack.Hint",
  },
  {
    key: "marchingDelayers",
    ruleset: "marching",
    option: "delayers",
    name: "TEMPO.Settings.MarchingDelayers.Name",
    hint: "TEMPO.Settings.MarchingDelayers.Hint",
  },
  {
    key: "ratingSurprisedFree",
    ruleset: "rating",
    option: "surprisedFree",
    name: "TEMPO.Settings.RatingSurprisedFree.Name",
    hint: "TEMPO.Settings.RatingSurprisedFree.Hint",
  },
  {
    key: "ratingReactionAttempts",
    ruleset: "rating",
    option: "reactionAttempts",
    name: "TEMPO.Settings.RatingReactionAttempts.Name",
    hint: "TEMPO.Settings.RatingReactionAttempts.Hint",
  },
  {
    key: "phasesCombatReflexes",
    ruleset: "phases",
    option: "combatReflexes",
    name: "TEMPO.Settings.PhasesCombatReflexes.Name",
    hint: "TEMPO.Settings.PhasesCombatReflexes.Hint",
  },
  {
    key: "phasesDodge",
    ruleset: "phases",
    option: "dodge",
    name: "TEMPO.Settings.PhasesDodge.Name",
    hint: "TEMPO.Settings.PhasesDodge.Hint",
  },
  {
    key: "segmentsFastOrder",
    ruleset: "segments",
    option: "fastOrder",
    name: "TEMPO.Settings.SegmentsFastOrder.Name",
    hint: "TEMPO.Settings.SegmentsFastOrder.Hint",
  },
  {
    key: "segmentsCarriedCasting",
    ruleset: "segments",
    option: "carriedCasting",
    name: "TEMPO.Settings.SegmentsCarriedCasting.Name",
    hint: "TEMPO.Settings.SegmentsCarriedCasting.Hint",
  },
  {
    key: "segmentsDexterityReaction",
    ruleset: "segments",
    option: "dexterityReaction",
    name: "TEMPO.Settings.SegmentsDexterityReaction.Name",
    hint: "TEMPO.Settings.SegmentsDexterityReaction.Hint",
  },
  {
    key: "ratingTies",
    ruleset: "rating",
    option: "ties",
    name: "TEMPO.Settings.RatingTies.Name",
    hint: "TEMPO.Settings.RatingTies.Hint",
  },
  {
    key: "ratingLuckBonus",
    ruleset: "rating",
    option: "luckBonus",
    name: "TEMPO.Settings.RatingLuckBonus.Name",
    hint: "TEMPO.Settings.RatingLuckBonus.Hint",
  },
  {
    key: "marchingSeizeOpponent",
    ruleset: "marching",
    option: "seizeOpponent",
    name: "TEMPO.Settings.MarchingSeizeOpponent.Name",
    hint: "TEMPO.Settings.MarchingSeizeOpponent.Hint",
  },
] as const satisfies readonly {
  key: string;
  ruleset: RulesetId;
  option: string;
  name: string;
  hint: string;
}[];

export type OptionSettingKey = (typeof OPTION_SETTINGS)[number]["key"];

/** The values of Tempo's world settings, as the engine and the adapter read them. */
export interface TempoSettings {
  ruleset: RulesetId;
  ratingApRefresh: "round" | "turn";
  promptTimeout: number;
  marchingFrantic: boolean;
  reactToUnseen: boolean;
  /** The GM's hand: a GM's drop with the override key held places the token without walking it. */
  gmOverride: boolean;
  /** The ruleset options of OPTION_SETTINGS, by setting key (a missing one: the option's default). */
  ruleOptions: Partial<Record<OptionSettingKey, string>>;
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
  for (const def of OPTION_SETTINGS) {
    if (def.ruleset !== ruleset) continue;
    const declaredDef = declared[def.option];
    const value = settings.ruleOptions[def.key];
    if (declaredDef && value !== undefined && declaredDef.choices.includes(value))
      options[def.option] = value;
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

/** What a settings change sets off beyond this file, passed in by src/tempo.ts. */
export interface SettingReactions {
  /** marching's frantic switch changed (channel/options.ts applyFrantic). */
  onFranticChange: (value: boolean) => void;
}

export function registerSettings({ onFranticChange }: SettingReactions): void {
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
  // The Tempo version the world's stored data was last migrated to (src/foundry/migrations), set by
  // the GM's client; hidden from the settings window. Builds before 0.2.0 recorded none ("").
  settings.register(SYSTEM_ID, WORLD_VERSION, {
    name: "TEMPO.Settings.WorldVersion.Name",
    hint: "TEMPO.Settings.WorldVersion.Hint",
    scope: "world",
    config: false,
    type: String,
    default: "",
  });
  // The ruleset options a table may set (docs/rulesets/<ruleset>.md, "Decisions").
  for (const def of OPTION_SETTINGS) {
    const option = getRuleset(def.ruleset).options[def.option];
    if (!option) continue;
    settings.register(SYSTEM_ID, def.key, {
      name: def.name,
      hint: def.hint,
      scope: "world",
      config: true,
      type: String,
      default: option.default,
      choices: Object.fromEntries(
        option.choices.map((value) => [value, `TEMPO.Option.${def.ruleset}.${def.option}.${value}`]),
      ),
    });
  }
  // The log's horizon (docs/foundry-internals.md, "The log's horizon"): how many rounds a Combat keeps for
  // undo and going back; older entries leave it, archived or dropped.
  settings.register(SYSTEM_ID, "logRounds", {
    name: "TEMPO.Settings.LogRounds.Name",
    hint: "TEMPO.Settings.LogRounds.Hint",
    scope: "world",
    config: true,
    type: new foundry.data.fields.NumberField({
      required: true,
      nullable: false,
      integer: true,
      min: 1,
      max: 20,
      initial: 2,
    }),
    default: 2,
  });
  settings.register(SYSTEM_ID, "logBeyond", {
    name: "TEMPO.Settings.LogBeyond.Name",
    hint: "TEMPO.Settings.LogBeyond.Hint",
    scope: "world",
    config: true,
    type: String,
    default: "archive",
    choices: { archive: "TEMPO.Settings.LogBeyond.Archive", drop: "TEMPO.Settings.LogBeyond.Drop" },
  });
  // The archived logs themselves (store/archive.ts), by combat id: not shown in the settings.
  settings.register(SYSTEM_ID, "logArchive", {
    scope: "world",
    config: false,
    type: new foundry.data.fields.ObjectField(),
    default: {},
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
      ruleOptions: {},
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
    ruleOptions: Object.fromEntries(
      OPTION_SETTINGS.map((def) => [def.key, settings.get(SYSTEM_ID, def.key)] as const).filter(
        (entry): entry is readonly [OptionSettingKey, string] => typeof entry[1] === "string",
      ),
    ),
  };
}
