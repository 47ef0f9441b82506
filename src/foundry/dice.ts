/**
 * Dice in Foundry. The engine asks a synchronous dice port; Foundry's rolls are asynchronous. So
 * the adapter applies a command with scripted dice holding the results rolled so far; when the
 * engine wants one more (DiceExhausted), a real die is rolled and the command applied again from
 * the same state. The engine is deterministic, so each pass repeats the last one up to the new die
 * and the loop ends after as many passes as the command rolls dice.
 */
import {
  DiceExhausted,
  ScriptedDice,
  apply,
  type ApplyResult,
  type Command,
  type EncounterState,
  type Ruleset,
} from "../engine";

/** One die rolled for a command: its faces and the result. */
export interface RolledDie {
  faces: number;
  value: number;
}

/** Rolls one real die; in Foundry a `Roll` of "1d<faces>", in tests a scripted function. */
export type DieRoller = (faces: number) => Promise<RolledDie>;

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

/** The most dice one command may ask for in `state`. */
export function diceLimit(state: EncounterState): number {
  return MAX_DICE_PER_COMMAND + MAX_DICE_PER_COMBATANT * state.roster.length;
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
  const dice: RolledDie[] = [];
  const values: number[] = [...given];
  const limit = diceLimit(state);
  for (;;) {
    const port = new ScriptedDice(values);
    try {
      const result = apply(state, command, port, ruleset);
      // Keep only the dice this pass used, with the faces the engine asked for.
      const used = port.asked.map((faces, i) => ({ faces, value: values[i] ?? 0 }));
      return { result, dice: used };
    } catch (error) {
      if (!(error instanceof DiceExhausted)) throw error;
      if (dice.length >= limit) throw new Error(`Tempo: "${command.type}" asked for more than ${limit} dice`);
      const die = await roll(error.faces);
      dice.push(die);
      values.push(die.value);
    }
  }
}

/** Foundry's roller: a real `Roll`, kept so it can be shown in chat. */
export function foundryRoller(rolls: Roll[]): DieRoller {
  return async (faces) => {
    const roll = await new Roll(`1d${faces}`).evaluate();
    rolls.push(roll);
    return { faces, value: roll.total ?? 0 };
  };
}
