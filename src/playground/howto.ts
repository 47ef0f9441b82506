/**
 * "How <ruleset> plays": the same pages Foundry's rules journal shows, read from the compendium's
 * sources (packs/_source/tempo-rules/*.yml) at build time, so the playground and Foundry never
 * teach two different texts. A page is a journal text page: its name and its HTML content.
 */
import { parse } from "yaml";
import type { RulesetId } from "../engine";

export interface HowToPage {
  name: string;
  /** The page's HTML, as the journal stores it (our own pack source, not user input). */
  html: string;
}

export interface HowTo {
  title: string;
  pages: HowToPage[];
}

const SOURCES: Record<string, string> = import.meta.glob("../../packs/_source/tempo-rules/*.yml", {
  query: "?raw",
  import: "default",
  eager: true,
});

interface JournalPage {
  name?: unknown;
  type?: unknown;
  sort?: unknown;
  text?: { content?: unknown };
}

interface JournalEntry {
  name?: unknown;
  flags?: { tempo?: { ruleset?: unknown; rulesets?: unknown } };
  pages?: unknown;
  text?: { content?: unknown };
}

/** Which ruleset a journal entry teaches: its tempo flag, else a file named howto-<ruleset>. */
function rulesetOf(path: string, entry: JournalEntry): string | null {
  const flag = entry.flags?.tempo?.ruleset;
  if (typeof flag === "string") return flag;
  const list = entry.flags?.tempo?.rulesets;
  if (Array.isArray(list) && list.length === 1 && typeof list[0] === "string") return list[0];
  const match = /howto-([a-z]+)\.ya?ml$/i.exec(path);
  return match?.[1] ?? null;
}

function pagesOf(entry: JournalEntry): HowToPage[] {
  const raw: JournalPage[] = Array.isArray(entry.pages)
    ? (entry.pages as JournalPage[])
    : [{ name: entry.name, type: "text", text: entry.text ?? {} }];
  return raw
    .filter((p) => (p.type ?? "text") === "text" && typeof p.text?.content === "string")
    .sort((a, b) => (typeof a.sort === "number" ? a.sort : 0) - (typeof b.sort === "number" ? b.sort : 0))
    .map((p) => ({ name: typeof p.name === "string" ? p.name : "", html: String(p.text?.content) }));
}

/** Every ruleset's journal pages found in the pack sources. */
export function readHowTos(sources: Readonly<Record<string, string>>): Map<string, HowTo> {
  const out = new Map<string, HowTo>();
  for (const [path, text] of Object.entries(sources).sort(([a], [b]) => a.localeCompare(b))) {
    let entry: JournalEntry;
    try {
      entry = parse(text) as JournalEntry;
    } catch {
      continue;
    }
    if (typeof entry !== "object" || entry === null) continue;
    const ruleset = rulesetOf(path, entry);
    const pages = pagesOf(entry);
    if (!ruleset || pages.length === 0) continue;
    out.set(ruleset, { title: typeof entry.name === "string" ? entry.name : "", pages });
  }
  return out;
}

const HOWTOS = readHowTos(SOURCES);

/** The journal pages of a ruleset, or null while its journal entry is not written. */
export function howToFor(ruleset: RulesetId): HowTo | null {
  return HOWTOS.get(ruleset) ?? null;
}
