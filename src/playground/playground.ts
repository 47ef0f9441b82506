/**
 * The playground's owner: the one place that holds the session and changes it. Every command is
 * sent here (and only here) to the same `apply` Foundry's adapter uses; undo and going back, loading
 * and saving happen here too. After each change the owner works out what changed (by identity,
 * `stateChanges`) and hands every view one Frame; the views only read it and ask through the
 * `PlaygroundHost` interface (host.ts). The owner imports the views; no view imports the owner.
 */
import {
  SetupError,
  combatantIn,
  combatantSetupFault,
  getRuleset,
  type Cell,
  type Command,
  type EncounterState,
  type MoveMode,
} from "../engine";
import { RULESETS } from "../engine/rulesets";
import { cellKey } from "../engine/grid";
import { refusalText } from "../views/sheet";
import { setupChanges, setupView, type SetupValues } from "../views/setup";
import { tokenConditions } from "../views/statuses";
import { reactionKey, reactionState } from "../views/reacted";
import { boundedSetup, mapCells } from "./bounds";
import { stateChanges } from "../views/changes";
import { fallbackEncounter, registeredRulesets } from "./config";
import { h } from "./dom";
import { findEncounter, type SampleEncounter } from "./encounters";
import type { TemplateStore } from "./handlebars";
import type { BackKind, Frame, PlaygroundHost } from "./host";
import type { Localization } from "./i18n";
import { tokenLabels } from "./labels";
import { BattleMap } from "./map";
import { describeToken, movePreview, offMap } from "./preview";
import {
  Session,
  SessionFileError,
  loadFailure,
  playTakenBack,
  readSessionText,
  type GoBack,
} from "./session";
import { forgetPromptClock, saveSession, saveSoon } from "./storage";
import { TableSettings } from "./table";
import { undoneText } from "./undone";
import { ViewModules } from "./views";
import { ChatLog } from "./panels/chat";
import { installClickGuard } from "./panels/clicks";
import { Dialogs } from "./panels/dialogs";
import { focusMark, keepFocus, panelHost } from "./panels/focus";
import { Header } from "./panels/header";
import { installKeys } from "./panels/keys";
import { PromptPanel } from "./panels/prompt";
import { SheetPanel } from "./panels/sheet";
import { StatusBar } from "./panels/status";
import { TableBar } from "./panels/table";
import { Toasts, type ToastKind } from "./panels/toasts";
import { TrackerPanel } from "./panels/tracker";

export class Playground implements PlaygroundHost {
  session!: Session;
  encounter!: SampleEncounter;
  selected: string | null = null;
  moveMode: MoveMode = "normal";
  private lastCurrent: string | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Token labels, the same on the map and in the tracker, unique on the map. */
  labels = new Map<string, string>();
  /** The state and selection the views last drew (null: draw everything). */
  private drawnState: EncounterState | null = null;
  private drawnSelected: string | null = null;
  private drawnCells: { encounter: SampleEncounter; cells: Set<string> } | null = null;
  readonly map: BattleMap;
  readonly views: ViewModules;
  readonly header: Header;
  readonly tracker: TrackerPanel;
  readonly sheet: SheetPanel;
  readonly prompt: PromptPanel;
  readonly chat: ChatLog;
  readonly status: StatusBar;
  readonly dialogs: Dialogs;
  readonly toasts: Toasts;
  /** Who is looking, who is hidden, the table's settings (issue 44). */
  readonly table = new TableSettings();
  readonly tableBar: TableBar;

  constructor(
    readonly loc: Localization,
    readonly templates: TemplateStore,
    root: HTMLElement,
  ) {
    this.map = new BattleMap(panelHost(root, "map"), {
      select: (id) => this.select(id),
      preview: (id, waypoints) => this.preview(id, waypoints),
      move: (id, waypoints) => {
        const off = offMap(this.session.state, this.drawn(), id, waypoints);
        if (off) {
          this.toast(refusalText(off, loc), "refusal");
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
      describe: (id) => describeToken(this.session.state, loc, id),
      label: (id) => this.label(id),
      conditions: (id) => this.tokenBadges(id),
      localize: (key) => loc.localize(key),
      shows: (id) => this.sight.sees(id),
      // Only a token that shows a reaction badge has a key: a fight's Start, when every reaction
      // is still there, writes no token (crowd.spec).
      reactionKey: (id) => {
        const state = this.session.state;
        const c = combatantIn(state, id);
        return c && state.status === "active" && this.reactionOnToken(id) ? reactionKey(c, state) : "";
      },
    });
    this.views = new ViewModules(loc, templates);
    this.toasts = new Toasts(panelHost(root, "toasts"));
    this.dialogs = new Dialogs(this, root, panelHost(root, "learn"));
    this.header = new Header(this, panelHost(root, "header"), this.dialogs);
    this.tracker = new TrackerPanel(this, panelHost(root, "tracker"), this.views, {
      openHowTo: () => this.dialogs.openHowTo(),
      openSetup: (who) => void this.openSetup(who),
    });
    this.sheet = new SheetPanel(this, panelHost(root, "sheet"), this.views);
    this.prompt = new PromptPanel(this, panelHost(root, "prompt"), this.views);
    this.chat = new ChatLog(this, panelHost(root, "chat"), this.views);
    this.status = new StatusBar(this, root.querySelector<HTMLElement>("[data-pg=map-bar]"));
    installClickGuard(root);
    this.tableBar = new TableBar(this, panelHost(root, "table"), this.table, {
      seconds: () => this.prompt.seconds,
      seen: () => this.redrawForViewer(),
      banner: panelHost(root, "map"),
    });
    installKeys(this, root, {
      dialogOpen: () => this.dialogs.open,
      jumpToActions: () => this.sheet.jumpToActions(),
    });
  }

  /** The rulesets the engine has registered, in the design's order (the browser tests read it). */
  static registered() {
    return registeredRulesets();
  }

  /** The templates come first: a restored fight's chat cards are drawn from the system's template. */
  async loadTemplates(): Promise<void> {
    await this.views.load();
  }

  /** Start a sample encounter with a seed. */
  load(encounter: SampleEncounter, seed: number): void {
    // A new fight: no prompt's clock from an earlier one carries over.
    forgetPromptClock();
    this.useSession(encounter, new Session(encounter.id, boundedSetup(encounter.setup, encounter.map), seed));
  }

  /** A new session (a sample, a file, a restored fight): the map and every panel start over. */
  useSession(encounter: SampleEncounter, session: Session): void {
    this.unsubscribe?.();
    this.encounter = encounter;
    this.session = session;
    this.selected = null;
    this.lastCurrent = null;
    this.moveMode = "normal";
    // Every command is kept in the browser's storage as it happens: a reload brings the fight back.
    this.unsubscribe = session.subscribe((_, last) => {
      saveSoon(session);
      // A hidden combatant's first action shows it to players, where the GM's setting says so.
      if (last && this.table.revealBy(last.events)) this.redrawForViewer();
      else this.render();
    });
    this.labels = this.labelsFor();
    this.map.load(encounter, session.state, this.hasMovement);
    this.prompt.reset();
    this.sheet.reset();
    this.chat.reset();
    this.tracker.reset();
    this.status.reset();
    this.dialogs.reset();
    this.table.reset();
    this.tableBar.reset();
    this.header.sync();
    this.drawnState = null;
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

  /** The ruleset of the running encounter (the console and the browser tests read its costs). */
  get ruleset() {
    return getRuleset(this.session.state.ruleset);
  }

  label(id: string): string {
    return this.labels.get(id) ?? id;
  }

  get viewer() {
    return this.table.viewer;
  }

  get sight() {
    return this.table.sight;
  }

  get hidden() {
    return this.table.hidden;
  }

  get storyWhispered(): boolean {
    return this.table.storyWhispered;
  }

  /** A token's badges: its engine conditions, then its reaction state (src/views/reacted.ts). */
  private tokenBadges(id: string) {
    const state = this.session.state;
    const badges = tokenConditions(state, id, this.loc);
    const reaction = this.reactionOnToken(id);
    return reaction ? [...badges, { id: "reaction", short: reaction.short, label: reaction.label }] : badges;
  }

  /**
   * The reaction state a token shows: a marker once a reaction is used (flow: RP below the most
   * it holds, "RP 1"; elsewhere a reaction spent), none while every reaction is still there. The
   * tracker's row shows the state always.
   */
  private reactionOnToken(id: string) {
    const state = this.session.state;
    const c = combatantIn(state, id);
    const reaction = c ? reactionState(c, state, this.loc) : null;
    if (!c || !reaction) return null;
    const used = state.ruleset === "flow" ? (c.pools["rp"] ?? 0) < (c.maxPools["rp"] ?? 0) : !reaction.ready;
    return used ? reaction : null;
  }

  /**
   * The viewer or the hidden list changed: the tracker, chat, prompt and map are drawn again for
   * what the viewer now sees (a hidden combatant's row, lines, token and cells come or go).
   */
  private redrawForViewer(): void {
    this.tracker.reset();
    this.chat.reset();
    this.prompt.reset();
    this.drawnState = null;
    this.render();
  }

  setMoveMode(mode: MoveMode): void {
    this.moveMode = mode;
  }

  private labelsFor(): Map<string, string> {
    const state = this.session.state;
    return tokenLabels(state.roster.map((id) => ({ id, name: combatantIn(state, id)?.name ?? id })));
  }

  toast(text: string, kind: ToastKind): void {
    this.toasts.show(text, kind);
  }

  /** Send a command to the engine; a refusal shows as a toast. */
  send(command: Command, how: { timedOut?: boolean } = {}): boolean {
    let ok = false;
    try {
      const result = this.session.dispatch(command, how);
      ok = result.ok;
      if (!result.ok) this.toast(refusalText(result.refusal, this.loc), "refusal");
    } catch (error) {
      this.toast(this.loc.format("TEMPO.Playground.Toast.EngineError", { message: String(error) }), "error");
      this.render();
    }
    return ok;
  }

  /**
   * Undo the last command, or go back a turn or a round, as the GM does in Foundry: the session
   * cut back to before the dropped commands (the states it had then, the dice where they stood),
   * and a toast saying what was undone; a refusal (reactions still being asked, a reaction taken,
   * dice rolled, nothing to go back to) says why and changes nothing. The map and the panels are
   * not started over: they redraw what the undo changed.
   */
  goBack(kind: BackKind): boolean {
    const session = this.session;
    const back = this.backFor(kind);
    if (!back.ok) {
      this.toast(refusalText(back.refusal, this.loc), "refusal");
      return false;
    }
    // A step back that takes back play, not only the turn passing on, asks first (Redo brings
    // it back too). Asked, it is worked out again: a countdown may have run out meanwhile.
    const play = kind === "undo" ? 0 : playTakenBack(back.undone);
    if (play > 0) {
      void this.dialogs.confirmBack(kind, back.undone.length, play).then((yes) => {
        if (!yes || this.session !== session) return;
        const again = this.backFor(kind);
        if (again.ok) this.takeBack(kind, again);
        else this.toast(refusalText(again.refusal, this.loc), "refusal");
      });
      return false;
    }
    this.takeBack(kind, back);
    return true;
  }

  private backFor(kind: BackKind): GoBack {
    return kind === "undo" ? this.session.undoLast() : this.session.goBack(kind);
  }

  private takeBack(kind: BackKind, back: GoBack & { ok: true }): void {
    const session = this.session;
    const before = session.state;
    session.truncate(back.keep);
    this.toast(undoneText(this.loc, kind, back.undone, session.state, before), "info");
  }

  /** Redo: the commands the last undo or step back took back, sent again; or why not. */
  redo(): boolean {
    const redone = this.session.redo();
    if (redone === null) {
      this.toast(this.loc.localize("TEMPO.Playground.Undo.NothingToRedo"), "refusal");
      return false;
    }
    const count = this.loc.format(
      redone.length === 1 ? "TEMPO.Playground.Undo.CommandsOne" : "TEMPO.Playground.Undo.CommandsMany",
      { count: redone.length },
    );
    this.toast(this.loc.format("TEMPO.Playground.Undo.Redone", { count }), "info");
    return true;
  }

  select(id: string | null): void {
    if (this.selected === id) return;
    this.selected = id;
    this.render();
  }

  /**
   * Draw what changed since the last render: the owner diffs the state it last drew with the
   * state now (by identity) and hands every view the same Frame.
   */
  render(): void {
    const state = this.session.state;
    // Follow the turn: when it passes to someone new, their sheet comes up.
    if (state.current !== this.lastCurrent) {
      this.lastCurrent = state.current;
      if (state.current) this.selected = state.current;
    }
    if (this.selected && !combatantIn(state, this.selected)) this.selected = null;
    // A player's sheet never comes up on a combatant the GM keeps hidden (issue 44).
    if (this.selected && !this.sight.sees(this.selected))
      this.selected = this.viewer.owned?.[0] ?? state.roster.find((id) => this.sight.sees(id)) ?? null;
    // Between turns (declarations, a stage with nobody acting) the first combatant's sheet shows.
    if (!this.selected) this.selected = state.roster.find((id) => this.sight.sees(id)) ?? null;
    if (state.roster.length !== this.labels.size) this.labels = this.labelsFor();
    const tasks: (() => void)[] = [];
    const frame: Frame = {
      state,
      changes: stateChanges(this.drawnState, state),
      selected: this.selected,
      selectionChanged: this.drawnState === null || this.selected !== this.drawnSelected,
      after: (task) => tasks.push(task),
    };
    this.drawnState = state;
    this.drawnSelected = this.selected;
    // Taken before the panels re-render, which may replace the focused control.
    const focusBefore = focusMark(document.activeElement);
    this.map.update(state, this.selected, frame.changes.all ? undefined : frame.changes.combatants);
    this.tracker.update(frame);
    this.sheet.update(frame);
    this.prompt.update(frame, focusBefore);
    this.chat.update(frame);
    this.status.update(frame);
    this.tableBar.update(frame);
    for (const task of tasks) task();
    keepFocus(focusBefore);
    // Templates still missing are fetched again now and then; everything is drawn again once one arrives.
    if (!this.views.complete)
      void this.views.refresh().then((arrived) => {
        if (!arrived) return;
        this.drawnState = null;
        this.render();
      });
  }

  /**
   * The ⚙ of a tracker row: the GM's Tempo setup of one combatant, the same form as Foundry's
   * dialog (src/views/setup.ts, templates/tracker/setup.hbs). Before the fight a change is the
   * combatant's setup (the fight starts with it, and a reload keeps it); during the fight it is
   * the logged GM commands setupChanges gives, each checked by the engine like any other.
   */
  async openSetup(who: string): Promise<void> {
    const session = this.session;
    const state = session.state;
    const own = session.setup.combatants.find((c) => c.id === who);
    const live = combatantIn(state, who);
    if (!own && !live) return;
    const name = live?.name ?? own?.name ?? who;
    const values: SetupValues = {
      side: own?.side ?? live?.side ?? "",
      marching: own?.marching ?? null,
      surprised: own?.surprised === true,
      unseen: own?.unseen === true,
    };
    const view = setupView(who, name, values, state, this.loc);
    const html = this.views.setupHtml(view);
    if (html === null) {
      this.toast(this.loc.localize("TEMPO.Playground.Loading"), "info");
      return;
    }
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const form = await this.dialogs.form(view.title, html, opener);
    if (!form || this.session !== session) return;
    const field = (n: string) => form.querySelector<HTMLInputElement>(`[name="${n}"]`);
    const marching = field("marching")?.value.trim() ?? "";
    // A marching place is a whole number from 1 (the lead), or blank for none: nothing else is
    // quietly made into none.
    if (
      marching !== "" &&
      !(Number.isInteger(Number(marching)) && Number(marching) >= 1 && Number(marching) <= 99)
    ) {
      this.toast(
        this.loc.format("TEMPO.Playground.Dialog.BadMarching", { value: marching.slice(0, 16) }),
        "refusal",
      );
      return;
    }
    const submitted: SetupValues = {
      side: field("side")?.value ?? values.side,
      marching: marching === "" ? null : Number(marching),
      surprised: field("surprised")?.checked ?? values.surprised,
      unseen: field("unseen")?.checked ?? values.unseen,
    };
    const changes = setupChanges(who, submitted, session.state);
    if (changes.document && own) {
      const doc = changes.document;
      // A blank side is the document's default: party for a player character, foes for the rest.
      const side = doc.side || (own.pc ? "party" : "foes");
      const combatant = {
        ...own,
        side,
        marching: doc.marching ?? null,
        surprised: doc.surprised === true,
        unseen: doc.unseen === true,
      };
      const fault = combatantSetupFault(combatant, session.setup.grid ?? { type: "none" });
      if (fault !== null) {
        this.toast(this.loc.format("TEMPO.Refusal.BadCombatant", { field: fault }), "refusal");
        return;
      }
      if (JSON.stringify(combatant) === JSON.stringify(own)) {
        this.toast(this.loc.format("TEMPO.Playground.Dialog.SetupUnchanged", { name }), "info");
        return;
      }
      const setup = {
        ...session.setup,
        combatants: session.setup.combatants.map((c) => (c.id === who ? combatant : c)),
      };
      // The commands sent so far (refused ones before the start) replay over the new setup.
      this.useSession(this.encounter, Session.fromFile({ ...session.toFile(), setup }));
      this.toast(this.loc.format("TEMPO.Playground.Dialog.SetupSaved", { name }), "info");
      this.focusSetupButton(who);
      return;
    }
    if (changes.commands.length === 0)
      this.toast(this.loc.format("TEMPO.Playground.Dialog.SetupUnchanged", { name }), "info");
    for (const command of changes.commands) if (!this.send(command)) break;
    this.focusSetupButton(who);
  }

  /** Focus back on a row's ⚙ after its setup, drawn again or not. */
  private focusSetupButton(who: string): void {
    document.querySelector<HTMLElement>(`[data-action=tempoSetup][data-who="${CSS.escape(who)}"]`)?.focus();
  }

  /** The cells the map draws (a hex map's staggered edge is narrower than its box). */
  private drawn(): Set<string> {
    if (this.drawnCells?.encounter !== this.encounter) {
      const { cols, rows } = this.encounter.map;
      const cells = mapCells(this.session.state.grid.type, cols, rows);
      this.drawnCells = { encounter: this.encounter, cells: new Set(cells.map(cellKey)) };
    }
    return this.drawnCells.cells;
  }

  /** The ruler: the engine's preview, and the map's own edge. */
  preview(id: string, waypoints: readonly Cell[]) {
    const state = this.session.state;
    const result = movePreview(state, this.loc, this.moveMode, id, waypoints, this.sight);
    if (!result || result.refusal) return result;
    const off = offMap(state, this.drawn(), id, waypoints);
    return off ? { ...result, refusal: off, label: refusalText(off, this.loc) } : result;
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
      const parsed = readSessionText(await file.text());
      const encounter = findEncounter(parsed.encounter) ?? {
        ...fallbackEncounter(parsed.ruleset),
        setup: parsed.setup,
      };
      if (!RULESETS[parsed.ruleset]) throw new SessionFileError("ruleset");
      forgetPromptClock();
      this.useSession(encounter, Session.fromFile(parsed));
      this.toast(this.loc.format("TEMPO.Playground.Toast.Loaded", { count: parsed.commands.length }), "info");
    } catch (error) {
      this.toast(
        this.loc.format("TEMPO.Playground.Toast.LoadFailed", { message: this.loadErrorText(error) }),
        "error",
      );
    }
  }

  /**
   * Bad input is named as such, in a GM's words: not JSON, not a session file, the field of the
   * file that is wrong, or the setup's own localised reason (session.ts loadFailure).
   */
  loadErrorText(error: unknown): string {
    if (error instanceof SetupError) return this.loc.format(error.key, error.data);
    const { key, data } = loadFailure(error);
    return this.loc.format(key, data);
  }
}
