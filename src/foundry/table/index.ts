/**
 * table/: what Foundry's changes set off on the table. Token movement (movement/: the drop
 * judgement, holds and re-issues, put-backs, undo), the GM's reaction loop and its prompts
 * (reactions.ts), the ruler (ruler.ts), a token's scene and sight (scene.ts), statuses both ways
 * (statuses.ts) and chat cards (chat.ts). registerHooks wires them once in `init` (src/tempo.ts
 * calls it). The sequence from a drag to a resumed move, hook by hook, is in docs/hooks.md.
 *
 * The adapter's top layer: may import src/engine, src/views and every folder below it (data/,
 * settings.ts, localizer.ts, store/, rules/, channel/, migrations/, documents/, apps/). Nothing
 * imports table/ but src/tempo.ts (and quench/, types.d.ts, which import no table file).
 */
import { closeStalePrompts, handlePromptQuery, onPauseGame, PROMPT_QUERY } from "../apps/reaction-prompt";
import { chatCards } from "../channel/rolls";
import { onRenderChatMessageHTML, renderCards } from "./chat";
import { UNDO_QUERY, handleUndoQuery } from "./movement/undo";
import { onMoveToken } from "./movement/holds";
import { onPreMoveToken } from "./movement/drops";
import { onUpdateToken } from "./movement/put-backs";
import { onStopToken } from "./movement/follow";
import { registerMovementActions } from "./movement/actions";
import { onCommandApplied, onUserConnected, reaskOpenOffers } from "./reactions";
import { TempoTokenRuler } from "./ruler";
import {
  onCommandAppliedStatuses,
  onCreateActiveEffect,
  onDeleteActiveEffect,
  onRewoundStatuses,
  onDeleteCombatStatuses,
  registerStatuses,
} from "./statuses";
import { onTokenSight } from "./sight";
import {
  RECORDED_KINDS,
  onRecordedCreate,
  onRecordedItemDelete,
  onRecordedUpdate,
} from "../documents/record";

export function registerHooks(): void {
  // Queries other users' clients call: the GM asks a reactor's user; a player asks the GM to undo.
  CONFIG.queries[PROMPT_QUERY] = handlePromptQuery;
  CONFIG.queries[UNDO_QUERY] = handleUndoQuery;

  // Movement: the ruler, Tempo's movement actions, and the AP limit on every action's cost.
  // The published types give CONFIG.Token.rulerClass the ruler's instance type, not its class
  // (public API: CONFIG.Token.rulerClass is "the TokenRuler class"): one documented interop cast.
  (CONFIG.Token as unknown as { rulerClass: typeof TempoTokenRuler }).rulerClass = TempoTokenRuler;
  registerMovementActions();
  Hooks.on("preMoveToken", onPreMoveToken);
  Hooks.on("moveToken", onMoveToken);
  // A stopped movement is over, whatever TokenDocument#movement still reads (foundryvtt#13044).
  Hooks.on("stopToken", onStopToken);
  // A position written without the movement hooks: put back, or the GM's `place`.
  Hooks.on("updateToken", onUpdateToken);
  // A token's `hidden` and detection modes count as the GM set them (table/sight.ts).
  Hooks.on("updateToken", onTokenSight);
  // What the engine reads of a combat's documents is the GM's: a player's write is put back.
  for (const kind of RECORDED_KINDS) {
    Hooks.on(`update${kind}`, onRecordedUpdate(kind));
    Hooks.on(`create${kind}`, onRecordedCreate(kind));
  }
  Hooks.on("deleteItem", onRecordedItemDelete);

  // Reactions: the GM's loop after every write; prompts close when what they ask about is gone.
  Hooks.on("tempo.commandApplied", onCommandApplied);
  Hooks.on("userConnected", onUserConnected);
  // A GM client that loads (or reloads) while offers are open asks them again once it is ready.
  Hooks.once("ready", reaskOpenOffers);
  Hooks.on("updateCombat", () => closeStalePrompts());
  Hooks.on("deleteCombat", () => closeStalePrompts());
  Hooks.on("deleteCombatant", () => closeStalePrompts());
  Hooks.on("deleteToken", () => closeStalePrompts());
  // The paused game pauses the prompts' countdowns.
  Hooks.on("pauseGame", onPauseGame);

  // Conditions both ways: Tempo's statuses on the token HUD; a GM's toggle reaches the engine, and
  // the engine's condition changes show on the tokens (src/foundry/table/statuses.ts).
  registerStatuses();
  Hooks.on("createActiveEffect", onCreateActiveEffect);
  Hooks.on("deleteActiveEffect", onDeleteActiveEffect);
  Hooks.on("tempo.commandApplied", onCommandAppliedStatuses);
  Hooks.on("tempo.rewound", onRewoundStatuses);
  // The fight is over: combat-time and timed conditions leave the tokens.
  Hooks.on("deleteCombat", onDeleteCombatStatuses);

  // Chat: the write's card goes with its Rolls; the card's buttons.
  chatCards.render = renderCards;
  Hooks.on("renderChatMessageHTML", onRenderChatMessageHTML);
}
