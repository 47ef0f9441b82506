/**
 * Settings changes that reach running combats through the writer: marching's frantic switch.
 * settings.ts registers the setting and is passed this reaction (src/tempo.ts), so settings.ts
 * never imports the channel.
 */
import { encounterOptions, readSettings } from "../settings";
import { isTempoCombat } from "../store/stored";
import { submit } from "./commands";
import { isWriter } from "./writer";

/**
 * marching: "If the table is moving too slowly, the GM may switch to frantic combat." The switch
 * applies to running marching combats at once, as the engine's logged setOption command; other
 * settings wait for the next combat.
 */
export function applyFrantic(value: boolean): void {
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
