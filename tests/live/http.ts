/**
 * Talking to a Foundry server's setup pages over HTTP, as a browser would but without one: a
 * session that keeps the server's cookies and never follows a redirect by itself (the harness
 * checks where each page sends it), and the forms of a page read with htmlparser2, so the harness
 * posts the fields the page itself names instead of guessed ones.
 */
import { DomUtils, parseDocument } from "htmlparser2";

/** One answer of the server: its status, where it redirects, its page. */
export interface Answer {
  status: number;
  location: string | null;
  html: string;
}

/** A session on one server: cookies kept, redirects reported, never followed. */
export class Session {
  private readonly cookies = new Map<string, string>();

  constructor(readonly url: string) {}

  private async send(path: string, init: RequestInit): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetch(new URL(path, this.url), {
      ...init,
      redirect: "manual",
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair?.indexOf("=") ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get("location");
    return {
      status: response.status,
      location: location ? new URL(location, this.url).pathname : null,
      html: await response.text(),
    };
  }

  get(path: string): Promise<Answer> {
    return this.send(path, { method: "GET" });
  }

  post(path: string, fields: [string, string][]): Promise<Answer> {
    return this.send(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }
}

/** A form field as the page names it. */
export interface Field {
  tag: string;
  type: string;
  name: string;
  value: string;
  /** A button's or option's visible text. */
  text: string;
  /** A select's options. */
  options: { value: string; text: string }[];
}

/** A page's form: where it posts, its fields. */
export interface Form {
  action: string;
  method: string;
  fields: Field[];
}

type Node = ReturnType<typeof parseDocument>;

const textOf = (node: Parameters<typeof DomUtils.textContent>[0]): string =>
  DomUtils.textContent(node).replace(/\s+/g, " ").trim();

/** The forms of a page. */
export function formsOf(html: string): Form[] {
  const doc: Node = parseDocument(html);
  return DomUtils.findAll((el) => el.name === "form", doc.children).map((form) => ({
    action: form.attribs["action"] ?? "",
    method: (form.attribs["method"] ?? "get").toLowerCase(),
    fields: DomUtils.findAll(
      (el) => ["input", "select", "textarea", "button"].includes(el.name),
      form.children,
    ).map((el) => ({
      tag: el.name,
      type: (el.attribs["type"] ?? (el.name === "button" ? "submit" : "text")).toLowerCase(),
      name: el.attribs["name"] ?? "",
      value: el.attribs["value"] ?? "",
      text: textOf(el),
      options: DomUtils.findAll((o) => o.name === "option", el.children).map((o) => ({
        value: o.attribs["value"] ?? textOf(o),
        text: textOf(o),
      })),
    })),
  }));
}

/** What a page says to its user: its error or notification lines (empty when it says nothing). */
export function messagesOf(html: string): string[] {
  const doc: Node = parseDocument(html);
  return DomUtils.findAll((el) => /error|notification|warning/i.test(el.attribs["class"] ?? ""), doc.children)
    .map(textOf)
    .filter((t) => t !== "");
}

/** A page's title, to name it in a message. */
export function titleOf(html: string): string {
  const doc: Node = parseDocument(html);
  const title = DomUtils.findOne((el) => el.name === "title", doc.children);
  return title ? textOf(title) : "";
}
