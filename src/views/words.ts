/**
 * Words that depend on a number or a list, as Foundry words them: a plural is chosen with the
 * language's plural rules (`game.i18n.pluralRules`, Intl.PluralRules) from keys ending in the
 * rule's category (`TEMPO.Sheet.Commands.one` / `.other`), and a list is joined with the
 * language's list formatter (`game.i18n.getListFormatter`, Intl.ListFormat). Pure: the hosts pass
 * their localizer; one without a language counts as English.
 */
import type { Localizer } from "./sheet";

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

/** "Dodge, Parry and Block" (or "or" with `type: "disjunction"`), in the localizer's language. */
export function listText(
  items: readonly string[],
  i18n: Localizer,
  type: "conjunction" | "disjunction" = "conjunction",
): string {
  return new Intl.ListFormat(languageOf(i18n), { style: "long", type }).format(items);
}
