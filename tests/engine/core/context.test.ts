import { create, isDraft } from "mutative";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apply } from "../../../src/engine/apply";
import {
  createContext,
  engineChecks,
  held,
  itemsOf,
  peek,
  readOnlyContext,
  rosterView,
  someItem,
} from "../../../src/engine/context";
import { DieOutOfRange, ScriptedDice, type DicePort } from "../../../src/engine/dice";
import { createEncounter } from "../../../src/engine/encounter";
import type { Ruleset } from "../../../src/engine/ruleset";
import type { EncounterState } from "../../../src/engine/state";
import { coreTestRuleset } from "./fixture";
import { combatantIn } from "../../../src/engine/record";

/**
 * A command's context (src/engine/context.ts): the dice it rolls, the checks that change nothing,
 * and the reads that take no draft (peek, rosterView, someItem, itemsOf, held).
 */

function setup(): EncounterState {
  return createEncounter(
    {
      ruleset: "flow",
      combatants: [
        { id: "ana", side: "party" },
        { id: "orc", side: "foes" },
      ],
    },
    coreTestRuleset,
  );
}

/** The fixture's fight, started: ana rolled a 6 and orc a 2 on their d6 of initiative. */
function begun(): EncounterState {
  const result = apply(setup(), { type: "start" }, new ScriptedDice([6, 2]), coreTestRuleset);
  if (!result.ok) throw new Error(result.refusal.key);
  return result.state;
}

/** The error `fn` throws (failing the test when it throws none). */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  expect.fail("expected an error, but nothing was thrown");
}

/** A dice port that always answers `value`, whatever the die. */
function always(value: number): DicePort {
  return { roll: () => value };
}

describe("ctx.roll: a die from the host's dice port", () => {
  it.each([0, 7, 2.5, NaN])(
    "a port that answers %s for a d6 makes apply throw the host its DieOutOfRange",
    (value) => {
      const error = thrown(() => apply(setup(), { type: "start" }, always(value), coreTestRuleset));
      expect(error).toBeInstanceOf(DieOutOfRange);
      expect((error as DieOutOfRange).faces).toBe(6);
      expect((error as DieOutOfRange).value).toBe(value);
    },
  );

  it("a port that answers 6 for a d6 is taken: both combatants' initiative is 6", () => {
    const result = apply(setup(), { type: "start" }, always(6), coreTestRuleset);
    if (!result.ok) expect.fail(result.refusal.key);
    expect(combatantIn(result.state, "ana")?.initiative).toBe(6);
    expect(combatantIn(result.state, "orc")?.initiative).toBe(6);
  });

  it("reports a roll for no one as a diceRolled event without a who key, and one for someone with it", () => {
    const ctx = createContext(setup(), coreTestRuleset, new ScriptedDice([4, 5]));
    expect(ctx.roll(6, "morale")).toBe(4);
    expect(ctx.roll(8, "initiative", "ana")).toBe(5);
    expect(ctx.events).toStrictEqual([
      { type: "diceRolled", faces: 6, result: 4, purpose: "morale" },
      { type: "diceRolled", faces: 8, result: 5, purpose: "initiative", who: "ana" },
    ]);
    expect("who" in (ctx.events[0] as object)).toBe(false);
  });
});

describe("readOnlyContext: a context for checks that change nothing", () => {
  it("starts with no events, no moved body and geometry version 0, over the state it was given", () => {
    const state = setup();
    const ctx = readOnlyContext(state, coreTestRuleset);
    expect(ctx.state).toBe(state);
    expect(ctx.base).toBe(state);
    expect(ctx.events).toStrictEqual([]);
    expect(ctx.geometry).toStrictEqual({ moved: new Set(), version: 0 });
  });

  it.each([
    ["emit an event", (ctx: ReturnType<typeof readOnlyContext>) => ctx.emit({ type: "combatStarted" })],
    ["roll a die", (ctx: ReturnType<typeof readOnlyContext>) => ctx.roll(6, "initiative", "ana")],
    ["take an id", (ctx: ReturnType<typeof readOnlyContext>) => ctx.nextId("offer")],
    ["move a body", (ctx: ReturnType<typeof readOnlyContext>) => ctx.moved("ana")],
    ["add or remove a combatant", (ctx: ReturnType<typeof readOnlyContext>) => ctx.joinedOrLeft()],
  ])("throws an Error saying a read-only check tried to %s", (what, attempt) => {
    const state = setup();
    const ctx = readOnlyContext(state, coreTestRuleset);
    const error = thrown(() => attempt(ctx));
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(`Tempo: a read-only check tried to ${what}`);
    expect(ctx.events).toStrictEqual([]);
    expect(state.seq).toBe(0);
  });
});

/** The fixture's ruleset with its act handler replaced by `act`. */
function withAct(act: NonNullable<Ruleset["handlers"]["act"]>): Ruleset {
  return { ...coreTestRuleset, handlers: { ...coreTestRuleset.handlers, act } };
}

const WAIT = { type: "act", who: "ana", action: "wait" } as const;

describe("peek and rosterView inside a command", () => {
  afterEach(() => {
    engineChecks.reads = true;
    vi.restoreAllMocks();
  });

  it.each([
    ["rosterView", (state: EncounterState) => rosterView(state)],
    ["peek", (state: EncounterState) => peek(state, "orc")],
  ])("with the read check on, %s reports a combatant changed without ctx.touch by name", (_, read) => {
    expect(engineChecks.reads).toBe(true);
    const sneaky = withAct((ctx) => {
      const orc = combatantIn(ctx.state, "orc");
      if (orc) orc.initiative = 99;
      read(ctx.state);
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = apply(begun(), WAIT, new ScriptedDice([]), sneaky);
    expect(result.ok ? "" : result.refusal.key).toBe("TEMPO.Refusal.Internal");
    expect(logged).toHaveBeenCalledTimes(1);
    const error = logged.mock.calls[0]?.[1];
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Tempo: combatant "orc" changed in a command without ctx.touch');
  });

  it("with the read check on, a handler that lets somebody join without ctx.joinedOrLeft is reported at the next lookup", () => {
    expect(engineChecks.reads).toBe(true);
    const sneaky = withAct((ctx) => {
      const ana = combatantIn(ctx.base, "ana");
      if (!ana) return;
      ctx.state.combatants.push({ ...ana, id: "bea" });
      ctx.state.roster.push("bea");
      peek(ctx.state, "bea");
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = apply(begun(), WAIT, new ScriptedDice([]), sneaky);
    expect(result.ok ? "" : result.refusal.key).toBe("TEMPO.Refusal.Internal");
    const error = logged.mock.calls[0]?.[1];
    expect((error as Error).message).toBe("Tempo: the roster changed in a command without ctx.joinedOrLeft");
  });

  it("after ctx.joinedOrLeft, a lookup finds the combatant that joined in the command", () => {
    const seen: Record<string, unknown> = {};
    const joining = withAct((ctx) => {
      const ana = combatantIn(ctx.base, "ana");
      if (!ana) return;
      ctx.touch("bea");
      ctx.joinedOrLeft();
      ctx.state.combatants.push({ ...ana, id: "bea", initiative: 4 });
      ctx.state.roster.push("bea");
      seen.bea = peek(ctx.state, "bea")?.initiative;
      seen.orc = peek(ctx.state, "orc")?.initiative;
      seen.changed = ctx.rosterChanged;
    });
    const result = apply(begun(), WAIT, new ScriptedDice([]), joining);
    if (!result.ok) expect.fail(result.refusal.key);
    expect(seen).toEqual({ bea: 4, orc: 2, changed: true });
  });

  it("with the read check off, a scan reads a combatant the command did not touch from the base, unchecked", () => {
    engineChecks.reads = false;
    const seen: Record<string, unknown> = {};
    const sneaky = withAct((ctx) => {
      const orc = combatantIn(ctx.state, "orc");
      if (orc) orc.initiative = 99;
      seen.scanned = rosterView(ctx.state).map((c) => c.initiative);
      seen.peeked = peek(ctx.state, "orc")?.initiative;
    });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const start = begun();
    const result = apply(start, WAIT, new ScriptedDice([]), sneaky);
    if (!result.ok) expect.fail(result.refusal.key);
    // The base's initiatives (ana 6, orc 2), not the draft's 99: nothing told the reads orc changed.
    expect(seen).toEqual({ scanned: [6, 2], peeked: 2 });
    expect(logged).not.toHaveBeenCalled();
    expect(combatantIn(result.state, "orc")?.initiative).toBe(99);
  });
});

describe("peek and rosterView outside a command", () => {
  afterEach(() => {
    engineChecks.reads = true;
  });

  it.each([true, false])("peek reads a plain state's combatants as they are (read check %s)", (reads) => {
    engineChecks.reads = reads;
    const state = begun();
    expect(peek(state, "orc")).toBe(combatantIn(state, "orc"));
    expect(peek(state, "nobody")).toBeUndefined();
    expect(peek(state, "toString")).toBeUndefined();
  });

  it("rosterView lists a plain state's combatants in roster order, skipping an id with no combatant", () => {
    const state = begun();
    const ghostly = { ...state, roster: ["orc", "ghost", "ana"] };
    const view = rosterView(ghostly);
    expect(view).toHaveLength(2);
    expect(view[0]).toBe(combatantIn(state, "orc"));
    expect(view[1]).toBe(combatantIn(state, "ana"));
  });

  it("rosterView of a draft outside a command gives the combatants as they now are, in roster order", () => {
    const state = begun();
    let ids: string[] = [];
    let initiatives: (number | null)[] = [];
    create(state, (draft) => {
      const orc = draft.combatants.find((c) => c.id === "orc");
      if (orc) orc.initiative = 11;
      const view = rosterView(draft as unknown as EncounterState);
      ids = view.map((c) => c.id);
      initiatives = view.map((c) => c.initiative);
    });
    expect(ids).toEqual(["ana", "orc"]);
    expect(initiatives).toEqual([6, 11]);
  });
});

interface Item {
  id: string;
}

describe("someItem, itemsOf and held: read a list or a field as the state holds it", () => {
  it("someItem on a plain list answers whether an item passes", () => {
    const list: Item[] = [{ id: "a" }, { id: "b" }];
    expect(someItem(list, (item) => item.id === "b")).toBe(true);
    expect(someItem(list, (item) => item.id === "c")).toBe(false);
  });

  it("someItem on a draft reads each item in order, plain where the draft never took it, and stops at a pass", () => {
    const base = { list: [{ id: "a" }, { id: "b" }, { id: "c" }] as Item[] };
    const seen: { id: string; draft: boolean }[][] = [];
    const answers: boolean[] = [];
    create(base, (draft) => {
      expect(isDraft(draft.list)).toBe(true);
      for (const wanted of ["b", "z"]) {
        const visits: { id: string; draft: boolean }[] = [];
        answers.push(
          someItem(draft.list, (item) => {
            visits.push({ id: item.id, draft: isDraft(item) });
            return item.id === wanted;
          }),
        );
        seen.push(visits);
      }
    });
    expect(answers).toEqual([true, false]);
    expect(seen).toEqual([
      [
        { id: "a", draft: false },
        { id: "b", draft: false },
      ],
      [
        { id: "a", draft: false },
        { id: "b", draft: false },
        { id: "c", draft: false },
      ],
    ]);
  });

  it("someItem on a draft sees an item the command changed as changed", () => {
    const base = { list: [{ id: "a" }, { id: "b" }] as Item[] };
    let answer: boolean | undefined;
    create(base, (draft) => {
      const first = draft.list[0];
      if (first) first.id = "z";
      answer = someItem(draft.list, (item) => item.id === "z");
    });
    expect(answer).toBe(true);
  });

  it("itemsOf gives a plain list itself, and a draft's items as plain originals in a plain list", () => {
    const base = { list: [{ id: "a" }, { id: "b" }] as Item[] };
    expect(itemsOf(base.list)).toBe(base.list);
    let items: readonly Item[] = [];
    create(base, (draft) => {
      const out = itemsOf(draft.list);
      expect(isDraft(out)).toBe(false);
      items = out;
    });
    expect(items).toHaveLength(2);
    expect(items[0]).toBe(base.list[0]);
    expect(items[1]).toBe(base.list[1]);
  });

  it("held reads a plain value's field itself, a draft's untaken field as the original, a taken one as its draft", () => {
    const base = { ext: { note: 1 }, other: { note: 2 } };
    expect(held(base, "ext")).toBe(base.ext);
    const seen: Record<string, unknown> = {};
    create(base, (draft) => {
      seen.untaken = held(draft, "other") === base.other;
      draft.ext.note = 3;
      const taken = held(draft, "ext");
      seen.taken = isDraft(taken) && taken.note === 3;
    });
    expect(seen).toEqual({ untaken: true, taken: true });
  });
});
