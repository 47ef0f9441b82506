/**
 * Open actor sheets after a command (src/foundry/apps/sheets/refresh.ts): a sheet is drawn again
 * only when what it shows changed, and never while its user is typing in it.
 */
import { describe, expect, it } from "vitest";

import {
  apply,
  createEncounter,
  getRuleset,
  ScriptedDice,
  type Command,
  type EncounterState,
} from "../../../src/engine";
import {
  holdsUserInput,
  refreshSheet,
  sheetScope,
  type SheetElementLike,
} from "../../../src/foundry/apps/sheets/refresh";

interface Field {
  tagName: string;
  value?: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
}

/** A sheet's element: its fields, which one has focus, and its focusout listeners. */
function element(fields: Field[], focused: Field | null = null) {
  const listeners: (() => void)[] = [];
  const doc = { activeElement: focused as unknown };
  const el: SheetElementLike & { leave(): void; doc: typeof doc } = {
    ownerDocument: doc,
    doc,
    contains: (node: never) => fields.includes(node as Field),
    querySelectorAll: () => fields.filter((f) => f.tagName === "INPUT" || f.tagName === "TEXTAREA"),
    addEventListener: (type, listener) => {
      if (type === "focusout") listeners.push(listener);
    },
    leave() {
      doc.activeElement = null;
      for (const l of listeners.splice(0)) l();
    },
  };
  return el;
}

/** A sheet showing `shown` whose actor's combatant now reads `now`. */
function sheet(shown: unknown, now: unknown, el: SheetElementLike) {
  let renders = 0;
  return {
    rendered: true,
    element: el,
    viewNow: () => now,
    viewShown: () => shown,
    render: () => {
      renders += 1;
    },
    get renders() {
      return renders;
    },
  };
}

describe("an open sheet after a command", () => {
  it("is not drawn again when its own combatant's view did not change (another actor's command)", () => {
    const s = sheet({ ap: 5 }, { ap: 5 }, element([]));
    refreshSheet(s);
    expect(s.renders).toBe(0);
  });

  it("is drawn again when what it shows changed (its combatant spent AP)", () => {
    const s = sheet({ ap: 5 }, { ap: 3 }, element([]));
    refreshSheet(s);
    expect(s.renders).toBe(1);
  });

  it("waits while a field has focus, and draws once when the user leaves it", () => {
    const note: Field = { tagName: "TEXTAREA", value: "Half a thought", defaultValue: "Half a thought" };
    const el = element([note], note);
    const s = sheet({ ap: 5 }, { ap: 3 }, el);
    refreshSheet(s);
    refreshSheet(s);
    expect(s.renders).toBe(0);
    el.leave();
    expect(s.renders).toBe(1);
  });

  it("waits while a field holds text not yet saved, though nothing has focus", () => {
    const cost: Field = { tagName: "INPUT", value: "3", defaultValue: "1" };
    expect(holdsUserInput(element([cost]))).toBe(true);
    const s = sheet({ ap: 5 }, { ap: 3 }, element([cost]));
    refreshSheet(s);
    expect(s.renders).toBe(0);
  });

  it("does not count a focused button, or fields as they were drawn, as an edit", () => {
    const button: Field = { tagName: "BUTTON" };
    const saved: Field = {
      tagName: "INPUT",
      value: "1",
      defaultValue: "1",
      checked: false,
      defaultChecked: false,
    };
    expect(holdsUserInput(element([button, saved], button))).toBe(false);
  });
});

/** A flow fight on a hex grid: ana (10) next to orc (4), bob (6) off to the side; ana acts first. */
function flowFight(): { state: EncounterState; run(command: Command): EncounterState } {
  const rules = getRuleset("flow");
  const dice = new ScriptedDice([9, 6, 4]);
  let state = createEncounter(
    {
      ruleset: "flow",
      options: {},
      grid: { type: "hex" },
      combatants: [
        { id: "ana", name: "Ana", side: "party", at: [0, 0], stats: { agility: 1 } },
        { id: "bob", name: "Bob", side: "party", at: [-4, 0] },
        { id: "orc", name: "Orc", side: "foes", at: [1, 0] },
      ],
    },
    rules,
  );
  const fight = {
    get state() {
      return state;
    },
    run(command: Command): EncounterState {
      const result = apply(state, command, dice, rules);
      if (!result.ok) throw new Error(`${command.type}: ${result.refusal.key}`);
      state = result.state;
      return state;
    },
  };
  fight.run({ type: "start" });
  return fight;
}

describe("which open sheets a combat write can reach (sheetScope)", () => {
  it("every sheet when this client has seen no state of the combat yet", () => {
    const fight = flowFight();
    expect(sheetScope(undefined, fight.state).every).toBe(true);
  });

  it("a pool adjusted on Bob reaches Bob's sheet alone (others only if they read Bob)", () => {
    const fight = flowFight();
    const before = fight.state;
    const after = fight.run({ type: "adjustPool", who: "bob", pool: "ap", delta: -1 });
    const scope = sheetScope(before, after);
    expect(scope.every).toBe(false);
    expect([...scope.ids]).toEqual(["bob"]);
  });

  it("a turn's end reaches the sheets of the one whose turn ended and the one whose turn began", () => {
    const fight = flowFight();
    const before = fight.state;
    const after = fight.run({ type: "endTurn", who: "ana" });
    const scope = sheetScope(before, after);
    expect(scope.every).toBe(false);
    expect([...scope.ids].sort()).toEqual(["ana", "bob"]);
  });

  it("a hit that opens reactions reaches every sheet (while reactions are pending every sheet's actions say so)", () => {
    const fight = flowFight();
    const before = fight.state;
    const after = fight.run({ type: "act", who: "ana", action: "attack", target: "orc", outcome: "hit" });
    expect(after.offers.length).toBeGreaterThan(0);
    expect(sheetScope(before, after).every).toBe(true);
  });

  it("the same state twice reaches no sheet", () => {
    const fight = flowFight();
    const scope = sheetScope(fight.state, fight.state);
    expect(scope.every).toBe(false);
    expect(scope.ids.size).toBe(0);
  });
});
