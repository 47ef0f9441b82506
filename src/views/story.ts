/**
 * The fight's story (issue 44): when a combat ends, one card sums it up from the log: the rounds
 * and turns, and for each combatant the actions taken, the reactions offered, taken, declined and
 * timed out, and the points spent and regained. Pure: a log's lines (each command with the events
 * it made) in, counts and a card's view model out.
 *
 * A host that keeps the events (the playground) passes its lines; a host that keeps the commands
 * and their dice (Foundry's log, its archived early part included) gets the lines from
 * `linesOfLog`, which runs each entry again with its own dice.
 */
import {
  apply,
  combatantIn,
  getRuleset,
  ScriptedDice,
  type Command,
  type EncounterState,
  type EngineEvent,
} from "../engine";
import type { Localizer } from "./sheet";
import type { Sight } from "./sight";
import { fixedText } from "./words";

/** One command of the log with what it did; a refused one is left out by the host or marked. */
export interface StoryLine {
  command: Command;
  events: readonly EngineEvent[];
  refused?: boolean;
  /** A decline that stood in for a countdown that ran out. */
  timedOut?: boolean;
}

export interface CombatantStory {
  id: string;
  name: string;
  actions: number;
  moves: number;
  offered: number;
  taken: number;
  declined: number;
  timedOut: number;
  /** Points spent and regained, by pool. */
  spent: Record<string, number>;
  regained: Record<string, number>;
}

export interface FightStory {
  rounds: number;
  turns: number;
  combatants: CombatantStory[];
}

function bump(record: Record<string, number>, pool: string, by: number): void {
  if (by > 0) record[pool] = (record[pool] ?? 0) + by;
}

/** Each entry of a stored log run again from `initial` with its own dice: its command and events. */
export function linesOfLog(
  initial: EncounterState,
  entries: readonly { command: Command; dice: readonly number[]; timedOut?: boolean }[],
): StoryLine[] {
  const ruleset = getRuleset(initial.ruleset);
  let state = initial;
  return entries.map((entry) => {
    const result = apply(state, entry.command, new ScriptedDice(entry.dice), ruleset);
    if (!result.ok) return { command: entry.command, events: [], refused: true };
    state = result.state;
    return {
      command: entry.command,
      events: result.events,
      ...(entry.timedOut === true ? { timedOut: true } : {}),
    };
  });
}

/** The story of a fight from its initial state and its lines, in roster order. */
export function fightStory(initial: EncounterState, lines: readonly StoryLine[]): FightStory {
  const byId = new Map<string, CombatantStory>();
  const pools = new Map<string, Record<string, number>>();
  const story = (id: string, name?: string): CombatantStory => {
    let s = byId.get(id);
    if (!s) {
      const c = combatantIn(initial, id);
      s = {
        id,
        name: name ?? c?.name ?? id,
        actions: 0,
        moves: 0,
        offered: 0,
        taken: 0,
        declined: 0,
        timedOut: 0,
        spent: {},
        regained: {},
      };
      byId.set(id, s);
      pools.set(id, { ...(c?.pools ?? {}) });
    }
    return s;
  };
  for (const id of initial.roster) story(id);
  let rounds = initial.round;
  let turns = 0;
  for (const line of lines) {
    if (line.refused === true) continue;
    const cmd = line.command;
    if (cmd.type === "move") story(cmd.who).moves += 1;
    if (cmd.type === "react") {
      const s = story(cmd.who);
      if (cmd.with !== "decline") s.taken += 1;
      else if (line.timedOut === true) s.timedOut += 1;
      else s.declined += 1;
    }
    for (const e of line.events) {
      const who = typeof e["who"] === "string" ? e["who"] : null;
      switch (e.type) {
        case "roundStarted":
          if (typeof e["round"] === "number") rounds = Math.max(rounds, e["round"]);
          break;
        case "turnStarted":
          turns += 1;
          break;
        case "combatantAdded":
          if (who !== null) story(who, typeof e["name"] === "string" ? e["name"] : undefined);
          break;
        case "actionTaken":
          if (who !== null) story(who).actions += 1;
          break;
        case "reactionOffered":
          if (who !== null) story(who).offered += 1;
          break;
        case "poolSpent":
        case "poolGained":
        case "poolSet": {
          const pool = e["pool"];
          const value = e["value"];
          if (who === null || typeof pool !== "string" || typeof value !== "number") break;
          const s = story(who);
          const held = pools.get(who) ?? {};
          const before = held[pool] ?? 0;
          // Spent: what was paid (poolSpent); regained: what came back (a gain, a refill). A pool
          // set lower (AP forfeited at a turn's end) is neither.
          if (e.type === "poolSpent") bump(s.spent, pool, before - value);
          else bump(s.regained, pool, value - before);
          held[pool] = value;
          pools.set(who, held);
          break;
        }
      }
    }
  }
  return { rounds, turns, combatants: [...byId.values()] };
}

export interface StoryRowView {
  id: string;
  name: string;
  /** "3 actions, 1 move" */
  acts: string;
  /** "Reactions: 2 offered, 1 taken, 0 declined, 1 timed out" */
  reactions: string;
  /** "Spent 4 AP, 1 RP; regained 6 AP" (empty when nothing was spent or regained) */
  points: string;
  hasPoints: boolean;
}

export interface StoryCardView {
  title: string;
  /** "3 rounds, 9 turns" (phases: "3 Turns, 9 character turns" in its own words) */
  length: string;
  rows: StoryRowView[];
  hasRows: boolean;
  /** The card is the GM's alone (whispered). */
  whisper: boolean;
  whisperNote: string;
  cssClass: string;
}

function pointsText(
  record: Readonly<Record<string, number>>,
  order: readonly string[],
  i18n: Localizer,
): string {
  return Object.entries(record)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([pool, n]) =>
      i18n.format("TEMPO.Table.Story.Points", { n, pool: fixedText(i18n, `TEMPO.Pool.${pool}.Abbr`) }),
    )
    .join(", ");
}

/**
 * The card for a story, as `sight` shows it: a public card leaves out the combatants hidden from
 * players (still hidden when the fight ended); a whispered one (the GM's) shows everyone.
 */
export function storyCard(
  story: FightStory,
  ruleset: EncounterState["ruleset"],
  sight: Sight,
  whisper: boolean,
  i18n: Localizer,
): StoryCardView {
  const order = getRuleset(ruleset).pools.map((p) => p.id);
  const rows = story.combatants
    .filter((c) => sight.sees(c.id))
    .map((c): StoryRowView => {
      const spent = pointsText(c.spent, order, i18n);
      const regained = pointsText(c.regained, order, i18n);
      const points =
        spent !== "" && regained !== ""
          ? i18n.format("TEMPO.Table.Story.SpentRegained", { spent, regained })
          : spent !== ""
            ? i18n.format("TEMPO.Table.Story.Spent", { spent })
            : regained !== ""
              ? i18n.format("TEMPO.Table.Story.Regained", { regained })
              : "";
      return {
        id: c.id,
        name: c.name,
        acts: i18n.format("TEMPO.Table.Story.Acts", { actions: c.actions, moves: c.moves }),
        reactions: i18n.format("TEMPO.Table.Story.Reactions", {
          offered: c.offered,
          taken: c.taken,
          declined: c.declined,
          timedOut: c.timedOut,
        }),
        points,
        hasPoints: points !== "",
      };
    });
  return {
    title: i18n.localize("TEMPO.Table.Story.Title"),
    length: i18n.format(ruleset === "phases" ? "TEMPO.Table.Story.LengthTurns" : "TEMPO.Table.Story.Length", {
      rounds: story.rounds,
      turns: story.turns,
    }),
    rows,
    hasRows: rows.length > 0,
    whisper,
    whisperNote: whisper ? i18n.localize("TEMPO.Table.Story.Whispered") : "",
    cssClass: whisper ? "tempo-story is-whisper" : "tempo-story",
  };
}
