/**
 * What a command's sender sends and gets back: the command query's body and its answer (accepted,
 * or refused with a localised reason), each checked on arrival.
 */
import { type Command, type Refusal } from "../../engine";

export const COMMAND_QUERY = "tempo.command";
/** How long a player's client waits for the GM's answer (applying and rolling, not a prompt). */
export const COMMAND_TIMEOUT_MS = 30_000;

/** What a command's sender gets back. */
export interface CommandAnswer {
  ok: boolean;
  refusal: Refusal | null;
}

/** The query a player's client asks the active GM with, for a command. */
export interface CommandBody {
  combatId: string;
  command: Command;
}

export function isCommandBody(value: unknown): value is CommandBody {
  if (!isRecord(value)) return false;
  const command = value["command"];
  return typeof value["combatId"] === "string" && isRecord(command) && typeof command["type"] === "string";
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isCommandAnswer(value: unknown): value is CommandAnswer {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const refusal = v["refusal"];
  return (
    typeof v["ok"] === "boolean" &&
    (refusal === null ||
      (typeof refusal === "object" && typeof (refusal as Record<string, unknown>)["key"] === "string"))
  );
}

export const ACCEPTED: CommandAnswer = { ok: true, refusal: null };

export function refused(key: string, data: Refusal["data"] = {}): CommandAnswer {
  return { ok: false, refusal: { key, data } };
}
