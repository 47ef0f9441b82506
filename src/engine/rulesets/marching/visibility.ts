/**
 * marching.txt "Torchlight can be seen in darkness from 1320 feet away, about a quarter mile, if
 * it is in a straight line and there are no other light sources at the viewer's location."
 * A host uses this to decide whether a side carrying torches is `unseen` when combat starts.
 */
export const TORCHLIGHT_FEET = 1320;

export interface TorchlightView {
  /** How far the viewer is from the torch, in feet. */
  feet: number;
  /** Whether the line from the viewer to the torch is straight and unobstructed. */
  straightLine: boolean;
  /** Whether the viewer stands among other light sources. */
  lightAtViewer: boolean;
}

export function seesTorchlight(view: TorchlightView): boolean {
  return view.feet <= TORCHLIGHT_FEET && view.straightLine && !view.lightAtViewer;
}
