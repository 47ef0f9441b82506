import { describe, expect, it } from "vitest";
import fc from "fast-check";

import {
  apply,
  check,
  combatantIn,
  createEncounter,
  getRuleset,
  SeededDice,
  type Command,
  type EncounterState,
  type Outcome,
  type Ruleset,
  type RulesetId,
} from "../../src/engine";
import { neighbours } from "../../src/engine/grid";
import { RULESETS } from "../../src/engine/rulesets";
import {
  choosingLead,
  TrackerMemo,
  trackerView,
  type CombatantRowView,
  type TrackerCombatantDoc,
  type TrackerOptions,
} from "../../src/views/tracker";
import { reactionKey } from "../../src/views/reacted";
import { actingIds, upNextId } from "../../src/views/turns";
import { runs } from "../support/fast-check";
import { i18n } from "../support/i18n";

/**
 * Issue 31, contract 2: with a TrackerMemo passed on each call, trackerView builds only the rows
 * whose inputs changed and gives every other row back as the identical object, so a host patches
 * only the rows a command changed; the rows are always what trackerView without a memo gives.
 */

const STATS = {
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

/** N combatants on two alternating sides, two hexes apart; c0 (party) stands beside c1 (foes). */
function crowd(ruleset: Ruleset, n: number): EncounterState {
  const stats = Object.fromEntries(Object.entries(STATS).filter(([k]) => ruleset.stats.includes(k)));
  return createEncounter(
    {
      ruleset: ruleset.id,
      grid: { type: "hex" },
      combatants: Array.from({ length: n }, (_, k) => ({
        id: `c${k}`,
        name: `C${k}`,
        side: k % 2 === 0 ? "party" : "foes",
        pc: k % 2 === 0,
        at:
          k === 1
            ? ([1, 0] as [number, number])
            : ([2 * (k % 5), 2 * Math.floor(k / 5) + 2] as [number, number]),
        marching: ruleset.id === "marching" ? k + 1 : null,
        stats,
      })),
    },
    ruleset,
  );
}

function accept(state: EncounterState, command: Command, ruleset: Ruleset, seed = 7): EncounterState {
  const result = apply(state, command, new SeededDice(seed), ruleset);
  if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
  return result.state;
}

/** A started crowd with somebody acting (marching's lead has chosen; segments have passed declarations). */
function started(ruleset: Ruleset, n: number): EncounterState {
  let state = accept(crowd(ruleset, n), { type: "start" }, ruleset);
  if (ruleset.id === "marching")
    state = accept(state, { type: "choose", who: "c0", initiative: "take" }, ruleset);
  for (let k = 0; k < 12 && state.current === null; k++) state = accept(state, { type: "next" }, ruleset);
  return state;
}

const docsOf = (state: EncounterState): TrackerCombatantDoc[] =>
  state.roster.map((id) => ({ id, name: combatantIn(state, id)?.name ?? id, img: `icons/${id}.svg` }));

function gm(state: EncounterState, docs = docsOf(state)): TrackerOptions {
  return { i18n, isGM: true, owned: state.roster, combatants: docs };
}

/** The ids whose row inputs differ between two states: the combatant object, or whether it is current. */
function touched(before: EncounterState, after: EncounterState): Set<string> {
  const out = new Set<string>();
  // Issue 44: a row also shows whether it acts now or next and its reaction state (which may
  // change with the segment or the Phase while the combatant object stays the same).
  const turn = (s: EncounterState, id: string) => {
    const c = combatantIn(s, id);
    const reaction = c && s.status === "active" ? reactionKey(c, s) : "";
    return `${actingIds(s).includes(id)} ${upNextId(s) === id} ${reaction}`;
  };
  for (const id of after.roster) {
    if (combatantIn(before, id) !== combatantIn(after, id)) out.add(id);
    if ((before.current === id) !== (after.current === id)) out.add(id);
    if (turn(before, id) !== turn(after, id)) out.add(id);
  }
  return out;
}

/** The rows built by this call: those not given back as the identical object of the call before. */
function rebuilt(before: readonly CombatantRowView[], after: readonly CombatantRowView[]): Set<string> {
  const held = new Map(before.map((r) => [r.id, r]));
  return new Set(after.filter((r) => held.get(r.id) !== r).map((r) => r.id));
}

describe("TrackerMemo: the tracker rebuilds only the rows a command changed", () => {
  it("flow's attack: the hit rebuilds the attacker's row (FP spent), the defender's parry rebuilds the rows it changed (RP spent)", () => {
    const flow = getRuleset("flow");
    let state = started(flow, 40);
    const who = state.current as string;
    const enemy = state.roster.find((id) => combatantIn(state, id)?.side !== combatantIn(state, who)?.side);
    const target = enemy as string;
    const at = combatantIn(state, target)?.at ?? [0, 0];
    const free = neighbours(state.grid, at).find(
      (cell) => !state.combatants.some((c) => c.at && c.at[0] === cell[0] && c.at[1] === cell[1]),
    );
    state = accept(state, { type: "place", who, at: free ?? at }, flow);
    const docs = docsOf(state);
    const memo = new TrackerMemo();
    const first = trackerView(state, gm(state, docs), memo);
    expect(memo.built).toBe(40);
    // flow: the hit waits on the defender's answer (Parry, Dodge ...); only the attacker has paid yet.
    const hit = accept(state, { type: "act", who, action: "attack", target, outcome: "hit" }, flow);
    expect(touched(state, hit)).toEqual(new Set([who]));
    const second = trackerView(hit, gm(hit, docs), memo);
    expect(memo.built).toBe(41);
    expect(rebuilt(first.combatants, second.combatants)).toEqual(new Set([who]));
    expect(second.combatants).toEqual(trackerView(hit, gm(hit, docs)).combatants);
    const parry = hit.offers.find((o) => o.who === target && o.with === "parry");
    expect(parry).toBeDefined();
    const parried = accept(
      hit,
      { type: "react", who: target, with: "parry", against: who, outcome: "success" },
      flow,
    );
    const changed = touched(hit, parried);
    expect(changed.has(target)).toBe(true);
    expect(changed.size).toBeLessThanOrEqual(2);
    const third = trackerView(parried, gm(parried, docs), memo);
    expect(rebuilt(second.combatants, third.combatants)).toEqual(changed);
    expect(memo.built).toBe(41 + changed.size);
    expect(third.combatants).toEqual(trackerView(parried, gm(parried, docs)).combatants);
  });

  it("phases' attack of opportunity changes two combatants (the reactor's action, the mover's step) and rebuilds exactly their two rows", () => {
    const phases = getRuleset("phases");
    let state = started(phases, 30);
    const who = state.current as string;
    const side = combatantIn(state, who)?.side;
    const enemy = state.roster.find((id) => combatantIn(state, id)?.side !== side) as string;
    const taken = (cell: readonly number[]) =>
      state.combatants.some((c) => c.at && c.at[0] === cell[0] && c.at[1] === cell[1]);
    const beside = neighbours(state.grid, combatantIn(state, enemy)?.at ?? [0, 0]).find(
      (cell) => !taken(cell),
    );
    state = accept(state, { type: "place", who, at: beside ?? [0, 0] }, phases);
    // Away from the enemy: the first step that opens the enemy's attack of opportunity.
    const provoked = neighbours(state.grid, beside ?? [0, 0])
      .map((cell) => apply(state, { type: "move", who, path: [cell] }, new SeededDice(7), phases))
      .find((r) => r.ok && r.state.offers.length > 0);
    if (!provoked?.ok) throw new Error("no step provokes");
    const paused = provoked.state;
    const offer = paused.offers[0];
    if (!offer) throw new Error("no offer");
    const docs = docsOf(paused);
    const memo = new TrackerMemo();
    const first = trackerView(paused, gm(paused, docs), memo);
    const answered = accept(
      paused,
      { type: "react", who: offer.who, with: offer.with, against: offer.against, outcome: "miss" },
      phases,
    );
    expect(touched(paused, answered)).toEqual(new Set([who, offer.who]));
    const second = trackerView(answered, gm(answered, docs), memo);
    expect(memo.built).toBe(32);
    expect(rebuilt(first.combatants, second.combatants)).toEqual(new Set([who, offer.who]));
    expect(second).toEqual(trackerView(answered, gm(answered, docs)));
  });

  it("a move rebuilds the mover's row only; the same state again rebuilds nothing and gives the same list", () => {
    const phases = getRuleset("phases");
    const state = started(phases, 30);
    const who = state.current as string;
    const from = combatantIn(state, who)?.at ?? [0, 0];
    const to = neighbours(state.grid, from).find(
      (cell) => !state.combatants.some((c) => c.at && c.at[0] === cell[0] && c.at[1] === cell[1]),
    );
    const moved = accept(state, { type: "move", who, path: [to ?? from] }, phases);
    const docs = docsOf(state);
    const memo = new TrackerMemo();
    const first = trackerView(state, gm(state, docs), memo);
    const second = trackerView(moved, gm(moved, docs), memo);
    expect(memo.built).toBe(31);
    expect(rebuilt(first.combatants, second.combatants)).toEqual(new Set([who]));
    const third = trackerView(moved, gm(moved, docs), memo);
    expect(memo.built).toBe(31);
    expect(third.combatants).toBe(second.combatants);
  });

  it("the next turn rebuilds the rows whose current flag flipped (the old and the new current)", () => {
    const rating = getRuleset("rating");
    const state = started(rating, 20);
    const next = accept(state, { type: "next" }, rating);
    const docs = docsOf(state);
    const memo = new TrackerMemo();
    const first = trackerView(state, gm(state, docs), memo);
    const second = trackerView(next, gm(next, docs), memo);
    expect(state.current).not.toBe(next.current);
    const flipped = rebuilt(first.combatants, second.combatants);
    expect(flipped.has(state.current as string)).toBe(true);
    expect(flipped.has(next.current as string)).toBe(true);
    expect(flipped).toEqual(touched(state, next));
    expect(memo.built - 20).toBe(flipped.size);
  });

  it("documents built afresh with the same contents rebuild nothing; a changed picture or hiding rebuilds that row", () => {
    const flow = getRuleset("flow");
    const state = started(flow, 12);
    const memo = new TrackerMemo();
    const first = trackerView(state, gm(state), memo);
    const again = trackerView(state, gm(state), memo);
    expect(memo.built).toBe(12);
    expect(again.combatants).toBe(first.combatants);
    const docs = docsOf(state).map((d) => (d.id === "c3" ? { ...d, img: "icons/other.svg" } : d));
    const pictured = trackerView(state, gm(state, docs), memo);
    expect(rebuilt(first.combatants, pictured.combatants)).toEqual(new Set(["c3"]));
    expect(pictured.combatants.find((r) => r.id === "c3")?.img).toBe("icons/other.svg");
    // A player does not see the hidden row at all; the GM sees it marked.
    const hidden = docs.map((d) => (d.id === "c5" ? { ...d, hidden: true } : d));
    const player: TrackerOptions = { i18n, isGM: false, owned: ["c0"], combatants: hidden };
    const seen = trackerView(state, player, memo);
    expect(seen.combatants.map((r) => r.id)).not.toContain("c5");
    expect(seen.combatants).toEqual(trackerView(state, player).combatants);
    const marked = trackerView(state, gm(state, hidden), memo);
    expect(marked.combatants.find((r) => r.id === "c5")?.cssClass).toContain("is-hidden");
  });

  it("a player's rows change when what they own changes: pools show only on the rows they own", () => {
    const flow = getRuleset("flow");
    const state = started(flow, 10);
    const memo = new TrackerMemo();
    const docs = docsOf(state);
    const mine = (owned: string[]): TrackerOptions => ({ i18n, isGM: false, owned, combatants: docs });
    const first = trackerView(state, mine(["c0"]), memo);
    const second = trackerView(state, mine(["c0", "c4"]), memo);
    expect(rebuilt(first.combatants, second.combatants)).toEqual(new Set(["c4"]));
    expect(second.combatants.find((r) => r.id === "c4")?.hasPools).toBe(true);
    expect(second.combatants).toEqual(trackerView(state, mine(["c0", "c4"])).combatants);
  });

  it("before the start, rows come from the documents alone and are kept the same way", () => {
    const docs: TrackerCombatantDoc[] = [
      { id: "a", name: "Ana", side: "party" },
      { id: "b", name: "Bo", side: "foes", surprised: true },
    ];
    const memo = new TrackerMemo();
    const options: TrackerOptions = { i18n, isGM: true, combatants: docs, ruleset: "flow" };
    const first = trackerView(null, options, memo);
    const second = trackerView(null, { ...options }, memo);
    expect(second.combatants).toBe(first.combatants);
    expect(first.combatants).toEqual(trackerView(null, options).combatants);
    expect(memo.built).toBe(2);
  });
});

describe("tracker controls: only what the ruleset has, asked once per state", () => {
  it("drawing the same state again gives the same structure and controls (no engine check asked again); another state, new ones", () => {
    const flow = getRuleset("flow");
    const state = started(flow, 20);
    const memo = new TrackerMemo();
    const first = trackerView(state, gm(state), memo);
    const again = trackerView(state, gm(state), memo);
    expect(again.controls).toBe(first.controls);
    expect(again.phases).toBe(first.phases);
    expect(again).toEqual(trackerView(state, gm(state)));
    const next = accept(state, { type: "next" }, flow);
    const moved = trackerView(next, gm(next), memo);
    expect(moved.controls).not.toBe(first.controls);
    expect(moved).toEqual(trackerView(next, gm(next)));
    // A player who owns the current combatant is given End turn; the GM's Next is not theirs.
    const player: TrackerOptions = {
      i18n,
      isGM: false,
      owned: [next.current as string],
      combatants: docsOf(next),
    };
    const theirs = trackerView(next, player, memo);
    expect(theirs.controls.map((c) => c.action)).toEqual(["tempoEndTurn"]);
    expect(theirs).toEqual(trackerView(next, player));
  });

  it("only marching's lead chooses take or cede, only in the choose stage: the engine accepts the choice from nobody else", () => {
    const marching = getRuleset("marching");
    const open = accept(crowd(marching, 12), { type: "start" }, marching);
    expect(open.stage).toBe("choose");
    const lead = choosingLead(open);
    expect(lead).toBe("c0");
    for (const id of open.roster)
      expect(check(open, { type: "choose", who: id, initiative: "take" }) === null, id).toBe(id === lead);
    const view = trackerView(open, gm(open), new TrackerMemo());
    expect(view.controls.filter((c) => c.action === "tempoChoose").map((c) => [c.who, c.value])).toEqual([
      ["c0", "take"],
      ["c0", "cede"],
    ]);
    const chosen = accept(open, { type: "choose", who: "c0", initiative: "take" }, marching);
    expect(choosingLead(chosen)).toBeNull();
    for (const id of ["flow", "rating", "segments", "phases"] as const)
      expect(choosingLead(started(getRuleset(id), 12)), id).toBeNull();
  });
});

const OUTCOMES: Outcome[] = ["hit", "miss", "kill", "crit"];

/** A command worth trying now, chosen by `pick`. */
function candidate(state: EncounterState, ruleset: Ruleset, pick: (n: number) => number): Command {
  const ids = state.roster;
  const actor = state.current ?? ids[pick(ids.length)] ?? "c0";
  const offer = state.offers[pick(Math.max(1, state.offers.length))];
  const kind = pick(8);
  if (offer && kind < 3) return { type: "react", who: offer.who, with: "decline" };
  if (kind < 3) return { type: "next" };
  if (kind < 4) return { type: "endTurn", who: actor };
  if (kind < 6 && combatantIn(state, actor)?.at) {
    const from = combatantIn(state, actor)?.at ?? [0, 0];
    return { type: "move", who: actor, path: [neighbours(state.grid, from)[pick(6)] ?? from] };
  }
  const actions = Object.keys(ruleset.actions);
  const action = actions[pick(actions.length)] ?? "attack";
  const command: Command = {
    type: "act",
    who: actor,
    action,
    outcome: OUTCOMES[pick(OUTCOMES.length)] as Outcome,
  };
  const target = ids[pick(ids.length)];
  if (target !== undefined && target !== actor) command.target = target;
  if (ruleset.actions[action]?.cost === null) command.cost = 1;
  return command;
}

describe.each(Object.keys(RULESETS) as RulesetId[])("TrackerMemo over random commands: %s", (id) => {
  it("gives the rows trackerView gives without a memo, rebuilding exactly the rows whose combatant or current flag changed", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.nat(1000), { minLength: 5, maxLength: 40 }), (seed, choices) => {
        const ruleset = getRuleset(id);
        const dice = new SeededDice(seed);
        let cursor = 0;
        const pick = (n: number) => (n <= 1 ? 0 : (choices[cursor++ % choices.length] ?? 0) % n);
        let state = started(ruleset, 12);
        const docs = docsOf(state);
        const memo = new TrackerMemo();
        let rows = trackerView(state, gm(state, docs), memo).combatants;
        for (let k = 0; k < choices.length; k++) {
          const result = apply(state, candidate(state, ruleset, pick), dice, ruleset);
          if (!result.ok) continue;
          const built = memo.built;
          const view = trackerView(result.state, gm(result.state, docs), memo);
          expect(view).toEqual(trackerView(result.state, gm(result.state, docs)));
          const changed = touched(state, result.state);
          // A side's colour moves only when sides change; these commands never change a side.
          expect(rebuilt(rows, view.combatants)).toEqual(changed);
          expect(memo.built - built).toBe(changed.size);
          rows = view.combatants;
          state = result.state;
        }
      }),
      { numRuns: runs(25) },
    );
  });
});
