/**
 * TempoCombat: Foundry's Combat with every rule decision delegated to the engine. The overrides
 * read document data, send a command through the command channel, and leave the writing to it.
 */
import { createEncounter, getRuleset, type Command, type EncounterState } from "../../engine";
import { combatantIn } from "../../engine/record";
import { announce } from "../channel/announce";
import { cachesOf, combatSystem, readStored, unsavedCombat, type StoredCombat } from "../store/stored";
import { checkpointsOf, isWriter, writeCommands, writeDecision, type Decision } from "../channel/writer";
import { gmControl, submit, askHeal, type GmControl } from "../channel/commands";
import { showRefusal, notifyNotApplied } from "../channel/notices";
import { type CommandAnswer } from "../channel/answers";
import { encounterOptions, readSettings } from "../settings";
import {
  archiveEnded,
  archiveOf,
  endedLog,
  fullLog,
  horizonRounds,
  saveLog,
  type FullLog,
} from "../store/archive";
import { actorData, cellOf, combatantData, identityOf, levelOf, sceneGrid } from "../store/read";
import { combatantSetup, duplicateCombatants, gridDescription } from "../store/setup";
import { setupMirror, turnPutBack, vouchSight } from "../rules/mirror";
import { gmSightOf } from "./sight";
import { putBacksDone } from "./record";
import { combatWrite } from "../store/pieces";
import { healing } from "../store/healing";
import { readLastWrite, type LastWrite } from "../store/log";
import { readState } from "../store/caches";
import { removalCommands } from "../channel/permission";
import { rewind } from "../store/horizon";
import { stateDigest } from "../store/caches";
import { turnRank } from "../store/turns";

/** The stored pieces a client reads inside a hook, by the name the GM's notice gives each. */
const PIECE_LABELS = {
  last: "TEMPO.Stored.Piece.Last",
  state: "TEMPO.Stored.Piece.State",
  log: "TEMPO.Stored.Piece.Log",
} as const;
type StoredPiece = keyof typeof PIECE_LABELS;

/** The `seq` of the last write this client read, by combat (TempoCombat#checkWriters). */
const seenSeq = new Map<string, number>();

/** Combatants a player deleted that the writer is creating again, by combat (TempoCombat#putBackCombatant). */
const puttingBack = new Map<string, Set<string>>();

/** Pieces found unreadable on this client, by combat and piece: each reported once while it stays so. */
const unreadable = new Set<string>();

/**
 * Note how a stored piece read inside a hook: a bad one (another module's, or a bug's) is skipped,
 * and the GM is told once, not on every write, until it reads well again. A player's client skips
 * it silently: only a GM can mend the combat.
 */
function pieceRead(combat: Combat.Implementation, piece: StoredPiece, ok: boolean): void {
  const key = `${combat.id ?? ""}/${piece}`;
  if (ok) {
    unreadable.delete(key);
    return;
  }
  if (unreadable.has(key)) return;
  unreadable.add(key);
  if (!game.user?.isGM) return;
  const i18n = game.i18n;
  const text = i18n?.format("TEMPO.Stored.Unreadable", {
    piece: i18n.localize(PIECE_LABELS[piece]),
    combat: combat.name ?? combat.id ?? "",
  });
  ui.notifications?.warn(text ?? "TEMPO.Stored.Unreadable");
}

export class TempoCombat extends Combat {
  /** The engine's state, or null before the combat starts. */
  get encounter(): EncounterState | null {
    const system = combatSystem(this);
    return system ? readState(system, cachesOf(this)) : null;
  }

  /** What the command channel reads before applying: null before the start. */
  get stored(): StoredCombat | null {
    const system = combatSystem(this);
    return system ? readStored(system, this.combatantIds(), cachesOf(this)) : null;
  }

  combatantIds(): string[] {
    return this.combatants.map((c) => c.id ?? "").filter((id) => id !== "");
  }

  /** Send a command through the channel (GM applies; players ask the GM). */
  command(command: Command): Promise<CommandAnswer> {
    return submit(this, command);
  }

  /**
   * Initiative is the engine's: it rolls for everyone when the combat starts (and for a combatant
   * joining later), as the ruleset says. Foundry's own roll buttons explain that instead of rolling.
   */
  override async rollInitiative(): Promise<this> {
    ui.notifications?.info(game.i18n?.localize("TEMPO.Notify.InitiativeByEngine") ?? "");
    return this;
  }

  override async rollAll(): Promise<this> {
    return this.rollInitiative();
  }

  override async rollNPC(): Promise<this> {
    return this.rollInitiative();
  }

  /**
   * Turn order is the engine's `order`. Foundry calls this unbound (`this` is not the combat),
   * so the state is read from the combatants' parent.
   */
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const parent = a.parent;
    const state = parent instanceof TempoCombat ? parent.encounter : null;
    const diff = turnRank(state, a.id ?? "") - turnRank(state, b.id ?? "");
    if (diff !== 0) return diff;
    return (a.name ?? "").localeCompare(b.name ?? "");
  }

  /**
   * Start: read the ruleset and its options from the world settings (a running combat keeps
   * them), make the encounter from the combatants' actors and tokens, and apply `start`. Any GM
   * may press it; the writer (the active GM's client) does it (channel/commands.ts gmControl).
   */
  override async startCombat(): Promise<this> {
    // Core's sequence on the initiating client, before any database update: the start sound,
    // then combatStart with the update data modules may change
    // (https://foundryvtt.com/api/v13/functions/hookEvents.combatStart.html). Round and turn
    // are the engine's to set, so what a module changes there is not written.
    if (game.user?.isGM && this.round === 0) {
      this._playCombatSound("startEncounter");
      Hooks.callAll("combatStart", this, { round: 1, turn: 0 });
    }
    await gmControl(this, "start");
    return this;
  }

  /**
   * A GM control on the writer's client, for the GM `userId` (checked by the channel): what
   * startCombat, nextRound, previousTurn and previousRound do.
   */
  async runGmControl(control: GmControl, userId: string): Promise<CommandAnswer> {
    if (control === "start") return this.start(userId);
    if (control === "nextRound") return this.advanceRound(userId);
    return this.goBack(control === "previousTurn" ? "turn" : "round");
  }

  private async start(userId: string): Promise<CommandAnswer> {
    // What Begin reads is what the GM stands behind: every put-back under way is written first,
    // and a second combatant for one character is left out.
    await putBacksDone();
    await this.leaveOutDuplicates();
    const settings = readSettings();
    const ruleset = getRuleset(settings.ruleset);
    const grid = gridDescription(sceneGrid(this.scene));
    const combatants = this.combatants.contents.map((c) =>
      combatantSetup(combatantData(c), actorData(c.actor), cellOf(c), levelOf(c.token)),
    );
    const initial = createEncounter(
      { ruleset: ruleset.id, options: encounterOptions(ruleset.id, settings), grid, combatants },
      ruleset,
    );
    const stored: StoredCombat = unsavedCombat(initial, this.combatantIds());
    const answer = await writeCommands(this, [{ type: "start" }], userId, { stored });
    if (answer.refusal) return answer;
    // What the combatants' sight shows as the GM begins the fight is the GM's, but for what a
    // player set (documents/sight.ts gmSightOf); one a player sets later counts only once a GM
    // sets it (table/scene.ts trustedSightOf).
    await vouchSight(
      this,
      Object.fromEntries(this.combatants.map((c) => [c.id ?? "", gmSightOf(c.actor, c.token)])),
    );
    await this.showSetups();
    return answer;
  }

  /**
   * From the start the Combatants show the setup the engine holds (side, marching place,
   * surprised, unseen: what a player's write is put back to, TempoCombatant#_onUpdate).
   */
  private async showSetups(): Promise<void> {
    const state = this.encounter;
    const updates: ({ _id: string } & Record<string, unknown>)[] = [];
    for (const c of this.combatants) {
      const engine = c.id ? combatantIn(state, c.id) : undefined;
      if (!c.id || !engine) continue;
      const shown = combatantData(c).system;
      const setup = setupMirror(engine);
      if ((Object.keys(setup) as (keyof typeof setup)[]).some((k) => shown[k] !== setup[k]))
        updates.push({ _id: c.id, system: setup });
    }
    if (updates.length > 0) await this.updateEmbeddedDocuments("Combatant", updates);
  }

  /**
   * Before the start, one combatant per token or character (store/setup.ts sameCharacter): a
   * later duplicate (a GM's, or one a client made skipping Combatant#_preCreate) is deleted, and
   * the GM told which characters it repeated.
   */
  private async leaveOutDuplicates(): Promise<void> {
    const twice = duplicateCombatants(this.combatants.contents.map(identityOf)).map((c) => c.id);
    if (twice.length === 0) return;
    const names = twice.map((id) => this.combatants.get(id)?.name ?? id);
    ui.notifications?.warn(
      game.i18n?.format("TEMPO.Notify.DuplicatesLeftOut", { names: names.join(", ") }) ?? "",
    );
    await this.deleteEmbeddedDocuments("Combatant", twice);
  }

  /**
   * Put back a combatant a player deleted from the running fight (a client that skipped
   * Combatant#_preDelete): created again with its id (`keepId`,
   * https://foundryvtt.com/api/v13/interfaces/foundry.abstract.types.DatabaseCreateOperation.html)
   * and the GM told. Until it is back, removeDeleted leaves it in the encounter.
   */
  async putBackCombatant(source: object, user: string): Promise<void> {
    const combatId = this.id ?? "";
    const id = (source as { _id?: unknown })._id;
    if (typeof id !== "string") return;
    const held = puttingBack.get(combatId) ?? new Set<string>();
    held.add(id);
    puttingBack.set(combatId, held);
    const name = (source as { name?: unknown }).name;
    ui.notifications?.warn(
      game.i18n?.format("TEMPO.Notify.PlayerLeaveUndone", {
        user,
        name: typeof name === "string" ? name : id,
      }) ?? "",
    );
    try {
      await this.createEmbeddedDocuments("Combatant", [source as Combatant.CreateData], { keepId: true });
    } catch (error) {
      console.error("Tempo: putting a combatant back", error);
    } finally {
      held.delete(id);
    }
  }

  /** The GM presses "next"; a player ends their own combatant's turn. */
  override async nextTurn(): Promise<this> {
    const state = this.encounter;
    if (game.user?.isGM || !state?.current) await this.command({ type: "next" });
    else await this.command({ type: "endTurn", who: state.current });
    return this;
  }

  /** Keep pressing "next" until the round changes (or the combat ends), written as one update. */
  override async nextRound(): Promise<this> {
    await gmControl(this, "nextRound");
    return this;
  }

  private async advanceRound(userId: string): Promise<CommandAnswer> {
    const state = this.encounter;
    if (!state) return { ok: false, refusal: { key: "TEMPO.Refusal.NotStarted", data: {} } };
    const round = state.round;
    return writeCommands(this, [], userId, {
      more: (s) => (s.round === round && s.status === "active" ? { type: "next" } : null),
    });
  }

  /**
   * Going back drops the last command that changed the turn (or round), and what followed it,
   * from the log: the table is where it was before that command, found from the stored state and
   * the entries' reverse patches (store/horizon.ts rewind; checkpoints only for entries without
   * one). Nothing before the first turn is undone.
   */
  override async previousTurn(): Promise<this> {
    await gmControl(this, "previousTurn");
    return this;
  }

  override async previousRound(): Promise<this> {
    await gmControl(this, "previousRound");
    return this;
  }

  private async goBack(to: "turn" | "round"): Promise<CommandAnswer> {
    return writeDecision(this, async (stored): Promise<Decision> => {
      const back = rewind(stored, () => checkpointsOf(this.id ?? "", stored), to);
      // Past the horizon (the log before it left the Combat): too far back, said plainly.
      if (!back && stored.base > 0)
        return { ok: false, refusal: { key: "TEMPO.Refusal.TooFarBack", data: { rounds: horizonRounds() } } };
      if (!back) return { ok: false, refusal: { key: "TEMPO.Refusal.NothingToRewind", data: {} } };
      const write = combatWrite(
        back.state,
        stored,
        { keep: back.keep, append: [] },
        { entries: [], rewound: true },
        stored.seq + 1,
        stored.ids,
      );
      return { ok: true, write, dice: [], events: [], rolls: [], states: [] };
    });
  }

  /** Every client announces the accepted commands' events as hooks (see channel/announce.ts). */
  protected override _onUpdate(
    changed: Combat.UpdateData,
    options: Combat.Database.OnUpdateOperation,
    userId: string,
  ): void {
    const system = changed.system as Record<string, unknown> | undefined;
    const written = !!system && "seq" in system;
    // Stored data is never trusted inside a hook: another module, or a bug, may have written any
    // piece. A piece that does not read is skipped (and the GM told once); nothing here throws,
    // so every client's update goes on.
    let sorted = true;
    if (written) {
      // The engine's order may change with any command (a new round, a stage, a delay), not only
      // with Foundry's round and turn: sort the turns again so `combat.combatant` is the engine's
      // current combatant, before core's part runs, so its turn hooks (combatTurnChange,
      // _onEndTurn, _onStartTurn, turn markers) see the combatant the tracker shows.
      try {
        this.setupTurns();
      } catch (error) {
        console.error("Tempo: a stored state that does not read", error);
        sorted = false;
      }
    }
    super._onUpdate(changed, options, userId);
    if (!written) {
      // Foundry's round and turn mirror the engine's; a change that did not come with a write (a
      // player's, on its own turn, as core allows) is put back at once by the writer.
      if (("round" in changed || "turn" in changed) && isWriter()) this.putTurnBack();
      return;
    }
    const stored = combatSystem(this);
    try {
      const started = stored?.state !== null && stored?.state !== undefined;
      pieceRead(this, "state", sorted && (!started || this.encounter !== null));
      if (isWriter() && started) pieceRead(this, "log", this.stored !== null || this.encounter === null);
    } catch (error) {
      console.error("Tempo: a stored state that does not read", error);
      pieceRead(this, "state", false);
    }
    const last = readLastWrite(stored?.last);
    pieceRead(this, "last", last !== null);
    if (last) {
      this.checkWriters(last);
      announce(this, last);
    }
    if (isWriter())
      void this.removeDeleted(game.user?.id ?? null).catch((error: unknown) => {
        console.error("Tempo: removing deleted combatants failed", error);
      });
  }

  /**
   * The whole log of this fight: the entries archived before the horizon and the ones the Combat
   * holds, with the initial state (replaying it gives the stored state). Null before the start, or
   * where the GM drops the log before the horizon.
   */
  fullLog(): FullLog | null {
    const stored = this.stored;
    const system = combatSystem(this);
    if (!stored || !system || !this.id) return null;
    return fullLog(system.initial, archiveOf(this.id), stored.base, stored.log);
  }

  /** The GM exports the whole log as a JSON file (a macro: `game.combat.exportLog()`). */
  exportLog(): void {
    if (!game.user?.isGM) {
      showRefusal({ key: "TEMPO.Refusal.GMOnly", data: { command: "exportLog" } });
      return;
    }
    const log = this.fullLog();
    if (log) saveLog(log, this.id ?? "");
    else ui.notifications?.warn(game.i18n?.localize("TEMPO.Stored.NoFullLog") ?? "TEMPO.Stored.NoFullLog");
  }

  /** The GM exports the whole log of a combat that has ended (its archived record). */
  static exportEndedLog(combatId: string): void {
    const log = game.user?.isGM ? endedLog(combatId) : null;
    if (log) saveLog(log, combatId);
    else ui.notifications?.warn(game.i18n?.localize("TEMPO.Stored.NoFullLog") ?? "TEMPO.Stored.NoFullLog");
  }

  /** The end of the combat archives its whole log (store/archive.ts archiveEnded), on the writer's client. */
  protected override _onDelete(options: Combat.Database.OnDeleteOperation, userId: string): void {
    super._onDelete(options, userId);
    if (!isWriter()) return;
    const stored = this.stored;
    if (stored)
      void archiveEnded(this, stored).catch((error: unknown) =>
        console.error("Tempo: archiving the ended combat's log failed", error),
      );
  }

  /**
   * Two writers (docs/foundry-internals.md, "Two writers"): Foundry has no conditional update, so two GM
   * clients that both believe they write can both write from one `seq`. Every client checks each
   * write it reads: decided from the `seq` of the write before it (a client remembers the last it
   * read), and leaving the state its digest names. A client that finds otherwise tells the active
   * GM (its own client heals at once), whose client rebuilds the state from the log.
   */
  private checkWriters(last: LastWrite): void {
    const id = this.id ?? "";
    const before = seenSeq.get(id);
    seenSeq.set(id, last.seq);
    if (last.healed !== undefined && last.healed >= 0 && game.user?.isGM)
      ui.notifications?.warn(
        game.i18n?.format("TEMPO.Stored.Healed", { combat: this.name ?? id, dropped: String(last.healed) }) ??
          "TEMPO.Stored.Healed",
      );
    const raced = before !== undefined && last.from !== undefined && last.from !== before;
    const state = this.encounter;
    const disagrees =
      state !== null && last.digest !== undefined && last.digest !== stateDigest(cachesOf(this));
    if (!raced && !disagrees) return;
    if (isWriter())
      void this.heal().catch((error: unknown) => console.error("Tempo: healing the combat failed", error));
    else void askHeal(id);
  }

  /**
   * On the active GM's client: rebuild the state from the log where they disagree (or from the
   * log's last consistent prefix, where two writers wrote over each other's entries), and write it
   * back; every GM is told how many commands were dropped. Nothing is written when the stored
   * state and log agree (a check another client asked for, or a race that left them agreeing).
   */
  async heal(): Promise<void> {
    if (!isWriter()) return;
    await writeDecision(this, async (stored): Promise<Decision> => {
      const last = readLastWrite(combatSystem(this)?.last);
      const agrees = !last?.digest || last.digest === stateDigest(cachesOf(this));
      const healed = healing(stored, agrees);
      if (!healed) return { ok: false, refusal: { key: "TEMPO.Refusal.NothingToDo", data: {} } };
      const write = combatWrite(
        healed.state,
        stored,
        { keep: healed.keep, append: [] },
        { entries: [], rewound: true, healed: healed.dropped },
        stored.seq + 1,
        stored.ids,
      );
      return { ok: true, write, dice: [], events: [], rolls: [], states: [] };
    });
  }

  /** Put Foundry's round and turn back to the engine's, where they differ. */
  private putTurnBack(): void {
    const state = this.encounter;
    if (!state) return;
    const back = turnPutBack(state, this.combatantIds(), { round: this.round, turn: this.turn ?? null });
    if (back)
      void this.update(back).catch((error: unknown) => console.error("Tempo: putting the turn back", error));
  }

  /**
   * Take combatants deleted in Foundry out of the encounter (each one's turn ended first if it
   * is the current combatant). Called when a combatant is deleted, and after every write, so a
   * removal the encounter refused at the time (its turn could not end while reactions were open,
   * say) happens as soon as it can: the engine never keeps giving turns to a combatant Foundry no
   * longer has. With `notify`, the GM is told when the encounter refuses.
   */
  async removeDeleted(userId: string | null, notify = false): Promise<void> {
    const ids = new Set([...this.combatantIds(), ...(puttingBack.get(this.id ?? "") ?? [])]);
    const gone = (state: EncounterState) => state.roster.filter((id) => !ids.has(id));
    const state = this.encounter;
    if (!state || state.status === "ended" || gone(state).length === 0) return;
    const answer = await writeCommands(
      this,
      (stored) => gone(stored.state).flatMap((id) => removalCommands(stored.state, id)),
      userId,
    );
    // NothingToDo: another write removed them meanwhile.
    if (!notify || answer.refusal?.key === "TEMPO.Refusal.NothingToDo") return;
    for (const who of gone(state)) notifyNotApplied(this, { type: "removeCombatant", who }, answer);
  }
}
