/**
 * What the ruler says about a move beyond its length and cost, while the token is dragged and
 * before it is dropped: segments' first move of a round is the mover's major action ("movement is
 * otherwise normally a major action"), so the ruler says it, and names the declared action the
 * move gives up (a declared Attack cannot be taken after it). Pure: the engine's preview in, words
 * out; the playground's ruler and Foundry's token ruler add them to their labels.
 */
import type { MovePreview } from "../engine";
import type { Localizer } from "./sheet";

export function rulerNotes(preview: MovePreview, i18n: Localizer): string[] {
  const major = preview.majorAction;
  if (preview.refusal !== null || major === undefined) return [];
  if (major.forgoes === null) return [i18n.localize("TEMPO.Ruler.MajorAction")];
  return [
    i18n.format("TEMPO.Ruler.MajorActionForgoes", {
      action: i18n.localize(`TEMPO.Action.${major.forgoes}`),
    }),
  ];
}
