import type { Command } from "../engine/commands";
import { check } from "../engine/queries";
import type { EncounterState } from "../engine/state";
import { cell, ScenarioError } from "./load";
import { combatantIn } from "../engine/record";

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const show = (v: unknown): string => JSON.stringify(v);

function same(a: unknown, b: unknown): boolean {
  return show(a) === show(b);
}

function combatantOf(state: EncounterState, where: string, id: string) {
  const c = combatantIn(state, id);
  if (!c) throw new ScenarioError(`${where}: unknown combatant "${id}"`);
  return c;
}

function sortedSet(values: string[]): string[] {
  return [...values].sort();
}

/** The command a can/cannot entry asks about. */
function probe(state: EncounterState, where: string, entry: unknown): { command: Command; offered: boolean } {
  if (!isObj(entry)) throw new ScenarioError(`${where}: expected { who, action } or { who, react }`);
  for (const k of Object.keys(entry))
    if (!["who", "action", "react", "target", "cost", "against"].includes(k))
      throw new ScenarioError(`${where}: unknown key "${k}"`);
  const who = String(entry.who);
  const self = combatantOf(state, where, who);
  if (typeof entry.action === "string") {
    const command: Command = { type: "act", who, action: entry.action, outcome: "miss" };
    if (typeof entry.target === "string") command.target = entry.target;
    else {
      const foe = state.roster.find((id) => combatantIn(state, id)?.side !== self.side);
      if (foe !== undefined) command.target = foe;
    }
    if (typeof entry.cost === "number") command.cost = entry.cost;
    return { command, offered: true };
  }
  if (typeof entry.react === "string") {
    const command: Command = { type: "react", who, with: entry.react, outcome: "fail" };
    if (typeof entry.against === "string") command.against = entry.against;
    const offered = state.offers.some((o) => o.who === who && o.with === entry.react);
    return { command, offered };
  }
  throw new ScenarioError(`${where}: expected { who, action } or { who, react }`);
}

/**
 * Check one step's `expect` against the state. Returns the list of mismatches, each naming the
 * expectation, what was expected and what the engine has.
 */
export function checkExpectations(state: EncounterState, expect: Obj): string[] {
  const problems: string[] = [];
  const mismatch = (what: string, expected: unknown, actual: unknown) =>
    problems.push(`${what}: expected ${show(expected)}, got ${show(actual)}`);
  for (const [key, want] of Object.entries(expect)) {
    switch (key) {
      case "round":
      case "phase":
      case "segment":
      case "stage":
      case "current": {
        const actual = state[key];
        if (!same(actual, want)) mismatch(key, want, actual);
        break;
      }
      case "order":
        if (!same(state.order, want)) mismatch("order", want, state.order);
        break;
      case "groups":
        if (!isObj(want)) throw new ScenarioError("expect.groups: expected a map");
        for (const [side, g] of Object.entries(want)) {
          const actual = state.groups?.[side] ?? null;
          if (actual !== g) mismatch(`groups.${side}`, g, actual);
        }
        break;
      case "initiative":
        if (!isObj(want)) throw new ScenarioError("expect.initiative: expected a map");
        for (const [id, v] of Object.entries(want)) {
          const actual = combatantOf(state, "expect.initiative", id).initiative;
          if (actual !== v) mismatch(`initiative.${id}`, v, actual);
        }
        break;
      case "pools":
        if (!isObj(want)) throw new ScenarioError("expect.pools: expected a map");
        for (const [id, pools] of Object.entries(want)) {
          const c = combatantOf(state, "expect.pools", id);
          if (!isObj(pools)) throw new ScenarioError(`expect.pools.${id}: expected a map`);
          for (const [pool, v] of Object.entries(pools)) {
            if (!["ap", "rp", "fp"].includes(pool))
              throw new ScenarioError(`expect.pools.${id}: unknown pool "${pool}"`);
            const actual = c.pools[pool] ?? null;
            if (actual !== v) mismatch(`pools.${id}.${pool}`, v, actual);
          }
        }
        break;
      case "offers": {
        if (!Array.isArray(want)) throw new ScenarioError("expect.offers: expected a list");
        const wanted = sortedSet(
          want.map((o, i) => {
            if (!isObj(o)) throw new ScenarioError(`expect.offers[${i}]: expected { who, with, against }`);
            return `${String(o.who)}/${String(o.with)}/${String(o.against)}`;
          }),
        );
        const actual = sortedSet(state.offers.map((o) => `${o.who}/${o.with}/${o.against}`));
        if (!same(wanted, actual)) mismatch("offers", wanted, actual);
        break;
      }
      case "conditions":
        if (!isObj(want)) throw new ScenarioError("expect.conditions: expected a map");
        for (const [id, list] of Object.entries(want)) {
          if (!Array.isArray(list)) throw new ScenarioError(`expect.conditions.${id}: expected a list`);
          const actual = sortedSet(combatantOf(state, "expect.conditions", id).conditions.map((k) => k.id));
          const wanted = sortedSet(list.map(String));
          if (!same(actual, wanted)) mismatch(`conditions.${id}`, wanted, actual);
        }
        break;
      case "positions":
        if (!isObj(want)) throw new ScenarioError("expect.positions: expected a map");
        for (const [id, at] of Object.entries(want)) {
          // null: off the grid (the GM's `place` with `at: null`).
          const wanted = at === null ? null : cell(`expect.positions.${id}`, at);
          const actual = combatantOf(state, "expect.positions", id).at;
          if (!same(actual, wanted)) mismatch(`positions.${id}`, wanted, actual);
        }
        break;
      case "can":
      case "cannot": {
        if (!Array.isArray(want)) throw new ScenarioError(`expect.${key}: expected a list`);
        want.forEach((entry, i) => {
          const { command, offered } = probe(state, `expect.${key}[${i}]`, entry);
          const refusal = offered ? check(state, command) : { key: "no open offer", data: {} };
          const allowed = refusal === null;
          if (key === "can" && !allowed) problems.push(`can: ${show(entry)} is refused (${refusal.key})`);
          if (key === "cannot" && allowed) problems.push(`cannot: ${show(entry)} is allowed`);
        });
        break;
      }
      default:
        throw new ScenarioError(`expect: unknown key "${key}"`);
    }
  }
  return problems;
}
