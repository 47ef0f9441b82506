/**
 * Reading what a user sees, from inside that user's client: one self-contained function over the
 * client's globals (`game`), so the simulated table calls it as the client (table.run) and the live
 * backend sends the very same function to the page (page.evaluate serialises it). It therefore
 * imports nothing and closes over nothing.
 */
import type { View } from "./backend";

/** What readView needs to know about the world (plain data, so it crosses into a page). */
export interface ViewQuery {
  combatId: string;
  sceneId: string;
  grid: number;
  combatants: readonly string[];
  tokens: readonly string[];
}

/** The part of View a client's documents give (each backend counts the prompts and the visible rolls itself). */
export type DocumentView = Omit<View, "prompts" | "rolls">;

interface CombatLike {
  encounter: {
    round: number;
    current: string | null;
    combatants: { id: string; at: [number, number] | null; pools: Record<string, number> }[];
    offers: { who: string; against: string }[];
  } | null;
  combatants: { get(id: string): { defeated: boolean } | undefined };
  stored: { log: { command: { type: string }; userId?: string | null }[] } | null;
}

interface TokenLike {
  x: number;
  y: number;
  movement?: { state?: string } | null;
}

interface GameLike {
  combats: { get(id: string): CombatLike | undefined };
  scenes: { get(id: string): { tokens: { get(id: string): TokenLike | undefined } } | undefined };
}

export function readView(query: ViewQuery): DocumentView {
  const game = (globalThis as unknown as { game: GameLike }).game;
  const combat = game.combats.get(query.combatId);
  const state = combat?.encounter ?? null;
  const log = combat?.stored?.log ?? [];
  const entry = log.length > 0 ? log[log.length - 1] : undefined;
  const at: Record<string, [number, number] | null> = {};
  const ap: Record<string, number | null> = {};
  const defeated: Record<string, boolean | null> = {};
  for (const id of query.combatants) {
    const combatant = state?.combatants.find((c) => c.id === id);
    at[id] = combatant?.at ?? null;
    ap[id] = combatant?.pools["ap"] ?? null;
    defeated[id] = combat?.combatants.get(id)?.defeated ?? null;
  }
  const board: Record<string, [number, number]> = {};
  const movement: Record<string, string | null> = {};
  const scene = game.scenes.get(query.sceneId);
  for (const id of query.tokens) {
    const token = scene?.tokens.get(id);
    if (!token) continue;
    board[id] = [Math.round(token.x / query.grid), Math.round(token.y / query.grid)];
    movement[id] = token.movement?.state ?? null;
  }
  return {
    started: state !== null,
    round: state?.round ?? null,
    current: state?.current ?? null,
    at,
    defeated,
    ap,
    offers: (state?.offers ?? []).map((o) => [o.who, o.against] as [string, string]),
    last: entry ? { type: entry.command.type, userId: entry.userId ?? null } : null,
    board,
    movement,
  };
}
