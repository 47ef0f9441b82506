/**
 * The playground page: Tempo's engine on an in-memory store, with a battle map, the system's
 * tracker, sheet, reaction prompt and chat cards, outside Foundry. Every control sends a command
 * to the same `apply` Foundry's adapter uses; refusals come back as localised toasts.
 */
import { RULESETS } from "../engine/rulesets";
import {
  RULESET_IDS,
  SetupError,
  check,
  getRuleset,
  type Command,
  type MoveMode,
  type RulesetId,
  type Refusal,
  combatantIn,
} from "../engine";
import { planPath, spatialIndexOf } from "../engine/core/movement";
import type { Cell } from "../engine";
import { BattleMap } from "./map";
import {
  CROWD_MAX,
  CROWD_MIN,
  crowdCount,
  crowdEncounter,
  ENCOUNTERS,
  findEncounter,
  type SampleEncounter,
} from "./encounters";
import { loadLocalization, type Localization } from "./i18n";
import { TemplateStore } from "./handlebars";
import { Session, SessionFileError, parseSessionFile, type LogLine } from "./session";
import { h } from "./dom";
import { Panels } from "./panels";
import { tokenLabels } from "./labels";
import { boundedSetup, mapCells } from "./bounds";
import { cellKey, footprint } from "../engine/grid";
import { restoreSession, saveSession } from "./storage";
import { tokenConditions } from "../views/statuses";
import { rulerNotes } from "../views/ruler";

/** The reaction prompt's countdown; `?prompt=N` shortens or lengthens it (the browser tests use 2). */
export const PROMPT_SECONDS = promptSeconds();

function promptSeconds(): number {
  const asked = Number(new URLSearchParams(globalThis.location?.search ?? "").get("prompt"));
  return Number.isInteger(asked) && asked > 0 ? asked : 15;
}

export class Playground {
  session!: Session;
  encounter!: SampleEncounter;
  selected: string | null = null;
  moveMode: MoveMode = "normal";
  private lastCurrent: string | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Token labels, the same on the map and in the tracker, unique on the map. */
  labels = new Map<string, string>();
  readonly map: BattleMap;
  readonly panels: Panels;

  constructor(
    readonly loc: Localization,
    readonly templates: TemplateStore,
    private readonly root: HTMLElement,
  ) {
    const mapHost = root.querySelector<HTMLElement>("[data-pg=map]");
    if (!mapHost) throw new Error("playground: no map host");
    this.map = new BattleMap(mapHost, {
      select: (id) => this.select(id),
      preview: (id, waypoints) => this.preview(id, waypoints),
      move: (id, waypoints) => {
        const off = this.offMap(id, waypoints);
        if (off) {
          this.panels.toast(this.panels.refusalText(off), "refusal");
          this.render();
          return;
        }
        this.send({
          type: "move",
          who: id,
          path: waypoints.map((c) => [c[0], c[1]] as Cell),
          mode: this.moveMode,
        });
      },
      describe: (id) => this.describe(id),
      label: (id) => this.labels.get(id) ?? id,
      conditions: (id) => tokenConditions(this.session.state, id, this.loc),
      localize: (key) => this.loc.localize(key),
    });
    this.panels = new Panels(this, root);
  }

  /** The rulesets the engine has registered, in the design's order. */
  static registered(): RulesetId[] {
    return RULESET_IDS.filter((id) => RULESETS[id] !== undefined);
  }

  /** Start a sample encounter with a seed. */
  load(encounter: SampleEncounter, seed: number): void {
    this.useSession(encounter, new Session(encounter.id, boundedSetup(encounter.setup, encounter.map), seed));
  }

  useSession(encounter: SampleEncounter, session: Session): void {
    this.unsubscribe?.();
    this.encounter = encounter;
    this.session = session;
    this.selected = null;
    this.lastCurrent = null;
    this.moveMode = "normal";
    // Every command is kept in the browser's storage as it happens: a reload brings the fight back.
    this.unsubscribe = session.subscribe(() => {
      saveSession(session);
      this.render();
    });
    this.labels = this.labelsFor();
    this.map.load(encounter, session.state, this.hasMovement);
    this.panels.reset();
    saveSession(session);
    this.render();
  }

  /** Whether the ruleset gives moving a meaning (rating has no movement: no drag, no ruler). */
  get hasMovement(): boolean {
    return getRuleset(this.session.state.ruleset).moveModes.length > 0;
  }

  /** A fight is on: something was accepted after setting up and the combat has not ended. */
  get midFight(): boolean {
    return this.session.state.status === "active" && this.session.log.some((l) => l.refusal === null);
  }

  private labelsFor(): Map<string, string> {
    const state = this.session.state;
    return tokenLabels(state.roster.map((id) => ({ id, name: combatantIn(state, id)?.name ?? id })));
  }

  /** Send a command to the engine; a refusal shows as a toast. */
  send(command: Command, how: { timedOut?: boolean } = {}): boolean {
    let ok = false;
    try {
      const result = this.session.dispatch(command, how);
      ok = result.ok;
      if (!result.ok) this.panels.toast(this.panels.refusalText(result.refusal), "refusal");
    } catch (error) {
      this.panels.toast(
        this.loc.format("TEMPO.Playground.Toast.EngineError", { message: String(error) }),
        "error",
      );
      this.render();
    }
    return ok;
  }

  /**
   * Undo the last command, or go back a turn or a round, as the GM does in Foundry: the session
   * without the dropped commands, replayed from its seed, and a toast saying what was undone; a
   * refusal (reactions still being asked, a reaction taken, dice rolled, nothing to go back to)
   * says why and changes nothing.
   */
  goBack(kind: "undo" | "turn" | "round"): boolean {
    const session = this.session;
    const back = kind === "undo" ? session.undoLast() : session.goBack(kind);
    if (!back.ok) {
      this.panels.toast(this.panels.refusalText(back.refusal), "refusal");
      return false;
    }
    let next: Session;
    try {
      next = session.truncated(back.keep);
    } catch (error) {
      this.panels.toast(
        this.loc.format("TEMPO.Playground.Toast.EngineError", { message: String(error) }),
        "error",
      );
      return false;
    }
    this.useSession(this.encounter, next);
    this.panels.toast(this.undoneText(kind, back.undone, session), "info");
    return true;
  }

  /** What going back undid, in words: the command, or the turn or round now reached and how many commands went. */
  private undoneText(kind: "undo" | "turn" | "round", undone: readonly LogLine[], before: Session): string {
    const loc = this.loc;
    const state = this.session.state;
    const nameOf = (id: string | null | undefined) =>
      (id && (combatantIn(state, id)?.name ?? combatantIn(before.state, id)?.name)) || id || "";
    const count = loc.format(
      undone.length === 1 ? "TEMPO.Playground.Undo.CommandsOne" : "TEMPO.Playground.Undo.CommandsMany",
      { count: undone.length },
    );
    if (kind === "undo") {
      const command = undone[0]?.command;
      if (!command) return count;
      const action =
        command.type === "act" || command.type === "declare"
          ? loc.localize(`TEMPO.Action.${command.action}`)
          : loc.localize(`TEMPO.Command.${command.type}`);
      const who = "who" in command ? nameOf(command.who) : "";
      return who
        ? loc.format("TEMPO.Playground.Undo.Undone", { command: action, who, count })
        : loc.format("TEMPO.Playground.Undo.UndoneGm", { command: action, count });
    }
    const phases = state.ruleset === "phases";
    if (kind === "turn" && state.current)
      return loc.format("TEMPO.Playground.Undo.BackToTurn", {
        name: nameOf(state.current),
        round: state.round,
        count,
      });
    return loc.format(
      phases ? "TEMPO.Playground.Undo.BackToTurnOfPhases" : "TEMPO.Playground.Undo.BackToRound",
      {
        round: state.round,
        count,
      },
    );
  }

  /** The ruleset of the running encounter (the console and the browser tests read its costs). */
  get ruleset() {
    return getRuleset(this.session.state.ruleset);
  }

  select(id: string | null): void {
    if (this.selected === id) return;
    this.selected = id;
    this.render();
  }

  render(): void {
    const state = this.session.state;
    // Follow the turn: when it passes to someone new, their sheet comes up.
    if (state.current !== this.lastCurrent) {
      this.lastCurrent = state.current;
      if (state.current) this.selected = state.current;
    }
    if (this.selected && !combatantIn(state, this.selected)) this.selected = null;
    // Between turns (declarations, a stage with nobody acting) the first combatant's sheet shows.
    if (!this.selected) this.selected = state.roster[0] ?? null;
    if (state.roster.length !== this.labels.size) this.labels = this.labelsFor();
    this.map.update(state, this.selected);
    this.panels.render();
  }

  /**
   * The map's own edge, as Foundry keeps a token on its scene: a move whose last cell would leave
   * part of the token's space off the drawn map. The engine refuses a space outside the grid's
   * bounds (FootprintOutsideScene); on a hex map the bounds are the box around the drawn rows, so
   * the map checks its staggered edge itself, with the engine's words.
   */
  offMap(id: string, waypoints: readonly Cell[]): Refusal | null {
    const state = this.session.state;
    const c = combatantIn(state, id);
    const end = waypoints[waypoints.length - 1];
    if (!c || !end || state.grid.type === "none") return null;
    const drawn = this.drawnCells();
    return footprint(state.grid, end, c.size).every((cell) => drawn.has(cellKey(cell)))
      ? null
      : { key: "TEMPO.Refusal.FootprintOutsideScene", data: { who: c.name, at: [end[0], end[1]] } };
  }

  private drawn: { encounter: SampleEncounter; cells: Set<string> } | null = null;

  private drawnCells(): Set<string> {
    if (this.drawn?.encounter !== this.encounter) {
      const { cols, rows } = this.encounter.map;
      const cells = mapCells(this.session.state.grid.type, cols, rows);
      this.drawn = { encounter: this.encounter, cells: new Set(cells.map(cellKey)) };
    }
    return this.drawn.cells;
  }

  /** The ruler: the ruleset's own preview when it has one, else the core's path plan. */
  preview(id: string, waypoints: readonly Cell[]) {
    const result = this.enginePreview(id, waypoints);
    if (!result || result.refusal) return result;
    const off = this.offMap(id, waypoints);
    return off ? { ...result, refusal: off, label: this.panels.refusalText(off) } : result;
  }

  private enginePreview(id: string, waypoints: readonly Cell[]) {
    const state = this.session.state;
    const ruleset = getRuleset(state.ruleset);
    const steps = (cells: readonly Cell[]) => Math.max(0, cells.length - 1);
    const distance = (count: number) =>
      state.grid.type === "hex"
        ? this.loc.format(count === 1 ? "TEMPO.Playground.Ruler.Hex" : "TEMPO.Playground.Ruler.Hexes", {
            count,
          })
        : this.loc.format(count === 1 ? "TEMPO.Playground.Ruler.Square" : "TEMPO.Playground.Ruler.Squares", {
            count,
          });
    try {
      if (ruleset.previewMove) {
        const p = ruleset.previewMove(state, id, waypoints, this.moveMode);
        const parts = [distance(steps(p.cells))];
        for (const [pool, amount] of Object.entries(p.cost)) {
          if (amount > 0)
            parts.push(
              this.loc.format("TEMPO.Playground.Ruler.Cost", {
                amount,
                pool: this.loc.localize(`TEMPO.Pool.${pool}.Abbr`),
              }),
            );
        }
        if (p.provocations.length > 0)
          parts.push(this.loc.format("TEMPO.Playground.Ruler.Provokes", { count: p.provocations.length }));
        // What the move gives up (segments: a move that takes the major action forgoes the declared
        // Attack), said before the drop as Foundry's ruler says it.
        parts.push(...rulerNotes(p, this.loc));
        const label = p.refusal ? this.panels.refusalText(p.refusal) : parts.join(" · ");
        return { ...p, label };
      }
      const plan = planPath(state, id, waypoints, spatialIndexOf(state));
      const provocations = plan.provocations.map((p) => ({
        cell: p.from,
        step: p.step,
        by: [...p.threateners],
      }));
      // Without a ruleset preview, ask the engine whether it would take this move at all (a
      // ruleset with no movement refuses every move; legality is settled before any die).
      const asked = check(state, {
        type: "move",
        who: id,
        path: waypoints.map((c) => [c[0], c[1]] as Cell),
        mode: this.moveMode,
      });
      const refusal = plan.legality.ok
        ? asked
        : { key: `TEMPO.Refusal.Move${plan.legality.reason}`, data: {} };
      const parts = [distance(steps(plan.cells))];
      if (provocations.length > 0)
        parts.push(this.loc.format("TEMPO.Playground.Ruler.Provokes", { count: provocations.length }));
      return {
        cells: plan.cells,
        cost: {},
        provocations,
        refusal,
        label: refusal ? this.panels.refusalText(refusal) : parts.join(" · "),
      };
    } catch {
      return null;
    }
  }

  describe(id: string): string {
    const c = combatantIn(this.session.state, id);
    if (!c) return id;
    const pools = Object.entries(c.pools)
      .map(([pool, value]) => `${this.loc.localize(`TEMPO.Pool.${pool}.Abbr`)} ${value}`)
      .join(", ");
    return this.loc.format("TEMPO.Playground.Map.Token", { name: c.name, side: c.side, pools });
  }

  download(): void {
    const file = this.session.toFile();
    const blob = new Blob([JSON.stringify(file, null, 2)], { type: "application/json" });
    const a = h("a", {
      href: URL.createObjectURL(blob),
      download: `tempo-${file.ruleset}-${file.seed}.json`,
    });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  async upload(file: File): Promise<void> {
    try {
      const parsed = parseSessionFile(JSON.parse(await file.text()));
      const encounter = findEncounter(parsed.encounter) ?? {
        ...fallbackEncounter(parsed.ruleset),
        setup: parsed.setup,
      };
      if (!RULESETS[parsed.ruleset]) throw new Error(parsed.ruleset);
      const session = Session.fromFile(parsed);
      this.useSession(encounter, session);
      this.panels.syncHeader(parsed.ruleset, encounter.id, parsed.seed);
      this.panels.toast(
        this.loc.format("TEMPO.Playground.Toast.Loaded", { count: parsed.commands.length }),
        "info",
      );
    } catch (error) {
      this.panels.toast(
        this.loc.format("TEMPO.Playground.Toast.LoadFailed", { message: this.loadErrorText(error) }),
        "error",
      );
    }
  }

  /** Bad input is named as such: the field of the file, or the setup's own localised reason. */
  loadErrorText(error: unknown): string {
    return error instanceof SessionFileError
      ? this.loc.format("TEMPO.Playground.Toast.BadSessionField", { field: error.field })
      : error instanceof SetupError
        ? this.loc.format(error.key, error.data)
        : String(error);
  }
}

function fallbackEncounter(ruleset: RulesetId): SampleEncounter {
  const first = ENCOUNTERS[ruleset][0];
  if (!first) throw new Error(ruleset);
  return first;
}

/**
 * Read ?ruleset=&encounter=&seed= so a link (or a test) opens a given session (`encounter` may be
 * a Crowd's id, `crowd-flow-50`); ?n=<count> opens the ruleset's Crowd of that many (2..400). A bad
 * count falls back to the default sample and is named in `badCount`.
 */
function initialChoice(): {
  encounter: SampleEncounter;
  seed: number;
  named: boolean;
  badCount: string | null;
} {
  const params = new URLSearchParams(location.search);
  const registered = Playground.registered();
  const wanted = params.get("ruleset");
  const ruleset = registered.find((id) => id === wanted) ?? registered[0];
  if (!ruleset) throw new Error("no ruleset is registered");
  const count = params.has("n") ? crowdCount(params.get("n")) : null;
  // ?encounter= names a sample of this ruleset, a Crowd of any allowed size included.
  const asked = findEncounter(params.get("encounter") ?? "");
  const encounter =
    (count !== null ? crowdEncounter(ruleset, count) : undefined) ??
    (asked?.setup.ruleset === ruleset ? asked : undefined) ??
    fallbackEncounter(ruleset);
  const seedParam = Number(params.get("seed"));
  const seed = Number.isInteger(seedParam) && params.has("seed") ? seedParam >>> 0 : randomSeed();
  const badCount = params.has("n") && count === null ? (params.get("n") ?? "").slice(0, 16) : null;
  if (params.has("n")) {
    // The address names the crowd by its id from now on, as the header keeps it: a later pick in
    // the encounter picker changes `encounter`, and a stale `n` must not win over it on reload.
    const url = new URL(location.href);
    url.searchParams.delete("n");
    if (count !== null) url.searchParams.set("encounter", encounter.id);
    history.replaceState(null, "", url);
  }
  return { encounter, seed, named: params.has("ruleset") || params.has("n"), badCount };
}

export function randomSeed(): number {
  return Math.floor(Math.random() * 1_000_000);
}

async function boot(): Promise<void> {
  const root = document.getElementById("playground");
  if (!root) return;
  const loc = await loadLocalization();
  const templates = new TemplateStore(loc);
  const labels: Record<string, string> = {
    ".pg-map-panel": "TEMPO.Playground.Panel.Map",
    "[data-pg=tracker]": "TEMPO.Playground.Panel.Tracker",
    "[data-pg=sheet]": "TEMPO.Playground.Panel.Sheet",
    "[data-pg=chat]": "TEMPO.Playground.Panel.Chat",
  };
  for (const [selector, key] of Object.entries(labels))
    root.querySelector(selector)?.setAttribute("aria-label", loc.localize(key));
  document.title = loc.localize("TEMPO.Playground.Title");
  const app = new Playground(loc, templates, root);
  // The templates come first: a restored fight's chat cards are drawn from the system's chat card
  // template with their rolls and results, exactly as before the reload.
  await app.panels.loadTemplates();
  const { encounter, seed, named, badCount } = initialChoice();
  const restored = restoreSession();
  const saved = restored && "session" in restored ? restored : null;
  // A reload (or a bare address) brings the saved fight back; a link naming another session wins.
  const keep =
    saved &&
    (!named ||
      (saved.file.ruleset === encounter.setup.ruleset &&
        saved.file.encounter === encounter.id &&
        saved.file.seed === seed));
  if (saved && keep) {
    const savedEncounter = findEncounter(saved.file.encounter) ?? {
      ...fallbackEncounter(saved.file.ruleset),
      setup: saved.file.setup,
    };
    app.useSession(savedEncounter, saved.session);
    app.panels.buildHeader(saved.file.ruleset, savedEncounter.id, saved.file.seed);
    if (saved.file.commands.length > 0)
      app.panels.toast(
        loc.format("TEMPO.Playground.Toast.Restored", { count: saved.file.commands.length }),
        "info",
      );
  } else {
    if (restored && "error" in restored)
      app.panels.toast(
        loc.format("TEMPO.Playground.Toast.RestoreFailed", { message: app.loadErrorText(restored.error) }),
        "error",
      );
    app.load(encounter, seed);
    app.panels.buildHeader(encounter.setup.ruleset, encounter.id, seed);
  }
  if (badCount !== null)
    app.panels.toast(
      loc.format("TEMPO.Playground.Toast.BadCrowdSize", { n: badCount, min: CROWD_MIN, max: CROWD_MAX }),
      "error",
    );
  app.render();
  root.dataset["ready"] = "true";
  // A handle for the browser console: read the state, the log, or send a command by hand.
  Object.assign(window, { tempo: app });
}

void boot();
