/**
 * What the map asks before a drop: the ruler's words (distance, cost, what the move provokes, or
 * why the engine would refuse it), the map's own edge, and a token's description. Pure reads of
 * the state: the owner hands them to the map.
 */
import {
  check,
  combatantIn,
  getRuleset,
  type Cell,
  type EncounterState,
  type MoveMode,
  type Refusal,
} from "../engine";
import { planPath, spatialIndexOf } from "../engine/core/movement";
import { cellKey, footprint } from "../engine/grid";
import { refusalText } from "../views/sheet";
import { rulerNotes } from "../views/ruler";
import type { Sight } from "../views/sight";
import type { Localization } from "./i18n";

/**
 * The map's own edge, as Foundry keeps a token on its scene: a move whose last cell would leave
 * part of the token's space off the drawn map. The engine refuses a space outside the grid's
 * bounds (FootprintOutsideScene); on a hex map the bounds are the box around the drawn rows, so
 * the map checks its staggered edge itself, with the engine's words.
 */
export function offMap(
  state: EncounterState,
  drawn: ReadonlySet<string>,
  id: string,
  waypoints: readonly Cell[],
): Refusal | null {
  const c = combatantIn(state, id);
  const end = waypoints[waypoints.length - 1];
  if (!c || !end || state.grid.type === "none") return null;
  return footprint(state.grid, end, c.size).every((cell) => drawn.has(cellKey(cell)))
    ? null
    : { key: "TEMPO.Refusal.FootprintOutsideScene", data: { who: c.name, at: [end[0], end[1]] } };
}

/** The ruler: the ruleset's own preview when it has one, else the core's path plan. */
export function movePreview(
  state: EncounterState,
  loc: Localization,
  mode: MoveMode,
  id: string,
  waypoints: readonly Cell[],
  sight?: Sight,
) {
  const ruleset = getRuleset(state.ruleset);
  const steps = (cells: readonly Cell[]) => Math.max(0, cells.length - 1);
  const distance = (count: number) =>
    state.grid.type === "hex"
      ? loc.format(count === 1 ? "TEMPO.Playground.Ruler.Hex" : "TEMPO.Playground.Ruler.Hexes", { count })
      : loc.format(count === 1 ? "TEMPO.Playground.Ruler.Square" : "TEMPO.Playground.Ruler.Squares", {
          count,
        });
  try {
    if (ruleset.previewMove) {
      // A provoking cell of a foe the viewer does not see is neither drawn nor counted (issue 44).
      const asked = ruleset.previewMove(state, id, waypoints, mode);
      const p = sight ? sight.preview(asked) : asked;
      const parts = [distance(steps(p.cells))];
      for (const [pool, amount] of Object.entries(p.cost)) {
        if (amount > 0)
          parts.push(
            loc.format("TEMPO.Playground.Ruler.Cost", {
              amount,
              pool: loc.localize(`TEMPO.Pool.${pool}.Abbr`),
            }),
          );
      }
      if (p.provocations.length > 0)
        parts.push(loc.format("TEMPO.Playground.Ruler.Provokes", { count: p.provocations.length }));
      // What the move gives up (segments: a move that takes the major action forgoes the declared
      // Attack), said before the drop as Foundry's ruler says it.
      parts.push(...rulerNotes(p, loc));
      const label = p.refusal ? refusalText(p.refusal, loc) : parts.join(" · ");
      return { ...p, label };
    }
    const plan = planPath(state, id, waypoints, spatialIndexOf(state));
    const planned = plan.provocations.map((p) => ({
      cell: p.from,
      step: p.step,
      by: [...p.threateners],
    }));
    const provocations = sight
      ? sight.preview({ cells: plan.cells, cost: {}, provocations: planned, refusal: null }).provocations
      : planned;
    // Without a ruleset preview, ask the engine whether it would take this move at all (a
    // ruleset with no movement refuses every move; legality is settled before any die).
    const asked = check(state, {
      type: "move",
      who: id,
      path: waypoints.map((c) => [c[0], c[1]] as Cell),
      mode,
    });
    const refusal = plan.legality.ok ? asked : { key: `TEMPO.Refusal.Move${plan.legality.reason}`, data: {} };
    const parts = [distance(steps(plan.cells))];
    if (provocations.length > 0)
      parts.push(loc.format("TEMPO.Playground.Ruler.Provokes", { count: provocations.length }));
    return {
      cells: plan.cells,
      cost: {},
      provocations,
      refusal,
      label: refusal ? refusalText(refusal, loc) : parts.join(" · "),
    };
  } catch {
    return null;
  }
}

/** A token's words for screen readers and its tooltip: name, side and pools. */
export function describeToken(state: EncounterState, loc: Localization, id: string): string {
  const c = combatantIn(state, id);
  if (!c) return id;
  const pools = Object.entries(c.pools)
    .map(([pool, value]) => `${loc.localize(`TEMPO.Pool.${pool}.Abbr`)} ${value}`)
    .join(", ");
  return loc.format("TEMPO.Playground.Map.Token", { name: c.name, side: c.side, pools });
}
