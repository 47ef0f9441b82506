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
    "tempo.marchingReactionBack": string;
    "tempo.marchingDelayers": string;
    "tempo.ratingSurprisedFree": string;
    "tempo.ratingReactionAttempts": string;
    "tempo.phasesCombatReflexes": string;
    "tempo.phasesDodge": string;
    "tempo.segmentsFastOrder": string;
    "tempo.segmentsCarriedCasting": string;
    "tempo.segmentsDexterityReaction": string;
    "tempo.ratingTies": string;
    "tempo.ratingLuckBonus": string;
    "tempo.marchingSeizeOpponent": string;
    "tempo.reactToUnseen": boolean;
    "tempo.gmOverride": boolean;
    /** The Tempo version the world was last migrated to (src/foundry/migrations). */
    "tempo.worldVersion": string;
    "tempo.flowReactionAttackEdges": string;
    "tempo.flowReactionAttackFp": string;
    "tempo.flowInterceptLost": string;
    "tempo.flowReadyAp": string;
    "tempo.flowInitiativeTies": string;
    "tempo.playerStatuses": string;
    "tempo.statusRounds": foundry.data.fields.NumberField<{
      required: true;
      nullable: false;
      integer: true;
      min: 0;
      max: 99;
      initial: 0;
    }>;
    "tempo.logRounds": foundry.data.fields.NumberField<{
      required: true;
      nullable: false;
      integer: true;
      min: 1;
      max: 20;
      initial: 2;
    }>;
    "tempo.logBeyond": string;
    "tempo.logArchive": foundry.data.fields.ObjectField;
  }
}

/**
 * CONFIG.queries: handlers other users' clients call with User#query (v13 API: "CONFIG.queries",
 * "User#query"). The handler gets the query's data; its answer is returned to the asker.
 */
declare global {
  namespace CONFIG {
    interface Queries {
      "tempo.command": (data: unknown) => Promise<import("./channel/answers").CommandAnswer>;
      /** The GM asks a request's claimed sender to confirm it (src/foundry/commands.ts askGM). */
      "tempo.confirm": (data: unknown) => Promise<{ confirmed: boolean }>;
      /** A client that read a write two writers raced asks the GM to check and heal it (src/foundry/commands.ts). */
      "tempo.heal": (data: unknown) => Promise<{ checked: boolean }>;
      /** Any GM's client asks the writer to start, advance a round or go back (src/foundry/commands.ts gmControl). */
      "tempo.gmControl": (data: unknown) => Promise<import("./channel/answers").CommandAnswer>;
    }
  }
}

export type { TempoCombatTracker };

// ---------------------------------------------------------------------------------------------
// Movement and reactions (issue 8). v13 hooks the published types do not list yet, and Tempo's own
// hooks that its movement code listens to. Each follows a public API page:
// - preMoveToken: https://foundryvtt.com/api/functions/hookEvents.preMoveToken.html ("This hook
//   only fires for the client who is initiating the update request. The waypoints of the movement
//   are final and cannot be changed. The movement can only be rejected entirely by explicitly
//   returning false.")
// - moveToken: https://foundryvtt.com/api/functions/hookEvents.moveToken.html (document, movement,
//   operation, user; fires for all connected clients after the update).
// - the movement operation's shape: TokenMovementOperation
//   (https://foundryvtt.com/api/interfaces/foundry.documents.types.TokenMovementOperation.html),
//   typed here with the types package's own TokenDocument.MovementOperation.
// - Tempo's hooks (tempo.<eventType>, tempo.moveResumed, tempo.commandApplied) are documented in
//   docs/hooks.md; their payloads are the engine event and the command context.
// ---------------------------------------------------------------------------------------------
declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      preMoveToken: (
        document: TokenDocument.Implementation,
        movement: TokenDocument.MovementOperation,
        operation: object,
      ) => boolean | void;
      moveToken: (
        document: TokenDocument.Implementation,
        movement: TokenDocument.MovementOperation,
        operation: object,
        user: User.Implementation,
      ) => void;
      "tempo.commandApplied": (context: import("./channel/announce").CommandContext) => void;
      /** An undo rewound the combat's state (src/foundry/commands.ts announce). */
      "tempo.rewound": (combat: Combat.Implementation) => void;
      "tempo.reactionOffered": (
        event: import("../engine").EngineEvent,
        context: import("./channel/announce").CommandContext,
      ) => void;
      "tempo.reactionResolved": (
        event: import("../engine").EngineEvent,
        context: import("./channel/announce").CommandContext,
      ) => void;
      "tempo.movePaused": (
        event: import("../engine").EngineEvent,
        context: import("./channel/announce").CommandContext,
      ) => void;
      "tempo.moveResumed": (
        event: import("../engine").EngineEvent,
        context: import("./channel/announce").CommandContext,
      ) => void;
      "tempo.moveStopped": (
        event: import("../engine").EngineEvent,
        context: import("./channel/announce").CommandContext,
      ) => void;
    }
  }
}

declare global {
  namespace CONFIG {
    interface Queries {
      /** The GM asks a reactor's user to answer a reaction prompt (src/foundry/apps/reaction-prompt.ts). */
      "tempo.reactionPrompt": (data: unknown) => Promise<import("./rules/asks").ReactionAnswer | null>;
      /** A player asks the GM to undo their token's last move in the engine (src/foundry/hooks/movement.ts). */
      "tempo.undoMove": (data: unknown) => Promise<import("./channel/answers").CommandAnswer>;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What Foundry v14 changes in shapes the adapter reads (issue 13). The adapter detects the shape
// at run time (src/foundry/reactions.ts); these name the v14 shapes it accepts.
// ---------------------------------------------------------------------------------------------

/**
 * v14 `TokenDocument#detectionModes`: an object keyed by detection mode id
 * (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenDetectionMode.html).
 */
export type V14DetectionModes = Record<string, { enabled: boolean; range: number | null }>;

/**
 * v14 movement action descriptor, the parts Tempo reads: `getCostFunction` is optional and
 * `costMultiplier` prices an action without one
 * (https://foundryvtt.com/api/v14/interfaces/foundry.types.TokenMovementActionConfigDescriptor.html).
 */
/**
 * v14 scene levels: a token stands on a level (`TokenDocument#level`, "The level ID",
 * https://foundryvtt.com/api/v14/classes/foundry.documents.TokenDocument.html), and a movement's
 * waypoints and segments carry one (TokenMovementSegmentData "The level ID",
 * https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenMovementSegmentData.html).
 * Absent in v13.
 */
export interface V14Leveled {
  level?: string | null;
}

export interface V14MovementActionDescriptor {
  costMultiplier?: number;
  getCostFunction?: unknown;
  teleport?: boolean;
}

/**
 * v14 `foundry.data.operators`, the part Tempo uses: a `ForcedDeletion` value under a key of an
 * update deletes that key (v14 deprecates the `-=key` keys v13 reads for it). Absent in v13.
 * https://foundryvtt.com/api/v14/functions/foundry.utils.applyDataOperators.html
 */
export interface V14DataOperators {
  operators?: { ForcedDeletion?: new () => object };
}
