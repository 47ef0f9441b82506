/** Token labels: the same on the map and in the tracker, and never two the same on one map. */
import { describe, expect, it } from "vitest";

import { ENCOUNTERS } from "../../src/playground/encounters";
import { avatar, tokenLabels } from "../../src/playground/labels";
import { RULESET_IDS } from "../../src/engine";

describe("token labels", () => {
  it("are the initials of the first and last words, or two letters of a one-word name", () => {
    const labels = tokenLabels([
      { id: "u", name: "Urzog the Large" },
      { id: "g", name: "Grukk" },
      { id: "a", name: "Ana Brightshield" },
    ]);
    expect([...labels.values()]).toEqual(["UL", "GR", "AB"]);
  });

  it("tell apart names whose initials clash by more letters of the last word", () => {
    const labels = tokenLabels([
      { id: "g1", name: "Goblin Sneak" },
      { id: "g2", name: "Goblin Spear" },
      { id: "t", name: "Vanguard Tor" },
    ]);
    expect(labels.get("g1")).toBe("GSn");
    expect(labels.get("g2")).toBe("GSp");
    expect(labels.get("t")).toBe("VT");
  });

  it("number combatants who share one name", () => {
    const labels = tokenLabels([
      { id: "a", name: "Goblin" },
      { id: "b", name: "Goblin" },
    ]);
    expect(labels.get("a")).toBe("GO1");
    expect(labels.get("b")).toBe("GO2");
  });

  it("are unique in every sample encounter", () => {
    for (const id of RULESET_IDS) {
      for (const encounter of ENCOUNTERS[id]) {
        const labels = tokenLabels(
          encounter.setup.combatants.map((c) => ({ id: c.id, name: c.name ?? c.id })),
        );
        expect(new Set(labels.values()).size, encounter.id).toBe(encounter.setup.combatants.length);
      }
    }
  });
});

describe("sample portraits", () => {
  it("draws a label on a disc once per label and side, the same picture each time it is asked for", () => {
    const ana = avatar("AN", true);
    expect(avatar("AN", true)).toBe(ana);
    expect(avatar("AN", false)).not.toBe(ana);
    expect(decodeURIComponent(ana)).toContain(">AN</text>");
    expect(decodeURIComponent(avatar("<b>", false))).toContain(">&#60;b&#62;</text>");
  });
});
