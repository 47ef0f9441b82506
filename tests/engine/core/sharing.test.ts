import { describe, expect, it, vi } from "vitest";
import { apply } from "../../../src/engine/apply";
import { isDraft } from "mutative";
import { engineChecks, held, itemsOf, peek, rosterView } from "../../../src/engine/context";
import { draftOf } from "../../../src/engine/core/combatants";
import type { Ruleset } from "../../../src/engine/ruleset";
import { coreTestRuleset } from "./fixture";
import { ScriptedDice } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import { getRuleset } from "../../../src/engine/registry";
import { combatantIn } from "../../../src/engine/record";

/**
 * Structural sharing: a command copies only what it changes (design: "Nothing is mutated in
 * place"), so commands cost the size of the change, not of the encounter.
 */
describe("apply shares what a command does not change", () => {
  const flow = getRuleset("flow");
  const initial = createEncounter(
    {
      ruleset: "flow",
      grid: { type: "hex" },
      combatants: [
        { id: "ana", side: "party", at: [0, 0], stats: { agility: 3 } },
        { id: "orc", side: "foes", at: [4, 0], stats: { agility: 0 } },
        { id: "bob", side: "party", at: [0, 4], stats: { agility: 0 } },
      ],
    },
    flow,
  );
  const begun = apply(initial, { type: "start" }, new ScriptedDice([9, 5, 2]), flow);
  if (!begun.ok) throw new Error(begun.refusal.key);
  const state = begun.state;

  it("a move copies the mover and leaves the others' objects shared, the old state unchanged", () => {
    const before = JSON.stringify(state);
    const moved = apply(state, { type: "move", who: "ana", path: [[1, 0]] }, new ScriptedDice([]), flow);
    if (!moved.ok) throw new Error(moved.refusal.key);
    expect(combatantIn(moved.state, "ana")?.at).toEqual([1, 0]);
    expect(combatantIn(moved.state, "ana")).not.toBe(combatantIn(state, "ana"));
    expect(combatantIn(moved.state, "orc")).toBe(combatantIn(state, "orc"));
    expect(combatantIn(moved.state, "bob")).toBe(combatantIn(state, "bob"));
    expect(JSON.stringify(state)).toBe(before);
  });

  it("a refused command returns the very state it was given", () => {
    const refused = apply(state, { type: "endTurn", who: "orc" }, new ScriptedDice([]), flow);
    expect(refused.ok).toBe(false);
    expect(refused.state).toBe(state);
  });

  it("events are plain data, readable after the command (no drafts inside)", () => {
    const moved = apply(state, { type: "move", who: "ana", path: [[1, 0]] }, new ScriptedDice([]), flow);
    if (!moved.ok) throw new Error(moved.refusal.key);
    expect(JSON.parse(JSON.stringify(moved.events))).toEqual(moved.events);
    const event = moved.events.find((e) => e.type === "moved");
    expect(event?.path).toEqual([
      [0, 0],
      [1, 0],
    ]);
  });
});

/** Ana's turn against an orc, on the core's test ruleset (tests/engine/core/fixture.ts). */
function anaAndOrc() {
  const setup = createEncounter(
    {
      ruleset: "flow",
      combatants: [
        { id: "ana", side: "party" },
        { id: "orc", side: "foes" },
      ],
    },
    coreTestRuleset,
  );
  const begun = apply(setup, { type: "start" }, new ScriptedDice([6, 2]), coreTestRuleset);
  if (!begun.ok) throw new Error(begun.refusal.key);
  return begun;
}

describe("reads inside a command take no draft of what they only read", () => {
  it("a phase that starts copies only the combatants it changes (phases: 'provokedBy' cleared where set)", () => {
    const phases = getRuleset("phases");
    let state = createEncounter(
      {
        ruleset: "phases",
        grid: { type: "hex" },
        combatants: [
          { id: "ana", side: "party", at: [0, 0], stats: { combatValue: 9 } },
          { id: "ben", side: "party", at: [0, 4], stats: { combatValue: 8 } },
          { id: "cat", side: "party", at: [0, 8], stats: { combatValue: 7 } },
          { id: "orc", side: "foes", at: [8, 0], stats: { combatValue: 6 } },
        ],
      },
      phases,
    );
    const begun = apply(state, { type: "start" }, new ScriptedDice([]), phases);
    if (!begun.ok) throw new Error(begun.refusal.key);
    state = begun.state;
    for (let step = 0; step < 12; step += 1) {
      const result = apply(state, { type: "next" }, new ScriptedDice([]), phases);
      if (!result.ok) throw new Error(result.refusal.key);
      if (result.events.some((e) => e.type === "phaseStarted")) {
        const shared = state.roster.filter((id) => combatantIn(result.state, id) === combatantIn(state, id));
        const same = state.roster.filter(
          (id) => JSON.stringify(combatantIn(result.state, id)) === JSON.stringify(combatantIn(state, id)),
        );
        // Two of four are neither the one whose turn ended nor the one whose turn began.
        expect(same.length).toBeGreaterThanOrEqual(2);
        expect(shared).toEqual(same);
        return;
      }
      state = result.state;
    }
    throw new Error("no Phase started in 12 turns");
  });

  it("held and peek read what the command only reads without a draft, and what it changed as changed", () => {
    const seen: Record<string, unknown> = {};
    const probe: Ruleset = {
      ...coreTestRuleset,
      handlers: {
        ...coreTestRuleset.handlers,
        act(ctx) {
          const ext = held(ctx.state, "ext");
          seen.extPlain = !isDraft(ext) && ext === ctx.base.ext;
          ctx.state.ext.note = 1;
          const changed = held(ctx.state, "ext");
          seen.extAfter = isDraft(changed) && changed.note === 1;
          seen.orcPlain = peek(ctx.state, "orc") === combatantIn(ctx.base, "orc");
          const ana = draftOf(ctx.state, "ana");
          if (!ana) throw new Error("no ana");
          seen.poolsPlain = held(ana, "pools") === combatantIn(ctx.base, "ana")?.pools;
          ana.initiative = 42;
          seen.anaNow = peek(ctx.state, "ana")?.initiative;
          seen.nobody = peek(ctx.state, "nobody");
          ctx.state.pending.push({ id: "p9", kind: "test", actor: "ana", data: {} });
          const items = itemsOf(ctx.state.pending);
          seen.items = !isDraft(items) && items.length === 1 && !isDraft(items[0]) && items[0]?.id === "p9";
        },
      },
    };
    const begun = anaAndOrc();
    const done = apply(begun.state, { type: "act", who: "ana", action: "wait" }, new ScriptedDice([]), probe);
    if (!done.ok) throw new Error(done.refusal.key);
    expect(seen).toEqual({
      extPlain: true,
      extAfter: true,
      orcPlain: true,
      poolsPlain: true,
      anaNow: 42,
      nobody: undefined,
      items: true,
    });
    expect(done.state.ext.note).toBe(1);
    expect(combatantIn(done.state, "orc")).toBe(combatantIn(begun.state, "orc"));
  });

  it("the suite's engine checks catch a handler that changes a combatant it took without ctx.touch", () => {
    expect(engineChecks.reads).toBe(true);
    const sneaky: Ruleset = {
      ...coreTestRuleset,
      handlers: {
        ...coreTestRuleset.handlers,
        act(ctx) {
          const orc = combatantIn(ctx.state, "orc");
          if (orc) orc.initiative = 99;
          rosterView(ctx.state);
        },
      },
    };
    const careful: Ruleset = {
      ...coreTestRuleset,
      handlers: {
        ...coreTestRuleset.handlers,
        act(ctx) {
          const orc = draftOf(ctx.state, "orc");
          if (orc) orc.initiative = 99;
          expect(rosterView(ctx.state).find((c) => c.id === "orc")?.initiative).toBe(99);
        },
      },
    };
    const begun = anaAndOrc();
    const command = { type: "act", who: "ana", action: "wait" } as const;
    const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
    const caught = apply(begun.state, command, new ScriptedDice([]), sneaky);
    quiet.mockRestore();
    expect(caught.ok ? "" : caught.refusal.key).toBe("TEMPO.Refusal.Internal");
    const kept = apply(begun.state, command, new ScriptedDice([]), careful);
    expect(kept.ok && combatantIn(kept.state, "orc")?.initiative).toBe(99);
  });
});
