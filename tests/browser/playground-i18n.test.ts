/** The playground's stand-in for game.i18n: Foundry's localize and format semantics. */
import { describe, expect, it } from "vitest";

import { Localization } from "../../src/playground/i18n";

const loc = new Localization({
  TEMPO: {
    Greeting: "Hello {name}, {name}!",
    Nested: { Deep: "deep" },
    Commands: { one: "1 command replayed.", other: "{count} commands replayed." },
  },
  "TEMPO.Flat": "flat",
});

describe("playground localization", () => {
  it("reads nested keys and gives the key back when it is missing, as game.i18n.localize does", () => {
    expect(loc.localize("TEMPO.Nested.Deep")).toBe("deep");
    expect(loc.localize("TEMPO.Missing.Key")).toBe("TEMPO.Missing.Key");
    expect(loc.localize("TEMPO.Nested")).toBe("TEMPO.Nested");
    expect(loc.has("TEMPO.Nested.Deep")).toBe(true);
    expect(loc.has("TEMPO.Nested")).toBe(false);
  });

  it("reads a flat dotted key too", () => {
    expect(loc.localize("TEMPO.Flat")).toBe("flat");
  });

  it("replaces every {placeholder} with its data, as game.i18n.format does", () => {
    expect(loc.format("TEMPO.Greeting", { name: "Ana" })).toBe("Hello Ana, Ana!");
    expect(loc.format("TEMPO.Greeting", { name: 0 })).toBe("Hello 0, 0!");
  });

  it("leaves a placeholder with no data as written", () => {
    expect(loc.format("TEMPO.Greeting", {})).toBe("Hello {name}, {name}!");
  });

  it("picks a key's Foundry-style plural form for data.count ('1 command', '2 commands')", () => {
    expect(loc.format("TEMPO.Commands", { count: 1 })).toBe("1 command replayed.");
    expect(loc.format("TEMPO.Commands", { count: 2 })).toBe("2 commands replayed.");
    expect(loc.format("TEMPO.Commands", { count: 0 })).toBe("0 commands replayed.");
    expect(loc.format("TEMPO.Commands.one", { count: 5 })).toBe("1 command replayed.");
  });

  it("answers a key asked again, and past its memory's bound, as the first time (remembered texts, issue 31)", () => {
    const fresh = new Localization({ TEMPO: { Nested: { Deep: "deep" } } });
    for (let i = 0; i < 3; i++) {
      expect(fresh.localize("TEMPO.Nested.Deep")).toBe("deep");
      expect(fresh.localize("TEMPO.Nested.Missing")).toBe("TEMPO.Nested.Missing");
    }
    // More distinct keys than the memory holds (a typed condition name can be any word).
    for (let i = 0; i < 5000; i++) expect(fresh.localize(`TEMPO.Typed${i}`)).toBe(`TEMPO.Typed${i}`);
    expect(fresh.localize("TEMPO.Nested.Deep")).toBe("deep");
    expect(fresh.has("TEMPO.Nested")).toBe(false);
  });
});
