/**
 * The battle map: an SVG hex (pointy-top, odd-r rows, axial cells) or square grid with a token per
 * combatant. Dragging a token, or moving it with the keyboard, plans a path the engine walks cell
 * by cell; the ruler shows the cost and the cells where the move provokes, and dropping it sends
 * one `move` command.
 *
 * A big map (the Crowd) pans and zooms inside its panel: the SVG sits in a scrolling view; Fit
 * (the default when the whole map is comfortably large) scales it to the panel, and +, −, Ctrl+wheel
 * and the keys + − 0 set a zoom the map keeps through re-renders. Dragging empty ground or the
 * arrow keys (with the view focused, not a token) pan. Pointer maths goes through the SVG's screen
 * matrix, so drags and the ruler work at any zoom and scroll.
 *
 * The acting token's beacon, the one thing on the page that moves while nobody acts, is not drawn
 * in the SVG (an animated SVG attribute repaints the whole map every frame, issue 45): it is an
 * element of its own over the map, placed in percentages of the map (the SVG's box always has the
 * viewBox's proportions), whose opacity the browser's compositor animates without painting.
 *
 * `update` touches only what changed: a token is redrawn when its combatant object (the engine
 * shares every untouched one), its selected / current / can-react flag, label or colour changed,
 * the threat layer when the selected combatant or its object changed, the ruler only while one is
 * planned or shown.
 */
import type { Cell, CombatantState, EncounterState, MovePreview, Refusal } from "../engine";
import {
  axialToOffset,
  cellKey,
  cubeRound,
  footprint,
  sameCell,
  threatenedCells,
  walkPath,
} from "../engine/grid";
import { reachOf } from "../engine/core/movement";
import type { SampleEncounter } from "./encounters";
import { mapCells } from "./bounds";
import { afterPaint } from "./dom";
import { combatantIn } from "../engine/record";

const SVG = "http://www.w3.org/2000/svg";
const HEX = 34;
const SQUARE = 56;
const SQRT3 = Math.sqrt(3);
/** Zoom bounds, in screen pixels per SVG unit, and the step of +, − and one notch of Ctrl+wheel. */
const ZOOM_MIN = 0.2;
const ZOOM_MAX = 3;
const ZOOM_STEP = 1.25;
/** Below this Fit would draw tokens too small to work with: a new map opens at this zoom instead. */
const ZOOM_COMFORT = 0.5;
/** How far the acting token's beacon stands outside its disc, in SVG units (the ring is at 5). */
const BEACON_GAP = 9;
/** How far one arrow key pans, in screen pixels (Shift: most of the view). */
const PAN_STEP = 60;

export interface RulerInfo {
  cells: Cell[];
  /** Localised text for the ruler label, e.g. "3 hexes · 1 AP". */
  label: string;
  provokes: Cell[];
  refusal: Refusal | null;
}

export interface MapCallbacks {
  select(id: string | null): void;
  /** Plan a path from the combatant's cell through the waypoints (cells after the start). */
  preview(id: string, waypoints: readonly Cell[]): (MovePreview & { label: string }) | null;
  move(id: string, waypoints: readonly Cell[]): void;
  /** Text for a token's accessible name. */
  describe(id: string): string;
  /** The token's short label, the same one the tracker's portrait shows. */
  label(id: string): string;
  /** The engine conditions the token shows, with rounds left (src/views/statuses.ts tokenConditions). */
  conditions(id: string): TokenCondition[];
  /** Text for the keyboard help. */
  localize(key: string): string;
  /** Whether the viewer sees the token (a combatant the GM keeps hidden is not drawn for a player). */
  shows?(id: string): boolean;
  /** A key that changes when the token's reaction badge reads differently (src/views/reacted.ts). */
  reactionKey?(id: string): string;
}

interface Drag {
  id: string;
  pointer: number;
  waypoints: Cell[];
  moved: boolean;
}

/** Panning by dragging empty ground: where the pointer and the scroll were when it went down. */
interface Pan {
  pointer: number;
  x: number;
  y: number;
  left: number;
  top: number;
}

/** What a token was last drawn from: it is drawn again only when one of these changed. */
interface Drawn {
  c: CombatantState;
  selected: boolean;
  current: boolean;
  reacting: boolean;
  /** Its reaction state's key: the badge changes with the segment or Phase, not only the combatant. */
  reaction: string;
  label: string;
  colour: string;
  /** What the token's elements were last given (the inputs drawn). */
  looks?: TokenLooks;
  /** Where the token was drawn: its centre and radius, in SVG units. */
  at?: [number, number, number];
}

/** A condition badge on a token: its id, its short text ("Prone 2") and its name. */
interface TokenCondition {
  id: string;
  short: string;
  label: string;
}

/** A token's written attributes: each is written again only when it reads differently. */
interface TokenLooks {
  transform: string;
  cell: string;
  side: string;
  /** In TOKEN_CLASSES' order: pc, current, selected, defeated, can react. */
  classes: readonly boolean[];
  aria: string;
  ring: string;
  radius: string;
  fill: string;
  text: string;
  fontSize: string;
  /** The condition badges, as one string (ids, short names, names). */
  badges: string;
}

const TOKEN_CLASSES = ["pg-pc", "pg-current", "pg-selected", "pg-defeated", "pg-can-react"] as const;

export class BattleMap {
  readonly svg: SVGSVGElement;
  /** The scrolling view the SVG sits in: it pans (scroll, drag, arrow keys) and is focusable. */
  readonly view: HTMLDivElement;
  /** What the view scrolls: the SVG and the acting token's beacon over it, the SVG's size. */
  private readonly stage: HTMLDivElement;
  /** The ring pulsing round the acting token (hidden when nobody acts on the map). */
  private readonly beacon: HTMLDivElement;
  /** Where the beacon was last placed, to write its style only when it moves. */
  private beaconAt = "";
  private readonly gridLayer: SVGGElement;
  private readonly threatLayer: SVGGElement;
  private readonly rulerLayer: SVGGElement;
  private readonly tokenLayer: SVGGElement;
  /** Above the tokens: provocation badges and the ruler's label, never hidden by a token. */
  private readonly markLayer: SVGGElement;
  private state: EncounterState | null = null;
  private encounter: SampleEncounter | null = null;
  private selected: string | null = null;
  private drag: Drag | null = null;
  /** Keyboard planning: waypoints for the selected token, cell by cell. */
  private keyPath: Cell[] | null = null;
  private cells: Cell[] = [];
  private cellSet = new Set<string>();
  /** The viewBox's width and height, in SVG units. */
  private viewSize: [number, number] = [0, 0];
  /** False for a ruleset without movement (rating): tokens only show where everyone stands. */
  private movement = true;
  /** Screen pixels per SVG unit, or null for Fit (the whole map scaled to the view). */
  private zoom: number | null = null;
  private pan: Pan | null = null;
  /** Each token's inputs when it was last drawn. */
  private drawnTokens = new Map<string, Drawn>();
  /** Each combatant's token element. */
  private readonly tokenEls = new Map<string, SVGGElement>();
  /** What the tokens were last drawn for: a partial draw looks again at who changed from it. */
  private tokensFor: {
    roster: readonly string[];
    selected: string | null;
    current: string | null;
    reacting: ReadonlySet<string>;
    colours: Map<string, string>;
  } | null = null;
  /** The threat layer's inputs when it was last drawn. */
  private threatOf: { id: string | null; c: CombatantState | null } = { id: null, c: null };
  /** Whether the ruler layers hold anything (a planned path, or one just dropped). */
  private rulerShown = false;
  /** Who was current at the last update, to bring a new current token into view. */
  private lastCurrent: string | null = null;

  constructor(
    host: HTMLElement,
    private readonly callbacks: MapCallbacks,
  ) {
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.classList.add("pg-map");
    this.svg.setAttribute("role", "application");
    this.svg.setAttribute("aria-roledescription", callbacks.localize("TEMPO.Playground.Map.Role"));
    this.gridLayer = this.layer("pg-grid");
    this.threatLayer = this.layer("pg-threat");
    this.rulerLayer = this.layer("pg-ruler");
    this.tokenLayer = this.layer("pg-tokens");
    this.markLayer = this.layer("pg-marks");
    this.view = document.createElement("div");
    this.view.classList.add("pg-map-view", "pg-fit");
    this.view.tabIndex = 0;
    this.view.setAttribute("role", "group");
    this.view.setAttribute("aria-label", callbacks.localize("TEMPO.Playground.Map.View"));
    this.beacon = document.createElement("div");
    this.beacon.classList.add("pg-beacon");
    this.beacon.setAttribute("aria-hidden", "true");
    this.beacon.hidden = true;
    this.stage = document.createElement("div");
    this.stage.classList.add("pg-map-stage");
    this.stage.append(this.svg, this.beacon);
    this.view.append(this.stage);
    host.append(this.view, this.zoomBar());
    this.svg.addEventListener("pointerdown", (e) => this.onGroundDown(e));
    this.svg.addEventListener("pointermove", (e) => this.onPointerMove(e));
    this.svg.addEventListener("pointerup", (e) => this.onPointerUp(e));
    this.svg.addEventListener("pointercancel", (e) => this.cancelDrag(e));
    this.svg.addEventListener("keydown", (e) => this.onKey(e));
    this.view.addEventListener("keydown", (e) => this.onViewKey(e));
    this.view.addEventListener("wheel", (e) => this.onWheel(e), { passive: false });
    // Fit's scale follows the view's size, read from the observer's own measure (no layout read).
    if (typeof ResizeObserver === "function")
      new ResizeObserver(([entry]) => {
        if (entry && this.zoom === null) this.setUnit(this.fitFrom(entry.contentRect));
      }).observe(this.view);
  }

  /** Fit's scale for a view of this size. */
  private fitFrom(box: { width: number; height: number }): number {
    const [w, h] = this.viewSize;
    if (w <= 0 || h <= 0 || box.width <= 0) return 0;
    return box.height > 0 ? Math.min(box.width / w, box.height / h) : box.width / w;
  }

  /**
   * Tell the SVG's CSS how many of its units make a screen pixel (--pg-px), so its text keeps at
   * least 11 px on screen however far the map is scaled down (styles/playground.css).
   */
  private setUnit(scale: number): void {
    if (scale > 0) this.svg.style.setProperty("--pg-px", (1 / scale).toFixed(4));
  }

  /** The +, − and Fit buttons, over the map's top right corner. */
  private zoomBar(): HTMLElement {
    const bar = document.createElement("div");
    bar.classList.add("pg-map-zoom");
    const button = (which: "in" | "out" | "fit", text: string, hint: string, act: () => void) => {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset["pgZoom"] = which;
      b.textContent = this.callbacks.localize(text);
      b.title = this.callbacks.localize(hint);
      b.setAttribute("aria-label", b.title);
      b.addEventListener("click", act);
      return b;
    };
    bar.append(
      button("in", "TEMPO.Playground.Map.Zoom.In", "TEMPO.Playground.Map.Zoom.InHint", () =>
        this.zoomBy(ZOOM_STEP),
      ),
      button("out", "TEMPO.Playground.Map.Zoom.Out", "TEMPO.Playground.Map.Zoom.OutHint", () =>
        this.zoomBy(1 / ZOOM_STEP),
      ),
      button("fit", "TEMPO.Playground.Map.Zoom.Fit", "TEMPO.Playground.Map.Zoom.FitHint", () =>
        this.setZoom(null),
      ),
    );
    return bar;
  }

  /** The scale Fit gives: the whole map in the view (0 before the page is laid out). */
  fitScale(): number {
    return this.fitFrom({ width: this.view.clientWidth, height: this.view.clientHeight });
  }

  /** Screen pixels per SVG unit as drawn now. */
  get scale(): number {
    return this.zoom ?? this.fitScale();
  }

  /** Whether the map is in Fit (scaled to its view) rather than at a zoom of its own. */
  get fitted(): boolean {
    return this.zoom === null;
  }

  private zoomBy(factor: number, anchor?: { x: number; y: number }): void {
    const from = this.scale;
    if (from > 0) this.setZoom(from * factor, anchor);
  }

  /**
   * Zoom to `scale` (null: Fit), keeping the map's point under `anchor` (screen coordinates; the
   * view's centre when absent) where it is. A zoom at or below Fit is Fit.
   */
  setZoom(scale: number | null, anchor?: { x: number; y: number }): void {
    const box = this.view.getBoundingClientRect();
    const at = anchor ?? { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    const before = this.toSvg(at.x, at.y);
    const fit = this.fitScale();
    const clamped = scale === null ? null : Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, scale));
    this.zoom = clamped === null || (fit > 0 && clamped <= fit * 1.001) ? null : clamped;
    this.applyZoom();
    if (this.zoom === null) this.setUnit(fit);
    if (this.zoom === null || !before) return;
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return;
    const point = this.svg.createSVGPoint();
    point.x = before[0];
    point.y = before[1];
    const after = point.matrixTransform(matrix);
    this.view.scrollLeft += after.x - at.x;
    this.view.scrollTop += after.y - at.y;
  }

  private applyZoom(): void {
    this.view.classList.toggle("pg-fit", this.zoom === null);
    const [w, h] = this.viewSize;
    this.stage.style.width = this.zoom === null ? "" : `${(w * this.zoom).toFixed(1)}px`;
    this.stage.style.height = this.zoom === null ? "" : `${(h * this.zoom).toFixed(1)}px`;
    if (this.zoom !== null) this.setUnit(this.zoom);
  }

  /** Bring a token into view (centred when it was out of it); nothing to do in Fit. */
  reveal(id: string): void {
    if (this.zoom === null) return;
    const token = this.tokenLayer.querySelector(`[data-id="${CSS.escape(id)}"]`);
    if (!token) return;
    const t = token.getBoundingClientRect();
    const v = this.view.getBoundingClientRect();
    const inside = t.left >= v.left && t.right <= v.right && t.top >= v.top && t.bottom <= v.bottom;
    if (inside || v.width === 0) return;
    this.view.scrollLeft += (t.left + t.right) / 2 - (v.left + v.right) / 2;
    this.view.scrollTop += (t.top + t.bottom) / 2 - (v.top + v.bottom) / 2;
  }

  /** Ctrl+wheel zooms about the pointer (a plain wheel scrolls the view, as the browser does). */
  private onWheel(e: WheelEvent): void {
    if (!e.ctrlKey) return;
    e.preventDefault();
    this.zoomBy(Math.exp(-e.deltaY * 0.002), { x: e.clientX, y: e.clientY });
  }

  /** Keys on the view itself (not a token): arrows pan, + and − zoom, 0 fits. */
  private onViewKey(e: KeyboardEvent): void {
    if (e.target !== this.view || e.ctrlKey || e.metaKey || e.altKey) return;
    const step = e.shiftKey ? Math.max(PAN_STEP, this.view.clientWidth * 0.8) : PAN_STEP;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const pan = pans[e.key];
    if (pan) {
      e.preventDefault();
      this.view.scrollLeft += pan[0];
      this.view.scrollTop += pan[1];
    } else if (e.key === "+" || e.key === "=") {
      e.preventDefault();
      this.zoomBy(ZOOM_STEP);
    } else if (e.key === "-") {
      e.preventDefault();
      this.zoomBy(1 / ZOOM_STEP);
    } else if (e.key === "0") {
      e.preventDefault();
      this.setZoom(null);
    }
  }

  /** A press on empty ground (not a token) starts a pan. */
  private onGroundDown(e: PointerEvent): void {
    if (e.button !== 0 || this.drag) return;
    if (e.target instanceof Element && e.target.closest(".pg-token")) return;
    e.preventDefault();
    this.view.focus({ preventScroll: true });
    this.pan = {
      pointer: e.pointerId,
      x: e.clientX,
      y: e.clientY,
      left: this.view.scrollLeft,
      top: this.view.scrollTop,
    };
    this.svg.setPointerCapture(e.pointerId);
    this.view.classList.add("pg-panning");
  }

  private endPan(e: PointerEvent): boolean {
    if (!this.pan || e.pointerId !== this.pan.pointer) return false;
    this.pan = null;
    this.view.classList.remove("pg-panning");
    if (this.svg.hasPointerCapture(e.pointerId)) this.svg.releasePointerCapture(e.pointerId);
    return true;
  }

  private layer(cls: string): SVGGElement {
    const g = document.createElementNS(SVG, "g");
    g.classList.add(cls);
    this.svg.append(g);
    return g;
  }

  get isHex(): boolean {
    return this.state?.grid.type === "hex";
  }

  /** Centre of a cell in SVG units. */
  centre(c: Cell): [number, number] {
    if (this.isHex) {
      const [q, r] = c;
      return [HEX * SQRT3 * (q + r / 2) + HEX * SQRT3 * 0.5 + 8, HEX * 1.5 * r + HEX + 8];
    }
    return [c[0] * SQUARE + SQUARE / 2 + 8, c[1] * SQUARE + SQUARE / 2 + 8];
  }

  /** The cell under an SVG point. */
  cellAt(x: number, y: number): Cell {
    if (this.isHex) {
      const px = x - 8 - HEX * SQRT3 * 0.5;
      const py = y - 8 - HEX;
      const q = ((SQRT3 / 3) * px - py / 3) / HEX;
      const r = ((2 / 3) * py) / HEX;
      return cubeRound(q, r);
    }
    return [Math.floor((x - 8) / SQUARE), Math.floor((y - 8) / SQUARE)];
  }

  private cellPolygon(c: Cell): SVGElement {
    const [cx, cy] = this.centre(c);
    if (this.isHex) {
      const pts: string[] = [];
      for (let k = 0; k < 6; k++) {
        const angle = (Math.PI / 180) * (60 * k - 30);
        pts.push(`${(cx + HEX * Math.cos(angle)).toFixed(2)},${(cy + HEX * Math.sin(angle)).toFixed(2)}`);
      }
      const poly = document.createElementNS(SVG, "polygon");
      poly.setAttribute("points", pts.join(" "));
      return poly;
    }
    const rect = document.createElementNS(SVG, "rect");
    rect.setAttribute("x", String(cx - SQUARE / 2));
    rect.setAttribute("y", String(cy - SQUARE / 2));
    rect.setAttribute("width", String(SQUARE));
    rect.setAttribute("height", String(SQUARE));
    return rect;
  }

  /** Draw the whole map for a new encounter; `movement` false offers no drag, ruler or threat. */
  load(encounter: SampleEncounter, state: EncounterState, movement = true): void {
    this.encounter = encounter;
    this.movement = movement;
    this.svg.classList.toggle("pg-static", !movement);
    this.state = state;
    this.selected = null;
    this.keyPath = null;
    this.lastCurrent = null;
    this.tokenLayer.replaceChildren();
    this.tokenEls.clear();
    this.drawnTokens.clear();
    this.tokensFor = null;
    this.threatOf = { id: null, c: null };
    this.rulerShown = true;
    const { cols, rows } = encounter.map;
    this.cells = mapCells(state.grid.type, cols, rows);
    this.cellSet = new Set(this.cells.map(cellKey));
    this.gridLayer.replaceChildren();
    for (const c of this.cells) {
      const poly = this.cellPolygon(c);
      poly.classList.add("pg-cell");
      poly.dataset["cell"] = cellKey(c);
      this.gridLayer.append(poly);
    }
    const width = state.grid.type === "hex" ? HEX * SQRT3 * (cols + 0.5) + 16 : SQUARE * cols + 16;
    const height = state.grid.type === "hex" ? HEX * (1.5 * rows + 0.5) + 16 : SQUARE * rows + 16;
    this.viewSize = [Math.round(width), Math.round(height)];
    this.svg.setAttribute("viewBox", `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`);
    this.stage.style.setProperty("--pg-map-ratio", (width / height).toFixed(4));
    // A new map opens in Fit, unless Fit would make its tokens too small to work with.
    this.zoom = null;
    this.applyZoom();
    const fit = this.fitScale();
    if (fit > 0 && fit < ZOOM_COMFORT) this.setZoom(ZOOM_COMFORT);
    else this.setUnit(fit);
    this.update(state, null);
  }

  /**
   * Show a new state: only tokens whose inputs changed are drawn again, the threat only when the
   * selected combatant changed, the ruler only while one is planned. A newly selected or newly
   * current token is brought into view. `changed`, when the owner knows it (stateChanges), names
   * the only combatants whose objects changed: the other tokens are not looked at, beyond the
   * selected, acting and reacting ones before and after.
   */
  update(state: EncounterState, selected: string | null, changed?: ReadonlySet<string>): void {
    this.state = state;
    const reselected = selected !== this.selected;
    if (reselected) this.keyPath = null;
    this.selected = selected;
    this.drawThreat();
    this.drawTokens(changed);
    if (this.drag || this.keyPath || this.rulerShown) this.drawRuler();
    if (state.current !== this.lastCurrent && state.current) this.revealSoon(state.current);
    else if (reselected && selected) this.revealSoon(selected);
    this.lastCurrent = state.current;
  }

  /** A token brought into view. */
  private revealing: string | null = null;

  /**
   * Bring a token into view once the next frame is drawn, not now: finding where it is measures
   * the page's layout, and in the middle of a command (the panels still writing), or in the
   * frame's animation callbacks, that makes the browser lay the page out inside the command. Once
   * the frame is drawn the layout is there to read (issue 31).
   */
  private revealSoon(id: string): void {
    if (this.zoom === null) return;
    const pending = this.revealing !== null;
    this.revealing = id;
    if (pending) return;
    afterPaint(() => {
      const next = this.revealing;
      this.revealing = null;
      if (next !== null) this.reveal(next);
    });
  }

  private drawThreat(): void {
    const state = this.state;
    const c = this.selected ? combatantIn(state, this.selected) : undefined;
    if (this.threatOf.id === this.selected && this.threatOf.c === (c ?? null)) return;
    this.threatOf = { id: this.selected, c: c ?? null };
    this.threatLayer.replaceChildren();
    if (!this.movement || !state || !c?.at || c.defeated || state.grid.type === "none") return;
    for (const cell of threatenedCells(state.grid, { anchor: c.at, size: c.size, reach: reachOf(c) })) {
      if (!this.cellSet.has(cellKey(cell))) continue;
      const poly = this.cellPolygon(cell);
      poly.classList.add("pg-threat-cell");
      this.threatLayer.append(poly);
    }
  }

  private drawTokens(changed?: ReadonlySet<string>): void {
    const state = this.state;
    if (!state) return;
    const reacting = new Set(state.offers.map((o) => o.who));
    const before = this.tokensFor;
    const partial =
      changed !== undefined &&
      before !== null &&
      before.roster === state.roster &&
      [...changed].every((id) => this.drawnTokens.get(id)?.c.side === combatantIn(state, id)?.side);
    // The same roster and sides: only the changed combatants, and whoever was or is now selected,
    // acting or reacting, can look different.
    const ids: Iterable<string> = partial
      ? new Set([
          ...changed,
          ...[before.selected, this.selected, before.current, state.current].filter(
            (id): id is string => id !== null,
          ),
          ...before.reacting,
          ...reacting,
        ])
      : state.roster;
    // The tokens drawn so far; after a whole pass, those left here belong to nobody now.
    const existing = partial ? null : new Map(this.tokenEls);
    const colours = partial ? before.colours : sideColours(state);
    this.tokensFor = {
      roster: state.roster,
      selected: this.selected,
      current: state.current,
      reacting,
      colours,
    };
    for (const id of ids) {
      const c = combatantIn(state, id);
      if (!c?.at || this.callbacks.shows?.(id) === false) continue;
      let g = this.tokenEls.get(id);
      existing?.delete(id);
      const inputs: Drawn = {
        c,
        selected: this.selected === id,
        current: state.current === id,
        reacting: reacting.has(id),
        reaction: this.callbacks.reactionKey?.(id) ?? "",
        label: this.callbacks.label(id),
        colour: colours.get(c.side) ?? FALLBACK_COLOUR,
      };
      const last = this.drawnTokens.get(id);
      if (g && last && sameInputs(last, inputs)) continue;
      const before = g ? (last?.looks ?? null) : null;
      if (!g) {
        g = this.makeToken(id);
        this.tokenLayer.append(g);
        this.tokenEls.set(id, g);
      }
      const cells = state.grid.type === "none" ? [c.at] : footprint(state.grid, c.at, c.size);
      const centres = cells.map((cell) => this.centre(cell));
      const x = centres.reduce((s, p) => s + p[0], 0) / centres.length;
      const y = centres.reduce((s, p) => s + p[1], 0) / centres.length;
      const base = (this.isHex ? HEX : SQUARE / 2) * 0.78;
      const radius =
        cells.length > 1 ? base * 1.55 : c.size === "small" || c.size === "tiny" ? base * 0.8 : base;
      const text = inputs.label;
      const conditions = this.callbacks.conditions(id);
      const looks: TokenLooks = {
        transform: `translate(${x.toFixed(2)},${y.toFixed(2)})`,
        cell: cellKey(c.at),
        side: c.side,
        classes: [c.pc, inputs.current, inputs.selected, c.defeated, inputs.reacting],
        aria: this.callbacks.describe(id),
        ring: (radius + 5).toFixed(1),
        radius: radius.toFixed(1),
        fill: inputs.colour,
        text,
        fontSize: (radius * (text.length > 2 ? 0.5 : 0.62)).toFixed(1),
        badges: conditions.map((k) => `${k.id}\u0000${k.short}\u0000${k.label}`).join("\u0001"),
      };
      // Only what reads differently is written: a command that changes every combatant (the start,
      // a new round) changes few tokens' looks, and each write costs the page a style check.
      this.drawLooks(g, before, looks, radius, conditions);
      this.drawnTokens.set(id, { ...inputs, looks, at: [x, y, radius] });
    }
    if (existing)
      for (const [id, stale] of existing) {
        stale.remove();
        this.tokenEls.delete(id);
        this.drawnTokens.delete(id);
      }
    this.placeBeacon(state.current ? this.drawnTokens.get(state.current) : undefined);
  }

  /**
   * Put the beacon round the acting token as last drawn (hide it when nobody acts on the map), in
   * percentages of the map, so Fit, zoom and a resized panel need no measuring. Written only when
   * it moves: a command that leaves the acting token where it was changes nothing here.
   */
  private placeBeacon(token: Drawn | undefined): void {
    const [w, h] = this.viewSize;
    const at = token?.at && token.current && w > 0 && h > 0 ? token.at : null;
    const key = at ? at.map((v) => v.toFixed(1)).join(",") + `/${w}x${h}` : "";
    if (key === this.beaconAt) return;
    this.beaconAt = key;
    this.beacon.hidden = at === null;
    if (!at) return;
    const [x, y, radius] = at;
    const percent = (v: number, of: number) => `${((v / of) * 100).toFixed(3)}%`;
    this.beacon.style.left = percent(x, w);
    this.beacon.style.top = percent(y, h);
    this.beacon.style.width = percent(2 * (radius + BEACON_GAP), w);
  }

  /** Write a token's looks, each attribute only when it differs from what `before` wrote. */
  private drawLooks(
    g: SVGGElement,
    before: TokenLooks | null,
    looks: TokenLooks,
    radius: number,
    conditions: readonly TokenCondition[],
  ): void {
    const [ring, disc, label, badges] = Array.from(g.children) as [
      SVGCircleElement,
      SVGCircleElement,
      SVGTextElement,
      SVGGElement,
    ];
    if (before?.transform !== looks.transform) g.setAttribute("transform", looks.transform);
    if (before?.cell !== looks.cell) g.dataset["cell"] = looks.cell;
    if (before?.side !== looks.side) g.dataset["side"] = looks.side;
    TOKEN_CLASSES.forEach((name, i) => {
      const on = looks.classes[i] ?? false;
      if (before?.classes[i] !== on) g.classList.toggle(name, on);
    });
    if (before?.aria !== looks.aria) g.setAttribute("aria-label", looks.aria);
    const pressed = String(looks.classes[2] ?? false);
    if (before?.classes[2] !== looks.classes[2]) g.setAttribute("aria-pressed", pressed);
    if (before?.ring !== looks.ring) ring.setAttribute("r", looks.ring);
    if (before?.radius !== looks.radius) disc.setAttribute("r", looks.radius);
    if (before?.fill !== looks.fill) disc.setAttribute("fill", looks.fill);
    if (before?.text !== looks.text) label.textContent = looks.text;
    if (before?.fontSize !== looks.fontSize) label.style.setProperty("--pg-fs", looks.fontSize);
    if (before?.badges !== looks.badges || before.radius !== looks.radius)
      this.drawConditions(badges, conditions, radius);
  }

  /**
   * The token's engine conditions, one badge each down its right side ("Prone 2"), as Foundry
   * shows a token's statuses beside it: the same conditions the tracker lists with rounds left.
   */
  private drawConditions(layer: SVGGElement, conditions: readonly TokenCondition[], radius: number): void {
    layer.replaceChildren();
    const size = Math.max(9, radius * 0.42);
    conditions.forEach((k, i) => {
      const badge = document.createElementNS(SVG, "text");
      badge.classList.add("pg-token-status");
      badge.dataset["condition"] = k.id;
      badge.setAttribute("x", (radius * 0.75).toFixed(1));
      badge.setAttribute("y", (-radius * 0.6 + i * size * 1.25).toFixed(1));
      badge.style.setProperty("--pg-fs", size.toFixed(1));
      badge.textContent = k.short;
      const title = document.createElementNS(SVG, "title");
      title.textContent = k.label;
      badge.append(title);
      layer.append(badge);
    });
  }

  private makeToken(id: string): SVGGElement {
    const g = document.createElementNS(SVG, "g");
    g.classList.add("pg-token");
    g.dataset["id"] = id;
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    const ring = document.createElementNS(SVG, "circle");
    ring.classList.add("pg-token-ring");
    const disc = document.createElementNS(SVG, "circle");
    disc.classList.add("pg-token-disc");
    const label = document.createElementNS(SVG, "text");
    label.classList.add("pg-token-label");
    label.setAttribute("text-anchor", "middle");
    label.setAttribute("dominant-baseline", "central");
    const badges = document.createElementNS(SVG, "g");
    badges.classList.add("pg-token-statuses");
    g.append(ring, disc, label, badges);
    // Focus alone selects nothing (tabbing past the tokens must leave the sheet on whoever acts):
    // Enter or Space selects, or a movement key, which plans a path for the focused token.
    g.addEventListener("pointerdown", (e) => this.onPointerDown(e, id));
    // A token reached with Tab comes into view, wherever the map is scrolled.
    g.addEventListener("focus", () => this.reveal(id));
    return g;
  }

  private drawRuler(): void {
    this.rulerLayer.replaceChildren();
    this.markLayer.replaceChildren();
    this.rulerShown = false;
    const id = this.drag?.id ?? (this.keyPath ? this.selected : null);
    const waypoints = this.drag?.waypoints ?? this.keyPath;
    if (!id || !waypoints || waypoints.length === 0) {
      this.svg.removeAttribute("aria-describedby");
      return;
    }
    this.rulerShown = true;
    const info = this.callbacks.preview(id, waypoints);
    const state = this.state;
    const mover = combatantIn(state, id);
    if (!info || !state || !mover?.at) return;
    const cells = info.cells.length > 0 ? info.cells : walkPath(state.grid, mover.at, waypoints);
    for (const cell of cells.slice(1)) {
      const poly = this.cellPolygon(cell);
      poly.classList.add("pg-path-cell");
      this.rulerLayer.append(poly);
    }
    const line = document.createElementNS(SVG, "polyline");
    line.classList.add("pg-path-line");
    if (info.refusal) line.classList.add("pg-path-refused");
    line.setAttribute("points", cells.map((c) => this.centre(c).join(",")).join(" "));
    this.rulerLayer.append(line);
    const badge = (this.isHex ? HEX : SQUARE / 2) * 0.62;
    for (const p of info.provocations) {
      const [cx, cy] = this.centre(p.cell);
      const [x, y] = [cx + badge, cy - badge];
      const mark = document.createElementNS(SVG, "g");
      mark.classList.add("pg-provoke");
      mark.dataset["cell"] = cellKey(p.cell);
      const circle = document.createElementNS(SVG, "circle");
      circle.setAttribute("cx", String(x));
      circle.setAttribute("cy", String(y));
      circle.setAttribute("r", "11");
      const bang = document.createElementNS(SVG, "text");
      bang.setAttribute("x", String(x));
      bang.setAttribute("y", String(y));
      bang.setAttribute("text-anchor", "middle");
      bang.setAttribute("dominant-baseline", "central");
      bang.textContent = "!";
      const title = document.createElementNS(SVG, "title");
      title.textContent = p.by.map((who) => combatantIn(state, who)?.name ?? who).join(", ");
      mark.append(circle, bang, title);
      this.markLayer.append(mark);
    }
    const end = cells[cells.length - 1];
    if (end) {
      const [x, y] = this.centre(end);
      // A ghost of the token where it would stand.
      const ghost = document.createElementNS(SVG, "circle");
      ghost.classList.add("pg-ghost");
      if (info.refusal) ghost.classList.add("pg-path-refused");
      ghost.setAttribute("cx", String(x));
      ghost.setAttribute("cy", String(y));
      ghost.setAttribute("r", String((this.isHex ? HEX : SQUARE / 2) * 0.7));
      this.rulerLayer.append(ghost);
      const label = document.createElementNS(SVG, "text");
      label.classList.add("pg-ruler-label");
      if (info.refusal) label.classList.add("pg-path-refused");
      label.setAttribute("x", String(x));
      label.setAttribute("y", String(y + (this.isHex ? HEX : SQUARE / 2) + 18));
      label.setAttribute("text-anchor", "middle");
      label.textContent = info.label;
      const plate = document.createElementNS(SVG, "rect");
      plate.classList.add("pg-ruler-plate");
      this.markLayer.append(plate, label);
      // The label stays inside the map: moved in from a side edge, and above the cell at the bottom.
      let box = label.getBBox();
      const [width, height] = this.viewSize;
      const margin = 8;
      let dx = 0;
      if (box.x - 7 < margin) dx = margin - (box.x - 7);
      else if (box.x + box.width + 7 > width - margin) dx = width - margin - (box.x + box.width + 7);
      let ly = y + (this.isHex ? HEX : SQUARE / 2) + 18;
      if (box.y + box.height + 3 > height - margin) ly = y - (this.isHex ? HEX : SQUARE / 2) - 10;
      if (dx !== 0 || ly !== y + (this.isHex ? HEX : SQUARE / 2) + 18) {
        label.setAttribute("x", String(x + dx));
        label.setAttribute("y", String(ly));
        box = label.getBBox();
      }
      // The plate fits the text once it is laid out.
      plate.setAttribute("x", String(box.x - 7));
      plate.setAttribute("y", String(box.y - 3));
      plate.setAttribute("width", String(box.width + 14));
      plate.setAttribute("height", String(box.height + 6));
      plate.setAttribute("rx", "6");
    }
    const live = document.getElementById("pg-ruler-live");
    if (live) live.textContent = info.label;
  }

  /** The SVG point under a screen point, whatever the zoom and scroll (null before layout). */
  toSvg(clientX: number, clientY: number): [number, number] | null {
    const point = this.svg.createSVGPoint();
    point.x = clientX;
    point.y = clientY;
    const matrix = this.svg.getScreenCTM();
    if (!matrix) return null;
    const p = point.matrixTransform(matrix.inverse());
    return [p.x, p.y];
  }

  private svgPoint(e: PointerEvent): [number, number] {
    return this.toSvg(e.clientX, e.clientY) ?? [0, 0];
  }

  private onPointerDown(e: PointerEvent, id: string): void {
    if (e.button !== 0) return;
    if (!this.movement) {
      // Nothing to drag: a press only picks the token (its sheet comes up).
      if (this.selected !== id) this.callbacks.select(id);
      return;
    }
    e.preventDefault();
    this.svg.setPointerCapture(e.pointerId);
    this.keyPath = null;
    this.drag = { id, pointer: e.pointerId, waypoints: [], moved: false };
    if (this.selected !== id) this.callbacks.select(id);
  }

  private onPointerMove(e: PointerEvent): void {
    const pan = this.pan;
    if (pan && e.pointerId === pan.pointer) {
      this.view.scrollLeft = pan.left - (e.clientX - pan.x);
      this.view.scrollTop = pan.top - (e.clientY - pan.y);
      return;
    }
    const drag = this.drag;
    const state = this.state;
    if (!drag || e.pointerId !== drag.pointer || !state) return;
    const mover = combatantIn(state, drag.id);
    if (!mover?.at) return;
    const [x, y] = this.svgPoint(e);
    const cell = this.cellAt(x, y);
    if (!this.cellSet.has(cellKey(cell))) return;
    const last = drag.waypoints[drag.waypoints.length - 1] ?? mover.at;
    if (sameCell(last, cell)) return;
    // A drag plans a straight line to the cell under the pointer; holding Shift keeps the cell
    // reached so far as a waypoint, so a path can bend around a threatened hex.
    if (e.shiftKey && drag.waypoints.length > 0) drag.waypoints.push(cell);
    else drag.waypoints.splice(Math.max(0, drag.waypoints.length - 1), 1, cell);
    drag.moved = true;
    this.drawRuler();
  }

  private onPointerUp(e: PointerEvent): void {
    if (this.endPan(e)) return;
    const drag = this.drag;
    if (!drag || e.pointerId !== drag.pointer) return;
    this.drag = null;
    if (this.svg.hasPointerCapture(e.pointerId)) this.svg.releasePointerCapture(e.pointerId);
    const mover = combatantIn(this.state, drag.id);
    const last = drag.waypoints[drag.waypoints.length - 1];
    this.drawRuler();
    if (drag.moved && mover?.at && last && !sameCell(last, mover.at))
      this.callbacks.move(drag.id, drag.waypoints);
  }

  private cancelDrag(e: PointerEvent): void {
    if (this.endPan(e)) return;
    this.drag = null;
    this.drawRuler();
  }

  /**
   * Keyboard: Tab to a token, Enter or Space selects it; arrows (or Q W E A S D Z X C) plan a path
   * for the focused token (selecting it), Enter moves, Escape cancels.
   */
  private onKey(e: KeyboardEvent): void {
    const state = this.state;
    // Ctrl+Z and the like are the page's (undo), not a step to the south-west.
    if (!state || e.ctrlKey || e.metaKey || e.altKey) return;
    const focused =
      e.target instanceof SVGGElement && e.target.classList.contains("pg-token")
        ? (e.target.dataset["id"] ?? null)
        : null;
    if (e.key === "Escape") {
      if (!this.keyPath) return;
      this.keyPath = null;
      this.drawRuler();
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      if (
        this.keyPath &&
        this.keyPath.length > 0 &&
        this.selected &&
        (!focused || focused === this.selected)
      ) {
        e.preventDefault();
        const path = this.keyPath;
        this.keyPath = null;
        this.callbacks.move(this.selected, path);
        return;
      }
      if (focused) {
        e.preventDefault();
        if (focused !== this.selected) this.callbacks.select(focused);
      }
      return;
    }
    const step = this.movement ? this.keyStep(e) : null;
    // A movement key on a token that is not selected picks it first: the path is the focused one's.
    if (step && focused && focused !== this.selected) this.callbacks.select(focused);
    const id = this.selected;
    if (!id) return;
    const mover = combatantIn(this.state, id);
    if (!mover?.at) return;
    if (e.key === "Backspace" && this.keyPath) {
      e.preventDefault();
      this.keyPath.pop();
      this.drawRuler();
      return;
    }
    if (!step) return;
    e.preventDefault();
    const path = this.keyPath ?? [];
    const from = path[path.length - 1] ?? mover.at;
    const to: Cell = [from[0] + step[0], from[1] + step[1]];
    if (!this.cellSet.has(cellKey(to))) return;
    if (path.length >= 2 && sameCell(path[path.length - 2] as Cell, to)) path.pop();
    else if (path.length === 0 || !sameCell(to, mover.at)) path.push(to);
    else path.length = 0;
    this.keyPath = path;
    this.drawRuler();
  }

  private keyStep(e: KeyboardEvent): Cell | null {
    const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (this.isHex) {
      // Pointy-top axial directions: E, W, NW, NE, SW, SE.
      const hex: Record<string, Cell> = {
        ArrowRight: [1, 0],
        d: [1, 0],
        ArrowLeft: [-1, 0],
        a: [-1, 0],
        q: [0, -1],
        e: [1, -1],
        z: [-1, 1],
        c: [0, 1],
        ArrowUp: e.shiftKey ? [1, -1] : [0, -1],
        w: [0, -1],
        ArrowDown: e.shiftKey ? [-1, 1] : [0, 1],
        x: [0, 1],
      };
      return hex[key] ?? null;
    }
    const square: Record<string, Cell> = {
      ArrowRight: [1, 0],
      d: [1, 0],
      ArrowLeft: [-1, 0],
      a: [-1, 0],
      ArrowUp: [0, -1],
      w: [0, -1],
      ArrowDown: [0, 1],
      x: [0, 1],
      s: [0, 1],
      q: [-1, -1],
      e: [1, -1],
      z: [-1, 1],
      c: [1, 1],
    };
    return square[key] ?? null;
  }

  /** The offset column/row of a cell, for tests and tooltips. */
  offsetOf(c: Cell): { col: number; row: number } {
    if (this.isHex) {
      const o = axialToOffset("HEXODDR", c);
      return { col: o.j, row: o.i };
    }
    return { col: c[0], row: c[1] };
  }

  get currentEncounter(): SampleEncounter | null {
    return this.encounter;
  }
}

const PALETTE = ["#3b6fb6", "#b8463a", "#4f8a4b", "#8a5aa8", "#c0892d", "#3a8f94"];
const FALLBACK_COLOUR = "#777";

/** A colour per side, stable for the encounter: sides in roster order. */
function sideColours(state: EncounterState): Map<string, string> {
  const colours = new Map<string, string>();
  for (const id of state.roster) {
    const side = combatantIn(state, id)?.side;
    if (side !== undefined && !colours.has(side))
      colours.set(side, PALETTE[colours.size % PALETTE.length] ?? FALLBACK_COLOUR);
  }
  return colours;
}

function sameInputs(a: Drawn, b: Drawn): boolean {
  return (
    a.c === b.c &&
    a.selected === b.selected &&
    a.current === b.current &&
    a.reacting === b.reacting &&
    a.reaction === b.reaction &&
    a.label === b.label &&
    a.colour === b.colour
  );
}
