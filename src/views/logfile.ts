/**
 * A fight's whole log as the file the playground's "Load log" opens (issue 44, "Export log"), so a
 * fight played in Foundry is replayed step by step in the browser. The playground's own session
 * file replays its commands over dice from its seed; a log from Foundry carries the dice each
 * command rolled at the table (`dice`, one list per command), and the playground replays each
 * command with its own dice (the seed rolls only for commands sent after it, in the browser).
 * Pure: the initial state and the entries in, plain JSON out.
 */
import type { Command, CombatantSetup, EncounterSetup, EncounterState, RulesetId } from "../engine";

export const LOG_FILE_FORMAT = "tempo-playground-session";

/** The file's shape (the playground's session file, src/playground/session.ts, reads it). */
export interface LogFile {
  format: typeof LOG_FILE_FORMAT;
  version: 1;
  ruleset: RulesetId;
  /** The playground's encounter picker's entry; a log from Foundry names its combat. */
  encounter: string;
  setup: EncounterSetup;
  seed: number;
  commands: Command[];
  rolls: { faces: number; value: number }[];
  /** Per command, the dice it used at the table (null: roll from the seed). Absent: all from the seed. */
  dice?: (number[] | null)[];
  timedOut?: number[];
}

/** The setup a state's combatants were made from (what a host knew of them before the fight). */
export function setupOf(state: EncounterState): EncounterSetup {
  const options: Record<string, string> = {};
  for (const [key, value] of Object.entries(state.options))
    if (typeof value === "string") options[key] = value;
  return {
    ruleset: state.ruleset,
    options,
    grid: state.grid,
    combatants: state.combatants.map((c): CombatantSetup => {
      const setup: CombatantSetup = {
        id: c.id,
        name: c.name,
        side: c.side,
        pc: c.pc,
        at: c.at === null ? null : [c.at[0], c.at[1]],
        size: c.size,
        reach: c.reach,
        stats: { ...c.stats },
        skills: { ...c.skills },
        tags: [...c.tags],
        surprised: c.surprised,
        marching: c.marching,
        unseen: c.unseen,
      };
      if (c.level !== undefined) setup.level = c.level;
      return setup;
    }),
  };
}

/** The encounter's name in the file: a safe id made from the combat's name (at most 64 characters). */
function encounterName(name: string): string {
  const id = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return `table-${id === "" ? "fight" : id}`;
}

/**
 * The file for a stored log: `initial` is the state before its first entry (a fight not started
 * yet, as the table stores it), `entries` every command with the dice it rolled, the archived early
 * ones first. The ones whose decline stood in for a countdown are marked `timedOut`.
 */
export function logFile(
  name: string,
  initial: EncounterState,
  entries: readonly { command: Command; dice: readonly number[]; timedOut?: boolean }[],
): LogFile {
  const timedOut = entries.flatMap((e, i) => (e.timedOut === true ? [i] : []));
  return {
    format: LOG_FILE_FORMAT,
    version: 1,
    ruleset: initial.ruleset,
    encounter: encounterName(name),
    setup: setupOf(initial),
    seed: 1,
    commands: entries.map((e) => e.command),
    rolls: [],
    dice: entries.map((e) => [...e.dice]),
    ...(timedOut.length > 0 ? { timedOut } : {}),
  };
}
