/**
 * The system's templates rendered with the real `handlebars` package, as Foundry renders them:
 * the partials registered by name (PARTIALS), and `localize` with Foundry's semantics (a key is
 * looked up in lang/en.json; with hash arguments it is formatted).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import Handlebars from "handlebars";

import { PARTIALS, repoPath } from "../../../src/views/templates";
import { i18n } from "../../support/i18n";

const ROOT = resolve(__dirname, "../../..");

export { i18n };

export function templateEnv(): typeof Handlebars {
  const hbs = Handlebars.create();
  hbs.registerHelper("localize", (key: unknown, options: { hash?: Record<string, unknown> }) => {
    const hash = options.hash ?? {};
    return Object.keys(hash).length > 0 ? i18n.format(String(key), hash) : i18n.localize(String(key));
  });
  for (const [name, path] of Object.entries(PARTIALS)) {
    try {
      hbs.registerPartial(name, readFileSync(resolve(ROOT, repoPath(path)), "utf8"));
    } catch {
      // Another engineer's partial that is not written yet; templates that use it fail loudly.
    }
  }
  return hbs;
}

export function render(path: string, context: object): string {
  const hbs = templateEnv();
  const template = hbs.compile(readFileSync(resolve(ROOT, repoPath(path)), "utf8"), { strict: false });
  return template(context);
}

/** An element found in rendered HTML: its tag, attributes and text up to its closing tag. */
export interface Found {
  tag: string;
  attrs: Record<string, string>;
  text: string;
}

/**
 * Elements of a tag in rendered markup. Templates here are well-formed and do not nest an element
 * inside another of the same tag, so a tag's text runs to the next closing tag of that name.
 */
export function elements(html: string, tag: string): Found[] {
  const out: Found[] = [];
  const open = new RegExp(`<${tag}(\\s[^>]*)?>`, "g");
  for (const m of html.matchAll(open)) {
    const attrs: Record<string, string> = {};
    for (const a of (m[1] ?? "").matchAll(/([\w:-]+)(?:="([^"]*)")?/g)) attrs[a[1] ?? ""] = a[2] ?? "";
    const start = (m.index ?? 0) + m[0].length;
    const end = html.indexOf(`</${tag}>`, start);
    const text =
      end < 0
        ? ""
        : html
            .slice(start, end)
            .replace(/<[^>]*>/g, " ")
            .replace(/\s+/g, " ")
            .trim();
    out.push({ tag, attrs, text });
  }
  return out;
}

/** Handlebars escapes = as &#x3D; and ' as &#x27;: the text a browser would read. */
export function unescape(s: string): string {
  return s
    .replace(/&#x3D;/g, "=")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
