import { isDraft } from "mutative";

/** Plain JSON values: engine state is made only of these, so it round-trips through a Foundry update. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * `value`, frozen with every object and list it holds, where nothing under them is a draft: for
 * plain JSON a command makes and puts in its state (a cell, a pending trigger, a list of offers).
 * When a command ends, mutative walks every plain value put into the draft, looking for drafts
 * inside it, and skips a frozen one; a later command that changes it gets a copy from its draft as
 * usual. A draft, and everything that holds one, is left as it is, so that mutative still finds
 * it. Nothing may change a frozen value in place afterwards, in this command or any other.
 */
export function frozen<T>(value: T): T {
  freeze(value);
  return value;
}

/** Freeze what holds no draft, bottom up; whether `value` holds none. */
function freeze(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return true;
  if (isDraft(value)) return false;
  if (Object.isFrozen(value)) return true;
  let plain = true;
  if (Array.isArray(value)) {
    for (const item of value) if (!freeze(item)) plain = false;
  } else
    for (const k of Object.keys(value)) if (!freeze((value as Record<string, unknown>)[k])) plain = false;
  if (plain) Object.freeze(value);
  return plain;
}
