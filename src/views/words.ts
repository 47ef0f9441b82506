/**
 * Words that depend on a number or a list, as Foundry words them: a plural is chosen with the
 * language's plural rules (`game.i18n.pluralRules`, Intl.PluralRules) from keys ending in the
 * rule's category (`TEMPO.Sheet.Commands.one` / `.other`), and a list is joined with the
 * language's list formatter (`game.i18n.getListFormatter`, Intl.ListFormat). Pure: the hosts pass
 * their localizer; one without a language counts as English.
 */

function languageOf(i18n: Localizer): string {
  return typeof i18n.lang === "string" && i18n.lang !== "" ? i18n.lang : "en";
}

/**
 * `key.<category>` formatted with `data` and `count`: the category the language's plural rules give
 * for `count` ("one", "other" ...), else `key.other`, else `key` itself (a language still holding
 * one plain string).
 */
export function plural(
  i18n: Localizer,
  key: string,
  count: number,
  data: Readonly<Record<string, unknown>> = {},
): string {
  const rules = i18n.pluralRules ?? new Intl.PluralRules(languageOf(i18n));
  const args = { ...data, count };
  for (const candidate of [`${key}.${rules.select(count)}`, `${key}.other`]) {
    const text = i18n.format(candidate, args);
    if (text !== candidate) return text;
  }
  return i18n.format(key, args);
}

/**
 * One list formatter per language and type: making an Intl.ListFormat costs far more than using
 * one (a chat card of a start at N = 200 spent a third of its time making them, issue 31).
 */
const listFormats = new Map<string, Intl.ListFormat>();

/** "Dodge, Parry and Block" (or "or" with `type: "disjunction"`), in the localizer's language. */
export function listText(
  items: readonly string[],
  i18n: Localizer,
  type: "conjunction" | "disjunction" = "conjunction",
): string {
  return listFormat(i18n, type).format(items);
}

function listFormat(i18n: Localizer, type: "conjunction" | "disjunction"): Intl.ListFormat {
  const lang = languageOf(i18n);
  const key = `${lang} ${type}`;
  let format = listFormats.get(key);
  if (!format) {
    format = new Intl.ListFormat(lang, { style: "long", type });
    listFormats.set(key, format);
  }
  return format;
}

/**
 * Make the language's list formatters before a view needs them: the first one made loads the
 * browser's list patterns (12 ms in Chromium on the 2-core machine, issue 31), which a page would
 * otherwise pay inside the first command that lists names (a crowd's Start, with its roll-offs).
 */
export function warmListFormats(i18n: Localizer): void {
  listFormat(i18n, "conjunction");
  listFormat(i18n, "disjunction");
}

/**
 * Texts a localizer gave, remembered per localizer by an id (a key, with its data where the text
 * has some), so a text a view asks for again and again costs a map lookup the second time. A text
 * the localizer does not have yet (it gave the key back) is not remembered, and past `limit` texts
 * a localizer's memory starts again.
 */
export class TextMemory {
  private readonly byLocalizer = new WeakMap<Localizer, Map<string, string>>();
  constructor(private readonly limit: number) {}

  /** The text remembered under `id`, else `make()`'s (remembered unless it is `key` itself). */
  text(i18n: Localizer, id: string, key: string, make: () => string): string {
    let texts = this.byLocalizer.get(i18n);
    if (!texts) {
      texts = new Map();
      this.byLocalizer.set(i18n, texts);
    }
    const known = texts.get(id);
    if (known !== undefined) return known;
    const text = make();
    if (text === key) return text;
    if (texts.size >= this.limit) texts.clear();
    texts.set(id, text);
    return text;
  }
}

/** Each localizer's fixed texts, looked up once (a key's text does not change while a page runs). */
const fixedTexts = new TextMemory(20_000);

/**
 * `i18n.localize(key)`, remembered per localizer: for the texts a view repeats on every row (a
 * pool's name and abbreviation, a marker's name), so a view of N rows looks each up once.
 */
export function fixedText(i18n: Localizer, key: string): string {
  return fixedTexts.text(i18n, key, key, () => i18n.localize(key));
}

/** Each localizer's formatted texts, by key and data. */
const formattedTexts = new TextMemory(20_000);

/**
 * `i18n.format(key, data)` for data of plain strings and numbers, remembered per localizer: the
 * texts each of N tracker rows repeats on every build ("Spend Ana's FP", "Ana: FP 3 of 5") cost a
 * map lookup the second time, not a lookup and a substitution.
 */
export function fixedFormat(
  i18n: Localizer,
  key: string,
  data: Readonly<Record<string, string | number>>,
): string {
  let id = key;
  for (const name in data) id += `\u0000${name}\u0001${data[name]}`;
  return formattedTexts.text(i18n, id, key, () => i18n.format(key, data));
}

/** What the views need from Foundry's game.i18n (the playground's Localization has the same shape). */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data: Readonly<Record<string, unknown>>): string;
  /** The language (Foundry's `game.i18n.lang`); absent, English. */
  readonly lang?: string;
  /** Foundry's `game.i18n.pluralRules`; absent, the language's Intl.PluralRules. */
  readonly pluralRules?: Intl.PluralRules;
}
