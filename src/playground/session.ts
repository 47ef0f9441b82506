/**
 * The playground's in-memory store: one encounter, the seed its dice come from, and every command
 * sent to the engine in order. The same seed and commands replay to the same state, so a session
 * is saved as {ruleset, encounter, seed, commands} and loaded back by replaying it.
 */
import {
  apply,
  combatantSetupFault,
  createEncounter,
  getRuleset,
  gridFault,
  isRulesetId,
  DieOutOfRange,
  RecordingDice,
  replay,
  SeededDice,
  type DicePort,
  type ApplyResult,
  type Command,
  type CombatantSetup,
  type EncounterSetup,
  type EncounterState,
  type EngineEvent,
  type GridDescription,
  type Refusal,
  type RulesetId,
  turnMark,
} from "../engine";

export interface SessionFile {
  format: "tempo-playground-session";
  version: 1;
  ruleset: RulesetId;
  /** Which sample encounter, for the picker; the setup itself is saved too. */
  encounter: string;
  setup: EncounterSetup;
  seed: number;
  /** Every command sent, accepted or refused, in order: refused ones replay as refused. */
  commands: Command[];
  /** The dice the session rolled, for reading; replay rolls them again from the seed. */
  rolls: { faces: number; value: number }[];
  /**
   * The places in `commands` of declines that stood in for a prompt whose countdown ran out, so
   * their chat cards say time ran out after a reload too (absent: none).
   */
  timedOut?: number[];
  /**
   * Per command, the dice it rolled at the table (a log exported from Foundry, src/views/logfile.ts):
   * the command replays with them; null or absent, it rolls from the seed.
   */
  dice?: (number[] | null)[];
}

export interface LogLine {
  command: Command;
  refusal: Refusal | null;
  events: EngineEvent[];
  /** Dice rolled while this command ran. */
  rolls: { faces: number; value: number }[];
  /** A decline sent because the prompt's countdown ran out, not chosen by the reactor. */
  timedOut?: true;
  /** The dice it was given from a loaded table log, instead of the seed's. */
  recorded?: number[];
}

/**
 * Dice from the seed, except where a command brings its own (a table log's): those are used first,
 * in order, and the seed goes on where it stood.
 */
class SeedOrGiven implements DicePort {
  private given: number[] = [];
  constructor(private readonly seed: SeededDice) {}
  give(values: readonly number[]): void {
    this.given = [...values];
  }
  roll(faces: number): number {
    const value = this.given.shift();
    if (value === undefined) return this.seed.roll(faces);
    if (!Number.isInteger(value) || value < 1 || value > faces) throw new DieOutOfRange(faces, value);
    return value;
  }
}

export type Listener = (session: Session, last: LogLine | null) => void;

/**
 * What going back would drop: `keep` log lines stay (the rest and every command after them go),
 * `undone` are the accepted lines dropped, first the one undone. A refusal says why not.
 */
export type GoBack = { ok: true; keep: number; undone: LogLine[] } | { ok: false; refusal: Refusal };

const UNDO_KEYS = {
  OffersOpen: "TEMPO.Playground.Undo.OffersOpen",
  ReactionTaken: "TEMPO.Playground.Undo.ReactionTaken",
  Rolled: "TEMPO.Playground.Undo.Rolled",
  // The same, in the first turn of the fight: there is no turn to go back to, so none is offered.
  ReactionTakenFirstTurn: "TEMPO.Playground.Undo.ReactionTakenFirstTurn",
  RolledFirstTurn: "TEMPO.Playground.Undo.RolledFirstTurn",
  Nothing: "TEMPO.Playground.Undo.Nothing",
} as const;

const UNDO_REFUSED = (why: keyof typeof UNDO_KEYS): GoBack => ({
  ok: false,
  refusal: { key: UNDO_KEYS[why], data: {} },
});

export class Session {
  state: EncounterState;
  readonly log: LogLine[] = [];
  /** The state before any command, and after each log line (a refused line leaves it as it was). */
  readonly initial: EncounterState;
  private readonly states: EncounterState[] = [];
  private dice: RecordingDice;
  private source: SeedOrGiven;
  private readonly listeners = new Set<Listener>();
  /**
   * What undo and going back took back, latest last, for Redo: each the commands cut from the log,
   * in order (refused ones too, so the log reads the same again). Any other command clears it.
   */
  private readonly redoable: { command: Command; timedOut: boolean; dice?: readonly number[] }[][] = [];
  private redoing = false;

  constructor(
    readonly encounter: string,
    readonly setup: EncounterSetup,
    readonly seed: number,
  ) {
    this.state = createEncounter(setup, getRuleset(setup.ruleset));
    this.initial = this.state;
    this.source = new SeedOrGiven(new SeededDice(seed));
    this.dice = new RecordingDice(this.source);
  }

  get ruleset(): RulesetId {
    return this.setup.ruleset;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Send a command to the engine; the state moves on only when it is accepted. `timedOut` marks a
   * decline the prompt's countdown sent (its card says time ran out).
   */
  dispatch(command: Command, how: { timedOut?: boolean; dice?: readonly number[] } = {}): ApplyResult {
    // A new command after an undo is another road: what was undone cannot be redone on it.
    if (!this.redoing) this.redoable.length = 0;
    const before = this.dice.rolls.length;
    if (how.dice) this.source.give(how.dice);
    const result = apply(this.state, command, this.dice, getRuleset(this.state.ruleset));
    if (how.dice) this.source.give([]);
    const line: LogLine = {
      command,
      refusal: result.ok ? null : result.refusal,
      events: result.ok ? result.events : [],
      rolls: this.dice.rolls.slice(before),
      ...(how.timedOut === true ? { timedOut: true as const } : {}),
      ...(how.dice ? { recorded: [...how.dice] } : {}),
    };
    this.log.push(line);
    if (result.ok) this.state = result.state;
    this.states.push(this.state);
    for (const listener of this.listeners) listener(this, line);
    return result;
  }

  /** The state after log line `i` ran (a chat card is drawn from it, the same before and after a reload). */
  stateAfter(i: number): EncounterState {
    return this.states[i] ?? this.state;
  }

  /** The state before log line `i` ran. */
  stateBefore(i: number): EncounterState {
    return i <= 0 ? this.initial : (this.states[i - 1] ?? this.state);
  }

  /**
   * Undo: the last command, with Foundry's rules for undoing a move (src/foundry/rules
   * undoCheck): refused while reaction offers are open (their prompts are out); declines that
   * followed the command go with it, but a reaction taken against it makes it stand (a reaction
   * is never undone and taken twice); and a command that rolled dice stands (the dice are not
   * rolled again until they please). The first command, the start, is never undone. Refused
   * commands at the end of the log are dropped with it.
   */
  undoLast(): GoBack {
    if (this.state.offers.length > 0) return UNDO_REFUSED("OffersOpen");
    let at = this.log.length - 1;
    while (at >= 0) {
      const line = this.log[at];
      if (!line) break;
      if (line.refusal === null) {
        if (line.command.type !== "react") break;
        if (line.command.with !== "decline")
          return UNDO_REFUSED(this.goBack("turn").ok ? "ReactionTaken" : "ReactionTakenFirstTurn");
      }
      at -= 1;
    }
    const line = this.log[at];
    if (!line || at <= this.firstAccepted()) return UNDO_REFUSED("Nothing");
    if (line.rolls.length > 0) return UNDO_REFUSED(this.goBack("turn").ok ? "Rolled" : "RolledFirstTurn");
    return { ok: true, keep: at, undone: this.acceptedFrom(at) };
  }

  /**
   * Previous turn or round, as Foundry's tracker goes back (src/foundry/documents/combat.ts
   * goBack): drop the last command that started a new turn (or round) and everything after it;
   * the start is never undone.
   */
  goBack(to: "turn" | "round"): GoBack {
    const first = this.firstAccepted();
    const mark = (s: EncounterState) => (to === "round" ? String(s.round) : turnMark(s));
    for (let i = this.log.length - 1; i > first; i -= 1) {
      const line = this.log[i];
      if (!line || line.refusal !== null) continue;
      if (mark(this.stateBefore(i)) !== mark(this.states[i] ?? this.state))
        return { ok: true, keep: i, undone: this.acceptedFrom(i) };
    }
    return { ok: false, refusal: { key: "TEMPO.Refusal.NothingToRewind", data: {} } };
  }

  /**
   * Cut this session back to its first `keep` log lines, in place, without replaying: the state is
   * the one it had after the last kept line (the very object, so it shares every combatant the
   * command undone did not touch with the state now, and a view diffing the two by identity sees
   * only what was undone), and the dice stand where they stood then, so the dice that follow are
   * the ones a replay from the seed would roll (`truncated` is the same, replayed).
   */
  truncate(keep: number): void {
    if (!Number.isInteger(keep) || keep < 0 || keep >= this.log.length) return;
    this.redoable.push(
      this.log.slice(keep).map((line) => ({
        command: line.command,
        timedOut: line.timedOut === true,
        ...(line.recorded ? { dice: line.recorded } : {}),
      })),
    );
    const kept = this.log.slice(0, keep);
    // The seed goes on from where it stood: past the dice it rolled, not the ones a table log gave.
    const seed = new SeededDice(this.seed);
    for (const line of kept) if (!line.recorded) for (const r of line.rolls) seed.roll(r.faces);
    this.source = new SeedOrGiven(seed);
    this.dice = new RecordingDice(this.source);
    for (const line of kept) this.dice.rolls.push(...line.rolls);
    this.log.length = keep;
    this.states.length = keep;
    this.state = this.states[keep - 1] ?? this.initial;
    for (const listener of this.listeners) listener(this, null);
  }

  /** How many steps back Redo can take forward again. */
  get canRedo(): number {
    return this.redoable.length;
  }

  /**
   * Redo: send again the commands the last undo or step back took back, in order. The dice stand
   * where they stood before them (truncate), so they roll the same and each command ends as it
   * did. Returns the accepted lines, or null when there is nothing to redo.
   */
  redo(): LogLine[] | null {
    const commands = this.redoable.pop();
    if (!commands) return null;
    const from = this.log.length;
    this.redoing = true;
    try {
      for (const { command, timedOut, dice } of commands)
        this.dispatch(command, { ...(timedOut ? { timedOut } : {}), ...(dice ? { dice } : {}) });
    } finally {
      this.redoing = false;
    }
    return this.log.slice(from).filter((l) => l.refusal === null);
  }

  /** This session with only its first `keep` log lines: replayed from the seed, so the same dice. */
  truncated(keep: number): Session {
    const file = this.toFile();
    const timedOut = file.timedOut?.filter((i) => i < keep);
    return Session.fromFile({
      ...file,
      commands: this.log.slice(0, keep).map((l) => l.command),
      ...(timedOut && timedOut.length > 0 ? { timedOut } : { timedOut: undefined }),
      ...(file.dice ? { dice: file.dice.slice(0, keep) } : {}),
    });
  }

  private firstAccepted(): number {
    return this.log.findIndex((l) => l.refusal === null);
  }

  private acceptedFrom(at: number): LogLine[] {
    return this.log.slice(at).filter((l) => l.refusal === null);
  }

  toFile(): SessionFile {
    return {
      format: "tempo-playground-session",
      version: 1,
      ruleset: this.ruleset,
      encounter: this.encounter,
      setup: this.setup,
      seed: this.seed,
      commands: this.log.map((l) => l.command),
      rolls: this.dice.rolls.map((r) => ({ ...r })),
      ...timedOutOf(this.log),
      ...recordedOf(this.log),
    };
  }

  /**
   * Rebuild a session from a saved file: its commands run again over dice from its seed (so each
   * chat line gets its own dice back), and the result is checked against the engine's replay.
   */
  static fromFile(file: SessionFile): Session {
    const session = new Session(file.encounter, file.setup, file.seed);
    const initial = session.state;
    const timedOut = new Set(file.timedOut ?? []);
    file.commands.forEach((command, i) => {
      const dice = file.dice?.[i];
      session.dispatch(command, { timedOut: timedOut.has(i), ...(dice ? { dice } : {}) });
    });
    const check = new SeedOrGiven(new SeededDice(file.seed));
    let replayed = initial;
    file.commands.forEach((command, i) => {
      const dice = file.dice?.[i];
      if (dice) check.give(dice);
      replayed = replay(replayed, [command], check).state;
      if (dice) check.give([]);
    });
    if (JSON.stringify(replayed) !== JSON.stringify(session.state)) throw new SessionFileError("commands");
    return session;
  }
}

/** Commands that only pass the turn on: the start, Next, End turn, and a reaction let pass. */
function passesTurn(command: Command): boolean {
  return (
    command.type === "start" ||
    command.type === "next" ||
    command.type === "endTurn" ||
    (command.type === "react" && command.with === "decline")
  );
}

/**
 * How many of the commands a step back would take back are play (a move, an action, a reaction
 * taken, a GM's change), not only the turn passing on: a Previous turn or round that takes back
 * any asks first (issue 45: a Previous turn took back 16 commands without a word).
 */
export function playTakenBack(undone: readonly LogLine[]): number {
  return undone.filter((line) => line.refusal === null && !passesTurn(line.command)).length;
}

/** The `timedOut` field of a session file for `log`: absent when no countdown ran out. */
function timedOutOf(log: readonly LogLine[]): Pick<SessionFile, "timedOut"> {
  const places = log.flatMap((line, i) => (line.timedOut === true ? [i] : []));
  return places.length > 0 ? { timedOut: places } : {};
}

/** The `dice` field of a session file for `log`: absent when every die came from the seed. */
function recordedOf(log: readonly LogLine[]): Pick<SessionFile, "dice"> {
  if (!log.some((line) => line.recorded)) return {};
  return { dice: log.map((line) => (line.recorded ? [...line.recorded] : null)) };
}

/** Whether a file's `dice` is one list (or null) of whole numbers per command. */
function diceFault(dice: unknown, commands: number): boolean {
  if (dice === undefined) return false;
  if (!Array.isArray(dice) || dice.length > commands) return true;
  return !dice.every(
    (d) =>
      d === null ||
      (Array.isArray(d) &&
        d.length <= 10_000 &&
        d.every((v) => Number.isSafeInteger(v) && (v as number) >= 1)),
  );
}

/**
 * A session file that is not one this playground could have written: `field` names the first part
 * that is wrong (e.g. "setup.combatants.2.stats.agility"), so the loader can say so instead of
 * failing later inside the engine.
 */
export class SessionFileError extends Error {
  constructor(readonly field: string) {
    super(`session file: ${field} is missing, malformed or out of bounds`);
    this.name = "SessionFileError";
  }
}

/**
 * Read a session file's text: JSON that is a session file this playground wrote (parseSessionFile).
 * Text that is not JSON at all (cut short, another program's file) throws a SessionFileError whose
 * field is "json", so the loader can say so in a GM's words instead of the parser's.
 */
export function readSessionText(text: string): SessionFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SessionFileError("json");
  }
  return parseSessionFile(value);
}

/**
 * Why a session file was not loaded, as a localisation key and its data: not JSON, not a Tempo
 * session file, a ruleset this build does not have, commands that do not replay, or one field
 * named. Anything else (a bug, not the file) is named as the engine's failure.
 */
export function loadFailure(error: unknown): { key: string; data: Record<string, string> } {
  if (error instanceof SessionFileError) {
    const whole: Record<string, string> = {
      json: "TEMPO.Playground.Toast.NotJson",
      format: "TEMPO.Playground.Toast.NotSessionFile",
      version: "TEMPO.Playground.Toast.NotSessionFile",
      ruleset: "TEMPO.Playground.Toast.UnknownRuleset",
      commands: "TEMPO.Playground.Toast.BadCommands",
    };
    const key = whole[error.field];
    return key
      ? { key, data: {} }
      : { key: "TEMPO.Playground.Toast.BadSessionField", data: { field: error.field } };
  }
  return { key: "TEMPO.Playground.Toast.EngineError", data: { message: String(error) } };
}

/** The most commands a saved session replays on load (a long evening is a few thousand). */
const MAX_COMMANDS = 100_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Check the setup as the engine will: the grid, the options' shape, every combatant's bounds. */
function checkSetup(setup: unknown, ruleset: RulesetId): EncounterSetup {
  if (!isRecord(setup)) throw new SessionFileError("setup");
  if (setup.ruleset !== ruleset) throw new SessionFileError("setup.ruleset");
  if (setup.options !== undefined) {
    if (!isRecord(setup.options)) throw new SessionFileError("setup.options");
    for (const [key, value] of Object.entries(setup.options))
      if (typeof value !== "string") throw new SessionFileError(`setup.options.${key.slice(0, 64)}`);
  }
  const grid = setup.grid ?? { type: "none" };
  const gridField = gridFault(grid);
  if (gridField !== null) throw new SessionFileError(`setup.grid.${gridField}`);
  if (!Array.isArray(setup.combatants)) throw new SessionFileError("setup.combatants");
  const ids = new Set<string>();
  setup.combatants.forEach((c: unknown, index) => {
    const field = combatantSetupFault(c, grid as GridDescription);
    if (field !== null) throw new SessionFileError(`setup.combatants.${index}.${field}`);
    const id = (c as CombatantSetup).id;
    if (ids.has(id)) throw new SessionFileError(`setup.combatants.${index}.id`);
    ids.add(id);
  });
  return setup as unknown as EncounterSetup;
}

/**
 * Check a parsed JSON value is a session file this playground wrote, down to each combatant's
 * bounds; throws a SessionFileError naming the first bad field. Commands are not checked here:
 * replaying them through the engine refuses a malformed one like any other.
 */
export function parseSessionFile(value: unknown): SessionFile {
  if (!isRecord(value)) throw new SessionFileError("format");
  if (value.format !== "tempo-playground-session") throw new SessionFileError("format");
  if (value.version !== 1) throw new SessionFileError("version");
  const ruleset = value.ruleset;
  if (typeof ruleset !== "string" || !isRulesetId(ruleset)) throw new SessionFileError("ruleset");
  if (typeof value.encounter !== "string" || value.encounter.length > 64)
    throw new SessionFileError("encounter");
  if (!Number.isSafeInteger(value.seed)) throw new SessionFileError("seed");
  if (!Array.isArray(value.commands) || value.commands.length > MAX_COMMANDS)
    throw new SessionFileError("commands");
  if (value.rolls !== undefined && !Array.isArray(value.rolls)) throw new SessionFileError("rolls");
  const commandCount = value.commands.length;
  if (
    value.timedOut !== undefined &&
    (!Array.isArray(value.timedOut) ||
      !value.timedOut.every(
        (i) => Number.isSafeInteger(i) && (i as number) >= 0 && (i as number) < commandCount,
      ))
  )
    throw new SessionFileError("timedOut");
  if (diceFault(value.dice, commandCount)) throw new SessionFileError("dice");
  checkSetup(value.setup, ruleset);
  return value as unknown as SessionFile;
}
