/**
 * Finding Tempo's combats: a combat as Tempo's document class, and a Tempo combat by id.
 */
import type { TempoCombat } from "./combat";

/**
 * A combat as Tempo's document class. The collection `game.combats` is typed with the base class,
 * so the check is by the members TempoCombat adds (as src/foundry/channel does).
 */
export function tempoCombat(combat: unknown): TempoCombat | null {
  return typeof combat === "object" && combat !== null && "encounter" in combat && "stored" in combat
    ? (combat as TempoCombat)
    : null;
}

/** A Tempo combat by id. */
export function combatById(id: string): TempoCombat | null {
  return tempoCombat(game.combats?.get(id));
}
