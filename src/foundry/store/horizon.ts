/**
 * The log's horizon: how many rounds the stored log keeps (older entries move to the archive,
 * store/archive.ts), and going back along the log (rewind, stateAt).
 */
import {
  type Checkpoints,
  type EncounterState,
  lastChangeBack,
  checkpointLog,
  stateBack,
} from "../../engine";
import { type LogEntry } from "./log";
import { type CombatWrite } from "./pieces";

export interface Rewind {
  /** How many log entries to keep. */
  keep: number;
  state: EncounterState;
}

/**
 * Going back a turn or a round: the log without the last command that changed the turn (or the
 * round) and without anything after it. The engine is deterministic and each entry keeps its
 * dice, so the state is the one the table had before that command. Found from the stored state
 * and the entries' reverse patches, without replaying (engine/replay.ts stateBack); where an entry
 * has none (logged by an older version), replayed from the nearest of the writer's checkpoints
 * (`checkpoints`, asked for only then: making them replays the held log once). The first command
 * (`start`) is never undone; where the Combat holds the log from a checkpoint on (`base` > 0,
 * trimLog), its first held entry may be. Null when the log held has nothing to go back to:
 * `tooFar` then says whether entries before the horizon would have (the GM is told it is too far
 * back, not that there is nothing).
 */
export function rewind(
  stored: { state: EncounterState; log: readonly LogEntry[]; base?: number },
  checkpoints: () => Checkpoints,
  to: "turn" | "round",
): Rewind | null {
  const first = (stored.base ?? 0) > 0 ? 0 : 1;
  const patches = stored.log.map((e) => e.undo);
  const found = lastChangeBack(stored.state, patches, to, first);
  const keep = found === undefined ? checkpoints().lastChange(to, first) : found;
  if (keep === null) return null;
  return { keep, state: stateAt(stored, checkpoints, keep) };
}

/**
 * The state after the first `keep` entries of the stored log: the reverse patches of the entries
 * after them applied to the stored state, or (an entry without one) replayed from the nearest
 * checkpoint.
 */
export function stateAt(
  stored: { state: EncounterState; log: readonly LogEntry[] },
  checkpoints: () => Checkpoints,
  keep: number,
): EncounterState {
  const patches = stored.log.map((e) => e.undo);
  return stateBack(stored.state, patches, keep) ?? checkpoints().stateAt(stored.log, keep);
}

/**
 * How many log entries a Combat holds at most, whatever the horizon the GM set: with TRIM_CHUNK,
 * the bound of a stored fight (docs/foundry-internals.md, "The log's horizon").
 */
export const LOG_CAP = 400;
/**
 * The horizon moves by at least this many entries at a time, so the checkpoint (a whole state) is
 * written once per so many commands, not with every one.
 */
export const TRIM_CHUNK = 50;
/** How many rounds the log keeps by default: the current one and the one before it. */
export const DEFAULT_HORIZON_ROUNDS = 2;

/**
 * The first entry (an index into `log`) of the log the horizon keeps: the entry that began the
 * oldest of the last `rounds` rounds (found from the reverse patches, walking back from the end:
 * an entry whose patch names `round` changed the round), and never more than LOG_CAP entries. An
 * entry without a patch stops the walk (what lies before it is kept).
 */
export function horizonOf(log: readonly LogEntry[], rounds: number): number {
  let found = 0;
  let seen = 0;
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const patch = log[i]?.undo;
    if (!patch) break;
    if (Object.hasOwn(patch.state, "round")) {
      seen += 1;
      if (seen >= rounds) {
        found = i;
        break;
      }
    }
  }
  return Math.max(found, log.length - LOG_CAP);
}

/** Entries a write moved past the horizon, with the absolute index of the first. */
export interface Dropped {
  from: number;
  entries: LogEntry[];
}

/**
 * Move the horizon of a write's log (horizonOf) when it has passed at least TRIM_CHUNK entries:
 * the entries before it leave the Combat (returned, for the archive), `base` moves on by as many,
 * and the state after them becomes the checkpoint, found from the reverse patches of the entries
 * kept (or, where one has none, replayed from the Combat's checkpoint: `replayFrom`). Otherwise the
 * write is given back as it is. A write's cost stays what it changed: the walk is bounded by
 * LOG_CAP + TRIM_CHUNK entries, and the checkpoint is written once per TRIM_CHUNK commands at most.
 */
export function trimLog(
  write: CombatWrite,
  rounds: number,
  replayFrom: () => EncounterState,
): { write: CombatWrite; dropped: Dropped | null } {
  const { log, state, base, logFrom } = write.system;
  const cut = horizonOf(log, Math.max(1, Math.floor(rounds)));
  if (cut < TRIM_CHUNK) return { write, dropped: null };
  const checkpoint =
    stateBack(
      state,
      log.map((e) => e.undo),
      cut,
    ) ?? checkpointLog(replayFrom(), log.slice(0, cut)).state;
  return {
    write: {
      ...write,
      system: {
        ...write.system,
        log: log.slice(cut),
        base: base + cut,
        logFrom: Math.max(0, logFrom - cut),
        checkpoint,
      },
    },
    dropped: { from: base, entries: log.slice(0, cut) },
  };
}
