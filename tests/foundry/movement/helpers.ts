/** Shared set-up for the movement and reaction tests: a flow fight on a hex grid, the real lang file. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import {
  SeededDice,
  ScriptedDice,
  apply,
  createEncounter,
  getRuleset,
  type Command,
  type CombatantSetup,
  type EncounterState,
  type EngineEvent,
  type Refusal,
} from "../../../src/engine";
import type { LogEntry } from "../../../src/foundry/store/log";

export { i18n } from "../../support/i18n";

export function readTemplate(path: string): string {
  return readFileSync(resolve(__dirname, "../../..", path), "utf8");
}

/**
 * Ana (party) against an orc, a goblin and a wolf. Initiative dice 9, 4, 3, 2: ana 10 (agility
 * 1), orc 4, gob 3, wolf 2, so ana acts first and the foes follow in that order.
 */
export function fight(
  placement: Partial<Record<"ana" | "orc" | "gob" | "wolf", [number, number] | null>> = {},
): Table {
  const at = { ana: [3, 0], orc: [1, 0], gob: [-3, 3], wolf: [-3, -3], ...placement } as Record<
    string,
    [number, number] | null
  >;
  const combatants: CombatantSetup[] = [
    { id: "ana", name: "Ana", side: "party", pc: true, at: at["ana"] ?? null, stats: { agility: 1 } },
    { id: "orc", name: "Orc", side: "foes", at: at["orc"] ?? null },
    { id: "gob", name: "Gob", side: "foes", at: at["gob"] ?? null },
    { id: "wolf", name: "Wolf", side: "foes", at: at["wolf"] ?? null },
  ];
  const ruleset = getRuleset("flow");
  const initial = createEncounter({ ruleset: "flow", grid: { type: "hex" }, combatants }, ruleset);
  const table = new Table(initial);
  const started = table.write([{ type: "start" }], null, [9, 4, 3, 2]);
  if (!started.ok) throw new Error("start refused");
  return table;
}

/**
 * An in-memory combat as the GM's client keeps it: state, initial state and command log with the
 * dice each command used (what src/foundry/channel writes to the Combat).
 */
export class Table {
  state: EncounterState;
  log: LogEntry[] = [];
  events: EngineEvent[] = [];
  private readonly dice = new SeededDice(7);
  constructor(readonly initial: EncounterState) {
    this.state = initial;
  }
  write(
    commands: Command[],
    userId: string | null,
    scripted?: number[],
  ): { ok: boolean; refusal: Refusal | null } {
    for (const command of commands) {
      const values: number[] = [];
      const port = scripted
        ? new ScriptedDice(scripted)
        : {
            roll: (faces: number) => {
              const v = this.dice.roll(faces);
              values.push(v);
              return v;
            },
          };
      const result = apply(this.state, command, port, getRuleset(this.state.ruleset));
      if (!result.ok) return { ok: false, refusal: result.refusal };
      this.state = result.state;
      this.events.push(...result.events);
      this.log.push({ command, dice: scripted ?? values, userId });
    }
    return { ok: true, refusal: null };
  }
}
