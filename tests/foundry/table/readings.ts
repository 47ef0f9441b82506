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
}

export type ProfileName = "lenient" | "strict";

/** The profiles: every reading of every switch is in one of them. */
export const PROFILES: Record<ProfileName, Readings> = {
  lenient: {
    pause: "callback",
    moveInPreMove: "allowed",
    resumeBy: "mover",
    ownerWrites: "open",
    submitValidation: "fields",
    appRender: "options",
  },
  strict: {
    pause: "promise",
    moveInPreMove: "dropped",
    resumeBy: "moverOrGM",
    ownerWrites: "closed",
    submitValidation: "joint",
    appRender: "legacy",
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
