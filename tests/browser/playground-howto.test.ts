/**
 * "How <ruleset> plays" in the playground is read from the same pack sources as Foundry's rules
 * journal (packs/_source/tempo-rules), so both teach the same pages.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";

import { howToFor, readHowTos } from "../../src/playground/howto";
import { RULESET_IDS } from "../../src/engine";

const DIR = resolve(__dirname, "../../packs/_source/tempo-rules");

describe("How <ruleset> plays in the playground", () => {
  it("shows, for every ruleset, the text pages of its journal entry in the rules pack", () => {
    const byRuleset = new Map<string, { name: string; pages: { text: { content: string } }[] }>();
    for (const file of readdirSync(DIR).filter((f) => f.endsWith(".yml"))) {
      const entry = parse(readFileSync(join(DIR, file), "utf8")) as {
        name: string;
        flags: { tempo: { ruleset: string } };
        pages: { text: { content: string } }[];
      };
      byRuleset.set(entry.flags.tempo.ruleset, entry);
    }
    for (const id of RULESET_IDS) {
      const entry = byRuleset.get(id);
      const shown = howToFor(id);
      expect(shown, id).not.toBeNull();
      expect(shown?.title).toBe(entry?.name);
      expect(shown?.pages.map((p) => p.html)).toEqual(entry?.pages.map((p) => p.text.content));
    }
  });

  it("finds the ruleset by the entry's tempo flag, else by a file named howto-<ruleset>, in page order", () => {
    const found = readHowTos({
      "a/howto-rating.yml":
        "name: Rating\npages:\n  - {name: Two, type: text, sort: 200, text: {content: '<p>2</p>'}}\n  - {name: One, type: text, sort: 100, text: {content: '<p>1</p>'}}\n  - {name: Pic, type: image, sort: 50}\n",
      "a/other.yml":
        "name: Flow\nflags: {tempo: {ruleset: flow}}\npages:\n  - {name: Only, type: text, text: {content: '<p>f</p>'}}\n",
      "a/broken.yml": "name: [unclosed\n",
    });
    expect(found.get("rating")?.pages.map((p) => p.name)).toEqual(["One", "Two"]);
    expect(found.get("flow")?.pages).toEqual([{ name: "Only", html: "<p>f</p>" }]);
    expect([...found.keys()].sort()).toEqual(["flow", "rating"]);
  });
});
