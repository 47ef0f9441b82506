/**
 * Request validation: the shapes a request and a confirmation must have, and the size and depth a
 * request's JSON may reach, checked before any other work. Everything a client sends is
 * untrusted (docs/foundry-internals.md, "Who sent a command").
 */
import { isRecord } from "./answers";

// ---------------------------------------------------------------------------------------------
// The authenticated channel from a player's client to the active GM's.
// ---------------------------------------------------------------------------------------------

export const CONFIRM_QUERY = "tempo.confirm";
/** How long the GM waits for the claimed sender's client to confirm a request. */
export const CONFIRM_TIMEOUT_MS = 10_000;
/** A request's JSON is at most this long: anything longer is refused before any work. */
export const MAX_REQUEST_CHARS = 32_768;
/**
 * How deep a request's JSON may nest. A command is at most four levels deep (a request, its body,
 * the command, a path of cells); anything far deeper is refused before it is measured, so no
 * recursive reader (JSON.stringify, structuredClone, the checks) ever sees it.
 */
export const MAX_REQUEST_DEPTH = 32;
/** How many recent requests' answers the GM keeps, so a retried request is answered, not applied again. */
export const REMEMBERED_REQUESTS = 500;

/** What a player's client sends the GM: a fresh request id, the user it says it is, and the body. */
export interface ChannelRequest {
  requestId: string;
  /** The sender's claim: challenged with CONFIRM_QUERY, never taken at its word. */
  claimedBy: string;
  body: unknown;
}

/** What the GM asks the claimed sender's client: is this request yours, exactly? */
export interface ConfirmRequest {
  requestId: string;
  query: string;
  body: unknown;
}

const REQUEST_ID = /^[A-Za-z0-9]{16,64}$/;

export function isChannelRequest(value: unknown): value is ChannelRequest {
  return (
    isRecord(value) &&
    typeof value["requestId"] === "string" &&
    REQUEST_ID.test(value["requestId"]) &&
    typeof value["claimedBy"] === "string" &&
    "body" in value
  );
}

export function isConfirmRequest(value: unknown): value is ConfirmRequest {
  return (
    isRecord(value) &&
    typeof value["requestId"] === "string" &&
    typeof value["query"] === "string" &&
    "body" in value
  );
}

/**
 * A request's JSON text if it is one Tempo reads: nested at most MAX_REQUEST_DEPTH deep (checked
 * without recursion, before anything recursive reads it) and at most MAX_REQUEST_CHARS long; null
 * otherwise (too deep, too long, or not JSON at all: a cycle, a throwing getter, a BigInt). Any
 * body thus gets an answer: applied, or refused as TEMPO.Refusal.BadRequest.
 */
export function requestJson(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let seen = 0;
  try {
    while (stack.length > 0) {
      const top = stack.pop() as { value: unknown; depth: number };
      if (typeof top.value !== "object" || top.value === null) continue;
      if (top.depth >= MAX_REQUEST_DEPTH) return null;
      const children = Array.isArray(top.value) ? top.value : Object.values(top.value);
      seen += children.length;
      // Every child is at least one character of the text: more of them cannot fit.
      if (seen > MAX_REQUEST_CHARS) return null;
      for (const child of children) stack.push({ value: child, depth: top.depth + 1 });
    }
    const text = JSON.stringify(value ?? null);
    return text.length > MAX_REQUEST_CHARS ? null : text;
  } catch {
    return null;
  }
}

/** The exact content a client confirms: the query's name and the body, as JSON (null: unreadable). */
export function requestText(query: string, body: unknown): string | null {
  const text = requestJson(body);
  return text === null ? null : `${JSON.stringify(query)}:${text}`;
}

/** A new request id: 16 characters from Foundry's random source (foundry.utils.randomID). */
export function newRequestId(): string {
  return foundry.utils.randomID(16);
}
