/**
 * Scale benchmark: per ruleset, on hex scenes of N combatants, the medians of one command of each
 * kind, of a ruler update, of a write's size and of a 500-command replay (see bench/run.ts).
 *
 * Scenes: N medium combatants on two alternating sides, two cells apart on a hex grid (nobody
 * threatens anybody at the start). Before timing, the combatant whose turn it is is placed (GM
 * `place`, untimed) next to an enemy for the provoking move and the attack.
 */
import {
  RecordingDice,
  SeededDice,
  apply,
  checkpointLog,
  createEncounter,
  reversePatch,
  stateBack,
  getRuleset,
  type Step,
  type Cell,
  type Command,
  type EncounterState,
  type Ruleset,
  type RulesetId,
  combatantIn,
} from "../src/engine";
import { buildSpatialIndex, neighbours } from "../src/engine/grid";
import { bodiesOf, spatialIndexOf } from "../src/engine/core/movement";
import { decide } from "../src/foundry/channel/writer";
import { unsavedCombat, type StoredCombat } from "../src/foundry/store/stored";
import { STORAGE_LAYOUT, combatUpdateData, combatWrite, type CombatWrite, type StoredPieces } from "../src/foundry/store/pieces";
import { rewind } from "../src/foundry/store/horizon";
import { type LogEntry } from "../src/foundry/store/log";
import type { DieRoller } from "../src/foundry/channel/dice";

export const RULESET_ORDER: RulesetId[] = ["flow", "rating", "segments", "phases", "marching"];
export const COMMAND_KINDS = ["move", "provoking move", "act hit", "react", "next", "endTurn"] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/**
 * A full garbage collection, when the bench runs with `--expose-gc` (npm run bench does): the
 * garbage earlier work left (a scene of 2,000 built just before, the figures timed before) is
 * collected before a figure's warm-up, not charged to the samples of whatever is timed next.
 *
 * Before the warm-up, not between it and the clock: a full collection throws away the optimised
 * code of every function that embedded a hidden class no live object has any more (V8 deoptimises
 * it, "weak objects"), and the objects of a command that is applied again and again to one state
 * live only during that command. Collected right before the clock, the engine then ran its first
 * hundred samples unoptimised: flow's hit at N = 200 timed 0.098 ms that way and 0.046 ms
 * collected before its warm-up (28 November 2026), the figure of the running table, where a full
 * collection is rare and the commands between two of them run optimised.
 */
export function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) gc();
}

/** Median ms of `run` over `samples` calls, after a collection and then `warm` untimed calls. */
export function timeMedian(samples: number, run: () => void, warm = 2): number {
  collect();
  for (let k = 0; k < warm; k++) run();
  const times: number[] = [];
  for (let k = 0; k < samples; k++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return median(times);
}

const STATS: Record<string, number> = {
  agility: 1,
  initiativeRating: 2,
  luck: 1,
  maxAp: 5,
  dexterity: 12,
  combatValue: 5,
  movement: 6,
  ocv: 5,
  dcv: 3,
};

/** Cells two apart in rows of a hex grid, around the origin. */
function layout(n: number): Cell[] {
  const width = Math.ceil(Math.sqrt(n));
  return Array.from({ length: n }, (_, k): Cell => [2 * (k % width), 2 * Math.floor(k / width)]);
}

export function scene(ruleset: Ruleset, n: number): EncounterState {
  const stats = Object.fromEntries(Object.entries(STATS).filter(([k]) => ruleset.stats.includes(k)));
  const cells = layout(n);
  return createEncounter(
    {
      ruleset: ruleset.id,
      grid: { type: "hex" },
      combatants: cells.map((at, k) => ({
        id: `c${k}`,
        name: `C${k}`,
        side: k % 2 === 0 ? "party" : "foes",
        pc: k % 2 === 0,
        at,
        marching: ruleset.id === "marching" && k < 99 ? k + 1 : null,
        stats,
      })),
    },
    ruleset,
  );
}

function accepted(
  state: EncounterState,
  command: Command,
  ruleset: Ruleset,
  seed = 7,
): EncounterState | null {
  const result = apply(state, command, new SeededDice(seed), ruleset);
  return result.ok ? result.state : null;
}

/** A started encounter with someone to act: start, and whatever the ruleset needs before a turn. */
export function started(ruleset: Ruleset, n: number): EncounterState {
  let state = scene(ruleset, n);
  state = accepted(state, { type: "start" }, ruleset) ?? state;
  if (ruleset.id === "marching") {
    const lead = state.roster.find((id) => combatantIn(state, id)?.side === "party") ?? "c0";
    state = accepted(state, { type: "choose", who: lead, initiative: "take" }, ruleset) ?? state;
  }
  // Segments open with declarations; pass stages until somebody's turn comes.
  for (let k = 0; k < 12 && state.current === null; k++)
    state = accepted(state, { type: "next" }, ruleset) ?? state;
  return state;
}

/** The nearest enemy of `who` and the cell beside it where `who` is put for the provoking move. */
function besideAnEnemy(state: EncounterState, who: string): { enemy: string; cell: Cell } | null {
  const c = combatantIn(state, who);
  if (!c?.at) return null;
  const index = buildSpatialIndex(state.grid, bodiesOf(state));
  for (const id of state.roster) {
    const e = combatantIn(state, id);
    if (!e?.at || e.side === c.side || e.defeated) continue;
    for (const cell of neighbours(state.grid, e.at))
      if (index.occupantsAt(cell).length === 0) return { enemy: id, cell };
  }
  return null;
}

/** A free neighbour of `from` that nobody threatens and no enemy stands beside. */
function quietStep(state: EncounterState, who: string, from: Cell): Cell | null {
  const index = buildSpatialIndex(state.grid, bodiesOf(state));
  return (
    neighbours(state.grid, from).find(
      (cell) =>
        index.occupantsAt(cell).length === 0 &&
        index.threatenersOf(cell).every((id) => !index.isEnemy(who, id)),
    ) ?? null
  );
}

export interface Scenario {
  /** The state and command timed for each kind, when the ruleset has one. */
  commands: Partial<Record<CommandKind, { state: EncounterState; command: Command }>>;
}

/** Commands of each kind that the engine accepts, found on a started scene of N. */
export function scenario(ruleset: Ruleset, n: number): Scenario {
  const base = started(ruleset, n);
  const out: Scenario = { commands: {} };
  const who = base.current;
  if (!who) return out;
  const me = combatantIn(base, who);
  out.commands.next = { state: base, command: { type: "next" } };
  out.commands.endTurn = { state: base, command: { type: "endTurn", who } };
  if (accepted(base, out.commands.endTurn.command, ruleset) === null) delete out.commands.endTurn;
  if (me?.at) {
    const step = quietStep(base, who, me.at);
    if (step) {
      const command: Command = { type: "move", who, path: [step] };
      if (accepted(base, command, ruleset)) out.commands.move = { state: base, command };
    }
  }
  const spot = besideAnEnemy(base, who);
  const placed = spot ? accepted(base, { type: "place", who, at: spot.cell }, ruleset) : null;
  if (spot && placed) {
    // Away from the enemy: the first neighbour from which the move is accepted and held.
    for (const cell of neighbours(placed.grid, spot.cell)) {
      const command: Command = { type: "move", who, path: [cell] };
      const result = apply(placed, command, new SeededDice(7), ruleset);
      if (!result.ok) continue;
      if (result.events.some((e) => e.type === "movePaused")) {
        out.commands["provoking move"] = { state: placed, command };
        const offer = result.state.offers[0];
        if (offer) {
          const react: Command = { type: "react", who: offer.who, with: "decline", against: offer.against };
          if (accepted(result.state, react, ruleset))
            out.commands.react = { state: result.state, command: react };
        }
        break;
      }
    }
    // An attack that hits: the first attacking action the engine takes against the enemy.
    for (const action of Object.values(ruleset.actions)) {
      if (action.target !== "enemy" && action.target !== "any") continue;
      const command: Command = { type: "act", who, action: action.id, target: spot.enemy, outcome: "hit" };
      if (action.cost === null) command.cost = 1;
      if (accepted(placed, command, ruleset)) {
        out.commands["act hit"] = { state: placed, command };
        break;
      }
    }
  }
  return out;
}

/**
 * How a command is timed:
 * - `held`: on the state the GM's client holds, which is the state its last command made (the
 *   writer reads its own write back as that very object, store/caches.ts keepWritten), with the
 *   scene index that command carried to it (core/movement.ts carryIndex; built here before the
 *   clock starts, as the command before would have). This is every command at a running table.
 * - `new`: on a state new to the client, a JSON copy made before the clock starts: the first
 *   command after the GM reloads (or takes over from another GM), which reads every combatant
 *   once to build the scene index.
 */
export type CommandTiming = "held" | "new";

/**
 * Median ms of applying `command` to `state` (the dice seeded afresh each time), timed as `timing`
 * says, after `warm` untimed applies (see timeMedian).
 */
export function commandMedian(
  ruleset: Ruleset,
  state: EncounterState,
  command: Command,
  samples: number,
  timing: CommandTiming = "held",
  warm = 2,
): number {
  if (timing === "held") {
    spatialIndexOf(state);
    return timeMedian(samples, () => apply(state, command, new SeededDice(7), ruleset), warm);
  }
  const text = JSON.stringify(state);
  const fresh = Array.from({ length: samples + warm }, () => JSON.parse(text) as EncounterState);
  let k = 0;
  return timeMedian(
    samples,
    () => {
      apply(fresh[k++] as EncounterState, command, new SeededDice(7), ruleset);
    },
    warm,
  );
}

/** A path of `length` cells from the mover, through free cells where it can. */
export function dragPath(state: EncounterState, who: string, length: number): Cell[] {
  const c = combatantIn(state, who);
  if (!c?.at) return [];
  const index = buildSpatialIndex(state.grid, bodiesOf(state));
  const path: Cell[] = [];
  let at = c.at;
  const seen = new Set([`${at[0]},${at[1]}`]);
  for (let k = 0; k < length; k++) {
    const around = neighbours(state.grid, at);
    const next =
      around.find((x) => !seen.has(`${x[0]},${x[1]}`) && index.occupantsAt(x).length === 0) ?? around[0];
    if (!next) break;
    seen.add(`${next[0]},${next[1]}`);
    path.push(next);
    at = next;
  }
  return path;
}

/** Ruler updates: the same state (its index reused) and the first update after a write (a new state). */
export function rulerMedians(ruleset: Ruleset, n: number): { same: number; afterWrite: number } | null {
  const preview = ruleset.previewMove;
  if (!preview) return null;
  const state = started(ruleset, n);
  const who = state.current;
  if (!who) return null;
  const path = dragPath(state, who, 10);
  const same = timeMedian(n >= 10_000 ? 21 : 101, () => preview(state, who, path, "normal"));
  // A write gives the host a new state object: nothing of the previous one's index can be reused.
  const fresh = Array.from({ length: n >= 10_000 ? 5 : 15 }, () => structuredClone(state));
  let k = 0;
  const afterWrite = timeMedian(fresh.length - 2, () =>
    preview(fresh[k++] as EncounterState, who, path, "normal"),
  );
  return { same, afterWrite };
}

/**
 * The size of the Combat update one ordinary command (a `next`) writes at N combatants after
 * `history` commands: the JSON of the object the adapter passes to Combat#update
 * (combatUpdateData), decided by the adapter's own `decide` with its dice loop. The document's
 * held pieces follow each update as Foundry merges it (keys set, `-=` keys deleted). Marching's
 * rounds open with the party's initiative choice, made where the engine waits for it.
 */
export async function writeSize(ruleset: Ruleset, n: number, history: number): Promise<number> {
  const initial = scene(ruleset, n);
  const ids = initial.roster;
  const lead = ids.find((id) => combatantIn(initial, id)?.side === "party") ?? "c0";
  let rolled = 0;
  const roller: DieRoller = async (faces) => ({ faces, value: (rolled++ % faces) + 1 });
  let stored: StoredCombat = unsavedCombat(initial, ids);
  const held: StoredPieces = { layout: STORAGE_LAYOUT, state: {}, combatants: {}, log: {} };
  const hold = (write: CombatWrite): number => {
    const data = combatUpdateData(write, held);
    for (const piece of ["state", "combatants", "log"] as const) {
      const into = held[piece] as Record<string, unknown>;
      for (const [key, value] of Object.entries(data.system[piece]))
        if (key.startsWith("-=")) delete into[key.slice(2)];
        else into[key] = value;
    }
    stored = { ...write.system, log: [...write.system.log], ids, saved: true, checkpoint: initial };
    return JSON.stringify(data).length;
  };
  const step = async (command: Command): Promise<number | null> => {
    const decision = await decide(stored, [command], roller, "gm");
    return decision.ok ? hold(decision.write) : null;
  };
  // The start rolls everybody's initiative: applied here with recorded dice, as the GM's client
  // logs it (the adapter's dice loop, which applies again per die, is left out at this size).
  const recording = new RecordingDice(new SeededDice(5));
  const begun = apply(initial, { type: "start" }, recording, ruleset);
  if (!begun.ok) return NaN;
  const start = {
    command: { type: "start" } as Command,
    dice: recording.rolls.map((r) => r.value),
    userId: "gm",
  };
  hold(
    combatWrite(begun.state, stored, { keep: 0, append: [start] }, { entries: [], rewound: false }, 1, ids),
  );
  const ordinary = (): Command =>
    ruleset.id === "marching" && stored.state.stage === "choose"
      ? { type: "choose", who: lead, initiative: "take" }
      : { type: "next" };
  for (let k = 0; k < history; k++) if ((await step(ordinary())) === null) return NaN;
  // The measured write is a `next` (marching: its choice first, if the round opens with one).
  if (ordinary().type !== "next" && (await step(ordinary())) === null) return NaN;
  return (await step({ type: "next" })) ?? NaN;
}

/**
 * A 500-entry log at N combatants (moves where accepted, else next), each entry with its dice as
 * the adapter logs them, and its checkpoints (engine/replay.ts). `rewind`: the median time of
 * the replay going back costs at the worst place (the state just before a checkpoint: the most
 * steps from the one before); `full`: replaying the whole log from the start, what the writer
 * does once to make the checkpoints after a reload. After a reload nothing is in memory: `turnBack`
 * is the adapter's previous turn (store/horizon.ts rewind) from the stored state and the entries'
 * reverse patches, with no checkpoints; `toStart` goes back from the last entry to the first
 * through every reverse patch, the most any rewind applies.
 */
export function replayMedians(
  ruleset: Ruleset,
  n: number,
  length: number,
): { entries: number; rewind: number; full: number; turnBack: number; toStart: number } {
  const first = started(ruleset, n);
  const dice = new SeededDice(99);
  const steps: Step[] = [];
  const log: LogEntry[] = [];
  let state = first;
  // Each entry: a decline of the first open reaction offer, else a one-cell move of the combatant
  // whose turn it is (every other entry), else the end of its turn, else `next`; the first the
  // engine accepts.
  for (let k = 0; steps.length < length && k < 4 * length; k++) {
    const who = state.current;
    const c = who ? combatantIn(state, who) : undefined;
    const tries: Command[] = [];
    const offer = state.offers[0];
    if (offer) tries.push({ type: "react", who: offer.who, with: "decline", against: offer.against });
    if (who && c?.at && k % 2 === 0)
      tries.push({ type: "move", who, path: [neighbours(state.grid, c.at)[k % 6] as Cell] });
    if (who) tries.push({ type: "endTurn", who });
    tries.push({ type: "next" });
    for (const command of tries) {
      const recording = new RecordingDice(dice);
      const result = apply(state, command, recording, ruleset);
      if (!result.ok) continue;
      log.push({
        command,
        dice: recording.rolls.map((r) => r.value),
        userId: "gm",
        undo: reversePatch(state, result.state),
      });
      state = result.state;
      steps.push({ command, dice: recording.rolls.map((r) => r.value) });
      break;
    }
  }
  const { checkpoints } = checkpointLog(first, steps);
  const every = checkpoints.every;
  const worst = Math.floor((steps.length - 1) / every) * every + (every - 1);
  const at = Math.min(steps.length, worst);
  return {
    entries: steps.length,
    rewind: timeMedian(9, () => checkpoints.stateAt(steps, at), 2),
    full: timeMedian(3, () => checkpointLog(first, steps), 1),
    ...afterReload(state, log),
  };
}

/** Going back with only what the Combat stores (a GM who just loaded): see replayMedians. */
function afterReload(last: EncounterState, log: LogEntry[]): { turnBack: number; toStart: number } {
  // The state as a reloaded client reads it: a JSON copy, sharing nothing with the log's states.
  const stored = { state: JSON.parse(JSON.stringify(last)) as EncounterState, log };
  const none = () => {
    throw new Error("bench: a rewind asked for checkpoints although every entry has its reverse patch");
  };
  const patches = log.map((e) => e.undo);
  return {
    turnBack: timeMedian(9, () => rewind(stored, none, "turn"), 2),
    toStart: timeMedian(9, () => stateBack(stored.state, patches, 1), 2),
  };
}

export function rulesetOf(id: RulesetId): Ruleset {
  return getRuleset(id);
}
