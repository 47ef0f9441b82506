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
    /**
     * v14's client setting of the chat controls' message mode ("public", "gm", "blind", "self"),
     * which replaces `core.rollMode` (foundryvtt/dnd5e#6958: `game.settings.get("core", "rollMode")`
     * "is now `game.settings.get("core", "messageMode")`"; v14 ChatMessage page:
     * https://foundryvtt.com/api/v14/classes/foundry.documents.ChatMessage.html). Read only where
     * `ChatMessage.applyMode` exists (channel/dice.ts withRollMode).
     */
    "core.messageMode": string;
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
    "tempo.flowTotalDefenseReactionAttack": string;
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
      /** The GM asks a request's claimed sender to confirm it (src/foundry/channel/requests.ts askGM). */
      "tempo.confirm": (data: unknown) => Promise<{ confirmed: boolean }>;
      /** A client that read a write two writers raced asks the GM to check and heal it (src/foundry/channel). */
      "tempo.heal": (data: unknown) => Promise<{ checked: boolean }>;
      /** Any GM's client asks the writer to start, advance a round or go back (src/foundry/channel/commands.ts gmControl). */
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
      /**
       * stopToken: the token's movement was stopped, on every client (foundryvtt/foundryvtt#12240:
       * "Added hook `stopToken`, which is called when the movement is stopped"; #13043: also after
       * moveToken when the movement was constrained;
       * https://foundryvtt.com/api/functions/hookEvents.stopToken.html).
       */
      stopToken: (document: TokenDocument.Implementation) => void;
      "tempo.commandApplied": (context: import("./channel/announce").CommandContext) => void;
      /** An undo rewound the combat's state (src/foundry/channel/announce.ts announce). */
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
      /** A player asks the GM to undo their token's last move in the engine (src/foundry/table/movement). */
      "tempo.undoMove": (data: unknown) => Promise<import("./channel/answers").CommandAnswer>;
    }
  }
}

// The v14 shapes the adapter reads (TokenDocument#detectionModes, levels, data operators) are
// named in src/foundry/data/v14.ts, a plain module the lower layers import.
