/**
 * A pseudo-locale made from lang/en.json at test time (issue 45, "Long words"): every string about
 * 40% longer and accented ("Start combat" → "Śţáŕţţá ćöɱƀáţţ"), so a browser test can show that a
 * translation's longer words fit every panel before any translation exists. Placeholders
 * ({name}), markup (<b>, &amp;) and Handlebars ({{x}}) are kept as they are.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

const ACCENTS: Record<string, string> = {
  a: "á",
  b: "ƀ",
  c: "ć",
  d: "ď",
  e: "é",
  f: "ƒ",
  g: "ğ",
  h: "ĥ",
  i: "í",
  j: "ĵ",
  k: "ķ",
  l: "ĺ",
  m: "ɱ",
  n: "ñ",
  o: "ö",
  p: "þ",
  r: "ŕ",
  s: "š",
  t: "ţ",
  u: "ü",
  w: "ŵ",
  y: "ý",
  z: "ž",
  A: "Á",
  C: "Ç",
  D: "Ď",
  E: "É",
  G: "Ğ",
  I: "Í",
  L: "Ĺ",
  N: "Ñ",
  O: "Ö",
  R: "Ŕ",
  S: "Ś",
  T: "Ţ",
  U: "Ü",
  Y: "Ý",
  Z: "Ž",
};

/** One word, accented and about 40% longer (its own letters again, from its end). */
function longer(word: string): string {
  const accented = [...word].map((ch) => ACCENTS[ch] ?? ch).join("");
  const extra = Math.ceil(word.length * 0.4);
  const tail = [...accented].slice(-Math.max(1, Math.min(extra, accented.length))).join("");
  let grown = accented;
  while ([...grown].length < word.length + extra) grown += tail;
  return [...grown].slice(0, word.length + extra).join("");
}

/** A string of the lang file in the pseudo-locale: letters' words grown and accented, the rest kept. */
export function pseudo(text: string): string {
  // Kept whole: {{handlebars}}, {placeholders}, <markup>, &entities;. Grown: runs of letters.
  return text.replace(/(\{\{[^}]*\}\}|\{[^}]*\}|<[^>]*>|&[a-z#0-9]+;)|([A-Za-z]+)/g, (_all, kept, word) =>
    kept !== undefined ? kept : longer(word as string),
  );
}

/** Every string of a lang tree in the pseudo-locale. */
function walk(tree: unknown): unknown {
  if (typeof tree === "string") return pseudo(tree);
  if (tree && typeof tree === "object")
    return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, walk(v)]));
  return tree;
}

/** lang/en.json in the pseudo-locale, as the JSON text the playground fetches. */
export function pseudoLocale(): string {
  return JSON.stringify(walk(JSON.parse(readFileSync(resolve("lang", "en.json"), "utf8"))));
}
