/**
 * Texts the views remember (issue 31: a tracker of N rows repeats the same few texts on every
 * build): a remembered text is the one the localizer gives, a text the localizer does not have
 * yet is asked again (so a lang file that arrives later is used), and each localizer keeps its own.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

import type { Localizer } from "../../src/views/sheet";
import { pipsFor } from "../../src/views/sheet";
import { fixedFormat, fixedText, listText, warmListFormats } from "../../src/views/words";
import { i18n } from "../support/i18n";

/** A localizer over a table that can grow, counting how often it is asked. */
function counting(table: Record<string, string>, lang = "en"): Localizer & { asked: number } {
  return {
    asked: 0,
    lang,
    localize(key) {
      this.asked += 1;
      return table[key] ?? key;
    },
    format(key, data) {
      this.asked += 1;
      return (table[key] ?? key).replace(/{(\w+)}/g, (all, name: string) => String(data[name] ?? all));
    },
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("remembered texts", () => {
  it("fixedText gives the localizer's text, asks it once, and asks again while the key is missing", () => {
    const table: Record<string, string> = {};
    const loc = counting(table);
    expect(fixedText(loc, "TEMPO.Pool.AP.Abbr")).toBe("TEMPO.Pool.AP.Abbr");
    table["TEMPO.Pool.AP.Abbr"] = "AP";
    expect(fixedText(loc, "TEMPO.Pool.AP.Abbr")).toBe("AP");
    expect(fixedText(loc, "TEMPO.Pool.AP.Abbr")).toBe("AP");
    expect(loc.asked).toBe(2);
    // Another localizer (another language) has its own texts.
    expect(fixedText(counting({ "TEMPO.Pool.AP.Abbr": "PA" }), "TEMPO.Pool.AP.Abbr")).toBe("PA");
  });

  it("fixedFormat gives what format gives for each set of data, asking once per set", () => {
    const loc = counting({ "TEMPO.Tracker.Control.Spend": "Spend {name}'s {pool}" });
    const key = "TEMPO.Tracker.Control.Spend";
    expect(fixedFormat(loc, key, { name: "Ana", pool: "FP" })).toBe("Spend Ana's FP");
    expect(fixedFormat(loc, key, { name: "Bo", pool: "FP" })).toBe("Spend Bo's FP");
    expect(fixedFormat(loc, key, { name: "Ana", pool: "FP" })).toBe("Spend Ana's FP");
    expect(loc.asked).toBe(2);
    // Data whose values run together differently are different texts.
    expect(fixedFormat(loc, key, { name: "Ana F", pool: "P" })).toBe("Spend Ana F's P");
    expect(fixedFormat(i18n, "TEMPO.Tracker.SideOf", { side: "party" })).toBe(
      i18n.format("TEMPO.Tracker.SideOf", { side: "party" }),
    );
  });

  it("listText joins in the localizer's language, whichever language asked before", () => {
    expect(listText(["Dodge", "Parry", "Block"], counting({}, "en"))).toBe("Dodge, Parry, and Block");
    expect(listText(["Dodge", "Parry"], counting({}, "de"))).toBe("Dodge und Parry");
    expect(listText(["Dodge", "Parry"], counting({}, "en"), "disjunction")).toBe("Dodge or Parry");
    expect(listText(["Dodge", "Parry"], counting({}, "en"))).toBe("Dodge and Parry");
  });

  it("warmListFormats makes a language's list formatters up front, so listing names later makes none (issue 31: the first cost 12 ms inside a crowd's Start)", () => {
    const Real = Intl.ListFormat;
    const made: string[] = [];
    vi.spyOn(Intl, "ListFormat").mockImplementation(function (
      this: unknown,
      lang?: Intl.LocalesArgument,
      options?: Intl.ListFormatOptions,
    ) {
      made.push(`${String(lang)} ${options?.type ?? ""}`);
      return new Real(lang, options);
    } as unknown as () => Intl.ListFormat);
    // A language no other test has listed in (the formatters are kept per language and type).
    const loc = counting({}, "fr");
    warmListFormats(loc);
    expect(made).toEqual(["fr conjunction", "fr disjunction"]);
    expect(listText(["Esquive", "Parade"], loc)).toBe("Esquive et Parade");
    expect(listText(["Esquive", "Parade"], loc, "disjunction")).toBe("Esquive ou Parade");
    expect(made).toHaveLength(2);
  });

  it("pips are shared between equal meters and cannot be changed by whoever shows them", () => {
    const a = pipsFor(3, 5);
    expect(pipsFor(3, 5)).toBe(a);
    expect(pipsFor(5, 3)).not.toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(Object.isFrozen(a[0])).toBe(true);
  });
});
