/**
 * Where Foundry's public material is silent or disagrees, the simulated table offers each
 * plausible reading as a switch (as it does for v13 and v14), and the adapter must pass under all
 * of them. Two named profiles together cover every reading of every switch; every test file that
 * builds a table runs under each (vitest.config.ts: the "table:strict" project runs those files
 * again with TEMPO_TABLE_PROFILE=strict; the default is "lenient").
 *
 * The switches, each with the public thread behind it:
 * - `pause`: what `TokenDocument#pauseMovement(key)` gives.
 *   "callback": a function that resumes the movement once every pauser called its own
 *   (foundryvtt/foundryvtt#11849, the unkeyed form; the v13 page's TokenResumeMovementCallback).
 *   "promise": `Promise<boolean> | null`, "the continuation promise if the movement was paused,
 *   otherwise null", resolving true once the movement is continued with the same key
 *   (foundryvtt/foundryvtt#12162). `null` is not "paused".
 * - `moveInPreMove`: `TokenDocument#move` started on a token from inside `preMoveToken`, while the
 *   rejected movement of that token is still in its update workflow. "allowed": it runs;
 *   "dropped": it is silently dropped (resolves false). No public thread says which: #12179
 *   (pausing outside the update workflow did not work) shows the workflow's state matters.
 * - `resumeBy`: who may resume or stop a paused movement. "mover": only the user who started it
 *   (the v13 page: "Only the User that initiated the movement can pause it"); "moverOrGM": also
 *   the active GM (#12162: "another user that is not moving the token", its example continues the
 *   movement from the active GM's client).
 * - `ownerWrites`: may an owner update its Combatant's `system`/`defeated` and, on its own turn,
 *   the Combat's `turn`/`round`? "open": yes (v13 opened Combatant system to owners per
 *   the-metalworks/cosmere-rpg PR #391 and draw-steel PR #134; draw-steel asks
 *   `combat.canUserModify(user, "update", { turn })`); "closed": only the GM may.
 * - `submitValidation`: what DocumentSheetV2#_prepareSubmitData checks of a sheet's form data
 *   (https://foundryvtt.com/api/v13/classes/foundry.applications.api.DocumentSheetV2.html: "cleaned
 *   and validated before being returned"). "fields": each changed field by its own rules (a
 *   partial validation of the changes); "joint": also the model's joint rule (validateJoint) on
 *   the data as it would stand. The page does not say which; either way the update itself is
 *   validated as a whole before it is written.
 * - `appRender`: how a document's update asks an application showing it (an ApplicationV2: the
 *   combat's tracker, the sheets of its combatants' actors) to render: "options",
 *   `render({ force: false, renderContext, renderData })`; "legacy",
 *   `render(false, { renderContext, renderData })`. ClientDocumentMixin#render(force, context)
 *   (https://foundryvtt.com/api/v13/functions/foundry.documents.abstract.ClientDocumentMixin.html)
 *   and ApplicationV2#render (which takes both forms:
 *   https://foundryvtt.com/api/v13/classes/foundry.applications.api.ApplicationV2.html#render) do
 *   not say which reaches the application.
 * - `costPerPart`: when a committed movement meets its action's cost function. "preview": only the
 *   drag's preview (the ruler) is priced; once committed, a movement is not priced again.
 *   "eachPart": Foundry constrains every part of a movement (the parts a checkpoint splits it into)
 *   with the cost function at the time that part starts, from the state of then: a step costing
 *   `Infinity` ends the path before it, and a constrained movement ends "stopped", the stopToken
 *   hook firing (foundryvtt/foundryvtt#11896: constrainMovementPath "constrains movement that has
 *   an infinite cost unless the `ignoreCost` option is true"; #13043: a constrained movement's state
 *   is "stopped"). `constrainOptions: { ignoreCost: true }` in TokenDocument#move's options exempts
 *   the movement (TokenMovementInstructionOptions#constrainOptions,
 *   https://foundryvtt.com/api/v14/interfaces/foundry.documents.types.TokenMovementInstructionOptions.html;
 *   TokenMovementData#constrainOptions on v13's page).
 * - `movementKey`: what the update options of updateToken carry about a movement on the clients that
 *   did not start it. "movement": the instruction (`options.movement[tokenId]`); "_movement": the
 *   computed movement, as public v13 modules read it in their update handlers
 *   (`options._movement[tokenId]`); "both"; "none": neither key arrives, and only the moveToken
 *   hook ("fires for all connected clients after the update has been processed":
 *   https://foundryvtt.com/api/v13/functions/hookEvents.moveToken.html) says it was a movement. No
 *   public page says which key reaches other clients. A three-valued (here four) switch: the
 *   profiles hold two of its readings, and the tests of the writer's put-back run under each.
 * - `stopClears`: what stopping a movement does to each client's TokenDocument#movement.
 *   "cleared": its state becomes "stopped" and its pending waypoints are emptied. "keptPending"
 *   (foundryvtt/foundryvtt#13044, open: "Pending movement is not cleared when the movement is
 *   stopped"): the stopToken hook fires on every client, but the movement data keeps the state and
 *   the pending waypoints it had (a paused movement still reads "paused").
 * - `rollModeV14` (v14 tables only): `game.settings.get("core", "rollMode")` on v14. "deprecated":
 *   it still answers (the old name of the message mode), with a deprecation warning, as the issue
 *   reads v14's notes; "removed": it throws, as dnd5e#6958 reports ("the system setting is gone
 *   without deprecation"). Either way `core.messageMode` and `ChatMessage.applyMode` are v14's, and
 *   `ChatMessage.applyRollMode` warns ("deprecated in favor of ChatMessage.applyMode", removal in
 *   v16: Muttley/foundryvtt-fallout#744, JohanFalt/Foundry_WoD20#1396).
 *
 * Always strict, whatever the profile (the contract is clear): `resumeMovement(movementId, key)`
 * accepts only the id of the movement that was paused, never an earlier one of its chain
 * (TokenMovementData#chain; foundryvtt/foundryvtt#12240 gives `TokenDocument#movement`, whose id
 * is the one to resume).
 */
export interface Readings {
  pause: "callback" | "promise";
  moveInPreMove: "allowed" | "dropped";
  resumeBy: "mover" | "moverOrGM";
  ownerWrites: "open" | "closed";
  submitValidation: "fields" | "joint";
  appRender: "options" | "legacy";
  costPerPart: "preview" | "eachPart";
  movementKey: "movement" | "_movement" | "both" | "none";
  stopClears: "cleared" | "keptPending";
  rollModeV14: "deprecated" | "removed";
}

/** Every reading of the movement key (the tests of the writer's put-back run under each). */
export const MOVEMENT_KEYS: readonly Readings["movementKey"][] = ["movement", "_movement", "both", "none"];

export type ProfileName = "lenient" | "strict";

/** The profiles: every reading of every two-valued switch is in one of them (movementKey: see above). */
export const PROFILES: Record<ProfileName, Readings> = {
  lenient: {
    pause: "callback",
    moveInPreMove: "allowed",
    resumeBy: "mover",
    ownerWrites: "open",
    submitValidation: "fields",
    appRender: "options",
    costPerPart: "preview",
    movementKey: "movement",
    stopClears: "cleared",
    rollModeV14: "deprecated",
  },
  strict: {
    pause: "promise",
    moveInPreMove: "dropped",
    resumeBy: "moverOrGM",
    ownerWrites: "closed",
    submitValidation: "joint",
    appRender: "legacy",
    costPerPart: "eachPart",
    movementKey: "_movement",
    stopClears: "keptPending",
    rollModeV14: "removed",
  },
};

/** The profile this run uses (TEMPO_TABLE_PROFILE; "lenient" when unset). */
export function profileName(): ProfileName {
  const name = process.env["TEMPO_TABLE_PROFILE"];
  if (name === undefined || name === "") return "lenient";
  if (name === "lenient" || name === "strict") return name;
  throw new Error(`TEMPO_TABLE_PROFILE must be "lenient" or "strict", not "${name}"`);
}

/** The readings this run uses, with any switch a test sets itself. */
export function readingsWith(overrides: Partial<Readings> = {}): Readings {
  return { ...PROFILES[profileName()], ...overrides };
}
