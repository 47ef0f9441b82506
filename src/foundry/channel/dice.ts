/**
 * Dice in Foundry. The engine asks a synchronous dice port; Foundry's rolls are asynchronous. So
 * the adapter applies a command with scripted dice holding the results rolled so far; when the
 * engine wants one more (DiceExhausted), real dice are rolled and the command applied again from
 * the same state. The engine is deterministic, so each pass repeats the last one up to the new
 * dice. Past its first ROLL_AHEAD_AFTER dice, a pass that runs out rolls ahead: as many more dice
 * of the faces asked as it has rolled so far, so a command that rolls N dice of one kind (flow's
 * start: everybody's initiative) takes about log2(N) passes instead of N. A die rolled ahead that the engine never
 * uses, or that turns out to be of other faces than the engine asks for next, is discarded: it is
 * in no log and never posted to chat (DieRoller.discard).
 */
import {
  DiceExhausted,
  DieOutOfRange,
  apply,
  type DicePort,
  type ApplyResult,
  type Command,
  type EncounterState,
  type Ruleset,
} from "../../engine";

/** One die rolled for a command: its faces and the result. */
export interface RolledDie {
  faces: number;
  value: number;
}

/**
 * Rolls one real die; in Foundry a `Roll` of "1d<faces>", in tests a scripted function. `discard`
 * forgets the last `count` dice it rolled (rolled ahead and never used): the Foundry roller drops
 * their Rolls so that chat shows only the dice the command used.
 */
export type DieRoller = ((faces: number) => Promise<RolledDie>) & { discard?: (count: number) => void };

export interface DiceLoopResult {
  result: ApplyResult;
  /** Every die the accepted (or refused) command used, in the order the engine asked. */
  dice: RolledDie[];
}

/**
 * A command that keeps asking for dice past this is a bug, not a fight: a few hundred dice, plus
 * ten for every combatant (flow's start rolls everybody's initiative and the roll-offs of ties, so
 * the dice a command may rightly ask for grow with the number of combatants).
 */
export const MAX_DICE_PER_COMMAND = 500;
export const MAX_DICE_PER_COMBATANT = 10;

/**
 * Dice rolled one at a time before a command's dice are rolled ahead: an ordinary command (an
 * attack, a reaction, a start of a few) rolls exactly the dice it uses, one pass each.
 */
export const ROLL_AHEAD_AFTER = 16;

/** The most dice one command may ask for in `state`. */
export function diceLimit(state: EncounterState): number {
  return MAX_DICE_PER_COMMAND + MAX_DICE_PER_COMBATANT * state.roster.length;
}

/**
 * The port of one pass: the known dice first (`given`, from a log), then the dice rolled so far;
 * a die of other faces than the engine asks for counts as no die (DiceExhausted at that point).
 */
class AheadDice implements DicePort {
  private index = 0;
  readonly asked: number[] = [];
  constructor(
    private readonly given: readonly number[],
    private readonly rolled: readonly RolledDie[],
  ) {}
  roll(faces: number): number {
    const i = this.index;
    const die: RolledDie | undefined =
      i < this.given.length ? { faces, value: this.given[i] as number } : this.rolled[i - this.given.length];
    if (!die || die.faces !== faces) throw new DiceExhausted(faces);
    if (!Number.isInteger(die.value) || die.value < 1 || die.value > faces)
      throw new DieOutOfRange(faces, die.value);
    this.index += 1;
    this.asked.push(faces);
    return die.value;
  }
  /** How many dice this pass used. */
  get used(): number {
    return this.index;
  }
}

/**
 * Apply `command` to `state`, rolling real dice as the engine asks for them. `given` are dice
 * already known (a replay); more are rolled only when those run out.
 */
export async function applyWithDice(
  state: EncounterState,
  command: Command,
  ruleset: Ruleset,
  roll: DieRoller,
  given: readonly number[] = [],
): Promise<DiceLoopResult> {
  const rolled: RolledDie[] = [];
  const limit = diceLimit(state);
  // Drop the dice rolled past the first `keep`: rolled ahead and not (or no longer) of use.
  const keepOnly = (keep: number): void => {
    const spare = rolled.length - keep;
    if (spare <= 0) return;
    rolled.length = keep;
    roll.discard?.(spare);
  };
  for (;;) {
    const port = new AheadDice(given, rolled);
    try {
      const result = apply(state, command, port, ruleset);
      keepOnly(Math.max(0, port.used - given.length));
      // The dice this pass used, with the faces the engine asked for.
      const used = port.asked.map((faces, i) => ({
        faces,
        value: i < given.length ? (given[i] as number) : (rolled[i - given.length] as RolledDie).value,
      }));
      return { result, dice: used };
    } catch (error) {
      if (!(error instanceof DiceExhausted)) throw error;
      keepOnly(Math.max(0, port.used - given.length));
      if (rolled.length >= limit)
        throw new Error(`Tempo: "${command.type}" asked for more than ${limit} dice`);
      const ahead =
        rolled.length < ROLL_AHEAD_AFTER ? 1 : Math.max(1, Math.min(rolled.length, limit - rolled.length));
      for (let k = 0; k < ahead; k += 1) rolled.push(await roll(error.faces));
    }
  }
}

/** Foundry's roller: a real `Roll`, kept so it can be shown in chat. */
export function foundryRoller(rolls: Roll[]): DieRoller {
  const roller: DieRoller = async (faces) => {
    const roll = await new Roll(`1d${faces}`).evaluate();
    rolls.push(roll);
    return { faces, value: roll.total ?? 0 };
  };
  // Dice rolled ahead and never used are the last ones rolled: they leave the list before chat.
  roller.discard = (count) => {
    rolls.splice(Math.max(0, rolls.length - count), count);
  };
  return roller;
}

/**
 * A write's chat message with the mode it should have. Where a GM gave the command (an NPC's
 * attack, a GM's start, a GM's own automatic writes), the message follows the mode the writing
 * GM's client has chosen in its chat controls, applied by core's own method, so private and blind
 * rolls stay hidden from players as core's own rolls do. v14 has `ChatMessage.applyMode(chatData,
 * mode)` with the client setting `core.messageMode`, and deprecates `applyRollMode` and
 * `core.rollMode` (removal planned for v16: foundryvtt/dnd5e#6958, Muttley/foundryvtt-fallout#744):
 * wherever `applyMode` exists it is used with `core.messageMode` and the old pair is never touched,
 * so no write logs a deprecation warning. v13 has only `ChatMessage.applyRollMode(chatData,
 * rollMode)` with `core.rollMode`
 * (https://foundryvtt.com/api/v13/classes/foundry.documents.ChatMessage.html#applyrollmode).
 * Whatever the setting holds is handed back to the same method, never named here. A player's
 * command is rolled in the open.
 */
export function withRollMode<T extends object>(data: T, byGM: boolean): T {
  if (!byGM) return data;
  const chat = ChatMessage as unknown as { applyMode?: unknown; applyRollMode?: unknown };
  const v14 = typeof chat.applyMode === "function";
  const apply = v14 ? chat.applyMode : chat.applyRollMode;
  if (typeof apply !== "function") return data;
  const mode: unknown = v14
    ? game.settings?.get("core", "messageMode")
    : game.settings?.get("core", "rollMode");
  if (typeof mode !== "string" || mode === "") return data;
  const out = { ...data };
  (apply as (chatData: object, mode: string) => unknown).call(ChatMessage, out, mode);
  return out;
}
