/**
 * A long fight (issue 29, "A log that stays small"): Tempo's own work in the writer path per
 * command, after 100, 5,000 and 20,000 commands at N = 20, and what the Combat then stores.
 *
 * The writer path as the GM's client runs it (src/foundry/channel/writer.ts writeDecision): read the
 * stored combat through the client's caches (readStored), decide the command (decide, with the
 * adapter's dice loop), move the log's horizon (trimLog, and pack what leaves the Combat for the
 * archive: packChunk), make the update (combatUpdateData) and tell the caches what it stands for
 * (keepWritten). Foundry's own work (sending the update, merging it into the document) is left
 * out: the update is merged into the held pieces here, untimed, as Foundry merges it.
 *
 * The fight: flow on a hex scene of N combatants (bench/scale.ts scene); the GM alternates an AP
 * adjustment of the combatant whose turn it is and `next`, so a round is about 2N commands and the
 * horizon (the default, two rounds) moves every TRIM_CHUNK commands or so.
 */
import { RecordingDice, SeededDice, apply, combatantIn, type Command } from "../src/engine";
import { packChunk } from "../src/foundry/store/archive";
import { decide } from "../src/foundry/channel/writer";
import { readStored, unsavedCombat, type StoredCombat, type StoredSystem } from "../src/foundry/store/stored";
import { DEFAULT_HORIZON_ROUNDS, trimLog } from "../src/foundry/store/horizon";
import { STORAGE_LAYOUT, combatUpdateData, combatWrite, type CombatWrite } from "../src/foundry/store/pieces";
import { keepWritten, storedCaches } from "../src/foundry/store/caches";
import type { DieRoller } from "../src/foundry/channel/dice";
import { median, rulesetOf, scene } from "./scale";

export interface LongFight {
  /** The median ms of Tempo's work per write, over the writes around each mark. */
  ms: Record<number, number>;
  /** The JSON size of the Combat's system data at the last mark, in bytes. */
  stored: number;
  /** The most log entries the Combat held at any point. */
  held: number;
  /** The size of the archived log (the compressed chunks' text) at the last mark, in bytes. */
  archived: number;
}

/** Merge an update's object field into the held field, as Foundry does (keys set, `-=` keys deleted). */
function mergeInto(field: Record<string, unknown>, update: Record<string, unknown>): Record<string, unknown> {
  const out = { ...field };
  for (const [key, value] of Object.entries(update))
    if (key.startsWith("-=")) delete out[key.slice(2)];
    else out[key] = value;
  return out;
}

export async function longFight(
  n = 20,
  marks = [100, 5_000, 20_000],
  around = 41,
  rounds = DEFAULT_HORIZON_ROUNDS,
): Promise<LongFight> {
  const ruleset = rulesetOf("flow");
  const initial = scene(ruleset, n);
  const ids = initial.roster;
  let rolled = 0;
  const roller: DieRoller = async (faces) => ({ faces, value: (rolled++ % faces) + 1 });
  const caches = storedCaches();
  // The Combat's system data as the document holds it.
  const system: Record<string, unknown> & StoredSystem = {
    layout: STORAGE_LAYOUT,
    state: {},
    combatants: {},
    initial: null,
    log: {},
    last: null,
    seq: 0,
    base: 0,
    checkpoint: null,
  };
  const hold = (write: CombatWrite): void => {
    const update = combatUpdateData(write, {
      layout: STORAGE_LAYOUT,
      state: system.state,
      combatants: system.combatants,
      log: system.log,
    });
    keepWritten(caches, update, write);
    mergeUpdate(update);
  };
  const mergeUpdate = (update: ReturnType<typeof combatUpdateData>): void => {
    const s = update.system as Record<string, unknown>;
    for (const piece of ["state", "combatants", "log"] as const)
      system[piece] = mergeInto(
        system[piece] as Record<string, unknown>,
        s[piece] as Record<string, unknown>,
      );
    for (const key of ["initial", "last", "seq", "base", "checkpoint", "layout"])
      if (key in s) system[key] = s[key];
    // Foundry's JSONFields hold the parsed value.
    for (const key of ["initial", "checkpoint"])
      if (typeof system[key] === "string") system[key] = JSON.parse(system[key] as string) as unknown;
  };
  // The start, with recorded dice, as the GM's client logs it.
  const recording = new RecordingDice(new SeededDice(7));
  const begun = apply(initial, { type: "start" }, recording, ruleset);
  if (!begun.ok) throw new Error(begun.refusal.key);
  const first: StoredCombat = unsavedCombat(initial, ids);
  const start = {
    command: { type: "start" } as Command,
    dice: recording.rolls.map((r) => r.value),
    userId: "gm",
  };
  hold(
    combatWrite(begun.state, first, { keep: 0, append: [start] }, { entries: [], rewound: false }, 1, ids),
  );

  let count = 1;
  let held = 1;
  let archived = 0;
  const ordinary = (stored: StoredCombat): Command => {
    const who = stored.state.current;
    const ap = who ? (combatantIn(stored.state, who)?.pools["ap"] ?? 0) : 0;
    if (count % 2 === 1 && who) return { type: "adjustPool", who, pool: "ap", delta: ap > 0 ? -1 : 1 };
    return { type: "next" };
  };
  /** One write through the writer path; its time in ms (Tempo's work only). */
  const write = async (): Promise<number> => {
    const t0 = performance.now();
    const stored = readStored(system, ids, caches);
    if (!stored) throw new Error("the stored combat does not read");
    const decision = await decide(stored, [ordinary(stored)], roller, "gm");
    if (!decision.ok) throw new Error(decision.refusal.key);
    const { write: trimmed, dropped } = trimLog(decision.write, rounds, () => stored.checkpoint);
    if (dropped) archived += packChunk(dropped).data.length;
    const update = combatUpdateData(trimmed, {
      layout: STORAGE_LAYOUT,
      state: system.state,
      combatants: system.combatants,
      log: system.log,
    });
    keepWritten(caches, update, trimmed);
    const ms = performance.now() - t0;
    mergeUpdate(update);
    count += 1;
    held = Math.max(held, Object.keys(system.log as object).length);
    return ms;
  };
  const ms: Record<number, number> = {};
  const half = Math.floor(around / 2);
  for (const mark of marks) {
    while (count < mark - half) await write();
    const times: number[] = [];
    while (count < mark + half + 1) times.push(await write());
    ms[mark] = median(times);
  }
  return { ms, stored: JSON.stringify(system).length, held, archived };
}
