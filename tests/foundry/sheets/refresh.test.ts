/**
 * Open actor sheets after a command (src/foundry/apps/sheets/refresh.ts): a sheet is drawn again
 * only when what it shows changed, and never while its user is typing in it.
 */
import { describe, expect, it } from "vitest";

import {
  holdsUserInput,
  refreshSheet,
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
