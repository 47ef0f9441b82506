/**
 * TempoCombat: Foundry's Combat with every rule decision delegated to the engine. The overrides
 * read document data, send a command through the command channel, and leave the writing to it.
 */
import { createEncounter, getRuleset, type Command, type EncounterState } from "../../engine";
import {
  announce,
  cachesOf,
  checkpointsOf,
  combatSystem,
  gmControl,
  isWriter,
  notifyNotApplied,
  readStored,
  submit,
  writeCommands,
  writeDecision,
  type CommandAnswer,
  type GmControl,
  type StoredCombat,
} from "../commands";
import { encounterOptions, readSettings } from "../settings";
import { actorData, cellOf, combatantData, levelOf, sceneGrid } from "./read";
import { combatantSetup, gridDescription } from "./setup";
import {
  combatWrite,
  parsedJson,
  readState,
  removalCommands,
  rewind,
  turnRank,
  type LastWrite,
} from "./sync";

function isLastWrite(value: unknown): value is LastWrite {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as Record<string, unknown>)["entries"])
  );
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
   * may press it; the writer (the active GM's client) does it (commands.ts gmControl).
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
    const stored: StoredCombat = {
      state: initial,
      initial,
      log: [],
      seq: 0,
      ids: this.combatantIds(),
      saved: false,
    };
    return writeCommands(this, [{ type: "start" }], userId, { stored });
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
   * the entries' reverse patches (documents/sync.ts rewind; checkpoints only for entries without
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
    return writeDecision(this, async (stored) => {
      const back = rewind(stored, () => checkpointsOf(this.id ?? "", stored), to);
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

  /** Every client announces the accepted commands' events as hooks (see commands.ts). */
  protected override _onUpdate(
    changed: Combat.UpdateData,
    options: Combat.Database.OnUpdateOperation,
    userId: string,
  ): void {
    const system = changed.system as Record<string, unknown> | undefined;
    const written = !!system && "seq" in system;
    // The engine's order may change with any command (a new round, a stage, a delay), not only
    // with Foundry's round and turn: sort the turns again so `combat.combatant` is the engine's
    // current combatant, before core's part runs, so its turn hooks (combatTurnChange,
    // _onEndTurn, _onStartTurn, turn markers) see the combatant the tracker shows.
    if (written) this.setupTurns();
    super._onUpdate(changed, options, userId);
    if (!system || !written) return;
    const last = parsedJson(combatSystem(this)?.last);
    if (isLastWrite(last)) announce(this, last);
    if (isWriter()) void this.removeDeleted(game.user?.id ?? null);
  }

  /**
   * Take combatants deleted in Foundry out of the encounter (each one's turn ended first if it
   * is the current combatant). Called when a combatant is deleted, and after every write, so a
   * removal the encounter refused at the time (its turn could not end while reactions were open,
   * say) happens as soon as it can: the engine never keeps giving turns to a combatant Foundry no
   * longer has. With `notify`, the GM is told when the encounter refuses.
   */
  async removeDeleted(userId: string | null, notify = false): Promise<void> {
    const ids = new Set(this.combatantIds());
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
