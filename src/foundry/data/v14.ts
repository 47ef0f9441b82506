/**
 * What Foundry v14 changes in shapes the adapter reads (issue 13). The adapter detects the shape
 * at run time (rules/sight.ts, store/read.ts, store/pieces.ts); these name the v14 shapes it
 * accepts. Types only: the lowest layers import them (data/ may import only the engine).
 */

/**
 * v14 `TokenDocument#detectionModes`: an object keyed by detection mode id
 * (https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenDetectionMode.html).
 */
export type V14DetectionModes = Record<string, { enabled: boolean; range: number | null }>;

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

/**
 * v14 movement action descriptor, the parts Tempo reads: `getCostFunction` is optional and
 * `costMultiplier` prices an action without one
 * (https://foundryvtt.com/api/v14/interfaces/foundry.types.TokenMovementActionConfigDescriptor.html).
 */
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
