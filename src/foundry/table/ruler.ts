/**
 * The token ruler while dragging in a running Tempo combat: each waypoint's label shows what the
 * move costs in the engine's pools (previewMove), and the cells where the move provokes are
 * highlighted in red. A move the engine would refuse is marked too; preMoveToken says why.
 */
import { type Cell, type MovePreview, combatantIn } from "../../engine";
import { cellKey, sameCell } from "../../engine/grid";
import { rulerNotes } from "../../views/ruler";
import { costText } from "../../views/sheet";
import { foundryLocalizer } from "../localizer";
import { cellOfOffset } from "../store/setup";
import { labelCost, pathAfter, previewFor, previewSeenBy } from "../rules/paths";
import { gmOverrideHeld } from "./movement/hand";
import { modeOfAction } from "./movement/actions";
import { seesIn } from "./movement/drops";
import { cellAt, fightingIn } from "./scene";

const BaseRuler = foundry.canvas.placeables.tokens.TokenRuler;
type Waypoint = Parameters<InstanceType<typeof BaseRuler>["_getWaypointLabelContext"]>[0];
type LabelState = Parameters<InstanceType<typeof BaseRuler>["_getWaypointLabelContext"]>[1];
type Offset = Parameters<InstanceType<typeof BaseRuler>["_getGridHighlightStyle"]>[1];

/** Provoking cells are tinted this red (a ColorSource, as Foundry's grid highlight takes). */
export const PROVOKE_COLOR = 0xc0392b;

export class TempoTokenRuler extends BaseRuler {
  /** The last preview, by the path it was made for: a drag redraws many times over one path. */
  #cache: { key: string; preview: MovePreview | null } = { key: "", preview: null };

  /** The engine's preview of the path from the token's cell through `waypoint`. */
  #previewTo(waypoint: Waypoint): MovePreview | null {
    const token = this.token.document;
    const found = fightingIn(token);
    const who = found?.combatant.id;
    const at = who ? combatantIn(found.state, who)?.at : null;
    if (!found || !who || !at) return null;
    const chain: Waypoint[] = [];
    for (let w: Waypoint | null = waypoint; w; w = w.previous) chain.unshift(w);
    const cells = chain.map((w) => cellAt(token, w)).filter((c): c is Cell => c !== null);
    const path = pathAfter(at, cells);
    if (path.length === 0) return null;
    const mode = modeOfAction(waypoint.action);
    const key = `${found.state.seq}|${mode}|${path.map(cellKey).join(";")}`;
    if (this.#cache.key === key) return this.#cache.preview;
    const preview = previewSeenBy(previewFor(found.state, who, path, mode), (id) =>
      seesIn(found.combat, id, who),
    );
    this.#cache = { key, preview };
    return preview;
  }

  protected override _getWaypointLabelContext(waypoint: Waypoint, state: LabelState) {
    const context = super._getWaypointLabelContext(waypoint, state);
    if (!context) return context;
    // The GM override is held: the drop will place the token, not walk it (no AP, no reactions).
    if (fightingIn(this.token.document) && gmOverrideHeld()) {
      context.cost = labelCost(context.cost, foundryLocalizer().localize("TEMPO.Movement.Override"));
      context.cssClass = `${context.cssClass} tempo-ruler--override`;
      return context;
    }
    const preview = this.#previewTo(waypoint);
    if (!preview) return context;
    const cost = Object.entries(preview.cost).filter(([, amount]) => amount > 0);
    const i18n = foundryLocalizer();
    // What the move also uses (segments: the major action, and the declared action it gives up).
    const words = [
      ...(cost.length > 0 ? [costText(Object.fromEntries(cost), i18n)] : []),
      ...rulerNotes(preview, i18n),
    ];
    // Core may leave context.cost out of a waypoint's label: build it then, never write into nothing.
    if (words.length > 0) context.cost = labelCost(context.cost, words.join(" · "));
    if (preview.refusal) context.cssClass = `${context.cssClass} tempo-ruler--refused`;
    else if (preview.provocations.length > 0) context.cssClass = `${context.cssClass} tempo-ruler--provokes`;
    return context;
  }

  protected override _getGridHighlightStyle(waypoint: Waypoint, offset: Offset) {
    const style = super._getGridHighlightStyle(waypoint, offset);
    const grid = this.token.document.parent?.grid;
    if (!grid) return style;
    let last: Waypoint = waypoint;
    while (last.next) last = last.next;
    if (gmOverrideHeld()) return style;
    const preview = this.#previewTo(last);
    const cell = cellOfOffset(grid.type, { i: offset.i, j: offset.j });
    if (!preview || !cell) return style;
    if (preview.provocations.some((p) => sameCell(p.cell, cell))) return { ...style, color: PROVOKE_COLOR };
    return style;
  }
}
