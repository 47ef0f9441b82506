/**
 * The dice port: the only source of chance in the engine. Foundry's adapter answers with Foundry's
 * own randomness, tests with scripted values, the playground with a seeded generator.
 */
export interface DicePort {
  /** One die of `faces` faces: an integer from 1 to faces. */
  roll(faces: number): number;
}

/** Thrown when a scripted dice port has no value left; a host may roll more and apply again. */
export class DiceExhausted extends Error {
  constructor(readonly faces: number) {
    super(`a d${faces} was needed but no scripted die is left`);
    this.name = "DiceExhausted";
  }
}

/** Thrown when a scripted value cannot come from the die asked for. */
export class DieOutOfRange extends Error {
  constructor(
    readonly faces: number,
    readonly value: number,
  ) {
    super(`scripted value ${value} cannot come from a d${faces}`);
    this.name = "DieOutOfRange";
  }
}

/**
 * Carries an error the host's own dice port threw (or a value no die could show) out of a command
 * handler: apply hands the host its own error back (the adapter's dice loop learns what to roll
 * this way) instead of refusing it as an engine failure.
 */
export class DicePortError extends Error {
  constructor(readonly error: unknown) {
    super("the dice port failed");
    this.name = "DicePortError";
  }
}

/** Dice that answer from a list, in order, and remember what was asked. */
export class ScriptedDice implements DicePort {
  private index = 0;
  readonly asked: number[] = [];
  constructor(private readonly values: readonly number[]) {}
  roll(faces: number): number {
    const value = this.values[this.index];
    if (value === undefined) throw new DiceExhausted(faces);
    if (!Number.isInteger(value) || value < 1 || value > faces) throw new DieOutOfRange(faces, value);
    this.index += 1;
    this.asked.push(faces);
    return value;
  }
  /** How many scripted values were used. */
  get used(): number {
    return this.index;
  }
  get remaining(): number {
    return this.values.length - this.index;
  }
}

/** A small seeded generator (mulberry32) so a session can be replayed from its seed. */
export class SeededDice implements DicePort {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  roll(faces: number): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return 1 + Math.floor(unit * faces);
  }
  /** The generator's position, to save with a session. */
  get position(): number {
    return this.state;
  }
}

/** Records every die rolled through another port (for logs that replay with scripted dice). */
export class RecordingDice implements DicePort {
  readonly rolls: { faces: number; value: number }[] = [];
  constructor(private readonly inner: DicePort) {}
  roll(faces: number): number {
    const value = this.inner.roll(faces);
    this.rolls.push({ faces, value });
    return value;
  }
}
