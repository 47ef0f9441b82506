/**
 * The playground's in-memory store: one encounter, the seed its dice come from, and every command
 * sent to the engine in order. The same seed and commands replay to the same state, so a session
 * is saved as {ruleset, encounter, seed, commands} and loaded back by replaying it.
 */
import {
  apply,
  createEncounter,
  getRuleset,
  RecordingDice,
  replay,
  SeededDice,
  type ApplyResult,
  type Command,
  type EncounterSetup,
  type EncounterState,
  type EngineEvent,
  type Refusal,
  type RulesetId,
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
}

export interface LogLine {
  command: Command;
  refusal: Refusal | null;
  events: EngineEvent[];
  /** Dice rolled while this command ran. */
  rolls: { faces: number; value: number }[];
}

export type Listener = (session: Session, last: LogLine | null) => void;

export class Session {
  state: EncounterState;
  readonly log: LogLine[] = [];
  private dice: RecordingDice;
  private readonly listeners = new Set<Listener>();

  constructor(
    readonly encounter: string,
    readonly setup: EncounterSetup,
    readonly seed: number,
  ) {
    this.state = createEncounter(setup, getRuleset(setup.ruleset));
    this.dice = new RecordingDice(new SeededDice(seed));
  }

  get ruleset(): RulesetId {
    return this.setup.ruleset;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Send a command to the engine; the state moves on only when it is accepted. */
  dispatch(command: Command): ApplyResult {
    const before = this.dice.rolls.length;
    const result = apply(this.state, command, this.dice, getRuleset(this.state.ruleset));
    const line: LogLine = {
      command,
      refusal: result.ok ? null : result.refusal,
      events: result.ok ? result.events : [],
      rolls: this.dice.rolls.slice(before),
    };
    this.log.push(line);
    if (result.ok) this.state = result.state;
    for (const listener of this.listeners) listener(this, line);
    return result;
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
    };
  }

  /**
   * Rebuild a session from a saved file: its commands run again over dice from its seed (so each
   * chat line gets its own dice back), and the result is checked against the engine's replay.
   */
  static fromFile(file: SessionFile): Session {
    const session = new Session(file.encounter, file.setup, file.seed);
    const initial = session.state;
    for (const command of file.commands) session.dispatch(command);
    const replayed = replay(initial, file.commands, new SeededDice(file.seed)).state;
    if (JSON.stringify(replayed) !== JSON.stringify(session.state))
      throw new Error("replay diverged from the session");
    return session;
  }
}

/** Check a parsed JSON value is a session file this playground wrote. */
export function parseSessionFile(value: unknown): SessionFile {
  if (typeof value !== "object" || value === null) throw new Error("not a session file");
  const file = value as Partial<SessionFile>;
  if (file.format !== "tempo-playground-session" || file.version !== 1) throw new Error("not a session file");
  if (
    typeof file.seed !== "number" ||
    !Array.isArray(file.commands) ||
    typeof file.setup !== "object" ||
    file.setup === null
  )
    throw new Error("session file is incomplete");
  if (typeof file.encounter !== "string" || typeof file.ruleset !== "string")
    throw new Error("session file is incomplete");
  return file as SessionFile;
}
