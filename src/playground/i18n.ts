/**
 * Localisation for the playground, with Foundry's semantics (game.i18n): `localize(key)` looks the
 * dotted key up in the nested lang file and gives the key itself back when it is missing;
 * `format(key, data)` localizes, then replaces each `{name}` with `data.name`.
 */
export type LangTree = { [key: string]: string | LangTree };

/** How many keys' texts a Localization remembers at most. */
const FOUND_MAX = 4096;

export class Localization {
  constructor(private readonly tree: LangTree) {}

  has(key: string): boolean {
    return typeof this.lookup(key) === "string";
  }

  localize(key: string): string {
    const found = this.lookup(key);
    return typeof found === "string" ? found : key;
  }

  /**
   * Foundry's format: a `{word}` in the text takes data.word; a word with no data is left as written.
   * A key holding Foundry-style plural forms (`.one`, `.other`, as game.i18n.pluralRules names
   * them) gives the form for `data.count`.
   */
  format(key: string, data: Readonly<Record<string, unknown>> = {}): string {
    const count = data["count"];
    if (typeof count === "number" && !this.has(key)) {
      const form = `${key}.${this.pluralRules.select(count)}`;
      const chosen = this.has(form) ? form : `${key}.other`;
      if (this.has(chosen)) return this.fill(this.localize(chosen), data);
    }
    return this.fill(this.localize(key), data);
  }

  /** The language's plural rules, as Foundry's `game.i18n.pluralRules` (the playground speaks English). */
  readonly pluralRules = new Intl.PluralRules("en");

  private fill(text: string, data: Readonly<Record<string, unknown>>): string {
    return text.replace(/{[^}]+}/g, (slot) => {
      const value = data[slot.slice(1, -1)];
      return value === undefined || value === null ? slot : String(value);
    });
  }

  /**
   * Each key's text, once found: the views ask for the same few hundred keys on every command
   * (issue 31), and walking the dotted path each time was a part of every panel's cost. The tree
   * never changes after the page loads it. A key may carry a word someone typed (a condition's
   * name), so the memory is bounded: past FOUND_MAX keys it starts again.
   */
  private readonly found = new Map<string, string | LangTree | undefined>();

  private lookup(key: string): string | LangTree | undefined {
    if (this.found.has(key)) return this.found.get(key);
    const value = this.walk(key);
    if (this.found.size >= FOUND_MAX) this.found.clear();
    this.found.set(key, value);
    return value;
  }

  private walk(key: string): string | LangTree | undefined {
    // Foundry accepts both a flat "A.B.C" entry and nested objects; try the flat key first.
    const flat = this.tree[key];
    if (typeof flat === "string") return flat;
    let node: string | LangTree | undefined = this.tree;
    for (const part of key.split(".")) {
      if (node === undefined || typeof node === "string") return undefined;
      node = node[part];
    }
    return node;
  }
}

/** Fetch the system's lang file as Foundry serves it; an empty tree when it is not there yet. */
export async function loadLocalization(url = "/systems/tempo/lang/en.json"): Promise<Localization> {
  try {
    const response = await fetch(url, { cache: "no-store" });
    if (!response.ok) return new Localization({});
    return new Localization((await response.json()) as LangTree);
  } catch {
    return new Localization({});
  }
}
